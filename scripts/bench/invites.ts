/**
 * npm run bench -- invites: issue 12's figure "invitations to 2,000 contacts created and queued in
 * < 10 s". A contact list of 2,000 contacts with e-mail; through the events router as staff: the
 * invites are created from the list (each with a product and a 192-bit token), then sent — 2,000
 * mails rendered and queued in the outbox in the call's transaction. Runs on DATABASE_URL or the
 * embedded database.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCaller, createContext, createSession } from '@klubhus/api';
import { type DatabaseHandle, isEmpty, seedDemo, setScope } from '@klubhus/db';

const CONTACTS = 2000;
const GOAL_MS = 10_000;

export async function benchInvites(database: DatabaseHandle, log: (...args: unknown[]) => void): Promise<boolean> {
  if (await isEmpty(database.owner)) await seedDemo(database.owner);
  const club = (await database.owner.selectFrom('clients').select('id').where('name', '=', 'Demo IF').executeTakeFirstOrThrow()).id;
  const staff = await database.owner.selectFrom('users').selectAll().where('email', '=', 'staff@demo.dk').executeTakeFirstOrThrow();
  const run = Date.now().toString(36);
  const listId = await database.owner.transaction().execute(async (trx) => {
    await setScope(trx, club, null);
    const list = await trx.insertInto('contact_lists').values({ client_id: club, title: `Bench ${run}` }).returning('id').executeTakeFirstOrThrow();
    const contacts = await trx
      .insertInto('contacts')
      .values(Array.from({ length: CONTACTS }, (_, i) => ({ client_id: club, firstname: `Gæst ${i + 1}`, lastname: 'Bench', email: `bench-${run}-${i}@demo.dk` })))
      .returning('id')
      .execute();
    await trx
      .insertInto('contact_list_members')
      .values(contacts.map((c) => ({ client_id: club, list_id: list.id, contact_id: c.id })))
      .execute();
    return list.id;
  });

  const { session } = await createSession(database.db, staff.id, { remember: false, clientId: club });
  const call = createCaller(
    createContext(
      { database, config: { baseUrl: 'http://localhost:3000', secureCookies: false, dataDir: mkdtempSync(join(tmpdir(), 'klubhus-bench-')) } },
      {
        session,
        user: { id: staff.id, email: staff.email, firstname: staff.firstname, lastname: staff.lastname, picture: null, admin: false, superAdmin: false, timeZone: staff.time_zone },
      },
      { ip: '127.0.0.1', setSessionCookie() {}, clearSessionCookie() {} },
    ),
  );
  const type = await call.eventTypes.update({ title: `Bench ${run}` });
  const product = await call.products.update({ title: `Bench-billet ${run}`, type: 'ticket', price: '0' });
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const event = await call.events.update({
    title: `Bench-gala ${run}`,
    typeId: type.id,
    startDate: start,
    endDate: start,
    signUpStart: new Date().toISOString(),
    signUpDeadline: start,
    sender: { name: 'Demo IF', email: 'staff@demo.dk' },
    emailNotifications: { invitation: { template: 'Sponsoraften' } },
  });

  const t0 = performance.now();
  const created = await call.events.createInvites({ id: event.id, invitees: { contactListIds: [listId], productIds: [product.id] } });
  const t1 = performance.now();
  const group = await call.events.inviteGroup({ id: event.id, key: `list:${listId}` });
  const t2 = performance.now();
  const sent = await call.events.sendInvites({ id: event.id, ids: group.invites.map((i) => i.id) });
  const t3 = performance.now();
  const total = t1 - t0 + (t3 - t2);
  const queued = await database.owner.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('to_address', 'like', `bench-${run}-%`).executeTakeFirstOrThrow();
  log(
    `\nInvitations to ${CONTACTS.toLocaleString('da-DK')} contacts: created ${created.created} in ${(t1 - t0).toFixed(0)} ms, sent ${sent.sent} (mails queued: ${Number(queued.n)}) in ${(t3 - t2).toFixed(0)} ms — ${(total / 1000).toFixed(2)} s in all (goal < ${GOAL_MS / 1000} s; reading the group back took ${(t2 - t1).toFixed(0)} ms)`,
  );
  return created.created === CONTACTS && sent.sent === CONTACTS && Number(queued.n) === CONTACTS && total < GOAL_MS;
}
