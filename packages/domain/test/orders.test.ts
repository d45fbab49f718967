import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, type VatSettings } from '../src/money';
import {
  isSeat,
  numberFieldValue,
  ORDER_ACTIONS,
  ORDER_MSG,
  ORDER_STATUSES,
  type OrderMoney,
  orderMoneyLines,
  orderPaymentStatus,
  PAYMENT_STATUSES,
  paymentOpen,
  orderTotals,
  orderTransition,
  recurringAmount,
  ZOrderUpdateRequest,
} from '../src/orders';
import { firstIssueMessage } from '../src/validation';

const withVat: VatSettings = { vatRate: 25, pricesWithVat: true, disableVat: false };
const withoutVat: VatSettings = { vatRate: 25, pricesWithVat: false, disableVat: false };

describe('order status machine (SPEC §4)', () => {
  it('allows exactly the documented transitions', () => {
    const allowed: string[] = [];
    for (const from of ORDER_STATUSES) for (const action of ORDER_ACTIONS) if (orderTransition(from, action).ok) allowed.push(`${from}:${action}`);
    expect(allowed.sort()).toEqual(['approved:cancel', 'approved:edit', 'cancelled:delete', 'cart:cancel', 'draft:approve', 'draft:delete'].sort());
    expect(orderTransition('draft', 'approve')).toEqual({ ok: true, to: 'approved' });
    expect(orderTransition('approved', 'edit')).toEqual({ ok: true, to: 'draft' });
    expect(orderTransition('approved', 'cancel')).toEqual({ ok: true, to: 'cancelled' });
    expect(orderTransition('cancelled', 'delete')).toEqual({ ok: true, to: null });
  });

  it('refuses every other pair in Danish', () => {
    expect(orderTransition('approved', 'approve')).toEqual({ ok: false, message: ORDER_MSG.approveOnlyDraft });
    expect(orderTransition('draft', 'edit')).toEqual({ ok: false, message: ORDER_MSG.editOnlyApproved });
    expect(orderTransition('draft', 'cancel')).toEqual({ ok: false, message: ORDER_MSG.cancelNotDraftOrCancelled });
    expect(orderTransition('approved', 'delete')).toEqual({ ok: false, message: ORDER_MSG.deleteOnlyDraftOrCancelled });
  });
});

describe('line modal and order form (SPEC §5)', () => {
  const line = (extra: Record<string, unknown> = {}) => ({ title: 'Bandereklame', price: '1.000,50', amount: '2', ...extra });
  const parse = (input: unknown) => {
    const r = ZOrderUpdateRequest.safeParse(input);
    return r.success ? 'ok' : firstIssueMessage(r.error);
  };

  it('takes Danish decimals into øre', () => {
    const r = ZOrderUpdateRequest.parse({ orderLines: [line({ discount: '10,25', options: [{ title: 'Parkering', price: '30' }] })], orderDiscount: '5' });
    expect(r.orderLines?.[0]).toMatchObject({ price: 100050, amount: 2, discount: 1025, options: [{ price: 3000 }] });
    expect(r.orderDiscount).toBe(500);
  });

  it('says what is wrong in SPEC words', () => {
    expect(parse({ orderLines: [line({ title: '' })] })).toBe('Titel er påkrævet');
    expect(parse({ orderLines: [line({ price: 'abc' })] })).toBe('Pris skal være et gyldigt tal.');
    expect(parse({ orderLines: [line({ price: '' })] })).toBe('Pris er påkrævet');
    expect(parse({ orderLines: [line({ discount: 'x' })] })).toBe('Rabat skal være et gyldigt tal.');
    expect(parse({ orderLines: [line({ amount: '' })] })).toBe('Antal er påkrævet');
    expect(parse({ orderLines: [line({ amount: 'to' })] })).toBe('Antal skal være et gyldigt tal.');
    expect(parse({ orderLines: [line({ seat: 'A12' })] })).toBe('Plads skal være i formatet X-Y');
    expect(parse({ invoicing: { type: 'single' } })).toBe('Fakturadato er påkrævet');
    expect(parse({ invoicing: { type: 'single', invoiceDate: '2026-01-01' }, orderLines: [line({ prePayment: true })] })).toBe('Forudbetalingsdato er påkrævet');
    expect(parse({ invoicing: { type: 'single', invoiceDate: '2026-01-01' }, orderLines: [line({ options: [{ title: 'X', price: 1, prePayment: true }] })] })).toBe(
      'Forudbetalingsdato er påkrævet',
    );
    expect(parse({ invoicing: { type: 'single', invoiceDate: '2026-01-01', prePaymentDate: '2025-12-01' }, orderLines: [line({ prePayment: true })] })).toBe('ok');
    expect(parse({ invoicing: { type: '' }, orderLines: [line({ prePayment: true })] })).toBe('ok');
  });

  it('seat is X-Y: one hyphen, letters (Danish too) and digits, not at the ends', () => {
    for (const ok of ['A-12', 'Æ-3', 'blok4-øst', '12-7']) expect(isSeat(ok), ok).toBe(true);
    for (const bad of ['A12', '-12', 'A-', 'A-1-2', 'A 1-2', 'A_1-2', '']) expect(isSeat(bad), bad).toBe(false);
  });

  it('Number custom fields take decimals', () => {
    expect(numberFieldValue('Antal gæster', '12,5')).toEqual({ ok: true, value: 12.5 });
    expect(numberFieldValue('Antal gæster', 'mange')).toEqual({ ok: false, message: 'Antal gæster skal være et gyldigt tal.' });
    expect(numberFieldValue('Antal gæster', '')).toEqual({ ok: true, value: null });
  });
});

describe('orderTotals (SPEC §9)', () => {
  it('adds options as their own lines, the fee, and the rate fee on rates invoicing', () => {
    const order: OrderMoney = { lines: [{ price: 10000, amount: 2, options: [{ price: 2500 }] }], additionalFee: 5000 };
    expect(orderTotals(order, withoutVat)).toMatchObject({ gross: 25000, additionalFee: 5000, rateFee: 0, subtotal: 30000, vat: 7500, total: 37500 });
    const rates = orderTotals({ ...order, invoicing: { type: 'rates', rateFee: 10 } }, withoutVat);
    expect(rates).toMatchObject({ rateFee: 3000, subtotal: 33000, vat: 8250, total: 41250 });
    expect(orderTotals({ ...order, invoicing: { type: 'single', rateFee: 10 } }, withoutVat).rateFee).toBe(0);
    // prices incl. VAT: 125 kr. gross is 100 kr. net
    expect(orderTotals({ lines: [{ price: 12500, amount: 1 }] }, withVat)).toMatchObject({ subtotal: 10000, vat: 2500, total: 12500 });
    expect(orderTotals({ lines: [{ price: 12500, amount: 1, vatExempt: true }] }, withVat)).toMatchObject({ subtotal: 12500, vat: 0, total: 12500 });
    expect(orderTotals({ lines: [{ price: 12500, amount: 1 }] }, { ...withVat, disableVat: true })).toMatchObject({ subtotal: 12500, vat: 0, total: 12500 });
  });

  it('spreads the order discount the same way whatever the order of the lines (ties included)', () => {
    // 102 øre each, 1 øre off: on the exempt line VAT is 25 % of 102 (26), on the taxable line of 101 (25).
    const a = { price: 102, amount: 1, vatExempt: true };
    const b = { price: 102, amount: 1 };
    for (const vat of [withVat, withoutVat]) {
      const one = orderTotals({ lines: [a, b], orderDiscount: 1 }, vat);
      expect(orderTotals({ lines: [b, a], orderDiscount: 1 }, vat)).toEqual(one);
    }
  });

  it('recurring invoices carry intervals/12 of a yearly amount', () => {
    expect(recurringAmount(120000, 3)).toBe(30000);
    expect(recurringAmount(100, 1)).toBe(8);
  });

  const vatArb = fc.record({ vatRate: fc.constantFrom(25, 12.5, 0), pricesWithVat: fc.boolean(), disableVat: fc.boolean() });
  const lineArb = fc.record({
    price: fc.integer({ min: 0, max: 5_000_000 }),
    amount: fc.integer({ min: 0, max: 2000 }).map((n) => n / 100),
    discount: fc.integer({ min: 0, max: 1_000_000 }),
    vatExempt: fc.boolean(),
    options: fc.array(fc.record({ price: fc.integer({ min: 0, max: 500_000 }) }), { maxLength: 3 }),
  });
  const orderArb = fc.record({
    lines: fc.array(lineArb, { maxLength: 8 }),
    orderDiscount: fc.integer({ min: 0, max: 2_000_000 }),
    additionalFee: fc.integer({ min: 0, max: 100_000 }),
    invoicing: fc.option(fc.record({ type: fc.constantFrom('single', 'recurring', 'rates') as fc.Arbitrary<'single' | 'recurring' | 'rates'>, rateFee: fc.constantFrom(0, 2.5, 5, 10) })),
  });

  it('is the same whatever the order of the lines, and equals computeTotals on the flattened lines', () => {
    fc.assert(
      fc.property(orderArb, vatArb, fc.func(fc.integer()), (order, vat, key) => {
        const totals = orderTotals(order, vat);
        const shuffled = { ...order, lines: [...order.lines].sort((a, b) => key(a) - key(b)) };
        const again = orderTotals(shuffled, vat);
        expect({ subtotal: again.subtotal, vat: again.vat, total: again.total }).toEqual({ subtotal: totals.subtotal, vat: totals.vat, total: totals.total });
        const flat = computeTotals(orderMoneyLines(order, vat).lines, vat);
        expect({ subtotal: totals.subtotal, vat: totals.vat, total: totals.total, discount: totals.discount }).toEqual({
          subtotal: flat.subtotal,
          vat: flat.vat,
          total: flat.total,
          discount: flat.discount,
        });
        // Without fees, it is computeTotals of the lines and options with the order discount.
        const plain = { ...order, additionalFee: 0, invoicing: null };
        const goods = order.lines.flatMap((l) => [
          { unitPrice: l.price, amount: l.amount, discount: l.discount, vatExempt: l.vatExempt },
          ...l.options.map((o) => ({ unitPrice: o.price, amount: l.amount, vatExempt: l.vatExempt })),
        ]);
        const direct = computeTotals(goods, vat, { orderDiscount: order.orderDiscount });
        const viaOrder = orderTotals(plain, vat);
        expect([viaOrder.subtotal, viaOrder.vat, viaOrder.total, viaOrder.discount]).toEqual([direct.subtotal, direct.vat, direct.total, direct.discount]);
        expect(totals.total).toBe(totals.subtotal + totals.vat);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});

describe('orderPaymentStatus: an order follows its payment, forward only', () => {
  it('maps each attempt state to the order payment status', () => {
    expect(orderPaymentStatus('pending', 'authorized')).toBe('authorized');
    expect(orderPaymentStatus('pending', 'paid')).toBe('paid');
    expect(orderPaymentStatus('authorized', 'paid')).toBe('paid');
    expect(orderPaymentStatus('paid', 'refunded')).toBe('refunded');
    expect(orderPaymentStatus('authorized', 'cancelled')).toBe('cancelled');
    // A failed or still pending attempt leaves the order pending.
    expect(orderPaymentStatus('pending', 'failed')).toBeNull();
    expect(orderPaymentStatus('pending', 'pending')).toBeNull();
  });
  it('never moves back: repeats and late notifications change nothing', () => {
    const states = ['pending', 'authorized', 'paid', 'failed', 'cancelled', 'refunded'] as const;
    for (const a of states) {
      let status = orderPaymentStatus('pending', a) ?? 'pending';
      for (const b of states) {
        const next = orderPaymentStatus(status, b);
        if (next) status = next;
        expect(orderPaymentStatus(status, b)).toBeNull();
      }
    }
    expect(orderPaymentStatus('paid', 'authorized')).toBeNull();
    expect(orderPaymentStatus('refunded', 'paid')).toBeNull();
  });
  it('a payment is open to be paid when nothing went through or the last was released', () => {
    expect(PAYMENT_STATUSES.filter(paymentOpen)).toEqual(['pending', 'cancelled']);
  });
});
