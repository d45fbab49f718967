import { BOOKING_MSG, MSG } from '@klubhus/domain';
import { describe, expect, it } from 'vitest';
import { clubId } from '../helpers';
import { callerFor, CARD, guest, openEvent, visitorOf } from './helpers';
import { decodeTicketQr } from './qr';
import { productId, useTestApp } from '../support/app';

/** The booking's documented URLs (SPEC §7 Public events/booking) over the same procedures, with their envelopes. */
const app = useTestApp(async (t) => {
  const staff = await callerFor(t, 'staff@demo.dk');
  return { staff, single: await productId(t, 'Enkeltbillet'), typeId: (await staff.eventTypes.update({ title: 'REST-booking' })).id };
});

describe('REST booking', () => {
  it('products, validate-contact, book (paid), the test provider, accept-payment, order, tickets and the PDF', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'REST-kamp', [{ productId: app.single, title: 'Ståplads', price: '80', maxAmount: '5', public: true }]);
    const products = (await app.t.request('POST', `/public/events/${eventId}/products`, { body: {} })).json();
    expect(products.success).toBe(true);
    expect(products.result.none[0]).toMatchObject({ productId: app.single, maxAmount: 5, price: 80 });
    expect(products.bookingProducts.users).toEqual([expect.objectContaining({ key: 'none', name: BOOKING_MSG.buyAsGuest })]);

    expect((await app.t.request('POST', '/public/events/validate-contact', { body: { email: 'admin@demo.dk' } })).json()).toEqual({ success: false, error: BOOKING_MSG.knownEmail });
    expect((await app.t.request('POST', '/public/events/validate-contact', { body: { email: 'x' } })).statusCode).toBe(400);

    const refused = await app.t.request('POST', '/public/events/book', { body: guest(eventId, [{ productId: app.single, amount: 6 }]) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, error: BOOKING_MSG.onlyLeft(5) });

    const booked = (await app.t.request('POST', '/public/events/book', { body: guest(eventId, [{ productId: app.single, amount: 2 }], { email: 'rest@example.dk' }) })).json();
    expect(booked).toMatchObject({ success: true, data: expect.any(Number), result: { redirect: expect.stringContaining('/pay/test/') } });
    const order = (await app.t.request('GET', `/api/public/events/${eventId}/order/${booked.token}`)).json();
    expect(order).toMatchObject({ success: true, result: { status: 'draft', total: 160 } });
    expect((await app.t.request('GET', `/api/public/events/${eventId + 1000}/order/${booked.token}`)).statusCode).toBe(404);

    const pageToken = booked.result.redirect.split('/pay/test/')[1];
    const decided = await visitorOf(app.t).payments.testDecide({ token: pageToken, decision: 'pay', card: CARD } as never);
    const back = await app.t.request('GET', new URL(decided.redirect).pathname + new URL(decided.redirect).search);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/events/rest-kamp/${booked.token}?betaling=ok`);

    const tickets = (await app.t.request('GET', `/api/public/events/tickets/${booked.token}`)).json();
    expect(tickets.result).toHaveLength(2);
    for (const path of [`/public/events/ticket/${tickets.result[1].ticketId}`, `/api/public/events/ticket/${tickets.result[1].ticketId}`]) {
      const pdf = await app.t.request('GET', path);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(await decodeTicketQr(pdf.rawPayload)).toBe(tickets.result[1].ticketId);
    }
  });

  it('create-intent answers no client secret on the test provider; seasonal tickets by REST for the holder', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Intent', [{ productId: app.single, title: 'Billet', price: '10', public: true }]);
    const r = (await app.t.request('POST', '/public/events/create-intent', { body: guest(eventId, [{ productId: app.single, amount: 1 }]) })).json();
    expect(r).toMatchObject({ success: true, result: null, data: expect.any(Number) });

    const member = await app.t.login('member@demo.dk');
    const agf = (await app.t.request('GET', '/api/public/events/demo-if-agf')).json().result;
    const cards = (await app.t.request('GET', `/api/public/events/${agf.id}/seasonal-tickets`, { cookie: member })).json();
    expect(cards.result).toEqual([expect.objectContaining({ product: 'Sæsonkort', attending: null })]);
    const answered = (await app.t.request('POST', `/public/events/${agf.id}/seasonal-tickets/${cards.result[0].id}?attending=false`, { cookie: member, body: {} })).json();
    expect(answered, JSON.stringify(answered)).toMatchObject({ success: true, result: { attending: false } });
    // A stranger sees none and cannot answer.
    expect((await app.t.request('GET', `/api/public/events/${agf.id}/seasonal-tickets`)).json().result).toEqual([]);
    expect((await app.t.request('POST', `/public/events/${agf.id}/seasonal-tickets/${cards.result[0].id}?attending=true`, { body: {} })).statusCode).toBe(404);
  });

  it('has-channel: the main sponsor’s block is told to its own contacts only', async () => {
    const demo = await clubId(app.t.database, 'Demo IF');
    const agf = await app.t.database.owner.selectFrom('events').select(['id', 'seat_map_id']).where('client_id', '=', demo).where('title', '=', 'Demo IF – AGF').executeTakeFirstOrThrow();
    const channel = await app.t.database.owner.selectFrom('seat_map_seats').select('channel').where('seat_map_id', '=', agf.seat_map_id as number).where('channel', 'is not', null).executeTakeFirstOrThrow();
    const companyId = Number(String(channel.channel).split(':')[1]);
    const url = `/api/seats/seasons/${agf.id}/has-channel/${companyId}`;
    expect((await app.t.request('GET', url)).json()).toEqual({ success: false });
    const member = await app.t.login('member@demo.dk');
    expect((await app.t.request('GET', url, { cookie: member })).json()).toEqual({ success: false });
    const mette = await app.t.database.owner.selectFrom('contacts').select('id').where('client_id', '=', demo).where('email', '=', 'member@demo.dk').executeTakeFirstOrThrow();
    await app.t.database.owner.insertInto('company_contacts').values({ client_id: demo, company_id: companyId, contact_id: mette.id }).execute();
    expect((await app.t.request('GET', url, { cookie: member })).json()).toEqual({ success: true });
  });

  it("the storefront's club of a booking follows a club renamed, deactivated or added at once (no statement of its own for it)", async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Værtens klub', [{ productId: app.single, title: 'Billet', price: '0', public: true }]);
    const nabo = { host: 'nabo.localhost', origin: 'http://nabo.localhost' };
    const book = (headers?: Record<string, string>) => app.t.request('POST', '/public/events/book', { body: guest(eventId, [{ productId: app.single, amount: 1 }]), headers });
    const owner = app.t.database.owner;
    const demo = await clubId(app.t.database, 'Demo IF');
    try {
      // No club has the host: the oldest active club's storefront (Demo IF's), for either host.
      expect((await book()).statusCode).toBe(200);
      expect((await book(nabo)).statusCode).toBe(200);
      // Nabo BK takes the host by hand (no app code runs): its storefront has no such event.
      await owner.updateTable('clients').set({ url: 'https://nabo.localhost' }).where('name', '=', 'Nabo BK').execute();
      expect((await book(nabo)).json()).toEqual({ success: false, error: MSG.notFound });
      expect((await book()).statusCode).toBe(200);
      // Demo IF deactivated: nobody books in it any more.
      await owner.updateTable('clients').set({ active: false }).where('id', '=', demo).execute();
      expect((await book()).statusCode).toBe(404);
      await owner.updateTable('clients').set({ active: true }).where('id', '=', demo).execute();
      // The host given up again: the oldest club's storefront once more.
      await owner.updateTable('clients').set({ url: null }).where('name', '=', 'Nabo BK').execute();
      expect((await book(nabo)).statusCode).toBe(200);
      // Once read again, the clubs as this process knows them pass the statement's check (no booking
      // runs twice), after a url beyond ASCII too.
      const statements = async () => {
        const before = app.t.database.statements();
        expect((await book()).statusCode).toBe(200);
        return app.t.database.statements() - before;
      };
      const known = await statements();
      await owner.updateTable('clients').set({ url: 'https://fodbold-æøå-⚽.localhost' }).where('name', '=', 'Nabo BK').execute();
      expect(await statements()).toBeGreaterThan(known);
      expect(await statements()).toBe(known);
    } finally {
      await owner.updateTable('clients').set({ active: true }).where('id', '=', demo).execute();
      await owner.updateTable('clients').set({ url: null }).where('name', '=', 'Nabo BK').execute();
    }
  });
});
