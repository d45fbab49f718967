import { resolve } from 'node:path';
import type { DatabaseConfig } from './connect';

/** DATABASE_URL selects a PostgreSQL server; otherwise PGlite under DATA_DIR (default ./.data). */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  if (env.DATABASE_URL) return { databaseUrl: env.DATABASE_URL };
  return { dataDir: resolve(env.DATA_DIR ?? '.data', 'pg') };
}
