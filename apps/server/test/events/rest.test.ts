import { EVENT_MSG } from '@klubhus/domain';
import { describe, expect, it } from 'vitest';
import { multipart, PDF, PNG } from '../crm/helpers';
import { ORIGIN_HEADERS } from '../helpers';
import { DATES, eventsSnapshot } from './helpers';
import { restCalls, staffAndForeign, useTestApp } from '../support/app';

/** The REST adapters of SPEC §7 "Events and types": their envelopes, multipart update and refusals. */
const app = useTestApp(staffAndForeign);
const { post, get } = restCalls(app);

describe('events REST', () => {
  it('types: create, list envelope, get, delete', async () => {
    const created = await post('/api/events/types/update', { title: 'REST-type', hasTickets: true });
    expect(created.json()).toMatchObject({ success: true, result: expect.any(Number), message: EVENT_MSG.typeCreated });
    const id = created.json().result;
    const list = await get('/api/events/types?search=REST');
    expect(list.json()).toMatchObject({ Result: [{ Id: id, Title: 'REST-type' }], Total: 1, TotalPages: 1 });
    expect((await get(`/api/events/types/${id}`)).json()).toMatchObject({ success: true, result: { id, title: 'REST-type', hasTickets: true } });
    const bad = await post('/api/events/types/update', { title: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: 'Titel er påkrævet' });
    expect((await app.t.request('DELETE', `/api/events/types/${id}`, { cookie: app.staff })).json()).toMatchObject({ success: true, message: EVENT_MSG.typeDeleted });
  });

  it('multipart update with the banner and invite attachment as SPEC names them; v2 tree list; relations', async () => {
    const type = (await post('/api/events/types/update', { title: 'Multipart-type' })).json().result;
    const form = multipart(
      { title: 'Multipart-aften', typeId: type, ...DATES, hasSponsors: 'false', emailNotifications: { invitation: { template: '' } } },
      [
        { field: 'bannerPictureFile', filename: 'banner.png', contentType: 'image/png', data: PNG },
        { field: 'inviteAttachmentFile', filename: 'program.pdf', contentType: 'application/pdf', data: PDF },
      ],
    );
    const res = await app.t.app.inject({ method: 'POST', url: '/api/events/update', headers: { ...form.headers, ...ORIGIN_HEADERS, cookie: app.staff }, payload: form.body });
    expect(res.json()).toMatchObject({ success: true, result: expect.any(Number), message: EVENT_MSG.eventCreated });
    const id = res.json().result as number;
    const event = (await get(`/api/events/${id}`)).json().result;
    expect(event).toMatchObject({ title: 'Multipart-aften', typeId: type, bannerPicture: { name: 'banner.png' }, inviteAttachment: { name: 'program.pdf', publicUrl: null } });
    expect((await app.t.request('GET', event.bannerPicture.publicUrl)).statusCode).toBe(200);
    // The attachment is staff-only: not on the public image path.
    expect((await app.t.request('GET', `/api/public/images/${event.inviteAttachment.id}`)).statusCode).toBe(404);

    // A non-image banner is refused in Danish and nothing changes.
    const before = await eventsSnapshot(app.t);
    const bad = multipart({ id, title: 'Multipart-aften', typeId: type, ...DATES }, [{ field: 'bannerPictureFile', filename: 'banner.png', contentType: 'image/png', data: PDF }]);
    const refused = await app.t.app.inject({ method: 'POST', url: '/api/events/update', headers: { ...bad.headers, ...ORIGIN_HEADERS, cookie: app.staff }, payload: bad.body });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, error: EVENT_MSG.imageNotImage });
    expect(await eventsSnapshot(app.t)).toBe(before);

    const child = await post(`/api/events/${id}/relations/create`, { title: 'Multipart-aften, børn' });
    expect(child.json()).toMatchObject({ success: true, result: expect.any(Number) });
    expect((await get(`/api/events/${id}/relations`)).json()).toMatchObject({ success: true, result: [{ id: child.json().result, title: 'Multipart-aften, børn', parentId: id }] });
    const tree = await post('/api/events/v2', { search: 'multipart', page: 1, perPage: 10 });
    expect(tree.json()).toMatchObject({ Total: 1, Result: [{ Id: id, Title: 'Multipart-aften', Relations: [{ Id: child.json().result, ParentId: id }] }] });
    expect(tree.json().Result[0].StartDate).toBe('2031-06-01T16:00:00.000Z');
  });

  it('invitations over REST: create, groups, products, send, delete; another club gets 404', async () => {
    const type = (await post('/api/events/types/update', { title: 'Invitationstype' })).json().result;
    const id = (await post('/api/events/update', { title: 'REST-invitationer', typeId: type, ...DATES, sender: { name: 'Søren', email: 'staff@demo.dk' } })).json().result;
    const list = await app.t.database.owner
      .selectFrom('contact_lists')
      .innerJoin('clients', 'clients.id', 'contact_lists.client_id')
      .select('contact_lists.id')
      .where('clients.name', '=', 'Demo IF')
      .executeTakeFirstOrThrow();
    const created = await post(`/api/events/${id}/create-invites`, { contactListIds: [list.id] });
    expect(created.json()).toMatchObject({ success: true, result: expect.any(Number), message: EVENT_MSG.invitesCreated });
    const groups = (await get(`/api/events/${id}/invites`)).json();
    expect(groups).toMatchObject({ success: true, result: { companies: [], lists: [{ key: `list:${list.id}` }] } });
    const invites = groups.result.lists[0].invites as { id: number; token: string }[];
    const ids = invites.map((i) => i.id);
    const product = await post('/api/products/update', { title: 'REST-billet', type: 'ticket', price: '100' });
    const productId = product.json().result;
    expect((await post(`/api/events/${id}/invite-group`, { key: `list:${list.id}`, products: [{ productId, amount: '2' }] })).json()).toMatchObject({ success: true });
    expect((await post(`/api/events/save-invite/${ids[0]}`, [{ productId, amount: 3, amountPerInvite: 1 }])).json()).toMatchObject({ success: true });
    const amountMissing = await post(`/api/events/save-invite/${ids[0]}`, [{ productId, amount: '' }]);
    expect(amountMissing.json()).toMatchObject({ success: false, error: 'Antal er påkrævet' });
    const group = (await get(`/api/events/${id}/invite-group/list:${list.id}`)).json().result;
    expect(group.invites.find((i: { id: number }) => i.id === ids[0]).products).toEqual([{ productId, product: 'REST-billet', amount: 3, amountPerInvite: 1 }]);

    // Another club: every id-bearing URL answers as if the event did not exist.
    for (const url of [`/api/events/${id}`, `/api/events/${id}/invites`, `/api/events/${id}/relations`]) expect((await get(url, app.nabo)).statusCode).toBe(404);
    expect((await post(`/api/events/${id}/send-invites`, ids, app.nabo)).statusCode).toBe(404);

    const sent = await post(`/api/events/${id}/send-invites?type=invitation`, ids);
    expect(sent.json()).toMatchObject({ success: true, result: { sent: ids.length, skipped: 0 }, message: EVENT_MSG.invitesSent });
    expect((await post(`/api/events/${id}/send-invites`, { ids })).json().result).toEqual({ sent: 0, skipped: ids.length });
    expect((await post(`/api/events/${id}/send-invites?force=true`, { ids: [ids[0]] })).json().result).toEqual({ sent: 1, skipped: 0 });
    expect((await get(`/api/public/events/invite/${invites[0].token}`, '')).json()).toMatchObject({ success: true, result: { event: { id } } });
    expect((await post(`/api/events/${id}/delete-invites`, ids)).json()).toMatchObject({ success: true, message: EVENT_MSG.invitesDeleted });
    expect((await get(`/api/public/events/invite/${invites[0].token}`, '')).statusCode).toBe(404);
    expect((await app.t.request('DELETE', `/api/events/${id}`, { cookie: app.staff })).json()).toMatchObject({ success: true, message: EVENT_MSG.eventDeleted });
  });
});
