import { type Database, precompiled } from '@klubhus/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * The club whose storefront a visitor sees: the one whose url matches the
 * request's host, else the oldest active club (a single-club installation).
 */
export async function resolvePublicClubId(db: Kysely<Database>, host: string | null): Promise<number | null> {
  return (await resolvePublicClub(db, host))?.id ?? null;
}

/**
 * The storefront's club with its context version (bumped by every change of its modules and members):
 * one statement (the clubs' version), two when the clubs changed since this process read them.
 */
export async function resolvePublicClub(db: Kysely<Database>, host: string | null): Promise<{ id: number; contextVersion: number } | null> {
  const match = pickClub(await readClubs(db), host);
  return match ? { id: match.id, contextVersion: Number(match.context_version) } : null;
}

type ActiveClub = { id: number; url: string | null; context_version: number | string };

function pickClub(clubs: readonly ActiveClub[], host: string | null): ActiveClub | undefined {
  const hostname = host?.split(':')[0].toLowerCase();
  return (hostname && clubs.find((c) => c.url && safeHost(c.url) === hostname)) || clubs[0];
}

/** Every public call runs it: one row (migration 0027), built once (precompiled). */
const activeClubsVersionQuery = precompiled(
  () => 'version',
  (db) => db.selectFrom('active_clubs').select('version'),
);

/** The active clubs and the version they are at, read together (one snapshot). */
const activeClubsQuery = precompiled(
  () => 'active',
  (db) =>
    db
      .selectFrom('clients')
      .select(['id', 'url', 'context_version', sql<string>`(SELECT a.version::text FROM active_clubs a)`.as('version')])
      .where('active', '=', true)
      .orderBy('id'),
);

/*
 * The active clubs as this process last read them, with the version of active_clubs they were read
 * at (migration 0027: bumped in the same transaction as any change of a club's active flag, url or
 * context version — by this process, another one or by hand). A public call reads the version (one
 * row) and the clubs again only when it moved. The public booking has no statement for it at all:
 * the kept clubs pick its club, and the booking's first statement checks the version
 * (activeClubsVersion, compared with the version answered here); when it moved, that
 * transaction starts again from a fresh read (forgetPublicClubs).
 */
interface KnownClubs {
  clubs: readonly ActiveClub[];
  version: string;
  byHost: Map<string, number | null>;
}
const known = new WeakMap<object, KnownClubs>();

/**
 * The active clubs' version as the statement it is in sees it, for a column of a transaction's
 * first statement (compared with knownPublicClub's version).
 */
export const activeClubsVersion: RawBuilder<string | null> = sql<string | null>`(SELECT a.version::text FROM active_clubs a)`;

/** The active clubs: as kept, when their version has not moved (one row read); else read again and kept. */
async function readClubs(db: Kysely<Database>): Promise<readonly ActiveClub[]> {
  const last = known.get(db);
  if (last) {
    const [current] = await activeClubsVersionQuery(db, null, {});
    if (current && String(current.version) === last.version) return last.clubs;
  }
  const rows = await activeClubsQuery(db, null, {});
  const clubs = rows.map(({ id, url, context_version }) => ({ id, url, context_version }));
  if (rows.length) known.set(db, { clubs, version: rows[0].version, byHost: new Map() });
  else known.delete(db);
  return clubs;
}

/**
 * The storefront's club for the host as the active clubs were last read by this process, and the
 * version they were read at; null when they have not been read yet (or there was
 * none). Only for a caller that checks it in its transaction's first statement (see above).
 */
export function knownPublicClub(db: object, host: string | null): { id: number; version: string } | null {
  const k = known.get(db);
  if (!k) return null;
  const key = host ?? '';
  let id = k.byHost.get(key);
  if (id === undefined) {
    id = pickClub(k.clubs, host)?.id ?? null;
    if (k.byHost.size >= 1000) k.byHost.clear();
    k.byHost.set(key, id);
  }
  return id === null ? null : { id, version: k.version };
}

/** A transaction found the active clubs changed: what this process knows of them is read again before use. */
export function forgetPublicClubs(db: object) {
  known.delete(db);
}

/** A club url's host, parsed once per url (a URL parse per club on every public call otherwise). */
const hosts = new Map<string, string | null>();
function safeHost(url: string): string | null {
  const known = hosts.get(url);
  if (known !== undefined) return known;
  let host: string | null;
  try {
    host = new URL(url.includes('://') ? url : `https://${url}`).hostname.toLowerCase();
  } catch {
    host = null;
  }
  if (hosts.size >= 1000) hosts.clear();
  hosts.set(url, host);
  return host;
}
