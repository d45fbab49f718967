import { type DatabaseHandle, seedDemo, type Tx, withClub } from '@klubhus/db';
import { openTestDatabase, TEST_POOL_SIZE } from '@klubhus/db/testing';
import { DISCOUNT_MSG, normaliseCode } from '@klubhus/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeDiscountCode } from '../../src/catalogue';

/**
 * Concurrency claims need a server: the embedded database runs one transaction
 * at a time, so the unlocked control cannot oversell there and would prove
 * nothing. npm test runs this file on PostgreSQL whenever one is reachable.
 */
let handle: DatabaseHandle;
let demo: number;

async function addCode(clientId: number, values: { code: string; amount?: number | null; active?: boolean; expires?: string; discount?: number; percentage?: boolean }) {
  return withClub(handle.db, { clientId }, (trx) =>
    trx
      .insertInto('discount_codes')
      .values({
        client_id: clientId,
        title: values.code,
        code: values.code,
        expires: values.expires ?? '2099-12-31',
        amount: values.amount === undefined ? 3 : values.amount,
        discount: values.discount ?? 1000,
        percentage: values.percentage ?? true,
        active: values.active ?? true,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

const usesOf = async (id: number) =>
  (await handle.owner.selectFrom('discount_codes').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses;

/** Resolves for every caller once `n` have called: a rendezvous instead of a sleep. */
function barrier(n: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === n) open();
    return opened;
  };
}

/** Ten checkouts at once, each in its own transaction of the club. */
async function tenAtOnce(clientId: number, take: (trx: Tx) => Promise<unknown>) {
  const results = await Promise.allSettled(Array.from({ length: 10 }, () => withClub(handle.db, { clientId }, take)));
  return {
    ok: results.filter((r) => r.status === 'fulfilled').length,
    refusals: results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : [])),
  };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedDemo(handle.owner);
  const clubs = await handle.owner.selectFrom('clients').select(['id', 'name']).execute();
  demo = clubs.find((c) => c.name === 'Demo IF')!.id;
}, 120_000);
afterAll(() => handle.close());

describe.runIf(process.env.DATABASE_URL)('consumeDiscountCode on PostgreSQL', () => {
  it('ten concurrent checkouts of a code with 3 uses: exactly 3 succeed, the rest are told it is used up', async () => {
    const { id } = await addCode(demo, { code: 'TRE', amount: 3 });
    const { ok, refusals } = await tenAtOnce(demo, (trx) => consumeDiscountCode(trx, demo, 'tre'));
    expect(ok).toBe(3);
    expect(refusals).toEqual(Array(7).fill(DISCOUNT_MSG.usedUp));
    expect(await usesOf(id)).toBe(3);
  });

  it('control: the same read-check-write without the row lock oversells on PostgreSQL (so the test above can fail)', async () => {
    const { id } = await addCode(demo, { code: 'ULAAST', amount: 3 });
    // The transactions holding a connection (the test pool's five) all read before any of them writes.
    const everyoneHasRead = barrier(TEST_POOL_SIZE);
    const { ok } = await tenAtOnce(demo, async (trx) => {
      const row = await trx
        .selectFrom('discount_codes')
        .select(['id', 'uses', 'amount'])
        .where(sql<string>`lower(code)`, '=', normaliseCode('ulaast'))
        .executeTakeFirstOrThrow();
      await everyoneHasRead();
      if (row.amount !== null && row.uses >= row.amount) throw new Error(DISCOUNT_MSG.usedUp);
      await trx.updateTable('discount_codes').set({ uses: sql`uses + 1` }).where('id', '=', row.id).execute();
    });
    // Read committed: several transactions saw uses < 3 before any of them wrote.
    expect(handle.kind).toBe('pg');
    expect(ok).toBeGreaterThan(3);
    expect(await usesOf(id)).toBeGreaterThan(3);
  });

});
