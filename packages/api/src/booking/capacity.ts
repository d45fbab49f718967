import { precompiled, type Tx } from '@klubhus/db';
import { sql } from 'kysely';

/**
 * Capacity that never oversells (DESIGN.md "Capacity"): every booking of an event checks and takes
 * its tickets under the event's row lock — the thing consumed: its ticket products' maxAmount and
 * maxCompanyAmount, the companies' free allowances and the event's maxSignups/maxCompanySignups
 * are all read from the event's capacity counters (event_capacity, kept by a trigger on the
 * tickets: O(products), not O(tickets)) — and seats under their own row locks (seat-key order,
 * holds.ts). The lock is held until the booking's transaction ends, so the counters a booking
 * reads are the ones it writes against; a cancellation takes the same lock before its tickets stop
 * counting. A held ticket counts until its booking is cancelled: expired holds are released by the
 * next booking of the event under the lock (releaseExpiredHolds, purpose.ts) and by the job runner.
 *
 * `capacityLocks.enabled = false` exists for the control runs of the concurrency tests and the
 * bench only (KLUBHUS_BOOKING_CONTROL_UNLOCKED=1): the same booking read-check-write without any
 * lock, to show that it oversells. Nothing else turns it off.
 */
export const capacityLocks = {
  enabled: process.env.KLUBHUS_BOOKING_CONTROL_UNLOCKED !== '1',
  /**
   * The fast path (service.ts book): a booking without seats or invitation is checked and priced
   * before the lock, and one statement takes the lock, checks the counters as the last booking left
   * them (booking_capacity_fits, migration 0019) and writes — or, when they no longer fit, the locked
   * path goes on under the lock that statement took (a paid booking: runs again on the locked path,
   * see CAPACITY_REFUSED). Off: every booking takes the locked path.
   */
  fastPath: true,
  /**
   * The function the fast path's statement checks with. Only the concurrency tests' controls change
   * it: 'none' (no check) and a STABLE twin (reads the statement's snapshot, taken before the lock
   * was) must oversell.
   */
  fastCheck: 'booking_capacity_fits',
};

/**
 * The SQLSTATE a paid booking's fast statement raises when it does not fit (booking_capacity_required,
 * migration 0021): the booking runs again on the locked path.
 */
export const CAPACITY_REFUSED = 'KH001';

/** How bookings took the event's lock in this process (the concurrency tests read it): fast, fast then locked, locked. */
export const bookingPaths = { fast: 0, fallback: 0, locked: 0 };

export const EVENT_FIELDS = ['id', 'title', 'url', 'type_id', 'max_signups', 'max_company_signups', 'business_only', 'invitees', 'has_seating', 'has_tickets', 'extra_info', 'start_date', 'location', 'seat_map_id', 'seatsio_event_key', 'ticket_counter'] as const;

/**
 * Takes the event's row lock (until the transaction ends) and, in the same statement, the numbers
 * of the `units` tickets about to be issued (events.ticket_counter): answers the event's booking
 * fields and the last number before them. A refused booking rolls back and gives them back. The
 * control run reads without the lock and takes the numbers later (takeTicketNumbers).
 */
export async function lockEventCapacity(trx: Tx, clientId: number, eventId: number, units: number) {
  const [e] = capacityLocks.enabled ? await lockEventQuery(trx, null, { clientId, eventId, units }) : await readEventQuery(trx, null, { clientId, eventId });
  if (!e) throw new Error('event vanished');
  return { ...e, firstNumber: capacityLocks.enabled ? Number(e.ticket_counter) - units + 1 : 0 };
}

/** lockEventCapacity's statements, built once (every booking runs one). */
const lockEventQuery = precompiled(
  () => 'lock',
  (db, p: { clientId: number; eventId: number; units: number }) =>
    db
      .updateTable('events')
      .set({ ticket_counter: sql`ticket_counter + ${p.units}` })
      .where('client_id', '=', p.clientId)
      .where('id', '=', p.eventId)
      .returning([...EVENT_FIELDS]),
);
const readEventQuery = precompiled(
  () => 'read',
  (db, p: { clientId: number; eventId: number }) => db.selectFrom('events').select([...EVENT_FIELDS]).where('client_id', '=', p.clientId).where('id', '=', p.eventId),
);

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

/**
 * The event's row lock alone (no ticket numbers): a cancellation takes it before its tickets stop
 * counting, so every change of the capacity counters happens under it (lock order: payment →
 * booking → order → event → seats).
 */
export async function lockEvent(trx: Tx, clientId: number, eventId: number) {
  await trx.selectFrom('events').select('id').where('client_id', '=', clientId).where('id', '=', eventId).forNoKeyUpdate().execute();
}

/**
 * The row locks of the events whose live tickets a company or contact holds, in id order: deleting
 * the buyer moves those tickets' counters (their holder is set null), and every change of the
 * counters happens under the event's lock.
 */
export async function lockEventsOfBuyer(trx: Tx, clientId: number, buyer: { companyId: number } | { contactId: number }) {
  const column = 'companyId' in buyer ? 'company_id' : 'contact_id';
  const id = 'companyId' in buyer ? buyer.companyId : buyer.contactId;
  await trx
    .selectFrom('events')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', 'in', (eb) =>
      eb.selectFrom('event_tickets').select('event_id').where('client_id', '=', clientId).where(column, '=', id).where('status', '<>', 'cancelled'),
    )
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

export interface LiveCounts {
  /** Per catalogue product (0: sign-ups to an event without tickets): every live ticket, the buyer's, and the buyer's at price 0. */
  byProduct: Map<number, { total: number; mine: number; mineFree: number }>;
  eventTotal: number;
  mineTotal: number;
}

type Mine = { companyId: number | null; contactId: number | null; inviteId: number | null };

/** The buyer's own rows of event_capacity; an invitation's tickets are counted from its bookings, a guest has none. */
const holderOf = (mine: Mine) => (mine.inviteId ? null : mine.companyId ? `company:${mine.companyId}` : mine.contactId ? `contact:${mine.contactId}` : null);

/**
 * What the event's tickets take, for one buyer (a company, a contact, an invitation, or nobody), from
 * the counters (event_capacity: a few rows per event, whatever its size).
 *
 * - 'locked' (a booking, under the event's row lock, after releaseExpiredHolds): the counters as
 *   they are — a hold counts until its booking is cancelled; the answer also says whether an expired
 *   hold is still waiting to be released (one a payment is confirming right now: it keeps counting,
 *   the payment decides).
 * - 'display' (the wizard's cards, no lock): the counters less the tickets of holds that ran out
 *   and are not cancelled yet, as a buyer would find them.
 */
export async function liveCounts(trx: Tx, clientId: number, eventId: number, mine: Mine, mode: 'locked' | 'display'): Promise<LiveCounts & { expiredHolds: boolean }> {
  const holder = holderOf(mine);
  const rows = await sql<{ expired: boolean; product_id: number | null; holder: string | null; units: number | null; free_units: number | null }>`
    SELECT x.expired, c.product_id, c.holder, c.units, c.free_units
    FROM (SELECT EXISTS (SELECT 1 FROM event_bookings b WHERE b.client_id = ${clientId} AND b.event_id = ${eventId} AND b.state = 'held' AND b.held_until <= now()) AS expired) x
    LEFT JOIN event_capacity c ON c.client_id = ${clientId} AND c.event_id = ${eventId} AND c.holder IN ('', ${holder ?? ''})`.execute(trx);
  const byProduct = new Map<number, { total: number; mine: number; mineFree: number }>();
  const at = (productId: number) => {
    const c = byProduct.get(productId) ?? { total: 0, mine: 0, mineFree: 0 };
    byProduct.set(productId, c);
    return c;
  };
  for (const r of rows.rows) {
    if (r.product_id === null) continue;
    const c = at(Number(r.product_id));
    if (r.holder === '') c.total += Number(r.units);
    else {
      c.mine += Number(r.units);
      c.mineFree += Number(r.free_units);
    }
  }
  const expiredHolds = !!rows.rows[0]?.expired;
  if (mine.inviteId) {
    // An invitation's own tickets: few, from its bookings (event_bookings_invite_idx).
    const own = await sql<{ product_id: number; mine: number; mine_free: number }>`
      SELECT coalesce(t.product_id, 0) AS product_id, count(*)::int AS mine, count(*) FILTER (WHERE t.price = 0)::int AS mine_free
      FROM event_bookings b JOIN event_tickets t ON t.client_id = b.client_id AND t.booking_id = b.id
      WHERE b.client_id = ${clientId} AND b.invite_id = ${mine.inviteId} AND t.event_id = ${eventId}
        AND ${mode === 'locked' ? sql<boolean>`t.status <> 'cancelled'` : LIVE}
      GROUP BY 1`.execute(trx);
    for (const r of own.rows) {
      const c = at(Number(r.product_id));
      c.mine = Number(r.mine);
      c.mineFree = Number(r.mine_free);
    }
  }
  if (mode === 'display' && expiredHolds) {
    const own = mine.inviteId
      ? sql<boolean>`false`
      : mine.companyId
        ? sql<boolean>`t.company_id = ${mine.companyId}`
        : mine.contactId
          ? sql<boolean>`t.contact_id = ${mine.contactId} AND t.company_id IS NULL`
          : sql<boolean>`false`;
    const gone = await sql<{ product_id: number; total: number; mine: number; mine_free: number }>`
      SELECT coalesce(t.product_id, 0) AS product_id, count(*)::int AS total, count(*) FILTER (WHERE ${own})::int AS mine,
        count(*) FILTER (WHERE ${own} AND t.price = 0)::int AS mine_free
      FROM event_bookings b JOIN event_tickets t ON t.client_id = b.client_id AND t.booking_id = b.id
      WHERE b.client_id = ${clientId} AND b.event_id = ${eventId} AND b.state = 'held' AND b.held_until <= now() AND t.status = 'held'
      GROUP BY 1`.execute(trx);
    for (const r of gone.rows) {
      const c = at(Number(r.product_id));
      c.total -= Number(r.total);
      c.mine -= Number(r.mine);
      c.mineFree -= Number(r.mine_free);
    }
  }
  let eventTotal = 0;
  let mineTotal = 0;
  for (const c of byProduct.values()) {
    eventTotal += c.total;
    mineTotal += c.mine;
  }
  return { byProduct, eventTotal, mineTotal, expiredHolds };
}
