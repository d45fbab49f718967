import type { Database } from '@klubhus/db';
import type { Kysely } from 'kysely';
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

/**
 * Looks the token's hash up; expired sessions are deleted. Sliding expiry: a
 * session used in the second half of its idle window is extended (never past
 * its absolute expiry).
 */
export async function validateSessionToken(
  db: Kysely<Database>,
  token: string,
): Promise<{ session: Session; user: SessionUser } | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.current_client_id',
      'sessions.remember',
      'sessions.expires_at',
      'sessions.absolute_expires_at',
      'users.email',
      'users.firstname',
      'users.lastname',
      'users.picture',
      'users.admin',
      'users.super_admin',
      'users.time_zone',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  const absolute = new Date(row.absolute_expires_at).getTime();
  let expires = new Date(row.expires_at).getTime();
  if (now >= expires || now >= absolute) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  const policy = row.remember ? SESSION_POLICY.remember : SESSION_POLICY.short;
  if (expires - now < policy.idle / 2) {
    expires = Math.min(now + policy.idle, absolute);
    await db.updateTable('sessions').set({ expires_at: new Date(expires) }).where('id', '=', id).execute();
  }
  return {
    session: {
      id,
      userId: row.user_id,
      currentClientId: row.current_client_id,
      remember: row.remember,
      expiresAt: new Date(expires),
    },
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
  };
}

export async function invalidateSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function invalidateUserSessions(db: Kysely<Database>, userId: number, except?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (except) q = q.where('id', '!=', except);
  await q.execute();
}
