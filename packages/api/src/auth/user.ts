import type { Database } from '@klubhus/db';
import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';

/**
 * The user as GET /api/user and POST /api/login return it (SPEC §3 User), in one statement and no
 * transaction: the inner row sets the user scope (transaction-local, so for this statement only)
 * before the memberships are read under row-level security, which shows a user's own memberships.
 * The order is data flow, not luck: the outer row, and so its memberships subquery, exists only
 * once the inner row (with set_config, volatile, never dropped by the planner) has been produced.
 */
export async function userProfile(db: Kysely<Database>, userId: number) {
  const user = await db
    .selectFrom(
      db
        .selectFrom('users')
        .select(['id', sql<string>`set_config('app.user_id', users.id::text, true)`.as('scoped')])
        .where('id', '=', userId)
        .offset(0)
        .as('scope'),
    )
    .innerJoin('users', 'users.id', 'scope.id')
    .select([
      'users.id',
      'users.email',
      'users.firstname',
      'users.lastname',
      'users.title',
      'users.picture',
      'users.phone',
      'users.mobile',
      'users.about',
      'users.linkedin',
      'users.admin',
      'users.super_admin',
      'users.email_confirmed',
      'users.time_zone',
      'scope.scoped',
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('client_users')
            .innerJoin('clients', 'clients.id', 'client_users.client_id')
            .select(['client_users.client_id', 'clients.name', 'clients.logo', 'client_users.role', 'client_users.system_user', 'client_users.accepted'])
            .whereRef('client_users.user_id', '=', 'scope.id')
            .where('clients.active', '=', true)
            .orderBy('clients.name'),
        ).as('clients'),
    ])
    .executeTakeFirstOrThrow();
  return {
      id: user.id,
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      title: user.title,
      picture: user.picture,
      phone: user.phone,
      mobile: user.mobile,
      about: user.about,
      linkedin: user.linkedin,
      admin: user.admin,
      superAdmin: user.super_admin,
      emailConfirmed: user.email_confirmed,
      timeZone: user.time_zone,
    clients: user.clients.map((c) => ({
      clientId: c.client_id,
      name: c.name,
      logo: c.logo,
      role: c.role,
      systemUser: c.system_user,
      accepted: c.accepted,
    })),
  };
}
export type UserProfile = Awaited<ReturnType<typeof userProfile>>;
