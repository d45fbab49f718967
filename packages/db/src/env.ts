import { resolve } from 'node:path';
import type { DatabaseConfig } from './connect';

/**
 * DATABASE_URL selects a PostgreSQL server; otherwise PGlite under DATA_DIR (default ./.data).
 * DATABASE_POOL_SIZE: the app process's connections to that server (default 10). Each runs one
 * transaction at a time; more than the server has cores to run them (about twice its cores, the
 * usual rule) only queue inside the server — and where it shares the machine with the app, they
 * crowd the app's one thread off the cores that feed them.
 */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  if (env.DATABASE_URL) return { databaseUrl: env.DATABASE_URL, ...poolSizeFromEnv(env.DATABASE_POOL_SIZE) };
  return { dataDir: resolve(env.DATA_DIR ?? '.data', 'pg') };
}

function poolSizeFromEnv(value: string | undefined): { poolSize?: number } {
  if (value === undefined || value === '') return {};
  if (!/^[1-9][0-9]{0,3}$/.test(value)) throw new Error(`DATABASE_POOL_SIZE: "${value}" is not a number of connections (1–9999).`);
  return { poolSize: Number(value) };
}
