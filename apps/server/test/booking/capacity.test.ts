import { BOOKING_MSG } from '@klubhus/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bookingPaths } from '../../../../packages/api/src/booking/capacity';
import { expireBookingsAllClubs } from '../../../../packages/api/src/booking/purpose';
import { capacityAndRecount, guest, openEvent, payOnTestPage, refused } from './helpers';
import { bookingFixtures, useTestApp } from '../support/app';

/**
 * The capacity counters (event_capacity, migration 0017): a booking reads them under the event's
 * row lock instead of counting the event's tickets. A held booking counts until its hold runs out;
 * then the next booking of the event releases it under the lock (no job needed), or the job does;
 * a payment that comes after is flagged, never confirmed. The counters always equal a recount.
 */
const owner = () => app.t.database.owner;

const app = useTestApp(bookingFixtures('Kapacitet'));

/** The event's counter for everyone ('' holder) of the product. */
const units = async (eventId: number) =>
  Number((await owner().selectFrom('event_capacity').select('units').where('event_id', '=', eventId).where('holder', '=', '').where('product_id', '=', app.single).executeTakeFirst())?.units ?? 0);

/** Lets a booking's hold run out (its row and its tickets). */
const expire = async (orderId: number) => {
  await sql`UPDATE event_bookings SET held_until = now() - interval '1 second' WHERE order_id = ${orderId}`.execute(owner());
  await sql`UPDATE event_tickets SET held_until = now() - interval '1 second' WHERE order_id = ${orderId}`.execute(owner());
};

const bookingOf = (orderId: number) => owner().selectFrom('event_bookings as b').innerJoin('orders as o', 'o.id', 'b.order_id').select(['b.state', 'o.status']).where('b.order_id', '=', orderId).executeTakeFirstOrThrow();

describe('capacity counters', () => {
  it('a paid booking that no longer fits: its fast statement raises, its commit rolls back, and the locked path refuses in its own words — nothing written, no ticket number taken', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Sidste plads', [{ productId: app.single, title: 'Ståplads', price: '100', maxAmount: '1', public: true }]);
    const email = (await app.v.booking.products({ eventId })).contactEmail;
    const before = { ...bookingPaths };
    expect((await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }]))).status).toBe('draft');
    await refused(app.t, () => app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }])), BOOKING_MSG.noTickets(email));
    expect({ fast: bookingPaths.fast - before.fast, fallback: bookingPaths.fallback - before.fallback, locked: bookingPaths.locked - before.locked }).toEqual({ fast: 1, fallback: 1, locked: 0 });
    const event = await owner().selectFrom('events').select('ticket_counter').where('id', '=', eventId).executeTakeFirstOrThrow();
    expect(Number(event.ticket_counter)).toBe(1);
    expect(await units(eventId)).toBe(1);
  });

  it('an expired hold is free again for the next booking, without the job: that booking cancels it under the lock; the late payment is flagged, never confirmed', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Udløbet hold', [{ productId: app.single, title: 'Ståplads', price: '100', maxAmount: '2', public: true }]);
    const email = (await app.v.booking.products({ eventId })).contactEmail;
    const first = await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 2 }]));
    expect(first.status).toBe('draft');
    expect(await units(eventId)).toBe(2);
    await refused(app.t, () => app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }])), BOOKING_MSG.noTickets(email));

    await expire(first.orderId);
    // The wizard already shows them as free; the counters still hold them until a booking (or the job) releases them.
    expect((await app.v.booking.products({ eventId })).result.none[0]).toMatchObject({ available: 2, maxAmount: 2 });
    expect(await units(eventId)).toBe(2);
    const second = await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 2 }]));
    expect(second.status).toBe('draft');
    expect(await bookingOf(first.orderId)).toEqual({ state: 'cancelled', status: 'cancelled' });
    expect(await units(eventId)).toBe(2);
    await refused(app.t, () => app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }])), BOOKING_MSG.noTickets(email));

    // The first buyer pays after all: flagged for a refund, the tickets stay with the second.
    await payOnTestPage(app.v, first.payment);
    expect(await bookingOf(first.orderId)).toEqual({ state: 'cancelled', status: 'cancelled' });
    const firstBooking = await owner().selectFrom('event_bookings').select('id').where('order_id', '=', first.orderId).executeTakeFirstOrThrow();
    const flagged = await owner().selectFrom('payments').select(['status', 'needs_attention']).where('purpose_type', '=', 'booking').where('purpose_id', '=', firstBooking.id).executeTakeFirstOrThrow();
    expect(flagged).toEqual({ status: 'paid', needs_attention: expect.stringContaining('refunderes') });
    await payOnTestPage(app.v, second.payment);
    expect(await bookingOf(second.orderId)).toEqual({ state: 'confirmed', status: 'approved' });
    expect(await units(eventId)).toBe(2);
    const { counters, recount } = await capacityAndRecount(app.t);
    expect(counters).toEqual(recount);
  });

  it('cancelling frees: the job cancels an expired hold and its units count no more; a confirmed payment keeps counting (held → valid changes nothing)', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Jobbet frigiver', [{ productId: app.single, title: 'Ståplads', price: '100', maxAmount: '3', public: true }]);
    const email = (await app.v.booking.products({ eventId })).contactEmail;
    const one = await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }]));
    const two = await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 2 }]));
    await payOnTestPage(app.v, two.payment);
    expect(await bookingOf(two.orderId)).toEqual({ state: 'confirmed', status: 'approved' });
    expect(await units(eventId)).toBe(3);

    await expire(one.orderId);
    expect(await expireBookingsAllClubs(app.t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await bookingOf(one.orderId)).toEqual({ state: 'cancelled', status: 'cancelled' });
    expect(await units(eventId)).toBe(2);
    expect((await app.v.booking.products({ eventId })).result.none[0]).toMatchObject({ available: 1 });
    expect((await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }]))).status).toBe('draft');
    await refused(app.t, () => app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }])), BOOKING_MSG.noTickets(email));
    const { counters, recount } = await capacityAndRecount(app.t);
    expect(counters).toEqual(recount);
  });

  it('free sign-ups count at once and as free units; the event total binds across products', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Tilmelding tæller', [], { hasTickets: false, maxSignups: '4' } as never);
    expect(await app.v.booking.book(guest(eventId, [{ productId: 0, amount: 3 }]))).toMatchObject({ status: 'approved' });
    const row = await owner().selectFrom('event_capacity').select(['units', 'free_units']).where('event_id', '=', eventId).where('holder', '=', '').where('product_id', '=', 0).executeTakeFirstOrThrow();
    expect(row).toEqual({ units: 3, free_units: 3 });
    await refused(app.t, () => app.v.booking.book(guest(eventId, [{ productId: 0, amount: 2 }])), BOOKING_MSG.onlyLeft(1));
    const { counters, recount } = await capacityAndRecount(app.t);
    expect(counters).toEqual(recount);
  });

  it('per company: maxCompanyAmount and maxCompanySignups bind the company’s own units only (Max. {n} mere); its expired hold gives its units back to it', async () => {
    const company = await app.staff.companies.update({ name: 'Kapacitet ApS', status: 1, cvr: '11223344', ticketLimits: {} } as never);
    const mette = await owner().selectFrom('contacts').select('id').where('client_id', '=', app.demo).where('email', '=', 'member@demo.dk').executeTakeFirstOrThrow();
    await owner().insertInto('company_contacts').values({ client_id: app.demo, company_id: company.id, contact_id: mette.id }).execute();
    const key = `company:${company.id}`;
    const asCompany = (eventId: number, productId: number, amount: number) => app.member.booking.book({ eventId, companyId: company.id, products: [{ productId, amount }], acceptTerms: true });

    // A product's maxCompanyAmount, with a hold.
    const eventId = await openEvent(app.staff, app.typeId, 'Firmaloft', [{ productId: app.single, title: 'Ståplads', price: '100', maxCompanyAmount: '3', public: true }], {
      invitees: { companyIds: [company.id] },
    } as never);
    const first = await asCompany(eventId, app.single, 2);
    expect(first.status).toBe('draft');
    expect((await app.member.booking.products({ eventId })).result[key][0]).toMatchObject({ purchased: 2, maxAmount: 1 });
    await refused(app.t, () => asCompany(eventId, app.single, 2), BOOKING_MSG.maxMore(1));
    // A guest is not bound by the company's limit.
    expect((await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 5 }]))).status).toBe('draft');
    const own = async () => (await owner().selectFrom('event_capacity').select(['units', 'free_units']).where('event_id', '=', eventId).where('holder', '=', key).executeTakeFirstOrThrow()).units;
    expect(await own()).toBe(2);
    await expire(first.orderId);
    expect((await asCompany(eventId, app.single, 3)).status).toBe('draft');
    expect(await bookingOf(first.orderId)).toEqual({ state: 'cancelled', status: 'cancelled' });
    expect(await own()).toBe(3);
    await refused(app.t, () => asCompany(eventId, app.single, 1), BOOKING_MSG.noTickets((await app.v.booking.products({ eventId })).contactEmail));

    // An event's maxCompanySignups (sign-ups, free: confirmed at once).
    const signups = await openEvent(app.staff, app.typeId, 'Firmatilmelding', [], { hasTickets: false, maxCompanySignups: '3', invitees: { companyIds: [company.id] } } as never);
    expect((await asCompany(signups, 0, 2)).status).toBe('approved');
    await refused(app.t, () => asCompany(signups, 0, 2), BOOKING_MSG.maxMore(1));
    expect((await app.v.booking.book(guest(signups, [{ productId: 0, amount: 4 }]))).status).toBe('approved');
    expect((await asCompany(signups, 0, 1)).status).toBe('approved');
    const row = await owner().selectFrom('event_capacity').select(['units', 'free_units']).where('event_id', '=', signups).where('holder', '=', key).executeTakeFirstOrThrow();
    expect(row).toEqual({ units: 3, free_units: 3 });
    const { counters, recount } = await capacityAndRecount(app.t);
    expect(counters).toEqual(recount);
  });
});
