import { sql } from 'kysely';
import { expect } from 'vitest';
import { type Caller, callerFor, guest, openEvent, type Visitor, visitorOf } from '../booking/helpers';
import { danishMessage } from '../catalogue/helpers';
import { clubId, type TestApp } from '../helpers';

export { callerFor, visitorOf, type Caller, type Visitor };

export const GATE_TABLES = ['event_tickets', 'event_ticket_scans', 'event_tables', 'event_table_seats'] as const;

/** Every gate table of every club, as text: equal before and after means nothing changed. */
export async function gateSnapshot(t: TestApp): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const table of GATE_TABLES) out[table] = (await sql`SELECT md5(string_agg(r::text, ',' ORDER BY r::text)) AS h, count(*) AS n FROM ${sql.table(table)} AS r`.execute(t.database.owner)).rows;
  return JSON.stringify(out);
}

/** Expects the call refused with exactly this Danish message, and nothing of the gate tables changed. */
export async function refused(t: TestApp, fn: () => Promise<unknown>, message: string) {
  const before = await gateSnapshot(t);
  const error = await fn().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the call should have been refused').not.toBeNull();
  expect(danishMessage(error)).toBe(message);
  expect(await gateSnapshot(t)).toBe(before);
}

/** The demo club's Enkeltbillet product id. */
export async function singleProduct(t: TestApp) {
  const demo = await clubId(t.database, 'Demo IF');
  return (await t.database.owner.selectFrom('products').select('id').where('client_id', '=', demo).where('title', '=', 'Enkeltbillet').executeTakeFirstOrThrow()).id;
}

/** An event (controlType Stregkode) with free tickets, and `n` tickets booked by guests: their codes in number order. */
export async function eventWithTickets(staff: Caller, v: Visitor, t: TestApp, title: string, n: number, extra: Record<string, unknown> = {}) {
  const typeId = (await staff.eventTypes.update({ title: `Type ${title}` })).id;
  const productId = await singleProduct(t);
  const eventId = await openEvent(staff, typeId, title, [{ productId, title: 'Fribillet', price: '0', public: true }], extra as never);
  const codes: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await v.booking.book(guest(eventId, [{ productId, amount: 1 }], { firstname: `Gæst${i + 1}`, lastname: 'Hansen' }));
    const order = await v.booking.order({ token: r.token });
    codes.push(...order.tickets.map((x) => x.ticketId));
  }
  return { eventId, typeId, productId, codes };
}

/** Confirmed scans of a ticket (what the gate counted). */
export async function confirmedScans(t: TestApp, code: string) {
  const r = await t.database.owner
    .selectFrom('event_ticket_scans as s')
    .innerJoin('event_tickets as tk', 'tk.id', 's.ticket_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tk.code', '=', code)
    .where('s.result', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The gate files' fixtures: the demo club's id, a staff caller, a visitor of the storefront and a staff session cookie. */
export async function gateFixtures(t: TestApp) {
  return { demo: await clubId(t.database, 'Demo IF'), staff: await callerFor(t, 'staff@demo.dk'), v: visitorOf(t), cookie: await t.login('staff@demo.dk') };
}
