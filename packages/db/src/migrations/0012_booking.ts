import { type Kysely, sql } from 'kysely';
import { BUYER_REFERENCES, clubTable, enableTenancy } from './helpers';

/**
 * The public booking of events (issue 14): a booking is an order made on the storefront, with the
 * capacity it takes while it waits for its payment, and the tickets it gives.
 *
 * - event_bookings: one per booking order; the SHA-256 of the confirmation token (≥160 bits, the
 *   only thing that opens /events/{url}/{token}), the seat hold token, and held_until: a booking
 *   that waits for payment holds its tickets and seats until then; the job runner cancels it after,
 *   and a payment that arrives later is flagged, never confirmed.
 * - event_tickets: one per seat or unit; code = a random token of ≥128 bits (the QR and Code128);
 *   number per event (events.ticket_counter, advanced under the event's row lock); status held
 *   (counts while held_until is in the future), valid or cancelled. Capacity is counted here, under
 *   the event's row lock (the thing consumed): maxAmount, maxCompanyAmount, free allowances,
 *   maxSignups, maxCompanySignups. The ticket PDF is rendered once and kept (pdf_path).
 *   A sign-up to an event without tickets (SPEC's 'Antal') is a ticket without a product.
 *   Season tickets (seasonal) carry the holder's attendance answer (attending null/true/false).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE events ADD COLUMN ticket_counter integer NOT NULL DEFAULT 0`.execute(db);

  await clubTable(db, 'event_bookings')
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state IN ('held', 'confirmed', 'cancelled')`))
    .addColumn('hold_token', 'text')
    .addColumn('held_until', 'timestamptz')
    .addColumn('company_id', 'integer')
    .addColumn('contact_id', 'integer')
    .addColumn('invite_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenancy(db, 'event_bookings', {
    references: { event_id: ['events', 'cascade'], order_id: ['orders', 'cascade'], ...BUYER_REFERENCES, invite_id: ['event_invites', 'set null'] },
  });
  await sql`CREATE UNIQUE INDEX event_bookings_order_idx ON event_bookings (client_id, order_id)`.execute(db);
  await sql`CREATE INDEX event_bookings_held_idx ON event_bookings (held_until) WHERE state = 'held'`.execute(db);

  await clubTable(db, 'event_tickets')
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('booking_id', 'integer')
    .addColumn('order_id', 'integer')
    .addColumn('product_id', 'integer')
    .addColumn('ticket_product_id', 'integer')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('company_id', 'integer')
    .addColumn('contact_id', 'integer')
    .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('seat_key', 'text')
    .addColumn('section', 'text')
    .addColumn('row', 'text')
    .addColumn('seat_number', 'text')
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('extra_info', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('held', 'valid', 'cancelled')`))
    .addColumn('held_until', 'timestamptz')
    .addColumn('seasonal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('attending', 'boolean')
    .addColumn('pdf_path', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenancy(db, 'event_tickets', {
    references: {
      event_id: ['events', 'cascade'],
      booking_id: ['event_bookings', 'cascade'],
      order_id: ['orders', 'set null'],
      product_id: ['products', 'restrict'],
      ...BUYER_REFERENCES,
    },
  });
  await sql`CREATE UNIQUE INDEX event_tickets_number_idx ON event_tickets (client_id, event_id, number)`.execute(db);
  await sql`CREATE INDEX event_tickets_live_idx ON event_tickets (client_id, event_id, product_id) WHERE status <> 'cancelled'`.execute(db);
  await sql`CREATE INDEX event_tickets_booking_idx ON event_tickets (client_id, booking_id)`.execute(db);
  await sql`CREATE INDEX event_tickets_contact_idx ON event_tickets (client_id, contact_id) WHERE seasonal`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
