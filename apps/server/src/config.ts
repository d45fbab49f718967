import { resolve } from 'node:path';
import type { ApiConfig } from '@klubhus/api';

export interface ServerConfig extends ApiConfig {
  port: number;
  host: string;
  trustProxy: TrustProxy;
}

/** Fastify's trustProxy: false, a hop count, or the proxies' addresses / CIDR ranges. */
export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY says which X-Forwarded-For entries to believe, so a client cannot
 * choose its own address (rate limits) by sending the header itself:
 * - unset, '', '0' or 'false': none (the socket's address);
 * - a number n: the n proxies nearest to the app (the load balancer is 1);
 * - a comma-separated list of addresses / CIDR ranges: only those proxies.
 * 'true' (trust every hop) is refused: then the left-most, client-written entry would win.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v.toLowerCase() === 'true') {
    throw new Error('TRUST_PROXY=true would trust every X-Forwarded-For entry; give the hop count (e.g. 1) or the proxy addresses.');
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry) && !['loopback', 'linklocal', 'uniquelocal'].includes(entry)) {
      throw new Error(`TRUST_PROXY: "${entry}" is neither a hop count nor an address / CIDR range.`);
    }
  }
  return list;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  const baseUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    baseUrl,
    secureCookies: baseUrl.startsWith('https://'),
    dataDir: resolve(env.DATA_DIR ?? '.data'),
  };
}
