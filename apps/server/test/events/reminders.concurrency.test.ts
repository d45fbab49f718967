import { withClub } from '@klubhus/db';
import { barrier } from '@klubhus/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remindAllClubs } from '../../../../packages/api/src/events/jobs';
import { createTestApp, type TestApp } from '../helpers';
import { callerFor, eventInput } from './helpers';

/**
 * The reminder job runs in every app process: a reminder row per (invite, interval) is taken with
 * ON CONFLICT DO NOTHING before its mail is queued, so three processes at once send each reminder
 * once. Concurrency needs a server (the embedded database runs one transaction at a time).
 */
let t: TestApp;
let eventId: number;
let invites: number;

beforeAll(async () => {
  t = await createTestApp();
  const call = await callerFor(t, 'staff@demo.dk');
  const type = await call.eventTypes.update({ title: 'Påmindelser' });
  const start = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const e = await call.events.update({
    ...eventInput(type.id, { title: 'Påmindelsesaften' }),
    startDate: start,
    endDate: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
    signUpStart: new Date().toISOString(),
    signUpDeadline: start,
    sender: { name: 'Søren Stab', email: 'staff@demo.dk' },
    emailNotifications: { reminder: { template: 'standard', reminderInterval: [5] } },
  });
  eventId = e.id;
  const contacts = await t.database.owner
    .selectFrom('contacts')
    .innerJoin('clients', 'clients.id', 'contacts.client_id')
    .select('contacts.id')
    .where('clients.name', '=', 'Demo IF')
    .where('contacts.email', '<>', '')
    .where('contacts.no_invitations', '=', false)
    .limit(40)
    .execute();
  await call.events.createInvites({ id: eventId, invitees: { contactIds: contacts.map((c) => c.id) } });
  const all = await call.events.invites({ id: eventId });
  const ids = [...all.companies, ...all.lists].flatMap((g) => g.invites.map((i) => i.id));
  invites = ids.length;
  await call.events.sendInvites({ id: eventId, ids });
}, 120_000);
afterAll(() => t.close());

const reminderMails = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox WHERE kind = 'event-reminder'`.execute(t.database.owner)).rows[0].n;

describe.runIf(process.env.DATABASE_URL)('invitation reminders in three processes at once (PostgreSQL)', () => {
  it('every invite gets its reminder exactly once', async () => {
    expect(invites).toBeGreaterThan(5);
    const counts = await Promise.all([1, 2, 3].map(() => remindAllClubs(t.database.db, 'http://localhost')));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(invites);
    expect(await reminderMails()).toBe(invites);
  });

  it('control: checking for an earlier reminder instead of taking its row sends reminders twice (so the test above can fail)', async () => {
    await sql`DELETE FROM event_invite_reminders WHERE client_id = (SELECT client_id FROM events WHERE id = ${eventId})`.execute(t.database.owner);
    await sql`DELETE FROM outbox WHERE kind = 'event-reminder'`.execute(t.database.owner);
    const { client_id: clientId } = await t.database.owner.selectFrom('events').select('client_id').where('id', '=', eventId).executeTakeFirstOrThrow();
    const everyoneHasLooked = barrier(3);
    await Promise.all(
      [1, 2, 3].map(() =>
        withClub(t.database.db, { clientId }, async (trx) => {
          const due = await sql<{ id: number; client_id: number }>`
            SELECT i.id, i.client_id FROM event_invites i WHERE i.event_id = ${eventId} AND i.invitation_sent_at IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM event_invite_reminders r WHERE r.invite_id = i.id AND r.days_before = 5)`.execute(trx);
          await everyoneHasLooked();
          for (const row of due.rows) {
            await trx.insertInto('outbox').values({ to_address: `${row.id}@demo.dk`, subject: 'Påmindelse', html: '', text: '', kind: 'event-reminder' }).execute();
            await sql`INSERT INTO event_invite_reminders (client_id, invite_id, days_before) VALUES (${row.client_id}, ${row.id}, 5) ON CONFLICT DO NOTHING`.execute(trx);
          }
        }),
      ),
    );
    expect(await reminderMails()).toBeGreaterThan(invites);
  });
});
