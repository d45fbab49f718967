import type { Tx } from '@klubhus/db';
import { loadActiveModules } from '../clubs/context';
import { seatEngineFor } from '../seating/engine';
import { releaseSeats, unbookSeats } from '../seating/holds';
import { lockEvent } from './capacity';

/** Whether the club books its seats through seats.io (the events module's `seatsio` feature). */
export async function seatsioOn(trx: Tx, clientId: number) {
  const events = (await loadActiveModules(trx, clientId)).find((m) => m.module.alias === 'events');
  return !!events?.module.features.some((f) => f.alias === 'seatsio' && f.active);
}

export type OrderBooking = { id: number; event_id: number; state: 'held' | 'confirmed' | 'cancelled'; hold_token: string | null; held_until: Date | string | null };

/**
 * The booking an order was made by, locked before the order (lock order: payment → booking → order
 * → event → seats), so staff approving, cancelling or deleting the order and a payment confirming
 * it are serialised; undefined for an order that is no booking.
 */
export async function lockOrderBooking(trx: Tx, clientId: number, orderId: number): Promise<OrderBooking | undefined> {
  return trx
    .selectFrom('event_bookings')
    .select(['id', 'event_id', 'state', 'hold_token', 'held_until'])
    .where('client_id', '=', clientId)
    .where('order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A booking gives back what it took: a hold that ran out (cancelHeldBooking), or staff cancelling or
 * deleting its order. Its tickets are cancelled — the gate refuses them and their capacity is free —
 * under the event's row lock, like every change of the capacity counters (a deleted order's tickets
 * are then deleted uncounted); its seats are freed: those its token still holds, or those the order
 * bought. A seats.io hold left alone runs out by itself (`seatsio: false`: no network call while a
 * booking holds the event's lock), but a seats.io that does not answer refuses an order's
 * cancellation (SEATING_MSG.seatsioFailed): no sold seat stays booked behind a cancelled order.
 * The caller holds the booking's row lock.
 */
export async function voidBooking(trx: Tx, clientId: number, b: Omit<OrderBooking, 'held_until'>, opts: { seatsio?: boolean } = {}): Promise<void> {
  if (b.state === 'cancelled') return;
  await trx.updateTable('event_bookings').set({ state: 'cancelled', held_until: null }).where('client_id', '=', clientId).where('id', '=', b.id).execute();
  await lockEvent(trx, clientId, b.event_id);
  const tickets = await trx
    .updateTable('event_tickets')
    .set({ status: 'cancelled', held_until: null })
    .where('client_id', '=', clientId)
    .where('booking_id', '=', b.id)
    .where('status', '<>', 'cancelled')
    .returning('seat_key')
    .execute();
  const seats = tickets.map((t) => t.seat_key).filter((k): k is string => !!k);
  if (!seats.length || (b.state === 'held' && !b.hold_token)) return;
  const e = await trx.selectFrom('events').select(['seat_map_id', 'seatsio_event_key']).where('client_id', '=', clientId).where('id', '=', b.event_id).executeTakeFirst();
  if (e?.seatsio_event_key) {
    if (opts.seatsio === false) return;
    const engine = await seatEngineFor(trx, { clientId, seatsio: await seatsioOn(trx, clientId) }, b.event_id);
    if (b.state === 'confirmed') await engine.unbook(seats);
    else await engine.release(b.hold_token as string, seats).catch(() => 0); // seats.io frees a hold by itself when it runs out.
  } else if (e?.seat_map_id) {
    if (b.state === 'confirmed') await unbookSeats(trx, clientId, e.seat_map_id, seats);
    else await releaseSeats(trx, clientId, e.seat_map_id, b.hold_token as string, seats);
  }
}

/**
 * Confirms a held booking while it still holds what it bought — its hold has not run out, its seats
 * are still held by its token (they are booked now) — and its tickets become valid: its money came
 * (fulfilBooking), or staff approve its order. False, with nothing changed, when it holds no more.
 * The caller holds the booking's row lock, then the order's.
 */
export async function confirmHeldBooking(trx: Tx, clientId: number, b: Omit<OrderBooking, 'state'> & { state: string }): Promise<boolean> {
  if (b.state !== 'held' || !b.held_until || new Date(b.held_until).getTime() <= Date.now()) return false;
  const seats = (await trx.selectFrom('event_tickets').select('seat_key').where('client_id', '=', clientId).where('booking_id', '=', b.id).where('status', '=', 'held').execute())
    .map((t) => t.seat_key)
    .filter((k): k is string => !!k);
  if (seats.length) {
    if (!b.hold_token) return false;
    try {
      await (await seatEngineFor(trx, { clientId, seatsio: await seatsioOn(trx, clientId) }, b.event_id)).book(b.hold_token, seats);
    } catch {
      return false;
    }
  }
  await trx.updateTable('event_tickets').set({ status: 'valid', held_until: null }).where('client_id', '=', clientId).where('booking_id', '=', b.id).where('status', '=', 'held').execute();
  await trx.updateTable('event_bookings').set({ state: 'confirmed', held_until: null }).where('client_id', '=', clientId).where('id', '=', b.id).execute();
  return true;
}
