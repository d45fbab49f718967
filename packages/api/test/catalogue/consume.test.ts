import { type DatabaseHandle, seedDemo, type Tx, withClub } from '@klubhus/db';
import { openTestDatabase } from '@klubhus/db/testing';
import { applyDiscountCode, DISCOUNT_MSG } from '@klubhus/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeDiscountCode, findDiscountCode } from '../../src/catalogue';

let handle: DatabaseHandle;
let demo: number;
let nabo: number;

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
  nabo = clubs.find((c) => c.name === 'Nabo BK')!.id;
}, 120_000);
afterAll(() => handle.close());

describe('consumeDiscountCode', () => {
  it('a code without a limit is never used up; the rule comes back for pricing', async () => {
    const { id } = await addCode(demo, { code: 'FRI', amount: null, discount: 2500, percentage: false });
    const { ok } = await tenAtOnce(demo, (trx) => consumeDiscountCode(trx, demo, 'FRI'));
    expect(ok).toBe(10);
    expect(await usesOf(id)).toBe(10);
    const rule = await withClub(handle.db, { clientId: demo }, (trx) => findDiscountCode(trx, demo, 'fri'));
    expect(rule).toMatchObject({ id, code: 'FRI', discount: 2500, percentage: false, uses: 10, amount: null, productIds: [] });
    expect(applyDiscountCode(rule, [{ productId: 1, total: 10000 }], '2026-01-01')).toMatchObject({ ok: true, discount: 2500 });
  });

  it('refuses unknown, inactive and expired codes and codes of another club, taking nothing', async () => {
    const inactive = await addCode(demo, { code: 'SOVER', active: false });
    const expired = await addCode(demo, { code: 'GAMMEL', expires: '2020-01-01' });
    const foreign = await addCode(nabo, { code: 'NABOKODE' });
    const attempt = (code: string, now?: Date) => withClub(handle.db, { clientId: demo }, (trx) => consumeDiscountCode(trx, demo, code, { now }));
    await expect(attempt('FINDESIKKE')).rejects.toThrow(DISCOUNT_MSG.unknown);
    await expect(attempt('sover')).rejects.toThrow(DISCOUNT_MSG.inactive);
    await expect(attempt('gammel')).rejects.toThrow(DISCOUNT_MSG.expired);
    await expect(attempt('nabokode')).rejects.toThrow(DISCOUNT_MSG.unknown);
    // Even when the club id passed is another club's, row-level security keeps its rows out of reach.
    await expect(withClub(handle.db, { clientId: demo }, (trx) => consumeDiscountCode(trx, nabo, 'nabokode'))).rejects.toThrow(DISCOUNT_MSG.unknown);
    for (const c of [inactive, expired, foreign]) expect(await usesOf(c.id)).toBe(0);
  });

  it("expires at the end of the expiry date in the club's time zone", async () => {
    await addCode(demo, { code: 'NYTAAR', expires: '2026-12-31', amount: null });
    const attempt = (now: Date) => withClub(handle.db, { clientId: demo }, (trx) => consumeDiscountCode(trx, demo, 'nytaar', { now }));
    // 22:30 UTC on 31 Dec is 23:30 in Europe/Berlin: still valid.
    await expect(attempt(new Date('2026-12-31T22:30:00Z'))).resolves.toMatchObject({ code: 'NYTAAR' });
    // 23:30 UTC is already 1 Jan in Europe/Berlin: expired, although UTC still says 31 Dec.
    await expect(attempt(new Date('2026-12-31T23:30:00Z'))).rejects.toThrow(DISCOUNT_MSG.expired);
  });
});
