import { json, type Tx } from '@klubhus/db';
import { CATALOGUE_MSG, MSG, type TSaveResponse, type ZInvoiceGroupUpdateRequest, type ZTitleListRequest } from '@klubhus/domain';
import type { z } from 'zod';
import { fail } from '../lib/errors';
import { saveClubRow } from '../lib/records';
import { likePattern, paginate } from '../lib/list';
import { deleteRefusingInUse } from './shared';

/** Invoice groups (/products/invoicegroups): Gruppe and E-conomic tabs. */

const SORTS = { Title: 'title', Sorting: 'sorting', Id: 'id' } as const;

export async function listInvoiceGroups(trx: Tx, clientId: number, input: z.output<typeof ZTitleListRequest>) {
  let q = trx.selectFrom('invoice_groups').select(['id', 'title', 'sku', 'sorting', 'vat_exempt as vatExempt']).where('client_id', '=', clientId);
  if (input.search) {
    const like = likePattern(input.search);
    q = q.where((eb) => eb.or([eb('title', 'ilike', like), eb('sku', 'ilike', like)]));
  }
  q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
  return paginate(q, input);
}

/** All groups (id, title, vatExempt) for the product editor's picker. */
export function invoiceGroupOptions(trx: Tx, clientId: number) {
  return trx
    .selectFrom('invoice_groups')
    .select(['id', 'title', 'vat_exempt as vatExempt'])
    .where('client_id', '=', clientId)
    .orderBy('sorting')
    .orderBy('title')
    .orderBy('id')
    .execute();
}

export async function getInvoiceGroup(trx: Tx, clientId: number, groupId: number) {
  const g = await trx.selectFrom('invoice_groups').selectAll().where('client_id', '=', clientId).where('id', '=', groupId).executeTakeFirst();
  if (!g) throw fail.notFound();
  return { id: g.id, title: g.title, sku: g.sku, sorting: g.sorting, vatExempt: g.vat_exempt, economic: g.economic };
}

export async function saveInvoiceGroup(trx: Tx, clientId: number, input: z.output<typeof ZInvoiceGroupUpdateRequest>): Promise<TSaveResponse> {
  const values = { title: input.title, sku: input.sku, sorting: input.sorting, vat_exempt: input.vatExempt, economic: json(input.economic) };
  const { id, created } = await saveClubRow(trx, 'invoice_groups', clientId, input.id, values);
  return { id, created, message: created ? MSG.groupCreated : MSG.groupSaved };
}

/** Deletes a group; its products stay, without a group. */
export async function deleteInvoiceGroup(trx: Tx, clientId: number, groupId: number) {
  await deleteRefusingInUse(trx, clientId, 'invoice_groups', groupId, CATALOGUE_MSG.groupInUse);
  return { success: true as const, message: CATALOGUE_MSG.groupDeleted };
}
