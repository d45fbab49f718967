import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { StatementCounter } from './prepared';

/**
 * PGlite is a single PostgreSQL session. Kysely hands out "connections" per query
 * and holds one for a whole transaction; if two of them interleave on the one
 * session, BEGIN/COMMIT of one wraps the other's statements and row locks mean
 * nothing (kysely-pglite loses concurrent updates this way). So every connection
 * owns the session exclusively, through a mutex, from acquire to release.
 */
export class SessionMutex {
  private tail: Promise<void> = Promise.resolve();
  /** Resolves with a release function once every earlier holder has released. */
  lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => held);
    return acquired;
  }
}

/** One PGlite instance shared by several Kysely instances (e.g. app role and owner). */
export interface SharedPGlite {
  pglite: PGlite;
  mutex: SessionMutex;
  /** The role the session currently runs as; null = the session user (owner). */
  currentRole: string | null;
}

export function sharePGlite(pglite: PGlite): SharedPGlite {
  return { pglite, mutex: new SessionMutex(), currentRole: null };
}

/**
 * SQL as the owner outside Kysely (the job runner's own statements), through the same session lock
 * as every Kysely connection, so it never lands inside somebody's transaction. Text without values
 * may hold several statements (a runner's migrations do).
 */
export function ownerSql(shared: SharedPGlite) {
  return async (text: string, values: unknown[] = []): Promise<{ rows: any[] }> => {
    const release = await shared.mutex.lock();
    try {
      if (shared.currentRole !== null) {
        await shared.pglite.exec('RESET ROLE');
        shared.currentRole = null;
      }
      if (values.length) return await shared.pglite.query(text, values);
      const results = await shared.pglite.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    } finally {
      release();
    }
  };
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    private readonly counter: StatementCounter,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    this.counter.count++;
    const res = await this.pglite.query<R>(compiled.sql, compiled.parameters as unknown[], { rowMode: 'object' });
    const command = compiled.query.kind;
    const counts =
      command === 'InsertQueryNode' || command === 'UpdateQueryNode' || command === 'DeleteQueryNode' || command === 'MergeQueryNode';
    return {
      rows: res.rows,
      ...(counts || res.affectedRows !== undefined ? { numAffectedRows: BigInt(res.affectedRows ?? 0) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; streaming is not supported
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not support streaming');
  }
}

class PGliteDriver implements Driver {
  private releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(
    private readonly shared: SharedPGlite,
    private readonly role: string | null,
    private readonly counter: StatementCounter,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.shared.mutex.lock();
    try {
      if (this.shared.currentRole !== this.role) {
        await this.shared.pglite.exec(this.role ? `SET ROLE ${this.role}` : 'RESET ROLE');
        this.shared.currentRole = this.role;
      }
    } catch (error) {
      release();
      throw error;
    }
    const connection = new PGliteConnection(this.shared.pglite, this.counter);
    this.releases.set(connection, release);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` ISOLATION LEVEL ${settings.isolationLevel.toUpperCase()}` : '';
    await this.raw(connection, `BEGIN${isolation}`);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.raw(connection, 'COMMIT');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.raw(connection, 'ROLLBACK');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.releases.get(connection);
    this.releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {}

  private async raw(connection: DatabaseConnection, sql: string) {
    await connection.executeQuery({ sql, parameters: [], query: { kind: 'RawNode' } } as unknown as CompiledQuery);
  }
}

export class PGliteDialect implements Dialect {
  constructor(
    private readonly shared: SharedPGlite,
    private readonly role: string | null = null,
    private readonly counter: StatementCounter = { count: 0 },
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.shared, this.role, this.counter);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
