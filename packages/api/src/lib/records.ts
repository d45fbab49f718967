import type { Tx } from '@klubhus/db';

/** Ids that are not rows of this club's table (the explicit club filter and RLS hide other clubs). */
export async function missingIds(trx: Tx, clientId: number, table: 'companies' | 'contacts' | 'contact_lists' | 'products', ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await trx.selectFrom(table).select('id').where('client_id', '=', clientId).where('id', 'in', unique).execute();
  const found = new Set(rows.map((r) => r.id));
  return unique.filter((i) => !found.has(i));
}
