import type { Tx } from '@klubhus/db';
import { type ExtraInfoDefinition, type TExtraInfoInput, validateExtraInfo } from '@klubhus/domain';
import { fail } from '../lib/errors';

export type ExtraInfoKind = 'companies' | 'contacts';

/** The club's extra-info definitions of companies or contacts (settings.{kind}.extraInfo). */
export async function extraInfoDefinitions(trx: Tx, clientId: number, kind: ExtraInfoKind): Promise<ExtraInfoDefinition[]> {
  const row = await trx.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirst();
  const section = (row?.settings as Record<string, { extraInfo?: ExtraInfoDefinition[] }> | undefined)?.[kind];
  return Array.isArray(section?.extraInfo) ? section.extraInfo : [];
}

/** The extra info of a save checked against the club's definitions, as it is stored. */
export async function checkedExtraInfo(trx: Tx, clientId: number, kind: ExtraInfoKind, input: TExtraInfoInput) {
  const result = validateExtraInfo(await extraInfoDefinitions(trx, clientId, kind), input);
  if (!result.ok) throw fail.badRequest(result.error);
  return result.value;
}
