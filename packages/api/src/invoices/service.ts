import { type InvoiceRecipientJson, json, type OrderInvoicingJson, type Tx } from '@klubhus/db';
import {
  addDays,
  creditLines,
  DEFAULT_DAYS_OF_CREDIT,
  dayIn,
  formatDanishDate,
  formatDKK,
  INVOICE_MSG,
  INVOICE_TYPE_LABELS,
  type InvoiceAction,
  invoiceActionAllowed,
  type InvoiceLineDraft,
  invoiceTotals,
  invoicingSchedule,
  type OrderForInvoice,
  type PlanEntry,
  type TInvoiceListRow,
  type TInvoiceResponse,
  type TOrderInvoices,
  type TOrderLine,
  totalPages,
  type VatSettings,
  wireKroner,
  type ZInvoiceActionResponse,
  type ZInvoiceListRequest,
  type ZInvoiceListResponse,
} from '@klubhus/domain';
import { newStorageKey } from '@klubhus/integrations';
import { type Expression, type QueryCreator, sql } from 'kysely';
import type { z } from 'zod';
import { nextNumber } from '../lib/counters';
import { fail } from '../lib/errors';
import { likePattern } from '../lib/list';
import { escapeHtml, queueMail } from '../lib/mail';
import { storedLines } from '../orders/shared';

/**
 * Invoices and credit notes (SPEC §3 Invoice, §4 Invoice; issue 15). Every change is one
 * transaction (the club call's, or the job's per club), reads the invoice under its row lock and
 * leaves an invoice_audit row. Numbers are taken only when booking, from the club's counter row
 * under its lock in the booking transaction: unique and unbroken per club.
 */

export type Club = { clientId: number; userId: number | null };
type ListInput = z.output<typeof ZInvoiceListRequest>;
type InvoiceRow = Awaited<ReturnType<typeof lockInvoice>>;

/* ------------------------------------------------------------------ numbering */

/**
 * The club's next invoice number, gapless: the counter row is created or advanced in one
 * statement, which takes its row lock (as SELECT … FOR UPDATE would) and holds it until the
 * booking transaction ends. A second booking waits; a rolled-back one gives its number back.
 * Never a sequence: a sequence's value is gone when its transaction rolls back.
 */
export const nextInvoiceNumber = (trx: Tx, clientId: number) => nextNumber(trx, 'invoice_counters', clientId);

/* ------------------------------------------------------------------ shared */

export async function clubInvoiceSettings(trx: Tx, clientId: number) {
  const c = await trx
    .selectFrom('clients')
    .select(['name', 'vat_rate', 'prices_with_vat', 'disable_vat', 'time_zone', 'settings'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const economic = ((c.settings ?? {}) as { economic?: { daysOfCredit?: number | string; agreementGrantToken?: string } }).economic ?? {};
  const days = Number(economic.daysOfCredit);
  return {
    name: c.name,
    vat: { vatRate: Number(c.vat_rate), pricesWithVat: c.prices_with_vat, disableVat: c.disable_vat } satisfies VatSettings,
    timeZone: c.time_zone,
    daysOfCredit: Number.isInteger(days) && days >= 0 && days <= 365 ? days : DEFAULT_DAYS_OF_CREDIT,
  };
}

/** Whether the club keeps e-conomic in step: its feature on and an agreement grant token set (the app's secret comes from the installation). */
export async function economicOn(trx: Tx, clientId: number): Promise<boolean> {
  const r = await sql<{ on: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM client_modules cm JOIN modules m ON m.id = cm.module_id
      WHERE cm.client_id = ${clientId} AND m.alias = 'orders' AND cm.active
        AND coalesce((SELECT bool_or((f->>'active')::boolean) FROM jsonb_array_elements(cm.features) f WHERE f->>'alias' = 'economic'), false)
    ) AND coalesce((SELECT settings->'economic'->>'agreementGrantToken' FROM clients WHERE id = ${clientId}), '') <> '' AS on`.execute(trx);
  return !!r.rows[0]?.on;
}

export async function audit(trx: Tx, club: Club, invoice: { id: number; number: number | null }, action: string, detail: string | null = null) {
  await trx
    .insertInto('invoice_audit')
    .values({ client_id: club.clientId, invoice_id: invoice.id, number: invoice.number, user_id: club.userId, action, detail })
    .execute();
}

/** The invoice's row, locked until the call ends: its state decides what may happen next. */
export async function lockInvoice(trx: Tx, clientId: number, invoiceId: number) {
  const i = await trx.selectFrom('invoices').selectAll().where('client_id', '=', clientId).where('id', '=', invoiceId).forUpdate().executeTakeFirst();
  if (!i) throw fail.notFound();
  return i;
}

async function isCredited(trx: Tx, clientId: number, invoiceId: number) {
  return !!(await trx.selectFrom('invoices').select('id').where('client_id', '=', clientId).where('credits_id', '=', invoiceId).executeTakeFirst());
}

function check(i: InvoiceRow, credited: boolean, action: InvoiceAction) {
  const r = invoiceActionAllowed({ isDraft: i.is_draft, isPaid: i.is_paid, type: i.type, credited }, action);
  if (!r.ok) throw fail.conflict(r.message);
}

/** An invoice's stored lines as the money function reads them, with their ids and e-conomic product numbers. */
export async function storedInvoiceLines(trx: Tx, clientId: number, invoiceId: number): Promise<(InvoiceLineDraft & { id: number; economicProduct: string | null })[]> {
  const rows = await trx.selectFrom('invoice_lines').selectAll().where('client_id', '=', clientId).where('invoice_id', '=', invoiceId).orderBy('sorting').orderBy('id').execute();
  return rows.map((l) => ({
    id: l.id,
    title: l.title,
    description: l.description,
    sku: l.sku,
    productId: l.product_id,
    price: Number(l.price),
    amount: Number(l.amount),
    discount: Number(l.discount),
    vatExempt: l.vat_exempt,
    economicProduct: l.economic_product,
  }));
}

/** Inserts an invoice and its lines; totals from computeTotals over the lines (the one money function). */
export async function insertInvoice(
  trx: Tx,
  club: Club,
  values: {
    type: 'invoice' | 'credit_note';
    number: number | null;
    invoiceDate: string;
    paymentDate: string;
    title: string | null;
    orderId: number | null;
    contractId?: number | null;
    planKey: string | null;
    creditsId: number | null;
    companyId: number | null;
    contactId: number | null;
    collection: 'transfer' | 'card';
    recipient: InvoiceRecipientJson;
    vat: VatSettings;
    lines: InvoiceLineDraft[];
    economicProducts: (string | null)[];
    booked: boolean;
    economic: boolean;
  },
) {
  const totals = invoiceTotals(values.lines, values.vat);
  const row = await trx
    .insertInto('invoices')
    .values({
      client_id: club.clientId,
      number: values.number,
      type: values.type,
      is_draft: !values.booked,
      invoice_date: values.invoiceDate,
      payment_date: values.paymentDate,
      title: values.title,
      order_id: values.orderId,
      contract_id: values.contractId ?? null,
      plan_key: values.planKey,
      credits_id: values.creditsId,
      company_id: values.companyId,
      contact_id: values.contactId,
      collection: values.collection,
      recipient: json(values.recipient),
      vat_rate: values.vat.vatRate,
      prices_with_vat: values.vat.pricesWithVat,
      disable_vat: values.vat.disableVat,
      subtotal: totals.subtotal,
      discount: totals.discount,
      vat: totals.vat,
      total: totals.total,
      created_by: club.userId,
      ...(values.booked
        ? {
            booked_at: sql<Date>`now()`,
            booked_by: club.userId,
            pdf_status: 'pending' as const,
            pdf_key: newStorageKey(club.clientId),
            economic_status: values.economic ? ('pending' as const) : ('off' as const),
          }
        : {}),
    })
    .returning(['id', 'number'])
    .executeTakeFirstOrThrow();
  if (values.lines.length) {
    await trx
      .insertInto('invoice_lines')
      .values(
        values.lines.map((l, k) => ({
          client_id: club.clientId,
          invoice_id: row.id,
          sorting: k,
          title: l.title,
          description: l.description,
          sku: l.sku,
          economic_product: values.economicProducts[k] ?? null,
          product_id: l.productId,
          price: l.price,
          amount: l.amount,
          discount: l.discount,
          vat_exempt: l.vatExempt,
        })),
      )
      .execute();
  }
  return row;
}

/* ------------------------------------------------------------------ drafts from orders */

/** An order's or an agreement's stored lines, discount, fee and plan as the invoicing plan reads them (øre). */
export function invoiceMoney(
  lines: TOrderLine[],
  row: { order_discount: number | string; additional_fee: number | string; invoicing: OrderInvoicingJson | null },
): OrderForInvoice {
  return {
    lines: lines.map((l) => ({
      title: l.title,
      sku: l.sku ?? null,
      productId: l.productId ?? null,
      description: l.description ?? null,
      price: l.price,
      amount: Number(l.amount),
      discount: l.discount ?? 0,
      vatExempt: !!l.vatExempt,
      prePayment: !!l.prePayment,
      options: (l.options ?? []).map((o) => ({ title: o.title, sku: o.sku ?? null, productId: o.productId ?? null, price: o.price, prePayment: !!o.prePayment })),
    })),
    orderDiscount: Number(row.order_discount),
    additionalFee: Number(row.additional_fee),
    invoicing: row.invoicing ? { ...row.invoicing, customPeriods: (row.invoicing.customPeriods ?? []).map((p) => ({ date: p.date || null, amount: p.amount })) } : null,
  };
}

/** The plan keys of an order or an agreement already made into invoices, with the invoice each made. */
export async function madePlanKeys(trx: Tx, clientId: number, of: 'order_id' | 'contract_id', id: number) {
  const rows = await trx.selectFrom('invoices').select(['id', 'plan_key']).where('client_id', '=', clientId).where(of, '=', id).where('plan_key', 'is not', null).execute();
  return new Map(rows.map((r) => [r.plan_key as string, r.id]));
}

/** A Fakturaer tab's plan: each entry of the schedule with its total in kroner, made or still to come. */
export const plannedEntries = (schedule: PlanEntry[], vat: VatSettings, made: Map<string, number>) =>
  schedule.map((e) => ({
    key: e.key,
    date: e.date,
    label: e.label,
    total: wireKroner(invoiceTotals(e.lines, vat).total) ?? 0,
    made: made.has(e.key),
    invoiceId: made.get(e.key) ?? null,
  }));

/** The order as the plan sees it: its lines (øre), discount, fee, plan, buyer and payment. */
async function orderForInvoice(trx: Tx, clientId: number, orderId: number, lock: boolean) {
  let q = trx.selectFrom('orders').selectAll().where('client_id', '=', clientId).where('id', '=', orderId);
  if (lock) q = q.forUpdate();
  const o = await q.executeTakeFirst();
  if (!o) throw fail.notFound();
  const lines = (await storedLines(trx, clientId, [o.id])).get(o.id) ?? [];
  return { order: o, money: invoiceMoney(lines, o) };
}

/** Who the invoice goes to: the company (attention: the contact), else the contact, else the order's buyer. Copied now, never re-read. */
export async function recipientOf(
  trx: Tx,
  clientId: number,
  o: { company_id: number | null; contact_id: number | null; firstname: string | null; lastname: string | null; email: string | null },
): Promise<InvoiceRecipientJson> {
  const contact = o.contact_id
    ? await trx.selectFrom('contacts').select(['firstname', 'lastname', 'email']).where('client_id', '=', clientId).where('id', '=', o.contact_id).executeTakeFirst()
    : undefined;
  const contactName = contact ? `${contact.firstname} ${contact.lastname}`.trim() : null;
  const buyer = `${o.firstname ?? ''} ${o.lastname ?? ''}`.trim() || null;
  if (o.company_id) {
    const c = await trx
      .selectFrom('companies')
      .select(['name', 'address', 'zip_code', 'city', 'cvr', 'ean', 'use_ean', 'email'])
      .where('client_id', '=', clientId)
      .where('id', '=', o.company_id)
      .executeTakeFirst();
    if (c) {
      return {
        name: c.name,
        attention: contactName ?? buyer,
        address: c.address,
        zipCode: c.zip_code,
        city: c.city,
        cvr: c.cvr,
        ean: c.use_ean ? c.ean : null,
        email: contact?.email ?? o.email ?? c.email,
      };
    }
  }
  return { name: contactName ?? buyer ?? 'Kunde', attention: null, email: contact?.email ?? o.email };
}

/** The e-conomic product numbers of the lines (the product's e-conomic number, else its sku). */
export async function economicProducts(trx: Tx, clientId: number, lines: InvoiceLineDraft[]): Promise<(string | null)[]> {
  const ids = [...new Set(lines.map((l) => l.productId).filter((x): x is number => !!x))];
  const rows = ids.length ? await trx.selectFrom('products').select(['id', 'economic_sku', 'sku']).where('client_id', '=', clientId).where('id', 'in', ids).execute() : [];
  const by = new Map(rows.map((r) => [r.id, r.economic_sku || r.sku || null]));
  return lines.map((l) => (l.productId ? (by.get(l.productId) ?? l.sku) : l.sku));
}

/**
 * Makes the draft of one plan entry of an order, once: the (order, plan key) pair is unique, so a
 * second maker (another process, a retry after a restart) inserts nothing and gets null.
 */
export async function makePlanDraft(trx: Tx, club: Club, order: { id: number; company_id: number | null; contact_id: number | null; firstname: string | null; lastname: string | null; email: string | null; payment_status: string; order_number: number }, entry: PlanEntry, date: string) {
  const settings = await clubInvoiceSettings(trx, club.clientId);
  const exists = await trx.selectFrom('invoices').select('id').where('client_id', '=', club.clientId).where('order_id', '=', order.id).where('plan_key', '=', entry.key).executeTakeFirst();
  if (exists) return null;
  const row = await insertInvoice(trx, club, {
    type: 'invoice',
    number: null,
    invoiceDate: date,
    paymentDate: addDays(date, settings.daysOfCredit),
    title: `Ordre nr. ${order.order_number} · ${entry.label}`,
    orderId: order.id,
    planKey: entry.key,
    creditsId: null,
    companyId: order.company_id,
    contactId: order.contact_id,
    collection: order.payment_status === 'paid' || order.payment_status === 'authorized' ? 'card' : 'transfer',
    recipient: await recipientOf(trx, club.clientId, order),
    vat: settings.vat,
    lines: entry.lines,
    economicProducts: await economicProducts(trx, club.clientId, entry.lines),
    booked: false,
    economic: false,
  });
  await audit(trx, club, row, 'create', entry.key);
  return row;
}

/** The plan keys of an order already made into invoices (drafts, booked or deleted drafts' successors alike). */
const madeKeys = (trx: Tx, clientId: number, orderId: number) => madePlanKeys(trx, clientId, 'order_id', orderId);

/**
 * POST /orders/{id}/invoice: invoices an approved order now — the next entry of its plan not made
 * yet (all of it without a plan), dated today, as a draft ('Faktura blev oprettet!').
 */
export async function invoiceOrderNow(trx: Tx, club: Club, orderId: number) {
  const { order, money } = await orderForInvoice(trx, club.clientId, orderId, true);
  if (order.status !== 'approved') throw fail.conflict(INVOICE_MSG.orderNotApproved);
  const settings = await clubInvoiceSettings(trx, club.clientId);
  const today = dayIn(settings.timeZone);
  const made = await madeKeys(trx, club.clientId, order.id);
  const next = invoicingSchedule(money, settings.vat, today).find((e) => !made.has(e.key));
  if (!next) throw fail.conflict(INVOICE_MSG.orderFullyInvoiced);
  const row = await makePlanDraft(trx, club, order, next, today);
  if (!row) throw fail.conflict(INVOICE_MSG.orderFullyInvoiced);
  return { id: row.id, number: null, message: INVOICE_MSG.created };
}

/**
 * The plan job for one club on one day: every approved order with a plan gets the drafts whose date
 * has come, each once. The order's row is locked first (a second process making the same order's
 * drafts waits, then finds them made); the unique (order, plan key) index is the guarantee.
 */
export async function runClubPlans(trx: Tx, clientId: number, today?: string): Promise<number> {
  const club = { clientId, userId: null };
  const settings = await clubInvoiceSettings(trx, clientId);
  const day = today ?? dayIn(settings.timeZone);
  const orders = await trx
    .selectFrom('orders')
    .select('id')
    .where('client_id', '=', clientId)
    .where('status', '=', 'approved')
    .where('invoicing', 'is not', null)
    .orderBy('id')
    .execute();
  let made = 0;
  for (const { id } of orders) {
    const { order, money } = await orderForInvoice(trx, clientId, id, true);
    if (order.status !== 'approved' || !money.invoicing) continue;
    const keys = await madeKeys(trx, clientId, id);
    for (const entry of invoicingSchedule(money, settings.vat, day)) {
      if (entry.date > day || keys.has(entry.key)) continue;
      if (await makePlanDraft(trx, club, order, entry, entry.date)) made++;
    }
  }
  return made;
}

/* ------------------------------------------------------------------ the actions of SPEC §4 */

type ActionResult = z.output<typeof ZInvoiceActionResponse>;

/** Book a draft: its number from the club's counter in this transaction; the PDF and e-conomic follow in their jobs. */
export async function bookInvoice(trx: Tx, club: Club, invoiceId: number): Promise<ActionResult> {
  const i = await lockInvoice(trx, club.clientId, invoiceId);
  check(i, false, 'book');
  const lines = await storedInvoiceLines(trx, club.clientId, i.id);
  if (!lines.length) throw fail.conflict(INVOICE_MSG.noLines);
  const number = await nextInvoiceNumber(trx, club.clientId);
  const economic = await economicOn(trx, club.clientId);
  await trx
    .updateTable('invoices')
    .set({
      number,
      is_draft: false,
      booked_at: sql`now()`,
      booked_by: club.userId,
      pdf_status: 'pending',
      pdf_key: newStorageKey(club.clientId),
      economic_status: economic ? 'pending' : 'off',
      updated_at: sql`now()`,
    })
    .where('client_id', '=', club.clientId)
    .where('id', '=', i.id)
    .execute();
  await audit(trx, club, { id: i.id, number }, 'book');
  return { id: i.id, number, message: INVOICE_MSG.booked };
}

/** Credit a booked invoice: a credit note of its own number, the same lines negated, dated today, booked at once. */
export async function creditInvoice(trx: Tx, club: Club, invoiceId: number): Promise<ActionResult> {
  const i = await lockInvoice(trx, club.clientId, invoiceId);
  check(i, await isCredited(trx, club.clientId, i.id), 'credit');
  const settings = await clubInvoiceSettings(trx, club.clientId);
  const today = dayIn(settings.timeZone);
  const lines = await storedInvoiceLines(trx, club.clientId, i.id);
  const number = await nextInvoiceNumber(trx, club.clientId);
  const row = await insertInvoice(trx, club, {
    type: 'credit_note',
    number,
    invoiceDate: today,
    paymentDate: today,
    title: `Kreditering af faktura nr. ${i.number}`,
    orderId: i.order_id,
    contractId: i.contract_id,
    planKey: null,
    creditsId: i.id,
    companyId: i.company_id,
    contactId: i.contact_id,
    collection: i.collection,
    recipient: i.recipient,
    vat: { vatRate: Number(i.vat_rate), pricesWithVat: i.prices_with_vat, disableVat: i.disable_vat },
    lines: creditLines(lines),
    economicProducts: lines.map((l) => l.economicProduct),
    booked: true,
    economic: await economicOn(trx, club.clientId),
  });
  await audit(trx, club, { id: i.id, number: i.number }, 'credit', `Kreditnota nr. ${number}`);
  await audit(trx, club, row, 'book', `Krediterer faktura nr. ${i.number}`);
  return { id: row.id, number, message: INVOICE_MSG.credited };
}

export async function deleteInvoice(trx: Tx, club: Club, invoiceId: number): Promise<ActionResult> {
  const i = await lockInvoice(trx, club.clientId, invoiceId);
  check(i, false, 'delete');
  await audit(trx, club, i, 'delete', i.plan_key);
  await trx.deleteFrom('invoices').where('client_id', '=', club.clientId).where('id', '=', i.id).execute();
  return { id: i.id, number: null, message: INVOICE_MSG.deleted };
}

export async function markInvoiceSent(trx: Tx, club: Club, invoiceId: number): Promise<ActionResult> {
  const i = await lockInvoice(trx, club.clientId, invoiceId);
  check(i, false, 'sent');
  await trx.updateTable('invoices').set({ is_sent: true, sent_at: sql`coalesce(sent_at, now())`, updated_at: sql`now()` }).where('client_id', '=', club.clientId).where('id', '=', i.id).execute();
  await audit(trx, club, i, 'sent');
  return { id: i.id, number: i.number, message: INVOICE_MSG.markedSent };
}

const pdfFileName = (i: { type: 'invoice' | 'credit_note'; number: number | null }) => `${INVOICE_TYPE_LABELS[i.type]}-${i.number ?? 'kladde'}.pdf`;

function mailBody(greeting: string, lines: string[]) {
  return {
    html: `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}`,
    text: [greeting, ...lines].join('\n\n'),
  };
}

/** Send by e-mail: the PDF attached (the outbox waits for the PDF job's file), marked sent. */
export async function sendInvoice(trx: Tx, club: Club, invoiceId: number): Promise<ActionResult> {
  const i = await lockInvoice(trx, club.clientId, invoiceId);
  check(i, false, 'send');
  const to = i.recipient.email;
  if (!to) throw fail.badRequest(INVOICE_MSG.noRecipientEmail);
  const { name } = await clubInvoiceSettings(trx, club.clientId);
  const kind = INVOICE_TYPE_LABELS[i.type];
  const body = mailBody(`Hej ${i.recipient.attention ?? i.recipient.name}`, [INVOICE_MSG.mailLead(kind, i.number, formatDKK(Number(i.total)), formatDanishDate(i.payment_date)), `Venlig hilsen ${name}`]);
  await queueMail(trx, {
    to,
    subject: INVOICE_MSG.mailSubject(kind, i.number, name),
    ...body,
    kind: 'invoice',
    attachments: i.pdf_key ? [{ filename: pdfFileName(i), key: i.pdf_key, contentType: 'application/pdf' }] : [],
  });
  await trx.updateTable('invoices').set({ is_sent: true, sent_at: sql`now()`, updated_at: sql`now()` }).where('client_id', '=', club.clientId).where('id', '=', i.id).execute();
  await audit(trx, club, i, 'send', to);
  return { id: i.id, number: i.number, message: INVOICE_MSG.sentByEmail };
}

async function queueReceipt(trx: Tx, clientId: number, i: InvoiceRow): Promise<boolean> {
  const to = i.recipient.email;
  if (!to) return false;
  const { name } = await clubInvoiceSettings(trx, clientId);
  const body = mailBody(`Hej ${i.recipient.attention ?? i.recipient.name}`, [INVOICE_MSG.receiptLead(i.number, formatDKK(Number(i.total))), `Venlig hilsen ${name}`]);
  await queueMail(trx, { to, subject: INVOICE_MSG.receiptSubject(i.number, name), ...body, kind: 'invoice-receipt' });
  return true;
}

/** Mark paid; the receipt goes to the recipient's e-mail when there is one ('E-mail med kvittering sendt'). */
export async function markInvoicePaid(trx: Tx, club: Club, invoiceId: number): Promise<ActionResult> {
  const i = await lockInvoice(trx, club.clientId, invoiceId);
  check(i, false, 'paid');
  await trx.updateTable('invoices').set({ is_paid: true, paid_at: sql`now()`, updated_at: sql`now()` }).where('client_id', '=', club.clientId).where('id', '=', i.id).execute();
  await audit(trx, club, i, 'paid');
  const mailed = await queueReceipt(trx, club.clientId, i);
  if (mailed) await audit(trx, club, i, 'receipt', i.recipient.email ?? null);
  return { id: i.id, number: i.number, message: mailed ? INVOICE_MSG.receiptSent : INVOICE_MSG.markedPaid };
}

export async function sendInvoiceReceipt(trx: Tx, club: Club, invoiceId: number): Promise<ActionResult> {
  const i = await lockInvoice(trx, club.clientId, invoiceId);
  check(i, false, 'sendReceipt');
  if (!(await queueReceipt(trx, club.clientId, i))) throw fail.badRequest(INVOICE_MSG.noRecipientEmail);
  await audit(trx, club, i, 'receipt', i.recipient.email ?? null);
  return { id: i.id, number: i.number, message: INVOICE_MSG.receiptSent };
}

/** Change a draft's invoice date (its payment date follows by the club's days of credit). */
export async function updateInvoiceDate(trx: Tx, club: Club, invoiceId: number, invoiceDate: string): Promise<ActionResult> {
  const i = await lockInvoice(trx, club.clientId, invoiceId);
  if (!i.is_draft) throw fail.conflict(INVOICE_MSG.dateOnlyDraft);
  const { daysOfCredit } = await clubInvoiceSettings(trx, club.clientId);
  await trx
    .updateTable('invoices')
    .set({ invoice_date: invoiceDate, payment_date: addDays(invoiceDate, daysOfCredit), updated_at: sql`now()` })
    .where('client_id', '=', club.clientId)
    .where('id', '=', i.id)
    .execute();
  await audit(trx, club, i, 'date', invoiceDate);
  return { id: i.id, number: i.number, message: INVOICE_MSG.dateSaved };
}

/* ------------------------------------------------------------------ read */

const SORTS: Record<string, Expression<unknown>> = {
  Number: sql`i.number`,
  InvoiceDate: sql`i.invoice_date`,
  PaymentDate: sql`i.payment_date`,
  Total: sql`i.total`,
  Company: sql`lower(co.name)`,
  Contact: sql`lower(ct.firstname || ' ' || ct.lastname)`,
  Id: sql`i.id`,
};

function listQuery(trx: QueryCreator<any>, clientId: number, input: ListInput) {
  let q = trx
    .selectFrom('invoices as i')
    .leftJoin('companies as co', (j) => j.onRef('co.id', '=', 'i.company_id').onRef('co.client_id', '=', 'i.client_id'))
    .leftJoin('contacts as ct', (j) => j.onRef('ct.id', '=', 'i.contact_id').onRef('ct.client_id', '=', 'i.client_id'))
    .leftJoin('orders as o', (j) => j.onRef('o.id', '=', 'i.order_id').onRef('o.client_id', '=', 'i.client_id'))
    .where('i.client_id', '=', clientId);
  const f = input.filter;
  if (f?.orderId) q = q.where('i.order_id', '=', f.orderId);
  if (f?.companyId) q = q.where('i.company_id', '=', f.companyId);
  if (f?.type) q = q.where('i.type', '=', f.type);
  if (input.search) {
    const pattern = likePattern(input.search.toLowerCase());
    const asNumber = /^\d{1,9}$/.test(input.search.trim()) ? Number(input.search.trim()) : null;
    q = q.where((eb) =>
      eb.or([
        ...(asNumber !== null ? [eb('i.number', '=', asNumber), eb('o.order_number', '=', asNumber)] : []),
        eb(sql`lower(co.name)`, 'like', pattern),
        eb(sql`lower(ct.firstname || ' ' || ct.lastname)`, 'like', pattern),
        eb(sql`lower(i.recipient->>'name')`, 'like', pattern),
        eb(sql`lower(coalesce(i.external_number, ''))`, 'like', pattern),
      ]),
    );
  }
  return q;
}

const ROW_COLUMNS = [
  'i.id',
  'i.number',
  'i.external_number',
  'i.type',
  'i.is_draft',
  'i.is_sent',
  'i.is_paid',
  'i.invoice_date',
  'i.payment_date',
  'i.total',
  'i.company_id',
  'i.contact_id',
  'i.collection',
  'i.order_id',
  'i.contract_id',
  'i.title',
  'i.economic_status',
  'i.pdf_status',
  'co.name as company_name',
  'o.order_number',
] as const;

type ListDbRow = {
  id: number;
  number: number | null;
  external_number: string | null;
  type: 'invoice' | 'credit_note';
  is_draft: boolean;
  is_sent: boolean;
  is_paid: boolean;
  invoice_date: string;
  payment_date: string;
  total: number;
  company_id: number | null;
  contact_id: number | null;
  collection: 'transfer' | 'card';
  order_id: number | null;
  contract_id: number | null;
  title: string | null;
  economic_status: 'off' | 'pending' | 'booked' | 'failed';
  pdf_status: 'none' | 'pending' | 'ready' | 'failed';
  company_name: string | null;
  order_number: number | null;
  contact_name: string | null;
  credited: boolean;
};

const withRowExtras = <Q extends ReturnType<typeof listQuery>>(q: Q) =>
  q
    .select(ROW_COLUMNS)
    .select(sql<string | null>`nullif(trim(coalesce(ct.firstname, '') || ' ' || coalesce(ct.lastname, '')), '')`.as('contact_name'))
    .select(sql<boolean>`EXISTS (SELECT 1 FROM invoices c WHERE c.client_id = i.client_id AND c.credits_id = i.id)`.as('credited'));

export const toListRow = (r: ListDbRow): TInvoiceListRow => ({
  id: r.id,
  number: r.number,
  externalNumber: r.external_number,
  type: r.type,
  isDraft: r.is_draft,
  isSent: r.is_sent,
  isPaid: r.is_paid,
  credited: !!r.credited,
  invoiceDate: String(r.invoice_date).slice(0, 10),
  paymentDate: String(r.payment_date).slice(0, 10),
  total: wireKroner(Number(r.total)) ?? 0,
  company: r.company_name,
  companyId: r.company_id,
  contact: r.contact_name,
  contactId: r.contact_id,
  collection: r.collection,
  orderId: r.order_id,
  orderNumber: r.order_number,
  contractId: r.contract_id,
  title: r.title,
  economicStatus: r.economic_status,
  pdfUrl: r.pdf_status === 'ready' ? invoicePdfUrl(r.id) : null,
  previewUrl: invoicePreviewUrl(r.id),
});

/** GET /invoices: Number desc (drafts, without a number, first), 10 per page, search by number, order number, company, contact or recipient. */
export async function listInvoices(trx: Tx, clientId: number, input: ListInput): Promise<z.output<typeof ZInvoiceListResponse>> {
  const expr = SORTS[input.sort.field] ?? SORTS.Number;
  const dir = input.sort.dir;
  const rows = (await withRowExtras(listQuery(trx, clientId, input))
    .orderBy(sql`${expr} ${sql.raw(dir === 'desc' ? 'DESC NULLS FIRST' : 'ASC NULLS LAST')}`)
    .orderBy('i.id', 'desc')
    .limit(input.perPage)
    .offset((input.page - 1) * input.perPage)
    .execute()) as unknown as ListDbRow[];
  const count = await listQuery(trx, clientId, input).select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  return { rows: rows.map(toListRow), total, totalPages: totalPages(total, input.perPage), page: input.page, perPage: input.perPage };
}

export const invoicePdfUrl = (id: number) => `/api/invoices/${id}/pdf`;
export const invoicePreviewUrl = (id: number) => `/api/invoices/${id}/preview`;

export async function getInvoice(trx: Tx, clientId: number, invoiceId: number): Promise<TInvoiceResponse> {
  const r = (await withRowExtras(listQuery(trx, clientId, { page: 1, perPage: 10, sort: { field: 'Number', dir: 'desc' } }))
    .select(['i.credits_id', 'i.plan_key', 'i.recipient', 'i.subtotal', 'i.discount', 'i.vat', 'i.vat_rate', 'i.prices_with_vat', 'i.paid_at', 'i.sent_at', 'i.booked_at', 'i.created_at', 'i.economic_error'])
    .where('i.id', '=', invoiceId)
    .executeTakeFirst()) as unknown as
    | (ListDbRow & {
        credits_id: number | null;
        plan_key: string | null;
        recipient: InvoiceRecipientJson;
        subtotal: number;
        discount: number;
        vat: number;
        vat_rate: number;
        prices_with_vat: boolean;
        paid_at: Date | null;
        sent_at: Date | null;
        booked_at: Date | null;
        created_at: Date;
        economic_error: string | null;
      })
    | undefined;
  if (!r) throw fail.notFound();
  const lines = await storedInvoiceLines(trx, clientId, r.id);
  const vat: VatSettings = { vatRate: Number(r.vat_rate), pricesWithVat: r.prices_with_vat, disableVat: false };
  const lineTotals = invoiceTotals(lines, vat).lines;
  const credits = r.credits_id ? await trx.selectFrom('invoices').select('number').where('client_id', '=', clientId).where('id', '=', r.credits_id).executeTakeFirst() : undefined;
  const creditedBy = await trx.selectFrom('invoices').select('id').where('client_id', '=', clientId).where('credits_id', '=', r.id).executeTakeFirst();
  const history = await trx
    .selectFrom('invoice_audit as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.at', 'a.action', 'a.detail', 'u.firstname', 'u.lastname'])
    .where('a.client_id', '=', clientId)
    .where('a.invoice_id', '=', r.id)
    .orderBy('a.at')
    .orderBy('a.id')
    .execute();
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    ...toListRow(r),
    creditsId: r.credits_id,
    creditsNumber: credits?.number ?? null,
    creditedById: creditedBy?.id ?? null,
    planKey: r.plan_key,
    recipient: r.recipient,
    lines: lines.map((l, k) => ({
      id: l.id,
      title: l.title,
      description: l.description,
      sku: l.sku,
      productId: l.productId,
      price: wireKroner(l.price) ?? 0,
      amount: l.amount,
      discount: wireKroner(l.discount) ?? 0,
      vatExempt: l.vatExempt,
      total: wireKroner(lineTotals[k].total) ?? 0,
    })),
    subtotal: wireKroner(Number(r.subtotal)) ?? 0,
    discount: wireKroner(Number(r.discount)) ?? 0,
    vat: wireKroner(Number(r.vat)) ?? 0,
    vatRate: Number(r.vat_rate),
    pricesWithVat: r.prices_with_vat,
    paidAt: iso(r.paid_at),
    sentAt: iso(r.sent_at),
    bookedAt: iso(r.booked_at),
    createdAt: new Date(r.created_at).toISOString(),
    pdfStatus: r.pdf_status,
    economicError: r.economic_error,
    audit: history.map((h) => ({
      at: new Date(h.at).toISOString(),
      user: h.firstname ? `${h.firstname} ${h.lastname ?? ''}`.trim() : null,
      action: h.action,
      detail: h.detail,
    })),
  };
}

/** The order's Fakturaer tab: its invoices (credit notes too) and its plan, each entry made or still to come. */
export async function orderInvoices(trx: Tx, clientId: number, orderId: number): Promise<TOrderInvoices> {
  const { order, money } = await orderForInvoice(trx, clientId, orderId, false);
  const settings = await clubInvoiceSettings(trx, clientId);
  const today = dayIn(settings.timeZone);
  const rows = (await withRowExtras(listQuery(trx, clientId, { page: 1, perPage: 10, sort: { field: 'Number', dir: 'desc' } }))
    .where('i.order_id', '=', order.id)
    .orderBy('i.id')
    .execute()) as unknown as ListDbRow[];
  const made = await madeKeys(trx, clientId, order.id);
  const schedule = order.status === 'approved' || order.invoicing ? invoicingSchedule(money, settings.vat, today) : [];
  const planned = plannedEntries(schedule, settings.vat, made);
  return { orderId: order.id, canInvoice: order.status === 'approved' && planned.some((p) => !p.made), invoices: rows.map(toListRow), planned };
}

/** An agreement's invoices (credit notes too), oldest first: its Fakturaer tab. */
export async function contractInvoiceRows(trx: Tx, clientId: number, contractId: number) {
  const rows = (await withRowExtras(listQuery(trx, clientId, { page: 1, perPage: 10, sort: { field: 'Number', dir: 'desc' } }))
    .where('i.contract_id', '=', contractId)
    .orderBy('i.id')
    .execute()) as unknown as ListDbRow[];
  return rows.map(toListRow);
}

/**
 * A company's revenue from its booked invoices (credit notes subtract): the subtotal excluding VAT
 * by invoice date, this calendar year in the club's time zone, last year and in all; kroner.
 */
export async function companyInvoiceRevenue(trx: Tx, clientId: number, companyId: number) {
  const r = await sql<{ ytd: number; last: number; total: number }>`
    SELECT coalesce(sum(i.subtotal) FILTER (WHERE extract(year FROM i.invoice_date) = extract(year FROM now() AT TIME ZONE c.time_zone) AND i.invoice_date <= (now() AT TIME ZONE c.time_zone)::date), 0)::bigint AS ytd,
           coalesce(sum(i.subtotal) FILTER (WHERE extract(year FROM i.invoice_date) = extract(year FROM now() AT TIME ZONE c.time_zone) - 1), 0)::bigint AS last,
           coalesce(sum(i.subtotal), 0)::bigint AS total
    FROM invoices i JOIN clients c ON c.id = i.client_id
    WHERE i.client_id = ${clientId} AND i.company_id = ${companyId} AND NOT i.is_draft`.execute(trx);
  const row = r.rows[0];
  return { yearToDate: wireKroner(Number(row?.ytd ?? 0)) ?? 0, lastYear: wireKroner(Number(row?.last ?? 0)) ?? 0, total: wireKroner(Number(row?.total ?? 0)) ?? 0 };
}

/** The file name of an invoice's PDF ('Faktura-12.pdf', 'Kreditnota-13.pdf'). */
export { pdfFileName };

/* ------------------------------------------------------------------ PDF and preview */

/** GET /{id}/pdf: the stored PDF once the PDF job has made it; never renders in the request. */
export async function invoicePdf(trx: Tx, clientId: number, invoiceId: number, files: { get(key: string): Promise<Buffer | null> }) {
  const i = await trx.selectFrom('invoices').select(['id', 'type', 'number', 'is_draft', 'pdf_key', 'pdf_status']).where('client_id', '=', clientId).where('id', '=', invoiceId).executeTakeFirst();
  if (!i) throw fail.notFound();
  if (i.is_draft) throw fail.conflict(INVOICE_MSG.draftNoPdf);
  if (i.pdf_status === 'failed') return { status: 'failed' as const, message: INVOICE_MSG.pdfFailed };
  const bytes = i.pdf_status === 'ready' && i.pdf_key ? await files.get(i.pdf_key) : null;
  if (!bytes) return { status: 'pending' as const, message: INVOICE_MSG.pdfPending };
  return { status: 'ready' as const, fileName: pdfFileName(i), base64: bytes.toString('base64') };
}

/** A failed PDF is made again by the PDF job. */
export async function retryInvoicePdf(trx: Tx, club: Club, invoiceId: number): Promise<ActionResult> {
  const i = await lockInvoice(trx, club.clientId, invoiceId);
  if (i.is_draft) throw fail.conflict(INVOICE_MSG.draftNoPdf);
  if (i.pdf_status === 'failed') {
    await trx.updateTable('invoices').set({ pdf_status: 'pending', pdf_error: null }).where('client_id', '=', club.clientId).where('id', '=', i.id).execute();
  }
  return { id: i.id, number: i.number, message: INVOICE_MSG.pdfRetried };
}
