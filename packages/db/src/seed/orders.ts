import { type InvoicingType, type OrderStatus, orderTotals, type PaymentStatus } from '@klubhus/domain';
import { sql } from 'kysely';
import { json } from '../json';
import type { Tx } from '../tenancy';
import { setScope } from '../tenancy';

/**
 * Demo orders of a club (issue 13): one in every status and every payment status, with lines from
 * the demo catalogue (variants and options included), buyers from the demo companies and contacts,
 * numbered 1..n through the club's counter like the app numbers them, totals from orderTotals, and
 * an audit row for each step.
 */
export async function seedOrdersDemo(trx: Tx, clientId: number, staffId: number): Promise<void> {
  await setScope(trx, clientId, null);
  const c = { client_id: clientId };
  const club = await trx.selectFrom('clients').select(['vat_rate', 'prices_with_vat', 'disable_vat']).where('id', '=', clientId).executeTakeFirstOrThrow();
  const vat = { vatRate: Number(club.vat_rate), pricesWithVat: club.prices_with_vat, disableVat: club.disable_vat };
  const product = async (title: string) =>
    trx.selectFrom('products').select(['id', 'title', 'sku', 'type', 'price', 'vat_exempt', 'pre_payment']).where('client_id', '=', clientId).where('title', '=', title).executeTakeFirstOrThrow();
  const variant = async (productId: number, title: string) =>
    trx.selectFrom('product_variants').select(['id', 'title', 'price']).where('client_id', '=', clientId).where('product_id', '=', productId).where('title', '=', title).executeTakeFirstOrThrow();
  const single = await product('Enkeltbillet');
  const seasonCard = await product('Sæsonkort');
  const parking = await product('Parkering');
  const banner = await product('Bandereklame');
  const jersey = await product('Klubtrøje');
  const scarf = await product('Halstørklæde');
  const adult = await variant(single.id, 'Voksen');
  const child = await variant(single.id, 'Barn (under 15)');
  const medium = await variant(jersey.id, 'Medium');
  const companies = await trx.selectFrom('companies').select(['id', 'name']).where('client_id', '=', clientId).orderBy('id').limit(4).execute();
  const contacts = await trx.selectFrom('contacts').select(['id', 'firstname', 'lastname', 'email', 'phone']).where('client_id', '=', clientId).orderBy('id').limit(6).execute();
  const category = await trx.selectFrom('order_categories').select('id').where('client_id', '=', clientId).where('title', '=', 'Sponsoraftale').executeTakeFirst();
  const webshop = await trx.selectFrom('order_categories').select('id').where('client_id', '=', clientId).where('title', '=', 'Webshop').executeTakeFirst();

  type P = Awaited<ReturnType<typeof product>>;
  type Line = { p: P; v?: { id: number; title: string; price: number }; amount: number; discount?: number; seat?: string; options?: P[] };
  const line = (p: P, amount: number, extra: Omit<Line, 'p' | 'amount'> = {}): Line => ({ p, amount, ...extra });
  const invoice = (type: InvoicingType, extra: { rateFee?: number; intervals?: number } = {}) => ({
    type,
    prePaymentDate: null,
    invoiceDate: '2026-08-01',
    amount: null,
    intervals: extra.intervals ?? null,
    startDate: type === 'single' ? null : '2026-08-01',
    intervalFee: null,
    customPeriods: [],
    rateFee: extra.rateFee ?? null,
    splitPayments: false,
  });
  const contactOf = (i: number) => contacts[i % Math.max(1, contacts.length)];
  const orders: {
    status: OrderStatus;
    payment: PaymentStatus;
    contact: number;
    company?: number;
    lines: Line[];
    orderDiscount?: number;
    additionalFee?: number;
    invoicing?: ReturnType<typeof invoice>;
    description?: string;
    category?: number;
    steps: [string, OrderStatus | null, OrderStatus][];
  }[] = [
    { status: 'draft', payment: 'pending', contact: 0, company: 0, category: category?.id, lines: [line(banner, 1, { discount: 100000 })], invoicing: invoice('single'), description: 'Bande på langsiden, sæson 2026/27.', steps: [] },
    { status: 'draft', payment: 'pending', contact: 1, lines: [line(single, 4, { v: adult }), line(single, 2, { v: child })], steps: [] },
    { status: 'approved', payment: 'pending', contact: 2, company: 1, category: category?.id, lines: [line(seasonCard, 2, { seat: 'A-12', options: [parking] })], additionalFee: 5000, invoicing: invoice('rates', { rateFee: 2.5, intervals: 3 }), steps: [['approve', 'draft', 'approved']] },
    { status: 'approved', payment: 'authorized', contact: 3, category: webshop?.id, lines: [line(jersey, 1, { v: medium }), line(scarf, 2)], steps: [['approve', 'draft', 'approved']] },
    { status: 'approved', payment: 'paid', contact: 4, category: webshop?.id, lines: [line(single, 3, { v: adult })], steps: [['approve', 'draft', 'approved']] },
    { status: 'approved', payment: 'paid', contact: 5, company: 2, lines: [line(seasonCard, 1, { seat: 'B-7' })], orderDiscount: 20000, steps: [['approve', 'draft', 'approved'], ['edit', 'approved', 'draft'], ['approve', 'draft', 'approved']] },
    { status: 'cancelled', payment: 'cancelled', contact: 0, lines: [line(scarf, 1)], steps: [['approve', 'draft', 'approved'], ['cancel', 'approved', 'cancelled']] },
    { status: 'cancelled', payment: 'refunded', contact: 1, company: 3, lines: [line(single, 2, { v: adult })], steps: [['approve', 'draft', 'approved'], ['cancel', 'approved', 'cancelled']] },
    { status: 'cart', payment: 'pending', contact: 2, category: webshop?.id, lines: [line(jersey, 1, { v: medium })], steps: [] },
  ];

  for (const o of orders) {
    const counter = await sql<{ last_number: number }>`
      INSERT INTO order_counters (client_id, last_number) VALUES (${clientId}, 1)
      ON CONFLICT (client_id) DO UPDATE SET last_number = order_counters.last_number + 1 RETURNING last_number`.execute(trx);
    const number = Number(counter.rows[0].last_number);
    const money = o.lines.map((l) => ({
      price: l.v ? Number(l.v.price) : Number(l.p.price),
      amount: l.amount,
      discount: l.discount ?? 0,
      vatExempt: l.p.vat_exempt,
      options: (l.options ?? []).map((op) => ({ price: Number(op.price) })),
    }));
    const totals = orderTotals({ lines: money, orderDiscount: o.orderDiscount, additionalFee: o.additionalFee, invoicing: o.invoicing ?? null }, vat);
    const contact = contactOf(o.contact);
    const company = o.company !== undefined ? companies[o.company] : undefined;
    const row = await trx
      .insertInto('orders')
      .values({
        ...c,
        order_number: number,
        status: o.status,
        payment_status: o.payment,
        firstname: contact?.firstname ?? null,
        lastname: contact?.lastname ?? null,
        email: contact?.email ?? null,
        phone: contact?.phone ?? null,
        description: o.description ?? null,
        company_id: company?.id ?? null,
        contact_id: contact?.id ?? null,
        category_id: o.category ?? null,
        order_discount: o.orderDiscount ?? 0,
        additional_fee: o.additionalFee ?? 0,
        invoicing: o.invoicing ? json(o.invoicing) : null,
        subtotal: totals.subtotal,
        discount: totals.discount,
        vat: totals.vat,
        total: totals.total,
        created_by: o.status === 'cart' ? null : staffId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, l] of o.lines.entries()) {
      const lineRow = await trx
        .insertInto('order_lines')
        .values({
          ...c,
          order_id: row.id,
          product_id: l.p.id,
          variant_id: l.v?.id ?? null,
          title: l.v ? `${l.p.title} – ${l.v.title}` : l.p.title,
          sku: l.p.sku,
          type: l.p.type,
          price: money[i].price,
          amount: l.amount,
          discount: l.discount ?? 0,
          pre_payment: l.p.pre_payment,
          vat_exempt: l.p.vat_exempt,
          seat: l.seat ?? null,
          sorting: i,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [j, op] of (l.options ?? []).entries()) {
        await trx.insertInto('order_line_options').values({ ...c, line_id: lineRow.id, product_id: op.id, title: op.title, sku: op.sku, price: Number(op.price), sorting: j }).execute();
      }
    }
    const user = o.status === 'cart' ? null : staffId;
    await trx.insertInto('order_audit').values({ ...c, order_id: row.id, order_number: number, user_id: user, action: 'create', from_status: null, to_status: o.status === 'cart' ? 'cart' : 'draft' }).execute();
    for (const [action, from, to] of o.steps) {
      await trx.insertInto('order_audit').values({ ...c, order_id: row.id, order_number: number, user_id: staffId, action, from_status: from, to_status: to }).execute();
    }
    // Money in or back: the card payment behind the payment status (the built-in test provider's), so Hæv betaling works on the authorized one.
    const attempt = ({ authorized: 'authorized', paid: 'paid', refunded: 'refunded' } as const)[o.payment as 'authorized' | 'paid' | 'refunded'];
    if (attempt) {
      const payment = await trx
        .insertInto('payments')
        .values({
          ...c,
          reference: `k${clientId}-o${row.id}-1`,
          provider: 'test',
          transaction_id: `test_demo_${row.id}`,
          purpose_type: 'order',
          purpose_id: row.id,
          amount: totals.total,
          capture: attempt === 'authorized' ? 'manual' : 'auto',
          status: attempt,
          captured_amount: attempt === 'authorized' ? 0 : totals.total,
          refunded_amount: attempt === 'refunded' ? totals.total : 0,
          card: json({ type: 'visa', mask: 'XXXXXXXXXXXX4242', expMonth: 12, expYear: 2030 }),
          fulfilled_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('orders').set({ payment_id: payment.id }).where('client_id', '=', clientId).where('id', '=', row.id).execute();
    }
  }
}
