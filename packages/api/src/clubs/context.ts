import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { type Database, type Tx, withClub } from '@klubhus/db';
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';

/** Club roles with fixed meaning; clubs may define more in their roles list. */
export const ROLE_ADMIN = 'admin';
export const ROLE_MEMBER = 'member';

export interface ActiveModule {
  id: number;
  name: string;
  alias: string;
  url: string | null;
  icon: string;
  sorting: number;
  /** REST/tRPC base of the module for this club: custom endpoint or /api/{alias}. */
  endpoint: string;
  features: { alias: string; name: string; active: boolean; settings: Record<string, string[]> }[];
  views: { route: string; values: string[] }[];
  components: { name: string; values: string[] }[];
}

export type AppAbility = MongoAbility;

export interface ClubContext {
  clientId: number;
  userId: number;
  role: string;
  /** Club role admin or the user's admin flag. */
  isAdmin: boolean;
  /** Staff = any club role but member: may use the back office. */
  isStaff: boolean;
  modules: ActiveModule[];
  ability: AppAbility;
  rules: RawRule[];
}

export interface RawRule {
  action: string | string[];
  subject: string | string[];
  inverted?: boolean;
  conditions?: Record<string, unknown>;
  fields?: string[];
  reason?: string;
}

/** Loads membership, active modules and abilities of a user in a club; null when not a member. */
export function loadClubContext(
  db: Kysely<Database>,
  user: { id: number; admin: boolean },
  clientId: number,
): Promise<ClubContext | null> {
  return withClub(db, { clientId, userId: user.id }, (trx) => loadClubContextIn(trx, user, clientId));
}

/** The same, inside a transaction already scoped to the club. */
export async function loadClubContextIn(trx: Tx, user: { id: number; admin: boolean }, clientId: number): Promise<ClubContext | null> {
  return (await readClubContext(trx, user, clientId)).club;
}

/**
 * The club context and the club's context_version it was read at, in one statement (membership
 * and active modules as a JSON array), inside a transaction scoped to the club. The version comes
 * from the same snapshot as the rest, so a cache labelled with it is never newer than its data.
 */
export async function readClubContext(
  trx: Tx,
  user: { id: number; admin: boolean },
  clientId: number,
): Promise<{ club: ClubContext | null; version: number | null }> {
  const row = await trx
    .selectFrom('clients')
    .leftJoin('client_users', (j) => j.onRef('client_users.client_id', '=', 'clients.id').on('client_users.user_id', '=', user.id))
    .select(['clients.context_version', 'client_users.role', 'client_users.accepted', jsonArrayFrom(activeModulesQuery(trx, clientId)).as('modules')])
    .where('clients.id', '=', clientId)
    .executeTakeFirst();
  if (!row) return { club: null, version: null };
  const version = Number(row.context_version);
  if (!row.accepted || row.role === null) return { club: null, version };
  const modules = row.modules.map(toActiveModule);
  const isAdmin = row.role === ROLE_ADMIN || user.admin;
  const rules = isAdmin ? [{ action: 'manage', subject: 'all' }] : roleRules(modules, row.role);
  return {
    club: {
      clientId,
      userId: user.id,
      role: row.role,
      isAdmin,
      isStaff: isAdmin || row.role !== ROLE_MEMBER,
      modules: modules.map((m) => m.module),
      ability: createMongoAbility(rules as never),
      rules,
    },
    version,
  };
}

function activeModulesQuery(trx: Tx | Kysely<Database>, clientId: number) {
  return trx
    .selectFrom('client_modules')
    .innerJoin('modules', 'modules.id', 'client_modules.module_id')
    .select([
      'modules.id',
      'modules.name',
      'modules.alias',
      'modules.url',
      'modules.icon',
      'modules.sorting',
      'modules.features',
      'modules.views',
      'modules.components',
      'modules.acl_rules',
      'client_modules.custom_endpoint',
      'client_modules.custom_views',
      'client_modules.custom_components',
      'client_modules.features as client_features',
      'client_modules.role_acls',
    ])
    .where('client_modules.client_id', '=', clientId)
    .where('client_modules.active', '=', true)
    .orderBy('modules.sorting')
    .orderBy('modules.id');
}

type ActiveModuleRow = Awaited<ReturnType<ReturnType<typeof activeModulesQuery>['execute']>>[number];

/** The modules switched on for a club, with the club's endpoint, views and features. */
export async function loadActiveModules(trx: Tx | Kysely<Database>, clientId: number) {
  return (await activeModulesQuery(trx, clientId).execute()).map(toActiveModule);
}

function toActiveModule(r: ActiveModuleRow) {
  const clubFeatures = new Map(r.client_features.map((f) => [f.alias, f]));
  const module: ActiveModule = {
    id: r.id,
    name: r.name,
    alias: r.alias,
    url: r.url,
    icon: r.icon,
    sorting: r.sorting,
    endpoint: r.custom_endpoint || `/api/${r.alias}`,
    features: r.features.map((f) => ({
      alias: f.alias,
      name: f.name,
      active: clubFeatures.get(f.alias)?.active ?? false,
      settings: clubFeatures.get(f.alias)?.settings ?? {},
    })),
    views: r.custom_views.length ? r.custom_views : r.views,
    components: r.custom_components.length ? r.custom_components : r.components,
  };
  return { module, aclRules: r.acl_rules, roleAcls: r.role_acls };
}

/** The rules a club role gets: each active module's rule sets linked to the role. */
function roleRules(modules: Awaited<ReturnType<typeof loadActiveModules>>, role: string): RawRule[] {
  const rules: RawRule[] = [];
  for (const m of modules) {
    for (const link of m.roleAcls.filter((r) => r.role === role)) {
      const set = m.aclRules.find((s) => s.name === link.ruleId);
      for (const r of set?.userACL ?? []) {
        rules.push({
          action: r.action,
          subject: r.subject,
          inverted: r.inverted,
          ...(r.conditions ? { conditions: r.conditions } : {}),
          ...(r.fields.length && !r.fields.includes('*') ? { fields: r.fields } : {}),
          ...(r.reason ? { reason: r.reason } : {}),
        });
      }
    }
  }
  return rules;
}

export function hasFeature(club: ClubContext, moduleAlias: string, feature: string): boolean {
  return club.modules.find((m) => m.alias === moduleAlias)?.features.some((f) => f.alias === feature && f.active) ?? false;
}
