import type { Tx } from '@klubhus/db';
import { SEATING_MSG, seatTakeable } from '@klubhus/domain';
import { sql } from 'kysely';

/**
 * The control of the seat races (the concurrency test and `npm run bench -- seats`): holdSeats'
 * check and write without its row locks — read the seats, wait for `between` (the others reading
 * meanwhile), then write. Under read committed, several holders see the same seats free.
 */
export async function holdWithoutLock(trx: Tx, seatMapId: number, seats: string[], token: string, between: () => Promise<void>) {
  const rows = await trx
    .selectFrom('seat_map_seats')
    .select(['seat_key', 'status', 'hold_token', 'held_until', 'channel'])
    .where('seat_map_id', '=', seatMapId)
    .where('seat_key', '=', sql<string>`ANY(${seats}::text[])`)
    .execute();
  await between();
  if (rows.some((seat) => !seatTakeable(seat, token, null, new Date()))) throw new Error(SEATING_MSG.seatTaken);
  await trx
    .updateTable('seat_map_seats')
    .set({ status: 'held', hold_token: token, held_until: new Date(Date.now() + 60_000) })
    .where('seat_map_id', '=', seatMapId)
    .where('seat_key', '=', sql<string>`ANY(${seats}::text[])`)
    .execute();
}
