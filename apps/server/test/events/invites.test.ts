import { EVENT_MSG } from '@klubhus/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remindAllClubs } from '../../../../packages/api/src/events/jobs';
import { createTestApp, type TestApp } from '../helpers';
import { callerFor, type EventsCaller, eventInput, refused, ticketProduct } from './helpers';

let t: TestApp;
let call: EventsCaller;
let nabo: EventsCaller;
let ticket: number;
let eventId: number;
let listId: number;
let listContacts: number;

const outbox = async (kind?: string) => {
  let q = t.database.owner.selectFrom('outbox').select(['to_address', 'subject', 'html', 'text', 'kind', 'attachments']).orderBy('id');
  if (kind) q = q.where('kind', '=', kind);
  return q.execute();
};

beforeAll(async () => {
  t = await createTestApp();
  call = await callerFor(t, 'staff@demo.dk');
  nabo = await callerFor(t, 'admin@demo.dk', 'Nabo BK');
  ticket = await ticketProduct(call);
  const type = await call.eventTypes.update({ title: 'Sponsorarrangement (test)' });
  const start = new Date(Date.now() + 10 * 86_400_000).toISOString();
  const end = new Date(Date.now() + 10 * 86_400_000 + 3 * 3_600_000).toISOString();
  const e = await call.events.update({
    ...eventInput(type.id, { title: 'Sponsoraften', location: 'Klubhuset' }),
    startDate: start,
    endDate: end,
    signUpStart: new Date().toISOString(),
    signUpDeadline: start,
    sender: { name: 'Søren Stab', email: 'staff@demo.dk' },
    emailNotifications: { invitation: { template: 'Sponsoraften' }, reminder: { template: 'standard', reminderInterval: [14, 7, 1] } },
    inviteAttachmentFile: [{ filename: 'program.pdf', data: Buffer.from('%PDF-1.4\n%%EOF').toString('base64') }],
  });
  eventId = e.id;
  const list = await t.database.owner.selectFrom('contact_lists').innerJoin('clients', 'clients.id', 'contact_lists.client_id').select('contact_lists.id').where('clients.name', '=', 'Demo IF').where('title', '=', 'Guldsponsorer').executeTakeFirstOrThrow();
  listId = list.id;
  const members = await sql<{ n: number }>`SELECT count(*)::int AS n FROM contact_list_members m JOIN contacts c ON c.id = m.contact_id
    WHERE m.list_id = ${listId} AND NOT c.no_invitations AND c.email <> ''`.execute(t.database.owner);
  listContacts = members.rows[0].n;
}, 120_000);
afterAll(() => t.close());

describe('invitations', () => {
  it('refuses empty or foreign invitees and bad amounts in Danish, changing nothing', async () => {
    await refused(t, () => call.events.createInvites({ id: eventId, invitees: {} }), EVENT_MSG.noInvitees);
    const foreignList = await t.database.owner.selectFrom('contact_lists').innerJoin('clients', 'clients.id', 'contact_lists.client_id').select('contact_lists.id').where('clients.name', '=', 'Nabo BK').executeTakeFirst();
    if (foreignList) await refused(t, () => call.events.createInvites({ id: eventId, invitees: { contactListIds: [foreignList.id] } }), EVENT_MSG.unknownContactList);
    await expect(nabo.events.createInvites({ id: eventId, invitees: { contactListIds: [listId] } })).rejects.toThrow();
  });

  it('invites a contact list once with its products, groups it, sends with working links, reminds once, deletes', async () => {
    expect(listContacts).toBeGreaterThan(0);
    const created = await call.events.createInvites({ id: eventId, invitees: { contactListIds: [listId], productIds: [ticket] } });
    expect(created).toEqual({ created: listContacts, message: EVENT_MSG.invitesCreated });
    // Inviting the same list again invites nobody twice.
    expect((await call.events.createInvites({ id: eventId, invitees: { contactListIds: [listId] } })).created).toBe(0);

    const groups = await call.events.invites({ id: eventId });
    const group = groups.lists.find((g) => g.list?.id === listId);
    expect(group?.name).toBe('Guldsponsorer');
    expect(group?.invites).toHaveLength(listContacts);
    const first = group!.invites[0];
    expect(first.invitationSent).toBe(false);
    expect(first.products).toEqual([{ productId: ticket, product: 'Enkeltbillet', amount: 0, amountPerInvite: 0 }]);
    // 24 random bytes: 32 base64url characters, all different.
    expect(new Set(group!.invites.map((i) => i.token)).size).toBe(listContacts);
    for (const i of group!.invites) expect(i.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.link).toBe(`http://localhost/public/events/invite/${first.token}`);

    // Products per group and per invite; amount is required and whole.
    await refused(t, () => call.events.saveInviteGroup({ id: eventId, key: `list:${listId}`, products: [{ productId: ticket, amount: '' }] }), 'Antal er påkrævet');
    await refused(t, () => call.events.saveInvite({ inviteId: first.id, products: [{ productId: ticket, amount: '1,5' }] }), 'Antal skal være et tal.');
    await call.events.saveInviteGroup({ id: eventId, key: `list:${listId}`, products: [{ productId: ticket, amount: 2, amountPerInvite: 1 }] });
    await call.events.saveInvite({ inviteId: first.id, products: [{ productId: ticket, amount: '4' }] });
    const g2 = await call.events.inviteGroup({ id: eventId, key: `list:${listId}` });
    expect(g2.invites.map((i) => i.products[0].amount).sort()).toEqual([4, ...Array(listContacts - 1).fill(2)].sort());

    // Sending queues one mail per invite in the club's template, with the attachment and the invite's link.
    const ids = g2.invites.map((i) => i.id);
    const sent = await call.events.sendInvites({ id: eventId, ids });
    expect(sent).toEqual({ sent: listContacts, skipped: 0, message: EVENT_MSG.invitesSent });
    const mails = await outbox('event-invitation');
    expect(mails).toHaveLength(listContacts);
    const mail = mails.find((m) => m.html.includes(first.token))!;
    expect(mail.subject).toBe(EVENT_MSG.inviteSubject('Sponsoraften'));
    expect(mail.html).toContain(`Kære ${first.contact.firstname}`);
    expect(mail.html).toContain(`href="http://localhost/public/events/invite/${first.token}"`);
    expect(mail.attachments).toMatchObject([{ filename: 'program.pdf', contentType: 'application/pdf' }]);
    // The link opens the invitation (tRPC and REST), within the host's club only.
    const link = new URL(mail.html.match(/href="([^"]+)"/)![1]);
    const token = link.pathname.split('/').pop()!;
    const pub = await t.request('GET', `/api/public/events/invite/${token}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().result).toMatchObject({ event: { id: eventId, title: 'Sponsoraften', location: 'Klubhuset' }, contact: { firstname: first.contact.firstname }, products: [{ productId: ticket, amount: 4 }] });
    expect((await t.request('GET', `/api/public/events/invite/${'x'.repeat(32)}`)).statusCode).toBe(404);
    await t.database.owner.updateTable('clients').set({ url: 'https://nabo.localhost' }).where('name', '=', 'Nabo BK').execute();
    expect((await t.request('GET', `/api/public/events/invite/${token}`, { headers: { host: 'nabo.localhost' } })).statusCode).toBe(404);

    // invitationSent is Ja now; a second send goes only when forced.
    expect((await call.events.inviteGroup({ id: eventId, key: `list:${listId}` })).invites.every((i) => i.invitationSent)).toBe(true);
    expect(await call.events.sendInvites({ id: eventId, ids })).toMatchObject({ sent: 0, skipped: listContacts });
    expect(await call.events.sendInvites({ id: eventId, ids: [first.id], force: true })).toMatchObject({ sent: 1 });
    expect(await outbox('event-invitation')).toHaveLength(listContacts + 1);

    // Reminders: the event is 10 days away, so the 14-day interval is due now — once per invite,
    // whatever the number of runs; 7 days before, the next one.
    expect(await remindAllClubs(t.database.db, 'http://localhost')).toBe(listContacts);
    expect(await remindAllClubs(t.database.db, 'http://localhost')).toBe(0);
    const reminders = await outbox('event-reminder');
    expect(reminders).toHaveLength(listContacts);
    expect(reminders[0].subject).toBe(EVENT_MSG.reminderSubject('Sponsoraften'));
    expect(reminders[0].html).toMatch(/\/public\/events\/invite\/[A-Za-z0-9_-]{32}/);
    const in4Days = new Date(Date.now() + 4 * 86_400_000);
    expect(await remindAllClubs(t.database.db, 'http://localhost', in4Days)).toBe(listContacts);
    expect(await remindAllClubs(t.database.db, 'http://localhost', in4Days)).toBe(0);

    // Another club cannot read, send or delete these invites.
    await expect(nabo.events.invites({ id: eventId })).rejects.toThrow();
    await expect(nabo.events.sendInvites({ id: eventId, ids, force: true })).rejects.toThrow();
    await expect(nabo.events.deleteInvites({ id: eventId, ids })).rejects.toThrow();
    expect(await outbox('event-invitation')).toHaveLength(listContacts + 1);

    expect((await call.events.deleteInvites({ id: eventId, ids })).message).toBe(EVENT_MSG.invitesDeleted);
    expect((await call.events.invites({ id: eventId })).lists).toEqual([]);
    expect(await t.database.owner.selectFrom('event_invite_reminders').select('invite_id').where('invite_id', 'in', ids).execute()).toEqual([]);
  });

  it('groups company contacts under their company and lists the event on the company screen', async () => {
    const company = await t.database.owner
      .selectFrom('company_contacts as cc')
      .innerJoin('companies as co', 'co.id', 'cc.company_id')
      .innerJoin('contacts as c', 'c.id', 'cc.contact_id')
      .innerJoin('clients', 'clients.id', 'co.client_id')
      .select(['co.id', 'co.name'])
      .where('clients.name', '=', 'Demo IF')
      .where('c.email', '<>', '')
      .where('c.no_invitations', '=', false)
      .executeTakeFirstOrThrow();
    const r = await call.events.createInvites({ id: eventId, invitees: { companyIds: [company.id] } });
    expect(r.created).toBeGreaterThan(0);
    const groups = await call.events.invites({ id: eventId });
    expect(groups.companies.map((g) => g.company)).toContainEqual({ id: company.id, name: company.name });
    expect(await call.events.ofCompany({ id: company.id })).toContainEqual(expect.objectContaining({ id: eventId, invites: r.created, invitationsSent: 0 }));
  });

});
