import { listStatement } from '@klubhus/api/orders/service';
import { DEMO_USERS } from '@klubhus/db';
import { ZOrderListRequest } from '@klubhus/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingFixtures, useTestApp } from '../support/app';
import { bulkOrders, callerFor, type OrdersCaller } from './helpers';

/**
 * A page after the first of the unsearched list by number (migration 0024): reached through the
 * club's blocks of 128 numbers (order_list_blocks) instead of walking every number before it. Every
 * page, both directions, both clubs, equals the plain OFFSET query on orders after inserts, deletes
 * (in runs across blocks, scattered, by staff), staff's new orders and a changed number — on the
 * embedded database and on PostgreSQL (DATABASE_URL).
 */
const app = useTestApp(bookingFixtures('Ordresider'));
let nabo: OrdersCaller;
let demo: number;
let naboClub: number;
const owner = () => app.t.database.owner;

const bulk = (club: number, lastname: string, count: number) => bulkOrders(app.t, club, lastname, count);

/** The plain query: the club's order numbers in the list's order, one page. */
async function naive(club: number, dir: 'asc' | 'desc', page: number, perPage: number) {
  const rows = await owner()
    .selectFrom('orders')
    .select('order_number')
    .where('client_id', '=', club)
    .orderBy('order_number', dir)
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return rows.map((r) => r.order_number);
}

/** Every page of the club's list (and one past the end), both directions, at 10 and 100 a page, equals the plain query. */
async function expectEveryPage(caller: OrdersCaller, club: number) {
  const count = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE client_id = ${club}`.execute(owner())).rows[0].n);
  expect(count).toBeGreaterThan(300);
  for (const perPage of [10, 100] as const) {
    for (const dir of ['desc', 'asc'] as const) {
      for (let page = 2; page <= Math.ceil(count / perPage) + 1; page++) {
        const r = await caller.orders.list({ page, perPage, sort: { field: 'Number', dir } });
        expect(r.rows.map((x) => x.number), `${dir} page ${page} of ${perPage}`).toEqual(await naive(club, dir, page, perPage));
        expect(r.total).toBe(count);
      }
    }
  }
}

/** The blocks hold exactly the club's orders per block of numbers (blocks emptied by deletes may stay, at 0). */
async function expectBlocksExact() {
  const diff = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      (SELECT client_id, block, n FROM order_list_blocks WHERE n <> 0
       EXCEPT SELECT client_id, order_number >> 7, count(*)::int FROM orders GROUP BY 1, 2)
      UNION ALL
      (SELECT client_id, order_number >> 7, count(*)::int FROM orders GROUP BY 1, 2
       EXCEPT SELECT client_id, block, n FROM order_list_blocks WHERE n <> 0)
    ) d`.execute(owner());
  expect(Number(diff.rows[0].n)).toBe(0);
}

beforeAll(async () => {
  nabo = await callerFor(app.t, DEMO_USERS.admin, 'Nabo BK');
  demo = app.demo;
  naboClub = (await owner().selectFrom('clients').select('id').where('name', '=', 'Nabo BK').executeTakeFirstOrThrow()).id;
}, 120_000);

describe('a far page of the list by number, through the blocks of numbers', () => {
  it('equals the plain OFFSET query after inserts, deletes, new orders and a changed number, in each club', async () => {
    await bulk(demo, 'Qsidesen', 700);
    await bulk(naboClub, 'Qsidesen', 400);
    await expectBlocksExact();
    await expectEveryPage(app.staff, demo);
    await expectEveryPage(nabo, naboClub);

    // A run of numbers across block boundaries deleted, and every seventh of the rest.
    await sql`DELETE FROM orders WHERE client_id = ${demo} AND lastname = 'Qsidesen' AND order_number % 1000 BETWEEN 120 AND 400`.execute(owner());
    await sql`DELETE FROM orders WHERE client_id = ${naboClub} AND lastname = 'Qsidesen' AND order_number % 7 = 0`.execute(owner());
    // One deleted by staff (a draft), and new orders by staff after the deleted numbers.
    const last = await owner().selectFrom('orders').select('id').where('client_id', '=', demo).where('lastname', '=', 'Qsidesen').orderBy('order_number', 'desc').executeTakeFirstOrThrow();
    await app.staff.orders.delete({ id: last.id });
    for (let i = 0; i < 5; i++) await app.staff.orders.update({ firstname: 'Ny', lastname: 'Qsidesen', email: 'ny@example.dk', orderLines: [{ title: 'Sponsorat', price: '1.000', amount: 1 }] });
    await expectBlocksExact();
    await expectEveryPage(app.staff, demo);
    await expectEveryPage(nabo, naboClub);

    // A number changed (an import's correction): the order moves to another block.
    await sql`UPDATE orders SET order_number = order_number + 5000 WHERE client_id = ${demo} AND lastname = 'Qsidesen' AND order_number % 100 = 3`.execute(owner());
    await expectBlocksExact();
    await expectEveryPage(app.staff, demo);
    await expectEveryPage(nabo, naboClub);
  });
});

describe('the list as it opens (page 1 by number)', () => {
  it('has its page size in the statement, so PostgreSQL keeps a generic plan of it', async () => {
    // With LIMIT and OFFSET as parameters a generic plan is costed for a tenth of the club's orders:
    // on 100,000 orders PostgreSQL chose a custom plan, planned anew on every call (0.2–0.3 ms).
    for (const perPage of [10, 100] as const) {
      for (const dir of ['desc', 'asc'] as const) {
        const q = listStatement(app.t.database.db as never, naboClub, ZOrderListRequest.parse({ perPage, sort: { field: 'Number', dir } })).compile();
        expect(q.sql).toContain(`order by o.order_number ${dir} limit ${perPage})`);
        expect(q.sql).not.toMatch(/offset/i);
        expect(q.parameters).toEqual([naboClub, naboClub, naboClub]);
      }
    }
    // A filter or another sort keeps LIMIT and OFFSET as parameters (custom plans look at the values).
    for (const input of [{ filter: { status: 'draft' } }, { sort: { field: 'Price', dir: 'desc' } }]) {
      expect(listStatement(app.t.database.db as never, naboClub, ZOrderListRequest.parse(input)).compile().sql).toMatch(/limit \$\d+ offset \$\d+/);
    }
    // The rows are those of the plain query.
    const r = await nabo.orders.list({});
    expect(r.rows.map((x) => x.number)).toEqual(await naive(naboClub, 'desc', 1, 10));
  });
});
