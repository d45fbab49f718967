import type { Tx } from '@klubhus/db';
import { json } from '@klubhus/db';
import {
  CATALOGUE_MSG,
  defaultAfterTypeChange,
  FieldDefaultError,
  type FieldType,
  MSG,
  normaliseDefaultValue,
  ZCustomFieldListRequest,
  ZCustomFieldUpdateRequest,
} from '@klubhus/domain';
import { z } from 'zod';
import { likePattern, paginate } from '../lib/list';
import { fail, router } from '../trpc';
import { deleteRefusingInUse, ordersDelete, ordersRead, ordersWrite, ZById } from './shared';

const SORTS = { Title: 'title', Type: 'type', Sorting: 'sorting', Id: 'id' } as const;

async function categoryIdsOf(trx: Tx, fieldIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(fieldIds.map((id) => [id, []]));
  if (!fieldIds.length) return map;
  const rows = await trx
    .selectFrom('custom_field_categories')
    .select(['field_id', 'category_id'])
    .where('field_id', 'in', fieldIds)
    .orderBy('category_id')
    .execute();
  for (const r of rows) map.get(r.field_id)?.push(r.category_id);
  return map;
}

function toField(f: { id: number; title: string; type: FieldType; sorting: number; values: string[]; default_value: string | null }, categoryIds: number[]) {
  return { id: f.id, title: f.title, type: f.type, categoryIds, sorting: f.sorting, values: f.values, defaultValue: f.default_value };
}

/**
 * Custom fields (/orders/fields): extra fields on orders and agreements of the
 * chosen categories. Type change rule (SPEC §4), enforced here: when the stored
 * type differs from the new one, a default value equal to the stored one is
 * dropped (it belonged to the old type); a new default is kept only if it is
 * valid for the new type. Values are kept only for Dropdown fields.
 */
export const customFieldsRouter = router({
  list: ordersRead.input(ZCustomFieldListRequest).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      let q = trx.selectFrom('custom_fields').select(['id', 'title', 'type', 'sorting', 'values', 'default_value']);
      if (input.search) q = q.where('title', 'ilike', likePattern(input.search));
      const categoryId = input.filter?.categoryId;
      if (categoryId) {
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('custom_field_categories as fc')
              .select('fc.id')
              .whereRef('fc.field_id', '=', 'custom_fields.id')
              .where('fc.category_id', '=', categoryId),
          ),
        );
      }
      q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
      const page = await paginate(q, input);
      const cats = await categoryIdsOf(
        trx,
        page.rows.map((r) => r.id),
      );
      return { ...page, rows: page.rows.map((r) => toField(r, cats.get(r.id) ?? [])) };
    }),
  ),

  /** The fields an order or agreement of a category shows (all of them, in their sorting). */
  forCategory: ordersRead.input(z.object({ categoryId: z.coerce.number().int().positive() })).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const rows = await trx
        .selectFrom('custom_fields as f')
        .innerJoin('custom_field_categories as fc', (j) => j.onRef('fc.field_id', '=', 'f.id').onRef('fc.client_id', '=', 'f.client_id'))
        .select(['f.id', 'f.title', 'f.type', 'f.sorting', 'f.values', 'f.default_value'])
        .where('fc.category_id', '=', input.categoryId)
        .orderBy('f.sorting')
        .orderBy('f.title')
        .orderBy('f.id')
        .execute();
      const cats = await categoryIdsOf(
        trx,
        rows.map((r) => r.id),
      );
      return rows.map((r) => toField(r, cats.get(r.id) ?? []));
    }),
  ),

  get: ordersRead.input(ZById).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const f = await trx.selectFrom('custom_fields').selectAll().where('id', '=', input.id).executeTakeFirst();
      if (!f) throw fail.notFound();
      const cats = await categoryIdsOf(trx, [f.id]);
      return toField(f, cats.get(f.id) ?? []);
    }),
  ),

  update: ordersWrite.input(ZCustomFieldUpdateRequest).mutation(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const stored = input.id
        ? await trx.selectFrom('custom_fields').select(['type', 'default_value']).where('id', '=', input.id).forUpdate().executeTakeFirst()
        : null;
      if (input.id && !stored) throw fail.notFound();
      const values = input.type === 'Dropdown' ? input.values : [];
      let defaultValue: string | null;
      try {
        defaultValue = normaliseDefaultValue(
          input.type,
          defaultAfterTypeChange(stored ? { type: stored.type, defaultValue: stored.default_value } : null, {
            type: input.type,
            defaultValue: input.defaultValue,
          }),
          values,
        );
      } catch (error) {
        if (error instanceof FieldDefaultError) throw fail.badRequest(error.message);
        throw error;
      }
      if (input.categoryIds.length) {
        const found = await trx.selectFrom('order_categories').select('id').where('id', 'in', input.categoryIds).execute();
        if (found.length !== input.categoryIds.length) throw fail.badRequest(CATALOGUE_MSG.unknownCategory);
      }
      const row = { title: input.title, type: input.type, sorting: input.sorting, values: json(values), default_value: defaultValue };
      let id: number;
      let created = false;
      if (input.id) {
        await trx.updateTable('custom_fields').set(row).where('id', '=', input.id).execute();
        id = input.id;
        await trx.deleteFrom('custom_field_categories').where('field_id', '=', id).execute();
      } else {
        id = (await trx.insertInto('custom_fields').values({ client_id: ctx.club.clientId, ...row }).returning('id').executeTakeFirstOrThrow()).id;
        created = true;
      }
      if (input.categoryIds.length) {
        await trx
          .insertInto('custom_field_categories')
          .values(input.categoryIds.map((categoryId) => ({ client_id: ctx.club.clientId, field_id: id, category_id: categoryId })))
          .execute();
      }
      return { id, created, defaultValue, message: created ? MSG.fieldCreated : MSG.fieldSaved };
    }),
  ),

  delete: ordersDelete.input(ZById).mutation(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      await deleteRefusingInUse(trx, 'custom_fields', input.id, CATALOGUE_MSG.fieldInUse);
      return { success: true as const, message: CATALOGUE_MSG.fieldDeleted };
    }),
  ),
});
