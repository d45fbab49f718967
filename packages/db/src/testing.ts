import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from './connect';

/**
 * A fresh, migrated database for one test file. The global setup migrates once:
 * into a PGlite dump (embedded) or a template database (PostgreSQL, when
 * DATABASE_URL is set); each file starts from a copy of it.
 */
/** Connections of a test file's database on PostgreSQL. */
export const TEST_POOL_SIZE = 5;

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = process.env.KLUBHUS_TEST_TEMPLATE;
  if (process.env.DATABASE_URL) {
    if (!template) throw new Error('KLUBHUS_TEST_TEMPLATE is not set: run through vitest (global setup)');
    const name = `${template}_${randomBytes(5).toString('hex')}`;
    await adminQuery(process.env.DATABASE_URL, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    const url = withDatabase(process.env.DATABASE_URL, name);
    const handle = await openDatabase({ databaseUrl: url, migrate: false, poolSize: TEST_POOL_SIZE });
    return {
      ...handle,
      async close() {
        await handle.close();
        await adminQuery(process.env.DATABASE_URL as string, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dump = template ? new Blob([readFileSync(template)]) : undefined;
  return openDatabase({ dataDir: 'memory://', loadDataDir: dump, migrate: !dump });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Resolves for every caller once `n` have called: a rendezvous instead of a sleep (concurrency
 * tests). With `timeoutMs`, a caller also goes on after that long (for callers that may hold locks
 * the others wait for).
 */
export function barrier(n: number, timeoutMs?: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === n) open();
    return timeoutMs === undefined ? opened : Promise.race([opened, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
  };
}

/**
 * Resolves once at least `n` backends of this database wait for a lock (the interleaving a
 * concurrency test sets up: someone holds a row, the others have come to wait for it); throws after
 * `timeoutMs`. `db` is a connection that is not itself waiting (the owner's).
 */
export async function untilLockWaiters(db: Kysely<any>, n: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
    if (rows[0].n >= n) return;
    if (Date.now() > deadline) throw new Error(`only ${rows[0].n} of ${n} came to wait for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
