import { type Database, type DatabaseHandle, holdAhead, precompiled, type Tx } from '@klubhus/db';
import { type Kysely, sql } from 'kysely';
import { type CheckedSession, extendSession, type Session, SESSION_COLUMNS, type SessionRow, type SessionUser, sessionFromRow } from '../auth/session';
import { type ClubContext, readClubContext } from './context';

const clubCallCheck = (db: Kysely<Database>, sessionId: string) =>
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
    .where('sessions.id', '=', sessionId);

const openClubCallQuery = precompiled(() => '', (db, p: { sessionId: string }) => clubCallCheck(db, p.sessionId));

/**
 * The same check for a one-trip read, which also makes its transaction read only: the read may go
 * out as an implicit transaction (no BEGIN READ ONLY before it), and then this is what forbids a write.
 */
const oneTripCheckQuery = precompiled(
  () => '',
  (db, p: { sessionId: string }) => clubCallCheck(db, p.sessionId).select(sql<string>`set_config('transaction_read_only', 'on', true)`.as('read_only')),
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

/**
 * What a session's last club call in this process found: the session, its user, its club and the
 * club's context version. A one-trip call (trpc.ts) starts from it.
 */
export interface ClubCallGuess {
  session: Session;
  user: SessionUser;
  clientId: number;
  version: number;
}

/** The guess proved wrong by the session's row: the call runs again the ordinary way. */
export class GuessMissed extends Error {}

/**
 * Holds the club call's first statement (openClubCall's, which also scopes the transaction) to go
 * out in one write with the call's next statement, sent on the strength of `guess`. Its answer is
 * checked before any later statement of the call is answered: a session that is gone, expired, due
 * for extension (a write: the ordinary call does it), on another club, of a changed user, or a club
 * whose context changed, fails them all with GuessMissed. When the call's next statement is also its
 * last (commitWith), the two go out as one implicit transaction, without BEGIN and COMMIT
 * (PipelinedConnection.hold, `alone`). Null where statements are not pipelined.
 */
export async function holdClubCall(trx: Tx, sessionId: string, guess: ClubCallGuess): Promise<{ answer: Promise<unknown>; flush: () => void } | null> {
  return holdAhead(
    trx,
    oneTripCheckQuery.query(trx, null, { sessionId }),
    ({ rows: [row] }) => {
      if (!row || !guessHolds(row, guess)) throw new GuessMissed('The session is not what its last call found');
    },
    true,
  );
}

function guessHolds(row: SessionRow & { context_version: number | string | null }, guess: ClubCallGuess): boolean {
  const checked = sessionFromRow(row);
  if (!checked || checked.extended || row.context_version === null || Number(row.context_version) !== guess.version) return false;
  const { session, user } = checked;
  const was = guess.user;
  return (
    session.currentClientId === guess.clientId &&
    session.userId === guess.session.userId &&
    session.remember === guess.session.remember &&
    user.email === was.email &&
    user.firstname === was.firstname &&
    user.lastname === was.lastname &&
    user.picture === was.picture &&
    user.admin === was.admin &&
    user.superAdmin === was.superAdmin &&
    user.timeZone === was.timeZone
  );
}

/** Entries kept per process: one per (club, user) in use; the oldest goes first past this. */
const CACHE_LIMIT = 10_000;

/**
 * Club contexts per (club, user, admin flag), per database handle, each labelled with the club's
 * context_version it was read at. A club call uses an entry only when the version its first
 * statement read is the same, so a change committed in any process (triggers bump the version)
 * is seen by the very next call everywhere. Beside them, per session, what its last club call found
 * (the guess a one-trip read starts from, checked by that read's first statement).
 */
export class ClubContextCache {
  private readonly entries = new Map<string, { version: number; club: ClubContext | null }>();
  /** Per session id: what its last club call found (see ClubCallGuess). */
  private readonly guesses = new Map<string, ClubCallGuess>();

  async get(trx: Tx, user: { id: number; admin: boolean }, clientId: number, version: number | null): Promise<ClubContext | null> {
    const hit = this.peek(user, clientId, version);
    if (hit !== undefined) return hit;
    const key = `${clientId}:${user.id}:${user.admin ? 1 : 0}`;
    const read = await readClubContext(trx, user, clientId);
    this.entries.delete(key);
    if (read.version !== null) {
      if (this.entries.size >= CACHE_LIMIT) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { version: read.version, club: read.club && freezeClub(read.club) });
    }
    return read.club;
  }

  /** The context read at `version`, if this process holds it (undefined: not held). */
  peek(user: { id: number; admin: boolean }, clientId: number, version: number | null): ClubContext | null | undefined {
    const hit = this.entries.get(`${clientId}:${user.id}:${user.admin ? 1 : 0}`);
    return hit && version !== null && hit.version === version ? hit.club : undefined;
  }

  /** Keeps what a session's club call found, for its next call (see ClubCallGuess). */
  remember(guess: ClubCallGuess): void {
    const id = guess.session.id;
    this.guesses.delete(id);
    if (this.guesses.size >= CACHE_LIMIT) this.guesses.delete(this.guesses.keys().next().value as string);
    this.guesses.set(id, guess);
  }

  /** The session's guess and the club context held at its version; null when either is missing. */
  guess(sessionId: string): { guess: ClubCallGuess; club: ClubContext } | null {
    const guess = this.guesses.get(sessionId);
    const club = guess && this.peek(guess.user, guess.clientId, guess.version);
    return guess && club ? { guess, club } : null;
  }

  /** Forgets a session's guess (it missed). */
  forget(sessionId: string): void {
    this.guesses.delete(sessionId);
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
