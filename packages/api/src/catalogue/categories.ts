import { json, type Tx } from '@klubhus/db';
import { CATALOGUE_MSG, MSG, oreToKroner, type TSaveResponse, type ZCategorySortRequest, type ZProductCategoryUpdateRequest, type ZTitleListRequest } from '@klubhus/domain';
import type { z } from 'zod';
import { deleteRecordAttachments } from '../attachments/service';
import type { CallFiles } from '../attachments/storage';
import { fail } from '../lib/errors';
import { saveClubRow } from '../lib/records';
import { likePattern, paginate } from '../lib/list';
import { saveRecordShopImage } from './images';
import { deleteRefusingInUse } from './shared';

/** Product categories (/products/categories): title, sorting, webshop tab, and the two product orders. */

const SORTS = { Title: 'title', Sorting: 'sorting', Id: 'id' } as const;
type Club = { clientId: number; userId: number };

export async function listProductCategories(trx: Tx, clientId: number, input: z.output<typeof ZTitleListRequest>) {
  let q = trx.selectFrom('product_categories').select(['id', 'title', 'sorting']).where('client_id', '=', clientId);
  if (input.search) q = q.where('title', 'ilike', likePattern(input.search));
  q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
  return paginate(q, input);
}

/** All categories (id, title) for pickers, in their sorting. */
export function productCategoryOptions(trx: Tx, clientId: number) {
  return trx.selectFrom('product_categories').select(['id', 'title']).where('client_id', '=', clientId).orderBy('sorting').orderBy('title').orderBy('id').execute();
}

export async function getProductCategory(trx: Tx, clientId: number, categoryId: number) {
  const c = await trx
    .selectFrom('product_categories')
    .select(['id', 'title', 'sorting', 'shop'])
    .where('client_id', '=', clientId)
    .where('id', '=', categoryId)
    .executeTakeFirst();
  if (!c) throw fail.notFound();
  return { id: c.id, title: c.title, sorting: c.sorting, shop: { ...c.shop } };
}

export async function saveProductCategory(trx: Tx, files: CallFiles, club: Club, input: z.output<typeof ZProductCategoryUpdateRequest>): Promise<TSaveResponse> {
  const { clientId } = club;
  const values = { title: input.title, sorting: input.sorting, shop: json(input.shop) };
  const { id, created } = await saveClubRow(trx, 'product_categories', clientId, input.id, values);
  await saveRecordShopImage(trx, files, club, 'product_categories', id, input.imageFile, input.shop);
  return { id, created, message: created ? MSG.categoryCreated : MSG.categorySaved };
}

/** Deletes a category (its products stay, without a category) with its images, comments and files. */
export async function deleteProductCategory(trx: Tx, files: CallFiles, clientId: number, categoryId: number) {
  await deleteRefusingInUse(trx, clientId, 'product_categories', categoryId, CATALOGUE_MSG.categoryInUse);
  await deleteRecordAttachments(trx, files, clientId, 'product-category', categoryId);
  return { success: true as const, message: CATALOGUE_MSG.categoryDeleted };
}

const sortColumn = (contract: boolean) => (contract ? 'category_contract_sorting' : 'category_shop_sorting');

/** The category's products in their saved order: the webshop's (contract false) or the agreements' (contract true). */
export async function categoryProducts(trx: Tx, clientId: number, categoryId: number, contract: boolean) {
  const category = await trx.selectFrom('product_categories').select('id').where('client_id', '=', clientId).where('id', '=', categoryId).executeTakeFirst();
  if (!category) throw fail.notFound();
  const column = sortColumn(contract);
  const rows = await trx
    .selectFrom('products')
    .select(['id', 'title', 'type', 'price', 'active', 'shop', `${column} as sorting`])
    .where('client_id', '=', clientId)
    .where('category_id', '=', categoryId)
    .orderBy(column)
    .orderBy('title')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    type: r.type,
    price: oreToKroner(r.price),
    active: r.active,
    shopActive: r.shop?.active ?? false,
    sorting: r.sorting,
  }));
}

/**
 * Saves the order of a category's products for the webshop or for agreements,
 * in one transaction under a lock on the category. Every id must be a product
 * of the category; products not listed keep their relative order after them.
 */
export async function sortCategoryProducts(trx: Tx, clientId: number, input: z.output<typeof ZCategorySortRequest>) {
  const category = await trx
    .selectFrom('product_categories')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', '=', input.id)
    .forUpdate()
    .executeTakeFirst();
  if (!category) throw fail.notFound();
  if (new Set(input.productIds).size !== input.productIds.length) throw fail.badRequest(CATALOGUE_MSG.sortDuplicate);
  const column = sortColumn(input.contract);
  const current = await trx
    .selectFrom('products')
    .select('id')
    .where('client_id', '=', clientId)
    .where('category_id', '=', input.id)
    .orderBy(column)
    .orderBy('title')
    .orderBy('id')
    .execute();
  const inCategory = new Set(current.map((r) => r.id));
  if (input.productIds.some((id) => !inCategory.has(id))) throw fail.badRequest(CATALOGUE_MSG.sortNotInCategory);
  const listed = new Set(input.productIds);
  const order = [...input.productIds, ...current.map((r) => r.id).filter((id) => !listed.has(id))];
  for (const [i, productId] of order.entries()) {
    await trx
      .updateTable('products')
      .set({ [column]: i + 1 })
      .where('client_id', '=', clientId)
      .where('id', '=', productId)
      .where('category_id', '=', input.id)
      .execute();
  }
  return { success: true as const, message: MSG.productsSorted };
}
