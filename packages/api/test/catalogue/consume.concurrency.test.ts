import { barrier, TEST_POOL_SIZE } from '@klubhus/db/testing';
import { DISCOUNT_MSG, normaliseCode } from '@klubhus/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeDiscountCode } from '../../src/catalogue';
import { type DiscountKit, openDiscountKit } from './discount-kit';

/**
 * Concurrency claims need a server: the embedded database runs one transaction
 * at a time, so the unlocked control cannot oversell there and would prove
 * nothing. npm test runs this file on PostgreSQL whenever one is reachable.
 */
let kit: DiscountKit;
let handle: DiscountKit['handle'];
let demo: number;

beforeAll(async () => {
  kit = await openDiscountKit();
  ({ handle, demo } = kit);
}, 120_000);
afterAll(() => handle.close());

describe.runIf(process.env.DATABASE_URL)('consumeDiscountCode on PostgreSQL', () => {
  it('ten concurrent checkouts of a code with 3 uses: exactly 3 succeed, the rest are told it is used up', async () => {
    const { id } = await kit.addCode(demo, { code: 'TRE', amount: 3 });
    const { ok, refusals } = await kit.tenAtOnce(demo, (trx) => consumeDiscountCode(trx, demo, 'tre'));
    expect(ok).toBe(3);
    expect(refusals).toEqual(Array(7).fill(DISCOUNT_MSG.usedUp));
    expect(await kit.usesOf(id)).toBe(3);
  });

  it('control: the same read-check-write without the row lock oversells on PostgreSQL (so the test above can fail)', async () => {
    const { id } = await kit.addCode(demo, { code: 'ULAAST', amount: 3 });
    // The transactions holding a connection (the test pool's five) all read before any of them writes.
    const everyoneHasRead = barrier(TEST_POOL_SIZE);
    const { ok } = await kit.tenAtOnce(demo, async (trx) => {
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
    expect(await kit.usesOf(id)).toBeGreaterThan(3);
  });

});
