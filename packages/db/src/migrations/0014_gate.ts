import { type Kysely, sql } from 'kysely';
import { clubTable, enableTenancy } from './helpers';

/**
 * The gate and the table plan (issue 16).
 *
 * - event_tickets.first_scanned_at / first_scanned_by: the first successful scan (or manual tick-off)
 *   of a ticket; written once, under the ticket's row lock, so a ticket is counted once however many
 *   gates scan it at the same moment.
 * - event_ticket_scans: every scan of a known ticket (confirmed, duplicate or refused), with the
 *   client's nonce: unique per club, so a gate that replays its offline queue gets the stored answer
 *   back and counts nothing twice.
 * - event_tables: the tables of an event's table plan (title, description, seats, autoPlace).
 * - event_table_seats: a ticket placed at a table (a ticket sits at one table at most).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE event_tickets ADD COLUMN first_scanned_at timestamptz`.execute(db);
  await sql`ALTER TABLE event_tickets ADD COLUMN first_scanned_by integer REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX event_tickets_event_idx ON event_tickets (client_id, event_id, number)`.execute(db);

  await clubTable(db, 'event_ticket_scans')
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('ticket_id', 'integer', (c) => c.notNull())
    .addColumn('nonce', 'text')
    .addColumn('result', 'text', (c) => c.notNull().check(sql`result IN ('confirmed', 'duplicate', 'refused')`))
    .addColumn('error', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('gate', 'text')
    .addColumn('client_scanned_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenancy(db, 'event_ticket_scans', { references: { event_id: ['events', 'cascade'], ticket_id: ['event_tickets', 'cascade'] } });
  await sql`CREATE UNIQUE INDEX event_ticket_scans_nonce_idx ON event_ticket_scans (client_id, nonce) WHERE nonce IS NOT NULL`.execute(db);
  await sql`CREATE INDEX event_ticket_scans_ticket_idx ON event_ticket_scans (client_id, ticket_id)`.execute(db);

  await clubTable(db, 'event_tables')
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('seats', 'integer', (c) => c.notNull().check(sql`seats >= 0`))
    .addColumn('auto_place', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenancy(db, 'event_tables', { references: { event_id: ['events', 'cascade'] } });
  await sql`CREATE INDEX event_tables_event_idx ON event_tables (client_id, event_id, sorting)`.execute(db);

  await clubTable(db, 'event_table_seats')
    .addColumn('table_id', 'integer', (c) => c.notNull())
    .addColumn('ticket_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenancy(db, 'event_table_seats', { references: { table_id: ['event_tables', 'cascade'], ticket_id: ['event_tickets', 'cascade'] } });
  await sql`CREATE UNIQUE INDEX event_table_seats_ticket_idx ON event_table_seats (client_id, ticket_id)`.execute(db);
  await sql`CREATE INDEX event_table_seats_table_idx ON event_table_seats (client_id, table_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
