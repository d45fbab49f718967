import { EVENT_MSG, ZSeatingPlan } from '@klubhus/domain';
import { saveChart } from '../../../../packages/api/src/seating/charts';
import { withClub } from '@klubhus/db';
import { describe, expect, it } from 'vitest';
import { expireHoldsAllClubs } from '../../../../packages/api/src/events/jobs';
import { holdSeats, releaseSeats, seatMapCounts } from '../../../../packages/api/src/seating/holds';
import { clubId } from '../helpers';
import { callerFor, eventInput, refused, ticketProduct } from './helpers';
import { useTestApp } from '../support/app';

const app = useTestApp(async (t) => {
  const call = await callerFor(t, 'staff@demo.dk');
  const nabo = await callerFor(t, 'admin@demo.dk', 'Nabo BK');
  const demo = await clubId(t.database, 'Demo IF');
  const ticket = await ticketProduct(call);
  const seatTicket = await ticketProduct(call, 'Sæsonpladser', 'seat-ticket');
  const type = await call.eventTypes.update({
    title: 'Hjemmekamp (test)',
    location: 'Stadion',
    hasTickets: true,
    emailNotifications: { invitation: { template: 'standard' }, reminder: { template: 'standard', reminderInterval: [7, 1] } },
    tickets: { controlType: 'Stregkode', products: [{ productId: ticket, title: 'Voksen', price: '150' }] },
  });
  return { call, nabo, demo, ticket, seatTicket, typeId: type.id };
});

describe('event types', () => {
  it('keeps the template without ticket row ids, lists Title asc with search, and deletes', async () => {
    const type = await app.call.eventTypes.get({ id: app.typeId });
    expect(type).toMatchObject({ title: 'Hjemmekamp (test)', location: 'Stadion', hasTickets: true, tickets: { controlType: 'Stregkode' } });
    expect(type.tickets.products).toMatchObject([{ id: null, productId: app.ticket, title: 'Voksen', price: 150 }]);
    expect(type.emailNotifications.reminder?.reminderInterval).toEqual([1, 7]);

    const b = await app.call.eventTypes.update({ title: 'Aftenarrangement' });
    expect(b.message).toBe(EVENT_MSG.typeCreated);
    const list = await app.call.eventTypes.list({});
    const titles = list.rows.map((r) => r.title);
    expect(titles).toEqual([...titles].sort((x, y) => x.localeCompare(y, 'da')));
    expect((await app.call.eventTypes.list({ search: 'aften' })).rows.map((r) => r.title)).toEqual(['Aftenarrangement']);
    expect((await app.call.eventTypes.delete({ id: b.id })).message).toBe(EVENT_MSG.typeDeleted);
    expect((await app.call.eventTypes.options()).some((o) => o.id === b.id)).toBe(false);
  });

  it('refuses a type without a title, and another club sees none of it', async () => {
    await refused(app.t, () => app.call.eventTypes.update({ title: ' ' }), 'Titel er påkrævet');
    await expect(app.nabo.eventTypes.get({ id: app.typeId })).rejects.toThrow();
    expect((await app.nabo.eventTypes.list({})).rows.some((r) => r.id === app.typeId)).toBe(false);
  });
});

describe('events', () => {
  it('creates an event from a type (typeId kept, template fields as sent), keeps ticket rows by id and lists it', async () => {
    const type = await app.call.eventTypes.get({ id: app.typeId });
    // The form prefills from the type on create: what the client sends is the template plus dates and title.
    const { id: _typeRowId, title: _t, ...template } = type;
    const created = await app.call.events.update({
      ...eventInput(app.typeId, { title: 'Hjemmekamp mod AGF' }),
      location: template.location,
      hasTickets: template.hasTickets,
      emailNotifications: template.emailNotifications,
      sender: { name: 'Søren Stab', email: 'staff@demo.dk' },
      tickets: { controlType: template.tickets.controlType, products: template.tickets.products.map((p) => ({ ...p, id: null, price: String(p.price) })) },
    });
    expect(created).toMatchObject({ created: true, message: EVENT_MSG.eventCreated });
    const e = await app.call.events.get({ id: created.id });
    expect(e).toMatchObject({ typeId: app.typeId, title: 'Hjemmekamp mod AGF', url: 'hjemmekamp-mod-agf', location: 'Stadion', startDate: '2031-06-01T16:00:00.000Z' });
    expect(e.tickets.products).toHaveLength(1);
    const rowId = e.tickets.products[0].id;
    expect(rowId).toEqual(expect.any(Number));

    // Saving again keeps the ticket row's id; a new row is added, a removed row goes.
    const saved = await app.call.events.update({
      ...eventInput(app.typeId, { id: created.id, title: 'Hjemmekamp mod AGF' }),
      hasTickets: true,
      tickets: {
        controlType: 'Manuelt',
        products: [
          { id: rowId, productId: app.ticket, title: 'Voksen', price: '175,50', maxAmount: '500' },
          { productId: app.ticket, title: 'Barn', price: '50' },
        ],
      },
    });
    expect(saved.message).toBe(EVENT_MSG.eventSaved);
    const again = await app.call.events.get({ id: created.id });
    expect(again.tickets.controlType).toBe('Manuelt');
    expect(again.tickets.products.map((p) => [p.id === rowId, p.title, p.price, p.maxAmount])).toEqual([
      [true, 'Voksen', 175.5, 500],
      [false, 'Barn', 50, null],
    ]);

    const list = await app.call.events.list({ search: 'mod agf' });
    expect(list.rows.map((r) => r.title)).toEqual(['Hjemmekamp mod AGF']);
  });

  it('refuses every §5 rule with its Danish text and changes nothing', async () => {
    const ok = eventInput(app.typeId);
    await refused(app.t, () => app.call.events.update({ ...ok, title: '' }), 'Titel er påkrævet');
    await refused(app.t, () => app.call.events.update({ ...ok, typeId: null }), 'Type er påkrævet');
    await refused(app.t, () => app.call.events.update({ ...ok, startDate: '' }), 'Start dato er påkrævet');
    await refused(app.t, () => app.call.events.update({ ...ok, endDate: '' }), 'Slut dato er påkrævet');
    await refused(app.t, () => app.call.events.update({ ...ok, signUpStart: '' }), 'Tilmeldingsstart er påkrævet');
    await refused(app.t, () => app.call.events.update({ ...ok, signUpDeadline: '' }), 'Tilmeldingsfrist er påkrævet');
    await refused(app.t, () => app.call.events.update({ ...ok, startDate: 'i morgen' }), 'Start dato skal være en gyldig dato');
    await refused(app.t, () => app.call.events.update({ ...ok, endDate: '2031-05-01T10:00' }), EVENT_MSG.endBeforeStart);
    await refused(app.t, () => app.call.events.update({ ...ok, signUpDeadline: '2030-12-01T10:00' }), EVENT_MSG.deadlineBeforeStart);
    await refused(app.t, () => app.call.events.update({ ...ok, url: 'Ikke en url!' }), EVENT_MSG.urlInvalid);
    await refused(app.t, () => app.call.events.update({ ...ok, url: 'hjemmekamp-mod-agf' }), EVENT_MSG.urlTaken);
    await refused(app.t, () => app.call.events.update({ ...ok, emailNotifications: { invitation: { template: 'standard' } } }), 'Afsender navn er påkrævet');
    await refused(
      app.t,
      () => app.call.events.update({ ...ok, emailNotifications: { invitation: { template: 'standard' } }, sender: { name: 'Søren' } }),
      'Afsender e-mail er påkrævet',
    );
    await refused(app.t, () => app.call.events.update({ ...ok, sender: { name: 'Søren', email: 'ikke-en-mail' } }), 'Afsender e-mail skal være en gyldig e-mail');
    await refused(app.t, () => app.call.events.update({ ...ok, emailNotifications: { reminder: { template: 'standard', reminderInterval: [6] } } }), 'Påmindelsesinterval er ugyldig');
    await refused(
      app.t,
      () => app.call.events.update({ ...ok, sender: { name: 'S', email: 's@demo.dk' }, emailNotifications: { invitation: { template: 'Findes ikke' } } }),
      EVENT_MSG.unknownTemplate('Findes ikke'),
    );
    const tickets = (p: Record<string, unknown>) => ({ ...ok, hasTickets: true, tickets: { products: [{ productId: app.ticket, title: 'Voksen', price: '100', ...p }] } }) as never;
    await refused(app.t, () => app.call.events.update(tickets({ productId: '' })), 'Produkt er påkrævet');
    await refused(app.t, () => app.call.events.update(tickets({ title: '' })), 'Titel er påkrævet');
    await refused(app.t, () => app.call.events.update(tickets({ price: '' })), 'Pris er påkrævet');
    await refused(app.t, () => app.call.events.update(tickets({ price: 'gratis' })), 'Pris skal være et gyldigt tal.');
    await refused(app.t, () => app.call.events.update(tickets({ maxAmount: '2,5' })), 'Maks. antal skal være et heltal.');
    const product = await app.call.products.update({ title: 'Halstørklæde', type: 'product', price: '99' });
    await refused(app.t, () => app.call.events.update(tickets({ productId: product.id })), EVENT_MSG.notTicketProduct);
    await refused(app.t, () => app.call.events.update({ ...ok, hasSponsors: true, sponsors: [{ type: 'Platinsponsor', companies: [] }] }), EVENT_MSG.unknownSponsorType('Platinsponsor'));
    await refused(
      app.t,
      () => app.call.events.update({ ...ok, bannerPictureFile: [{ filename: 'banner.png', data: Buffer.from('%PDF-1.4 not an image').toString('base64') }] }),
      EVENT_MSG.imageNotImage,
    );
    await refused(
      app.t,
      () => app.call.events.update({ ...ok, inviteAttachmentFile: [{ filename: 'program.pdf', data: new Uint8Array(10000 * 1024 + 1) }] }),
      EVENT_MSG.attachmentTooLarge,
    );
  });

  it('keeps sponsors by the club’s types, serves their web logos publicly and nothing else', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const company = await app.call.companies.update({ name: 'Sponsor ApS', status: 1, cvr: '12345678', logoWebFile: [{ filename: 'logo.png', data: png.toString('base64') }] } as never);
    const e = await app.call.events.update({
      ...eventInput(app.typeId, { title: 'Sponsoraften' }),
      hasSponsors: true,
      sponsors: [{ type: 'Guldsponsor', companies: [company.id, company.id] }],
      bannerPictureFile: [{ filename: 'banner.png', data: png.toString('base64') }],
    });
    const got = await app.call.events.get({ id: e.id });
    expect(got.sponsors).toMatchObject([{ type: 'Guldsponsor', companies: [{ id: company.id, name: 'Sponsor ApS', logoWeb: expect.stringMatching(/^\/api\/public\/images\/\d+$/) }] }]);
    const logo = await app.t.request('GET', got.sponsors[0].companies[0].logoWeb as string);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/png');
    expect(String(logo.headers['cache-control'])).toContain('max-age=31536000');
    expect(got.bannerPicture?.publicUrl).toMatch(/^\/api\/public\/images\/\d+$/);
    expect((await app.t.request('GET', got.bannerPicture?.publicUrl as string)).statusCode).toBe(200);
    // Another club's storefront, a staff-only file and an unknown id answer 404.
    const otherHost = { headers: { host: 'nabo.localhost' } };
    await app.t.database.owner.updateTable('clients').set({ url: 'https://nabo.localhost' }).where('name', '=', 'Nabo BK').execute();
    expect((await app.t.request('GET', got.bannerPicture?.publicUrl as string, otherHost)).statusCode).toBe(404);
    // A staff file of the same event (a PDF) is not an image: not public.
    const pdf = await app.call.files.upload({ relationType: 'event', relationId: e.id, files: [{ filename: 'noter.pdf', data: Buffer.from('%PDF-1.4\n%%EOF').toString('base64') }] });
    expect((await app.t.request('GET', `/api/public/images/${pdf.files[0].id}`)).statusCode).toBe(404);
    expect((await app.t.request('GET', '/api/public/images/999999')).statusCode).toBe(404);
  });

  it('sub-events: created from a parent, listed under it, no grandchildren, parent delete refused', async () => {
    const parent = await app.call.events.update(eventInput(app.typeId, { title: 'Cupfinale' }));
    const child = await app.call.events.createRelation({ id: parent.id, title: 'Cupfinale – spisning' });
    expect(child.message).toBe(EVENT_MSG.eventCreated);
    expect((await app.call.events.get({ id: child.id })).parent).toEqual({ id: parent.id, title: 'Cupfinale' });
    expect((await app.call.events.relations({ id: parent.id })).map((r) => r.title)).toEqual(['Cupfinale – spisning']);
    const list = await app.call.events.list({ search: 'cupfinale' });
    expect(list.rows.map((r) => [r.title, r.relations.map((c) => c.title)])).toEqual([['Cupfinale', ['Cupfinale – spisning']]]);
    await refused(app.t, () => app.call.events.createRelation({ id: child.id }), EVENT_MSG.childOfChild);
    await refused(app.t, () => app.call.events.update(eventInput(app.typeId, { title: 'Barnebarn', parentId: child.id })), EVENT_MSG.childOfChild);
    await refused(app.t, () => app.call.events.delete({ id: parent.id }), EVENT_MSG.hasChildren);
    expect((await app.call.events.delete({ id: child.id })).message).toBe(EVENT_MSG.eventDeleted);
    expect((await app.call.events.delete({ id: parent.id })).message).toBe(EVENT_MSG.eventDeleted);
    await expect(app.call.events.get({ id: parent.id })).rejects.toThrow();
  });

  it('filters the tree by date ranges and sorts StartDate desc by default', async () => {
    const a = await app.call.events.update(eventInput(app.typeId, { title: 'Filter A', startDate: '2032-03-01T12:00', endDate: '2032-03-01T14:00' }));
    const b = await app.call.events.update(eventInput(app.typeId, { title: 'Filter B', startDate: '2032-04-01T12:00', endDate: '2032-04-01T14:00' }));
    const all = await app.call.events.list({ search: 'filter' });
    expect(all.rows.map((r) => r.id)).toEqual([b.id, a.id]);
    const march = await app.call.events.list({ search: 'filter', filter: { startDate: { from: '2032-03-01', to: '2032-03-31' } } });
    expect(march.rows.map((r) => r.id)).toEqual([a.id]);
  });
});

describe('seating: chart → the event’s seat map → holds', () => {
  it('makes the event’s own seat map from its chart, holds, releases and expires seats', async () => {
    const plan = ZSeatingPlan.parse({
      categories: [{ key: 'A', label: 'Langside', color: '#3372f9' }],
      sections: [
        {
          key: 'A',
          name: 'Sektion A',
          rows: [{ label: '1', seats: [1, 2, 3, 4].map((n) => ({ number: String(n), position: { x: n * 10, y: 0 }, category: 'A' })) }],
        },
      ],
    });
    const chartId = await withClub(app.t.database.db, { clientId: app.demo }, (trx) => saveChart(trx, app.demo, { name: 'Lille tribune', plan }).then((r) => r.id));
    const e = await app.call.events.update({
      ...eventInput(app.typeId, { title: 'Pladskamp' }),
      hasTickets: true,
      hasSeating: true,
      seating: { chartId },
      tickets: { products: [{ productId: app.seatTicket, title: 'Siddeplads', price: '200' }] },
    });
    const event = await app.t.database.owner.selectFrom('events').select('seat_map_id').where('id', '=', e.id).executeTakeFirstOrThrow();
    const seatMap = event.seat_map_id as number;
    // SPEC's seating.eventId is the seat map's key (seats.io's event key).
    expect((await app.call.events.get({ id: e.id })).seating).toMatchObject({ chartId, eventId: seatMap, name: 'Pladskamp' });
    const inClub = <T>(fn: Parameters<typeof withClub<T>>[2]) => withClub(app.t.database.db, { clientId: app.demo }, fn);
    expect(await inClub((trx) => seatMapCounts(trx, app.demo, seatMap))).toMatchObject({ free: 4, held: 0 });

    const held = await inClub((trx) => holdSeats(trx, app.demo, seatMap, { token: 'tok-a-000000000000000000', seats: ['A-1-1', 'A-1-2'], seconds: 60, channel: null }));
    expect(held.seats).toEqual(['A-1-1', 'A-1-2']);
    await expect(inClub((trx) => holdSeats(trx, app.demo, seatMap, { token: 'tok-b-000000000000000000', seats: ['A-1-2'], seconds: 60, channel: null }))).rejects.toThrow();
    expect(await inClub((trx) => releaseSeats(trx, app.demo, seatMap, 'tok-a-000000000000000000', ['A-1-2']))).toBe(1);
    expect(await inClub((trx) => seatMapCounts(trx, app.demo, seatMap))).toMatchObject({ free: 3, held: 1 });

    // A held seat locks the chart; the expiry job frees it once its time has run out.
    const other = await withClub(app.t.database.db, { clientId: app.demo }, (trx) => saveChart(trx, app.demo, { name: 'Anden tribune', plan }).then((r) => r.id));
    await refused(app.t, () => app.call.events.update({ ...eventInput(app.typeId, { id: e.id, title: 'Pladskamp' }), hasSeating: true, seating: { chartId: other } }), EVENT_MSG.chartLocked);
    expect(await expireHoldsAllClubs(app.t.database.db, new Date(Date.now() + 120_000))).toBe(1);
    expect(await inClub((trx) => seatMapCounts(trx, app.demo, seatMap))).toMatchObject({ free: 4, held: 0 });
    // Now the chart can change: the event gets a new seat map from the other chart.
    await app.call.events.update({ ...eventInput(app.typeId, { id: e.id, title: 'Pladskamp' }), hasSeating: true, seating: { chartId: other } });
    expect((await app.call.events.get({ id: e.id })).seating.chartId).toBe(other);
  });
});

describe('company screen', () => {
  it('lists the events a company sponsors or is invited to; ticket limits read real types', async () => {
    const company = await app.call.companies.update({ name: 'Arrangør A/S', status: 1, cvr: '87654321' } as never);
    const e = await app.call.events.update({ ...eventInput(app.typeId, { title: 'Firmaaften' }), hasSponsors: true, sponsors: [{ type: 'Partner', companies: [company.id] }] });
    expect(await app.call.events.ofCompany({ id: company.id })).toMatchObject([{ id: e.id, title: 'Firmaaften', sponsor: true, invites: 0 }]);
    const types = await app.call.companies.eventTypes();
    expect(types.result.some((r) => r.id === app.typeId)).toBe(true);
    expect(types.products).toContainEqual(expect.objectContaining({ id: app.ticket, typeId: app.typeId }));
    expect(await app.nabo.events.ofCompany({ id: company.id })).toEqual([]);
  });
});
