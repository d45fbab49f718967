import type { Database } from '@klubhus/db';
import { type Kysely, sql } from 'kysely';

export interface Limit {
  max: number;
  windowMs: number;
}

export const LIMITS = {
  loginPerEmail: { max: 5, windowMs: 15 * 60_000 },
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  forgotPerEmail: { max: 3, windowMs: 15 * 60_000 },
  forgotPerIp: { max: 10, windowMs: 15 * 60_000 },
  registerPerIp: { max: 10, windowMs: 60 * 60_000 },
  changePasswordPerUser: { max: 5, windowMs: 15 * 60_000 },
} as const;

/** True when the key has used up its window. Kept in the database, so it holds across app processes. */
export async function isLimited(db: Kysely<Database>, key: string, limit: Limit): Promise<boolean> {
  const row = await db.selectFrom('rate_limits').select(['hits', 'window_start']).where('key', '=', key).executeTakeFirst();
  if (!row) return false;
  if (Date.now() - new Date(row.window_start).getTime() > limit.windowMs) return false;
  return row.hits >= limit.max;
}

/** Counts one hit, starting a new window when the old one has passed (one atomic upsert). */
export async function hit(db: Kysely<Database>, key: string, limit: Limit): Promise<void> {
  const windowStart = new Date(Date.now() - limit.windowMs);
  await sql`
    INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_start < ${windowStart} THEN 1 ELSE rate_limits.hits + 1 END,
      window_start = CASE WHEN rate_limits.window_start < ${windowStart} THEN now() ELSE rate_limits.window_start END`.execute(db);
}

export async function reset(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
