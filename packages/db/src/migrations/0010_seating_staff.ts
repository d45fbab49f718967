import { seatMapLayout, type TSeatingPlan } from '@klubhus/domain';
import { type Kysely, sql } from 'kysely';
import { drawingToken } from '../seating';

/**
 * Staff's side of the seat-map engine (issue 12):
 * - a chart keeps its seat and section counts and its categories beside its plan (the list);
 * - an event's seat map keeps its drawing (`layout`: sections → rows → seats as short tuples), made
 *   once from the chart when the copy is made, and a random `drawing_token` that names the drawing
 *   in the cacheable address it is fetched from (it never changes: a stadium's drawing is
 *   downloaded once per browser, not on every look at the seats);
 * - the seats that are not plainly free have an index of their own (what a map's state reads);
 * - seats staff book by hand in 'Booking tilstand' say so (`booked_by = 'staff'`), so staff can
 *   free those again without ever freeing a seat an order bought;
 * - the events module gets the chart editor's views (Salsplaner) in installations seeded before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // What the chart list shows, kept beside the plan so a list page never reads ten stadiums.
  await db.schema
    .alterTable('seating_charts')
    .addColumn('seat_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('section_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('categories', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await sql`UPDATE seating_charts SET categories = plan->'categories', section_count = jsonb_array_length(plan->'sections'),
    seat_count = (SELECT count(*) FROM jsonb_array_elements(plan->'sections') s, jsonb_array_elements(s->'rows') r, jsonb_array_elements(r->'seats'))`.execute(db);

  await db.schema.alterTable('seat_maps').addColumn('layout', 'jsonb').addColumn('drawing_token', 'text').execute();
  const maps = await sql<{ id: number; plan: TSeatingPlan | null }>`
    SELECT m.id, c.plan FROM seat_maps m LEFT JOIN seating_charts c ON c.client_id = m.client_id AND c.id = m.chart_id`.execute(db);
  for (const map of maps.rows) {
    const plan = map.plan ?? (await planFromSeats(db, map.id));
    await sql`UPDATE seat_maps SET layout = ${JSON.stringify(seatMapLayout(plan))}::jsonb, drawing_token = ${drawingToken()} WHERE id = ${map.id}`.execute(db);
  }
  await sql`ALTER TABLE seat_maps ALTER COLUMN layout SET NOT NULL, ALTER COLUMN drawing_token SET NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX seat_maps_drawing_token_key ON seat_maps (drawing_token)`.execute(db);

  await db.schema.alterTable('seat_map_seats').addColumn('booked_by', 'text').execute();
  // The state of a seat map is read as its seats that are not plainly free: a stadium's few thousand, not its 20,000.
  await sql`CREATE INDEX seat_map_seats_taken_idx ON seat_map_seats (seat_map_id, seat_key) WHERE status <> 'free' OR channel IS NOT NULL`.execute(db);
  // Only a booked seat says who booked it.
  await sql`ALTER TABLE seat_map_seats ADD CONSTRAINT seat_map_seats_booked_by CHECK (booked_by IS NULL OR status = 'booked')`.execute(db);

  for (const view of ['charts', 'chart']) {
    await sql`UPDATE modules SET views = views || jsonb_build_array(jsonb_build_object('route', ${view}::text, 'values', '[]'::jsonb))
      WHERE alias = 'events' AND jsonb_array_length(views) > 0 AND NOT views @> jsonb_build_array(jsonb_build_object('route', ${view}::text))`.execute(db);
  }
}

/** A seat map whose chart was deleted: its drawing from its own seat rows (sections and rows by key). */
async function planFromSeats(db: Kysely<any>, seatMapId: number): Promise<TSeatingPlan> {
  const map = await sql<{ categories: TSeatingPlan['categories'] }>`SELECT categories FROM seat_maps WHERE id = ${seatMapId}`.execute(db);
  const seats = await sql<{ section: string; row: string; number: string; category: string; accessible: boolean; x: number; y: number }>`
    SELECT section, "row", number, category, accessible, x, y FROM seat_map_seats WHERE seat_map_id = ${seatMapId} ORDER BY seat_key`.execute(db);
  const sections = new Map<string, Map<string, TSeatingPlan['sections'][number]['rows'][number]>>();
  for (const s of seats.rows) {
    const rows = sections.get(s.section) ?? new Map();
    sections.set(s.section, rows);
    const row = rows.get(s.row) ?? { label: s.row, seats: [] };
    rows.set(s.row, row);
    row.seats.push({ number: s.number, position: { x: s.x, y: s.y }, category: s.category, accessible: s.accessible });
  }
  return {
    categories: map.rows[0]?.categories ?? [],
    sections: [...sections].map(([key, rows]) => ({ key, name: key, rows: [...rows.values()] })),
  };
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
