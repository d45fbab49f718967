import type { Tx } from '@klubhus/db';
import {
  CATALOGUE_MSG,
  checkDiscountCode,
  type DiscountCodeRule,
  oreToKroner,
  MSG,
  normaliseCode,
  type TSaveResponse,
  todayIn,
  type ZDiscountCodeListRequest,
  type ZDiscountCodeUpdateRequest,
} from '@klubhus/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { fail } from '../lib/errors';
import { saveClubRow } from '../lib/records';
import { likePattern, paginate } from '../lib/list';
import { allOfClub, deleteRefusingInUse, isUniqueViolation } from './shared';

/** Discount codes (/orders/discount-codes) and their use at checkout. */

const SORTS = { Title: 'title', Code: 'code', Expires: 'expires', Active: 'active', Id: 'id' } as const;
const COLUMNS = ['id', 'title', 'code', 'expires', 'amount', 'uses', 'discount', 'percentage', 'active'] as const;

interface CodeRow {
  id: number;
  title: string;
  code: string;
  expires: string;
  amount: number | null;
  uses: number;
  discount: number;
  percentage: boolean;
  active: boolean;
}

/** discount on the wire: percent (12.5) for percentage codes, kroner for fixed ones; stored as hundredths of either. */
function toCode(c: CodeRow) {
  return {
    id: c.id,
    title: c.title,
    code: c.code,
    expires: c.expires,
    amount: c.amount,
    uses: c.uses,
    discount: oreToKroner(Number(c.discount)),
    percentage: c.percentage,
    active: c.active,
  };
}

/** The domain rule of a stored code (percent or øre), for checkDiscountCode/applyDiscountCode. */
function toRule(c: CodeRow, productIds: number[]): DiscountCodeRule {
  return {
    code: c.code,
    active: c.active,
    expires: c.expires,
    amount: c.amount,
    uses: c.uses,
    discount: c.percentage ? Number(c.discount) / 100 : Number(c.discount),
    percentage: c.percentage,
    productIds,
  };
}

async function productIdsOf(trx: Tx, clientId: number, codeId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('discount_code_products')
    .select('product_id')
    .where('client_id', '=', clientId)
    .where('discount_code_id', '=', codeId)
    .orderBy('product_id')
    .execute();
  return rows.map((r) => r.product_id);
}

async function clubToday(trx: Tx, clientId: number, now: Date): Promise<string> {
  const club = await trx.selectFrom('clients').select('time_zone').where('id', '=', clientId).executeTakeFirst();
  return todayIn(club?.time_zone ?? 'Europe/Berlin', now);
}

/** A club's code by its text (case-insensitive), as a domain rule; null when there is none. No lock: for showing a price. */
export async function findDiscountCode(trx: Tx, clientId: number, code: string): Promise<(DiscountCodeRule & { id: number }) | null> {
  const row = await trx
    .selectFrom('discount_codes')
    .select(COLUMNS)
    .where('client_id', '=', clientId)
    .where(sql<string>`lower(code)`, '=', normaliseCode(code))
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, ...toRule(row, await productIdsOf(trx, clientId, row.id)) };
}

/**
 * Takes one use of a discount code, at checkout, inside the caller's
 * transaction: the row is locked (SELECT … FOR UPDATE) so the check and the
 * take are one step; concurrent checkouts queue on the lock and the one that
 * finds it used up is refused. Also refuses unknown, inactive and expired
 * codes (expiry in the club's time zone). Returns the rule as it was before
 * this use, for applyDiscountCode.
 */
export async function consumeDiscountCode(
  trx: Tx,
  clientId: number,
  code: string,
  opts: { now?: Date } = {},
): Promise<DiscountCodeRule & { id: number }> {
  const row = await trx
    .selectFrom('discount_codes')
    .select(COLUMNS)
    .where('client_id', '=', clientId)
    .where(sql<string>`lower(code)`, '=', normaliseCode(code))
    .forUpdate()
    .executeTakeFirst();
  const rule = row ? { id: row.id, ...toRule(row, await productIdsOf(trx, clientId, row.id)) } : null;
  const check = checkDiscountCode(rule, await clubToday(trx, clientId, opts.now ?? new Date()));
  if (!check.ok) throw fail.badRequest(check.message);
  const r = rule as DiscountCodeRule & { id: number };
  await trx
    .updateTable('discount_codes')
    .set({ uses: sql`uses + 1` })
    .where('id', '=', r.id)
    .where('client_id', '=', clientId)
    .execute();
  return r;
}

export async function listDiscountCodes(trx: Tx, clientId: number, input: z.output<typeof ZDiscountCodeListRequest>) {
  let q = trx.selectFrom('discount_codes').select(COLUMNS).where('client_id', '=', clientId);
  if (input.search) {
    const like = likePattern(input.search);
    q = q.where((eb) => eb.or([eb('title', 'ilike', like), eb('code', 'ilike', like)]));
  }
  q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
  const page = await paginate(q, input);
  return { ...page, rows: page.rows.map(toCode) };
}

export async function getDiscountCode(trx: Tx, clientId: number, codeId: number) {
  const c = await trx.selectFrom('discount_codes').select(COLUMNS).where('client_id', '=', clientId).where('id', '=', codeId).executeTakeFirst();
  if (!c) throw fail.notFound();
  const products = await trx
    .selectFrom('discount_code_products as dp')
    .innerJoin('products as p', (j) => j.onRef('p.id', '=', 'dp.product_id').onRef('p.client_id', '=', 'dp.client_id'))
    .select(['p.id', 'p.title'])
    .where('dp.client_id', '=', clientId)
    .where('dp.discount_code_id', '=', c.id)
    .orderBy('p.title')
    .orderBy('p.id')
    .execute();
  return { ...toCode(c), productIds: products.map((p) => p.id), products };
}

/** Create (no id) or save; the code is unique in the club whatever its case. */
export async function saveDiscountCode(trx: Tx, clientId: number, input: z.output<typeof ZDiscountCodeUpdateRequest>): Promise<TSaveResponse> {
  const clash = await trx
    .selectFrom('discount_codes')
    .select('id')
    .where('client_id', '=', clientId)
    .where(sql<string>`lower(code)`, '=', normaliseCode(input.code))
    .$if(!!input.id, (q) => q.where('id', '!=', input.id as number))
    .executeTakeFirst();
  if (clash) throw fail.conflict(CATALOGUE_MSG.codeTaken);
  if (!(await allOfClub(trx, clientId, 'products', input.productIds))) throw fail.badRequest(CATALOGUE_MSG.unknownProduct);
  const row = {
    title: input.title,
    code: input.code,
    expires: input.expires,
    amount: input.amount,
    discount: input.discountHundredths,
    percentage: input.percentage,
    active: input.active,
  };
  let saved: { id: number; created: boolean };
  try {
    await sql`SAVEPOINT discount_code_save`.execute(trx);
    saved = await saveClubRow(trx, 'discount_codes', clientId, input.id, row);
    await sql`RELEASE SAVEPOINT discount_code_save`.execute(trx);
  } catch (error) {
    // Two saves of the same code at once: the unique index decides, the loser gets the same message.
    if (isUniqueViolation(error)) throw fail.conflict(CATALOGUE_MSG.codeTaken);
    throw error;
  }
  const { id, created } = saved;
  await trx.deleteFrom('discount_code_products').where('client_id', '=', clientId).where('discount_code_id', '=', id).execute();
  const productIds = [...new Set(input.productIds)];
  if (productIds.length) {
    await trx
      .insertInto('discount_code_products')
      .values(productIds.map((productId) => ({ client_id: clientId, discount_code_id: id, product_id: productId })))
      .execute();
  }
  return { id, created, message: created ? MSG.discountCodeCreated : MSG.discountCodeSaved };
}

export async function deleteDiscountCode(trx: Tx, clientId: number, codeId: number) {
  await deleteRefusingInUse(trx, clientId, 'discount_codes', codeId, CATALOGUE_MSG.discountCodeInUse);
  return { success: true as const, message: CATALOGUE_MSG.discountCodeDeleted };
}
