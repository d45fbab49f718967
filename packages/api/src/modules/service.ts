import { type Database, json, type Tx } from '@klubhus/db';
import type { Kysely } from 'kysely';
import { MSG, type TModuleResponse, type TSaveResponse, type ZModuleListRequest, type ZModuleUpdateRequest } from '@klubhus/domain';
import type { z } from 'zod';
import { fail } from '../lib/errors';
import { likePattern, paginate } from '../lib/list';

/** Module definitions are platform-wide (no client_id): platform administrators only. */

const SORTS = { Name: 'name', Alias: 'alias', Url: 'url', Sorting: 'sorting', Id: 'id' } as const;

type Db = Kysely<Database> | Tx;

export function listModules(db: Db, input: z.output<typeof ZModuleListRequest>) {
  let q = db.selectFrom('modules').select(['id', 'name', 'alias', 'url', 'icon', 'sorting']);
  if (input.search) {
    const like = likePattern(input.search);
    q = q.where((eb) => eb.or([eb('name', 'ilike', like), eb('alias', 'ilike', like), eb('url', 'ilike', like)]));
  }
  q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
  return paginate(q, input);
}

export async function getModule(db: Db, moduleId: number): Promise<TModuleResponse> {
  const r = await db.selectFrom('modules').selectAll().where('id', '=', moduleId).executeTakeFirst();
  if (!r) throw fail.notFound();
  return {
    id: r.id,
    name: r.name,
    alias: r.alias,
    url: r.url,
    icon: r.icon,
    sorting: r.sorting,
    features: r.features as TModuleResponse['features'],
    views: r.views as TModuleResponse['views'],
    components: r.components as TModuleResponse['components'],
    aclRules: r.acl_rules as TModuleResponse['aclRules'],
  };
}

/** Create (no id) or save; the alias is unique across the platform. */
export async function saveModule(trx: Tx, input: z.output<typeof ZModuleUpdateRequest>): Promise<TSaveResponse> {
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
}

export async function deleteModule(db: Db, moduleId: number) {
  const deleted = await db.deleteFrom('modules').where('id', '=', moduleId).returning('id').executeTakeFirst();
  if (!deleted) throw fail.notFound();
  return { success: true as const, message: MSG.moduleDeleted };
}
