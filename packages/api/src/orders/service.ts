import { commitWith, json, precompiled, type Tx } from '@klubhus/db';
import {
  BOOKING_MSG,
  ORDER_ACTION_MSG,
  ORDER_MSG,
  ORDER_SEARCH_COUNT_CAP,
  type OrderAction,
  orderTotals,
  orderTransition,
  type TOrderLine,
  type TOrderListRow,
  type TOrderResponse,
  type TOrderUpdate,
  type TSaveResponse,
  totalPages,
  type VatSettings,
  wireKroner,
  type ZOrderActionResponse,
  type ZOrderListRequest,
  type ZOrderListResponse,
} from '@klubhus/domain';
import { type Expression, type QueryCreator, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { CallFiles } from '../attachments/storage';
import { deleteRecordAttachments } from '../attachments/service';
import { confirmHeldBooking, lockOrderBooking, voidBooking } from '../booking/settle';
import { sendBookingReceipt } from '../booking/receipt';
import { checkedFieldValues } from '../catalogue/fields';
import { nextNumber } from '../lib/counters';
import { fail } from '../lib/errors';
import { missingIds } from '../lib/records';
import { ordersWorkbook } from './export';
import { audit, buyerRecords, checkSeatEvents, checkVariants, invoicingJson, invoicingWire, lockOrder, storedLines } from './shared';
import { lockOrderPayment, orderPayments, settleCancelledPayment } from './payments';

/**
 * Orders (SPEC §3 Order, §4 order states, §5 Order and Line modal): the model and its status
 * machine. Every change is one transaction (the club call's), checks the order's status under its
 * row lock, and leaves an order_audit row (who, when, from, to).
 */

type Club = { clientId: number; userId: number | null };
type ListInput = z.output<typeof ZOrderListRequest>;

/* ------------------------------------------------------------------ shared */

/** The club's VAT settings (clients.vat_rate, prices_with_vat, disable_vat). */
export async function clubVat(trx: Tx, clientId: number): Promise<VatSettings> {
  const c = await trx.selectFrom('clients').select(['vat_rate', 'prices_with_vat', 'disable_vat']).where('id', '=', clientId).executeTakeFirstOrThrow();
  return { vatRate: Number(c.vat_rate), pricesWithVat: c.prices_with_vat, disableVat: c.disable_vat };
}

/** The next order number of a club, gapless (the club's counter row under its lock: lib/counters). */
export const nextOrderNumber = (trx: Tx, clientId: number) => nextNumber(trx, 'order_counters', clientId);

/** What makes two lines the same line (ids and order of keys aside). */
function lineKey(l: TOrderLine): string {
  return JSON.stringify([
    l.productId ?? null,
    l.variantId ?? null,
    l.title,
    l.sku ?? null,
    l.type,
    l.price,
    Number(l.amount),
    l.discount,
    !!l.prePayment,
    !!l.vatExempt,
    l.description ?? null,
    l.seat ?? null,
    l.seatEventId ?? null,
    (l.extraInfo ?? []).map((e) => [e.title, e.value ?? null, e.values ?? []]),
    l.options.map((o) => [o.productId ?? null, o.variantId ?? null, o.title, o.sku ?? null, o.price, !!o.prePayment]),
  ]);
}
const sameLines = (a: TOrderLine[], b: TOrderLine[]) => a.length === b.length && a.every((l, i) => lineKey(l) === lineKey(b[i]));

/** Every id on the order is a row of this club (and a variant one of its line's product). */
async function checkReferences(trx: Tx, clientId: number, input: TOrderUpdate, lines: TOrderLine[]) {
  if (input.companyId && (await missingIds(trx, clientId, 'companies', [input.companyId])).length) throw fail.badRequest(ORDER_MSG.companyUnknown);
  if (input.contactId && (await missingIds(trx, clientId, 'contacts', [input.contactId])).length) throw fail.badRequest(ORDER_MSG.contactUnknown);
  if (input.categoryId) {
    const c = await trx.selectFrom('order_categories').select('id').where('client_id', '=', clientId).where('id', '=', input.categoryId).executeTakeFirst();
    if (!c) throw fail.badRequest(ORDER_MSG.categoryUnknown);
  }
  const productIds = lines.flatMap((l) => [l.productId, ...l.options.map((o) => o.productId)]).filter((x): x is number => !!x);
  if ((await missingIds(trx, clientId, 'products', productIds)).length) throw fail.badRequest(ORDER_MSG.productUnknown);
  const variants = lines.flatMap((l) => [{ productId: l.productId, variantId: l.variantId }, ...l.options.map((o) => ({ productId: o.productId, variantId: o.variantId }))]);
  await checkVariants(trx, clientId, variants, ORDER_MSG.variantUnknown);
  await checkSeatEvents(trx, clientId, lines, ORDER_MSG.seatEventUnknown);
}

async function insertLines(trx: Tx, clientId: number, orderId: number, lines: TOrderLine[]) {
  for (const [i, l] of lines.entries()) {
    const row = await trx
      .insertInto('order_lines')
      .values({
        client_id: clientId,
        order_id: orderId,
        product_id: l.productId,
        variant_id: l.variantId,
        title: l.title,
        sku: l.sku,
        type: l.type,
        price: l.price,
        amount: l.amount,
        discount: l.discount,
        pre_payment: l.prePayment,
        vat_exempt: l.vatExempt,
        description: l.description,
        seat: l.seat,
        seat_event_id: l.seatEventId,
        extra_info: json(l.extraInfo),
        sorting: i,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (l.options.length) {
      await trx
        .insertInto('order_line_options')
        .values(
          l.options.map((o, j) => ({
            client_id: clientId,
            line_id: row.id,
            product_id: o.productId,
            variant_id: o.variantId,
            title: o.title,
            sku: o.sku,
            price: o.price,
            pre_payment: o.prePayment,
            sorting: j,
          })),
        )
        .execute();
    }
  }
}

/* ------------------------------------------------------------------ save */

/**
 * Creates (no id: the next number, status draft, payment pending) or saves an order. Lines are
 * replaced only while the order is a draft; an approved order keeps its lines and amounts (its notes,
 * buyer, category and fields may still be saved); a cancelled order or a customer's cart is not saved.
 * Totals are recomputed with orderTotals on every save and stored.
 */
export async function saveOrder(trx: Tx, club: Club, input: TOrderUpdate): Promise<TSaveResponse> {
  const { clientId } = club;
  const existing = input.id ? await lockOrder(trx, clientId, input.id) : null;
  if (existing?.status === 'cancelled') throw fail.conflict(ORDER_MSG.cancelledReadOnly);
  if (existing?.status === 'cart') throw fail.conflict(ORDER_MSG.cartReadOnly);
  const stored = existing ? ((await storedLines(trx, clientId, [existing.id])).get(existing.id) ?? []) : [];
  const lines = input.orderLines ?? stored;
  const invoicing = invoicingJson(input.invoicing);
  if (existing && existing.status !== 'draft') {
    if (input.orderLines && !sameLines(input.orderLines, stored)) throw fail.conflict(ORDER_MSG.linesOnlyInDraft);
    const was = existing.invoicing;
    const moneyChanged =
      Number(existing.order_discount) !== input.orderDiscount ||
      Number(existing.additional_fee) !== input.additionalFee ||
      (was?.type ?? null) !== (invoicing?.type ?? null) ||
      (was?.rateFee ?? null) !== (invoicing?.rateFee ?? null);
    if (moneyChanged) throw fail.conflict(ORDER_MSG.amountsOnlyInDraft);
  }
  if (invoicing && !invoicing.prePaymentDate && lines.some((l) => l.prePayment || l.options.some((o) => o.prePayment))) {
    throw fail.badRequest(ORDER_MSG.prePaymentDateRequired);
  }
  await checkReferences(trx, clientId, input, input.orderLines ?? []);
  const fieldValues = await checkedFieldValues(trx, clientId, input.categoryId, input.fieldValues, ORDER_MSG.fieldUnknown);
  const totals =
    existing && existing.status !== 'draft'
      ? { subtotal: Number(existing.subtotal), discount: Number(existing.discount), vat: Number(existing.vat), total: Number(existing.total) }
      : orderTotals({ lines, orderDiscount: input.orderDiscount, additionalFee: input.additionalFee, invoicing }, await clubVat(trx, clientId));
  const values = {
    firstname: input.firstname,
    lastname: input.lastname,
    email: input.email,
    phone: input.phone,
    description: input.description,
    internal: input.internal,
    additional: input.additional,
    extra_info: json(input.extraInfo),
    company_id: input.companyId,
    contact_id: input.contactId,
    category_id: input.categoryId,
    order_discount: input.orderDiscount,
    additional_fee: input.additionalFee,
    invoicing: invoicing ? json(invoicing) : null,
    field_values: json(fieldValues),
    subtotal: totals.subtotal,
    discount: totals.discount,
    vat: totals.vat,
    total: totals.total,
  };
  if (existing) {
    await trx
      .updateTable('orders')
      .set({ ...values, updated_at: sql`now()` })
      .where('client_id', '=', clientId)
      .where('id', '=', existing.id)
      .execute();
    if (existing.status === 'draft' && input.orderLines) {
      await trx.deleteFrom('order_lines').where('client_id', '=', clientId).where('order_id', '=', existing.id).execute();
      await insertLines(trx, clientId, existing.id, input.orderLines);
    }
    await audit(trx, club, existing, 'update', existing.status, existing.status);
    return { id: existing.id, created: false, message: ORDER_MSG.saved };
  }
  const number = await nextOrderNumber(trx, clientId);
  const row = await trx
    .insertInto('orders')
    .values({ client_id: clientId, order_number: number, status: 'draft', payment_status: 'pending', created_by: club.userId, ...values })
    .returning(['id', 'order_number'])
    .executeTakeFirstOrThrow();
  await insertLines(trx, clientId, row.id, lines);
  await audit(trx, club, row, 'create', null, 'draft');
  return { id: row.id, created: true, message: ORDER_MSG.created };
}

/* ------------------------------------------------------------------ status machine */

/** What a status change needs beyond the club: where the provider calls back, and the call's stored bytes (a deleted order's notes). */
export interface OrderActionDeps {
  baseUrl: string;
  files: CallFiles;
}

/**
 * approve (draft → approved), edit (approved → draft), cancel (not draft/cancelled → cancelled),
 * delete (draft or cancelled): the status is read under the order's row lock, so two staff acting at
 * once are serialised and the second sees the first's result. Cancelling drops a payment that was
 * still pending, releases an authorized one and refunds a paid one through its provider, in the same
 * transaction (a provider's refusal changes nothing). The payment's row is locked before the
 * order's, as a provider's notification locks them. An order with money in cannot be deleted.
 * A booking's order approved confirms its held tickets (refused once the hold ran out); cancelled or
 * deleted, it gives back its tickets and seats (voidBooking). Its booking is locked before the order.
 */
export async function orderAction(trx: Tx, club: Club, orderId: number, action: OrderAction, deps: OrderActionDeps): Promise<z.output<typeof ZOrderActionResponse>> {
  if (action === 'cancel') await lockOrderPayment(trx, club.clientId, orderId);
  const booking = action === 'edit' ? undefined : await lockOrderBooking(trx, club.clientId, orderId);
  const o = await lockOrder(trx, club.clientId, orderId);
  const t = orderTransition(o.status, action);
  if (!t.ok) throw fail.conflict(t.message);
  // Money in means a payment behind the status: a free booking's order is 'paid' with nothing paid.
  const moneyIn = o.payment_id !== null && (o.payment_status === 'authorized' || o.payment_status === 'paid');
  if (action === 'delete' && moneyIn) throw fail.conflict(ORDER_MSG.deletePaid);
  if (booking?.state === 'held' && t.to === 'approved') {
    // Approved by staff before its money came (paid at the counter): its tickets become valid while it still holds them.
    if (!(await confirmHeldBooking(trx, club.clientId, booking))) throw fail.conflict(BOOKING_MSG.seatsGone);
    await sendBookingReceipt(trx, club.clientId, deps.baseUrl, booking.id);
  }
  // Cancelled or deleted: its tickets stop counting and scanning, its seats are free.
  if (booking && t.to !== 'approved') await voidBooking(trx, club.clientId, booking);
  await audit(trx, club, o, action, o.status, t.to);
  if (t.to === null) {
    await deleteRecordAttachments(trx, deps.files, club.clientId, 'order', o.id);
    await trx.deleteFrom('orders').where('client_id', '=', club.clientId).where('id', '=', o.id).execute();
  } else {
    await trx
      .updateTable('orders')
      .set({ status: t.to, updated_at: sql`now()`, ...(action === 'cancel' && !moneyIn && o.payment_status !== 'refunded' ? { payment_status: 'cancelled' as const } : {}) })
      .where('client_id', '=', club.clientId)
      .where('id', '=', o.id)
      .execute();
    if (action === 'cancel' && o.payment_id) await settleCancelledPayment(trx, club.clientId, o.payment_id, deps.baseUrl);
  }
  return { id: o.id, status: t.to, message: ORDER_ACTION_MSG[action] };
}

/* ------------------------------------------------------------------ read */

const SORTS: Record<(typeof ListSortFields)[number], Expression<unknown>> = {
  Number: sql`o.order_number`,
  Status: sql`o.status`,
  Payment: sql`o.payment_status`,
  Contact: sql`lower(coalesce(ct.firstname || ' ' || ct.lastname, o.firstname || ' ' || o.lastname))`,
  Company: sql`lower(co.name)`,
  Price: sql`o.total`,
  Date: sql`o.created_at`,
  Id: sql`o.id`,
};
const ListSortFields = ['Number', 'Status', 'Payment', 'Contact', 'Company', 'Price', 'Date', 'Id'] as const;
type SortField = (typeof ListSortFields)[number];

/**
 * A list call's shape (everything that decides the SQL text: sort, which filters, whether it
 * searches) and its values. The statements are built and compiled once per shape (precompiled), so a
 * call only fills in its values and the connection's prepared statement is reused.
 */
type ListShape = {
  field: SortField;
  dir: 'asc' | 'desc';
  search: boolean;
  status: boolean;
  paymentStatus: boolean;
  companyId: boolean;
  contactId: boolean;
  /** A page after the first of the unsearched, unfiltered number order: reached through the club's blocks of numbers (blockPageIds). */
  blocks: boolean;
  /**
   * The first page of the unsearched, unfiltered number order (the list as it opens): its size,
   * written into the statement as LIMIT n without OFFSET. With LIMIT and OFFSET as parameters a
   * generic plan is costed for a tenth of the club's orders, so PostgreSQL planned that page anew on
   * every call (0.2–0.3 ms); with the literal it keeps the generic plan, the same walk of
   * orders_number_key (client_id, order_number), right for a club of any size. Not for a filter or
   * another sort: there a generic plan could walk an index past a rare status or a small club's rows,
   * where a custom plan looks at the values. Null otherwise (page sizes are few: PAGE_SIZES).
   */
  first: number | null;
};
type ListParams = {
  clientId: number;
  /** The search as typed, and its number when it is one (the search functions of migrations 0018 and 0020 take both). */
  search: string | null;
  num: number | null;
  status: string | null;
  paymentStatus: string | null;
  companyId: number | null;
  contactId: number | null;
  limit: number;
  offset: number;
  cap: number;
};

function listShape(input: ListInput): ListShape {
  const f = input.filter;
  const field = (ListSortFields as readonly string[]).includes(input.sort.field) ? (input.sort.field as SortField) : 'Number';
  const shape = { field, dir: input.sort.dir, search: !!input.search, status: !!f?.status, paymentStatus: !!f?.paymentStatus, companyId: !!f?.companyId, contactId: !!f?.contactId };
  const byNumber = field === 'Number' && !shape.search && !filtered(shape);
  return { ...shape, blocks: byNumber && input.page > 1, first: byNumber && input.page === 1 ? input.perPage : null };
}

function listParams(clientId: number, input: ListInput): ListParams {
  const f = input.filter;
  const search = input.search || null;
  return {
    clientId,
    search,
    num: search && /^\d{1,9}$/.test(search) ? Number(search) : null,
    status: f?.status ?? null,
    paymentStatus: f?.paymentStatus ?? null,
    companyId: f?.companyId ?? null,
    contactId: f?.contactId ?? null,
    limit: input.perPage,
    offset: (input.page - 1) * input.perPage,
    cap: ORDER_SEARCH_COUNT_CAP,
  };
}

const filtered = (s: Pick<ListShape, 'status' | 'paymentStatus' | 'companyId' | 'contactId'>) => s.status || s.paymentStatus || s.companyId || s.contactId;

/**
 * A search's matches, once per statement: `found`, a materialized CTE of order_search_ids (the page
 * and its total share it). Statements that search start from this; their subqueries refer to it.
 */
function withFound(db: QueryCreator<any>, p: ListParams, s: ListShape): QueryCreator<any> {
  if (!s.search) return db;
  return db.with((cte) => cte('found').materialized(), (d) => d.selectNoFrom(sql<number>`order_search_ids(${p.search}::text, ${p.num}::int)`.as('id')));
}

const withNames = (q: SelectQueryBuilder<any, any, any>) =>
  q
    .leftJoin('companies as co', (j) => j.onRef('co.id', '=', 'o.company_id').onRef('co.client_id', '=', 'o.client_id'))
    .leftJoin('contacts as ct', (j) => j.onRef('ct.id', '=', 'o.contact_id').onRef('ct.client_id', '=', 'o.client_id'));

function listQuery(db: QueryCreator<any>, p: ListParams, s: ListShape, names = true) {
  const from = db.selectFrom('orders as o') as SelectQueryBuilder<any, any, any>;
  let q = (names ? withNames(from) : from).where('o.client_id', '=', p.clientId);
  if (s.status) q = q.where('o.status', '=', p.status);
  if (s.paymentStatus) q = q.where('o.payment_status', '=', p.paymentStatus);
  if (s.companyId) q = q.where('o.company_id', '=', p.companyId);
  if (s.contactId) q = q.where('o.contact_id', '=', p.contactId);
  if (s.search) {
    // Row-level security keeps LIKE from the trigram index (it is not leakproof): the text is
    // matched by order_search_ids as the table's owner, within the scoped club (migration 0018),
    // once per statement (withFound), and the ids come back as an array orders_pkey answers.
    q = q.where('o.id', '=', sql<number>`ANY(ARRAY(SELECT id FROM found))`);
  }
  return q;
}

type ListDbRow = {
  id: number;
  status: TOrderListRow['status'];
  order_number: number;
  payment_status: TOrderListRow['payment'];
  contact_id: number | null;
  company_id: number | null;
  contact_name: string | null;
  company_name: string | null;
  total: number;
  created_at: Date;
};
type PageDbRow = Omit<ListDbRow, 'id'> & { id: number | null; total_count: number; total_capped: boolean };

const toListRow = (r: ListDbRow): TOrderListRow => ({
  id: r.id,
  status: r.status,
  number: r.order_number,
  payment: r.payment_status,
  contact: r.contact_name?.trim() || null,
  contactId: r.contact_id,
  company: r.company_name,
  companyId: r.company_id,
  price: wireKroner(Number(r.total)) ?? 0,
  date: new Date(r.created_at).toISOString(),
});

const orderColumns = ['o.id', 'o.status', 'o.order_number', 'o.payment_status', 'o.contact_id', 'o.company_id', 'o.total', 'o.created_at'] as const;
const buyerName = sql`nullif(trim(coalesce(o.firstname, '') || ' ' || coalesce(o.lastname, '')), '')`;
/** The columns with the names from the joined companies and contacts (a list sorted by a name needs them joined). */
const listColumns = [
  ...orderColumns,
  sql<string | null>`coalesce(ct.firstname || ' ' || ct.lastname, ${buyerName})`.as('contact_name'),
  'co.name as company_name',
] as const;
/**
 * The same columns with each name looked up by its row's key (a page of ten: ten index lookups). A
 * prepared statement's generic plan cannot turn these into a hash join over every company and contact
 * of the club, as it did with the joins (67 ms, Seq Scans, when PostgreSQL tried the generic plan).
 */
const pageColumns = [
  ...orderColumns,
  sql<string | null>`coalesce((SELECT ct.firstname || ' ' || ct.lastname FROM contacts ct WHERE ct.client_id = o.client_id AND ct.id = o.contact_id), ${buyerName})`.as('contact_name'),
  sql<string | null>`(SELECT co.name FROM companies co WHERE co.client_id = o.client_id AND co.id = o.company_id)`.as('company_name'),
] as const;

const sorted = (q: SelectQueryBuilder<any, any, any>, s: ListShape) => {
  q = q.orderBy(SORTS[s.field] as any, s.dir);
  return s.field !== 'Number' ? q.orderBy('o.order_number', s.dir) : q;
};

function pageQuery(db: QueryCreator<any>, p: ListParams, s: ListShape) {
  return sorted(listQuery(db, p, s).select([...listColumns]), s);
}

/**
 * The ids of a page after the first of the club's orders by number, unsearched and unfiltered
 * (migration 0024): order_list_blocks counts the club's orders in each block of 128 numbers, so the
 * block holding the page's first row is found by summing blocks from the page's end of the numbers
 * (about offset / 128 rows), and only the rest of the offset is walked in orders_number_key, within
 * that block (at most 128 entries; page 500 walked 5,000). Past the end: no block, no rows.
 */
function blockPageIds(p: ListParams, s: ListShape) {
  const desc = s.dir === 'desc';
  const order = sql.raw(desc ? 'DESC' : 'ASC');
  const bound = desc ? sql`o.order_number < (SELECT (b.block + 1) << 7 FROM b)` : sql`o.order_number >= (SELECT b.block << 7 FROM b)`;
  return sql<number>`
    WITH b AS (
      SELECT x.block, x.through - x.n AS before FROM (
        SELECT k.block, k.n, sum(k.n) OVER (ORDER BY k.block ${order}) AS through
        FROM order_list_blocks k WHERE k.client_id = ${p.clientId} ORDER BY k.block ${order}) x
      WHERE x.through > ${p.offset} LIMIT 1)
    SELECT o.id FROM orders o WHERE o.client_id = ${p.clientId} AND ${bound}
    ORDER BY o.order_number ${order} LIMIT ${p.limit} OFFSET (SELECT ${p.offset} - b.before FROM b)`;
}

/**
 * A page sorted by a column of the order itself: the page's ids are found on orders alone (an
 * index-only walk of orders_number_key: migration 0020; a far page of the number order through its
 * blocks: blockPageIds), and only those ten rows are read by id, with their company's and contact's names.
 */
function deferredPageQuery(db: QueryCreator<any>, p: ListParams, s: ListShape) {
  const walk = () => sorted(listQuery(db, p, s, false).select('o.id'), s);
  const ids = s.blocks ? blockPageIds(p, s) : s.first !== null ? walk().limit(sql.lit(s.first)) : walk().limit(p.limit).offset(p.offset);
  // The ids as an array (not a join): a generic plan cannot take LIMIT's parameter for 5,000 rows and
  // hash-join them with every order of the club (77 ms); the ten rows are read by orders' key.
  const q = (db.selectFrom('orders as o') as SelectQueryBuilder<any, any, any>)
    .where('o.client_id', '=', p.clientId)
    .where('o.id', '=', sql<number>`ANY(ARRAY(${ids}))`)
    .select([...pageColumns]);
  return sorted(q, s);
}

/**
 * A search sorted by number with no filter (the list as it opens, searched): order_search_page
 * (migration 0020) answers one row — the page's order ids, the number of matches counted up to the
 * cap, and whether there were more — from the search table; only the page's orders are read, under
 * their policy. A page past the end is that one row with no order (its total still there).
 */
function searchPageStatement(db: QueryCreator<any>, p: ListParams, s: ListShape) {
  const page = sql`order_search_page(${p.search}::text, ${p.num}::int, ${s.dir === 'desc'}::boolean, ${p.limit}::int, ${p.offset}::int, ${p.cap}::int)`;
  return (db.selectFrom(page.as('p')) as SelectQueryBuilder<any, any, any>)
    .leftJoin('orders as o', (j) => j.on('o.client_id', '=', p.clientId).on('o.id', '=', sql<number>`ANY(p.ids)`))
    .select([...pageColumns, sql<number>`p.total`.as('total_count'), sql<boolean>`p.capped`.as('total_capped')])
    .orderBy('o.order_number', s.dir);
}

/** The number of orders the list's filter and search leave: with neither, the club's count kept beside its number counter (migration 0011). */
function countQuery(db: QueryCreator<any>, p: ListParams, s: ListShape) {
  if (!s.search && !filtered(s)) {
    return db.selectFrom('order_counters').select(sql<number>`order_count`.as('n')).where('client_id', '=', p.clientId) as unknown as ReturnType<typeof filteredCount>;
  }
  return filteredCount(db, p, s);
}
const filteredCount = (db: QueryCreator<any>, p: ListParams, s: ListShape) => listQuery(db, p, s).select(sql<number>`count(*)::int`.as('n'));

const searchPage = (s: ListShape) => s.search && s.field === 'Number' && !filtered(s);

/**
 * A later page of the unsearched number order (blockPageIds) as one row at least: the club's count
 * beside a page that may be empty (past the end), so the statement is all its call sends
 * (listStatementIsLast) and the call is a one-trip read as page 1's is.
 */
function blockPageStatement(db: QueryCreator<any>, p: ListParams, s: ListShape) {
  const total = sql`(SELECT coalesce((${countQuery(db, p, s)}), 0) AS total_count)`.as('t');
  return (db.selectFrom(total) as SelectQueryBuilder<any, any, any>)
    .leftJoinLateral(deferredPageQuery(db, p, s).as('p'), (j) => j.onTrue())
    .selectAll('p')
    .select([sql<number>`t.total_count`.as('total_count'), sql<boolean>`false`.as('total_capped')])
    .orderBy('p.order_number', s.dir);
}

/** The one statement of a list page (its rows and, beside each, the total). */
function buildListStatement(db: QueryCreator<any>, p: ListParams, s: ListShape) {
  if (searchPage(s)) return searchPageStatement(db, p, s);
  if (s.blocks) return blockPageStatement(db, p, s);
  // The count is a subquery of the page's statement: it sees the statement's `found`. A search
  // sorted otherwise or filtered reads every match anyway (to sort or filter them): its count is exact.
  const totals = [sql<number>`coalesce((${countQuery(db, p, s)}), 0)`.as('total_count'), sql<boolean>`false`.as('total_capped')];
  if (s.field !== 'Contact' && s.field !== 'Company') return deferredPageQuery(withFound(db, p, s), p, s).select(totals);
  return pageQuery(withFound(db, p, s), p, s).select(totals).limit(p.limit).offset(p.offset);
}

// Built once per shape: every list call of a shape then sends the same statement text.
const shapeKey = (s: ListShape) => `${s.field}:${s.dir}:${+s.search}${+s.status}${+s.paymentStatus}${+s.companyId}${+s.contactId}${+s.blocks}:${s.first ?? ''}`;
const listPage = precompiled(shapeKey, (db, p: ListParams, s: ListShape) => buildListStatement(db as unknown as QueryCreator<any>, p, s));
const listCount = precompiled(shapeKey, (db, p: ListParams, s: ListShape) => countQuery(withFound(db as unknown as QueryCreator<any>, p, s), p, s));

/**
 * Whether the page's statement is all a list call sends: its rows carry the total (a search page's
 * and a later page's of the number order are one row even past the end), or it is the first page,
 * whose total is 0 when it has no row.
 * Only another later page (filtered, searched or sorted otherwise) that comes back empty asks for its count (listCount).
 */
const listStatementIsLast = (s: ListShape, input: ListInput) => !!searchPage(s) || s.blocks || input.page === 1;

/**
 * The page's rows; `commit`: the statement is the call's last (listStatementIsLast), and it goes out
 * with the transaction's COMMIT in one write (commitWith) — a round trip and a socket write less.
 */
async function pageRows(trx: Tx, s: ListShape, p: ListParams, commit: boolean) {
  return commit ? (await commitWith(trx, listPage.query(trx, s, p))).rows : listPage(trx, s, p);
}

/** The list's page statement for a request, as a builder (the bench explains it; the list sends the same text). */
export function listStatement(trx: Tx, clientId: number, input: ListInput) {
  return buildListStatement(trx as QueryCreator<any>, listParams(clientId, input), listShape(input));
}

/**
 * SPEC §2's order list: search, filters, sort, page. A search sorted by number (the list as it opens)
 * counts its matches up to ORDER_SEARCH_COUNT_CAP (or the page's end): `totalCapped` then says the
 * total is "more than"; every other total is exact. `commit`: the list is the whole of its call (the
 * tRPC procedure's), so its statement may end the call's transaction (pageRows): the procedure's commit
 * then sends nothing more.
 */
export async function listOrders(trx: Tx, clientId: number, input: ListInput, opts: { commit?: boolean } = {}): Promise<z.output<typeof ZOrderListResponse>> {
  const s = listShape(input);
  const p = listParams(clientId, input);
  const rows = (await pageRows(trx, s, p, opts.commit === true && listStatementIsLast(s, input))) as unknown as PageDbRow[];
  const found = rows.filter((r): r is PageDbRow & { id: number } => r.id !== null);
  let total: number;
  let capped = false;
  if (rows.length) {
    total = Number(rows[0].total_count);
    capped = !!rows[0].total_capped;
  } else {
    total = input.page > 1 ? Number(((await listCount(trx, s, p))[0] as { n: number } | undefined)?.n ?? 0) : 0;
  }
  // Capped: more than `total` exist, so at least one page more than `total` fills.
  const pages = capped ? totalPages(total + 1, input.perPage) : totalPages(total, input.perPage);
  return { rows: found.map(toListRow), total, totalCapped: capped, totalPages: pages, page: input.page, perPage: input.perPage };
}

/** Ordrer.xlsx of the current filter, search and sort (all pages). */
export async function exportOrders(trx: Tx, clientId: number, input: ListInput) {
  const s = listShape(input);
  const p = listParams(clientId, input);
  const rows = (await pageQuery(withFound(trx, p, s), p, s).execute()) as ListDbRow[];
  return ordersWorkbook(rows.map(toListRow));
}

export async function getOrder(trx: Tx, clientId: number, orderId: number): Promise<TOrderResponse> {
  const o = await trx.selectFrom('orders').selectAll().where('client_id', '=', clientId).where('id', '=', orderId).executeTakeFirst();
  if (!o) throw fail.notFound();
  const lines = (await storedLines(trx, clientId, [o.id])).get(o.id) ?? [];
  const { company, contact } = await buyerRecords(trx, clientId, o);
  const history = await trx
    .selectFrom('order_audit as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.at', 'a.user_id', 'a.action', 'a.from_status', 'a.to_status', 'u.firstname', 'u.lastname'])
    .where('a.client_id', '=', clientId)
    .where('a.order_id', '=', o.id)
    .orderBy('a.at')
    .orderBy('a.id')
    .execute();
  const money = await orderPayments(trx, clientId, o.id);
  return {
    id: o.id,
    orderNumber: o.order_number,
    status: o.status,
    paymentStatus: o.payment_status,
    firstname: o.firstname,
    lastname: o.lastname,
    email: o.email,
    phone: o.phone,
    description: o.description,
    internal: o.internal,
    additional: o.additional,
    extraInfo: o.extra_info,
    companyId: o.company_id,
    company,
    contactId: o.contact_id,
    contact,
    contractId: o.contract_id,
    categoryId: o.category_id,
    orderLines: lines.map((l) => ({
      ...l,
      price: wireKroner(l.price) ?? 0,
      discount: wireKroner(l.discount) ?? 0,
      options: l.options.map((op) => ({ ...(op as typeof op & { id: number }), price: wireKroner(op.price) ?? 0 })),
    })),
    orderDiscount: wireKroner(Number(o.order_discount)) ?? 0,
    additionalFee: wireKroner(Number(o.additional_fee)) ?? 0,
    subtotal: wireKroner(Number(o.subtotal)) ?? 0,
    discount: wireKroner(Number(o.discount)) ?? 0,
    vat: wireKroner(Number(o.vat)) ?? 0,
    total: wireKroner(Number(o.total)) ?? 0,
    invoicing: invoicingWire(o.invoicing),
    fieldValues: o.field_values,
    createDate: new Date(o.created_at).toISOString(),
    createdBy: o.created_by,
    paymentId: o.payment_id,
    ...money,
    audit: history.map((h) => ({
      at: new Date(h.at).toISOString(),
      userId: h.user_id,
      user: h.firstname ? `${h.firstname} ${h.lastname ?? ''}`.trim() : null,
      action: h.action,
      fromStatus: h.from_status,
      toStatus: h.to_status,
    })),
  };
}

/* ------------------------------------------------------------------ for other domains */

/** A company's orders (SPEC §3 Order summary), newest number first; carts are the shop's, not the company's yet. */
export async function companyOrderSummaries(trx: Tx, clientId: number, companyId: number) {
  const rows = await trx
    .selectFrom('orders')
    .select(['id', 'status', 'order_number', 'created_at', 'subtotal', 'additional_fee'])
    .where('client_id', '=', clientId)
    .where('company_id', '=', companyId)
    .where('status', '!=', 'cart')
    .orderBy('order_number', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    orderNumber: r.order_number,
    createDate: new Date(r.created_at).toISOString(),
    subtotal: wireKroner(Number(r.subtotal)) ?? 0,
    additionalFee: wireKroner(Number(r.additional_fee)) ?? 0,
  }));
}
