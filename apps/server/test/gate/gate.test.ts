import { GATE_MSG, ID_MESSAGE } from '@klubhus/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { clubId } from '../helpers';
import { callerFor, confirmedScans, eventWithTickets, gateFixtures, refused } from './helpers';
import { useTestApp } from '../support/app';

/**
 * The gate (issue 16) through the routers and the REST adapters on a real database: the attendee
 * list with its filters, the overview, the companies, the export, scanning once, refusals in
 * Danish that change nothing, and an offline queue replayed with its nonces counting nothing twice.
 */
const app = useTestApp(gateFixtures);

describe('the company’s ticket utilization (SPEC §2 company screen)', () => {
  it('per product: of the company’s valid tickets, those let in at the gate, in percent; through the router and REST', async () => {
    const { eventId, codes, productId } = await eventWithTickets(app.staff, app.v, app.t, 'Sponsorkamp', 3);
    const company = (await app.staff.companies.update({ name: 'Forbrug ApS', status: 1, cvr: '12121212' } as never)).id;
    await app.t.database.owner.updateTable('event_tickets').set({ company_id: company }).where('code', 'in', codes.slice(0, 2)).execute();
    expect(await app.staff.companies.ticketUtilization({ id: company })).toEqual([{ id: productId, product: 'Enkeltbillet', used: 0, total: 2, utilization: 0 }]);
    await app.staff.gate.scan({ id: eventId, ticketId: codes[0] });
    await app.staff.gate.scan({ id: eventId, ticketId: codes[2] });
    expect(await app.staff.companies.ticketUtilization({ id: company })).toEqual([{ id: productId, product: 'Enkeltbillet', used: 1, total: 2, utilization: 50 }]);
    const rest = await app.t.request('GET', `/api/companies/${company}/ticket-utilization`, { cookie: app.cookie });
    expect(rest.json().result).toEqual([{ id: productId, product: 'Enkeltbillet', used: 1, total: 2, utilization: 50 }]);
  });

  it('the companies list shows it in the Utilization column and sorts by it; a company without tickets shows 0', async () => {
    const { eventId, codes } = await eventWithTickets(app.staff, app.v, app.t, 'Listekamp', 4);
    const busy = (await app.staff.companies.update({ name: 'Udnyttelse Fuld ApS', status: 1, phone: '11 22 33 44' } as never)).id;
    const idle = (await app.staff.companies.update({ name: 'Udnyttelse Tom ApS', status: 1, phone: '11 22 33 45' } as never)).id;
    await app.t.database.owner.updateTable('event_tickets').set({ company_id: busy }).where('code', 'in', codes.slice(0, 4)).execute();
    for (const code of codes.slice(0, 3)) await app.staff.gate.scan({ id: eventId, ticketId: code });
    // A cancelled ticket is not the company's any more: 3 of the 3 valid ones were let in.
    await app.t.database.owner.updateTable('event_tickets').set({ status: 'cancelled' }).where('code', '=', codes[3]).execute();
    const rows = (await app.staff.companies.list({ search: 'Udnyttelse', perPage: 10 })).rows;
    expect(rows.map((r) => [r.name, r.utilization])).toEqual([
      ['Udnyttelse Fuld ApS', 100],
      ['Udnyttelse Tom ApS', 0],
    ]);
    const sorted = await app.staff.companies.list({ sort: { field: 'Utilization', dir: 'desc' }, perPage: 10 });
    expect(sorted.rows[0].utilization).toBe(100);
    const rest = (await app.t.request('POST', '/api/companies', { cookie: app.cookie, body: { search: 'Udnyttelse Tom' } })).json();
    expect(rest.Result.map((r: { Id: number; Utilization: number }) => [r.Id, r.Utilization])).toEqual([[idle, 0]]);
  });
});

describe('attendees', () => {
  it('lists the valid tickets with Alle / Scannet / Ikke scannet, company and search; the overview and companies follow the scans', async () => {
    const { eventId, codes } = await eventWithTickets(app.staff, app.v, app.t, 'Gallamiddag', 3);
    const company = await app.t.database.owner.selectFrom('companies').select(['id', 'name']).where('client_id', '=', app.demo).orderBy('id').executeTakeFirstOrThrow();
    await app.t.database.owner.updateTable('event_tickets').set({ company_id: company.id }).where('code', '=', codes[2]).execute();

    const all = await app.staff.gate.attendees({ id: eventId });
    expect(all.controlType).toBe('Stregkode');
    expect(all.result.map((a) => a.number)).toEqual([1, 2, 3]);
    expect(all.result[0]).toMatchObject({ name: 'Gæst1 Hansen', product: 'Fribillet', scanned: false, ticketId: codes[0], scannedBy: null });
    expect((await app.staff.gate.companies({ id: eventId })).result).toEqual([{ id: company.id, name: company.name }]);

    const scan = await app.staff.gate.scan({ id: eventId, ticketId: codes[1] });
    expect(scan).toMatchObject({ success: true, status: 'confirmed', error: null, result: { number: 2, name: 'Gæst2 Hansen', product: 'Fribillet' } });

    const scanned = await app.staff.gate.attendees({ id: eventId, status: 'scanned' });
    expect(scanned.result.map((a) => a.number)).toEqual([2]);
    expect(scanned.result[0]).toMatchObject({ scanned: true, scannedBy: 'Søren Stab' });
    expect((await app.staff.gate.attendees({ id: eventId, status: 'notScanned' })).result.map((a) => a.number)).toEqual([1, 3]);
    expect((await app.staff.gate.attendees({ id: eventId, company: company.id })).result.map((a) => a.number)).toEqual([3]);
    expect((await app.staff.gate.attendees({ id: eventId, search: 'gæst1' })).result.map((a) => a.number)).toEqual([1]);
    expect((await app.staff.gate.attendees({ id: eventId, search: '3' })).result.map((a) => a.number)).toEqual([3]);

    const overview = await app.staff.gate.overview({ id: eventId });
    expect(overview).toEqual({ ticketsSold: 0, bookedTickets: 3, totalTickets: null, bookedSeats: [], availableSeats: null, scanned: 1 });

    // REST: the Danish label works as status; overview and companies in the envelope.
    const res = await app.t.request('POST', `/api/events/${eventId}/attendees`, { cookie: app.cookie, body: { status: 'Ikke scannet' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.map((a: { Number?: number; number: number }) => a.number)).toEqual([1, 3]);
    expect((await app.t.request('GET', `/api/events/${eventId}/attendees/overview`, { cookie: app.cookie })).json()).toMatchObject({ success: true, result: { scanned: 1, bookedTickets: 3 } });
    expect((await app.t.request('GET', `/api/events/${eventId}/attendees/companies`, { cookie: app.cookie })).json().result).toEqual([{ id: company.id, name: company.name }]);
  });

  it('exports Tilmeldingsliste.xlsx with every attendee column and the extra info', async () => {
    const { eventId, codes } = await eventWithTickets(app.staff, app.v, app.t, 'Eksport', 2);
    await app.t.database.owner.updateTable('event_tickets').set({ extra_info: JSON.stringify([{ title: 'Allergier', value: 'Nødder' }]) as never }).where('code', '=', codes[0]).execute();
    await app.staff.gate.scan({ id: eventId, ticketId: codes[0] });
    const res = await app.t.request('POST', `/api/events/${eventId}/attendees/export`, { cookie: app.cookie, body: { status: 'all' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Tilmeldingsliste.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.getWorksheet(GATE_MSG.exportName);
    if (!ws) throw new Error('no Tilmeldingsliste sheet');
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Nummer', 'Navn', 'Virksomhed', 'Billet', 'Sektion', 'Række', 'Plads', 'Tilvalg', 'Scannet', 'Scannet tidspunkt', 'Scannet af', 'Billetnummer', 'Allergier']);
    expect(ws.rowCount).toBe(3);
    const first = ws.getRow(2).values as unknown[];
    expect(first[1]).toBe(1);
    expect(first[2]).toBe('Gæst1 Hansen');
    expect(first[9]).toBe('Ja');
    expect(first[11]).toBe('Søren Stab');
    expect(first[12]).toBe(codes[0]);
    expect(first[13]).toBe('Nødder');
  });

  it('an event of another club is not found, whatever id is sent', async () => {
    const nabo = await clubId(app.t.database, 'Nabo BK');
    const other = await app.t.database.owner.selectFrom('events').select('id').where('client_id', '=', nabo).executeTakeFirst();
    if (other) await refused(app.t, () => app.staff.gate.attendees({ id: other.id }), 'Ikke fundet');
    await refused(app.t, () => app.staff.gate.overview({ id: 'x' as never }), ID_MESSAGE);
  });
});

describe('scanning', () => {
  it('scans once: the second scan says when and by whom it was first scanned, counted once', async () => {
    const { eventId, codes } = await eventWithTickets(app.staff, app.v, app.t, 'Kamp 1', 1);
    const first = await app.staff.gate.scan({ id: eventId, ticketId: codes[0] });
    expect(first.status).toBe('confirmed');
    const admin = await callerFor(app.t, 'admin@demo.dk');
    const again = await admin.gate.scan({ id: eventId, ticketId: codes[0] });
    expect(again).toMatchObject({ success: false, status: 'duplicate', error: GATE_MSG.alreadyScanned, firstScannedBy: 'Søren Stab', result: { number: 1 } });
    expect(again.data).toMatch(/^Scannet \d\d\.\d\d\.\d{4} kl\. \d\d:\d\d af Søren Stab$/);
    expect(again.firstScannedAt).toBe(first.firstScannedAt);
    expect(await confirmedScans(app.t, codes[0])).toBe(1);
    expect((await app.staff.gate.overview({ id: eventId })).scanned).toBe(1);
    // Through REST, ?ticketId: the same refusal in the envelope.
    const res = await app.t.request('POST', `/api/events/${eventId}/scan?ticketId=${codes[0]}`, { cookie: app.cookie, body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, error: GATE_MSG.alreadyScanned, result: { number: 1 } });
    expect(await confirmedScans(app.t, codes[0])).toBe(1);
  });

  it('REST scan of a fresh ticket is Bekræftet; a hand scanner with caps lock and spaces still matches', async () => {
    const { eventId, codes } = await eventWithTickets(app.staff, app.v, app.t, 'Kamp 2', 2);
    const res = await app.t.request('POST', `/api/events/${eventId}/scan?ticketId=${codes[0]}`, { cookie: app.cookie, body: {} });
    expect(res.json()).toMatchObject({ success: true, status: 'confirmed', result: { number: 1, name: 'Gæst1 Hansen' } });
    const caps = await app.staff.gate.scan({ id: eventId, ticketId: `  ${codes[1].toUpperCase()} ` });
    expect(caps).toMatchObject({ success: true, status: 'confirmed', result: { number: 2 } });
  });

  it('refuses a ticket of another event, an unknown code, a cancelled ticket and blank input in Danish, changing nothing', async () => {
    const a = await eventWithTickets(app.staff, app.v, app.t, 'Kamp A', 1);
    const b = await eventWithTickets(app.staff, app.v, app.t, 'Kamp B', 1);
    let before = JSON.stringify(await app.t.database.owner.selectFrom('event_tickets').select(['id', 'first_scanned_at']).orderBy('id').execute());
    const other = await app.staff.gate.scan({ id: a.eventId, ticketId: b.codes[0] });
    expect(other).toMatchObject({ success: false, status: 'refused', error: GATE_MSG.otherEvent });
    const unknown = await app.staff.gate.scan({ id: a.eventId, ticketId: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' });
    expect(unknown).toMatchObject({ success: false, status: 'unknown', error: GATE_MSG.unknownTicket, result: null });
    expect(JSON.stringify(await app.t.database.owner.selectFrom('event_tickets').select(['id', 'first_scanned_at']).orderBy('id').execute())).toBe(before);
    await refused(app.t, () => app.staff.gate.scan({ id: a.eventId, ticketId: '   ' }), GATE_MSG.codeRequired);
    await refused(app.t, () => app.staff.gate.scan({ id: a.eventId, ticketId: a.codes[0], nonce: 'x' }), GATE_MSG.nonceInvalid);
    const rest = await app.t.request('POST', `/api/events/${a.eventId}/scan`, { cookie: app.cookie, body: {} });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toMatchObject({ success: false, error: GATE_MSG.codeRequired });

    await app.t.database.owner.updateTable('event_tickets').set({ status: 'cancelled' }).where('code', '=', a.codes[0]).execute();
    before = JSON.stringify(await app.t.database.owner.selectFrom('event_tickets').select(['id', 'first_scanned_at']).orderBy('id').execute());
    expect(await app.staff.gate.scan({ id: a.eventId, ticketId: a.codes[0] })).toMatchObject({ success: false, status: 'refused', error: GATE_MSG.cancelled });
    expect(JSON.stringify(await app.t.database.owner.selectFrom('event_tickets').select(['id', 'first_scanned_at']).orderBy('id').execute())).toBe(before);
    expect(await confirmedScans(app.t, a.codes[0])).toBe(0);
  });

  it("a ticket of another club is unknown at this club's gate", async () => {
    const nabo = await clubId(app.t.database, 'Nabo BK');
    const { eventId } = await eventWithTickets(app.staff, app.v, app.t, 'Kamp N', 0);
    const foreign = await app.t.database.owner.selectFrom('event_tickets').select('code').where('client_id', '=', nabo).executeTakeFirst();
    const code = foreign?.code ?? 'ingenbilletfranaboklubben';
    expect(await app.staff.gate.scan({ id: eventId, ticketId: code })).toMatchObject({ success: false, status: 'unknown', error: GATE_MSG.unknownTicket, result: null });
  });

  it('a replayed offline queue (nonces) answers what it answered and counts nothing twice', async () => {
    const { eventId, codes } = await eventWithTickets(app.staff, app.v, app.t, 'Offline', 3);
    const queue = [
      { ticketId: codes[0], nonce: 'gate1-0001-abcdef' },
      { ticketId: codes[1], nonce: 'gate1-0002-abcdef' },
      { ticketId: codes[0], nonce: 'gate1-0003-abcdef' },
    ];
    const send = async () => {
      const out = [];
      for (const q of queue) out.push(await app.staff.gate.scan({ id: eventId, ...q, scannedAt: new Date().toISOString(), gate: 'Port 1' }));
      return out;
    };
    const first = await send();
    expect(first.map((r) => [r.status, r.replayed])).toEqual([
      ['confirmed', false],
      ['confirmed', false],
      ['duplicate', false],
    ]);
    const replay = await send();
    expect(replay.map((r) => [r.status, r.replayed])).toEqual([
      ['confirmed', true],
      ['confirmed', true],
      ['duplicate', true],
    ]);
    // Through REST too, the nonce in the body.
    const rest = await app.t.request('POST', `/api/events/${eventId}/scan`, { cookie: app.cookie, body: queue[1] });
    expect(rest.json()).toMatchObject({ success: true, status: 'confirmed', replayed: true });
    expect(await confirmedScans(app.t, codes[0])).toBe(1);
    expect(await confirmedScans(app.t, codes[1])).toBe(1);
    expect((await app.staff.gate.overview({ id: eventId })).scanned).toBe(2);
    const rows = await app.t.database.owner.selectFrom('event_ticket_scans').select('nonce').where('event_id', '=', eventId).execute();
    expect(rows).toHaveLength(3);
    // A nonce used for one ticket cannot be spent on another.
    await refused(app.t, () => app.staff.gate.scan({ id: eventId, ticketId: codes[2], nonce: queue[0].nonce }), GATE_MSG.nonceInvalid);
  });
});
