import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema';

export type Tx = Transaction<Database>;

/**
 * Runs fn in one transaction scoped to a club: row-level security then shows
 * and accepts only that club's rows. The setting is transaction-local, so a
 * pooled connection never carries a club into the next request.
 */
export function withClub<T>(
  db: Kysely<Database>,
  scope: { clientId: number; userId?: number | null },
  fn: (trx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await setScope(trx, scope.clientId, scope.userId ?? null);
    return fn(trx);
  });
}

/** Runs fn in one transaction with no club: only global tables and the user's own memberships. */
export function withUser<T>(db: Kysely<Database>, userId: number | null, fn: (trx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await setScope(trx, null, userId);
    return fn(trx);
  });
}

/** Scopes an already open transaction to a club (and user); local to that transaction. */
export async function setScope(trx: Tx, clientId: number | null, userId: number | null) {
  await sql`SELECT set_config('app.client_id', ${clientId === null ? '' : String(clientId)}, true),
                   set_config('app.user_id', ${userId === null ? '' : String(userId)}, true)`.execute(trx);
}
