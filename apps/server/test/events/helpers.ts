import type { TEventUpdateRequest } from '@klubhus/domain';
import { sql } from 'kysely';
import { callerAt, type TestApp } from '../helpers';
import { expectRefused, rowsOf } from '../support/refusals';

/** A tRPC caller for a demo user with the given club as the session's club, storing files where the app reads them. */
export const callerFor = (t: TestApp, email: string, clubName = 'Demo IF') => callerAt(t, email, clubName, t.dataDir);
export type EventsCaller = Awaited<ReturnType<typeof callerFor>>;

export const EVENT_TABLES = [
  'event_types',
  'events',
  'event_ticket_products',
  'event_sponsors',
  'event_invites',
  'event_invite_products',
  'event_invite_reminders',
  'seat_maps',
  'files',
  'outbox',
] as const;

/** Every events row of every club, as text: equal before and after means nothing changed. */
export async function eventsSnapshot(t: TestApp): Promise<string> {
  const out = await rowsOf(t, EVENT_TABLES);
  out.seats = (await sql`SELECT count(*)::int AS n FROM seat_map_seats`.execute(t.database.owner)).rows;
  return JSON.stringify(out);
}

/** Expects the call to be refused with exactly this Danish message, and that no events row changed. */
export const refused = (t: TestApp, fn: () => Promise<unknown>, message: string) => expectRefused(fn, message, () => eventsSnapshot(t));

/** The dates of a valid event, in the future. */
export const DATES = {
  startDate: '2031-06-01T18:00',
  endDate: '2031-06-01T20:00',
  signUpStart: '2031-01-01T00:00',
  signUpDeadline: '2031-05-31T12:00',
};

/** A valid event form of the given type. */
export const eventInput = (typeId: number, extra: Partial<TEventUpdateRequest> = {}): TEventUpdateRequest => ({ title: 'Hjemmekamp', typeId, ...DATES, ...extra });

/** A ticket product of the demo club's catalogue (created once per test app). */
export async function ticketProduct(call: EventsCaller, title = 'Enkeltbillet', type: 'ticket' | 'seat-ticket' = 'ticket') {
  const r = await call.products.update({ title, type, price: '150' });
  return r.id;
}
