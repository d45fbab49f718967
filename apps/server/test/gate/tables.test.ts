import { TABLE_MSG } from '@klubhus/domain';
import { describe, expect, it } from 'vitest';
import { eventWithTickets, gateFixtures, refused } from './helpers';
import { useTestApp } from '../support/app';

/**
 * The table plan (issue 16) through the routers and REST on a real database: tables, placing with
 * seats left (blocked at zero), seats locked once guests sit, auto-seating keeping companies
 * together on autoPlace tables only, the table cards PDF and the public table plan.
 */
const app = useTestApp(gateFixtures);

const ticketIds = async (codes: string[]) =>
  (await app.t.database.owner.selectFrom('event_tickets').select(['id', 'code']).where('code', 'in', codes).execute()).sort((a, b) => codes.indexOf(a.code) - codes.indexOf(b.code)).map((r) => r.id);

describe('tables', () => {
  it('places guests with seats left, blocks at zero, locks seats once seated, and deletes a table freeing its guests', async () => {
    const { eventId, codes } = await eventWithTickets(app.staff, app.v, app.t, 'Gallabord', 3, { hasTables: true });
    const ids = await ticketIds(codes);
    const table = (await app.staff.gate.saveTable({ id: eventId, title: 'Bord 1', description: 'Ved scenen', seats: '2' as never, autoPlace: true })).id;
    expect((await app.staff.gate.tableAttendees({ id: eventId })).total).toBe(3);
    await app.staff.gate.place({ id: eventId, tableId: table, ticketIds: [ids[0], ids[1]] });
    const [t1] = (await app.staff.gate.tables({ id: eventId })).result;
    expect(t1).toMatchObject({ title: 'Bord 1', seats: 2, seatsLeft: 0, autoPlace: true });
    expect(t1.seating.map((s) => s.name)).toEqual(['Gæst1 Hansen', 'Gæst2 Hansen']);
    expect((await app.staff.gate.tableAttendees({ id: eventId })).attendees.map((a) => a.ticketId)).toEqual([ids[2]]);

    await refused(app.t, () => app.staff.gate.place({ id: eventId, tableId: table, ticketIds: [ids[2]] }), TABLE_MSG.tableFull);
    await refused(app.t, () => app.staff.gate.saveTable({ id: eventId, tableId: table, title: 'Bord 1', seats: 3 }), TABLE_MSG.seatsLocked);
    await refused(app.t, () => app.staff.gate.saveTable({ id: eventId, title: '', seats: 3 }), 'Titel er påkrævet');
    await refused(app.t, () => app.staff.gate.saveTable({ id: eventId, title: 'Bord', seats: 'mange' as never }), 'Pladser skal være et heltal.');
    // Placing a guest again at the table he sits at takes no seat; the title still changes.
    await app.staff.gate.place({ id: eventId, tableId: table, ticketIds: [ids[0]] });
    await app.staff.gate.saveTable({ id: eventId, tableId: table, title: 'Bord A', seats: 2 });
    // A ticket of another event is no guest here.
    const other = await eventWithTickets(app.staff, app.v, app.t, 'Andet', 1, { hasTables: true });
    await refused(app.t, async () => app.staff.gate.place({ id: eventId, tableId: table, ticketIds: await ticketIds(other.codes) }), TABLE_MSG.notAttendee);

    // Taking one away frees a seat.
    await app.staff.gate.place({ id: eventId, tableId: null, ticketIds: [ids[1]] });
    expect((await app.staff.gate.tables({ id: eventId })).result[0].seatsLeft).toBe(1);

    // REST: the documented URLs.
    const list = await app.t.request('GET', `/api/events/${eventId}/tables`, { cookie: app.cookie });
    expect(list.json()).toMatchObject({ success: true, result: [{ title: 'Bord A', seatsLeft: 1 }] });
    const full = await app.t.request('POST', `/api/events/${eventId}/tables/place`, { cookie: app.cookie, body: { tableId: table, ticketIds: [ids[1], ids[2]] } });
    expect(full.statusCode).toBe(400);
    expect(full.json()).toMatchObject({ success: false, error: TABLE_MSG.tableFull });
    const att = await app.t.request('POST', `/api/events/${eventId}/tables/attendees`, { cookie: app.cookie, body: {} });
    expect(att.json()).toMatchObject({ success: true, total: 2 });
    const del = await app.t.request('DELETE', `/api/events/${eventId}/tables/${table}`, { cookie: app.cookie });
    expect(del.json()).toMatchObject({ success: true, message: TABLE_MSG.tableDeleted });
    expect((await app.staff.gate.tableAttendees({ id: eventId })).total).toBe(3);
  });

  it('auto-seating keeps each company together on autoPlace tables only, never over a table', async () => {
    const { eventId, codes } = await eventWithTickets(app.staff, app.v, app.t, 'Sponsorgalla', 9, { hasTables: true });
    const ids = await ticketIds(codes);
    const companies = await app.t.database.owner.selectFrom('companies').select('id').where('client_id', '=', app.demo).orderBy('id').limit(2).execute();
    // Company A: 4 guests, company B: 3 guests, 2 guests on their own.
    await app.t.database.owner.updateTable('event_tickets').set({ company_id: companies[0].id }).where('id', 'in', ids.slice(0, 4)).execute();
    await app.t.database.owner.updateTable('event_tickets').set({ company_id: companies[1].id }).where('id', 'in', ids.slice(4, 7)).execute();
    const manual = (await app.staff.gate.saveTable({ id: eventId, title: 'Hovedbord', seats: 10, autoPlace: false })).id;
    const four = (await app.staff.gate.saveTable({ id: eventId, title: 'Bord 4', seats: 4 })).id;
    const five = (await app.staff.gate.saveTable({ id: eventId, title: 'Bord 5', seats: 5 })).id;
    const r = await app.t.request('POST', `/api/events/${eventId}/tables/auto-seating`, { cookie: app.cookie, body: {} });
    expect(r.json()).toMatchObject({ success: true, placed: 9, message: TABLE_MSG.autoSeated(9) });
    const tables = (await app.staff.gate.tables({ id: eventId })).result;
    const at = (id: number) => tables.find((x) => x.id === id)?.seating.map((s) => s.ticketId) ?? [];
    expect(at(manual)).toEqual([]);
    expect(at(four).length).toBeLessThanOrEqual(4);
    expect(at(five).length).toBeLessThanOrEqual(5);
    const tableOf = (ticket: number) => tables.find((x) => x.seating.some((s) => s.ticketId === ticket))?.id;
    expect(new Set(ids.slice(0, 4).map(tableOf)).size).toBe(1);
    expect(new Set(ids.slice(4, 7).map(tableOf)).size).toBe(1);
    expect(ids.every((i) => tableOf(i) !== undefined)).toBe(true);
    // Again: nobody left to place, nothing moves.
    expect(await app.staff.gate.autoSeating({ id: eventId })).toMatchObject({ placed: 0 });
  });

  it('table cards: a PDF with a page per table in the plan format; the public table plan shows who sits where', async () => {
    const { eventId, codes } = await eventWithTickets(app.staff, app.v, app.t, 'Bordkort', 2, { hasTables: true, tablePlan: { cardFormat: 'A5', cardOrientation: 'Landscape', productIds: [] } });
    const ids = await ticketIds(codes);
    const a = (await app.staff.gate.saveTable({ id: eventId, title: 'Bord Ø', seats: 4 })).id;
    await app.staff.gate.saveTable({ id: eventId, title: 'Bord 2', seats: 4 });
    await app.staff.gate.place({ id: eventId, tableId: a, ticketIds: ids });
    const pdf = await app.t.request('GET', `/api/events/${eventId}/table-cards`, { cookie: app.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(2);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 420]);

    const plan = await app.t.request('GET', `/api/public/events/${eventId}/table-plan`);
    expect(plan.json()).toMatchObject({ success: true, result: { tables: [{ title: 'Bord Ø', guests: [{ name: 'Gæst1 Hansen' }, { name: 'Gæst2 Hansen' }] }, { title: 'Bord 2', guests: [] }] } });
    // An event without a table plan has no public table plan.
    const none = await eventWithTickets(app.staff, app.v, app.t, 'Uden borde', 0);
    expect((await app.t.request('GET', `/api/public/events/${none.eventId}/table-plan`)).statusCode).toBe(404);
    await refused(app.t, () => app.staff.gate.tableCards({ id: none.eventId }), TABLE_MSG.noTables);
  });
});
