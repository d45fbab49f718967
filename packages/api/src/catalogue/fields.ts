import { json, type Tx } from '@klubhus/db';
import {
  CATALOGUE_MSG,
  defaultAfterTypeChange,
  FieldDefaultError,
  type FieldType,
  MSG,
  normaliseDefaultValue,
  numberFieldValue,
  type ZCustomFieldListRequest,
  type ZCustomFieldUpdateRequest,
} from '@klubhus/domain';
import type { z } from 'zod';
import { fail } from '../lib/errors';
import { likePattern, paginate } from '../lib/list';
import { allOfClub, deleteRefusingInUse } from './shared';

/**
 * Custom fields (/orders/fields): extra fields on orders and agreements of the
 * chosen categories. Type change rule (SPEC §4): when the stored type differs
 * from the new one, a default value equal to the stored one is dropped (it
 * belonged to the old type); a new default is kept only if it is valid for the
 * new type. Values are kept only for Dropdown fields.
 */

const SORTS = { Title: 'title', Type: 'type', Sorting: 'sorting', Id: 'id' } as const;

async function categoryIdsOf(trx: Tx, clientId: number, fieldIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(fieldIds.map((id) => [id, []]));
  if (!fieldIds.length) return map;
  const rows = await trx
    .selectFrom('custom_field_categories')
    .select(['field_id', 'category_id'])
    .where('client_id', '=', clientId)
    .where('field_id', 'in', fieldIds)
    .orderBy('category_id')
    .execute();
  for (const r of rows) map.get(r.field_id)?.push(r.category_id);
  return map;
}

type FieldRow = { id: number; title: string; type: FieldType; sorting: number; values: string[]; default_value: string | null };

async function withCategories(trx: Tx, clientId: number, rows: FieldRow[]) {
  const cats = await categoryIdsOf(
    trx,
    clientId,
    rows.map((r) => r.id),
  );
  return rows.map((f) => ({ id: f.id, title: f.title, type: f.type, categoryIds: cats.get(f.id) ?? [], sorting: f.sorting, values: f.values, defaultValue: f.default_value }));
}

export async function listCustomFields(trx: Tx, clientId: number, input: z.output<typeof ZCustomFieldListRequest>) {
  let q = trx.selectFrom('custom_fields').select(['id', 'title', 'type', 'sorting', 'values', 'default_value']).where('client_id', '=', clientId);
  if (input.search) q = q.where('title', 'ilike', likePattern(input.search));
  const categoryId = input.filter?.categoryId;
  if (categoryId) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('custom_field_categories as fc')
          .select('fc.id')
          .whereRef('fc.field_id', '=', 'custom_fields.id')
          .where('fc.client_id', '=', clientId)
          .where('fc.category_id', '=', categoryId),
      ),
    );
  }
  q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
  const page = await paginate(q, input);
  return { ...page, rows: await withCategories(trx, clientId, page.rows) };
}

/** The fields an order or agreement of a category shows (all of them, in their sorting). */
export async function fieldsForCategory(trx: Tx, clientId: number, categoryId: number) {
  const rows = await trx
    .selectFrom('custom_fields as f')
    .innerJoin('custom_field_categories as fc', (j) => j.onRef('fc.field_id', '=', 'f.id').onRef('fc.client_id', '=', 'f.client_id'))
    .select(['f.id', 'f.title', 'f.type', 'f.sorting', 'f.values', 'f.default_value'])
    .where('f.client_id', '=', clientId)
    .where('fc.category_id', '=', categoryId)
    .orderBy('f.sorting')
    .orderBy('f.title')
    .orderBy('f.id')
    .execute();
  return withCategories(trx, clientId, rows);
}

export async function getCustomField(trx: Tx, clientId: number, fieldId: number) {
  const f = await trx.selectFrom('custom_fields').selectAll().where('client_id', '=', clientId).where('id', '=', fieldId).executeTakeFirst();
  if (!f) throw fail.notFound();
  return (await withCategories(trx, clientId, [f]))[0];
}

export async function saveCustomField(trx: Tx, clientId: number, input: z.output<typeof ZCustomFieldUpdateRequest>) {
  const stored = input.id
    ? await trx.selectFrom('custom_fields').select(['type', 'default_value']).where('client_id', '=', clientId).where('id', '=', input.id).forUpdate().executeTakeFirst()
    : null;
  if (input.id && !stored) throw fail.notFound();
  const values = input.type === 'Dropdown' ? input.values : [];
  let defaultValue: string | null;
  try {
    defaultValue = normaliseDefaultValue(
      input.type,
      defaultAfterTypeChange(stored ? { type: stored.type, defaultValue: stored.default_value } : null, { type: input.type, defaultValue: input.defaultValue }),
      values,
    );
  } catch (error) {
    if (error instanceof FieldDefaultError) throw fail.badRequest(error.message);
    throw error;
  }
  if (!(await allOfClub(trx, clientId, 'order_categories', input.categoryIds))) throw fail.badRequest(CATALOGUE_MSG.unknownCategory);
  const row = { title: input.title, type: input.type, sorting: input.sorting, values: json(values), default_value: defaultValue };
  let id: number;
  let created = false;
  if (input.id) {
    await trx.updateTable('custom_fields').set(row).where('client_id', '=', clientId).where('id', '=', input.id).execute();
    id = input.id;
    await trx.deleteFrom('custom_field_categories').where('client_id', '=', clientId).where('field_id', '=', id).execute();
  } else {
    id = (await trx.insertInto('custom_fields').values({ client_id: clientId, ...row }).returning('id').executeTakeFirstOrThrow()).id;
    created = true;
  }
  const categoryIds = [...new Set(input.categoryIds)];
  if (categoryIds.length) {
    await trx
      .insertInto('custom_field_categories')
      .values(categoryIds.map((categoryId) => ({ client_id: clientId, field_id: id, category_id: categoryId })))
      .execute();
  }
  return { id, created, defaultValue, message: created ? MSG.fieldCreated : MSG.fieldSaved };
}

export async function deleteCustomField(trx: Tx, clientId: number, fieldId: number) {
  await deleteRefusingInUse(trx, clientId, 'custom_fields', fieldId, CATALOGUE_MSG.fieldInUse);
  return { success: true as const, message: CATALOGUE_MSG.fieldDeleted };
}

/**
 * Custom field values of an order or an agreement: only fields of its category (else `unknown`, the
 * record's own Danish text), Number fields as decimals (SPEC §5).
 */
export async function checkedFieldValues(trx: Tx, clientId: number, categoryId: number | null, values: Record<string, unknown>, unknown: string) {
  const entries = Object.entries(values);
  if (!entries.length) return {};
  if (!categoryId) throw fail.badRequest(unknown);
  const fields = new Map((await fieldsForCategory(trx, clientId, categoryId)).map((f) => [String(f.id), f]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const field = fields.get(key);
    if (!field) throw fail.badRequest(unknown);
    if (field.type === 'Number') {
      const n = numberFieldValue(field.title, value);
      if (!n.ok) throw fail.badRequest(n.message);
      out[key] = n.value;
    } else out[key] = value;
  }
  return out;
}
