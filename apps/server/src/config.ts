import { resolve } from 'node:path';
import type { ApiConfig } from '@klubhus/api';

export interface ServerConfig extends ApiConfig {
  port: number;
  host: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  const baseUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    baseUrl,
    secureCookies: baseUrl.startsWith('https://'),
    dataDir: resolve(env.DATA_DIR ?? '.data'),
  };
}
