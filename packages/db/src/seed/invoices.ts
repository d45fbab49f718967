import { randomBytes } from 'node:crypto';
import { addDays, creditLines, type InvoiceLineDraft, invoiceTotals, invoicingSchedule, type OrderForInvoice } from '@klubhus/domain';
import { json } from '../json';
import type { Tx } from '../tenancy';
import { setScope } from '../tenancy';

/**
 * Demo invoices of a club (issue 15), made from the demo orders the way the app makes them (lines
 * copied, totals from computeTotals, numbers 1..n through the club's counter): three booked
 * invoices (one paid and sent, one sent), a credit note of one of them, and the first rate of the
 * rates order as a draft. Their PDFs are pending: the PDF job renders them once the app runs.
 */
export async function seedInvoicesDemo(trx: Tx, clientId: number, staffId: number): Promise<void> {
  await setScope(trx, clientId, null);
  const club = await trx.selectFrom('clients').select(['vat_rate', 'prices_with_vat', 'disable_vat']).where('id', '=', clientId).executeTakeFirstOrThrow();
  const vat = { vatRate: Number(club.vat_rate), pricesWithVat: club.prices_with_vat, disableVat: club.disable_vat };
  const orders = await trx.selectFrom('orders').selectAll().where('client_id', '=', clientId).where('status', '=', 'approved').orderBy('order_number').execute();
  let number = 0;

  async function make(o: (typeof orders)[number], opts: { key: string; date: string; booked: boolean; sent?: boolean; paid?: boolean; lines?: InvoiceLineDraft[]; credits?: { id: number; number: number } }) {
    const lines = opts.lines ?? (await planLines(o))[0].lines;
    const totals = invoiceTotals(lines, vat);
    const contact = o.contact_id ? await trx.selectFrom('contacts').select(['firstname', 'lastname', 'email']).where('id', '=', o.contact_id).executeTakeFirst() : undefined;
    const company = o.company_id ? await trx.selectFrom('companies').select(['name', 'address', 'zip_code', 'city', 'cvr', 'email']).where('id', '=', o.company_id).executeTakeFirst() : undefined;
    const attention = contact ? `${contact.firstname} ${contact.lastname}` : null;
    const recipient = company
      ? { name: company.name, attention, address: company.address, zipCode: company.zip_code, city: company.city, cvr: company.cvr, email: contact?.email ?? company.email }
      : { name: attention ?? 'Kunde', email: contact?.email ?? o.email };
    const n = opts.booked ? ++number : null;
    const row = await trx
      .insertInto('invoices')
      .values({
        client_id: clientId,
        number: n,
        type: opts.credits ? 'credit_note' : 'invoice',
        is_draft: !opts.booked,
        is_sent: !!opts.sent,
        is_paid: !!opts.paid,
        invoice_date: opts.date,
        payment_date: opts.credits ? opts.date : addDays(opts.date, 8),
        paid_at: opts.paid ? new Date(`${addDays(opts.date, 3)}T10:00:00Z`) : null,
        sent_at: opts.sent ? new Date(`${opts.date}T10:00:00Z`) : null,
        booked_at: opts.booked ? new Date(`${opts.date}T09:00:00Z`) : null,
        booked_by: opts.booked ? staffId : null,
        title: opts.credits ? `Kreditering af faktura nr. ${opts.credits.number}` : `Ordre nr. ${o.order_number} · ${opts.key.startsWith('rate') ? 'Rate 1 af 1' : 'Faktura'}`,
        order_id: o.id,
        plan_key: opts.credits ? null : opts.key,
        credits_id: opts.credits?.id ?? null,
        company_id: o.company_id,
        contact_id: o.contact_id,
        collection: o.payment_status === 'paid' || o.payment_status === 'authorized' ? 'card' : 'transfer',
        recipient: json(recipient),
        vat_rate: vat.vatRate,
        prices_with_vat: vat.pricesWithVat,
        disable_vat: vat.disableVat,
        subtotal: totals.subtotal,
        discount: totals.discount,
        vat: totals.vat,
        total: totals.total,
        pdf_status: opts.booked ? 'pending' : 'none',
        pdf_key: opts.booked ? storageKey(clientId) : null,
        created_by: staffId,
      })
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('invoice_lines')
      .values(lines.map((l, k) => ({ client_id: clientId, invoice_id: row.id, sorting: k, title: l.title, description: l.description, sku: l.sku, product_id: l.productId, price: l.price, amount: l.amount, discount: l.discount, vat_exempt: l.vatExempt })))
      .execute();
    const actions = ['create', ...(opts.booked ? ['book'] : []), ...(opts.sent ? ['send'] : []), ...(opts.paid ? ['paid'] : [])];
    for (const action of actions) await trx.insertInto('invoice_audit').values({ client_id: clientId, invoice_id: row.id, number: row.number, user_id: staffId, action, detail: null }).execute();
    return { id: row.id, number: row.number as number, lines };
  }

  async function planLines(o: (typeof orders)[number]) {
    const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', o.id).orderBy('sorting').execute();
    const options = lines.length ? await trx.selectFrom('order_line_options').selectAll().where('line_id', 'in', lines.map((l) => l.id)).orderBy('sorting').execute() : [];
    const money: OrderForInvoice = {
      lines: lines.map((l) => ({
        title: l.title,
        sku: l.sku,
        productId: l.product_id,
        price: Number(l.price),
        amount: Number(l.amount),
        discount: Number(l.discount),
        vatExempt: l.vat_exempt,
        prePayment: l.pre_payment,
        options: options.filter((op) => op.line_id === l.id).map((op) => ({ title: op.title, sku: op.sku, productId: op.product_id, price: Number(op.price), prePayment: op.pre_payment })),
      })),
      orderDiscount: Number(o.order_discount),
      additionalFee: Number(o.additional_fee),
      invoicing: o.invoicing ? { ...o.invoicing, customPeriods: (o.invoicing.customPeriods ?? []).map((p) => ({ date: p.date || null, amount: p.amount })) } : null,
    };
    return invoicingSchedule(money, vat, '2026-09-01');
  }

  const [rates, card, tickets, season] = orders;
  if (card) await make(card, { key: 'single', date: '2026-09-02', booked: true, sent: true, paid: true });
  if (tickets) {
    const inv = await make(tickets, { key: 'single', date: '2026-09-10', booked: true, sent: true });
    await make(tickets, { key: 'credit', date: '2026-09-20', booked: true, lines: creditLines(inv.lines), credits: inv });
  }
  if (season) await make(season, { key: 'single', date: '2026-10-01', booked: true, sent: true });
  if (rates) await make(rates, { key: 'rate:1', date: '2026-08-01', booked: false, lines: (await planLines(rates))[0].lines });
  if (number) {
    await trx.insertInto('invoice_counters').values({ client_id: clientId, last_number: number }).onConflict((oc) => oc.column('client_id').doUpdateSet({ last_number: number })).execute();
  }
}

/** A storage key as the app's storage makes them (its format: club / fan-out / 128 random bits). */
function storageKey(clientId: number) {
  const token = randomBytes(16).toString('hex');
  return `${clientId}/${token.slice(0, 2)}/${token}`;
}
