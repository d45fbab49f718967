import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PipelinedPostgresDialect } from './dialect/pipeline';
import { ownerSql, PGliteDialect, sharePGlite } from './dialect/pglite';
import { PREPARED_POOL_OPTIONS, prepareRepeatedQueries } from './dialect/prepared';
import { SharedReads } from './dialect/shared';
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

/** Connections one-trip reads share (dialect/shared.ts), beside the pool's. */
const SHARED_READ_CONNECTIONS = 2;
/** Their application_name, as pg_stat_activity shows them. */
export const SHARED_READS_NAME = 'klubhus shared reads';

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
  /** Statements sent through db so far (BEGIN and COMMIT included): the bench and tests count a call's round trips with it. */
  statements(): number;
  /** PGlite only: SQL as the owner outside Kysely, serialised with its connections (the job runner). */
  ownerSql?: (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;
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
  /** The role requests run as (row-level security applies to it); APP_ROLE unless a test says otherwise. */
  appRole?: string;
}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const role = config.appRole ?? APP_ROLE;
  if (!/^[a-z_][a-z0-9_]*$/.test(role)) throw new Error(`Invalid app role name: ${role}`);
  const handle = config.databaseUrl ? openPostgres(config.databaseUrl, config.poolSize ?? 10, role) : await openPGlite(config, role);
  try {
    if (config.migrate !== false) await migrateToLatest(handle.owner);
    await checkAppRole(handle.db, role);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}

/**
 * Without the app role, requests would run as the owner and row-level security
 * would not apply: the start stops instead.
 */
async function checkAppRole(db: Kysely<Database>, role: string): Promise<void> {
  let current: string | undefined;
  try {
    current = (await sql<{ current_user: string }>`SELECT current_user`.execute(db)).rows[0]?.current_user;
  } catch (error) {
    throw new Error(`SET ROLE ${role} failed: ${(error as Error).message}. The connecting user must be a member of ${role} (the migrations grant it).`, {
      cause: error,
    });
  }
  if (current !== role) throw new Error(`The app connection runs as ${current}, not as ${role}: row-level security would not apply.`);
}

function openPostgres(url: string, poolSize: number, role: string): DatabaseHandle {
  const ownerPool = new pg.Pool({ connectionString: url, max: 2 });
  // Every app connection takes the app role in its startup packet: a connection that cannot take
  // it fails to open (never runs as the owner, past row-level security), and no half-opened client
  // is left checked out of the pool (a failing SET ROLE after connect leaked one and hung close()).
  // Pipelined: a statement goes out without waiting for the answer to the one before it (dialect/pipeline.ts).
  const appPool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c role=${role}`, pipeline: true, ...PREPARED_POOL_OPTIONS });
  const counter = { count: 0 };
  const names = prepareRepeatedQueries(appPool, counter);
  // One-trip reads share a few connections of their own, with the pool's statement names (dialect/shared.ts).
  const shared = new SharedReads(
    () => new pg.Client({ connectionString: url, options: `-c role=${role}`, pipeline: true, application_name: SHARED_READS_NAME }),
    names,
    counter,
    SHARED_READ_CONNECTIONS,
  );
  // An idle client whose connection the server ends (restart, failover, DROP DATABASE … FORCE in
  // tests) emits 'error' on the pool; unhandled, that would crash the process. The pool drops the
  // client and opens a new one on the next query.
  // A client in use whose connection ends emits 'error' on the client, which the pool does not
  // listen to while the client is out: unhandled, it crashed the process. Its call's statement fails
  // with the error already, and the pool drops the client when it comes back (no longer queryable).
  for (const pool of [ownerPool, appPool]) {
    pool.on('error', (error) => {
      if ((error as { code?: string }).code !== '57P01') console.error('PostgreSQL idle client error:', error.message);
    });
    pool.on('connect', (client) => client.on('error', () => {}));
  }
  const owner = new Kysely<Database>({ dialect: new PostgresDialect({ pool: ownerPool }) });
  const db = new Kysely<Database>({ dialect: new PipelinedPostgresDialect(appPool, shared) });
  return {
    kind: 'pg',
    url,
    db,
    owner,
    statements: () => counter.count,
    async close() {
      await shared.close();
      await db.destroy();
      await owner.destroy();
    },
  };
}

async function openPGlite(config: DatabaseConfig, role: string): Promise<DatabaseHandle> {
  const dataDir = config.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    loadDataDir: config.loadDataDir,
    // Trigram indexes for searches with LIKE '%…%' (migrations 0011, 0018), and btree_gin for a club's
    // id in the same GIN index (0018), as PostgreSQL's contrib has them.
    extensions: { pg_trgm, btree_gin },
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v), [DATE]: (v: string) => v },
  });
  const shared = sharePGlite(pglite);
  const owner = new Kysely<Database>({ dialect: new PGliteDialect(shared, null) });
  const counter = { count: 0 };
  const db = new Kysely<Database>({ dialect: new PGliteDialect(shared, role, counter) });
  return {
    kind: 'pglite',
    pglite,
    db,
    owner,
    statements: () => counter.count,
    ownerSql: ownerSql(shared),
    async close() {
      await pglite.close();
    },
  };
}
