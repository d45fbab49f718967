import { type Database, precompiled, type SessionsTable, type UsersTable } from '@klubhus/db';
import { type Kysely, type Selectable, sql } from 'kysely';
import { generateToken, hashToken } from '../lib/tokens';

export const SESSION_COOKIE = 'klubhus_session';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Idle and absolute lifetimes; remember-me is the long session. */
export const SESSION_POLICY = {
  short: { idle: 12 * HOUR, absolute: 2 * DAY },
  remember: { idle: 30 * DAY, absolute: 90 * DAY },
} as const;

export interface SessionUser {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  picture: string | null;
  admin: boolean;
  superAdmin: boolean;
  timeZone: string;
}

export interface Session {
  id: string;
  userId: number;
  currentClientId: number | null;
  remember: boolean;
  expiresAt: Date;
}

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  opts: { remember: boolean; clientId: number | null },
): Promise<{ token: string; session: Session }> {
  const token = generateToken();
  const policy = opts.remember ? SESSION_POLICY.remember : SESSION_POLICY.short;
  const now = Date.now();
  const session: Session = {
    id: hashToken(token),
    userId,
    currentClientId: opts.clientId,
    remember: opts.remember,
    expiresAt: new Date(now + policy.idle),
  };
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: userId,
      current_client_id: opts.clientId,
      remember: opts.remember,
      expires_at: session.expiresAt,
      absolute_expires_at: new Date(now + policy.absolute),
    })
    .execute();
  return { token, session };
}

/** The session id a cookie's token names (the token's hash), or null for anything that is no token of ours. */
export function sessionIdOf(token: string | undefined | null): string | null {
  return token && /^[a-z2-7]{32}$/.test(token) ? hashToken(token) : null;
}

/** The user's columns a session check reads (what SessionUser holds). */
export const SESSION_USER_COLUMNS = ['users.email', 'users.firstname', 'users.lastname', 'users.picture', 'users.admin', 'users.super_admin', 'users.time_zone'] as const;

/**
 * An expiry as milliseconds since the epoch: read as a number, where a timestamp's text is parsed
 * into a Date (a regular expression) on every call that checks a session — two per call.
 */
const epochMs = (column: 'expires_at' | 'absolute_expires_at') => sql<number>`(extract(epoch from ${sql.ref(`sessions.${column}`)}) * 1000)::int8`.as(column);

/** The session and its user, read together by every check of a session (see sessionFromRow). */
export const SESSION_COLUMNS = [
  'sessions.id',
  'sessions.user_id',
  'sessions.current_client_id',
  'sessions.remember',
  epochMs('expires_at'),
  epochMs('absolute_expires_at'),
  ...SESSION_USER_COLUMNS,
] as const;

/** A row of SESSION_COLUMNS (the expiries in milliseconds since the epoch). */
export type SessionRow = Pick<Selectable<SessionsTable>, 'id' | 'user_id' | 'current_client_id' | 'remember'> & { expires_at: number; absolute_expires_at: number } &
  Pick<Selectable<UsersTable>, 'email' | 'firstname' | 'lastname' | 'picture' | 'admin' | 'super_admin' | 'time_zone'>;

export interface CheckedSession {
  session: Session;
  user: SessionUser;
  /** Sliding expiry: the session was used in the second half of its idle window and now lasts until session.expiresAt. */
  extended: boolean;
}

/**
 * The one rule of a session's life: expired (idle or absolute) is no session; one used in the
 * second half of its idle window is extended (never past its absolute expiry).
 */
export function sessionFromRow(row: SessionRow, now = Date.now()): CheckedSession | null {
  const absolute = Number(row.absolute_expires_at);
  let expires = Number(row.expires_at);
  if (now >= expires || now >= absolute) return null;
  const policy = row.remember ? SESSION_POLICY.remember : SESSION_POLICY.short;
  const extended = expires - now < policy.idle / 2;
  if (extended) expires = Math.min(now + policy.idle, absolute);
  return {
    session: { id: row.id, userId: row.user_id, currentClientId: row.current_client_id, remember: row.remember, expiresAt: new Date(expires) },
    user: {
      id: row.user_id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      picture: row.picture,
      admin: row.admin,
      superAdmin: row.super_admin,
      timeZone: row.time_zone,
    },
    extended,
  };
}

/** Stores a sliding extension (see sessionFromRow). */
export async function extendSession(db: Kysely<Database>, checked: CheckedSession): Promise<void> {
  if (checked.extended) await db.updateTable('sessions').set({ expires_at: checked.session.expiresAt }).where('id', '=', checked.session.id).execute();
}

/** A session's row as read (or none): an expired session is deleted, a used one extended. */
export async function settleSession(db: Kysely<Database>, id: string, row: SessionRow | undefined): Promise<CheckedSession | null> {
  if (!row) return null;
  const checked = sessionFromRow(row);
  if (!checked) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  await extendSession(db, checked);
  return checked;
}

/** Looks a session up by its id (one statement); an expired one is deleted. */
export async function validateSession(db: Kysely<Database>, id: string): Promise<{ session: Session; user: SessionUser } | null> {
  const [row] = await sessionQuery(db, null, { id });
  const checked = await settleSession(db, id, row);
  return checked && { session: checked.session, user: checked.user };
}

const sessionQuery = precompiled(
  () => '',
  (db, p: { id: string }) => db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select(SESSION_COLUMNS).where('sessions.id', '=', p.id),
);

/** The same for a cookie's token. */
export async function validateSessionToken(db: Kysely<Database>, token: string): Promise<{ session: Session; user: SessionUser } | null> {
  const id = sessionIdOf(token);
  return id ? validateSession(db, id) : null;
}

export async function invalidateSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function invalidateUserSessions(db: Kysely<Database>, userId: number, except?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (except) q = q.where('id', '!=', except);
  await q.execute();
}
