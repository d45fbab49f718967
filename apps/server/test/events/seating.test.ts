import { brotliDecompressSync } from 'node:zlib';
import { fromPretixPlan, generateSection, MSG, SEATING_MSG, seatMapLayout, type TSeatingChartUpdateRequest, type TSeatMapLayout, ZSeatingPlan } from '@klubhus/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expireHoldsAllClubs } from '../../../../packages/api/src/events/jobs';
import { clubId } from '../helpers';
import { callerFor, eventInput, refused } from './helpers';
import { useTestApp } from '../support/app';

/**
 * Salsplaner and Planoversigt (issue 12 item 8): the club's charts through the router and REST,
 * an event's seat map as staff see and change it, and the storefront's seat picker calls (drawing,
 * holds by token, channels) — every refusal in Danish with nothing changed.
 */
const app = useTestApp(async (t) => {
  const staff = await callerFor(t, 'staff@demo.dk');
  const nabo = await callerFor(t, 'admin@demo.dk', 'Nabo BK');
  const typeId = (await staff.eventTypes.update({ title: 'Pladser' })).id;
  const companyId = (await staff.companies.update({ name: 'Logeselskabet A/S', status: 1, cvr: '11223344' } as never)).id;
  return { staff, nabo, typeId, companyId };
});

const CATEGORIES = [
  { key: 'S', label: 'Standard', color: '#3372f9', accessible: false },
  { key: 'H', label: 'Kørestol', color: '#22aa55', accessible: true },
];
/** Two small stands: A (2 rows × 5, straight) and B (1 row × 4, curved). */
const smallPlan = () =>
  ZSeatingPlan.parse({
    categories: CATEGORIES,
    sections: [
      generateSection({ key: 'A', name: 'Langside', rows: 2, seatsPerRow: 5, category: 'S' }),
      generateSection({ key: 'B', name: 'Kurve', rows: 1, seatsPerRow: 4, category: 'H', origin: { x: 0, y: 200 }, curve: 40 }),
    ],
  });

const chart = (extra: Partial<TSeatingChartUpdateRequest> = {}): TSeatingChartUpdateRequest => ({ name: 'Lille stadion', plan: smallPlan(), ...extra });

const day = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * day).toISOString();
/** An event seated on the chart, open for booking now. */
async function seatedEvent(chartId: number, title: string, extra: Record<string, unknown> = {}) {
  return app.staff.events.update({
    ...eventInput(app.typeId, { title }),
    startDate: at(10),
    endDate: at(10.1),
    signUpStart: at(-1),
    signUpDeadline: at(9),
    hasSeating: true,
    seating: { chartId },
    ...extra,
  });
}

/** A storefront call through tRPC over HTTP, as the browser makes it (no session unless a cookie is given). */
async function storefront(path: 'map' | 'hold' | 'release', input: unknown, cookie?: string) {
  const res =
    path === 'map'
      ? await app.t.request('GET', `/trpc/publicSeats.map?input=${encodeURIComponent(JSON.stringify(input))}`, cookie ? { cookie } : {})
      : await app.t.request('POST', `/trpc/publicSeats.${path}`, { body: input, ...(cookie ? { cookie } : {}) });
  const body = res.json();
  return { status: res.statusCode, data: body.result?.data, message: body.error?.message as string | undefined };
}

const seatsSnapshot = async () => JSON.stringify((await sql`SELECT * FROM seat_map_seats AS s ORDER BY s::text`.execute(app.t.database.owner)).rows);

describe('charts (Salsplaner)', () => {
  it('creates, lists with counts and categories, reads, saves; the picker and GET /api/seats/charts list them by name', async () => {
    const created = await app.staff.seatingCharts.update(chart({ name: 'Nordtribune' }));
    expect(created).toMatchObject({ created: true, message: SEATING_MSG.chartCreated });
    await app.staff.seatingCharts.update(chart({ name: 'Sydtribune' }));

    const list = await app.staff.seatingCharts.list({ search: 'tribune' });
    expect(list.rows.map((r) => r.name)).toEqual(['Nordtribune', 'Sydtribune']);
    expect(list.rows[0]).toMatchObject({ sections: 2, seats: 14, events: 0, categories: CATEGORIES });
    expect((await app.staff.seatingCharts.list({ sort: { field: 'Name', dir: 'desc' }, search: 'tribune' })).rows[0].name).toBe('Sydtribune');

    const one = await app.staff.seatingCharts.get({ id: created.id });
    expect(one.plan).toEqual(smallPlan());
    const moved = { ...one.plan, sections: one.plan.sections.slice(0, 1) };
    expect(await app.staff.seatingCharts.update({ id: created.id, name: 'Nordtribune (ny)', plan: moved })).toMatchObject({ created: false, message: SEATING_MSG.chartSaved });
    expect((await app.staff.seatingCharts.list({ search: 'ny' })).rows[0]).toMatchObject({ sections: 1, seats: 10 });

    expect((await app.staff.seatingCharts.options()).map((c) => c.name)).toContain('Nordtribune (ny)');
    const cookie = await app.t.login('staff@demo.dk');
    const rest = (await app.t.request('GET', '/api/seats/charts?categories=true', { cookie })).json();
    expect(rest.success).toBe(true);
    expect(rest.result).toContainEqual({ key: created.id, name: 'Nordtribune (ny)', seats: 10, categories: CATEGORIES });
    const plain = (await app.t.request('GET', '/api/seats/charts', { cookie })).json();
    expect(plain.result.find((c: { key: number }) => c.key === created.id)).toEqual({ key: created.id, name: 'Nordtribune (ny)', seats: 10 });
    // The demo club's stadium is there; Nabo BK sees none of Demo IF's charts.
    expect(rest.result.map((c: { name: string }) => c.name)).toContain('Demo Park');
    expect((await app.nabo.seatingCharts.options()).map((c) => c.name)).not.toContain('Demo Park');
  });

  it('refuses a chart that is not a chart, in Danish, and saves nothing', async () => {
    const plan = smallPlan();
    const doubled = { ...plan, sections: [...plan.sections, { ...plan.sections[0], key: 'A2' }].map((s, i) => (i === 2 ? { ...s, key: 'A' } : s)) };
    const unknownCategory = { ...plan, sections: [{ ...plan.sections[0], rows: [{ label: '1', seats: [{ number: '1', position: { x: 0, y: 0 }, category: 'X' }] }] }] };
    const cases: [TSeatingChartUpdateRequest, string][] = [
      [chart({ name: '' }), 'Navn er påkrævet'],
      [chart({ plan: { ...plan, sections: [] } }), 'Salsplanen skal have mindst én sektion'],
      [chart({ plan: { ...plan, categories: [] } }), 'Salsplanen skal have mindst én kategori'],
      [chart({ plan: unknownCategory }), 'Pladsen A-1-1 har en ukendt kategori'],
      [chart({ plan: doubled }), 'To sektioner har samme nøgle'],
      [chart({ plan: { ...plan, categories: [{ ...CATEGORIES[0], color: 'blå' }, CATEGORIES[1]] } }), 'Farve skal være en farvekode som #3372f9'],
    ];
    const before = JSON.stringify(await app.t.database.owner.selectFrom('seating_charts').selectAll().orderBy('id').execute());
    for (const [input, message] of cases) await refused(app.t, () => app.staff.seatingCharts.update(input), message);
    // Through REST: 400 with the Danish text and the field.
    const cookie = await app.t.login('staff@demo.dk');
    const res = await app.t.request('POST', '/api/seats/charts/update', { cookie, body: chart({ plan: unknownCategory }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'Pladsen A-1-1 har en ukendt kategori' });
    expect(JSON.stringify(await app.t.database.owner.selectFrom('seating_charts').selectAll().orderBy('id').execute())).toBe(before);
  });

  it('a chart an event uses cannot be deleted; an unused one can; another club’s chart is not found', async () => {
    const used = await app.staff.seatingCharts.update(chart({ name: 'I brug' }));
    await seatedEvent(used.id, 'Kamp på I brug');
    await refused(app.t, () => app.staff.seatingCharts.delete({ id: used.id }), SEATING_MSG.chartInUse);
    const spare = await app.staff.seatingCharts.update(chart({ name: 'Overflødig' }));
    await refused(app.t, () => app.nabo.seatingCharts.delete({ id: spare.id }), MSG.notFound);
    await refused(app.t, () => app.nabo.seatingCharts.get({ id: spare.id }), MSG.notFound);
    expect(await app.staff.seatingCharts.delete({ id: spare.id })).toMatchObject({ message: SEATING_MSG.chartDeleted });
    expect((await app.staff.seatingCharts.list({ search: 'Overflødig' })).total).toBe(0);
  });

  it('exports in pretix’s open format and that export imports back to the same plan', async () => {
    const c = await app.staff.seatingCharts.update(chart({ name: 'Pretix-tur' }));
    const cookie = await app.t.login('staff@demo.dk');
    const pretix = (await app.t.request('GET', `/api/seats/charts/${c.id}?format=pretix`, { cookie })).json();
    expect(pretix).toMatchObject({ name: 'Pretix-tur', categories: [{ name: 'S', color: '#3372f9' }, { name: 'H', color: '#22aa55' }] });
    expect(pretix.zones).toHaveLength(2);
    const back = fromPretixPlan(pretix);
    expect(back.ok).toBe(true);
    if (back.ok) expect(back.plan.sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((x) => x.position)))).toEqual(smallPlan().sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((x) => x.position))));
  });
});

describe('Planoversigt (the event’s seat map for staff)', () => {
  it('draws the event’s own copy; later chart edits do not change it', async () => {
    const c = await app.staff.seatingCharts.update(chart({ name: 'Kopi' }));
    const e = await seatedEvent(c.id, 'Kopikamp');
    const map = await app.staff.seatMaps.get({ eventId: e.id });
    expect(map).toMatchObject({ name: 'Kopikamp', drawing: expect.stringMatching(/^\/api\/seatmaps\/[A-Za-z0-9_-]{22}$/) });
    const cookie = await app.t.login('staff@demo.dk');
    const drawn = await app.t.request('GET', map.drawing, { cookie });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json()).toEqual(seatMapLayout(smallPlan()));
    expect(drawn.json().sections[0].rows[0].seats[0]).toEqual(['1', 0, 0, 0, 0]);
    expect(drawn.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    // Compressed once, sent as asked.
    const br = await app.t.request('GET', map.drawing, { cookie, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(seatMapLayout(smallPlan()));
    // A changed chart changes neither the event's drawing nor its address.
    await app.staff.seatingCharts.update({ id: c.id, name: 'Kopi', plan: { ...smallPlan(), sections: smallPlan().sections.slice(1) } });
    expect((await app.staff.seatMaps.get({ eventId: e.id })).drawing).toBe(map.drawing);
    expect((await app.t.request('GET', map.drawing, { cookie })).json()).toEqual(seatMapLayout(smallPlan()));
    // Another club's session does not get it; a made-up token is not found.
    const naboCookie = await app.t.login('admin@demo.dk');
    expect((await app.t.request('GET', `/api/app/change-client/${await clubId(app.t.database, 'Nabo BK')}`, { cookie: naboCookie })).statusCode).toBe(302);
    expect((await app.t.request('GET', map.drawing, { cookie: naboCookie })).statusCode).toBe(404);
    expect((await app.t.request('GET', '/api/seatmaps/AAAAAAAAAAAAAAAAAAAAAA', { cookie })).statusCode).toBe(404);
    const state = await app.staff.seatMaps.state({ eventId: e.id });
    expect(state.counts).toEqual({ free: 14, held: 0, booked: 0, blocked: 0 });
    expect(state.sections).toEqual({ A: { free: 10, held: 0, booked: 0, blocked: 0 }, B: { free: 4, held: 0, booked: 0, blocked: 0 } });
    expect(state.categories.H).toEqual({ free: 4, held: 0, booked: 0, blocked: 0 });
    expect(state.seats).toEqual([]);
    // An event without a seat map, another club's event.
    const plain = await app.staff.events.update(eventInput(app.typeId, { title: 'Uden plan' }));
    await refused(app.t, () => app.staff.seatMaps.get({ eventId: plain.id }), SEATING_MSG.noSeatMap);
    await refused(app.t, () => app.nabo.seatMaps.state({ eventId: e.id }), MSG.notFound);
  });

  it('Salgstilstand blocks, unblocks and puts seats in a company’s channel; Booking tilstand books and frees by hand; each all or none', async () => {
    const c = await app.staff.seatingCharts.update(chart({ name: 'Tilstande' }));
    const e = await seatedEvent(c.id, 'Tilstandskamp');
    const change = (seats: string[], action: 'block' | 'unblock' | 'channel' | 'book' | 'release', channel?: string | null) =>
      app.staff.seatMaps.change({ eventId: e.id, seats, action, ...(channel !== undefined ? { channel } : {}) });

    expect(await change(['A-1-1', 'A-1-2'], 'block')).toEqual({ success: true, message: SEATING_MSG.seatsChanged, seats: 2 });
    expect(await change(['A-2-1', 'A-2-2', 'A-2-3'], 'channel', `company:${app.companyId}`)).toMatchObject({ seats: 3 });
    expect(await change(['B-1-1'], 'book')).toMatchObject({ seats: 1 });
    let state = await app.staff.seatMaps.state({ eventId: e.id });
    expect(state.counts).toEqual({ free: 11, held: 0, booked: 1, blocked: 2 });
    expect(state.seats).toEqual([
      ['A-1-1', 'blocked', null, 0],
      ['A-1-2', 'blocked', null, 0],
      ['A-2-1', 'free', `company:${app.companyId}`, 0],
      ['A-2-2', 'free', `company:${app.companyId}`, 0],
      ['A-2-3', 'free', `company:${app.companyId}`, 0],
      ['B-1-1', 'booked', null, 1],
    ]);
    expect(state.channels).toEqual([{ key: `company:${app.companyId}`, name: 'Logeselskabet A/S' }]);

    // Refusals change nothing: a booked seat cannot be blocked, a blocked one not booked, a seat
    // an order bought not freed here, an unknown seat or company, another club's company.
    const before = await seatsSnapshot();
    await refused(app.t, () => change(['A-1-3', 'B-1-1'], 'block'), SEATING_MSG.notBlockable);
    await refused(app.t, () => change(['A-1-1'], 'book'), SEATING_MSG.notBookable);
    await app.t.database.owner.updateTable('seat_map_seats').set({ status: 'booked' }).where('seat_key', '=', 'B-1-2').where('seat_map_id', '=', (await app.staff.seatMaps.get({ eventId: e.id })).seatMapId).execute();
    const withOrderSeat = await seatsSnapshot();
    await refused(app.t, () => change(['B-1-1', 'B-1-2'], 'release'), SEATING_MSG.notStaffBooked);
    await refused(app.t, () => change(['A-1-9'], 'block'), SEATING_MSG.unknownSeat);
    await refused(app.t, () => change(['A-1-3'], 'channel', 'company:999999'), SEATING_MSG.unknownChannel);
    const naboCompany = (await app.nabo.companies.update({ name: 'Naboens firma', status: 1, cvr: '55667788' } as never)).id;
    await refused(app.t, () => change(['A-1-3'], 'channel', `company:${naboCompany}`), SEATING_MSG.unknownChannel);
    await refused(app.t, () => change(['A-1-3'], 'channel'), SEATING_MSG.unknownChannel);
    await refused(app.t, () => change([], 'block'), SEATING_MSG.noSeats);
    expect(await seatsSnapshot()).toBe(withOrderSeat);
    expect(before).not.toBe(withOrderSeat);

    expect(await change(['B-1-1'], 'release')).toMatchObject({ seats: 1 });
    expect(await change(['A-1-1', 'A-1-2'], 'unblock')).toMatchObject({ seats: 2 });
    expect(await change(['A-2-1', 'A-2-2', 'A-2-3'], 'channel', null)).toMatchObject({ seats: 3 });
    state = await app.staff.seatMaps.state({ eventId: e.id });
    expect(state.seats).toEqual([['B-1-2', 'booked', null, 0]]);
    // Another club changes nothing.
    await refused(app.t, () => app.nabo.seatMaps.change({ eventId: e.id, seats: ['A-1-1'], action: 'block' }), MSG.notFound);
  });
});

describe('the storefront’s seat picker', () => {
  it('holds seats by token, shows them taken to others and as mine to the holder, releases them; Planoversigt counts the hold', async () => {
    const c = await app.staff.seatingCharts.update(chart({ name: 'Butik' }));
    const e = await seatedEvent(c.id, 'Butikskamp');
    const first = await storefront('hold', { eventId: e.id, seats: ['A-1-2', 'A-1-1'] });
    expect(first.status).toBe(200);
    expect(first.data.seats).toEqual(['A-1-1', 'A-1-2']);
    expect(first.data.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(new Date(first.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);

    const mine = await storefront('map', { eventId: e.id, token: first.data.token });
    expect((await app.t.request('GET', mine.data.drawing)).json()).toEqual(seatMapLayout(smallPlan()));
    expect(mine.data.seats).toEqual([
      ['A-1-1', 'mine'],
      ['A-1-2', 'mine'],
    ]);
    expect(mine.data.heldUntil).toBe(first.data.expiresAt);
    expect((await storefront('map', { eventId: e.id })).data.seats).toEqual([
      ['A-1-1', 'taken'],
      ['A-1-2', 'taken'],
    ]);
    expect((await app.staff.seatMaps.state({ eventId: e.id })).counts).toMatchObject({ held: 2, free: 12 });

    // Someone else cannot take a held seat: all or none.
    const before = await seatsSnapshot();
    const other = await storefront('hold', { eventId: e.id, seats: ['A-1-3', 'A-1-2'] });
    expect(other).toMatchObject({ status: 409, message: SEATING_MSG.seatTaken });
    expect(await seatsSnapshot()).toBe(before);

    // The holder adds a seat with the same token, releases one, then all.
    expect((await storefront('hold', { eventId: e.id, seats: ['A-1-3'], token: first.data.token })).data.seats).toEqual(['A-1-3']);
    expect((await storefront('release', { eventId: e.id, token: first.data.token, seats: ['A-1-1'] })).data).toEqual({ success: true, released: 1 });
    expect((await storefront('release', { eventId: e.id, token: first.data.token })).data).toEqual({ success: true, released: 2 });
    expect((await app.staff.seatMaps.state({ eventId: e.id })).counts).toMatchObject({ held: 0, free: 14 });
  });

  it('an expired hold is free to the next buyer and counted free, and the expiry job tidies it', async () => {
    const c = await app.staff.seatingCharts.update(chart({ name: 'Udløb' }));
    const e = await seatedEvent(c.id, 'Udløbskamp');
    const a = await storefront('hold', { eventId: e.id, seats: ['B-1-1'] });
    await app.t.database.owner.updateTable('seat_map_seats').set({ held_until: new Date(Date.now() - 1000) }).where('hold_token', '=', a.data.token).execute();
    expect((await app.staff.seatMaps.state({ eventId: e.id })).counts).toMatchObject({ held: 0, free: 14 });
    expect((await storefront('map', { eventId: e.id })).data.seats).toEqual([]);
    expect(await expireHoldsAllClubs(app.t.database.db)).toBeGreaterThanOrEqual(1);
    const b = await storefront('hold', { eventId: e.id, seats: ['B-1-1'] });
    expect(b.data.seats).toEqual(['B-1-1']);
  });

  it('a company’s block is offered only to its own contacts', async () => {
    const c = await app.staff.seatingCharts.update(chart({ name: 'Loge' }));
    const e = await seatedEvent(c.id, 'Logekamp');
    await app.staff.seatMaps.change({ eventId: e.id, seats: ['A-2-4', 'A-2-5'], action: 'channel', channel: `company:${app.companyId}` });
    // A stranger sees the block taken and cannot hold it, nor claim the company's channel.
    expect((await storefront('map', { eventId: e.id })).data.seats).toEqual([
      ['A-2-4', 'taken'],
      ['A-2-5', 'taken'],
    ]);
    expect(await storefront('hold', { eventId: e.id, seats: ['A-2-4'] })).toMatchObject({ status: 409, message: SEATING_MSG.seatTaken });
    expect(await storefront('hold', { eventId: e.id, seats: ['A-2-4'], companyId: app.companyId })).toMatchObject({ status: 400, message: SEATING_MSG.unknownChannel });
    // The member becomes the company's contact: the block is theirs to take, and only the block is theirs.
    const contact = await app.staff.contacts.update({ firstname: 'Mads', lastname: 'Medlem', email: 'member@demo.dk' });
    await app.staff.companies.update({ id: app.companyId, name: 'Logeselskabet A/S', status: 1, cvr: '11223344', contactIds: [contact.id] } as never);
    const member = await app.t.login('member@demo.dk');
    expect((await storefront('map', { eventId: e.id, companyId: app.companyId }, member)).data.seats).toEqual([]);
    expect((await storefront('hold', { eventId: e.id, seats: ['A-2-4', 'A-2-5'], companyId: app.companyId }, member)).data.seats).toEqual(['A-2-4', 'A-2-5']);
  });

  it('only for events open for booking that the visitor may see; one token holds at most 100 seats', async () => {
    const big = await app.staff.seatingCharts.update({
      name: 'Stor',
      plan: ZSeatingPlan.parse({ categories: CATEGORIES, sections: [generateSection({ key: 'A', name: 'A', rows: 3, seatsPerRow: 50, category: 'S' })] }),
    });
    const closed = await seatedEvent(big.id, 'Lukket kamp', { signUpStart: at(2), signUpDeadline: at(9) });
    expect(await storefront('hold', { eventId: closed.id, seats: ['A-1-1'] })).toMatchObject({ status: 400, message: SEATING_MSG.bookingClosed });
    const hidden = await seatedEvent(big.id, 'Privat kamp', { private: true });
    expect(await storefront('map', { eventId: hidden.id })).toMatchObject({ status: 404 });
    const naboEvent = (await app.nabo.events.list({})).rows[0];
    if (naboEvent) expect(await storefront('map', { eventId: naboEvent.id })).toMatchObject({ status: 404 });

    const open = await seatedEvent(big.id, 'Stor kamp');
    const seats = (row: number, from: number, n: number) => Array.from({ length: n }, (_, i) => `A-${row}-${from + i}`);
    const a = await storefront('hold', { eventId: open.id, seats: seats(1, 1, 50) });
    expect((await storefront('hold', { eventId: open.id, seats: seats(2, 1, 50), token: a.data.token })).data.seats).toHaveLength(50);
    const before = await seatsSnapshot();
    expect(await storefront('hold', { eventId: open.id, seats: seats(3, 1, 1), token: a.data.token })).toMatchObject({ status: 400, message: SEATING_MSG.tooManySeats });
    // Holding again what the token holds is not more seats.
    expect((await storefront('hold', { eventId: open.id, seats: seats(1, 1, 10), token: a.data.token })).status).toBe(200);
    expect(await seatsSnapshot()).not.toBe(before);
    expect(await storefront('hold', { eventId: open.id, seats: [], token: a.data.token })).toMatchObject({ status: 400, message: SEATING_MSG.noSeats });
    expect(await storefront('release', { eventId: open.id, token: 'kort' })).toMatchObject({ status: 400 });
  });

  it('the demo club’s home match has its stadium: more than 10,000 seats in several sections, accessible seats, a sponsor block', async () => {
    const demo = await clubId(app.t.database, 'Demo IF');
    const match = (await app.staff.events.list({ search: 'Demo IF – AGF' })).rows.find((r) => r.title === 'Demo IF – AGF');
    expect(match).toBeTruthy();
    const map = await app.staff.seatMaps.get({ eventId: match!.id });
    const layout = (await app.t.request('GET', map.drawing, { cookie: await app.t.login('staff@demo.dk') })).json() as TSeatMapLayout;
    const seats = layout.sections.flatMap((s) => s.rows.flatMap((r) => r.seats));
    expect(seats.length).toBeGreaterThan(10_000);
    expect(layout.sections.length).toBeGreaterThanOrEqual(4);
    expect(seats.some((s) => s[4] === 1)).toBe(true);
    const state = await app.staff.seatMaps.state({ eventId: match!.id });
    expect(state.channels.length).toBeGreaterThan(0);
    expect(state.counts.blocked).toBeGreaterThan(0);
    expect(demo).toBeGreaterThan(0);
  });
});
