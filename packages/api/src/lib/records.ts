import type { Database, Tx } from '@klubhus/db';
import type { Insertable, Kysely } from 'kysely';
import { fail } from './errors';

/** Ids that are not rows of this club's table (the explicit club filter and RLS hide other clubs). */
export async function missingIds(trx: Tx, clientId: number, table: 'companies' | 'contacts' | 'contact_lists' | 'products' | 'orders', ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await trx.selectFrom(table).select('id').where('client_id', '=', clientId).where('id', 'in', unique).execute();
  const found = new Set(rows.map((r) => r.id));
  return unique.filter((i) => !found.has(i));
}

/** Club tables whose records are saved whole from their form (catalogue records, event types). */
type SavedTable = 'invoice_groups' | 'seasons' | 'event_types' | 'product_categories' | 'order_categories' | 'discount_codes';

/**
 * Saves a club record from its form: with an id, that row of this club is updated (none: not found);
 * without, a row of the club is inserted. Answers the row's id and whether it was created.
 */
export async function saveClubRow<T extends SavedTable>(
  trx: Tx,
  table: T,
  clientId: number,
  id: number | null | undefined,
  values: Omit<Insertable<Database[T]>, 'client_id'>,
): Promise<{ id: number; created: boolean }> {
  // The table is one of SavedTable: every one has the club's id and an id; the values are checked against T's columns above.
  const db = trx as unknown as Kysely<Record<SavedTable, Record<string, any>>>;
  const to: SavedTable = table;
  if (id) {
    const updated = await db.updateTable(to).set(values).where('client_id', '=', clientId).where('id', '=', id).returning('id').executeTakeFirst();
    if (!updated) throw fail.notFound();
    return { id: updated.id, created: false };
  }
  const inserted = await db.insertInto(to).values({ client_id: clientId, ...values }).returning('id').executeTakeFirstOrThrow();
  return { id: inserted.id, created: true };
}
