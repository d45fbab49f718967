import { json } from '@klubhus/db';
import { listInput, MSG, ZModuleUpdateRequest } from '@klubhus/domain';
import { z } from 'zod';
import { likePattern, paginate } from '../lib/list';
import { fail, router, superAdminProcedure } from '../trpc';

const SORTS = { Name: 'name', Alias: 'alias', Url: 'url', Sorting: 'sorting', Id: 'id' } as const;
export const ZModuleListRequest = listInput(z.object({}).passthrough(), ['Name', 'Alias', 'Url', 'Sorting', 'Id'] as const, {
  field: 'Sorting',
  dir: 'asc',
});

function toModule(r: {
  id: number;
  name: string;
  alias: string;
  url: string | null;
  icon: string;
  sorting: number;
  features: unknown;
  views: unknown;
  components: unknown;
  acl_rules: unknown;
}) {
  return {
    id: r.id,
    name: r.name,
    alias: r.alias,
    url: r.url,
    icon: r.icon,
    sorting: r.sorting,
    features: r.features as z.output<typeof ZModuleUpdateRequest>['features'],
    views: r.views as z.output<typeof ZModuleUpdateRequest>['views'],
    components: r.components as z.output<typeof ZModuleUpdateRequest>['components'],
    aclRules: r.acl_rules as z.output<typeof ZModuleUpdateRequest>['aclRules'],
  };
}

/** Module definitions are platform-wide: only platform administrators edit them. */
export const modulesRouter = router({
  list: superAdminProcedure.input(ZModuleListRequest).query(async ({ ctx, input }) => {
    let q = ctx.db.selectFrom('modules').select(['id', 'name', 'alias', 'url', 'icon', 'sorting']);
    if (input.search) {
      const like = likePattern(input.search);
      q = q.where((eb) => eb.or([eb('name', 'ilike', like), eb('alias', 'ilike', like), eb('url', 'ilike', like)]));
    }
    q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
    return paginate(q, input);
  }),

  get: superAdminProcedure.input(z.object({ id: z.coerce.number().int().positive() })).query(async ({ ctx, input }) => {
    const row = await ctx.db.selectFrom('modules').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!row) throw fail.notFound();
    return toModule(row);
  }),

  update: superAdminProcedure.input(ZModuleUpdateRequest).mutation(async ({ ctx, input }) => {
    const values = {
      name: input.name,
      alias: input.alias,
      url: input.url,
      icon: input.icon,
      sorting: input.sorting,
      features: json(input.features),
      views: json(input.views),
      components: json(input.components),
      acl_rules: json(input.aclRules),
    };
    return ctx.db.transaction().execute(async (trx) => {
      const clash = await trx
        .selectFrom('modules')
        .select('id')
        .where('alias', '=', input.alias)
        .$if(!!input.id, (q) => q.where('id', '!=', input.id as number))
        .executeTakeFirst();
      if (clash) throw fail.conflict(MSG.aliasTaken);
      if (input.id) {
        const updated = await trx.updateTable('modules').set(values).where('id', '=', input.id).returning('id').executeTakeFirst();
        if (!updated) throw fail.notFound();
        return { id: updated.id, created: false, message: MSG.moduleSaved };
      }
      const created = await trx.insertInto('modules').values(values).returning('id').executeTakeFirstOrThrow();
      return { id: created.id, created: true, message: MSG.moduleCreated };
    });
  }),

  delete: superAdminProcedure.input(z.object({ id: z.coerce.number().int().positive() })).mutation(async ({ ctx, input }) => {
    const deleted = await ctx.db.deleteFrom('modules').where('id', '=', input.id).returning('id').executeTakeFirst();
    if (!deleted) throw fail.notFound();
    return { success: true as const, message: MSG.moduleDeleted };
  }),
});
