import type { Kysely } from 'kysely';

/**
 * seats.io as the alternative seat-map engine (INTEGRATIONS.md §4): an event of a club that uses
 * seats.io names the seats.io chart it is sold on, and the seats.io event made from it once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('seatsio_chart_key', 'text').addColumn('seatsio_event_key', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
