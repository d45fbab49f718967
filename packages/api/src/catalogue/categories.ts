import { json } from '@klubhus/db';
import { CATALOGUE_MSG, MSG, ZCategorySortRequest, ZProductCategoryUpdateRequest, ZTitleListRequest } from '@klubhus/domain';
import { z } from 'zod';
import { likePattern, paginate } from '../lib/list';
import { bool } from '@klubhus/domain';
import { fail, router } from '../trpc';
import { deleteWithImages, saveWithImage } from './images';
import { deleteRefusingInUse, krRequired, productsDelete, productsRead, productsWrite, ZById } from './shared';

const SORTS = { Title: 'title', Sorting: 'sorting', Id: 'id' } as const;
const ZCategoryProductsRequest = z.object({ id: z.coerce.number().int().positive(), contract: bool });

/** Product categories (/products/categories): title, sorting, webshop tab, and the two product orders. */
export const productCategoriesRouter = router({
  list: productsRead.input(ZTitleListRequest).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      let q = trx.selectFrom('product_categories').select(['id', 'title', 'sorting']);
      if (input.search) q = q.where('title', 'ilike', likePattern(input.search));
      q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
      return paginate(q, input);
    }),
  ),

  /** All categories (id, title) for pickers. */
  options: productsRead.query(({ ctx }) =>
    ctx.tx((trx) => trx.selectFrom('product_categories').select(['id', 'title']).orderBy('sorting').orderBy('title').orderBy('id').execute()),
  ),

  get: productsRead.input(ZById).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const c = await trx.selectFrom('product_categories').select(['id', 'title', 'sorting', 'shop']).where('id', '=', input.id).executeTakeFirst();
      if (!c) throw fail.notFound();
      return { id: c.id, title: c.title, sorting: c.sorting, shop: { ...c.shop } };
    }),
  ),

  update: productsWrite.input(ZProductCategoryUpdateRequest).mutation(({ ctx, input }) =>
    saveWithImage(ctx, input.imageFile, 'product-category', async (trx, storeImage) => {
      const values = { title: input.title, sorting: input.sorting, shop: json(input.shop) };
      let id: number;
      let created = false;
      if (input.id) {
        const updated = await trx.updateTable('product_categories').set(values).where('id', '=', input.id).returning('id').executeTakeFirst();
        if (!updated) throw fail.notFound();
        id = updated.id;
      } else {
        id = (await trx.insertInto('product_categories').values({ client_id: ctx.club.clientId, ...values }).returning('id').executeTakeFirstOrThrow()).id;
        created = true;
      }
      const image = await storeImage(id, input.shop.image);
      if (image) await trx.updateTable('product_categories').set({ shop: json({ ...input.shop, image }) }).where('id', '=', id).execute();
      return { id, created, message: created ? MSG.categoryCreated : MSG.categorySaved };
    }),
  ),

  /** Deletes a category; its products stay, without a category. */
  delete: productsDelete.input(ZById).mutation(({ ctx, input }) =>
    deleteWithImages(ctx, 'product-category', input.id, async (trx) => {
      await deleteRefusingInUse(trx, 'product_categories', input.id, CATALOGUE_MSG.categoryInUse);
      return { success: true as const, message: CATALOGUE_MSG.categoryDeleted };
    }),
  ),

  /** The category's products in their saved order: the webshop's (contract false) or the agreements' (contract true). */
  products: productsRead.input(ZCategoryProductsRequest).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const category = await trx.selectFrom('product_categories').select('id').where('id', '=', input.id).executeTakeFirst();
      if (!category) throw fail.notFound();
      const column = input.contract ? 'category_contract_sorting' : 'category_shop_sorting';
      const rows = await trx
        .selectFrom('products')
        .select(['id', 'title', 'type', 'price', 'active', 'shop', column])
        .where('category_id', '=', input.id)
        .orderBy(column)
        .orderBy('title')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        type: r.type,
        price: krRequired(r.price),
        active: r.active,
        shopActive: r.shop?.active ?? false,
        sorting: (r as unknown as Record<string, number>)[column],
      }));
    }),
  ),

  /**
   * Saves the order of a category's products for the webshop or for agreements,
   * in one transaction under a lock on the category. Every id must be a product
   * of the category; products not listed keep their relative order after them.
   */
  sortProducts: productsWrite.input(ZCategorySortRequest).mutation(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const category = await trx.selectFrom('product_categories').select('id').where('id', '=', input.id).forUpdate().executeTakeFirst();
      if (!category) throw fail.notFound();
      if (new Set(input.productIds).size !== input.productIds.length) throw fail.badRequest(CATALOGUE_MSG.sortDuplicate);
      const column = input.contract ? 'category_contract_sorting' : 'category_shop_sorting';
      const current = await trx
        .selectFrom('products')
        .select('id')
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
          .where('id', '=', productId)
          .where('category_id', '=', input.id)
          .execute();
      }
      return { success: true as const, message: MSG.productsSorted };
    }),
  ),
});
