import type { Tx } from '@klubhus/db';
import { sql } from 'kysely';

/**
 * Capacity that never oversells (DESIGN.md "Capacity"): every booking of an event checks and takes
 * its tickets under the event's row lock — the thing consumed: its ticket products' maxAmount and
 * maxCompanyAmount, the companies' free allowances and the event's maxSignups/maxCompanySignups
 * are all counted from the event's live tickets — and seats under their own row locks (seat-key
 * order, holds.ts). The lock is held until the booking's transaction ends, so the count a booking
 * reads is the count it writes against.
 *
 * `capacityLocks.enabled = false` exists for the control runs of the concurrency tests and the
 * bench only (KLUBHUS_BOOKING_CONTROL_UNLOCKED=1): the same booking read-check-write without any
 * lock, to show that it oversells. Nothing else turns it off.
 */
export const capacityLocks = { enabled: process.env.KLUBHUS_BOOKING_CONTROL_UNLOCKED !== '1' };

const EVENT_FIELDS = ['id', 'title', 'url', 'type_id', 'max_signups', 'max_company_signups', 'business_only', 'invitees', 'has_seating', 'has_tickets', 'extra_info', 'start_date', 'location', 'seat_map_id', 'seatsio_event_key', 'ticket_counter'] as const;

/**
 * Takes the event's row lock (until the transaction ends) and, in the same statement, the numbers
 * of the `units` tickets about to be issued (events.ticket_counter): answers the event's booking
 * fields and the last number before them. A refused booking rolls back and gives them back. The
 * control run reads without the lock and takes the numbers later (takeTicketNumbers).
 */
export async function lockEventCapacity(trx: Tx, clientId: number, eventId: number, units: number) {
  const e = capacityLocks.enabled
    ? await trx
        .updateTable('events')
        .set({ ticket_counter: sql`ticket_counter + ${units}` })
        .where('client_id', '=', clientId)
        .where('id', '=', eventId)
        .returning([...EVENT_FIELDS])
        .executeTakeFirst()
    : await trx.selectFrom('events').select([...EVENT_FIELDS]).where('client_id', '=', clientId).where('id', '=', eventId).executeTakeFirst();
  if (!e) throw new Error('event vanished');
  return { ...e, firstNumber: capacityLocks.enabled ? Number(e.ticket_counter) - units + 1 : 0 };
}

/** The control run's ticket numbers (the locked path took them with the lock). */
export async function takeTicketNumbers(trx: Tx, clientId: number, eventId: number, units: number, firstNumber: number): Promise<number> {
  if (capacityLocks.enabled) return firstNumber;
  const r = await trx
    .updateTable('events')
    .set({ ticket_counter: sql`ticket_counter + ${units}` })
    .where('client_id', '=', clientId)
    .where('id', '=', eventId)
    .returning('ticket_counter')
    .executeTakeFirstOrThrow();
  return Number(r.ticket_counter) - units + 1;
}

/** Tickets that take capacity: valid ones, and held ones whose hold has not run out. */
export const LIVE = sql<boolean>`(t.status = 'valid' OR (t.status = 'held' AND t.held_until > now()))`;

export interface LiveCounts {
  /** Per catalogue product (0: sign-ups to an event without tickets): every live ticket, the buyer's, and the buyer's at price 0. */
  byProduct: Map<number, { total: number; mine: number; mineFree: number }>;
  eventTotal: number;
  mineTotal: number;
}

/** The event's live tickets, counted for one buyer (a company, a contact, an invitation, or nobody). */
export async function liveCounts(trx: Tx, clientId: number, eventId: number, mine: { companyId: number | null; contactId: number | null; inviteId: number | null }): Promise<LiveCounts> {
  const own = mine.inviteId
    ? sql<boolean>`t.booking_id IN (SELECT b.id FROM event_bookings b WHERE b.client_id = ${clientId} AND b.invite_id = ${mine.inviteId})`
    : mine.companyId
      ? sql<boolean>`t.company_id = ${mine.companyId}`
      : mine.contactId
        ? sql<boolean>`t.contact_id = ${mine.contactId} AND t.company_id IS NULL`
        : sql<boolean>`false`;
  const rows = await sql<{ product_id: number; total: number; mine: number; mine_free: number }>`
    SELECT coalesce(t.product_id, 0) AS product_id, count(*)::int AS total, count(*) FILTER (WHERE ${own})::int AS mine,
      count(*) FILTER (WHERE ${own} AND t.price = 0)::int AS mine_free
    FROM event_tickets t
    WHERE t.client_id = ${clientId} AND t.event_id = ${eventId} AND ${LIVE}
    GROUP BY 1`.execute(trx);
  const byProduct = new Map<number, { total: number; mine: number; mineFree: number }>();
  let eventTotal = 0;
  let mineTotal = 0;
  for (const r of rows.rows) {
    byProduct.set(r.product_id, { total: Number(r.total), mine: Number(r.mine), mineFree: Number(r.mine_free) });
    eventTotal += Number(r.total);
    mineTotal += Number(r.mine);
  }
  return { byProduct, eventTotal, mineTotal };
}
