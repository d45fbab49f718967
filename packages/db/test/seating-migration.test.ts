import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { generateSection, seatMapLayout, ZSeatingPlan } from '@klubhus/domain';
import { Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect, sharePGlite } from '../src/dialect/pglite';
import { migrations } from '../src/migrations';

/**
 * Migration 0010 on an installation that already has seat maps (made before it existed): each gets
 * its drawing from its chart, or from its own seats when the chart was deleted, and a drawing token;
 * charts get their counts and categories; the events module gets the Salsplaner views.
 */
let pglite: PGlite;
let owner: Kysely<any>;
const migrator = () => new Migrator({ db: owner, provider: { getMigrations: async () => migrations } });

beforeAll(async () => {
  pglite = await PGlite.create('memory://', { extensions: { pg_trgm } });
  owner = new Kysely({ dialect: new PGliteDialect(sharePGlite(pglite), null) });
  const before = await migrator().migrateTo('0009_payments');
  expect(before.error).toBeUndefined();
}, 120_000);
afterAll(() => pglite.close());

const plan = ZSeatingPlan.parse({
  categories: [
    { key: 'A', label: 'Langside', color: '#3372f9' },
    { key: 'H', label: 'Kørestol', color: '#16a34a', accessible: true },
  ],
  sections: [generateSection({ key: 'N', name: 'Nord', rows: 2, seatsPerRow: 3, category: 'A' }), generateSection({ key: 'S', name: 'Syd', rows: 1, seatsPerRow: 2, category: 'H', origin: { x: 0, y: 200 } })],
});

describe('migration 0010 on existing seat maps', () => {
  it('backfills drawings, tokens, chart counts and the module views', async () => {
    await sql`INSERT INTO modules (name, alias, url, icon, sorting, views) VALUES ('Arrangementer', 'events', '/events', 'calendar', 1, ${JSON.stringify([{ route: 'events', values: [] }])}::jsonb)`.execute(owner);
    const club = (await sql<{ id: number }>`INSERT INTO clients (name) VALUES ('Gammel klub') RETURNING id`.execute(owner)).rows[0].id;
    const chart = (await sql<{ id: number }>`INSERT INTO seating_charts (client_id, name, plan) VALUES (${club}, 'Stadion', ${JSON.stringify(plan)}::jsonb) RETURNING id`.execute(owner)).rows[0].id;
    // One seat map from the chart, one whose chart is gone (its seats are all there is).
    const fromChart = (await sql<{ id: number }>`INSERT INTO seat_maps (client_id, chart_id, name, categories) VALUES (${club}, ${chart}, 'Kamp', ${JSON.stringify(plan.categories)}::jsonb) RETURNING id`.execute(owner))
      .rows[0].id;
    const orphan = (await sql<{ id: number }>`INSERT INTO seat_maps (client_id, chart_id, name, categories) VALUES (${club}, NULL, 'Gammel kamp', ${JSON.stringify(plan.categories)}::jsonb) RETURNING id`.execute(owner))
      .rows[0].id;
    for (const map of [fromChart, orphan]) {
      for (const s of plan.sections) {
        for (const r of s.rows) {
          for (const seat of r.seats) {
            await sql`INSERT INTO seat_map_seats (client_id, seat_map_id, seat_key, section, "row", number, category, accessible, x, y)
              VALUES (${club}, ${map}, ${`${s.key}-${r.label}-${seat.number}`}, ${s.key}, ${r.label}, ${seat.number}, ${seat.category}, ${seat.accessible}, ${seat.position.x}, ${seat.position.y})`.execute(owner);
          }
        }
      }
    }

    const result = await migrator().migrateToLatest();
    expect(result.error).toBeUndefined();

    const maps = (await sql<{ id: number; layout: unknown; drawing_token: string }>`SELECT id, layout, drawing_token FROM seat_maps ORDER BY id`.execute(owner)).rows;
    expect(maps.find((m) => m.id === fromChart)?.layout).toEqual(seatMapLayout(plan));
    // Without its chart: the same seats, sections and rows by key (names are the keys).
    const rebuilt = maps.find((m) => m.id === orphan)?.layout as ReturnType<typeof seatMapLayout>;
    expect(rebuilt.sections.map((s) => s.key)).toEqual(['N', 'S']);
    expect(rebuilt.sections.flatMap((s) => s.rows.flatMap((r) => r.seats))).toHaveLength(8);
    expect(new Set(maps.map((m) => m.drawing_token)).size).toBe(2);
    for (const m of maps) expect(m.drawing_token).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const charts = (await sql<{ seat_count: number; section_count: number; categories: unknown }>`SELECT seat_count, section_count, categories FROM seating_charts`.execute(owner)).rows;
    expect(charts[0]).toMatchObject({ seat_count: 8, section_count: 2, categories: plan.categories });
    const views = (await sql<{ views: { route: string }[] }>`SELECT views FROM modules WHERE alias = 'events'`.execute(owner)).rows[0].views;
    expect(views.map((v) => v.route)).toEqual(['events', 'charts', 'chart']);
  });
});
