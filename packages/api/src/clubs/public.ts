import { type Database, precompiled } from '@klubhus/db';
import type { Kysely } from 'kysely';

/**
 * The club whose storefront a visitor sees: the one whose url matches the
 * request's host, else the oldest active club (a single-club installation).
 */
export async function resolvePublicClubId(db: Kysely<Database>, host: string | null): Promise<number | null> {
  return (await resolvePublicClub(db, host))?.id ?? null;
}

/** The storefront's club with its context version (bumped by every change of its modules and members): one statement. */
export async function resolvePublicClub(db: Kysely<Database>, host: string | null): Promise<{ id: number; contextVersion: number } | null> {
  const clubs = await activeClubsQuery(db, null, {});
  const hostname = host?.split(':')[0].toLowerCase();
  const match = (hostname && clubs.find((c) => c.url && safeHost(c.url) === hostname)) || clubs[0];
  return match ? { id: match.id, contextVersion: Number(match.context_version) } : null;
}

/** Every public call runs it: built once (precompiled). */
const activeClubsQuery = precompiled(
  () => 'active',
  (db) => db.selectFrom('clients').select(['id', 'url', 'context_version']).where('active', '=', true).orderBy('id'),
);

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
