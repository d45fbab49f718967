import { BOOKING_MSG } from '@klubhus/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_POOL_SIZE, untilLockWaiters } from '@klubhus/db/testing';
import { bookingPaths, capacityLocks } from '../../../../packages/api/src/booking/capacity';
import { danishMessage } from '../catalogue/helpers';
import { bookingFixtures, useTestApp } from '../support/app';
import { capacityAndRecount, guest, openEvent, payOnTestPage } from './helpers';

/**
 * Capacity that never oversells (DESIGN.md "Capacity"), on PostgreSQL: many buyers at once for the
 * last tickets and for one seat. Each claim has a control: the same race with the locks switched
 * off (capacityLocks.enabled = false: read, check, write) must oversell, so the claim can fail.
 * The embedded database runs one transaction at a time, so this file needs a server.
 */
const app = useTestApp(bookingFixtures('Samtidighed'), () => {
  capacityLocks.enabled = true;
  capacityLocks.fastCheck = 'booking_capacity_fits';
  capacityLocks.fastPath = true;
});
const owner = () => app.t.database.owner;

async function race(n: number, call: () => Promise<unknown>) {
  const results = await Promise.allSettled(Array.from({ length: n }, () => call()));
  const ok = results.filter((r) => r.status === 'fulfilled').length;
  const messages = results.flatMap((r) => (r.status === 'rejected' ? [danishMessage(r.reason)] : []));
  return { ok, messages };
}

const liveTickets = async (eventId: number) =>
  Number(
    (
      await owner()
        .selectFrom('event_tickets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event_id', '=', eventId)
        .where('status', '<>', 'cancelled')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A free seat of the demo stadium in no channel. */
async function freeSeat(offset: number) {
  const agf = await owner().selectFrom('events').select(['id', 'seat_map_id']).where('client_id', '=', app.demo).where('title', '=', 'Demo IF – AGF').executeTakeFirstOrThrow();
  const seat = await owner()
    .selectFrom('seat_map_seats')
    .select('seat_key')
    .where('seat_map_id', '=', agf.seat_map_id as number)
    .where('status', '=', 'free')
    .where('channel', 'is', null)
    .orderBy('seat_key')
    .offset(offset)
    .executeTakeFirstOrThrow();
  return { eventId: agf.id, seatMapId: agf.seat_map_id as number, seat: seat.seat_key };
}

/**
 * The race of a control whose check reads a stale snapshot, started while the test holds the
 * event's row lock and let go once `waiting` statements (at most the pool's five connections) wait
 * for it: each took its snapshot before any of them wrote, so the control oversells on every run —
 * not only when the calls happen to overlap (a CI run where they did not sold exactly 10).
 */
async function raceBehindEventLock(eventId: number, n: number, waiting: number, call: () => Promise<unknown>) {
  const started = await owner()
    .transaction()
    .execute(async (trx) => {
      await sql`SELECT 1 FROM events WHERE id = ${eventId} FOR UPDATE`.execute(trx);
      const result = race(n, call);
      await untilLockWaiters(owner(), waiting);
      return { result };
    });
  return started.result;
}

/** The fast path's check declared STABLE (a control): it reads the statement's snapshot, taken before the statement waited for the event's lock. */
async function staleTwin() {
  const def = (await sql<{ d: string }>`SELECT pg_get_functiondef('booking_capacity_fits'::regproc) AS d`.execute(owner())).rows[0].d;
  const stale = def.replace(/booking_capacity_fits\(/, 'booking_capacity_fits_stale(').replace(/LANGUAGE plpgsql/, 'LANGUAGE plpgsql STABLE');
  expect(stale).toContain('STABLE');
  await sql.raw(stale).execute(owner());
}

describe.runIf(process.env.DATABASE_URL)('capacity under concurrent bookings (PostgreSQL)', () => {
  it('60 buyers at once for the last 10 tickets: exactly 10 get one, the rest the sold-out text; the control without the lock oversells', async () => {
    const tickets = [{ productId: app.single, title: 'Ståplads', price: '100', maxAmount: '10', public: true }];
    const eventId = await openEvent(app.staff, app.typeId, 'De sidste ti', tickets);
    const email = (await app.v.booking.products({ eventId })).contactEmail;
    // The locked path alone (the fast path has a test of its own below).
    capacityLocks.fastPath = false;
    const locked = await race(60, () => app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }]))).finally(() => {
      capacityLocks.fastPath = true;
    });
    expect(locked.ok).toBe(10);
    expect(new Set(locked.messages)).toEqual(new Set([BOOKING_MSG.noTickets(email)]));
    expect(await liveTickets(eventId)).toBe(10);

    capacityLocks.enabled = false;
    try {
      const control = await openEvent(app.staff, app.typeId, 'De sidste ti uden lås', tickets);
      const unlocked = await race(60, () => app.v.booking.book(guest(control, [{ productId: app.single, amount: 1 }])));
      // Without the lock the same race sells more than there is.
      expect(unlocked.ok).toBeGreaterThan(10);
      expect(await liveTickets(control)).toBeGreaterThan(10);
    } finally {
      capacityLocks.enabled = true;
    }
  });

  it('the fast path (one statement takes the lock, checks and writes): 60 buyers for the last 10 get exactly 10, all through it; its controls — no check, and the same check reading the statement’s own snapshot (STABLE) — oversell', async () => {
    const tickets = [{ productId: app.single, title: 'Ståplads', price: '100', maxAmount: '10', public: true }];
    const eventId = await openEvent(app.staff, app.typeId, 'De sidste ti, hurtigt', tickets);
    const email = (await app.v.booking.products({ eventId })).contactEmail;
    const before = { ...bookingPaths };
    const fast = await race(60, () => app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }])));
    expect(fast.ok).toBe(10);
    expect(new Set(fast.messages)).toEqual(new Set([BOOKING_MSG.noTickets(email)]));
    expect(await liveTickets(eventId)).toBe(10);
    // Every success was the fast statement's; every refusal went on to the locked path (a paid
    // booking's fast statement raises, its COMMIT behind it rolls back, and the booking runs again there).
    expect(bookingPaths.fast - before.fast).toBe(10);
    expect(bookingPaths.fallback - before.fallback).toBe(50);
    expect(bookingPaths.locked - before.locked).toBe(0);
    const numbers = await owner().selectFrom('event_tickets').select('number').where('event_id', '=', eventId).orderBy('number').execute();
    expect(numbers.map((n) => n.number)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));

    // Controls: without the check, and with it reading the snapshot the statement took before it
    // waited for the lock (the function declared STABLE), the same race sells more than there is.
    await staleTwin();
    for (const check of ['none', 'booking_capacity_fits_stale']) {
      capacityLocks.fastCheck = check;
      try {
        const control = await openEvent(app.staff, app.typeId, `De sidste ti, kontrol ${check}`, tickets);
        const buy = () => app.v.booking.book(guest(control, [{ productId: app.single, amount: 1 }]));
        // Six sold one by one; then the pool's five connections all read "six sold" before any of them writes.
        for (let i = 0; i < 6; i++) await buy();
        const unchecked = await raceBehindEventLock(control, 54, TEST_POOL_SIZE, buy);
        expect(6 + unchecked.ok).toBeGreaterThan(10);
        expect(await liveTickets(control)).toBeGreaterThan(10);
      } finally {
        capacityLocks.fastCheck = 'booking_capacity_fits';
      }
    }
  });

  it('the fast path prices a company’s free allowance from counters read before the lock: 20 of its bookings at once, allowance 2 — exactly 2 tickets at price 0; the control reading stale counters gives more away', async () => {
    const contact = (await owner().selectFrom('contacts').select('id').where('client_id', '=', app.demo).where('email', '=', 'member@demo.dk').executeTakeFirstOrThrow()).id;
    const company = await app.staff.companies.update({ name: 'Samtidig Fri ApS', status: 1, cvr: '34343434', ticketLimits: {} } as never);
    await owner().insertInto('company_contacts').values({ client_id: app.demo, company_id: company.id, contact_id: contact }).execute();
    await app.staff.companies.update({ id: company.id, name: 'Samtidig Fri ApS', status: 1, cvr: '34343434', ticketLimits: { [app.typeId]: [{ productId: app.single, maxAmount: 2 }] } } as never);
    const freeTickets = async (check: string) => {
      const eventId = await openEvent(app.staff, app.typeId, `Fri samtidig ${check}`, [{ productId: app.single, title: 'Firmabillet', price: '200', public: true }], {
        invitees: { companyIds: [company.id] },
      } as never);
      capacityLocks.fastCheck = check;
      try {
        const book = () => app.member.booking.book({ eventId, companyId: company.id, products: [{ productId: app.single, amount: 1 }], acceptTerms: true, discountCode: null } as never);
        // The stale control waits behind the test's lock until three of its bookings read "none free yet".
        const r = await (check === 'booking_capacity_fits' ? race(20, book) : raceBehindEventLock(eventId, 20, 3, book));
        expect(r.ok).toBe(20);
      } finally {
        capacityLocks.fastCheck = 'booking_capacity_fits';
      }
      const rows = await owner().selectFrom('event_tickets').select('price').where('event_id', '=', eventId).execute();
      expect(rows).toHaveLength(20);
      return rows.filter((x) => Number(x.price) === 0).length;
    };
    const before = { ...bookingPaths };
    expect(await freeTickets('booking_capacity_fits')).toBe(2);
    expect(bookingPaths.fast - before.fast).toBeGreaterThan(0);
    await staleTwin();
    expect(await freeTickets('booking_capacity_fits_stale')).toBeGreaterThan(2);
  });

  it('30 buyers at once for one seat: exactly one gets it; the control without the locks sells it twice', async () => {
    const { eventId, seatMapId, seat } = await freeSeat(0);
    const locked = await race(30, () => app.v.booking.book(guest(eventId, [{ productId: app.season, amount: 1, seat }])));
    expect(locked.ok).toBe(1);
    const held = await owner().selectFrom('event_tickets').select('id').where('event_id', '=', eventId).where('seat_key', '=', seat).where('status', '<>', 'cancelled').execute();
    expect(held).toHaveLength(1);
    expect(await owner().selectFrom('seat_map_seats').select('status').where('seat_map_id', '=', seatMapId).where('seat_key', '=', seat).executeTakeFirstOrThrow()).toEqual({ status: 'held' });

    capacityLocks.enabled = false;
    try {
      const other = await freeSeat(1);
      const unlocked = await race(30, () => app.v.booking.book(guest(other.eventId, [{ productId: app.season, amount: 1, seat: other.seat }])));
      expect(unlocked.ok).toBeGreaterThan(1);
    } finally {
      capacityLocks.enabled = true;
    }
  });

  it('10 holds run out while 60 new buyers race and the 10 late payments arrive: never more than 10 live, every late payment flagged, what a payment held for a moment is sold after; the counters equal a recount', async () => {
    const tickets = [{ productId: app.single, title: 'Ståplads', price: '100', maxAmount: '10', public: true }];
    const eventId = await openEvent(app.staff, app.typeId, 'Udløbne hold', tickets);
    const email = (await app.v.booking.products({ eventId })).contactEmail;
    const held = [];
    for (let i = 0; i < 10; i++) held.push(await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }])));
    await sql`UPDATE event_bookings SET held_until = now() - interval '1 second' WHERE event_id = ${eventId}`.execute(owner());
    await sql`UPDATE event_tickets SET held_until = now() - interval '1 second' WHERE event_id = ${eventId}`.execute(owner());

    const [, fresh] = await Promise.all([
      Promise.allSettled(held.map((r) => payOnTestPage(app.v, r.payment))),
      race(60, () => app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }]))),
    ]);
    // A booking passes a hold a payment is deciding on (SKIP LOCKED): it counts until the payment has decided.
    expect(fresh.ok).toBeGreaterThan(0);
    expect(fresh.ok).toBeLessThanOrEqual(10);
    expect(new Set(fresh.messages)).toEqual(new Set([BOOKING_MSG.noTickets(email)]));
    expect(await liveTickets(eventId)).toBe(fresh.ok);
    const ids = (await owner().selectFrom('event_bookings').select('id').where('order_id', 'in', held.map((r) => r.orderId)).execute()).map((b) => b.id);
    const late = await owner().selectFrom('payments').select(['status', 'needs_attention']).where('purpose_type', '=', 'booking').where('purpose_id', 'in', ids).execute();
    expect(late).toHaveLength(10);
    expect(late.every((p) => p.status === 'paid' && !!p.needs_attention)).toBe(true);
    const orders = await owner().selectFrom('orders').select('status').where('id', 'in', held.map((r) => r.orderId)).execute();
    expect(orders.every((o) => o.status === 'cancelled')).toBe(true);

    // Whatever was not sold in the race is free now, and no more.
    for (let i = fresh.ok; i < 10; i++) expect((await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }]))).status).toBe('draft');
    await expect(app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }]))).rejects.toThrow(BOOKING_MSG.noTickets(email));
    expect(await liveTickets(eventId)).toBe(10);
    const { counters, recount } = await capacityAndRecount(app.t);
    expect(counters).toEqual(recount);
  });
});
