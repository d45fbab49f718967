import { type Kysely, sql, type Transaction } from 'kysely';
import { sendAhead } from './dialect/pipeline';
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
  return scoped(db, scope.clientId, scope.userId ?? null, fn);
}

/** Runs fn in one transaction with no club: only global tables and the user's own memberships. */
export function withUser<T>(db: Kysely<Database>, userId: number | null, fn: (trx: Tx) => Promise<T>): Promise<T> {
  return scoped(db, null, userId, fn);
}

/**
 * BEGIN and the scope are written ahead of fn's first statement (dialect/pipeline.ts), in that
 * order on the one connection: that statement runs after the scope in the same transaction, or —
 * should BEGIN or the scope fail — fails with them (an aborted transaction runs nothing), and the
 * transaction rolls back.
 */
function scoped<T>(db: Kysely<Database>, clientId: number | null, userId: number | null, fn: (trx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sendAhead(trx, scopeQuery(clientId, userId).compile(trx));
    return fn(trx);
  });
}

/**
 * The scope as string literals (ids: digits only; sql.lit quotes and escapes any text), no
 * parameters: on a pipelined connection it then goes out with BEGIN as one simple query
 * (dialect/pipeline.ts begin).
 */
const scopeQuery = (clientId: number | null, userId: number | null) =>
  sql`SELECT set_config('app.client_id', ${sql.lit(clientId === null ? '' : String(clientId))}, true),
             set_config('app.user_id', ${sql.lit(userId === null ? '' : String(userId))}, true)`;

/** Scopes an already open transaction to a club (and user); local to that transaction. */
export async function setScope(trx: Tx, clientId: number | null, userId: number | null) {
  await scopeQuery(clientId, userId).execute(trx);
}
