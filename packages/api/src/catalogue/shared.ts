import type { Tx } from '@klubhus/db';
import { sql } from 'kysely';
import { fail } from '../lib/errors';


/** True for a unique-constraint violation (pg and PGlite both report SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
/** True for a foreign-key violation (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23503';
}

/**
 * Deletes one row of a catalogue table. notFound when the club has no such row;
 * a Danish refusal when another domain's rows still point at it (restricting
 * foreign key), instead of a server error.
 */
export async function deleteRefusingInUse(
  trx: Tx,
  clientId: number,
  table: 'products' | 'product_categories' | 'invoice_groups' | 'order_categories' | 'seasons' | 'custom_fields' | 'discount_codes',
  id: number,
  inUse: string,
): Promise<void> {
  let deleted: { id: number } | undefined;
  try {
    await sql`SAVEPOINT catalogue_delete`.execute(trx);
    deleted = await trx.deleteFrom(table).where('client_id', '=', clientId).where('id', '=', id).returning('id').executeTakeFirst();
    await sql`RELEASE SAVEPOINT catalogue_delete`.execute(trx);
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      await sql`ROLLBACK TO SAVEPOINT catalogue_delete`.execute(trx);
      throw fail.conflict(inUse);
    }
    throw error;
  }
  if (!deleted) throw fail.notFound();
}

/** Every id is a row of the club's table (the explicit club filter and RLS hide other clubs). */
export async function allOfClub(
  trx: Tx,
  clientId: number,
  table: 'products' | 'product_categories' | 'invoice_groups' | 'order_categories' | 'seasons',
  ids: number[],
): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (!unique.length) return true;
  const found = await trx.selectFrom(table).select('id').where('client_id', '=', clientId).where('id', 'in', unique).execute();
  return found.length === unique.length;
}
