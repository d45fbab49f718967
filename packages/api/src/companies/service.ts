import type { Tx } from '@klubhus/db';
import { type ExtraInfoDefinition, type TExtraInfoInput, validateExtraInfo } from '@klubhus/domain';
import { fail } from '../trpc';

/** The club's extra-info definitions of companies or contacts (settings.{kind}.extraInfo). */
export async function extraInfoDefinitions(trx: Tx, clientId: number, kind: 'companies' | 'contacts'): Promise<ExtraInfoDefinition[]> {
  const row = await trx.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirst();
  const section = (row?.settings as Record<string, { extraInfo?: ExtraInfoDefinition[] }> | undefined)?.[kind];
  return Array.isArray(section?.extraInfo) ? section.extraInfo : [];
}

export async function checkedExtraInfo(trx: Tx, clientId: number, kind: 'companies' | 'contacts', input: TExtraInfoInput) {
  const result = validateExtraInfo(await extraInfoDefinitions(trx, clientId, kind), input);
  if (!result.ok) throw fail.badRequest(result.error);
  return result.value;
}

/** Ids that are not rows of this club's table (RLS and the explicit club filter hide other clubs). */
export async function missingIds(trx: Tx, clientId: number, table: 'companies' | 'contacts' | 'contact_lists', ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await trx.selectFrom(table).select('id').where('client_id', '=', clientId).where('id', 'in', unique).execute();
  const found = new Set(rows.map((r) => r.id));
  return unique.filter((i) => !found.has(i));
}
