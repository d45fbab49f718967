import { type Database, type Tx, withClub } from '@klubhus/db';
import { orderPaymentStatus } from '@klubhus/domain';
import { type Kysely, sql } from 'kysely';
import { followOrderPayment } from '../orders/payments';
import { audit } from '../orders/shared';
import type { PaymentRow } from '../payments/service';
import { registerPaymentPurpose } from '../payments/service';
import { sendBookingReceipt } from './receipt';
import { confirmHeldBooking, voidBooking } from './settle';

/**
 * A booking follows its payment (the 'booking' payment purpose). The first money confirms it only
 * while it still holds what it bought — its hold has not run out, its seats are still held by its
 * token — then the seats are booked, the tickets become valid, the order is approved and the receipt
 * goes once. Money that comes after the hold ran out is 'unfulfillable': the payments core flags it
 * for a refund, the booking is cancelled, and whoever holds the seats now keeps them.
 *
 * Lock order, everywhere: payment → booking → order → event → seats.
 */

type Payment = NonNullable<PaymentRow>;

async function lockBooking(trx: Tx, clientId: number, bookingId: number) {
  return trx.selectFrom('event_bookings').selectAll().where('client_id', '=', clientId).where('id', '=', bookingId).forUpdate().executeTakeFirst();
}

/**
 * Cancels a held booking whose hold ran out (or whose money cannot be taken): its order cancelled
 * while still a draft, its tickets and the seats its token still holds given back (voidBooking; a
 * seat someone else holds now is theirs and is not touched). The caller holds the booking's row
 * lock. `seatsio: false` leaves seats.io's holds to run out by themselves.
 */
export async function cancelHeldBooking(
  trx: Tx,
  clientId: number,
  b: { id: number; order_id: number; event_id: number; hold_token: string | null },
  opts: { seatsio?: boolean } = {},
) {
  const o = await trx.selectFrom('orders').select(['id', 'order_number', 'status']).where('client_id', '=', clientId).where('id', '=', b.order_id).forUpdate().executeTakeFirst();
  if (o && o.status === 'draft') {
    await trx.updateTable('orders').set({ status: 'cancelled', updated_at: new Date() }).where('client_id', '=', clientId).where('id', '=', o.id).execute();
    await audit(trx, { clientId, userId: null }, o, 'booking-expired', 'draft', 'cancelled');
  }
  await voidBooking(trx, clientId, { ...b, state: 'held' }, opts);
}

export async function fulfilBooking(trx: Tx, clientId: number, bookingId: number, payment: Payment): Promise<'ok' | 'unfulfillable'> {
  const b = await lockBooking(trx, clientId, bookingId);
  if (b?.state !== 'held') return 'unfulfillable';
  const o = await trx.selectFrom('orders').selectAll().where('client_id', '=', clientId).where('id', '=', b.order_id).forUpdate().executeTakeFirst();
  if (o?.status !== 'draft' || payment.amount !== Number(o.total) || !(await confirmHeldBooking(trx, clientId, b))) {
    await cancelHeldBooking(trx, clientId, b);
    return 'unfulfillable';
  }
  const status = orderPaymentStatus('pending', payment.status) ?? 'pending';
  await trx.updateTable('orders').set({ status: 'approved', payment_id: payment.id, payment_status: status, updated_at: new Date() }).where('client_id', '=', clientId).where('id', '=', o.id).execute();
  await audit(trx, { clientId, userId: null }, o, `payment:${status}`, 'draft', 'approved');
  await sendBookingReceipt(trx, clientId, bookingBaseUrl.value, b.id);
  return 'ok';
}

/** The installation's address for links in mails sent from a payment notification (set at start). */
export const bookingBaseUrl = { value: 'http://localhost:3000' };

registerPaymentPurpose('booking', {
  fulfil: fulfilBooking,
  statusChanged: async (trx, clientId, bookingId, payment, to) => {
    const b = await trx.selectFrom('event_bookings').select('order_id').where('client_id', '=', clientId).where('id', '=', bookingId).executeTakeFirst();
    if (b) await followOrderPayment(trx, clientId, b.order_id, payment, to);
  },
});

/**
 * Under the event's row lock (a booking's, before it reads the counters): the event's held bookings
 * whose hold ran out are cancelled, so their capacity is free again for this booking. One a payment
 * is confirming right now is locked by it: SKIP LOCKED passes it by and it keeps counting until the
 * payment has decided (confirmed, or 'unfulfillable' and cancelled) — never sold twice. Returns how
 * many were released.
 */
export async function releaseExpiredHolds(trx: Tx, clientId: number, eventId: number): Promise<number> {
  const due = await trx
    .selectFrom('event_bookings')
    .select(['id', 'order_id', 'event_id', 'hold_token'])
    .where('client_id', '=', clientId)
    .where('event_id', '=', eventId)
    .where('state', '=', 'held')
    .where('held_until', '<=', sql<Date>`now()`)
    .orderBy('id')
    .forUpdate()
    .skipLocked()
    .execute();
  for (const b of due) await cancelHeldBooking(trx, clientId, b, { seatsio: false });
  return due.length;
}

/**
 * The booking-expiry job: held bookings whose hold ran out are cancelled (their tickets stop
 * counting the moment the hold runs out in any case; this tidies the order and the seats). A
 * booking being confirmed holds its row lock; SKIP LOCKED passes it by, and the next run sees it
 * confirmed. Safe in any number of processes: the events are locked in id order.
 */
export async function expireBookingsAllClubs(db: Kysely<Database>, now = new Date()): Promise<number> {
  const clubs = await db.selectFrom('clients').select('id').orderBy('id').execute();
  let cancelled = 0;
  for (const club of clubs) {
    cancelled += await withClub(db, { clientId: club.id }, async (trx) => {
      const due = await trx
        .selectFrom('event_bookings')
        .select(['id', 'order_id', 'event_id', 'hold_token'])
        .where('client_id', '=', club.id)
        .where('state', '=', 'held')
        .where('held_until', '<=', now)
        .orderBy('event_id')
        .orderBy('id')
        .limit(500)
        .forUpdate()
        .modifyEnd(sql`SKIP LOCKED`)
        .execute();
      for (const b of due) await cancelHeldBooking(trx, club.id, b);
      return due.length;
    });
  }
  return cancelled;
}
