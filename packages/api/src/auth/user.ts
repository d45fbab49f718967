import { type Database, precompiled, type UsersTable } from '@klubhus/db';
import type { TUserProfile } from '@klubhus/domain';
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { type CheckedSession, SESSION_COLUMNS, SESSION_USER_COLUMNS, type SessionRow, settleSession } from './session';

/*
 * The user as GET /api/user and POST /api/login return it (SPEC §3 User): the user and their
 * memberships (the club switcher), in one statement and no transaction. An inner row sets the user
 * scope (transaction-local, so for this statement only) before the memberships are read under
 * row-level security, which shows a user's own memberships. The order is data flow, not luck: the
 * outer row, and so its memberships subquery, exists only once the inner row (with set_config,
 * volatile, never dropped by the planner) has been produced.
 */

/** The profile's columns beyond those a session check reads with its user (SESSION_COLUMNS). */
const PROFILE_EXTRA = ['users.title', 'users.phone', 'users.mobile', 'users.about', 'users.linkedin', 'users.email_confirmed'] as const;
const PROFILE_COLUMNS = ['users.id', ...SESSION_USER_COLUMNS, ...PROFILE_EXTRA] as const;

/** The memberships of the user the outer row names, in active clubs, by club name. */
function memberships(eb: ExpressionBuilder<any, any>, userIdColumn: string) {
  return jsonArrayFrom(
    eb
      .selectFrom('client_users')
      .innerJoin('clients', 'clients.id', 'client_users.client_id')
      .select(['client_users.client_id', 'clients.name', 'clients.logo', 'client_users.role', 'client_users.system_user', 'client_users.accepted'])
      .whereRef('client_users.user_id', '=', userIdColumn as never)
      .where('clients.active', '=', true)
      .orderBy('clients.name'),
  ).as('clients');
}

/** A row of PROFILE_COLUMNS with its memberships. */
type ProfileRow = Pick<
  Selectable<UsersTable>,
  'id' | 'email' | 'firstname' | 'lastname' | 'title' | 'picture' | 'phone' | 'mobile' | 'about' | 'linkedin' | 'admin' | 'super_admin' | 'email_confirmed' | 'time_zone'
> & { clients: { client_id: number; name: string; logo: string | null; role: string; system_user: boolean; accepted: boolean }[] };

function toUserProfile(r: ProfileRow): TUserProfile {
  return {
    id: r.id,
    email: r.email,
    firstname: r.firstname,
    lastname: r.lastname,
    title: r.title,
    picture: r.picture,
    phone: r.phone,
    mobile: r.mobile,
    about: r.about,
    linkedin: r.linkedin,
    admin: r.admin,
    superAdmin: r.super_admin,
    emailConfirmed: r.email_confirmed,
    timeZone: r.time_zone,
    clients: r.clients.map((c) => ({
      clientId: c.client_id,
      name: c.name,
      logo: c.logo,
      role: c.role,
      systemUser: c.system_user,
      accepted: c.accepted,
    })),
  };
}

const profileQuery = precompiled(
  () => '',
  (db, p: { userId: number }) =>
    db
      .selectFrom(
        db
          .selectFrom('users')
          .select(['id', sql<string>`set_config('app.user_id', users.id::text, true)`.as('scoped')])
          .where('id', '=', p.userId)
          .offset(0)
          .as('scope'),
      )
      .innerJoin('users', 'users.id', 'scope.id')
      .select((eb) => [...PROFILE_COLUMNS, 'scope.scoped', memberships(eb, 'scope.id')]),
);

/** The profile of a user (after a login). */
export async function userProfile(db: Kysely<Database>, userId: number): Promise<TUserProfile> {
  const [row] = await profileQuery(db, null, { userId });
  if (!row) throw new Error(`user ${userId} not found`);
  return toUserProfile(row as ProfileRow);
}

const sessionProfileQuery = precompiled(
  () => '',
  (db, p: { id: string }) =>
    db
      .selectFrom(
        db
          .selectFrom('sessions')
          .selectAll()
          .select(sql<string>`set_config('app.user_id', sessions.user_id::text, true)`.as('scoped'))
          .where('sessions.id', '=', p.id)
          .offset(0)
          .as('sessions'),
      )
      .innerJoin('users', 'users.id', 'sessions.user_id')
      // sessions.id stays the session's id: the user's id is sessions.user_id.
      .select((eb) => [...SESSION_COLUMNS, ...PROFILE_EXTRA, 'sessions.scoped', memberships(eb, 'sessions.user_id')]),
);

/**
 * A session checked together with its user's profile, in one statement: what a logged-in call
 * outside a club (authedProcedure) starts with, so GET /api/user is that one statement.
 */
export async function validateSessionWithProfile(db: Kysely<Database>, id: string): Promise<(CheckedSession & { profile: TUserProfile }) | null> {
  const [row] = await sessionProfileQuery(db, null, { id });
  const checked = await settleSession(db, id, row as SessionRow | undefined);
  return checked && row ? { ...checked, profile: toUserProfile({ ...(row as unknown as ProfileRow), id: checked.user.id }) } : null;
}
