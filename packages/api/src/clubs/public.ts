import type { Database } from '@klubhus/db';
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
  const clubs = await db.selectFrom('clients').select(['id', 'url', 'context_version']).where('active', '=', true).orderBy('id').execute();
  const hostname = host?.split(':')[0].toLowerCase();
  const match = (hostname && clubs.find((c) => c.url && safeHost(c.url) === hostname)) || clubs[0];
  return match ? { id: match.id, contextVersion: Number(match.context_version) } : null;
}

function safeHost(url: string): string | null {
  try {
    return new URL(url.includes('://') ? url : `https://${url}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}
