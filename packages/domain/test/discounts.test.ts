import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDiscountCode, checkDiscountCode, DISCOUNT_MSG, type DiscountCodeRule, todayIn } from '../src/discounts';

const code = (over: Partial<DiscountCodeRule> = {}): DiscountCodeRule => ({
  code: 'SOMMER',
  active: true,
  expires: '2026-12-31',
  amount: null,
  uses: 0,
  discount: 10,
  percentage: true,
  productIds: [],
  ...over,
});
const today = '2026-06-01';

describe('discount codes', () => {
  it('takes a percentage of every line, half-up per line', () => {
    const r = applyDiscountCode(code({ discount: 12.5 }), [{ productId: 1, total: 10000 }, { productId: 2, total: 333 }], today);
    expect(r).toEqual({ ok: true, discount: 1250 + 42, lines: [1250, 42], eligibleSubtotal: 10333 });
  });

  it('takes a fixed amount once, spread over the lines', () => {
    const r = applyDiscountCode(code({ percentage: false, discount: 3000 }), [{ productId: 1, total: 10000 }, { productId: 2, total: 5000 }], today);
    expect(r).toEqual({ ok: true, discount: 3000, lines: [2000, 1000], eligibleSubtotal: 15000 });
  });

  it('never takes more than the covered lines cost', () => {
    const r = applyDiscountCode(code({ percentage: false, discount: 50000, productIds: [2] }), [{ productId: 1, total: 10000 }, { productId: 2, total: 5000 }], today);
    expect(r).toEqual({ ok: true, discount: 5000, lines: [0, 5000], eligibleSubtotal: 5000 });
  });

  it('only covers the products it is restricted to', () => {
    const r = applyDiscountCode(code({ productIds: [2] }), [{ productId: 1, total: 10000 }, { productId: 2, total: 5000 }, { productId: null, total: 100 }], today);
    expect(r).toMatchObject({ ok: true, discount: 500, lines: [0, 500, 0] });
    expect(applyDiscountCode(code({ productIds: [9] }), [{ productId: 1, total: 10000 }], today)).toEqual({
      ok: false,
      reason: 'notApplicable',
      message: DISCOUNT_MSG.notApplicable,
    });
  });

  it('refuses inactive, expired, used-up and unknown codes with Danish messages', () => {
    expect(checkDiscountCode(code({ active: false }), today)).toEqual({ ok: false, reason: 'inactive', message: 'Rabatkoden er ikke aktiv.' });
    expect(checkDiscountCode(code({ expires: '2026-05-31' }), today)).toEqual({ ok: false, reason: 'expired', message: 'Rabatkoden er udløbet.' });
    expect(checkDiscountCode(code({ expires: today }), today)).toEqual({ ok: true });
    expect(checkDiscountCode(code({ amount: 3, uses: 3 }), today)).toEqual({ ok: false, reason: 'usedUp', message: 'Rabatkoden er brugt op.' });
    expect(checkDiscountCode(code({ amount: 3, uses: 2 }), today)).toEqual({ ok: true });
    expect(checkDiscountCode(null, today)).toMatchObject({ ok: false, message: 'Rabatkoden findes ikke.' });
  });

  it("reads expiry in the club's time zone", () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Copenhagen/Berlin.
    const late = new Date('2026-12-31T23:30:00Z');
    expect(todayIn('Europe/Berlin', late)).toBe('2027-01-01');
    expect(todayIn('UTC', late)).toBe('2026-12-31');
    expect(checkDiscountCode(code({ expires: '2026-12-31' }), todayIn('Europe/Berlin', late)).ok).toBe(false);
    expect(checkDiscountCode(code({ expires: '2026-12-31' }), todayIn('UTC', late)).ok).toBe(true);
  });

  it('never discounts more than the eligible subtotal, and the lines add up', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.record({ productId: fc.integer({ min: 1, max: 5 }), total: fc.integer({ min: 0, max: 200_000 }) }), { minLength: 1, maxLength: 10 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
        (percentage, raw, lines, productIds) => {
          const discount = percentage ? (raw % 10001) / 100 : raw;
          const r = applyDiscountCode(code({ percentage, discount, productIds }), lines, today);
          if (!r.ok) {
            expect(r.reason).toBe('notApplicable');
            return;
          }
          expect(r.discount).toBeLessThanOrEqual(r.eligibleSubtotal);
          expect(r.lines.reduce((s, d) => s + d, 0)).toBe(r.discount);
          r.lines.forEach((d, i) => {
            expect(d).toBeGreaterThanOrEqual(0);
            expect(d).toBeLessThanOrEqual(lines[i].total);
            if (productIds.length && !productIds.includes(lines[i].productId)) expect(d).toBe(0);
          });
        },
      ),
    );
  });
});
