import { withClub } from '@klubhus/db';
import { applyDiscountCode, DISCOUNT_MSG } from '@klubhus/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeDiscountCode, findDiscountCode } from '../../src/catalogue';
import { type DiscountKit, openDiscountKit } from './discount-kit';

let kit: DiscountKit;
let handle: DiscountKit['handle'];
let demo: number;
let nabo: number;

beforeAll(async () => {
  kit = await openDiscountKit();
  ({ handle, demo, nabo } = kit);
}, 120_000);
afterAll(() => handle.close());

describe('consumeDiscountCode', () => {
  it('a code without a limit is never used up; the rule comes back for pricing', async () => {
    const { id } = await kit.addCode(demo, { code: 'FRI', amount: null, discount: 2500, percentage: false });
    const { ok } = await kit.tenAtOnce(demo, (trx) => consumeDiscountCode(trx, demo, 'FRI'));
    expect(ok).toBe(10);
    expect(await kit.usesOf(id)).toBe(10);
    const rule = await withClub(handle.db, { clientId: demo }, (trx) => findDiscountCode(trx, demo, 'fri'));
    expect(rule).toMatchObject({ id, code: 'FRI', discount: 2500, percentage: false, uses: 10, amount: null, productIds: [] });
    expect(applyDiscountCode(rule, [{ productId: 1, total: 10000 }], '2026-01-01')).toMatchObject({ ok: true, discount: 2500 });
  });

  it('refuses unknown, inactive and expired codes and codes of another club, taking nothing', async () => {
    const inactive = await kit.addCode(demo, { code: 'SOVER', active: false });
    const expired = await kit.addCode(demo, { code: 'GAMMEL', expires: '2020-01-01' });
    const foreign = await kit.addCode(nabo, { code: 'NABOKODE' });
    const attempt = (code: string, now?: Date) => withClub(handle.db, { clientId: demo }, (trx) => consumeDiscountCode(trx, demo, code, { now }));
    await expect(attempt('FINDESIKKE')).rejects.toThrow(DISCOUNT_MSG.unknown);
    await expect(attempt('sover')).rejects.toThrow(DISCOUNT_MSG.inactive);
    await expect(attempt('gammel')).rejects.toThrow(DISCOUNT_MSG.expired);
    await expect(attempt('nabokode')).rejects.toThrow(DISCOUNT_MSG.unknown);
    // Even when the club id passed is another club's, row-level security keeps its rows out of reach.
    await expect(withClub(handle.db, { clientId: demo }, (trx) => consumeDiscountCode(trx, nabo, 'nabokode'))).rejects.toThrow(DISCOUNT_MSG.unknown);
    for (const c of [inactive, expired, foreign]) expect(await kit.usesOf(c.id)).toBe(0);
  });

  it("expires at the end of the expiry date in the club's time zone", async () => {
    await kit.addCode(demo, { code: 'NYTAAR', expires: '2026-12-31', amount: null });
    const attempt = (now: Date) => withClub(handle.db, { clientId: demo }, (trx) => consumeDiscountCode(trx, demo, 'nytaar', { now }));
    // 22:30 UTC on 31 Dec is 23:30 in Europe/Berlin: still valid.
    await expect(attempt(new Date('2026-12-31T22:30:00Z'))).resolves.toMatchObject({ code: 'NYTAAR' });
    // 23:30 UTC is already 1 Jan in Europe/Berlin: expired, although UTC still says 31 Dec.
    await expect(attempt(new Date('2026-12-31T23:30:00Z'))).rejects.toThrow(DISCOUNT_MSG.expired);
  });
});
