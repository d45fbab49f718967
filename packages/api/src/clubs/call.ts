import { type DatabaseHandle, precompiled, type Tx } from '@klubhus/db';
import { sql } from 'kysely';
import { type CheckedSession, extendSession, SESSION_COLUMNS, sessionFromRow } from '../auth/session';
import { type ClubContext, readClubContext } from './context';

const openClubCallQuery = precompiled(
  () => '',
  (db, p: { sessionId: string }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('clients', 'clients.id', 'sessions.current_client_id')
      .select([
        ...SESSION_COLUMNS,
        'clients.context_version',
        sql<string>`set_config('app.client_id', coalesce(sessions.current_client_id::text, ''), true)`.as('scoped_club'),
        sql<string>`set_config('app.user_id', sessions.user_id::text, true)`.as('scoped_user'),
      ])
      .where('sessions.id', '=', p.sessionId),
);

/**
 * The first statement of every club call, inside its transaction: checks the session, reads its
 * user and the context version of its current club, and scopes the transaction to that club and
 * user (row-level security) — one round trip where there were four. Only tables without club rows
 * are read here (sessions, users, clients), so the scope set in the same statement is in force for
 * every statement after it and needed by none before. Null when there is no live session.
 */
export async function openClubCall(trx: Tx, sessionId: string): Promise<(CheckedSession & { contextVersion: number | null }) | null> {
  const [row] = await openClubCallQuery(trx, null, { sessionId });
  if (!row) return null;
  // An expired session is refused here and deleted by the next plain session check (this
  // transaction may still roll back).
  const checked = sessionFromRow(row);
  if (!checked) return null;
  await extendSession(trx, checked);
  return { ...checked, contextVersion: row.context_version === null ? null : Number(row.context_version) };
}

/** Entries kept per process: one per (club, user) in use; the oldest goes first past this. */
const CACHE_LIMIT = 10_000;

/**
 * Club contexts per (club, user, admin flag), per database handle, each labelled with the club's
 * context_version it was read at. A club call uses an entry only when the version its first
 * statement read is the same, so a change committed in any process (triggers bump the version)
 * is seen by the very next call everywhere.
 */
export class ClubContextCache {
  private readonly entries = new Map<string, { version: number; club: ClubContext | null }>();

  async get(trx: Tx, user: { id: number; admin: boolean }, clientId: number, version: number | null): Promise<ClubContext | null> {
    const key = `${clientId}:${user.id}:${user.admin ? 1 : 0}`;
    const hit = this.entries.get(key);
    if (hit && version !== null && hit.version === version) return hit.club;
    const read = await readClubContext(trx, user, clientId);
    this.entries.delete(key);
    if (read.version !== null) {
      if (this.entries.size >= CACHE_LIMIT) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { version: read.version, club: read.club && freezeClub(read.club) });
    }
    return read.club;
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<DatabaseHandle, ClubContextCache>();

/** The cache of one database (tests open several databases in one process: ids repeat across them). */
export function clubContextCache(database: DatabaseHandle): ClubContextCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new ClubContextCache();
    caches.set(database, cache);
  }
  return cache;
}

/** A cached context is shared by every call that uses it: nobody may change it. */
function freezeClub(club: ClubContext): ClubContext {
  const deepFreeze = (value: unknown) => {
    if (value && typeof value === 'object' && !Object.isFrozen(value)) {
      Object.freeze(value);
      for (const v of Object.values(value)) deepFreeze(v);
    }
  };
  deepFreeze(club.modules);
  deepFreeze(club.rules);
  return Object.freeze(club);
}
