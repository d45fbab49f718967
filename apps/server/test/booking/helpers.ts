import { createCaller, createContext } from '@klubhus/api';
import type { TBookingRequest, TEventUpdateRequest } from '@klubhus/domain';
import { sql } from 'kysely';
import { callerAt, type TestApp } from '../helpers';
import { refused as refusedWith } from '../orders/helpers';

export const BASE = 'http://localhost:3000';
export const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/35', cvc: '123' };

/** A caller with no session: an anonymous visitor of the storefront (the oldest club's). */
export const visitorOf = (t: TestApp) =>
  createCaller(
    createContext({ database: t.database, config: { baseUrl: BASE, secureCookies: false, dataDir: t.dataDir } }, null, {
      ip: '127.0.0.1',
      setSessionCookie() {},
      clearSessionCookie() {},
    }),
  );
export type Visitor = ReturnType<typeof visitorOf>;
export const callerFor = (t: TestApp, email: string, clubName = 'Demo IF') => callerAt(t, email, clubName, t.dataDir);
export type Caller = Awaited<ReturnType<typeof callerFor>>;

const day = 86_400_000;
export const at = (days: number) => new Date(Date.now() + days * day).toISOString();

/** An event open for booking now, with the given ticket products. */
export async function openEvent(staff: Caller, typeId: number, title: string, tickets: NonNullable<TEventUpdateRequest['tickets']>['products'], extra: Partial<TEventUpdateRequest> = {}) {
  const r = await staff.events.update({
    title,
    typeId,
    startDate: at(10),
    endDate: at(10.1),
    signUpStart: at(-1),
    signUpDeadline: at(9),
    hasTickets: true,
    tickets: { controlType: 'Stregkode', products: tickets },
    ...extra,
  } as TEventUpdateRequest);
  return r.id;
}

/** A guest's booking body. */
export const guest = (eventId: number, products: TBookingRequest['products'], extra: Partial<TBookingRequest> = {}): TBookingRequest => ({
  eventId,
  products,
  firstname: 'Frida',
  lastname: 'Fan',
  email: `fan${Math.random().toString(36).slice(2, 8)}@example.dk`,
  phone: '12345678',
  acceptTerms: true,
  ...extra,
});

/** What a booking writes: its rows, the seats it holds, the capacity counters and ticket numbers (events.ticket_counter), the order number, a discount code's use, a new user. */
export const BOOKING_TABLES = [
  'event_bookings',
  'event_tickets',
  'event_capacity',
  'events',
  'orders',
  'order_counters',
  'order_lines',
  'order_line_options',
  'payments',
  'discount_codes',
  'users',
  'client_users',
  'seat_map_seats',
] as const;

export async function bookingSnapshot(t: TestApp): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const table of BOOKING_TABLES) out[table] = (await sql`SELECT md5(string_agg(r::text, ',' ORDER BY r::text)) AS h, count(*) AS n FROM ${sql.table(table)} AS r`.execute(t.database.owner)).rows;
  return JSON.stringify(out);
}

/** Expects the call refused with exactly this Danish message, and nothing of the booking tables changed. */
export const refused = (t: TestApp, fn: () => Promise<unknown>, message: string) => refusedWith(t, fn, message, () => bookingSnapshot(t));

/** Pays a started test-provider payment as the buyer would on its page. */
export async function payOnTestPage(v: Visitor, payment: { kind: string; url?: string } | null, decision: 'pay' | 'cancel' = 'pay', card = CARD) {
  if (payment?.kind !== 'redirect' || !payment.url) throw new Error('no test payment');
  return v.payments.testDecide({ token: payment.url.split('/pay/test/')[1], decision, card } as never);
}

/**
 * The capacity counters (event_capacity) against a recount of the tickets that take capacity (held or
 * valid): both as sorted lines 'event product holder units free', rows at zero left out.
 */
export async function capacityAndRecount(t: TestApp) {
  const counters = await sql<{ line: string }>`
    SELECT concat_ws(' ', event_id, product_id, holder, units, free_units) AS line FROM event_capacity
    WHERE units <> 0 OR free_units <> 0 ORDER BY 1`.execute(t.database.owner);
  const recount = await sql<{ line: string }>`
    SELECT concat_ws(' ', event_id, product_id, holder, count(*), count(*) FILTER (WHERE price = 0)) AS line FROM (
      SELECT t.event_id, coalesce(t.product_id, 0) AS product_id, h.holder, t.price
      FROM event_tickets t
      CROSS JOIN LATERAL (
        SELECT '' AS holder
        UNION ALL
        SELECT CASE WHEN t.company_id IS NOT NULL THEN 'company:' || t.company_id ELSE 'contact:' || t.contact_id END
        WHERE t.company_id IS NOT NULL OR t.contact_id IS NOT NULL
      ) h
      WHERE t.status <> 'cancelled'
    ) x GROUP BY event_id, product_id, holder ORDER BY 1`.execute(t.database.owner);
  return { counters: counters.rows.map((r) => r.line), recount: recount.rows.map((r) => r.line) };
}
