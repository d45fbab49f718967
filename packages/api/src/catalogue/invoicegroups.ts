import { json } from '@klubhus/db';
import { CATALOGUE_MSG, MSG, ZInvoiceGroupUpdateRequest, ZTitleListRequest } from '@klubhus/domain';
import { likePattern, paginate } from '../lib/list';
import { fail, router } from '../trpc';
import { deleteRefusingInUse, productsDelete, productsRead, productsWrite, ZById } from './shared';

const SORTS = { Title: 'title', Sorting: 'sorting', Id: 'id' } as const;

/** Invoice groups (/products/invoicegroups): Gruppe and E-conomic tabs. */
export const invoiceGroupsRouter = router({
  list: productsRead.input(ZTitleListRequest).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      let q = trx.selectFrom('invoice_groups').select(['id', 'title', 'sku', 'sorting', 'vat_exempt as vatExempt']);
      if (input.search) {
        const like = likePattern(input.search);
        q = q.where((eb) => eb.or([eb('title', 'ilike', like), eb('sku', 'ilike', like)]));
      }
      q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
      return paginate(q, input);
    }),
  ),

  /** All groups (id, title, vatExempt) for the product editor's picker. */
  options: productsRead.query(({ ctx }) =>
    ctx.tx((trx) =>
      trx.selectFrom('invoice_groups').select(['id', 'title', 'vat_exempt as vatExempt']).orderBy('sorting').orderBy('title').orderBy('id').execute(),
    ),
  ),

  get: productsRead.input(ZById).query(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const g = await trx.selectFrom('invoice_groups').selectAll().where('id', '=', input.id).executeTakeFirst();
      if (!g) throw fail.notFound();
      return { id: g.id, title: g.title, sku: g.sku, sorting: g.sorting, vatExempt: g.vat_exempt, economic: g.economic };
    }),
  ),

  update: productsWrite.input(ZInvoiceGroupUpdateRequest).mutation(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      const values = { title: input.title, sku: input.sku, sorting: input.sorting, vat_exempt: input.vatExempt, economic: json(input.economic) };
      if (input.id) {
        const updated = await trx.updateTable('invoice_groups').set(values).where('id', '=', input.id).returning('id').executeTakeFirst();
        if (!updated) throw fail.notFound();
        return { id: updated.id, created: false, message: MSG.groupSaved };
      }
      const created = await trx
        .insertInto('invoice_groups')
        .values({ client_id: ctx.club.clientId, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: created.id, created: true, message: MSG.groupCreated };
    }),
  ),

  /** Deletes a group; its products stay, without a group. */
  delete: productsDelete.input(ZById).mutation(({ ctx, input }) =>
    ctx.tx(async (trx) => {
      await deleteRefusingInUse(trx, 'invoice_groups', input.id, CATALOGUE_MSG.groupInUse);
      return { success: true as const, message: CATALOGUE_MSG.groupDeleted };
    }),
  ),
});
