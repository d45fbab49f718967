import type { Database } from '@klubhus/db';
import type { Kysely } from 'kysely';

/**
 * The club whose storefront a visitor sees: the one whose url matches the
 * request's host, else the oldest active club (a single-club installation).
 */
export async function resolvePublicClubId(db: Kysely<Database>, host: string | null): Promise<number | null> {
  const clubs = await db.selectFrom('clients').select(['id', 'url']).where('active', '=', true).orderBy('id').execute();
  if (host) {
    const hostname = host.split(':')[0].toLowerCase();
    const match = clubs.find((c) => c.url && safeHost(c.url) === hostname);
    if (match) return match.id;
  }
  return clubs[0]?.id ?? null;
}

function safeHost(url: string): string | null {
  try {
    return new URL(url.includes('://') ? url : `https://${url}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}
