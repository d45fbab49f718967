import { type Database, withClub } from '@klubhus/db';
import { type Kysely, sql } from 'kysely';

/**
 * The order list's search rows of orders written without them (migration 0023: a public booking's
 * order gets them after its commit, not under the event's lock). The booking flushes its own order in
 * the same request; flushOrderSearchAllClubs writes what is missing (a process that died in between).
 */

/** The statement that writes the missing search rows of these orders (null: the club's orders of the last day that have none). One statement, outside or inside the club's transaction. */
export const orderSearchFlush = (clientId: number, orderIds: number[] | null) => sql<{ flushed: number }>`SELECT order_search_flush(${clientId}::int, ${orderIds}::int[]) AS flushed`;

/** The job runner's sweep: every club's orders missing their search rows, each club in its own transaction. */
export async function flushOrderSearchAllClubs(db: Kysely<Database>): Promise<number> {
  const clubs = await db.selectFrom('clients').select('id').orderBy('id').execute();
  let flushed = 0;
  for (const club of clubs) {
    flushed += await withClub(db, { clientId: club.id }, async (trx) => Number((await orderSearchFlush(club.id, null).execute(trx)).rows[0]?.flushed ?? 0));
  }
  return flushed;
}
