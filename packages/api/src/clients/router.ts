import { json, withClub } from '@klubhus/db';
import { bool, optionalText } from '@klubhus/domain';
import { z } from 'zod';
import { fail, router, superAdminProcedure } from '../trpc';

const ZClubModuleUpdate = z.object({
  clientId: z.coerce.number().int().positive(),
  moduleId: z.coerce.number().int().positive(),
  active: bool,
  customEndpoint: optionalText(200),
  features: z
    .array(z.object({ alias: z.string().min(1), active: bool, settings: z.record(z.string(), z.array(z.string())).default({}) }))
    .default([]),
  roleAcls: z.array(z.object({ ruleId: z.string().min(1), role: z.string().min(1) })).default([]),
});

/**
 * Platform administration of clubs: which modules a club has, with endpoint,
 * features and role rules. Runs with the target club set explicitly.
 */
export const clientsRouter = router({
  modules: superAdminProcedure.input(z.object({ clientId: z.coerce.number().int().positive() })).query(async ({ ctx, input }) => {
    const client = await ctx.db.selectFrom('clients').select('id').where('id', '=', input.clientId).executeTakeFirst();
    if (!client) throw fail.notFound();
    const modules = await ctx.db.selectFrom('modules').select(['id', 'name', 'alias', 'features', 'acl_rules']).orderBy('sorting').execute();
    const settings = await withClub(ctx.db, { clientId: input.clientId }, (trx) => trx.selectFrom('client_modules').selectAll().execute());
    return modules.map((m) => {
      const s = settings.find((x) => x.module_id === m.id);
      return {
        moduleId: m.id,
        name: m.name,
        alias: m.alias,
        active: s?.active ?? false,
        customEndpoint: s?.custom_endpoint ?? null,
        features: m.features.map((f) => ({
          alias: f.alias,
          name: f.name,
          active: s?.features.find((x) => x.alias === f.alias)?.active ?? false,
          settings: s?.features.find((x) => x.alias === f.alias)?.settings ?? {},
        })),
        aclRules: m.acl_rules.map((r) => r.name),
        roleAcls: s?.role_acls ?? [],
      };
    });
  }),

  updateModule: superAdminProcedure.input(ZClubModuleUpdate).mutation(async ({ ctx, input }) => {
    const module = await ctx.db.selectFrom('modules').select('id').where('id', '=', input.moduleId).executeTakeFirst();
    const client = await ctx.db.selectFrom('clients').select('id').where('id', '=', input.clientId).executeTakeFirst();
    if (!module || !client) throw fail.notFound();
    const values = {
      active: input.active,
      custom_endpoint: input.customEndpoint,
      features: json(input.features),
      role_acls: json(input.roleAcls),
    };
    await withClub(ctx.db, { clientId: input.clientId }, (trx) =>
      trx
        .insertInto('client_modules')
        .values({ client_id: input.clientId, module_id: input.moduleId, custom_views: '[]', custom_components: '[]', ...values })
        .onConflict((oc) => oc.columns(['client_id', 'module_id']).doUpdateSet(values))
        .execute(),
    );
    return { success: true as const };
  }),
});
