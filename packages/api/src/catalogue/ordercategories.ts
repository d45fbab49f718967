import { json, type Tx } from '@klubhus/db';
import { CATALOGUE_MSG, MSG, oreToKroner, type TSaveResponse, type ZOrderCategoryListRequest, type ZOrderCategoryUpdateRequest } from '@klubhus/domain';
import type { z } from 'zod';
import { deleteRecordAttachments } from '../attachments/service';
import type { CallFiles } from '../attachments/storage';
import { fail } from '../lib/errors';
import { saveClubRow } from '../lib/records';
import { likePattern, paginate } from '../lib/list';
import { saveRecordShopImage } from './images';
import { deleteRefusingInUse } from './shared';

/** Order and agreement categories (/orders/categories). */

const SORTS = { Title: 'title', Sku: 'sku', Price: 'price', Sorting: 'sorting', Id: 'id' } as const;
const COLUMNS = ['id', 'title', 'sku', 'price', 'invoice_title', 'sorting', 'show_on_shop', 'hide_on_contract'] as const;

function toCategory(c: {
  id: number;
  title: string;
  sku: string | null;
  price: number | null;
  invoice_title: string | null;
  sorting: number;
  show_on_shop: boolean;
  hide_on_contract: boolean;
}) {
  return {
    id: c.id,
    title: c.title,
    sku: c.sku,
    price: oreToKroner(c.price),
    invoiceTitle: c.invoice_title,
    sorting: c.sorting,
    showOnShop: c.show_on_shop,
    hideOnContract: c.hide_on_contract,
  };
}

export async function listOrderCategories(trx: Tx, clientId: number, input: z.output<typeof ZOrderCategoryListRequest>) {
  let q = trx.selectFrom('order_categories').select(COLUMNS).where('client_id', '=', clientId);
  if (input.search) {
    const like = likePattern(input.search);
    q = q.where((eb) => eb.or([eb('title', 'ilike', like), eb('sku', 'ilike', like)]));
  }
  q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
  const page = await paginate(q, input);
  return { ...page, rows: page.rows.map(toCategory) };
}

/** All categories for pickers (agreement and order forms, custom fields), in their sorting. */
export async function orderCategoryOptions(trx: Tx, clientId: number) {
  const rows = await trx.selectFrom('order_categories').select(COLUMNS).where('client_id', '=', clientId).orderBy('sorting').orderBy('title').orderBy('id').execute();
  return rows.map(toCategory);
}

export async function getOrderCategory(trx: Tx, clientId: number, categoryId: number) {
  const c = await trx.selectFrom('order_categories').selectAll().where('client_id', '=', clientId).where('id', '=', categoryId).executeTakeFirst();
  if (!c) throw fail.notFound();
  return { ...toCategory(c), shop: { ...c.shop } };
}

export async function saveOrderCategory(
  trx: Tx,
  files: CallFiles,
  club: { clientId: number; userId: number },
  input: z.output<typeof ZOrderCategoryUpdateRequest>,
): Promise<TSaveResponse> {
  const { clientId } = club;
  const values = {
    title: input.title,
    sku: input.sku,
    price: input.price,
    invoice_title: input.invoiceTitle,
    sorting: input.sorting,
    show_on_shop: input.showOnShop,
    hide_on_contract: input.hideOnContract,
    shop: json(input.shop),
  };
  const { id, created } = await saveClubRow(trx, 'order_categories', clientId, input.id, values);
  await saveRecordShopImage(trx, files, club, 'order_categories', id, input.imageFile, input.shop);
  return { id, created, message: created ? MSG.categoryCreated : MSG.categorySaved };
}

/** Deletes a category with its images, comments and files; refused while orders or fields use it. */
export async function deleteOrderCategory(trx: Tx, files: CallFiles, clientId: number, categoryId: number) {
  await deleteRefusingInUse(trx, clientId, 'order_categories', categoryId, CATALOGUE_MSG.categoryInUse);
  await deleteRecordAttachments(trx, files, clientId, 'order-category', categoryId);
  return { success: true as const, message: CATALOGUE_MSG.categoryDeleted };
}
