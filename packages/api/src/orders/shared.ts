import type { OrderInvoicingJson, Tx } from '@klubhus/db';
import { type OrderStatus, type TOrderLine, wireKroner, type ZOrderInvoicing } from '@klubhus/domain';
import type { z } from 'zod';
import { fail } from '../lib/errors';

/** What the orders service and the order's payments share: the audit, the order's row lock, its stored lines. */

type Club = { clientId: number; userId: number | null };

export async function audit(trx: Tx, club: Club, order: { id: number; order_number: number }, action: string, from: OrderStatus | null, to: OrderStatus | null) {
  await trx
    .insertInto('order_audit')
    .values({ client_id: club.clientId, order_id: order.id, order_number: order.order_number, user_id: club.userId, action, from_status: from, to_status: to })
    .execute();
}

/** The order's row, locked until the call ends: its status decides what may happen next. */
export async function lockOrder(trx: Tx, clientId: number, orderId: number) {
  const o = await trx.selectFrom('orders').selectAll().where('client_id', '=', clientId).where('id', '=', orderId).forUpdate().executeTakeFirst();
  if (!o) throw fail.notFound();
  return o;
}

export type StoredLine = TOrderLine & { id: number };

/** The columns an order line and an agreement line share (order_lines, contract_lines), as a line. */
export const lineColumns = <Type>(l: {
  id: number;
  product_id: number | null;
  variant_id: number | null;
  title: string;
  sku: string | null;
  type: Type;
  price: number | string;
  discount: number | string;
  amount: number | string;
  pre_payment: boolean;
  vat_exempt: boolean;
  description: string | null;
  seat: string | null;
  seat_event_id: number | null;
}) => ({
  id: l.id,
  productId: l.product_id,
  variantId: l.variant_id,
  title: l.title,
  sku: l.sku,
  type: l.type,
  price: Number(l.price),
  discount: Number(l.discount),
  amount: Number(l.amount),
  prePayment: l.pre_payment,
  vatExempt: l.vat_exempt,
  description: l.description,
  seat: l.seat,
  seatEventId: l.seat_event_id,
});

export async function storedLines(trx: Tx, clientId: number, orderIds: number[]): Promise<Map<number, StoredLine[]>> {
  const out = new Map<number, StoredLine[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return out;
  const lines = await trx.selectFrom('order_lines').selectAll().where('client_id', '=', clientId).where('order_id', 'in', orderIds).orderBy('sorting').orderBy('id').execute();
  const options = lines.length
    ? await trx
        .selectFrom('order_line_options')
        .selectAll()
        .where('client_id', '=', clientId)
        .where(
          'line_id',
          'in',
          lines.map((l) => l.id),
        )
        .orderBy('sorting')
        .orderBy('id')
        .execute()
    : [];
  for (const l of lines) {
    out.get(l.order_id)?.push({
      ...lineColumns(l),
      extraInfo: l.extra_info as TOrderLine['extraInfo'],
      options: options
        .filter((o) => o.line_id === l.id)
        .map((o) => ({ id: o.id, productId: o.product_id, variantId: o.variant_id, title: o.title, sku: o.sku, price: Number(o.price), prePayment: o.pre_payment })),
    } as StoredLine);
  }
  return out;
}

/** An order's or an agreement's invoicing plan as stored (orders.invoicing, contracts.invoicing). */
export const invoicingJson = (i: z.output<typeof ZOrderInvoicing> | null | undefined): OrderInvoicingJson | null =>
  i
    ? {
        type: i.type,
        prePaymentDate: i.prePaymentDate,
        invoiceDate: i.invoiceDate,
        amount: i.amount,
        intervals: i.intervals,
        startDate: i.startDate,
        intervalFee: i.intervalFee,
        customPeriods: i.customPeriods.map((p) => ({ date: p.date ?? '', amount: p.amount })),
        rateFee: i.rateFee,
        splitPayments: i.splitPayments,
      }
    : null;

/** Every variant named is a row of this club and, where its line names a product, one of that product's variants. */
export async function checkVariants(trx: Tx, clientId: number, refs: { productId?: number | null; variantId?: number | null }[], message: string) {
  const variantIds = [...new Set(refs.map((v) => v.variantId).filter((x): x is number => !!x))];
  if (!variantIds.length) return;
  const rows = await trx.selectFrom('product_variants').select(['id', 'product_id']).where('client_id', '=', clientId).where('id', 'in', variantIds).execute();
  const productOf = new Map(rows.map((r) => [r.id, r.product_id]));
  for (const v of refs) {
    if (!v.variantId) continue;
    const p = productOf.get(v.variantId);
    if (p === undefined || (v.productId && p !== v.productId)) throw fail.badRequest(message);
  }
}

/** Every event a seat line names is an event of this club. */
export async function checkSeatEvents(trx: Tx, clientId: number, lines: { seatEventId?: number | null }[], message: string) {
  const eventIds = [...new Set(lines.map((l) => l.seatEventId).filter((x): x is number => !!x))];
  if (!eventIds.length) return;
  const rows = await trx.selectFrom('events').select('id').where('client_id', '=', clientId).where('id', 'in', eventIds).execute();
  if (rows.length !== eventIds.length) throw fail.badRequest(message);
}

/** The company and the contact an order or an agreement is for, as its page shows them (null when none). */
export async function buyerRecords(trx: Tx, clientId: number, row: { company_id: number | null; contact_id: number | null }) {
  const company = row.company_id
    ? ((await trx.selectFrom('companies').select(['id', 'name']).where('client_id', '=', clientId).where('id', '=', row.company_id).executeTakeFirst()) ?? null)
    : null;
  const contact = row.contact_id
    ? ((await trx.selectFrom('contacts').select(['id', 'firstname', 'lastname', 'email']).where('client_id', '=', clientId).where('id', '=', row.contact_id).executeTakeFirst()) ?? null)
    : null;
  return { company, contact };
}

/** A stored invoicing plan (orders.invoicing, contracts.invoicing) on the wire: amounts in kroner, a custom period's empty date as null. */
export const invoicingWire = (inv: OrderInvoicingJson | null) =>
  inv
    ? {
        ...inv,
        amount: wireKroner(inv.amount),
        intervalFee: wireKroner(inv.intervalFee),
        customPeriods: (inv.customPeriods ?? []).map((p) => ({ date: p.date || null, amount: wireKroner(p.amount) ?? 0 })),
      }
    : null;
