import { CompiledQuery, type DatabaseConnection, PostgresDialect, PostgresDriver, type QueryResult, type TransactionSettings, type Transaction } from 'kysely';
import pg from 'pg';
import { namedOn } from './prepared';
import type { SharedReads } from './shared';

/**
 * Transactions on pipelined pg connections (client config `pipeline: true`): a statement is written
 * to the wire without waiting for the answer to the one before it, and each keeps its own Sync, so
 * inside a transaction a failing statement aborts it and every statement behind it fails too.
 *
 * BEGIN (and the scope, tenancy.ts) are written ahead: the transaction's first statement follows
 * them on the wire at once, and the first answer awaited reports their failure. commitWith writes a
 * transaction's last statement and COMMIT together, so a row lock it takes is held only inside
 * PostgreSQL, not across a round trip through this process. hold keeps a statement back to go out
 * with the next one, its answer checked before any later answer is given (a club call's session
 * check with the call's read: one round trip). A held statement marked `alone`, followed only by the
 * transaction's commitWith statement, goes out with it as one implicit transaction: no BEGIN or
 * COMMIT, one Sync for the two (see #alone) — on a connection shared with other such reads when the
 * transaction has not taken a pool client (READ ONLY: see PipelinedDriver, #aloneShared, shared.ts).
 *
 * No cursors or streams here: a pipelined connection refuses them (pg: 'not supported in pipeline
 * mode'), and nothing in the app streams from PostgreSQL.
 */
export class PipelinedPostgresDialect extends PostgresDialect {
  readonly #pool: pg.Pool;
  readonly #shared: SharedReads | null;
  constructor(pool: pg.Pool, shared: SharedReads | null = null) {
    super({ pool });
    this.#pool = pool;
    this.#shared = shared;
  }
  override createDriver() {
    return new PipelinedDriver(this.#pool, this.#shared);
  }
}

const BEGIN = CompiledQuery.raw('begin');
const BEGIN_READ_ONLY = CompiledQuery.raw('begin read only');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * PostgresDriver (its init, destroy and savepoints) with connections that pipeline. A connection
 * takes its pool client when it first needs one: at once for anything but a READ ONLY transaction,
 * which may end as one implicit transaction on a shared connection (SharedReads) and take none.
 */
class PipelinedDriver extends PostgresDriver {
  readonly #pool: pg.Pool;
  readonly #shared: SharedReads | null;
  constructor(pool: pg.Pool, shared: SharedReads | null) {
    super({ pool });
    this.#pool = pool;
    this.#shared = shared;
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    return new PipelinedConnection(this.#pool, this.#shared);
  }
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const pipelined = connection as PipelinedConnection;
    if (settings.accessMode === 'read only' && !settings.isolationLevel) return pipelined.begin(true);
    await pipelined.ready();
    if (settings.isolationLevel || settings.accessMode) return super.beginTransaction(connection, settings);
    pipelined.begin(false);
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).commit();
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).rollback();
  }
  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).release();
  }
}

class PipelinedConnection implements DatabaseConnection {
  /** Statements written ahead whose answers nobody has awaited yet. */
  #ahead: Promise<unknown>[] = [];
  /** commitWith ended the transaction: the driver's COMMIT or ROLLBACK is not sent again. */
  #ended = false;
  /** Writes are held until this tick's work is done (see sendAhead). */
  #holding = false;
  /** BEGIN (or BEGIN READ ONLY) is due: it goes out with whatever the transaction sends first (see begin). */
  #beginDue: CompiledQuery | null = null;
  /** A statement held to go out with the transaction's next one (see hold). */
  #held: Held | null = null;
  /** The pool client, once taken (see ready). */
  #client: pg.PoolClient | null = null;
  #taking: Promise<pg.PoolClient> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly shared: SharedReads | null,
  ) {}

  /** The pool client this connection runs on (taken by ready()). */
  get client(): pg.PoolClient {
    if (!this.#client) throw new Error('The connection has not taken its pool client yet');
    return this.#client;
  }

  /** Takes the pool client, once. */
  async ready(): Promise<void> {
    if (this.#client) return;
    this.#taking ??= this.pool.connect();
    try {
      this.#client = await this.#taking;
    } catch (error) {
      this.#taking = null;
      throw error;
    }
  }

  /** Gives the pool client back, if one was taken (a taking that failed took none). */
  async release(): Promise<void> {
    const taking = this.#taking;
    this.#taking = null;
    this.#client = null;
    if (!taking) return;
    const client = await taking.catch(() => null);
    client?.release();
  }

  /**
   * Opens the transaction with whatever it sends first: a statement without parameters written ahead
   * (the scope, tenancy.ts) goes out with BEGIN as one simple query (`begin; …`), one message and one
   * answer where there were two — PostgreSQL answers each Sync in a packet of its own, and each
   * packet costs this process a wakeup. Anything else is preceded by BEGIN on its own.
   */
  begin(readOnly = false): void {
    this.#beginDue = readOnly ? BEGIN_READ_ONLY : BEGIN;
  }

  /** What opens the transaction and is not out yet: BEGIN, then the held statement (see hold), written ahead. */
  #sendOpening(): void {
    if (this.#beginDue) {
      const begin = this.#beginDue;
      this.#beginDue = null;
      this.sendAhead(begin);
    }
    const held = this.#held;
    if (!held) return;
    this.#held = null;
    // Written ahead as any statement, with its check: a failed check fails every answer awaited after it.
    const answer = this.#writeAhead(held.query).then((result) => {
      held.verify(result);
      return result;
    });
    answer.catch(() => {});
    this.#ahead.push(answer);
    held.settle(answer);
  }

  /**
   * Holds a statement (with BEGIN, when due) until the transaction sends its next one, and writes
   * both in one write: one round trip for the two. `verify` checks its answer before anything after
   * it is answered — throwing fails every later answer of the transaction with that error — so what
   * follows it on the wire may depend on what it does or finds (a club call's session and scope:
   * trpc.ts). Answers its rows once verified; `flush` sends it now if nothing followed.
   *
   * `alone`: when the transaction's next statement is its commitWith one and this connection has
   * prepared both, the two go out as one implicit transaction (#alone). It commits at its Sync,
   * before `verify` has seen the answer — so only for a read: the held statement should make the
   * transaction read only (set_config('transaction_read_only', 'on', true)), as a club call's does.
   */
  hold<R>(query: CompiledQuery<R>, verify: (result: QueryResult<R>) => void, alone = false): { answer: Promise<QueryResult<R>>; flush: () => void } {
    if (this.#held || this.#ended) throw new Error('hold: a statement is held already, or the transaction is over');
    let settle!: (answer: Promise<QueryResult<unknown>>) => void;
    const answer = new Promise<QueryResult<unknown>>((resolve) => {
      settle = resolve;
    });
    // Its failure is also the failure of what follows it: a caller that saw that one may never await this.
    answer.catch(() => {});
    this.#held = { query, verify: verify as (result: QueryResult<unknown>) => void, settle, alone };
    return {
      answer: answer as Promise<QueryResult<R>>,
      flush: () => {
        if (!this.#held) return;
        if (this.#client) return this.#sendOpening();
        // Not sent anywhere yet: it goes out on the pool client, once taken (or fails the answer).
        this.ready().then(
          () => this.#sendOpening(),
          (error) => this.#held?.settle(Promise.reject(error)),
        );
      },
    };
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#ended) return Promise.reject(new Error('A statement after commitWith: the transaction is committed already'));
    // Sent at once when the client is there (statements leave in the order they were asked for).
    if (!this.#client) return this.ready().then(() => this.executeQuery<R>(query));
    this.#sendOpening();
    return this.#answer(this.#send<R>(query));
  }

  // biome-ignore lint/correctness/useYield: a pipelined connection has no cursors
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streams are not supported on a pipelined connection');
  }

  /**
   * Writes the statement now; its failure is reported by the next answer awaited on this connection.
   * The socket holds it until this tick's work is done, so what follows at once (the scope, the
   * transaction's first statement) leaves in the same write.
   */
  sendAhead(query: CompiledQuery): void {
    if (this.#beginDue && !this.#held && query.parameters.length === 0 && query !== BEGIN && query !== BEGIN_READ_ONLY) {
      query = CompiledQuery.raw(`${this.#beginDue.sql};\n${query.sql}`);
      this.#beginDue = null;
    } else if (query !== BEGIN && query !== BEGIN_READ_ONLY) this.#sendOpening();
    const answer = this.#writeAhead(query);
    answer.catch(() => {});
    this.#ahead.push(answer);
  }

  /** Writes a statement, corked until this tick's work is done (see sendAhead); its answer. */
  #writeAhead(query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (!this.#holding) {
      this.#holding = true;
      const stream = this.#stream;
      stream.cork();
      process.nextTick(() => {
        this.#holding = false;
        stream.uncork();
      });
    }
    return this.#send(query);
  }

  /**
   * The statement and COMMIT in one write; the statement's answer once COMMIT succeeded. `then`, when
   * given, follows in the same write as a statement of its own (its own transaction): its answer is
   * awaited here too and answered beside the statement's (a failure as `thenFailed`, the commit stands).
   */
  async commitWith<R>(query: CompiledQuery<R>, then?: CompiledQuery): Promise<{ result: QueryResult<R>; thenFailed: unknown }> {
    if (this.#ended) throw new Error('commitWith twice: the transaction is committed already');
    const held = this.#held;
    if (held?.alone && !then && this.#beginDue && this.#ahead.length === 0) {
      if (!this.#client && this.shared) {
        const answered = await this.#aloneShared(held, query);
        if (answered) return { result: answered.result, thenFailed: null };
      }
      await this.ready();
      const names = [namedOn(this.client, held.query.sql), namedOn(this.client, query.sql)];
      if (names[0] && names[1]) return { result: await this.#alone(held, names[0], query, names[1]), thenFailed: null };
    }
    await this.ready();
    this.#sendOpening();
    const stream = this.#stream;
    stream.cork();
    let answer: Promise<QueryResult<R>>;
    let committed: Promise<unknown>;
    let followed: Promise<unknown> | null = null;
    try {
      answer = this.#send<R>(query);
      committed = this.#send(COMMIT);
      if (then) followed = this.#send(then).then(() => null, (error: unknown) => error ?? new Error('failed'));
    } finally {
      stream.uncork();
    }
    // Whatever the answers, the transaction is over: COMMIT of a transaction a failure aborted rolls back.
    this.#ended = true;
    committed.catch(() => {});
    try {
      const result = await this.#answer(answer);
      await committed;
      return { result, thenFailed: await followed };
    } finally {
      // Never leave the follow-up's answer unawaited on a connection going back to the pool.
      await followed;
    }
  }

  /**
   * The held statement and the transaction's last one as one implicit transaction: both bound to the
   * names this connection prepared them under, then one Sync — PostgreSQL runs the two in one
   * transaction (a setting made local by the first holds for the second) and ends it at the Sync,
   * committing or, after a failure, rolling back. No BEGIN or COMMIT, and one answer packet where
   * there were four. The held statement's answer is verified before the statement's is given, as
   * in hold; its failure is the statement's too (PostgreSQL skipped the statement).
   */
  async #alone<R>(held: Held, heldName: string, query: CompiledQuery<R>, name: string): Promise<QueryResult<R>> {
    this.#beginDue = null;
    this.#held = null;
    this.#ended = true;
    const batch = new ImplicitBatch([
      { name: heldName, values: held.query.parameters },
      { name, values: query.parameters },
    ]);
    const stream = this.#stream;
    stream.cork();
    try {
      this.client.query(batch as never);
    } finally {
      stream.uncork();
    }
    return this.#answerAlone(held, await batch.done);
  }

  /**
   * #alone on a shared connection (SharedReads), without taking a pool client: null when no shared
   * connection has both statements prepared yet, or the one it went to was lost before answering
   * (the batch is a read: the caller sends it again on its own client).
   */
  async #aloneShared<R>(held: Held, query: CompiledQuery<R>): Promise<{ result: QueryResult<R> } | null> {
    const shared = this.shared?.pick([held.query.sql, query.sql]);
    if (!shared) return null;
    const batch = new ImplicitBatch([
      { name: shared.names[0], values: held.query.parameters },
      { name: shared.names[1], values: query.parameters },
    ]);
    let done: Awaited<typeof batch.done>;
    try {
      shared.send(batch);
      done = await batch.done;
    } finally {
      shared.settled();
    }
    if (done.error && this.shared?.lost(shared.client, done.error)) return null;
    this.#beginDue = null;
    this.#held = null;
    this.#ended = true;
    return { result: await this.#answerAlone(held, done) };
  }

  /** The held statement's answer verified and given, then the statement's (see #alone). */
  async #answerAlone<R>(held: Held, { error, results }: Awaited<ImplicitBatch['done']>): Promise<QueryResult<R>> {
    const heldAnswer = results.length > 0 ? Promise.resolve(kyselyResult(results[0])) : Promise.reject(error);
    const verified = heldAnswer.then((result) => {
      held.verify(result);
      return result;
    });
    verified.catch(() => {});
    held.settle(verified);
    await verified;
    if (error || results.length < 2) throw error ?? new Error('The statement was not answered');
    return kyselyResult(results[1]) as QueryResult<R>;
  }

  async commit(): Promise<void> {
    // A transaction that never took a client sent nothing (statements need one) but may still hold its first.
    if (!this.#client && this.#held) await this.ready();
    if (!this.#client) {
      this.#beginDue = null;
      this.#ended = false;
      return;
    }
    this.#sendOpening();
    if (this.#ended) this.#ended = false;
    else await this.#answer(this.#send(COMMIT));
  }

  async rollback(): Promise<void> {
    // What was written ahead failed or not: the rollback ends it either way.
    this.#ahead = [];
    // A transaction that sent nothing (not even BEGIN) has nothing to roll back; a held statement never goes out.
    if (this.#held) {
      const unsent = Promise.reject(new Error('The held statement was not sent: the transaction rolled back first'));
      unsent.catch(() => {});
      this.#held.settle(unsent);
      this.#held = null;
    }
    if (this.#beginDue) this.#beginDue = null;
    else if (this.#ended) this.#ended = false;
    else if (this.#client) await this.#send(ROLLBACK);
  }

  get #stream() {
    return (this.client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  }

  /** Calls client.query at once (that writes it to the wire), answering in Kysely's shape. */
  #send<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.client.query(query.sql, [...query.parameters]).then((result) => kyselyResult<R>(result));
  }

  /** The answer, after those written ahead of it: the first of them that failed is the transaction's error (this one failed for it). */
  async #answer<R>(answer: Promise<QueryResult<R>>): Promise<QueryResult<R>> {
    const ahead = this.#ahead;
    this.#ahead = [];
    for (const earlier of ahead) {
      try {
        await earlier;
      } catch (error) {
        answer.catch(() => {});
        throw error;
      }
    }
    return answer;
  }
}

/** A statement held to go out with the transaction's next one (PipelinedConnection.hold). */
interface Held {
  query: CompiledQuery;
  verify: (result: QueryResult<unknown>) => void;
  settle: (answer: Promise<QueryResult<unknown>>) => void;
  /** It may go out with the transaction's commitWith statement as one implicit transaction (#alone). */
  alone: boolean;
}

/** A pg result in Kysely's shape. */
function kyselyResult<R>({ command, rowCount, rows }: Pick<pg.QueryResult, 'command' | 'rowCount' | 'rows'>): QueryResult<R> {
  return {
    numAffectedRows: command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE' ? BigInt(rowCount ?? 0) : undefined,
    rows: (rows ?? []) as R[],
  };
}

/** pg's Query, here for its error and ReadyForQuery handling (it calls `callback` once, with the error if one came). */
type PgQuery = { _canceledDueToError: unknown };
const PgQuery = (pg as unknown as { Query: new (config: object) => PgQuery }).Query;
const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils.prepareValue;

/** What pg.Connection offers a query to write its messages with. */
interface ProtocolWriter {
  bind(config: { statement: string; values: readonly unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(config: { type: 'P'; name: string }): void;
  execute(config: { portal: string }): void;
  sync(): void;
}

/** A statement's answered row: its columns' names and parsers, and an empty row to copy (as pg's Result builds them). */
interface RowShape {
  names: string[];
  parsers: ((text: string) => unknown)[];
  empty: Record<string, null>;
}

/**
 * Per connection, the row shape each prepared statement answers with, learnt from its first
 * RowDescription there: a statement described once is not described again on that connection, so
 * PostgreSQL does not send, and this process does not parse and set up, the same columns every call.
 * A prepared statement's columns cannot change under it (PostgreSQL refuses to run it: "cached plan
 * must not change result type").
 */
const rowShapes = new WeakMap<object, Map<string, RowShape>>();

function rowShape(fields: readonly { name: string; dataTypeID: number }[]): RowShape {
  const empty: Record<string, null> = {};
  for (const field of fields) empty[field.name] = null;
  return {
    names: fields.map((field) => field.name),
    // Text results only: the batch binds no binary result columns.
    parsers: fields.map((field) => pg.types.getTypeParser(field.dataTypeID, 'text') as (text: string) => unknown),
    empty,
  };
}

/** One statement's answer, in pg's result shape. */
interface Answered {
  command: string;
  rowCount: number | null;
  rows: Record<string, unknown>[];
}

/**
 * Prepared statements bound and executed one after the other, then one Sync: one implicit
 * transaction. `done` answers the results of the statements that completed and the error, if one
 * failed (the ones after it never ran). Rows are parsed here, with each statement's row shape
 * (rowShapes): only a statement not yet described on the connection is described.
 */
class ImplicitBatch extends PgQuery {
  readonly statementCount: number;
  readonly done: Promise<{ error: unknown; results: Answered[] }>;
  readonly #answered: Answered[] = [];
  #shapes: (RowShape | null)[] = [];
  #shapesOfConnection: Map<string, RowShape> | null = null;
  #rows: Record<string, unknown>[] = [];

  constructor(private readonly statements: { name: string; values: readonly unknown[] }[]) {
    let callback!: (error: unknown) => void;
    const done = new Promise<unknown>((resolve) => {
      callback = resolve;
    });
    super({ text: '', callback: (error: unknown) => callback(error ?? null) });
    this.statementCount = statements.length;
    this.done = done.then((error) => ({ error, results: this.#answered }));
  }

  submit(connection: ProtocolWriter): null {
    const shapes = rowShapes.get(connection) ?? new Map<string, RowShape>();
    rowShapes.set(connection, shapes);
    this.#shapesOfConnection = shapes;
    this.#shapes = this.statements.map(({ name }) => shapes.get(name) ?? null);
    this.statements.forEach(({ name, values }, i) => {
      connection.bind({ statement: name, values, valueMapper: prepareValue });
      if (!this.#shapes[i]) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
    });
    connection.sync();
    return null;
  }

  /** Only for a statement described in this batch: its shape, kept for the connection's next batches. */
  handleRowDescription(msg: { fields: { name: string; dataTypeID: number }[] }): void {
    const at = this.#answered.length;
    const shape = rowShape(msg.fields);
    this.#shapes[at] = shape;
    this.#shapesOfConnection?.set(this.statements[at].name, shape);
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    if (this._canceledDueToError) return;
    const shape = this.#shapes[this.#answered.length];
    if (!shape) {
      this._canceledDueToError = new Error('A row came for a statement whose columns are not known');
      return;
    }
    try {
      const row: Record<string, unknown> = { ...shape.empty };
      const { names, parsers } = shape;
      for (let i = 0; i < msg.fields.length; i++) {
        const text = msg.fields[i];
        row[names[i]] = text === null ? null : parsers[i](text);
      }
      this.#rows.push(row);
    } catch (error) {
      // As pg's Query: the batch fails with this error at its ReadyForQuery.
      this._canceledDueToError = error;
    }
  }

  handleCommandComplete(msg: { text: string }): void {
    // "SELECT 10", "UPDATE 3", "INSERT 0 1": the command, then the rows it touched last.
    const words = msg.text.split(' ');
    const count = words.length > 1 ? Number(words[words.length - 1]) : Number.NaN;
    this.#answered.push({ command: words[0], rowCount: Number.isNaN(count) ? null : count, rows: this.#rows });
    this.#rows = [];
  }
}

/** The connection a transaction runs on (it holds it from BEGIN to COMMIT). */
const connectionOf = (trx: Transaction<any>) => trx.getExecutor().provideConnection(async (connection) => connection);

/**
 * Writes a statement of the transaction whose answer nobody needs (the scope), without waiting for
 * it: its failure fails the transaction's next statement. Elsewhere (PGlite) it just runs.
 */
export async function sendAhead(trx: Transaction<any>, query: CompiledQuery): Promise<void> {
  const connection = await connectionOf(trx);
  if (!(connection instanceof PipelinedConnection)) return void (await connection.executeQuery(query));
  await connection.ready();
  connection.sendAhead(query);
}

/**
 * Runs the transaction's last statement and commits with it: on a pipelined connection both go
 * out in one write, so locks the statement takes are let go as soon as PostgreSQL has committed.
 * Answers the statement's rows once committed; the surrounding transaction does not commit again,
 * and any statement after this one fails. A failing statement rolls everything back and its error
 * propagates. Elsewhere (PGlite) the statement runs and the transaction commits as usual.
 */
export async function commitWith<R>(trx: Transaction<any>, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  const connection = await connectionOf(trx);
  return connection instanceof PipelinedConnection ? (await connection.commitWith(query)).result : trx.executeQuery(query);
}

/**
 * commitWith, and `then` right behind the COMMIT in the same write, as a statement of its own
 * (outside the transaction: it must not need the transaction's scope). Answers the statement's rows
 * and `then`'s fate (`after`): 'failed' with its error (the commit stands), or 'not sent' — elsewhere (PGlite)
 * the transaction has not committed yet, and the caller runs `then` once it has.
 */
export async function commitWithThen<R>(
  trx: Transaction<any>,
  query: CompiledQuery<R>,
  then: CompiledQuery,
): Promise<{ result: QueryResult<R>; after: 'done' | 'not sent' | { failed: unknown } }> {
  const connection = await connectionOf(trx);
  if (!(connection instanceof PipelinedConnection)) return { result: await trx.executeQuery(query), after: 'not sent' };
  const { result, thenFailed } = await connection.commitWith(query, then);
  return { result, after: thenFailed === null ? 'done' : { failed: thenFailed } };
}

/**
 * Holds a statement of the transaction to go out with its next one, in one write
 * (PipelinedConnection.hold): `answer` gives its rows once `verify` accepted them (a rejection fails
 * every later answer of the transaction too), `flush` sends it now if nothing followed. Null
 * elsewhere (PGlite), where statements are not pipelined.
 */
export async function holdAhead<R>(
  trx: Transaction<any>,
  query: CompiledQuery<R>,
  verify: (result: QueryResult<R>) => void,
  alone = false,
): Promise<{ answer: Promise<QueryResult<R>>; flush: () => void } | null> {
  const connection = await connectionOf(trx);
  return connection instanceof PipelinedConnection ? connection.hold(query, verify, alone) : null;
}
