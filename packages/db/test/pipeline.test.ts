import { Socket } from 'node:net';
import pg from 'pg';
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, SHARED_READS_NAME } from '../src/connect';
import { commitWith, commitWithThen, holdAhead, sendAhead } from '../src/dialect/pipeline';
import { withClub } from '../src/tenancy';
import { openTestDatabase } from '../src/testing';

/**
 * Transactions on pipelined connections (dialect/pipeline.ts): BEGIN and the scope go out ahead of
 * the first statement, commitWith sends the last statement and COMMIT together. The same semantics
 * on the embedded database, where every statement waits for the one before it.
 */
let handle: DatabaseHandle;
const A = 1;
const B = 2;

beforeAll(async () => {
  handle = await openTestDatabase();
  await sql`CREATE TABLE pipe_notes (client_id int NOT NULL, note text NOT NULL)`.execute(handle.owner);
  await sql`ALTER TABLE pipe_notes ENABLE ROW LEVEL SECURITY`.execute(handle.owner);
  await sql`ALTER TABLE pipe_notes FORCE ROW LEVEL SECURITY`.execute(handle.owner);
  await sql`CREATE POLICY club_isolation ON pipe_notes USING (client_id = NULLIF(current_setting('app.client_id', true), '')::int)
    WITH CHECK (client_id = NULLIF(current_setting('app.client_id', true), '')::int)`.execute(handle.owner);
  await sql`GRANT SELECT, INSERT ON pipe_notes TO klubhus_app`.execute(handle.owner);
});
afterAll(() => handle.close());
beforeEach(async () => {
  await sql`DELETE FROM pipe_notes`.execute(handle.owner);
  await sql`INSERT INTO pipe_notes VALUES (${A}, 'a0'), (${B}, 'b0')`.execute(handle.owner);
});

const notes = async () => (await sql<{ note: string }>`SELECT note FROM pipe_notes ORDER BY note`.execute(handle.owner)).rows.map((r) => r.note);
const insert = (note: string, clientId = A) => sql<{ note: string }>`INSERT INTO pipe_notes VALUES (${clientId}, ${note}) RETURNING note`;

describe(`pipelined transactions (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('withClub commits what it wrote', async () => {
    await withClub(handle.db, { clientId: A }, async (trx) => {
      await insert('a1').execute(trx);
      await insert('a2').execute(trx);
    });
    expect(await notes()).toEqual(['a0', 'a1', 'a2', 'b0']);
  });

  it("the scope applies to the first statement: another club's rows are invisible and cannot be written", async () => {
    const seen = await withClub(handle.db, { clientId: A }, async (trx) => (await sql<{ note: string }>`SELECT note FROM pipe_notes`.execute(trx)).rows);
    expect(seen).toEqual([{ note: 'a0' }]);
    const scope = await withClub(handle.db, { clientId: B, userId: 7 }, async (trx) => (await sql<{ c: string; u: string }>`SELECT current_setting('app.client_id') AS c, current_setting('app.user_id') AS u`.execute(trx)).rows[0]);
    expect(scope).toEqual({ c: String(B), u: '7' });
    await expect(withClub(handle.db, { clientId: A }, (trx) => insert('b1', B).execute(trx))).rejects.toThrow(/row-level security/);
    expect(await notes()).toEqual(['a0', 'b0']);
  });

  it('a failing first statement, a failing later one, or a throw rolls back everything', async () => {
    await expect(withClub(handle.db, { clientId: A }, (trx) => sql`SELECT 1 / 0`.execute(trx))).rejects.toThrow(/division by zero/);
    await expect(
      withClub(handle.db, { clientId: A }, async (trx) => {
        await insert('a1').execute(trx);
        await sql`SELECT 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    await expect(
      withClub(handle.db, { clientId: A }, async (trx) => {
        await insert('a2').execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await notes()).toEqual(['a0', 'b0']);
    // The connections are clean afterwards: no transaction left open on them.
    for (let i = 0; i < 6; i++) await withClub(handle.db, { clientId: A }, (trx) => insert(`a${10 + i}`).execute(trx));
    expect((await notes()).length).toBe(8);
  });

  it('a statement behind a failing scope never runs: it fails with the scope’s error and sees no rows', async () => {
    await expect(withClub(handle.db, { clientId: Number.NaN }, (trx) => sql`SELECT note FROM pipe_notes`.execute(trx))).rejects.toThrow(/invalid input syntax/);
    const failed = handle.db.transaction().execute(async (trx) => {
      await sendAhead(trx, sql`SELECT set_config('app.client_id', ${String(A)}, true), 1 / 0`.compile(trx));
      return (await sql<{ note: string }>`SELECT note FROM pipe_notes`.execute(trx)).rows;
    });
    await expect(failed).rejects.toThrow(/division by zero/);
  });

  it('commitWith commits exactly once, with the statement, and answers its rows', async () => {
    const before = handle.statements();
    const rows = await withClub(handle.db, { clientId: A }, async (trx) => {
      await insert('a1').execute(trx);
      return (await commitWith(trx, insert('a2').compile(trx))).rows;
    });
    // BEGIN, the scope, two inserts, one COMMIT; on PostgreSQL BEGIN and the scope are one message (begin; …).
    expect(handle.statements() - before).toBe(process.env.DATABASE_URL ? 4 : 5);
    expect(rows).toEqual([{ note: 'a2' }]);
    expect(await notes()).toEqual(['a0', 'a1', 'a2', 'b0']);
  });

  it('a transaction that sends nothing commits or rolls back all the same, and leaves its connection clean', async () => {
    expect(await handle.db.transaction().execute(async () => 'nothing')).toBe('nothing');
    await expect(
      handle.db.transaction().execute(async () => {
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    for (let i = 0; i < 6; i++) await withClub(handle.db, { clientId: A }, (trx) => insert(`a${10 + i}`).execute(trx));
    expect((await notes()).length).toBe(8);
  });

  it('a failing statement under commitWith leaves nothing, and its error propagates', async () => {
    for (let i = 0; i < 6; i++) {
      await expect(
        withClub(handle.db, { clientId: A }, async (trx) => {
          await insert('a1').execute(trx);
          return commitWith(trx, insert('b1', B).compile(trx));
        }),
      ).rejects.toThrow(/row-level security/);
    }
    expect(await notes()).toEqual(['a0', 'b0']);
    await withClub(handle.db, { clientId: A }, (trx) => commitWith(trx, insert('a3').compile(trx)));
    expect(await notes()).toEqual(['a0', 'a3', 'b0']);
  });

  it.runIf(!!process.env.DATABASE_URL)('on PostgreSQL a statement after commitWith is refused (it would run outside the transaction)', async () => {
    await expect(
      withClub(handle.db, { clientId: A }, async (trx) => {
        await commitWith(trx, insert('a1').compile(trx));
        await insert('a2').execute(trx);
      }),
    ).rejects.toThrow(/after commitWith/);
    expect(await notes()).toEqual(['a0', 'a1', 'b0']);
  });

  it.runIf(!!process.env.DATABASE_URL)("a call whose connection the server ends fails; the process and the pool go on", async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.prependListener('uncaughtException', record);
    try {
      const call = withClub(handle.db, { clientId: A }, async (trx) => {
        const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx)).rows[0].pid;
        const sleeping = sql`SELECT pg_sleep(5)`.execute(trx);
        // It fails while this waits: handled here, and returned as it is.
        sleeping.catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 100));
        await sql`SELECT pg_terminate_backend(${pid})`.execute(handle.owner);
        return sleeping;
      });
      // The server's FATAL, the reset of its socket when that comes first, or the ROLLBACK's failure on
      // the dead client (Kysely throws that one instead).
      await expect(call).rejects.toThrow(/terminating connection|ECONNRESET|terminated unexpectedly|not queryable/);
      // The socket's end comes after the server's error: give it time to be emitted.
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (let i = 0; i < 4; i++) await withClub(handle.db, { clientId: A }, (trx) => insert(`a${10 + i}`).execute(trx));
      expect((await notes()).length).toBe(6);
    } finally {
      process.removeListener('uncaughtException', record);
    }
    expect(uncaught).toEqual([]);
  });

  it('commitWithThen runs its follow-up after the commit, outside the transaction (on PostgreSQL in the same write; on PGlite it is left to the caller); a failing follow-up leaves the commit standing', async () => {
    // The follow-up sees the committed row and is no part of the transaction: it has no scope of its own.
    const seen = sql`SELECT count(*) FROM pipe_notes WHERE note = 'a1' AND NULLIF(current_setting('app.client_id', true), '') IS NULL`;
    const r = await withClub(handle.db, { clientId: A }, (trx) => commitWithThen(trx, insert('a1').compile(trx), seen.compile(trx)));
    expect(r.result.rows).toEqual([{ note: 'a1' }]);
    expect(r.after).toBe(process.env.DATABASE_URL ? 'done' : 'not sent');
    const failing = sql`SELECT 1 / 0`;
    const f = await withClub(handle.db, { clientId: A }, (trx) => commitWithThen(trx, insert('a2').compile(trx), failing.compile(trx)));
    expect(f.after === 'not sent' || (typeof f.after === 'object' && /division by zero/.test(String(f.after.failed)))).toBe(true);
    if (process.env.DATABASE_URL) expect(f.after).not.toBe('not sent');
    expect(await notes()).toEqual(['a0', 'a1', 'a2', 'b0']);
    // The connection goes back to the pool in order: the next transaction on it works.
    await withClub(handle.db, { clientId: A }, (trx) => insert('a3').execute(trx));
    expect(await notes()).toEqual(['a0', 'a1', 'a2', 'a3', 'b0']);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('a held statement alone with the last one: one implicit transaction (PostgreSQL)', () => {
  const scopeTo = (clientId: number) => sql<{ c: string }>`SELECT set_config('app.client_id', ${String(clientId)}, true) AS c, set_config('transaction_read_only', 'on', true) AS ro`;
  const seen = (tag: number) => sql<{ note: string }>`SELECT note FROM pipe_notes WHERE length(note) < ${tag} ORDER BY note`;

  /** A read-only transaction as a one-trip club call makes it: the scope held (alone), the read last. */
  const call = (clientId: number, last: { compile: (trx: never) => CompiledQuery<unknown> }, verify: (rows: unknown[]) => void = () => {}) =>
    handle.db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        const held = await holdAhead(trx, scopeTo(clientId).compile(trx), ({ rows }) => verify(rows), true);
        if (!held) throw new Error('not pipelined');
        const { rows } = await commitWith(trx, last.compile(trx as never));
        held.flush();
        await held.answer;
        return rows;
      });

  it('the first sets the scope for the second; two statements, no BEGIN or COMMIT, once both are prepared on the connection; nothing stays set', async () => {
    const counts: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = handle.statements();
      expect(await call(A, seen(10))).toEqual([{ note: 'a0' }]);
      counts.push(handle.statements() - before);
    }
    // Unnamed, then named and prepared: BEGIN, the two, COMMIT; then the two alone.
    expect(counts[0]).toBe(4);
    expect(counts.at(-1)).toBe(2);
    expect(await call(B, seen(10))).toEqual([{ note: 'b0' }]);
    // The connection after it: no transaction, no scope.
    const after = await sql<{ c: string | null }>`SELECT NULLIF(current_setting('app.client_id', true), '') AS c, current_setting('transaction_read_only') AS ro`.execute(handle.db);
    expect(after.rows[0]).toEqual({ c: null, ro: 'off' });
  });

  it('rows keep their types; a statement is described once on a connection, then answered without its columns', async () => {
    const typed = sql`SELECT 7::int AS n, 12345678901::bigint AS big, 1.5::numeric AS amount, DATE '2026-11-27' AS day,
      TIMESTAMPTZ '2026-11-27 12:00:00+00' AS at, NULL::text AS nothing, note FROM pipe_notes WHERE length(note) < ${10} ORDER BY note`;
    const expected = [{ n: 7, big: 12345678901, amount: 1.5, day: '2026-11-27', at: new Date('2026-11-27T12:00:00Z'), nothing: null, note: 'a0' }];
    // Every Describe any connection sends from here on, by connection and the statement bound before it.
    const connection = (pg as unknown as { Connection: { prototype: Record<'bind' | 'describe', (...args: unknown[]) => void> } }).Connection.prototype;
    const { bind, describe } = connection;
    const bound = new WeakMap<object, string>();
    const ids = new Map<object, number>();
    let described: string[] = [];
    connection.bind = function (this: object, ...args: unknown[]) {
      bound.set(this, String((args[0] as { statement?: string }).statement ?? ''));
      return bind.apply(this, args);
    };
    connection.describe = function (this: object, ...args: unknown[]) {
      if (!ids.has(this)) ids.set(this, ids.size);
      described.push(`${ids.get(this)}:${bound.get(this)}`);
      return describe.apply(this, args);
    };
    try {
      // Described while the text is new.
      expect(await call(A, typed)).toEqual(expected);
      expect(described.length).toBeGreaterThan(0);
      // Once the reads go to the shared connections (which open and prepare in the background, so
      // the call that first lands on one is not known beforehand): each of the two statements is
      // described at most once on each connection, however many calls it answers.
      await untilShared(() => call(A, typed));
      described = [];
      for (let i = 0; i < 12; i++) expect(await call(A, typed)).toEqual(expected);
    } finally {
      Object.assign(connection, { bind, describe });
    }
    expect(new Set(described).size).toBe(described.length);
    expect(described.length).toBeLessThanOrEqual(4);
  });

  /** Pool checkouts and socket writes while `work` runs. */
  async function counting<T>(work: () => Promise<T>): Promise<{ result: T; checkouts: number; writes: number }> {
    const pool = pg.Pool.prototype as unknown as { connect: (...args: unknown[]) => unknown };
    const socket = Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
    const [connect, write, writev] = [pool.connect, socket._write, socket._writev];
    let checkouts = 0;
    let writes = 0;
    pool.connect = function (...args: unknown[]) {
      checkouts++;
      return connect.apply(this, args);
    };
    socket._write = function (...args: unknown[]) {
      writes++;
      return write.apply(this, args);
    };
    socket._writev = function (...args: unknown[]) {
      writes++;
      return writev.apply(this, args);
    };
    try {
      return { result: await work(), checkouts, writes };
    } finally {
      pool.connect = connect;
      socket._write = write;
      socket._writev = writev;
    }
  }
  const burst = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => call(i % 2 ? B : A, seen(12))));
  const expectScoped = (results: unknown[][]) => expect(results).toEqual(results.map((_, i) => [{ note: i % 2 ? 'b0' : 'a0' }]));

  /** Reads until one goes out without a pool client (the text named, the shared connections open and prepared): at most 3 s. */
  async function untilShared(read: () => Promise<unknown>) {
    let pooled = Number.POSITIVE_INFINITY;
    for (const until = Date.now() + 3000; Date.now() < until && pooled > 0; ) {
      pooled = (await counting(read)).checkouts;
      if (pooled > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(pooled).toBe(0);
  }

  it("reads of many calls at once share the connections, without a pool client, in one write each, every read in its own club's scope", async () => {
    await untilShared(() => call(A, seen(12)));
    const { result, checkouts, writes } = await counting(() => burst(60));
    expectScoped(result);
    expect(checkouts).toBe(0);
    // Two shared connections: the 60 reads leave in a write or two on each (a Sync each, one implicit transaction each).
    expect(writes).toBeLessThanOrEqual(4);
  });

  it('reads whose shared connection the server ends go the pool way; the next reads share again', async () => {
    // Reads slow enough to be in flight on the shared connections when the server ends them.
    const slow = sql<{ note: string }>`SELECT note FROM pipe_notes, pg_sleep(0.1) WHERE length(note) < ${12}`;
    await untilShared(() => call(A, slow));
    const reads = Promise.all(Array.from({ length: 8 }, (_, i) => call(i % 2 ? B : A, slow)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ended = await sql<{ n: number }>`SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${SHARED_READS_NAME}`.execute(handle.owner);
    expect(ended.rows[0].n).toBe(2);
    expectScoped(await reads);
    // The next calls open new shared connections and prepare there again; within a few calls the reads share again.
    await untilShared(async () => expectScoped(await burst(4)));
  });

  it('the held statement makes it read only: a write after it is refused and leaves nothing', async () => {
    for (let i = 0; i < 4; i++) await expect(call(A, insert('a9'))).rejects.toThrow(/read-only transaction/);
    expect(await notes()).toEqual(['a0', 'b0']);
  });

  it("a rejected held answer fails the call; a failing last statement fails it with its own error; a failing held one with the held one's; the connection is clean after each", async () => {
    for (let i = 0; i < 3; i++) await call(A, seen(11));
    await expect(
      call(A, seen(11), () => {
        throw new Error('not what was guessed');
      }),
    ).rejects.toThrow('not what was guessed');
    const divide = sql<{ x: number }>`SELECT 1 / (length(note) - length(note)) AS x FROM pipe_notes`;
    for (let i = 0; i < 3; i++) await expect(call(A, divide)).rejects.toThrow(/division by zero/);
    for (let i = 0; i < 3; i++) await expect(call(Number.NaN, seen(11))).rejects.toThrow(/invalid input syntax/);
    for (let i = 0; i < 6; i++) expect(await call(A, seen(11))).toEqual([{ note: 'a0' }]);
  });
});
