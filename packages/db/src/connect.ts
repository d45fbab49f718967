import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect, sharePGlite } from './dialect/pglite';
import { APP_ROLE } from './migrations/helpers';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

// Same JS types from both drivers: bigint and numeric as numbers (money is integer øre),
// dates as 'YYYY-MM-DD' strings (a Date would shift by the server's time zone).
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);

export interface DatabaseHandle {
  kind: 'pglite' | 'pg';
  /** The embedded instance, when kind is 'pglite' (tests dump it as a template). */
  pglite?: PGlite;
  /** The server's connection string, when kind is 'pg' (a second process connects with it). */
  url?: string;
  /** Runs as the app role: row-level security applies. All request work goes here. */
  db: Kysely<Database>;
  /** Runs as the schema owner / session user: migrations, seeding, tests. Never for requests. */
  owner: Kysely<Database>;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** postgres://… — a real PostgreSQL server. When absent, the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' for an in-memory database. */
  dataDir?: string;
  /** PGlite: start from this dump (see dumpDataDir) instead of initdb. */
  loadDataDir?: Blob;
  poolSize?: number;
  migrate?: boolean;
}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const handle = config.databaseUrl ? openPostgres(config.databaseUrl, config.poolSize ?? 10) : await openPGlite(config);
  if (config.migrate !== false) await migrateToLatest(handle.owner);
  return handle;
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  const ownerPool = new pg.Pool({ connectionString: url, max: 2 });
  const appPool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client whose connection the server ends (restart, failover, DROP DATABASE … FORCE in
  // tests) emits 'error' on the pool; unhandled, that would crash the process. The pool drops the
  // client and opens a new one on the next query.
  for (const pool of [ownerPool, appPool]) {
    pool.on('error', (error) => {
      if ((error as { code?: string }).code !== '57P01') console.error('PostgreSQL idle client error:', error.message);
    });
  }
  // Queries on a pg client run in order, so this runs before the first real one.
  appPool.on('connect', (client) => {
    client.query(`SET ROLE ${APP_ROLE}`).catch(() => {});
  });
  const owner = new Kysely<Database>({ dialect: new PostgresDialect({ pool: ownerPool }) });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: appPool }) });
  return {
    kind: 'pg',
    url,
    db,
    owner,
    async close() {
      await db.destroy();
      await owner.destroy();
    },
  };
}

async function openPGlite(config: DatabaseConfig): Promise<DatabaseHandle> {
  const dataDir = config.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    loadDataDir: config.loadDataDir,
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v), [DATE]: (v: string) => v },
  });
  const shared = sharePGlite(pglite);
  const owner = new Kysely<Database>({ dialect: new PGliteDialect(shared, null) });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(shared, APP_ROLE) });
  return {
    kind: 'pglite',
    pglite,
    db,
    owner,
    async close() {
      await pglite.close();
    },
  };
}
