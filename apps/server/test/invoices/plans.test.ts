import { runInvoicePlansAllClubs } from '@klubhus/api';
import { addMonths } from '@klubhus/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { approvedOrder, type InvoiceCaller, invoiceCaller } from './helpers';

/**
 * Invoicing plans run themselves (issue 15 item 4), with a simulated clock: the plan job is run for
 * chosen days. A rates plan with customPeriods and a recurring plan over a year make the right
 * drafts on the right dates, each once — run again, run twice at once (two processes), and after a
 * restart (a new app on the same database) nothing is made twice.
 */
let t: TestApp;
let call: InvoiceCaller;

beforeAll(async () => {
  t = await createTestApp();
  call = await invoiceCaller(t);
}, 120_000);
afterAll(() => t.close());

const deps = () => ({ db: t.database.db, owner: t.database.owner });
/** Runs the plan job for a day and answers how many drafts it made for this order (the demo's own orders have plans too). */
const runFor = async (orderId: number, day: string) => {
  const before = (await drafts(orderId)).length;
  await runInvoicePlansAllClubs(deps(), day);
  return (await drafts(orderId)).length - before;
};
const drafts = async (orderId: number) =>
  (await t.database.owner.selectFrom('invoices').select(['plan_key', 'invoice_date', 'total']).where('order_id', '=', orderId).orderBy('invoice_date').orderBy('plan_key').execute()).map((r) => [
    r.plan_key,
    String(r.invoice_date).slice(0, 10),
    Number(r.total),
  ]);

describe('invoicing plans on the job runner', () => {
  it('rates with customPeriods and a rate fee: one draft per period on its date, split by the periods’ amounts, once', async () => {
    const { id } = await approvedOrder(call, t, {
      orderLines: [{ title: 'Sponsorpakke', price: '10000', amount: 1 }],
      invoicing: {
        type: 'rates',
        invoiceDate: '2027-01-15',
        rateFee: '5',
        customPeriods: [
          { date: '2027-01-15', amount: '2500' },
          { date: '2027-04-15', amount: '2500' },
          { date: '2027-07-15', amount: '5000' },
        ],
      },
    });
    // 10.000 kr. + 5 % = 10.500 kr. incl. VAT, split 25/25/50.
    const order = await call.orders.get({ id });
    expect(order.total).toBe(10500);
    expect(await runFor(id, '2027-01-14')).toBe(0);
    expect(await runFor(id, '2027-01-15')).toBe(1);
    expect(await runFor(id, '2027-01-15')).toBe(0);
    expect(await drafts(id)).toEqual([['rate:1', '2027-01-15', 262500]]);
    // A day well after the others: both remaining rates, once; the three add up to the order.
    expect(await runFor(id, '2027-09-01')).toBe(2);
    expect(await runFor(id, '2027-12-31')).toBe(0);
    const all = await drafts(id);
    expect(all).toEqual([
      ['rate:1', '2027-01-15', 262500],
      ['rate:2', '2027-04-15', 262500],
      ['rate:3', '2027-07-15', 525000],
    ]);
    expect(all.reduce((s, r) => s + (r[2] as number), 0)).toBe(1050000);
    const tab = await call.invoices.byOrder({ orderId: id });
    expect(tab.planned.map((p) => [p.label, p.date, p.total, p.made])).toEqual([
      ['Rate 1 af 3', '2027-01-15', 2625, true],
      ['Rate 2 af 3', '2027-04-15', 2625, true],
      ['Rate 3 af 3', '2027-07-15', 5250, true],
    ]);
    expect(tab.canInvoice).toBe(false);
  });

  it('recurring every 3 months over a year from its start date: four drafts of a quarter each, plus the interval fee, once', async () => {
    const { id } = await approvedOrder(call, t, {
      orderLines: [{ title: 'Årligt sponsorat', price: '12000', amount: 1 }],
      invoicing: { type: 'recurring', invoiceDate: '2028-01-31', startDate: '2028-01-31', intervals: 3, intervalFee: '50' },
    });
    const start = '2028-01-31';
    const expectedDates = [0, 3, 6, 9].map((m) => addMonths(start, m));
    expect(expectedDates).toEqual(['2028-01-31', '2028-04-30', '2028-07-31', '2028-10-31']);
    // Day by day through the year (the clock simulated): each draft appears on its date.
    let made = 0;
    for (let day = new Date('2028-01-01T00:00:00Z'); day <= new Date('2029-01-31T00:00:00Z'); day = new Date(day.getTime() + 5 * 86_400_000)) {
      made += await runFor(id, day.toISOString().slice(0, 10));
    }
    made += await runFor(id, '2029-02-01');
    expect(made).toBe(4);
    expect(await drafts(id)).toEqual(expectedDates.map((d, k) => [`recurring:${k + 1}`, d, 300000 + 5000]));
  });

  it('two processes at once and a restart make each draft once', async () => {
    const { id } = await approvedOrder(call, t, {
      orderLines: [{ title: 'Månedssponsorat', price: '1200', amount: 1 }],
      invoicing: { type: 'recurring', invoiceDate: '2029-01-01', startDate: '2029-01-01', intervals: 1 },
    });
    await Promise.all([runInvoicePlansAllClubs(deps(), '2029-06-15'), runInvoicePlansAllClubs(deps(), '2029-06-15')]);
    expect((await drafts(id)).length).toBe(6);
    // A restart: the job runs again (new process, same database) for the same day, then a later one.
    expect(await runFor(id, '2029-06-15')).toBe(0);
    expect(await runFor(id, '2029-12-31')).toBe(6);
    const rows = await drafts(id);
    expect(rows.length).toBe(12);
    expect(new Set(rows.map((r) => r[0])).size).toBe(12);
    expect(rows.reduce((s, r) => s + (r[2] as number), 0)).toBe(120000);
  });

  it('a prepayment line is invoiced on its own date; the rest on the invoice date', async () => {
    const { id } = await approvedOrder(call, t, {
      orderLines: [
        { title: 'Depositum', price: '500', amount: 1, prePayment: true },
        { title: 'Restbeløb', price: '1500', amount: 1 },
      ],
      invoicing: { type: 'single', invoiceDate: '2030-03-01', prePaymentDate: '2030-01-10' },
    });
    expect(await runFor(id, '2030-01-10')).toBe(1);
    expect(await runFor(id, '2030-03-01')).toBe(1);
    expect(await drafts(id)).toEqual([
      ['prepayment', '2030-01-10', 50000],
      ['single', '2030-03-01', 150000],
    ]);
  });
});
