import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  computeTotals,
  creditLines,
  DANISH_VAT,
  dueEntries,
  invoiceActionAllowed,
  INVOICE_MSG,
  invoiceTotals,
  invoicingSchedule,
  type OrderForInvoice,
  orderInvoiceLines,
  orderTotals,
  type TOrderInvoicing,
} from '../src';

const plan = (p: Partial<TOrderInvoicing> & Pick<TOrderInvoicing, 'type'>): TOrderInvoicing => ({
  prePaymentDate: null,
  invoiceDate: '2026-01-15',
  amount: null,
  intervals: null,
  startDate: null,
  intervalFee: null,
  customPeriods: [],
  rateFee: null,
  splitPayments: false,
  ...p,
});

const order = (invoicing: TOrderInvoicing | null, extra: Partial<OrderForInvoice> = {}): OrderForInvoice => ({
  lines: [
    { title: 'Sæsonkort', sku: 'SK', productId: 1, price: 180000, amount: 1, discount: 10000, vatExempt: false, prePayment: false, options: [{ title: 'Parkering', sku: null, productId: 2, price: 30000, prePayment: false }] },
    { title: 'Klubtrøje', sku: 'KT', productId: 3, price: 49900, amount: 3, discount: 0, vatExempt: false, prePayment: false, options: [] },
    { title: 'Kontingent', sku: null, productId: null, price: 50000, amount: 1, discount: 0, vatExempt: true, prePayment: false, options: [] },
  ],
  orderDiscount: 12345,
  additionalFee: 2500,
  invoicing,
  ...extra,
});

const asOrderMoney = (o: OrderForInvoice) => ({
  lines: o.lines.map((l) => ({ ...l, options: l.options.map((op) => ({ price: op.price })) })),
  orderDiscount: o.orderDiscount,
  additionalFee: o.additionalFee,
  invoicing: o.invoicing,
});

describe('invoice lines and totals', () => {
  it('an order made into invoice lines has exactly orderTotals’ totals, in either price mode and with rates’ fee', () => {
    for (const vat of [DANISH_VAT, { vatRate: 25, pricesWithVat: false, disableVat: false }, { vatRate: 25, pricesWithVat: true, disableVat: true }]) {
      for (const inv of [null, plan({ type: 'rates', rateFee: 2.5 })]) {
        const o = order(inv);
        const t = invoiceTotals(orderInvoiceLines(o, vat), vat);
        const expected = orderTotals(asOrderMoney(o), vat);
        expect({ subtotal: t.subtotal, vat: t.vat, total: t.total }).toEqual({ subtotal: expected.subtotal, vat: expected.vat, total: expected.total });
      }
    }
  });

  it('a credit note’s lines are the invoice’s negated, discounts kept: its totals are exactly the negative', () => {
    const lines = orderInvoiceLines(order(null), DANISH_VAT);
    const t = invoiceTotals(lines, DANISH_VAT);
    const c = invoiceTotals(creditLines(lines), DANISH_VAT);
    expect([c.subtotal, c.vat, c.total, c.discount]).toEqual([-t.subtotal, -t.vat, -t.total, -t.discount]);
    // computeTotals keeps a positive line's discount within 0..gross as before.
    expect(computeTotals([{ unitPrice: 1000, amount: 1, discount: 5000 }], DANISH_VAT).total).toBe(0);
  });
});

describe('invoicing plans', () => {
  it('dates: months clamp to the month’s last day; days roll over', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addDays('2026-12-28', 8)).toBe('2027-01-05');
  });

  it('single: one invoice on the invoice date; a prepayment line on its own date first', () => {
    const o = order(plan({ type: 'single', invoiceDate: '2026-03-01', prePaymentDate: '2026-01-10' }));
    o.lines[1].prePayment = true;
    const s = invoicingSchedule(o, DANISH_VAT, '2026-01-01');
    expect(s.map((e) => [e.key, e.date, e.lines.map((l) => l.title)])).toEqual([
      ['prepayment', '2026-01-10', ['Klubtrøje']],
      ['single', '2026-03-01', ['Sæsonkort', 'Parkering', 'Kontingent', 'Gebyr']],
    ]);
    const sum = s.reduce((a, e) => a + invoiceTotals(e.lines, DANISH_VAT).total, 0);
    expect(sum).toBe(orderTotals(asOrderMoney(o), DANISH_VAT).total);
  });

  it('recurring every 5 months over a year: 5 + 5 + 2 months, the parts adding up to the order to the øre', () => {
    const o = order(plan({ type: 'recurring', startDate: '2026-02-01', intervals: 5 }));
    const s = invoicingSchedule(o, DANISH_VAT, '2026-01-01');
    expect(s.map((e) => [e.key, e.date, e.label])).toEqual([
      ['recurring:1', '2026-02-01', 'Periode 1 af 3'],
      ['recurring:2', '2026-07-01', 'Periode 2 af 3'],
      ['recurring:3', '2026-12-01', 'Periode 3 af 3'],
    ]);
    const totals = s.map((e) => invoiceTotals(e.lines, DANISH_VAT).total);
    expect(totals.reduce((a, b) => a + b, 0)).toBe(orderTotals(asOrderMoney(o), DANISH_VAT).total);
    expect(Math.abs(totals[0] / totals[2] - 5 / 2)).toBeLessThan(0.01);
  });

  it('rates without periods: `amount` rates every `intervals` months in equal parts; with splitPayments the periods’ amounts are ignored', () => {
    const even = invoicingSchedule(order(plan({ type: 'rates', amount: 400, intervals: 2, startDate: '2026-01-01' })), DANISH_VAT, '2026-01-01');
    expect(even.map((e) => e.date)).toEqual(['2026-01-01', '2026-03-01', '2026-05-01', '2026-07-01']);
    const periods = [
      { date: '2026-06-01', amount: 100 },
      { date: '2026-01-01', amount: 300 },
    ];
    const weighted = invoicingSchedule(order(plan({ type: 'rates', customPeriods: periods })), DANISH_VAT, '2026-01-01');
    const split = invoicingSchedule(order(plan({ type: 'rates', customPeriods: periods, splitPayments: true })), DANISH_VAT, '2026-01-01');
    const t = (s: typeof weighted) => s.map((e) => invoiceTotals(e.lines, DANISH_VAT).total);
    expect(weighted.map((e) => e.date)).toEqual(['2026-01-01', '2026-06-01']);
    expect(Math.round(t(weighted)[0] / t(weighted)[1])).toBe(3);
    expect(Math.abs(t(split)[0] - t(split)[1])).toBeLessThanOrEqual(10);
  });

  it('dueEntries: only those whose date has come and that are not made', () => {
    const s = invoicingSchedule(order(plan({ type: 'rates', amount: 300, startDate: '2026-01-01' })), DANISH_VAT, '2026-01-01');
    expect(dueEntries(s, new Set(['rate:1']), '2026-02-15').map((e) => e.key)).toEqual(['rate:2']);
  });
});

describe('invoice states (SPEC §4)', () => {
  const base = { isDraft: false, isPaid: false, type: 'invoice' as const, credited: false };
  it('draft: book or delete; booked: credit, send, mark sent or paid; a credit note cannot be credited', () => {
    expect(invoiceActionAllowed({ ...base, isDraft: true }, 'book')).toEqual({ ok: true });
    expect(invoiceActionAllowed({ ...base, isDraft: true }, 'credit')).toEqual({ ok: false, message: INVOICE_MSG.creditOnlyBooked });
    expect(invoiceActionAllowed(base, 'delete')).toEqual({ ok: false, message: INVOICE_MSG.deleteOnlyDraft });
    expect(invoiceActionAllowed({ ...base, credited: true }, 'credit')).toEqual({ ok: false, message: INVOICE_MSG.alreadyCredited });
    expect(invoiceActionAllowed({ ...base, type: 'credit_note' }, 'credit')).toEqual({ ok: false, message: INVOICE_MSG.creditCreditNote });
    expect(invoiceActionAllowed({ ...base, isPaid: true }, 'paid')).toEqual({ ok: false, message: INVOICE_MSG.alreadyPaid });
    expect(invoiceActionAllowed(base, 'sendReceipt')).toEqual({ ok: false, message: INVOICE_MSG.receiptOnlyPaid });
  });
});
