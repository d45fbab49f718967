import { type Database, json, type Tx } from '@klubhus/db';
import {
  CATALOGUE_MSG,
  MSG,
  oreToKroner,
  type ProductUpdate,
  type TSaveResponse,
  type ZProductListRequest,
  type ZProductSearchRequest,
  type ZProductUpdateRequest,
} from '@klubhus/domain';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { deleteRecordAttachments } from '../attachments/service';
import type { CallFiles } from '../attachments/storage';
import { fail } from '../lib/errors';
import { likePattern, paginate } from '../lib/list';
import { saveRecordShopImage } from './images';
import { allOfClub, deleteRefusingInUse } from './shared';

/** Products (/products): variants, options, webshop, subscription and agreement setup. */

const SORTS = {
  Title: sql`p.title`,
  Description: sql`p.description`,
  Category: sql`c.title`,
  Price: sql`coalesce(v.min_price, p.price)`,
  Sorting: sql`p.sorting`,
  Id: sql`p.id`,
} as const;

/** The product editor's shape: what get returns and update takes (kroner on the wire). */
export async function loadProduct(trx: Tx, clientId: number, id: number) {
  const p = await trx.selectFrom('products').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
  if (!p) return null;
  const [variants, options, category] = await Promise.all([
    trx.selectFrom('product_variants').selectAll().where('client_id', '=', clientId).where('product_id', '=', id).orderBy('sorting').orderBy('id').execute(),
    trx
      .selectFrom('product_options as o')
      .innerJoin('products as op', (j) => j.onRef('op.id', '=', 'o.option_product_id').onRef('op.client_id', '=', 'o.client_id'))
      .leftJoin('product_variants as ov', (j) => j.onRef('ov.id', '=', 'o.option_variant_id').onRef('ov.client_id', '=', 'o.client_id'))
      .select([
        'o.id',
        'o.option_product_id',
        'o.option_variant_id',
        'o.public',
        'o.pre_selected',
        'o.price_override',
        'o.price',
        'o.sorting',
        'op.title as product_title',
        'op.price as product_price',
        'ov.title as variant_title',
        'ov.price as variant_price',
      ])
      .where('o.client_id', '=', clientId)
      .where('o.product_id', '=', id)
      .orderBy('o.sorting')
      .orderBy('o.id')
      .execute(),
    p.category_id === null
      ? Promise.resolve(undefined)
      : trx.selectFrom('product_categories').select(['id', 'title']).where('client_id', '=', clientId).where('id', '=', p.category_id).executeTakeFirst(),
  ]);
  return {
    id: p.id,
    title: p.title,
    sku: p.sku,
    type: p.type,
    categoryId: p.category_id,
    category: category ? { id: category.id, title: category.title } : null,
    price: oreToKroner(p.price),
    saleAmount: p.sale_amount,
    description: p.description,
    sorting: p.sorting,
    invoiceTitle: p.invoice_title,
    invoiceGroupId: p.invoice_group_id,
    showOnInvoice: p.show_on_invoice,
    prePayment: p.pre_payment,
    reservation: p.reservation,
    seasonTicket: p.season_ticket,
    poolProduct: p.pool_product,
    appendix: p.appendix,
    hideExport: p.hide_export,
    vatExempt: p.vat_exempt,
    active: p.active,
    extraInfo: p.extra_info,
    contractSetup: p.contract_setup,
    subscription: p.subscription
      ? { ...p.subscription, startFee: oreToKroner(p.subscription.startFee), fee: oreToKroner(p.subscription.fee) }
      : { active: false, startFee: null, fee: null, interval: null, commitment: null },
    shop: p.shop
      ? { ...p.shop, price: oreToKroner(p.shop.price), discount: oreToKroner(p.shop.discount) }
      : { active: false, title: null, price: null, discount: null, seasonId: null, description: null, image: null },
    seats: p.seats ?? { chartId: null, category: null },
    economicSku: p.economic_sku,
    variants: variants.map((v) => ({
      id: v.id,
      title: v.title,
      sku: v.sku,
      price: oreToKroner(v.price),
      saleAmount: v.sale_amount,
      active: v.active,
      sorting: v.sorting,
    })),
    options: options.map((o) => ({
      id: o.id,
      productId: o.option_product_id,
      product: o.product_title,
      variantId: o.option_variant_id,
      variant: o.variant_title,
      public: o.public,
      preSelected: o.pre_selected,
      priceOverride: o.price_override,
      /** The override price when priceOverride, else the option product's (or variant's) own price. */
      price: o.price_override ? oreToKroner(o.price) : oreToKroner(o.variant_price ?? o.product_price),
      sorting: o.sorting,
    })),
  };
}
export type ProductDetail = NonNullable<Awaited<ReturnType<typeof loadProduct>>>;

/** Every id the product points at must be a row of the club; otherwise a Danish refusal. */
async function checkReferences(trx: Tx, clientId: number, input: ProductUpdate) {
  if (input.categoryId !== null && !(await allOfClub(trx, clientId, 'product_categories', [input.categoryId]))) {
    throw fail.badRequest(CATALOGUE_MSG.unknownCategory);
  }
  if (input.invoiceGroupId !== null && !(await allOfClub(trx, clientId, 'invoice_groups', [input.invoiceGroupId]))) {
    throw fail.badRequest(CATALOGUE_MSG.unknownInvoiceGroup);
  }
  if (input.shop?.seasonId && !(await allOfClub(trx, clientId, 'seasons', [input.shop.seasonId]))) throw fail.badRequest(CATALOGUE_MSG.unknownSeason);
  if (!(await allOfClub(trx, clientId, 'products', input.options.map((o) => o.productId)))) throw fail.badRequest(CATALOGUE_MSG.unknownProduct);
  const optionVariantIds = input.options.flatMap((o) => (o.variantId ? [o.variantId] : []));
  if (optionVariantIds.length) {
    const variants = await trx
      .selectFrom('product_variants')
      .select(['id', 'product_id'])
      .where('client_id', '=', clientId)
      .where('id', 'in', optionVariantIds)
      .execute();
    const owner = new Map(variants.map((v) => [v.id, v.product_id]));
    for (const o of input.options) {
      if (o.variantId && owner.get(o.variantId) !== o.productId) throw fail.badRequest(CATALOGUE_MSG.optionVariant);
    }
  }
}

/**
 * Makes a product's variants or options the given rows: rows with an id update their row (it must be
 * one of this product's), rows without one are inserted, and the product's other rows are deleted.
 */
async function syncProductRows<K extends 'product_variants' | 'product_options', T extends { id: number | null }>(
  trx: Tx,
  table: K,
  clientId: number,
  productId: number,
  created: boolean,
  rows: T[],
  unknown: string,
  columns: (row: T) => Omit<Insertable<Database[K]>, 'client_id' | 'product_id'>,
) {
  // Kysely cannot type a query over a union of tables; the column map is typed per table above.
  const t = trx as unknown as Transaction<any>;
  const name: string = table;
  const existing = created
    ? []
    : (await t.selectFrom(name).select('id').where('client_id', '=', clientId).where('product_id', '=', productId).execute()).map((r: { id: number }) => r.id);
  const keep = new Set(rows.flatMap((r) => (r.id ? [r.id] : [])));
  for (const id of keep) if (!existing.includes(id)) throw fail.badRequest(unknown);
  const removed = existing.filter((id: number) => !keep.has(id));
  if (removed.length) await t.deleteFrom(name).where('client_id', '=', clientId).where('product_id', '=', productId).where('id', 'in', removed).execute();
  for (const row of rows) {
    if (row.id) await t.updateTable(name).set(columns(row)).where('client_id', '=', clientId).where('id', '=', row.id).where('product_id', '=', productId).execute();
    else await t.insertInto(name).values({ client_id: clientId, product_id: productId, ...columns(row) }).execute();
  }
}

/** Saves a product with its variants and options in the caller's (one) transaction. */
export async function saveProduct(trx: Tx, clientId: number, input: ProductUpdate): Promise<{ id: number; created: boolean }> {
  await checkReferences(trx, clientId, input);
  const values = {
    title: input.title,
    sku: input.sku,
    type: input.type,
    category_id: input.categoryId,
    price: input.price,
    sale_amount: input.saleAmount,
    description: input.description,
    sorting: input.sorting,
    invoice_title: input.invoiceTitle,
    invoice_group_id: input.invoiceGroupId,
    show_on_invoice: input.showOnInvoice,
    pre_payment: input.prePayment,
    reservation: input.reservation,
    season_ticket: input.seasonTicket,
    pool_product: input.poolProduct,
    appendix: input.appendix,
    hide_export: input.hideExport,
    vat_exempt: input.vatExempt,
    active: input.active,
    extra_info: json(input.extraInfo),
    contract_setup: input.contractSetup ? json(input.contractSetup) : null,
    subscription: input.subscription ? json(input.subscription) : null,
    shop: input.shop ? json(input.shop) : null,
    seats: input.seats ? json(input.seats) : null,
    economic_sku: input.economicSku,
  };
  let id: number;
  let created = false;
  if (input.id) {
    const current = await trx
      .selectFrom('products')
      .select(['id', 'category_id'])
      .where('client_id', '=', clientId)
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw fail.notFound();
    // Moving to another category puts the product last in that category's lists.
    const moved = current.category_id !== input.categoryId;
    await trx
      .updateTable('products')
      .set({
        ...values,
        updated_at: new Date(),
        ...(moved ? await lastPositions(trx, clientId, input.categoryId) : {}),
      })
      .where('client_id', '=', clientId)
      .where('id', '=', input.id)
      .execute();
    id = input.id;
  } else {
    const row = await trx
      .insertInto('products')
      .values({ client_id: clientId, ...values, ...(await lastPositions(trx, clientId, input.categoryId)) })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
    created = true;
  }

  await syncProductRows(trx, 'product_variants', clientId, id, created, input.variants, CATALOGUE_MSG.unknownVariant, (v) => ({
    title: v.title,
    sku: v.sku,
    price: v.price,
    sale_amount: v.saleAmount,
    active: v.active,
    sorting: v.sorting,
  }));
  await syncProductRows(trx, 'product_options', clientId, id, created, input.options, CATALOGUE_MSG.unknownOption, (o) => ({
    option_product_id: o.productId,
    option_variant_id: o.variantId,
    public: o.public,
    pre_selected: o.preSelected,
    price_override: o.priceOverride,
    price: o.price,
    sorting: o.sorting,
  }));
  return { id, created };
}

/** Positions after the last product of a category in both of its lists. */
async function lastPositions(trx: Tx, clientId: number, categoryId: number | null) {
  if (categoryId === null) return { category_shop_sorting: 0, category_contract_sorting: 0 };
  const r = await trx
    .selectFrom('products')
    .select([
      sql<number>`coalesce(max(category_shop_sorting), 0) + 1`.as('shop'),
      sql<number>`coalesce(max(category_contract_sorting), 0) + 1`.as('contract'),
    ])
    .where('client_id', '=', clientId)
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return { category_shop_sorting: Number(r.shop), category_contract_sorting: Number(r.contract) };
}

/** Product list (SPEC §2): Title asc, 10 per page, category filter, search. price is the lowest active variant price when hasVariants ('Fra:'). */
export async function listProducts(trx: Tx, clientId: number, input: z.output<typeof ZProductListRequest>) {
  let q = trx
    .selectFrom('products as p')
    .leftJoin('product_categories as c', (j) => j.onRef('c.id', '=', 'p.category_id').onRef('c.client_id', '=', 'p.client_id'))
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('product_variants')
          .select(['product_id', sql<number>`min(price)`.as('min_price')])
          .where('client_id', '=', clientId)
          .where('active', '=', true)
          .groupBy('product_id')
          .as('v'),
      (j) => j.onRef('v.product_id', '=', 'p.id'),
    )
    .select(['p.id', 'p.title', 'p.description', 'p.type', 'p.active', 'p.price', 'p.sorting', 'p.category_id', 'c.title as category_title', 'v.min_price'])
    .where('p.client_id', '=', clientId);
  if (input.filter?.categoryId) q = q.where('p.category_id', '=', input.filter.categoryId);
  if (input.search) {
    const like = likePattern(input.search);
    q = q.where((eb) => eb.or([eb('p.title', 'ilike', like), eb('p.sku', 'ilike', like), eb('p.description', 'ilike', like)]));
  }
  q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('p.id');
  const page = await paginate(q, input);
  return {
    ...page,
    rows: page.rows.map((r) => {
      const hasVariants = r.min_price !== null && r.min_price !== undefined;
      return {
        id: r.id,
        title: r.title,
        description: r.description,
        type: r.type,
        active: r.active,
        categoryId: r.category_id,
        category: r.category_title,
        /** Shown price: the lowest active variant price when hasVariants ('Fra:'), else the product price. */
        price: oreToKroner(hasVariants ? Number(r.min_price) : r.price),
        basePrice: oreToKroner(r.price),
        hasVariants,
        sorting: r.sorting,
      };
    }),
  };
}

export async function getProduct(trx: Tx, clientId: number, productId: number) {
  const product = await loadProduct(trx, clientId, productId);
  if (!product) throw fail.notFound();
  return product;
}

/** Create (no id) or save a product with its variants, options and webshop image, in the call's transaction. */
export async function saveProductWithImage(
  trx: Tx,
  files: CallFiles,
  club: { clientId: number; userId: number },
  input: z.output<typeof ZProductUpdateRequest>,
): Promise<TSaveResponse> {
  const { id, created } = await saveProduct(trx, club.clientId, input);
  const shop = input.shop ?? { active: false, title: null, price: null, discount: null, seasonId: null, description: null, image: null };
  await saveRecordShopImage(trx, files, club, 'products', id, input.imageFile, shop);
  return { id, created, message: created ? MSG.productCreated : MSG.productSaved };
}

/** Deletes a product (refused while orders use it) with its images, comments and files. */
export async function deleteProduct(trx: Tx, files: CallFiles, clientId: number, productId: number) {
  await deleteRefusingInUse(trx, clientId, 'products', productId, CATALOGUE_MSG.productInUse);
  await deleteRecordAttachments(trx, files, clientId, 'product', productId);
  return { success: true as const, message: CATALOGUE_MSG.productDeleted };
}

/** Pickers: products by text ({search}) or by id ({ids}), with their active variants. */
export async function searchProducts(trx: Tx, clientId: number, input: z.output<typeof ZProductSearchRequest>) {
  let q = trx.selectFrom('products').select(['id', 'title', 'type', 'sku', 'price', 'active', 'vat_exempt', 'category_id']).where('client_id', '=', clientId);
  if (input.ids) {
    if (!input.ids.length) return [];
    q = q.where('id', 'in', input.ids);
  } else if (input.search) {
    const like = likePattern(input.search);
    q = q.where((eb) => eb.or([eb('title', 'ilike', like), eb('sku', 'ilike', like)]));
  }
  if (input.type) q = q.where('type', '=', input.type);
  const rows = await q
    .orderBy('title')
    .orderBy('id')
    .limit(input.ids ? 200 : input.limit)
    .execute();
  const variants = rows.length
    ? await trx
        .selectFrom('product_variants')
        .select(['id', 'product_id', 'title', 'sku', 'price'])
        .where('client_id', '=', clientId)
        .where(
          'product_id',
          'in',
          rows.map((r) => r.id),
        )
        .where('active', '=', true)
        .orderBy('sorting')
        .orderBy('id')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    type: r.type,
    sku: r.sku,
    price: oreToKroner(r.price),
    active: r.active,
    vatExempt: r.vat_exempt,
    categoryId: r.category_id,
    variants: variants.filter((v) => v.product_id === r.id).map((v) => ({ id: v.id, title: v.title, sku: v.sku, price: oreToKroner(v.price) })),
  }));
}
