import { type Database, json, withClub } from '@klubhus/db';
import type { ZClubModulesResponse, ZClubModuleUpdateRequest } from '@klubhus/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { fail } from '../lib/errors';

/**
 * Platform administration of clubs: which modules a club has, with endpoint,
 * features and role rules. Reads and writes the target club's rows in a
 * transaction scoped to that club (the caller is a platform administrator).
 */
export async function clubModules(db: Kysely<Database>, clientId: number): Promise<z.output<typeof ZClubModulesResponse>> {
  const client = await db.selectFrom('clients').select('id').where('id', '=', clientId).executeTakeFirst();
  if (!client) throw fail.notFound();
  const modules = await db.selectFrom('modules').select(['id', 'name', 'alias', 'features', 'acl_rules']).orderBy('sorting').execute();
  const settings = await withClub(db, { clientId }, (trx) => trx.selectFrom('client_modules').selectAll().where('client_id', '=', clientId).execute());
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
}

export async function saveClubModule(db: Kysely<Database>, input: z.output<typeof ZClubModuleUpdateRequest>) {
  const module = await db.selectFrom('modules').select('id').where('id', '=', input.moduleId).executeTakeFirst();
  const client = await db.selectFrom('clients').select('id').where('id', '=', input.clientId).executeTakeFirst();
  if (!module || !client) throw fail.notFound();
  const values = {
    active: input.active,
    custom_endpoint: input.customEndpoint,
    features: json(input.features),
    role_acls: json(input.roleAcls),
  };
  await withClub(db, { clientId: input.clientId }, (trx) =>
    trx
      .insertInto('client_modules')
      .values({ client_id: input.clientId, module_id: input.moduleId, custom_views: '[]', custom_components: '[]', ...values })
      .onConflict((oc) => oc.columns(['client_id', 'module_id']).doUpdateSet(values))
      .execute(),
  );
  return { success: true as const };
}
