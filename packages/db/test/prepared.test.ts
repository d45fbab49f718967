import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/connect';
import { PREPARED_LIMITS } from '../src/dialect/prepared';
import type { Tx } from '../src/tenancy';
import { openTestDatabase } from '../src/testing';

/** Named prepared statements exist only on a PostgreSQL server connection (the app pool's). */
describe.runIf(process.env.DATABASE_URL)('prepared statements (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  /** The statements this transaction's connection has prepared under our names. */
  const prepared = async (trx: Tx) =>
    (await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements WHERE name ~ '^k[0-9]+$'`.execute(trx)).rows;

  it('a parameterised query sent a second time is prepared once per connection and answers the same', async () => {
    await handle.db.transaction().execute(async (trx) => {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await sql<{ n: number }>`SELECT ${i}::int + 1000 AS n`.execute(trx)).rows[0].n);
      expect(answers).toEqual([1000, 1001, 1002, 1003]);
      const named = await prepared(trx);
      expect(named.filter((p) => p.statement.includes('+ 1000 AS n'))).toHaveLength(1);
    });
  });

  it('a text seen once stays unnamed, and a connection prepares at most its limit', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await sql`SELECT ${1}::int AS once_only_text`.execute(trx);
      expect((await prepared(trx)).some((p) => p.statement.includes('once_only_text'))).toBe(false);
      for (let i = 0; i < PREPARED_LIMITS.perConnection + 30; i++) {
        for (let twice = 0; twice < 2; twice++) await sql`SELECT ${i}::int AS ${sql.ref(`c${i}`)}`.execute(trx);
      }
      expect((await prepared(trx)).length).toBeLessThanOrEqual(PREPARED_LIMITS.perConnection);
      expect((await sql<{ n: number }>`SELECT ${7}::int AS ${sql.ref(`c${PREPARED_LIMITS.perConnection + 20}`)}`.execute(trx)).rows[0]).toEqual({
        [`c${PREPARED_LIMITS.perConnection + 20}`]: 7,
      });
    });
  });
});
