import { json } from '@klubhus/db';
import { CATALOGUE_MSG, MSG, ZOrderCategoryListRequest, ZOrderCategoryUpdateRequest } from '@klubhus/domain';
import { likePattern, paginate } from '../lib/list';
import { fail, router } from '../trpc';
import { deleteWithImages, saveWithImage } from './images';
import { deleteRefusingInUse, kr, ordersDelete, ordersRead, ordersWrite, ZById } from './shared';

const SORTS = { Title: 'title', Sku: 'sku', Price: 'price', Sorting: 'sorting', Id: 'id' } as const;

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
    price: kr(c.price),
    invoiceTitle: c.invoice_title,
    sorting: c.sorting,
    showOnShop: c.show_on_shop,
    hideOnContract: c.hide_on_contract,
  };
}

const COLUMNS = ['id', 'title', 'sku', 'price', 'invoice_title', 'sorting', 'show_on_shop', 'hide_on_contract'] as const;

/** Order and agreement categories (/orders/categories). */
export const orderCategoriesRouter = router({
  list: ordersRead.input(ZOrderCategoryListRequest).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      let q = trx.selectFrom('order_categories').select(COLUMNS);
      if (input.search) {
        const like = likePattern(input.search);
        q = q.where((eb) => eb.or([eb('title', 'ilike', like), eb('sku', 'ilike', like)]));
      }
      q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
      const page = await paginate(q, input);
      return { ...page, rows: page.rows.map(toCategory) };
    }),
  ),

  /** All categories for pickers (agreement and order forms, custom fields), in their sorting. */
  options: ordersRead.query(({ ctx }) =>
    ctx.tx(async (trx) => {
      const rows = await trx.selectFrom('order_categories').select(COLUMNS).orderBy('sorting').orderBy('title').orderBy('id').execute();
      return rows.map(toCategory);
    }),
  ),

  get: ordersRead.input(ZById).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const c = await trx.selectFrom('order_categories').selectAll().where('id', '=', input.id).executeTakeFirst();
      if (!c) throw fail.notFound();
      return { ...toCategory(c), shop: { ...c.shop } };
    }),
  ),

  update: ordersWrite.input(ZOrderCategoryUpdateRequest).mutation(({ ctx, input }) =>
    saveWithImage(ctx, input.imageFile, 'order-category', async (trx, storeImage) => {
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
      let id: number;
      let created = false;
      if (input.id) {
        const updated = await trx.updateTable('order_categories').set(values).where('id', '=', input.id).returning('id').executeTakeFirst();
        if (!updated) throw fail.notFound();
        id = updated.id;
      } else {
        id = (await trx.insertInto('order_categories').values({ client_id: ctx.club.clientId, ...values }).returning('id').executeTakeFirstOrThrow()).id;
        created = true;
      }
      const image = await storeImage(id, input.shop.image);
      if (image) await trx.updateTable('order_categories').set({ shop: json({ ...input.shop, image }) }).where('id', '=', id).execute();
      return { id, created, message: created ? MSG.categoryCreated : MSG.categorySaved };
    }),
  ),

  delete: ordersDelete.input(ZById).mutation(({ ctx, input }) =>
    deleteWithImages(ctx, 'order-category', input.id, async (trx) => {
      await deleteRefusingInUse(trx, 'order_categories', input.id, CATALOGUE_MSG.categoryInUse);
      return { success: true as const, message: CATALOGUE_MSG.categoryDeleted };
    }),
  ),
});
