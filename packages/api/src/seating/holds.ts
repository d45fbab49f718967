import { seatMapColumns, seatRows, type Tx } from '@klubhus/db';
import {
  DEFAULT_HOLD_SECONDS,
  MAX_HOLD_SECONDS,
  MAX_SEATS_PER_CHANGE,
  MAX_SEATS_PER_HOLD,
  type ReleasedSeats,
  releasedSeats,
  SEATING_MSG,
  seatTakeable,
  type TSeatingPlan,
} from '@klubhus/domain';
import { sql } from 'kysely';
import { fail } from '../lib/errors';
import { generateToken } from '../lib/tokens';

/**
 * Holding, releasing and booking seats of a seat map (an event's copy of a chart). Every function
 * takes all the seats it touches in one statement under row locks, in seat-key order (no
 * deadlocks between two holders of overlapping seats), then decides and writes inside the caller's
 * transaction: two holders can never get the same seat, and a refused request changes nothing.
 * Expired holds count as free; nothing needs to sweep them for correctness.
 */

/** A hold token: random, at least 128 bits (a stranger holds it in the browser). */
export const newHoldToken = (): string => generateToken();

/** An event's own copy of a chart: its drawing, and every seat a row, free, sold to anyone (no channel). */
export async function createSeatMap(trx: Tx, clientId: number, chartId: number, name: string): Promise<number> {
  const chart = await trx.selectFrom('seating_charts').select(['plan']).where('client_id', '=', clientId).where('id', '=', chartId).executeTakeFirst();
  if (!chart) throw fail.notFound();
  const plan = chart.plan as TSeatingPlan;
  const map = await trx
    .insertInto('seat_maps')
    .values({ client_id: clientId, chart_id: chartId, name, ...seatMapColumns(plan) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const seats = seatRows(clientId, map.id, plan);
  // PostgreSQL takes at most 65,535 parameters a statement.
  for (let i = 0; i < seats.length; i += 2000) await trx.insertInto('seat_map_seats').values(seats.slice(i, i + 2000)).execute();
  return map.id;
}

/** The requested seats, locked for this transaction, in key order (a buyer takes at most 100 at once, staff 5,000). */
async function lockSeats(trx: Tx, clientId: number, seatMapId: number, seats: string[], limit: 'hold' | 'staff' = 'hold') {
  if (!seats.length) throw fail.badRequest(SEATING_MSG.noSeats);
  if (limit === 'hold' && seats.length > MAX_SEATS_PER_HOLD) throw fail.badRequest(SEATING_MSG.tooManySeats);
  if (limit === 'staff' && seats.length > MAX_SEATS_PER_CHANGE) throw fail.badRequest(SEATING_MSG.tooManySeatsChange);
  const keys = [...new Set(seats)].sort();
  const rows = await trx
    .selectFrom('seat_map_seats')
    .select(['seat_key', 'status', 'hold_token', 'held_until', 'channel', 'category', 'booked_by'])
    .where('client_id', '=', clientId)
    .where('seat_map_id', '=', seatMapId)
    .where('seat_key', '=', sql<string>`ANY(${keys}::text[])`)
    .orderBy('seat_key')
    .forUpdate()
    .execute();
  if (rows.length !== keys.length) throw fail.badRequest(SEATING_MSG.unknownSeat);
  return { keys, rows };
}

export interface HoldRequest {
  seats: string[];
  token: string;
  /** The buyer's channel ('company:{id}' for a company's block); null is NO_CHANNEL. */
  channel: string | null;
  /** How long the hold lasts (seats.io: 15 minutes to choose, at most 2 hours). */
  seconds?: number;
  /** Company seats the event's products have released to anyone (releaseReservedAt passed). */
  released?: ReleasedSeats;
}

/**
 * The reserved seats an event's seat-ticket products release at `now` (SPEC §3 Ticket product
 * releaseReservedAt): by the catalogue product's seat category, every category when it names none.
 */
export async function eventReleasedSeats(trx: Tx, clientId: number, eventId: number, now = new Date()): Promise<ReleasedSeats> {
  const rows = await trx
    .selectFrom('event_ticket_products as tp')
    .innerJoin('products as p', (j) => j.onRef('p.client_id', '=', 'tp.client_id').onRef('p.id', '=', 'tp.product_id'))
    .select(['tp.release_reserved_at', 'p.seats'])
    .where('tp.client_id', '=', clientId)
    .where('tp.event_id', '=', eventId)
    .where('p.type', '=', 'seat-ticket')
    .where('tp.release_reserved_at', 'is not', null)
    .execute();
  return releasedSeats(
    rows.map((r) => ({ releaseReservedAt: r.release_reserved_at, category: (r.seats as { category?: string | null } | null)?.category ?? null })),
    now,
  );
}

/**
 * Holds every requested seat for the token, or none: a seat that is booked, blocked, held by
 * another live token or in another channel refuses the whole request. Holding seats the token
 * already holds extends them.
 */
export async function holdSeats(trx: Tx, clientId: number, seatMapId: number, req: HoldRequest): Promise<{ heldUntil: Date; seats: string[] }> {
  const { keys, rows } = await lockSeats(trx, clientId, seatMapId, req.seats);
  const now = new Date();
  if (rows.some((seat) => !seatTakeable(seat, req.token, req.channel, now, req.released))) throw fail.conflict(SEATING_MSG.seatTaken);
  // One token holds at most 100 seats in all, however many calls it makes.
  const others = await trx
    .selectFrom('seat_map_seats')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .where('seat_map_id', '=', seatMapId)
    .where('hold_token', '=', req.token)
    .where('held_until', '>', now)
    .where('seat_key', '<>', sql<string>`ALL(${keys}::text[])`)
    .executeTakeFirstOrThrow();
  if (Number(others.n) + keys.length > MAX_SEATS_PER_HOLD) throw fail.badRequest(SEATING_MSG.tooManySeats);
  const heldUntil = new Date(now.getTime() + Math.min(req.seconds ?? DEFAULT_HOLD_SECONDS, MAX_HOLD_SECONDS) * 1000);
  await trx
    .updateTable('seat_map_seats')
    .set({ status: 'held', hold_token: req.token, held_until: heldUntil })
    .where('client_id', '=', clientId)
    .where('seat_map_id', '=', seatMapId)
    .where('seat_key', '=', sql<string>`ANY(${keys}::text[])`)
    .execute();
  return { heldUntil, seats: keys };
}

/** Frees what the token holds (the given seats, or all of them); returns how many were freed. */
export async function releaseSeats(trx: Tx, clientId: number, seatMapId: number, token: string, seats?: string[]): Promise<number> {
  let q = trx
    .updateTable('seat_map_seats')
    .set({ status: 'free', hold_token: null, held_until: null })
    .where('client_id', '=', clientId)
    .where('seat_map_id', '=', seatMapId)
    .where('status', '=', 'held')
    .where('hold_token', '=', token);
  if (seats) q = q.where('seat_key', '=', sql<string>`ANY(${seats}::text[])`);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Frees seats an order bought (booked, not by staff's 'Booking tilstand'): the order's cancellation; how many were freed. */
export async function unbookSeats(trx: Tx, clientId: number, seatMapId: number, seats: string[]): Promise<number> {
  if (!seats.length) return 0;
  const result = await trx
    .updateTable('seat_map_seats')
    .set({ status: 'free', hold_token: null, held_until: null })
    .where('client_id', '=', clientId)
    .where('seat_map_id', '=', seatMapId)
    .where('status', '=', 'booked')
    .where('booked_by', 'is', null)
    .where('seat_key', '=', sql<string>`ANY(${seats}::text[])`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Books seats the token holds (book first, then charge): every seat must still be held by the
 * token and the hold not expired, or nothing is booked.
 */
export async function bookSeats(trx: Tx, clientId: number, seatMapId: number, token: string, seats: string[]): Promise<string[]> {
  const { keys, rows } = await lockSeats(trx, clientId, seatMapId, seats);
  const now = Date.now();
  if (rows.some((seat) => seat.status !== 'held' || seat.hold_token !== token || new Date(seat.held_until as Date).getTime() <= now)) {
    throw fail.conflict(SEATING_MSG.holdExpired);
  }
  await trx
    .updateTable('seat_map_seats')
    .set({ status: 'booked', hold_token: null, held_until: null })
    .where('client_id', '=', clientId)
    .where('seat_map_id', '=', seatMapId)
    .where('seat_key', '=', sql<string>`ANY(${keys}::text[])`)
    .execute();
  return keys;
}

/**
 * Staff's changes to seats (Planoversigt): block or free them (only seats that are free or
 * blocked: a held or sold seat is the buyer's), or put them in a channel — a company's reserved
 * block, or null for NO_CHANNEL (not a sold seat). All or none, under the same locks as holds.
 */
export async function setSeatState(
  trx: Tx,
  clientId: number,
  seatMapId: number,
  seats: string[],
  change: { blocked?: boolean; channel?: string | null },
): Promise<string[]> {
  const { keys, rows } = await lockSeats(trx, clientId, seatMapId, seats, 'staff');
  const now = Date.now();
  const live = (seat: (typeof rows)[number]) => seat.status === 'booked' || (seat.status === 'held' && new Date(seat.held_until as Date).getTime() > now);
  if (change.blocked !== undefined && rows.some(live)) throw fail.conflict(SEATING_MSG.notBlockable);
  if (change.channel !== undefined && rows.some((seat) => seat.status === 'booked')) throw fail.conflict(SEATING_MSG.booked);
  await trx
    .updateTable('seat_map_seats')
    .set({
      ...(change.blocked === undefined ? {} : change.blocked ? { status: 'blocked' as const } : { status: 'free' as const }),
      // An expired hold is freed with a block change; a live hold keeps its token when only the channel changes.
      ...(change.blocked === undefined ? {} : { hold_token: null, held_until: null }),
      ...(change.channel === undefined ? {} : { channel: change.channel }),
    })
    .where('client_id', '=', clientId)
    .where('seat_map_id', '=', seatMapId)
    .where('seat_key', '=', sql<string>`ANY(${keys}::text[])`)
    .execute();
  return keys;
}

/**
 * 'Booking tilstand': staff book free seats by hand (a guest of the club, a seat sold at the
 * counter) — every seat free or with an expired hold, or nothing — and free seats booked that way
 * again. A seat an order bought is never freed here (the order's cancellation does that).
 */
export async function staffBookSeats(trx: Tx, clientId: number, seatMapId: number, seats: string[], book: boolean): Promise<string[]> {
  const { keys, rows } = await lockSeats(trx, clientId, seatMapId, seats, 'staff');
  const now = Date.now();
  if (book) {
    const free = (seat: (typeof rows)[number]) => seat.status === 'free' || (seat.status === 'held' && new Date(seat.held_until as Date).getTime() <= now);
    if (!rows.every(free)) throw fail.conflict(SEATING_MSG.notBookable);
  } else if (!rows.every((seat) => seat.status === 'booked' && seat.booked_by === 'staff')) {
    throw fail.conflict(SEATING_MSG.notStaffBooked);
  }
  await trx
    .updateTable('seat_map_seats')
    .set(book ? { status: 'booked', booked_by: 'staff', hold_token: null, held_until: null } : { status: 'free', booked_by: null })
    .where('client_id', '=', clientId)
    .where('seat_map_id', '=', seatMapId)
    .where('seat_key', '=', sql<string>`ANY(${keys}::text[])`)
    .execute();
  return keys;
}

/** Seats by status; an expired hold counts as free. */
export async function seatMapCounts(trx: Tx, clientId: number, seatMapId: number): Promise<Record<'free' | 'held' | 'booked' | 'blocked', number>> {
  const rows = await trx
    .selectFrom('seat_map_seats')
    .select([sql<string>`CASE WHEN status = 'held' AND held_until <= now() THEN 'free' ELSE status END`.as('state'), sql<number>`count(*)::int`.as('n')])
    .where('client_id', '=', clientId)
    .where('seat_map_id', '=', seatMapId)
    .groupBy('state')
    .execute();
  const counts = { free: 0, held: 0, booked: 0, blocked: 0 };
  for (const r of rows) counts[r.state as keyof typeof counts] = Number(r.n);
  return counts;
}
