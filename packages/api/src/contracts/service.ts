import { json, type Tx } from '@klubhus/db';
import {
  addDays,
  CONTRACT_ACTION_MSG,
  CONTRACT_MSG,
  type ContractAction,
  type ContractLine,
  type ProductContractSetup,
  type ContractStatus,
  contractEditable,
  contractTransition,
  dayIn,
  INVOICE_MSG,
  invoicingSchedule,
  orderTotals,
  setupLineProblem,
  type TContractLineResponse,
  type TContractListRow,
  type TContractProducts,
  type TContractResponse,
  type TContractUpdate,
  type TSaveResponse,
  totalPages,
  wireKroner,
  withCategoryLine,
  type ZContractActionResponse,
  type ZContractListRequest,
  type ZContractListResponse,
  type ZContractSeatLinesRequest,
  type ZRenegotiationsRequest,
  type ZRenegotiationsResponse,
  SEATING_MSG,
} from '@klubhus/domain';
import { newStorageKey } from '@klubhus/integrations';
import { type Expression, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { deleteRecordAttachments } from '../attachments/service';
import type { CallFiles } from '../attachments/storage';
import { checkedFieldValues } from '../catalogue/fields';
import { buyerRecords, checkSeatEvents, checkVariants, invoicingJson, invoicingWire, lineColumns } from '../orders/shared';
import {
  audit as invoiceAudit,
  clubInvoiceSettings,
  contractInvoiceRows,
  economicProducts,
  insertInvoice,
  invoiceMoney,
  madePlanKeys,
  plannedEntries,
  recipientOf,
} from '../invoices/service';
import { nextNumber } from '../lib/counters';
import { fail } from '../lib/errors';
import { likePattern } from '../lib/list';
import { missingIds } from '../lib/records';
import { isStaffOwner } from '../lib/owners';
import { contractsWorkbook } from './export';

/**
 * Sponsor agreements (SPEC §3 Contract, §4 contract states and line setup, §5 Contract): the
 * model and its status machine. Every change is one transaction (the club call's), reads the
 * agreement under its row lock, and leaves a contract_audit row (who, when, from, to). Content
 * changes bump `version`, which retires the signing links sent for the earlier version.
 */

export type Club = { clientId: number; userId: number | null };
type ListInput = z.output<typeof ZContractListRequest>;
export type StoredContractLine = ContractLine & { id: number; productDeleted: boolean };

/* ------------------------------------------------------------------ shared */

export const nextContractNumber = (trx: Tx, clientId: number) => nextNumber(trx, 'contract_counters', clientId);

export async function lockContract(trx: Tx, clientId: number, contractId: number) {
  const c = await trx.selectFrom('contracts').selectAll().where('client_id', '=', clientId).where('id', '=', contractId).forUpdate().executeTakeFirst();
  if (!c) throw fail.notFound();
  return c;
}
export type ContractRow = Awaited<ReturnType<typeof lockContract>>;

export async function contractAudit(
  trx: Tx,
  club: Club,
  c: { id: number; contract_number: number },
  action: string,
  from: ContractStatus | null,
  to: ContractStatus | null,
  detail: string | null = null,
) {
  await trx
    .insertInto('contract_audit')
    .values({ client_id: club.clientId, contract_id: c.id, contract_number: c.contract_number, user_id: club.userId, action, from_status: from, to_status: to, detail })
    .execute();
}

async function clubVat(trx: Tx, clientId: number) {
  const c = await trx.selectFrom('clients').select(['vat_rate', 'prices_with_vat', 'disable_vat']).where('id', '=', clientId).executeTakeFirstOrThrow();
  return { vatRate: Number(c.vat_rate), pricesWithVat: c.prices_with_vat, disableVat: c.disable_vat };
}

export async function storedContractLines(trx: Tx, clientId: number, contractId: number): Promise<StoredContractLine[]> {
  const rows = await trx.selectFrom('contract_lines').selectAll().where('client_id', '=', clientId).where('contract_id', '=', contractId).orderBy('sorting').orderBy('id').execute();
  return rows.map((l) => ({
    ...lineColumns(l),
    seatCategoryId: l.seat_category_id,
    categoryLine: l.category_line,
    hadProduct: l.had_product,
    productDeleted: l.had_product && l.product_id === null,
    extraInfo: l.extra_info as ContractLine['extraInfo'],
    options: (l.options ?? []).map((o) => ({ ...o, price: Number(o.price) })),
  }));
}

async function insertLines(trx: Tx, clientId: number, contractId: number, lines: ContractLine[]) {
  if (!lines.length) return;
  await trx
    .insertInto('contract_lines')
    .values(
      lines.map((l, i) => ({
        client_id: clientId,
        contract_id: contractId,
        product_id: l.productId ?? null,
        had_product: !!l.productId || !!l.hadProduct,
        variant_id: l.variantId ?? null,
        category_line: !!l.categoryLine,
        title: l.title,
        sku: l.sku ?? null,
        type: l.type,
        price: l.price,
        amount: l.amount,
        discount: l.discount ?? 0,
        pre_payment: !!l.prePayment,
        vat_exempt: !!l.vatExempt,
        description: l.description ?? null,
        seat: l.seat ?? null,
        seat_event_id: l.seatEventId ?? null,
        seat_category_id: l.seatCategoryId ?? null,
        options: json(
          (l.options ?? []).map((o) => ({ productId: o.productId ?? null, variantId: o.variantId ?? null, title: o.title, sku: o.sku ?? null, price: o.price, prePayment: !!o.prePayment })),
        ),
        extra_info: json(l.extraInfo ?? []),
        sorting: i,
      })),
    )
    .execute();
}

/** What makes two lines the same (ids and markers of deleted products aside). */
function lineKey(l: ContractLine): string {
  return JSON.stringify([
    l.productId ?? null,
    l.variantId ?? null,
    l.title,
    l.sku ?? null,
    l.type,
    l.price,
    Number(l.amount),
    l.discount ?? 0,
    !!l.prePayment,
    !!l.vatExempt,
    l.description ?? null,
    l.seat ?? null,
    l.seatEventId ?? null,
    l.seatCategoryId ?? null,
    !!l.categoryLine,
    (l.options ?? []).map((o) => [o.productId ?? null, o.variantId ?? null, o.title, o.sku ?? null, o.price, !!o.prePayment]),
  ]);
}
const sameLines = (a: ContractLine[], b: ContractLine[]) => a.length === b.length && a.every((l, i) => lineKey(l) === lineKey(b[i]));

async function categoryOf(trx: Tx, clientId: number, categoryId: number | null) {
  if (!categoryId) return null;
  const c = await trx
    .selectFrom('order_categories')
    .select(['id', 'title', 'sku', 'price', 'invoice_title'])
    .where('client_id', '=', clientId)
    .where('id', '=', categoryId)
    .executeTakeFirst();
  if (!c) throw fail.badRequest(CONTRACT_MSG.categoryUnknown);
  return { id: c.id, title: c.title, sku: c.sku, price: c.price === null ? null : Number(c.price), invoiceTitle: c.invoice_title };
}

/** Every id on the agreement is a row of this club; each line obeys its product's contract setup. */
async function checkReferences(trx: Tx, clientId: number, input: TContractUpdate, lines: ContractLine[]) {
  if (input.companyId && (await missingIds(trx, clientId, 'companies', [input.companyId])).length) throw fail.badRequest(CONTRACT_MSG.companyUnknown);
  if (input.contactId) {
    const ct = await trx.selectFrom('contacts').select('id').where('client_id', '=', clientId).where('id', '=', input.contactId).executeTakeFirst();
    if (!ct) throw fail.badRequest(CONTRACT_MSG.contactUnknown);
  }
  if (input.seasonId) {
    const s = await trx.selectFrom('seasons').select('id').where('client_id', '=', clientId).where('id', '=', input.seasonId).executeTakeFirst();
    if (!s) throw fail.badRequest(CONTRACT_MSG.seasonUnknown);
  }
  if (input.ownerId) {
    if (!(await isStaffOwner(trx, clientId, input.ownerId))) throw fail.badRequest(CONTRACT_MSG.ownerUnknown);
  }
  const productIds = [...new Set(lines.flatMap((l) => [l.productId, ...(l.options ?? []).map((o) => o.productId)]).filter((x): x is number => !!x))];
  if ((await missingIds(trx, clientId, 'products', productIds)).length) throw fail.badRequest(CONTRACT_MSG.productUnknown);
  await checkVariants(trx, clientId, lines, CONTRACT_MSG.variantUnknown);
  await checkSeatEvents(trx, clientId, lines, CONTRACT_MSG.seatEventUnknown);
  if (productIds.length) {
    const setups = await trx.selectFrom('products').select(['id', 'contract_setup']).where('client_id', '=', clientId).where('id', 'in', productIds).execute();
    const setupOf = new Map(setups.map((r) => [r.id, r.contract_setup as ProductContractSetup | null]));
    for (const l of lines) {
      if (!l.productId) continue;
      const problem = setupLineProblem({ title: l.title, amount: Number(l.amount), price: l.price, description: l.description }, setupOf.get(l.productId) ?? null);
      if (problem) throw fail.badRequest(problem);
    }
  }
}

/* ------------------------------------------------------------------ save */

/**
 * Creates (no id: the next number, status draft, agreement unsent) or saves an agreement. In draft
 * and renewal everything may change; an approved agreement keeps its category, description, season,
 * dates, company, contact, lines, discount and fee (notes, owner, fields, texts and plan may still
 * be saved); a cancelled one is not saved. A season fills and locks the start date (and fills the
 * end date when none is given); changing the category swaps the category's line. Totals are
 * recomputed with orderTotals and stored.
 */
export async function saveContract(trx: Tx, club: Club, input: TContractUpdate): Promise<TSaveResponse> {
  const { clientId } = club;
  const existing = input.id ? await lockContract(trx, clientId, input.id) : null;
  if (existing?.status === 'cancelled') throw fail.conflict(CONTRACT_MSG.cancelledReadOnly);
  const editable = !existing || contractEditable(existing.status);
  const stored = existing ? await storedContractLines(trx, clientId, existing.id) : [];
  const season = input.seasonId
    ? await trx.selectFrom('seasons').select(['id', 'start_date', 'end_date']).where('client_id', '=', clientId).where('id', '=', input.seasonId).executeTakeFirst()
    : null;
  if (input.seasonId && !season) throw fail.badRequest(CONTRACT_MSG.seasonUnknown);
  const startDate = season ? String(season.start_date).slice(0, 10) : input.startDate;
  const endDate = input.noEndDate ? null : (input.endDate ?? (season ? String(season.end_date).slice(0, 10) : null));
  if (startDate && endDate && endDate < startDate) throw fail.badRequest(CONTRACT_MSG.endBeforeStart);
  const category = await categoryOf(trx, clientId, input.categoryId ?? null);
  let lines: ContractLine[] = input.contractLines ?? stored;
  const categoryChanged = !existing || existing.category_id !== (input.categoryId ?? null);
  if (editable && categoryChanged) lines = withCategoryLine(lines, category);

  if (existing && !editable) {
    const locked =
      existing.category_id !== (input.categoryId ?? null) ||
      (existing.description ?? null) !== input.description ||
      existing.season_id !== input.seasonId ||
      (existing.start_date ?? null) !== (startDate ?? null) ||
      (existing.end_date ?? null) !== (endDate ?? null) ||
      (existing.renew_date ?? null) !== input.renewDate ||
      existing.company_id !== input.companyId ||
      existing.contact_id !== input.contactId ||
      (input.contractLines !== undefined && !sameLines(input.contractLines, stored));
    if (locked) throw fail.conflict(CONTRACT_MSG.lockedFields);
    if (Number(existing.order_discount) !== input.orderDiscount || Number(existing.additional_fee) !== input.additionalFee) throw fail.conflict(CONTRACT_MSG.amountsLocked);
  }
  await checkReferences(trx, clientId, input, editable ? lines : []);
  const fieldValues = await checkedFieldValues(trx, clientId, input.categoryId ?? null, input.fieldValues, CONTRACT_MSG.fieldUnknown);
  const invoicing = invoicingJson(input.invoicing);
  const totals = orderTotals({ lines, orderDiscount: input.orderDiscount, additionalFee: input.additionalFee, invoicing }, await clubVat(trx, clientId));
  // Agreement status: renegotiation may be set by staff; sent and signed only follow sending and signing.
  const agreementStatus =
    input.agreementStatus === 'renegotiation' ? 'renegotiation' : existing?.agreement_status === 'renegotiation' && input.agreementStatus === 'unsent' ? 'unsent' : (existing?.agreement_status ?? 'unsent');
  const values = {
    category_id: input.categoryId ?? null,
    description: input.description,
    internal: input.internal,
    season_id: input.seasonId,
    start_date: startDate,
    end_date: endDate,
    no_end_date: input.noEndDate,
    renew_date: input.renewDate,
    agreement_status: agreementStatus,
    order_discount: input.orderDiscount,
    additional_fee: input.additionalFee,
    invoicing: invoicing ? json(invoicing) : null,
    field_values: json(fieldValues),
    additional: input.additional,
    contract_description: input.contractDescription,
    supplemental_description: input.supplementalDescription,
    company_id: input.companyId ?? null,
    contact_id: input.contactId ?? null,
    owner_id: input.ownerId,
    subtotal: totals.subtotal,
    discount: totals.discount,
    vat: totals.vat,
    total: totals.total,
  };
  if (existing) {
    await trx
      .updateTable('contracts')
      .set({ ...values, version: sql`version + 1`, pdf_status: 'pending', pdf_key: existing.pdf_key ?? newStorageKey(clientId), updated_at: sql`now()` })
      .where('client_id', '=', clientId)
      .where('id', '=', existing.id)
      .execute();
    if (editable && (input.contractLines !== undefined || categoryChanged)) {
      await trx.deleteFrom('contract_lines').where('client_id', '=', clientId).where('contract_id', '=', existing.id).execute();
      await insertLines(trx, clientId, existing.id, lines);
    }
    await contractAudit(trx, club, existing, 'update', existing.status, existing.status);
    return { id: existing.id, created: false, message: CONTRACT_MSG.saved };
  }
  const number = await nextContractNumber(trx, clientId);
  const row = await trx
    .insertInto('contracts')
    .values({ client_id: clientId, contract_number: number, status: 'draft', created_by: club.userId, pdf_status: 'pending', pdf_key: newStorageKey(clientId), ...values })
    .returning(['id', 'contract_number'])
    .executeTakeFirstOrThrow();
  await insertLines(trx, clientId, row.id, lines);
  await contractAudit(trx, club, row, 'create', null, 'draft');
  return { id: row.id, created: true, message: CONTRACT_MSG.created };
}

/* ------------------------------------------------------------------ status machine */

const shiftYear = (d: string | null) => (d ? `${Number(d.slice(0, 4)) + 1}${d.slice(4)}`.replace(/-02-29$/, '-02-28') : null);

/**
 * The next period of an agreement being renewed: the season after its own (by start date) with its
 * dates, else the same dates a year later.
 */
async function nextPeriod(trx: Tx, clientId: number, c: ContractRow) {
  if (c.season_id) {
    const cur = await trx.selectFrom('seasons').select(['start_date']).where('client_id', '=', clientId).where('id', '=', c.season_id).executeTakeFirst();
    if (cur) {
      const next = await trx
        .selectFrom('seasons')
        .select(['id', 'start_date', 'end_date'])
        .where('client_id', '=', clientId)
        .where('start_date', '>', cur.start_date)
        .orderBy('start_date')
        .orderBy('id')
        .executeTakeFirst();
      if (next) return { seasonId: next.id, startDate: String(next.start_date).slice(0, 10), endDate: String(next.end_date).slice(0, 10), renewDate: shiftYear(c.renew_date) };
    }
  }
  return { seasonId: null, startDate: shiftYear(c.start_date), endDate: c.no_end_date ? null : shiftYear(c.end_date), renewDate: shiftYear(c.renew_date) };
}

/** Renew: a new agreement in status renewal, a copy of this one's content and lines for the next period. */
async function renewContract(trx: Tx, club: Club, c: ContractRow): Promise<number> {
  const lines = await storedContractLines(trx, club.clientId, c.id);
  const period = await nextPeriod(trx, club.clientId, c);
  const number = await nextContractNumber(trx, club.clientId);
  const inv = c.invoicing;
  const row = await trx
    .insertInto('contracts')
    .values({
      client_id: club.clientId,
      contract_number: number,
      status: 'renewal',
      agreement_status: 'unsent',
      category_id: c.category_id,
      description: c.description,
      internal: c.internal,
      season_id: period.seasonId,
      start_date: period.startDate,
      end_date: period.endDate,
      no_end_date: c.no_end_date,
      renew_date: period.renewDate,
      order_discount: Number(c.order_discount),
      additional_fee: Number(c.additional_fee),
      invoicing: inv ? json(inv) : null,
      field_values: json(c.field_values),
      additional: c.additional,
      contract_description: c.contract_description,
      supplemental_description: c.supplemental_description,
      company_id: c.company_id,
      contact_id: c.contact_id,
      owner_id: c.owner_id,
      renewed_from_id: c.id,
      pdf_status: 'pending',
      pdf_key: newStorageKey(club.clientId),
      subtotal: Number(c.subtotal),
      discount: Number(c.discount),
      vat: Number(c.vat),
      total: Number(c.total),
      created_by: club.userId,
    })
    .returning(['id', 'contract_number'])
    .executeTakeFirstOrThrow();
  await insertLines(
    trx,
    club.clientId,
    row.id,
    lines.filter((l) => !l.productDeleted),
  );
  await contractAudit(trx, club, row, 'create', null, 'renewal', `renewed from ${c.contract_number}`);
  return row.id;
}

/**
 * approve (draft or renewal → approved), delete (draft), renew (approved: a new agreement in
 * renewal), edit (approved → draft), cancel (not cancelled → cancelled), reactivate (cancelled →
 * draft): the status is read under the row lock, the change and its audit row are one transaction.
 */
export async function contractAction(trx: Tx, club: Club, contractId: number, action: ContractAction, deps: { files: CallFiles }): Promise<z.output<typeof ZContractActionResponse>> {
  const c = await lockContract(trx, club.clientId, contractId);
  const t = contractTransition(c.status, action);
  if (!t.ok) throw fail.conflict(t.message);
  if (action === 'approve') {
    // The form is validated first: what approving needs must be on the agreement.
    if (!c.category_id) throw fail.badRequest(CONTRACT_MSG.categoryRequired);
    if (!c.company_id) throw fail.badRequest(CONTRACT_MSG.companyRequired);
    if (!c.contact_id) throw fail.badRequest(CONTRACT_MSG.contactRequired);
  }
  let newId: number | null = null;
  if (action === 'renew') {
    newId = await renewContract(trx, club, c);
    await contractAudit(trx, club, c, 'renew', c.status, c.status, `new agreement ${newId}`);
    return { id: c.id, status: c.status, message: CONTRACT_ACTION_MSG.renew, newId };
  }
  await contractAudit(trx, club, c, action, c.status, t.to);
  if (t.to === null) {
    await deleteRecordAttachments(trx, deps.files, club.clientId, 'contract', c.id);
    await trx.deleteFrom('contracts').where('client_id', '=', club.clientId).where('id', '=', c.id).execute();
  } else {
    await trx.updateTable('contracts').set({ status: t.to, updated_at: sql`now()` }).where('client_id', '=', club.clientId).where('id', '=', c.id).execute();
  }
  return { id: c.id, status: t.to, message: CONTRACT_ACTION_MSG[action], newId };
}

/** Events a seat line can go to (the move or copy dialog): upcoming first, soonest first, then past ones, latest first; at most 50. */
export async function contractSeatEvents(trx: Tx, clientId: number, search: string | undefined) {
  let q = trx
    .selectFrom('events')
    .select(['id', 'title', 'start_date'])
    .where('client_id', '=', clientId)
    .orderBy(sql`start_date < now()`)
    .orderBy(sql`CASE WHEN start_date >= now() THEN start_date END`, 'asc')
    .orderBy('start_date', 'desc')
    .orderBy('id')
    .limit(50);
  if (search) q = q.where('title', 'ilike', likePattern(search));
  const rows = await q.execute();
  return rows.map((e) => ({ id: e.id, title: e.title, startDate: new Date(e.start_date).toISOString() }));
}

/**
 * A seat goes to an event once: a seat of the picked lines that a line of a live agreement (this one
 * included, cancelled ones not) already holds at the target event refuses the move or copy. The lines
 * being moved do not count against themselves.
 */
async function assertSeatsFree(trx: Tx, clientId: number, eventId: number, picked: ContractLine[], moving: Set<number>) {
  const seats = picked.map((l) => l.seat).filter((s): s is string => !!s);
  if (new Set(seats).size !== seats.length) throw fail.conflict(SEATING_MSG.seatTaken);
  if (!seats.length) return;
  let q = trx
    .selectFrom('contract_lines as l')
    .innerJoin('contracts as c', (j) => j.onRef('c.id', '=', 'l.contract_id').onRef('c.client_id', '=', 'l.client_id'))
    .select('l.id')
    .where('l.client_id', '=', clientId)
    .where('c.client_id', '=', clientId)
    .where('c.status', '!=', 'cancelled')
    .where('l.seat_event_id', '=', eventId)
    .where('l.seat', 'in', seats);
  if (moving.size) q = q.where('l.id', 'not in', [...moving]);
  if (await q.executeTakeFirst()) throw fail.conflict(SEATING_MSG.seatTaken);
}

/** Seat lines moved or copied to another event, or removed (only while the lines may change). */
export async function contractSeatLines(trx: Tx, club: Club, input: z.output<typeof ZContractSeatLinesRequest>): Promise<TSaveResponse> {
  const c = await lockContract(trx, club.clientId, input.id);
  if (!contractEditable(c.status)) throw fail.conflict(c.status === 'cancelled' ? CONTRACT_MSG.cancelledReadOnly : CONTRACT_MSG.lockedFields);
  const lines = await storedContractLines(trx, club.clientId, c.id);
  const chosen = new Set(input.lineIds);
  const picked = lines.filter((l) => chosen.has(l.id) && (l.seat || l.seatEventId || l.type === 'seat-ticket'));
  if (picked.length !== chosen.size) throw fail.badRequest(CONTRACT_MSG.seatLinesNotFound);
  if (input.eventId) {
    const e = await trx.selectFrom('events').select('id').where('client_id', '=', club.clientId).where('id', '=', input.eventId).executeTakeFirst();
    if (!e) throw fail.badRequest(CONTRACT_MSG.seatEventUnknown);
  }
  if (input.action !== 'remove' && input.eventId) await assertSeatsFree(trx, club.clientId, input.eventId, picked, input.action === 'move' ? chosen : new Set());
  let next: ContractLine[];
  if (input.action === 'remove') next = lines.filter((l) => !chosen.has(l.id));
  else if (input.action === 'move') next = lines.map((l) => (chosen.has(l.id) ? { ...l, seatEventId: input.eventId ?? null } : l));
  else next = [...lines, ...picked.map((l) => ({ ...l, seatEventId: input.eventId ?? null }))];
  const totals = orderTotals({ lines: next, orderDiscount: Number(c.order_discount), additionalFee: Number(c.additional_fee), invoicing: c.invoicing }, await clubVat(trx, club.clientId));
  await trx.deleteFrom('contract_lines').where('client_id', '=', club.clientId).where('contract_id', '=', c.id).execute();
  await insertLines(trx, club.clientId, c.id, next);
  await trx
    .updateTable('contracts')
    .set({ subtotal: totals.subtotal, discount: totals.discount, vat: totals.vat, total: totals.total, version: sql`version + 1`, pdf_status: 'pending', pdf_key: c.pdf_key ?? newStorageKey(club.clientId), updated_at: sql`now()` })
    .where('client_id', '=', club.clientId)
    .where('id', '=', c.id)
    .execute();
  await contractAudit(trx, club, c, `seats-${input.action}`, c.status, c.status, `${picked.length}`);
  return { id: c.id, created: false, message: CONTRACT_MSG.saved };
}

/* ------------------------------------------------------------------ invoicing (the invoices issue's plans) */

async function contractForInvoice(trx: Tx, clientId: number, contractId: number, lock: boolean) {
  let q = trx.selectFrom('contracts').selectAll().where('client_id', '=', clientId).where('id', '=', contractId);
  if (lock) q = q.forUpdate();
  const c = await q.executeTakeFirst();
  if (!c) throw fail.notFound();
  const lines = await storedContractLines(trx, clientId, c.id);
  return { contract: c, money: invoiceMoney(lines, c) };
}

const madeKeys = (trx: Tx, clientId: number, contractId: number) => madePlanKeys(trx, clientId, 'contract_id', contractId);

/** Makes the draft of one plan entry of an agreement, once ((contract, plan key) is unique): null when it exists. */
async function makeContractPlanDraft(trx: Tx, club: Club, c: ContractRow, entry: ReturnType<typeof invoicingSchedule>[number], date: string) {
  const exists = await trx.selectFrom('invoices').select('id').where('client_id', '=', club.clientId).where('contract_id', '=', c.id).where('plan_key', '=', entry.key).executeTakeFirst();
  if (exists) return null;
  const settings = await clubInvoiceSettings(trx, club.clientId);
  const row = await insertInvoice(trx, club, {
    type: 'invoice',
    number: null,
    invoiceDate: date,
    paymentDate: addDays(date, settings.daysOfCredit),
    title: `Aftale nr. ${c.contract_number} · ${entry.label}`,
    orderId: null,
    contractId: c.id,
    planKey: entry.key,
    creditsId: null,
    companyId: c.company_id,
    contactId: c.contact_id,
    collection: 'transfer',
    recipient: await recipientOf(trx, club.clientId, { company_id: c.company_id, contact_id: c.contact_id, firstname: null, lastname: null, email: null }),
    vat: settings.vat,
    lines: entry.lines,
    economicProducts: await economicProducts(trx, club.clientId, entry.lines),
    booked: false,
    economic: false,
  });
  await invoiceAudit(trx, club, row, 'create', entry.key);
  await contractAudit(trx, club, c, 'invoice', c.status, c.status, entry.key);
  return row;
}

/** POST /contracts/invoice: the next entry of the approved agreement's plan not made yet (all of it without a plan), dated today, as a draft. */
export async function invoiceContractNow(trx: Tx, club: Club, contractId: number) {
  const { contract: c, money } = await contractForInvoice(trx, club.clientId, contractId, true);
  if (c.status !== 'approved') throw fail.conflict(CONTRACT_MSG.invoiceOnlyApproved);
  const settings = await clubInvoiceSettings(trx, club.clientId);
  const today = dayIn(settings.timeZone);
  const made = await madeKeys(trx, club.clientId, c.id);
  const next = invoicingSchedule(money, settings.vat, today).find((e) => !made.has(e.key));
  if (!next) throw fail.conflict(CONTRACT_MSG.fullyInvoiced);
  const row = await makeContractPlanDraft(trx, club, c, next, today);
  if (!row) throw fail.conflict(CONTRACT_MSG.fullyInvoiced);
  return { id: row.id, number: null, message: INVOICE_MSG.created };
}

/**
 * The plan job for one club's agreements on one day: every approved agreement with a plan gets the
 * drafts whose date has come, each once (the agreement's row locked; the unique (contract, plan key)
 * index is the guarantee).
 */
export async function runClubContractPlans(trx: Tx, clientId: number, today?: string): Promise<number> {
  const club = { clientId, userId: null };
  const settings = await clubInvoiceSettings(trx, clientId);
  const day = today ?? dayIn(settings.timeZone);
  const rows = await trx.selectFrom('contracts').select('id').where('client_id', '=', clientId).where('status', '=', 'approved').where('invoicing', 'is not', null).orderBy('id').execute();
  let made = 0;
  for (const { id } of rows) {
    const { contract: c, money } = await contractForInvoice(trx, clientId, id, true);
    if (c.status !== 'approved' || !money.invoicing) continue;
    const keys = await madeKeys(trx, clientId, id);
    for (const entry of invoicingSchedule(money, settings.vat, day)) {
      if (entry.date > day || keys.has(entry.key)) continue;
      if (await makeContractPlanDraft(trx, club, c, entry, entry.date)) made++;
    }
  }
  return made;
}

/** The agreement's Fakturaer tab: its invoices and its plan, each entry made or still to come. */
export async function contractInvoices(trx: Tx, clientId: number, contractId: number) {
  const { contract: c, money } = await contractForInvoice(trx, clientId, contractId, false);
  const settings = await clubInvoiceSettings(trx, clientId);
  const today = dayIn(settings.timeZone);
  const made = await madeKeys(trx, clientId, c.id);
  const planned = plannedEntries(invoicingSchedule(money, settings.vat, today), settings.vat, made);
  return { orderId: c.id, canInvoice: c.status === 'approved' && planned.some((p) => !p.made), invoices: await contractInvoiceRows(trx, clientId, c.id), planned };
}

/* ------------------------------------------------------------------ read */

const SORTS: Record<string, Expression<unknown>> = {
  Number: sql`c.contract_number`,
  Status: sql`c.status`,
  Company: sql`lower(co.name)`,
  Category: sql`lower(cat.title)`,
  StartDate: sql`c.start_date`,
  EndDate: sql`c.end_date`,
  RenewDate: sql`c.renew_date`,
  Total: sql`c.total`,
  Id: sql`c.id`,
};

function listQuery(trx: Tx, clientId: number, input: ListInput) {
  let q = trx
    .selectFrom('contracts as c')
    .leftJoin('companies as co', (j) => j.onRef('co.id', '=', 'c.company_id').onRef('co.client_id', '=', 'c.client_id'))
    .leftJoin('order_categories as cat', (j) => j.onRef('cat.id', '=', 'c.category_id').onRef('cat.client_id', '=', 'c.client_id'))
    .where('c.client_id', '=', clientId) as SelectQueryBuilder<any, any, any>;
  const f = input.filter;
  if (f?.status) q = q.where('c.status', '=', f.status);
  if (f?.companyId) q = q.where('c.company_id', '=', f.companyId);
  if (input.search) {
    const pattern = likePattern(input.search.toLowerCase());
    const asNumber = /^\d{1,9}$/.test(input.search.trim()) ? Number(input.search.trim()) : null;
    q = q.where((eb) =>
      eb.or([
        ...(asNumber !== null ? [eb('c.contract_number', '=', asNumber)] : []),
        eb(sql`lower(co.name)`, 'like', pattern),
        eb(sql`lower(coalesce(c.description, ''))`, 'like', pattern),
        eb(sql`lower(coalesce(cat.title, ''))`, 'like', pattern),
      ]),
    );
  }
  return q;
}

type ListDbRow = {
  id: number;
  status: ContractStatus;
  agreement_status: TContractListRow['agreementStatus'];
  contract_number: number;
  category: string | null;
  company: string | null;
  company_id: number | null;
  start_date: string | null;
  end_date: string | null;
  no_end_date: boolean;
  renew_date: string | null;
  subtotal: number;
  additional_fee: number;
};

const day = (d: string | Date | null) => (d ? String(d).slice(0, 10) : null);
const toListRow = (r: ListDbRow): TContractListRow => ({
  id: r.id,
  status: r.status,
  agreementStatus: r.agreement_status,
  contractNumber: r.contract_number,
  category: r.category,
  company: r.company,
  companyId: r.company_id,
  startDate: day(r.start_date),
  endDate: day(r.end_date),
  noEndDate: r.no_end_date,
  renewDate: day(r.renew_date),
  subtotal: wireKroner(Number(r.subtotal)) ?? 0,
  additionalFee: wireKroner(Number(r.additional_fee)) ?? 0,
});

function pageQuery(trx: Tx, clientId: number, input: ListInput) {
  const expr = SORTS[input.sort.field] ?? SORTS.Number;
  let q = listQuery(trx, clientId, input).select([
    'c.id',
    'c.status',
    'c.agreement_status',
    'c.contract_number',
    'cat.title as category',
    'co.name as company',
    'c.company_id',
    'c.start_date',
    'c.end_date',
    'c.no_end_date',
    'c.renew_date',
    'c.subtotal',
    'c.additional_fee',
  ]);
  q = q.orderBy(sql`${expr} ${sql.raw(input.sort.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST')}`);
  if (input.sort.field !== 'Number') q = q.orderBy('c.contract_number', 'desc');
  return q;
}

/** The agreement list (SPEC §3 Contract summary): Number desc, 10 per page, status filter and search. */
export async function listContracts(trx: Tx, clientId: number, input: ListInput): Promise<z.output<typeof ZContractListResponse>> {
  const rows = (await pageQuery(trx, clientId, input)
    .limit(input.perPage)
    .offset((input.page - 1) * input.perPage)
    .execute()) as ListDbRow[];
  const count = (await listQuery(trx, clientId, input).select(sql<number>`count(*)::int`.as('n')).executeTakeFirst()) as { n: number } | undefined;
  const total = Number(count?.n ?? 0);
  return { rows: rows.map(toListRow), total, totalPages: totalPages(total, input.perPage), page: input.page, perPage: input.perPage };
}

/** Aftaler.xlsx of the current filter, search and sort (all pages). */
export async function exportContracts(trx: Tx, clientId: number, input: ListInput) {
  const rows = (await pageQuery(trx, clientId, input).execute()) as ListDbRow[];
  return contractsWorkbook(rows.map(toListRow));
}

const lineResponse = (l: StoredContractLine, startFees: Map<number, number | null>): TContractLineResponse => ({
  id: l.id,
  productId: l.productId ?? null,
  variantId: l.variantId ?? null,
  title: l.title,
  sku: l.sku ?? null,
  type: l.type,
  price: wireKroner(l.price) ?? 0,
  amount: Number(l.amount),
  discount: wireKroner(l.discount ?? 0) ?? 0,
  prePayment: !!l.prePayment,
  vatExempt: !!l.vatExempt,
  description: l.description ?? null,
  seat: l.seat ?? null,
  seatEventId: l.seatEventId ?? null,
  seatCategoryId: l.seatCategoryId ?? null,
  categoryLine: !!l.categoryLine,
  productDeleted: l.productDeleted,
  extraInfo: l.extraInfo ?? [],
  options: (l.options ?? []).map((o) => ({
    productId: o.productId ?? null,
    variantId: o.variantId ?? null,
    title: o.title,
    sku: o.sku ?? null,
    price: wireKroner(o.price) ?? 0,
    prePayment: !!o.prePayment,
  })),
  startFee: l.productId ? (wireKroner(startFees.get(l.productId) ?? null) ?? null) : null,
});

export async function getContract(trx: Tx, clientId: number, contractId: number): Promise<TContractResponse> {
  const c = await trx.selectFrom('contracts').selectAll().where('client_id', '=', clientId).where('id', '=', contractId).executeTakeFirst();
  if (!c) throw fail.notFound();
  const lines = await storedContractLines(trx, clientId, c.id);
  const productIds = [...new Set(lines.map((l) => l.productId).filter((x): x is number => !!x))];
  const subs = productIds.length
    ? await trx.selectFrom('products').select(['id', 'subscription']).where('client_id', '=', clientId).where('id', 'in', productIds).execute()
    : [];
  const startFees = new Map(subs.map((p) => [p.id, p.subscription?.active ? (p.subscription.startFee ?? null) : null]));
  const { company, contact } = await buyerRecords(trx, clientId, c);
  const category = c.category_id
    ? ((await trx.selectFrom('order_categories').select('title').where('client_id', '=', clientId).where('id', '=', c.category_id).executeTakeFirst())?.title ?? null)
    : null;
  const history = await trx
    .selectFrom('contract_audit as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.at', 'a.action', 'a.from_status', 'a.to_status', 'a.detail', 'u.firstname', 'u.lastname'])
    .where('a.client_id', '=', clientId)
    .where('a.contract_id', '=', c.id)
    .orderBy('a.at')
    .orderBy('a.id')
    .execute();
  const trail = await trx
    .selectFrom('contract_sign_trail')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('contract_id', '=', c.id)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const invoices = await trx
    .selectFrom('invoices')
    .select(['id', 'number', 'is_draft', 'invoice_date', 'total'])
    .where('client_id', '=', clientId)
    .where('contract_id', '=', c.id)
    .orderBy('id')
    .execute();
  const files = await trx
    .selectFrom('files')
    .select(['id', 'file_name as name'])
    .where('client_id', '=', clientId)
    .where('relation_type', '=', 'contract')
    .where('relation_id', '=', c.id)
    .orderBy('id')
    .execute();
  return {
    id: c.id,
    contractNumber: c.contract_number,
    status: c.status,
    agreementStatus: c.agreement_status,
    categoryId: c.category_id,
    category,
    description: c.description,
    internal: c.internal,
    seasonId: c.season_id,
    startDate: day(c.start_date),
    endDate: day(c.end_date),
    noEndDate: c.no_end_date,
    renewDate: day(c.renew_date),
    orderDiscount: wireKroner(Number(c.order_discount)) ?? 0,
    contractLines: lines.map((l) => lineResponse(l, startFees)),
    invoicing: invoicingWire(c.invoicing),
    fieldValues: c.field_values,
    additional: c.additional,
    contractDescription: c.contract_description,
    supplementalDescription: c.supplemental_description,
    companyId: c.company_id,
    company,
    contactId: c.contact_id,
    contact,
    ownerId: c.owner_id,
    renewedFromId: c.renewed_from_id,
    invoices: invoices.map((i) => ({ id: i.id, number: i.number, isDraft: i.is_draft, invoiceDate: String(i.invoice_date).slice(0, 10), total: wireKroner(Number(i.total)) ?? 0 })),
    files: files.map((f) => ({ id: f.id, name: f.name })),
    subtotal: wireKroner(Number(c.subtotal)) ?? 0,
    discount: wireKroner(Number(c.discount)) ?? 0,
    additionalFee: wireKroner(Number(c.additional_fee)) ?? 0,
    vat: wireKroner(Number(c.vat)) ?? 0,
    total: wireKroner(Number(c.total)) ?? 0,
    version: c.version,
    pdfStatus: c.pdf_status,
    pdfUrl: contractPdfUrl(c.id),
    createDate: new Date(c.created_at).toISOString(),
    audit: history.map((h) => ({
      at: new Date(h.at).toISOString(),
      user: h.firstname ? `${h.firstname} ${h.lastname ?? ''}`.trim() : null,
      action: h.action,
      fromStatus: h.from_status,
      toStatus: h.to_status,
      detail: h.detail,
    })),
    signTrail: trail.map((s) => ({
      at: new Date(s.at).toISOString(),
      event: s.event,
      ip: s.ip,
      userAgent: s.user_agent,
      name: s.name,
      email: s.email,
      sha256: s.sha256,
      detail: s.detail,
    })),
  };
}

/** GET {contracts}/products: the active products with an agreement setup, grouped by product category (in its agreement order). */
export async function contractProducts(trx: Tx, clientId: number): Promise<TContractProducts> {
  const products = await trx
    .selectFrom('products as p')
    .leftJoin('product_categories as pc', (j) => j.onRef('pc.id', '=', 'p.category_id').onRef('pc.client_id', '=', 'p.client_id'))
    .select(['p.id', 'p.title', 'p.sku', 'p.type', 'p.price', 'p.vat_exempt', 'p.pre_payment', 'p.contract_setup', 'p.category_id', 'pc.title as category', 'pc.sorting as category_sorting'])
    .where('p.client_id', '=', clientId)
    .where('p.active', '=', true)
    .where('p.contract_setup', 'is not', null)
    .orderBy(sql`pc.sorting NULLS LAST`)
    .orderBy('pc.id')
    .orderBy('p.category_contract_sorting')
    .orderBy('p.id')
    .execute();
  const ids = products.map((p) => p.id);
  const variants = ids.length
    ? await trx
        .selectFrom('product_variants')
        .select(['id', 'product_id', 'title', 'sku', 'price'])
        .where('client_id', '=', clientId)
        .where('product_id', 'in', ids)
        .where('active', '=', true)
        .orderBy('sorting')
        .orderBy('id')
        .execute()
    : [];
  const groups = new Map<string, TContractProducts[number]>();
  for (const p of products) {
    const key = String(p.category_id ?? 0);
    if (!groups.has(key)) groups.set(key, { categoryId: p.category_id, category: p.category ?? 'Uden kategori', products: [] });
    const s = p.contract_setup;
    groups.get(key)?.products.push({
      id: p.id,
      title: p.title,
      sku: p.sku,
      type: p.type,
      price: wireKroner(Number(p.price)) ?? 0,
      vatExempt: p.vat_exempt,
      prePayment: p.pre_payment,
      contractSetup: s ? { type: s.type, amountType: s.amountType ?? null, unit: s.unit ?? null, preSelected: !!s.preSelected } : null,
      variants: variants.filter((v) => v.product_id === p.id).map((v) => ({ id: v.id, title: v.title, sku: v.sku, price: wireKroner(Number(v.price)) ?? 0 })),
    });
  }
  return [...groups.values()];
}

/** A company's agreements (SPEC §3 Contract summary), newest number first. */
export async function companyContractSummaries(trx: Tx, clientId: number, companyId: number) {
  const rows = (await listQuery(trx, clientId, { page: 1, perPage: 500, sort: { field: 'Number', dir: 'desc' }, filter: { status: null, companyId } } as ListInput)
    .select(['c.id', 'c.status', 'c.contract_number', 'cat.title as category', 'c.start_date', 'c.end_date', 'c.no_end_date', 'c.renew_date', 'c.subtotal', 'c.additional_fee'])
    .orderBy('c.contract_number', 'desc')
    .limit(500)
    .execute()) as ListDbRow[];
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    contractNumber: r.contract_number,
    category: r.category,
    startDate: day(r.start_date),
    endDate: day(r.end_date),
    noEndDate: r.no_end_date,
    renewDate: day(r.renew_date),
    subtotal: wireKroner(Number(r.subtotal)) ?? 0,
    additionalFee: wireKroner(Number(r.additional_fee)) ?? 0,
  }));
}

/* ------------------------------------------------------------------ dashboard feed */

/**
 * Agreements up for renegotiation (the dashboard's Genforhandlinger): approved agreements whose
 * renewDate is on or before today + `days` in the club's time zone, that have not been renewed
 * yet (no agreement points back at them), soonest first.
 */
export async function renegotiations(trx: Tx, clientId: number, input: z.output<typeof ZRenegotiationsRequest>): Promise<z.output<typeof ZRenegotiationsResponse>> {
  const settings = await clubInvoiceSettings(trx, clientId);
  const until = addDays(dayIn(settings.timeZone), input.days);
  const base = trx
    .selectFrom('contracts as c')
    .leftJoin('companies as co', (j) => j.onRef('co.id', '=', 'c.company_id').onRef('co.client_id', '=', 'c.client_id'))
    .leftJoin('order_categories as cat', (j) => j.onRef('cat.id', '=', 'c.category_id').onRef('cat.client_id', '=', 'c.client_id'))
    .where('c.client_id', '=', clientId)
    .where('c.status', '=', 'approved')
    .where('c.renew_date', 'is not', null)
    .where('c.renew_date', '<=', until)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('contracts as r')
            .select('r.id')
            .whereRef('r.client_id', '=', 'c.client_id')
            .whereRef('r.renewed_from_id', '=', 'c.id')
            .where('r.status', '!=', 'cancelled'),
        ),
      ),
    );
  const rows = await base
    .select(['c.id', 'c.contract_number', 'co.name as company', 'c.company_id', 'cat.title as category', 'c.renew_date', 'c.end_date', 'c.agreement_status', 'c.total'])
    .orderBy('c.renew_date')
    .orderBy('c.id')
    .limit(input.perPage)
    .offset((input.page - 1) * input.perPage)
    .execute();
  const count = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      contractNumber: r.contract_number,
      company: r.company,
      companyId: r.company_id,
      category: r.category,
      renewDate: day(r.renew_date) as string,
      endDate: day(r.end_date),
      agreementStatus: r.agreement_status,
      total: wireKroner(Number(r.total)) ?? 0,
    })),
    total,
    totalPages: totalPages(total, input.perPage),
    page: input.page,
    perPage: input.perPage,
  };
}

/** Where staff open an agreement's PDF (GET /api/contracts/{id}/pdf): handed to the screen, never typed there. */
export const contractPdfUrl = (id: number) => `/api/contracts/${id}/pdf`;
