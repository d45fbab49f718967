import { type Kysely, sql } from 'kysely';
import { clubTable, clubTableWithoutId, enableTenancy, withTimestamps } from './helpers';

/**
 * The built-in seat-map engine: a club's seating charts, and seat maps — an event's own copy of a
 * chart — whose seats are rows with a status. A seat is one row, so taking it is a row lock and an
 * update: two holders can never both get it, and the database holds one state per seat.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await clubTable(db, 'seating_charts')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan', 'jsonb', (c) => c.notNull())
    .$call(withTimestamps)
    .execute();
  await enableTenancy(db, 'seating_charts');

  await clubTable(db, 'seat_maps')
    .addColumn('chart_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('categories', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenancy(db, 'seat_maps', { references: { chart_id: ['seating_charts', 'set null'] } });

  await clubTableWithoutId(db, 'seat_map_seats')
    .addColumn('seat_map_id', 'integer', (c) => c.notNull())
    .addColumn('seat_key', 'text', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('row', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('accessible', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('x', 'real', (c) => c.notNull())
    .addColumn('y', 'real', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('free').check(sql`status IN ('free', 'held', 'booked', 'blocked')`))
    .addColumn('hold_token', 'text')
    .addColumn('held_until', 'timestamptz')
    // A company's reserved block ('company:{id}'); NULL is NO_CHANNEL.
    .addColumn('channel', 'text')
    .addPrimaryKeyConstraint('seat_map_seats_pkey', ['seat_map_id', 'seat_key'])
    // A held seat always says by whom and until when.
    .addCheckConstraint('seat_map_seats_hold', sql`(status = 'held') = (hold_token IS NOT NULL AND held_until IS NOT NULL)`)
    .execute();
  await enableTenancy(db, 'seat_map_seats', { compositeKey: false });
  await sql`ALTER TABLE seat_map_seats ADD CONSTRAINT seat_map_seats_seat_map_id_fkey FOREIGN KEY (client_id, seat_map_id) REFERENCES seat_maps (client_id, id) ON DELETE CASCADE`.execute(db);
  await sql`CREATE INDEX seat_map_seats_hold_idx ON seat_map_seats (seat_map_id, hold_token) WHERE hold_token IS NOT NULL`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
