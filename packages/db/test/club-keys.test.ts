import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/connect';
import { setScope } from '../src/tenancy';
import { openTestDatabase } from '../src/testing';

/**
 * Rows whose client_id → clients key was dropped (migration 0025: a NOT NULL composite key to a
 * club-owned parent carries it) still refuse a parent of another club and a club that does not exist.
 */
let handle: DatabaseHandle;
let a: number;
let b: number;
const none = 2_000_000_000;
const parents: Record<string, number> = {};

/** One insert as the owner, scoped to the row's club (the policy passes; only the keys can refuse it). */
const insert = (club: number, statement: (club: number) => ReturnType<typeof sql>) =>
  handle.owner.transaction().execute(async (trx) => {
    await setScope(trx, club, null);
    await statement(club).execute(trx);
  });

const rows: Record<string, (club: number) => ReturnType<typeof sql>> = {
  order_lines: (club) => sql`INSERT INTO order_lines (client_id, order_id, title) VALUES (${club}, ${parents.order}, 'Linje')`,
  order_line_options: (club) => sql`INSERT INTO order_line_options (client_id, line_id, title) VALUES (${club}, ${parents.line}, 'Tilvalg')`,
  event_bookings: (club) =>
    sql`INSERT INTO event_bookings (client_id, event_id, order_id, token_hash, state) VALUES (${club}, ${parents.event}, ${parents.order}, ${`t${club}${Math.random()}`}, 'held')`,
  event_tickets: (club) =>
    sql`INSERT INTO event_tickets (client_id, event_id, code, number, title, status) VALUES (${club}, ${parents.event}, ${`c${club}${Math.random()}`}, ${Math.floor(Math.random() * 1e9)}, 'Billet', 'cancelled')`,
  event_capacity: (club) => sql`INSERT INTO event_capacity (client_id, event_id, product_id, holder) VALUES (${club}, ${parents.event}, 0, ${`h${Math.random()}`})`,
  order_search: (club) => sql`INSERT INTO order_search (client_id, order_id, order_number, text) VALUES (${club}, ${parents.order}, 1, 'x') ON CONFLICT DO NOTHING`,
};

beforeAll(async () => {
  handle = await openTestDatabase();
  a = (await handle.owner.insertInto('clients').values({ name: 'A' }).returning('id').executeTakeFirstOrThrow()).id;
  b = (await handle.owner.insertInto('clients').values({ name: 'B' }).returning('id').executeTakeFirstOrThrow()).id;
  await handle.owner.transaction().execute(async (trx) => {
    await setScope(trx, a, null);
    const at = sql`now()`;
    parents.event = (
      await sql<{ id: number }>`INSERT INTO events (client_id, title, url, start_date, end_date, sign_up_start, sign_up_deadline)
        VALUES (${a}, 'Kamp', 'kamp', ${at}, ${at}, ${at}, ${at}) RETURNING id`.execute(trx)
    ).rows[0].id;
    parents.order = (await sql<{ id: number }>`INSERT INTO orders (client_id, order_number) VALUES (${a}, 1) RETURNING id`.execute(trx)).rows[0].id;
    parents.line = (await sql<{ id: number }>`INSERT INTO order_lines (client_id, order_id, title) VALUES (${a}, ${parents.order}, 'Linje') RETURNING id`.execute(trx)).rows[0].id;
  });
});
afterAll(() => handle.close());

describe('club keys carried by composite keys', () => {
  for (const [table, row] of Object.entries(rows)) {
    it(`${table}: a row of the parent's club is taken; another club's or no club's is refused`, async () => {
      await insert(a, row);
      await expect(insert(b, row)).rejects.toThrow(/foreign key/);
      await expect(insert(none, row)).rejects.toThrow(/foreign key/);
    });
  }
});
