import { createHash } from 'node:crypto';
import { type Database, precompiled } from '@klubhus/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * The club whose storefront a visitor sees: the one whose url matches the
 * request's host, else the oldest active club (a single-club installation).
 */
export async function resolvePublicClubId(db: Kysely<Database>, host: string | null): Promise<number | null> {
  return (await resolvePublicClub(db, host))?.id ?? null;
}

/** The storefront's club with its context version (bumped by every change of its modules and members): one statement. */
export async function resolvePublicClub(db: Kysely<Database>, host: string | null): Promise<{ id: number; contextVersion: number } | null> {
  const match = pickClub(await readClubs(db), host);
  return match ? { id: match.id, contextVersion: Number(match.context_version) } : null;
}

type ActiveClub = { id: number; url: string | null; context_version: number | string };

function pickClub(clubs: readonly ActiveClub[], host: string | null): ActiveClub | undefined {
  const hostname = host?.split(':')[0].toLowerCase();
  return (hostname && clubs.find((c) => c.url && safeHost(c.url) === hostname)) || clubs[0];
}

/** Every public call runs it: built once (precompiled). */
const activeClubsQuery = precompiled(
  () => 'active',
  (db) => db.selectFrom('clients').select(['id', 'url', 'context_version']).where('active', '=', true).orderBy('id'),
);

/*
 * The storefront's club without a statement of its own (the public booking): the active clubs as
 * this process last read them pick the club, and the caller's transaction checks in its first
 * statement that they are still what they were (activeClubsFingerprint, compared with the
 * fingerprint answered here). Which club a host gets depends on nothing else (the active clubs'
 * ids and urls), so a club deactivated, renamed or added — by this process, another one or by
 * hand — changes the fingerprint, and that transaction starts again from a fresh read instead
 * (forgetPublicClubs).
 */
interface KnownClubs {
  clubs: readonly ActiveClub[];
  fingerprint: string;
  byHost: Map<string, number | null>;
}
const known = new WeakMap<object, KnownClubs>();

/** What activeClubsFingerprint answers for these clubs: md5 of `id:bytes:url` per club, in id order (a url's length in bytes keeps any url unambiguous). */
function fingerprintOf(clubs: readonly ActiveClub[]): string {
  return createHash('md5')
    .update(clubs.map((c) => `${c.id}:${Buffer.byteLength(c.url ?? '', 'utf8')}:${c.url ?? ''}`).join(','), 'utf8')
    .digest('hex');
}

/**
 * The active clubs' fingerprint as the statement it is in sees them, for a column of a transaction's
 * first statement (null when there is none: never equal to a known fingerprint, whose list has a club).
 */
export const activeClubsFingerprint: RawBuilder<string | null> = sql<string | null>`(SELECT md5(string_agg(c.id::text || ':' || octet_length(coalesce(c.url, '')) || ':' || coalesce(c.url, ''), ',' ORDER BY c.id)) FROM clients c WHERE c.active)`;

/**
 * The active clubs read now (one statement), kept as what this process knows of them (their ids and
 * urls: a kept list whose ids and urls are the same stays, with what it has picked for hosts).
 */
async function readClubs(db: Kysely<Database>): Promise<readonly ActiveClub[]> {
  const clubs = await activeClubsQuery(db, null, {});
  const last = known.get(db);
  if (last && last.clubs.length === clubs.length && last.clubs.every((c, i) => c.id === clubs[i].id && c.url === clubs[i].url)) return clubs;
  if (clubs.length) known.set(db, { clubs, fingerprint: fingerprintOf(clubs), byHost: new Map() });
  else known.delete(db);
  return clubs;
}

/**
 * The storefront's club for the host as the active clubs were last read by this process, and their
 * fingerprint; null when they have not been read yet (or there was none). Only for a caller that
 * checks the fingerprint in its transaction's first statement (see above).
 */
export function knownPublicClub(db: object, host: string | null): { id: number; fingerprint: string } | null {
  const k = known.get(db);
  if (!k) return null;
  const key = host ?? '';
  let id = k.byHost.get(key);
  if (id === undefined) {
    id = pickClub(k.clubs, host)?.id ?? null;
    if (k.byHost.size >= 1000) k.byHost.clear();
    k.byHost.set(key, id);
  }
  return id === null ? null : { id, fingerprint: k.fingerprint };
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
