import { DEMO_USERS, setScope } from '@klubhus/db';
import { ORDER_SEARCH_COUNT_CAP } from '@klubhus/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import type { TOrderUpdateRequest } from '@klubhus/domain';
import { callerFor, demoIds, type OrdersCaller, orderInput } from './helpers';

/**
 * The order list's search (migration 0018: a search table kept by triggers, read through
 * order_search_ids / order_search_page): every field it matches, case-insensitive substrings, the
 * order number exactly, renames of a company or contact followed at once, and never another club's
 * orders — on the embedded database and on PostgreSQL (DATABASE_URL).
 */
let t: TestApp;
let call: OrdersCaller;
let nabo: OrdersCaller;
let ids: Awaited<ReturnType<typeof demoIds>>;
/** Orders of Demo IF and of Nabo BK with the same distinctive texts in every field. */
const mine: Record<string, number> = {};
const theirs: Record<string, number> = {};

/** An order with one free-text line (Nabo BK has no catalogue). */
const plain = (extra: Partial<TOrderUpdateRequest>): TOrderUpdateRequest => ({ orderLines: [{ title: 'Sponsorat', price: '1.000', amount: 1 }], ...extra });

const found = async (caller: OrdersCaller, search: string, extra: object = {}) => {
  const r = await caller.orders.list({ search, perPage: 100, ...extra });
  return { ids: r.rows.map((x) => x.id), total: r.total, rows: r.rows };
};

beforeAll(async () => {
  t = await createTestApp();
  call = await callerFor(t);
  nabo = await callerFor(t, DEMO_USERS.admin, 'Nabo BK');
  ids = await demoIds(t);
  for (const [caller, out, suffix] of [
    [call, mine, 'a'],
    [nabo, theirs, 'b'],
  ] as const) {
    const company = await caller.companies.update({ name: `Zebrafinke Rørlægning ${suffix} ApS`, status: 1, phone: '12345678' });
    const contact = await caller.contacts.update({ firstname: 'Quentin', lastname: `Xylofonsen${suffix}`, email: `quentin-${suffix}@example.dk`, companyIds: [company.id] });
    out.buyer = (await caller.orders.update(plain({ firstname: 'Ingeborg', lastname: 'Vindelbrink', email: `ib-${suffix}@example.dk` }))).id;
    out.email = (await caller.orders.update(plain({ firstname: 'Ole', lastname: 'Hundrede%Olsen', email: `kvast_100-${suffix}@postkasse.dk` }))).id;
    out.company = (await caller.orders.update(plain({ firstname: 'Ole', lastname: 'Olsen', email: `o-${suffix}@example.dk`, companyId: company.id }))).id;
    out.contact = (await caller.orders.update(plain({ firstname: 'Ole', lastname: 'Olsen', email: `p-${suffix}@example.dk`, contactId: contact.id }))).id;
    out.companyId = company.id;
    out.contactId = contact.id;
  }
}, 120_000);
afterAll(() => t.close());

describe('order search', () => {
  it('finds the buyer’s name, e-mail, company and contact by any case-insensitive substring, and only in the own club', async () => {
    const cases: [string, string][] = [
      ['buyer', 'DELBRIN'],
      ['buyer', 'ingeborg vindel'],
      ['email', 'KVAST_100-a@POST'],
      ['company', 'zebrafinke rørl'],
      ['company', 'FINKE'],
      ['contact', 'quentin xylo'],
      ['contact', 'LOFONSENA'],
    ];
    for (const [field, search] of cases) {
      const r = await found(call, search);
      expect(r.ids, `${field}: ${search}`).toContain(mine[field]);
      expect(r.ids, `${field}: ${search}`).not.toContain(theirs[field]);
      expect(r.total).toBe(r.ids.length);
      const other = await found(nabo, search);
      expect(other.ids).not.toContain(mine[field]);
    }
    // Each field matches only what has it: the buyer's name is not the company's.
    expect((await found(call, 'vindelbrink')).ids).toEqual([mine.buyer]);
    expect((await found(call, 'zebrafinke')).ids).toEqual([mine.company]);
    expect((await found(call, 'xylofonsen')).ids).toEqual([mine.contact]);
  });

  it('matches LIKE’s wildcards literally, never across two fields, and a number exactly', async () => {
    expect((await found(call, 'e%o')).ids).toEqual([mine.email]);
    expect((await found(call, 'kvast_1')).ids).toEqual([mine.email]);
    expect((await found(call, 'kvast%1')).ids).toEqual([]);
    expect((await found(call, 'k_ast')).ids).toEqual([]);
    // "firstname lastname e-mail" is not one text.
    expect((await found(call, 'vindelbrink ib-a')).ids).toEqual([]);
    const order = await t.database.owner.selectFrom('orders').select('order_number').where('id', '=', mine.buyer).executeTakeFirstOrThrow();
    const byNumber = await found(call, String(order.order_number));
    expect(byNumber.ids).toContain(mine.buyer);
    expect(byNumber.rows.every((r) => r.number === order.order_number || r.id !== mine.buyer)).toBe(true);
  });

  it('short searches (no three letters in a row) still find substrings', async () => {
    const r = await found(call, 'ib', { perPage: 100 });
    expect(r.ids).toContain(mine.buyer);
    expect(r.ids).not.toContain(theirs.buyer);
    const at = await found(call, '-a@');
    expect(at.ids).toContain(mine.email);
  });

  it('follows a change of the order, a company’s and a contact’s rename, and a removed company at once', async () => {
    await call.orders.update({ ...orderInput(ids, { companyId: null, contactId: null }), id: mine.buyer, firstname: 'Ingeborg', lastname: 'Vindelbrink-Hald', email: 'ib-a@example.dk' });
    expect((await found(call, 'brink-hald')).ids).toEqual([mine.buyer]);

    await call.companies.update({ id: mine.companyId, name: 'Gråspurv Kloak ApS', status: 1, phone: '12345678' });
    expect((await found(call, 'zebrafinke')).ids).toEqual([]);
    expect((await found(call, 'gråspurv')).ids).toEqual([mine.company]);
    // The other club's order with the old name is untouched and still not found from here.
    expect((await found(nabo, 'zebrafinke')).ids).toEqual([theirs.company]);

    await call.contacts.update({ id: mine.contactId, firstname: 'Quentin', lastname: 'Trompetsen', email: 'quentin-a@example.dk' });
    expect((await found(call, 'xylofonsen')).ids).toEqual([]);
    expect((await found(call, 'trompetsen')).ids).toEqual([mine.contact]);

    await call.companies.delete({ id: mine.companyId });
    expect((await found(call, 'gråspurv')).ids).toEqual([]);
  });

  it('pages a search with its total; a filter or another sort gives the same matches', async () => {
    for (let i = 0; i < 12; i++) await call.orders.update(orderInput(ids, { firstname: 'Sidsel', lastname: `Pagineret ${i}`, email: `sidsel${i}@example.dk` }));
    const first = await call.orders.list({ search: 'paginer' });
    expect(first.total).toBe(12);
    expect(first.rows.length).toBe(10);
    expect(first.rows.map((r) => r.number)).toEqual([...first.rows.map((r) => r.number)].sort((a, b) => b - a));
    const second = await call.orders.list({ search: 'paginer', page: 2 });
    expect(second.rows.length).toBe(2);
    expect(second.total).toBe(12);
    const past = await call.orders.list({ search: 'paginer', page: 5 });
    expect(past).toMatchObject({ rows: [], total: 12 });
    const asc = await call.orders.list({ search: 'paginer', sort: { field: 'Number', dir: 'asc' } });
    expect(asc.rows.map((r) => r.number)).toEqual([...asc.rows.map((r) => r.number)].sort((a, b) => a - b));
    expect(asc.rows[0].number).toBeLessThan(first.rows[0].number);
    const byDate = await call.orders.list({ search: 'paginer', sort: { field: 'Date', dir: 'desc' }, perPage: 100 });
    expect(byDate.total).toBe(12);
    const drafts = await call.orders.list({ search: 'paginer', filter: { status: 'draft' }, perPage: 100 });
    expect(drafts.total).toBe(12);
    expect(new Set(drafts.rows.map((r) => r.id))).toEqual(new Set(byDate.rows.map((r) => r.id)));
    expect((await call.orders.list({ search: 'paginer', filter: { status: 'approved' } })).total).toBe(0);
    expect((await nabo.orders.list({ search: 'paginer' })).total).toBe(0);
  });

  it('every sort pages as one long list would (the page is found on orders, then joined)', async () => {
    for (const field of ['Number', 'Status', 'Payment', 'Contact', 'Company', 'Price', 'Date'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const search of [undefined, 'ole']) {
          const all = await call.orders.list({ sort: { field, dir }, search, perPage: 100 });
          const p1 = await call.orders.list({ sort: { field, dir }, search, perPage: 10 });
          const p2 = await call.orders.list({ sort: { field, dir }, search, perPage: 10, page: 2 });
          expect([...p1.rows, ...p2.rows], `${field} ${dir} ${search}`).toEqual(all.rows.slice(0, 20));
          expect(p2.total).toBe(all.total);
        }
      }
    }
  });

  it('a deleted order leaves the search', async () => {
    const { id } = await call.orders.update(orderInput(ids, { firstname: 'Ulrikke', lastname: 'Forsvindersen' }));
    expect((await found(call, 'forsvinder')).ids).toEqual([id]);
    await call.orders.delete({ id });
    expect((await found(call, 'forsvinder')).ids).toEqual([]);
    const left = await t.database.owner.selectFrom('order_search').select('order_id').where('order_id', '=', id).execute();
    expect(left).toEqual([]);
  });
});

describe('a search matching more than the cap (ORDER_SEARCH_COUNT_CAP)', () => {
  const extra = 5;
  let club: number;
  /** The numbers of the orders inserted below, highest first. */
  let numbers: number[];
  const list = (input: object) => call.orders.list({ search: 'overtal', ...input });

  beforeAll(async () => {
    const owner = t.database.owner;
    club = (await owner.selectFrom('clients').select('id').where('name', '=', 'Demo IF').executeTakeFirstOrThrow()).id;
    // cap + 5 orders of one buyer at once, as the owner in the club's scope (the search table's trigger indexes each).
    await owner.transaction().execute(async (trx) => {
      await setScope(trx, club, null);
      const last = (await trx.selectFrom('order_counters').select('last_number').where('client_id', '=', club).executeTakeFirstOrThrow()).last_number;
      await sql`INSERT INTO orders (client_id, order_number, status, payment_status, firstname, lastname, email)
        SELECT ${club}, ${last} + g, 'draft', 'pending', 'Kaj', 'Overtal', 'overtal' || g || '@kap.dk'
        FROM generate_series(1, ${ORDER_SEARCH_COUNT_CAP + extra}) g`.execute(trx);
      await trx.updateTable('order_counters').set({ last_number: last + ORDER_SEARCH_COUNT_CAP + extra }).where('client_id', '=', club).execute();
    });
    numbers = (await owner.selectFrom('orders').select('order_number').where('client_id', '=', club).where('lastname', '=', 'Overtal').orderBy('order_number', 'desc').execute()).map(
      (r) => r.order_number,
    );
    expect(numbers.length).toBe(ORDER_SEARCH_COUNT_CAP + extra);
  }, 120_000);

  it('reports the cap and "more" (totalCapped), one page past the cap, and exactly the right rows on every page', async () => {
    const first = await list({});
    expect(first).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true, totalPages: ORDER_SEARCH_COUNT_CAP / 10 + 1, page: 1 });
    expect(first.rows.map((r) => r.number)).toEqual(numbers.slice(0, 10));
    // A page near the front (walked along the numbers), one further in (the matches sorted), ascending.
    expect((await list({ page: 2 })).rows.map((r) => r.number)).toEqual(numbers.slice(10, 20));
    const deep = await list({ page: 40 });
    expect(deep.rows.map((r) => r.number)).toEqual(numbers.slice(390, 400));
    expect(deep).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });
    const asc = await list({ sort: { field: 'Number', dir: 'asc' }, perPage: 25, page: 3 });
    expect(asc.rows.map((r) => r.number)).toEqual([...numbers].reverse().slice(50, 75));
    expect(asc.totalCapped).toBe(true);
    // A big page: the count reaches at least to the page's end.
    const big = await list({ perPage: 1000 });
    expect(big.rows.map((r) => r.number)).toEqual(numbers.slice(0, 1000));
    expect(big).toMatchObject({ total: 1000, totalCapped: true, totalPages: 2 });
  });

  it("page 1 walks the number index as far as the page, and never reads the trigram index's bitmap (migration 0030)", async () => {
    const reads = await t.database.owner.transaction().execute(async (trx) => {
      await setScope(trx, club, null);
      // Entries each index gave in this transaction.
      const read = async () =>
        (
          await sql<{ trigram: number; numbers: number }>`SELECT pg_stat_get_xact_tuples_fetched('order_search_text_trgm'::regclass)::int AS trigram,
            pg_stat_get_xact_tuples_fetched('order_search_number_idx'::regclass)::int AS numbers`.execute(trx)
        ).rows[0];
      const before = await read();
      const page = (await sql<{ ids: number[]; capped: boolean }>`SELECT ids, capped FROM order_search_page('overtal', NULL, true, 10, 0, ${ORDER_SEARCH_COUNT_CAP})`.execute(trx)).rows[0];
      const after = await read();
      await setScope(trx, null, null);
      return { page, trigram: after.trigram - before.trigram, numbers: after.numbers - before.numbers };
    });
    expect(reads.page.capped).toBe(true);
    expect(reads.page.ids.length).toBe(10);
    // The newest ten are all matches: ten entries of the number index, none of the trigram index
    // (control: page 1 sent to the sort of every match fails here).
    expect(reads).toMatchObject({ trigram: 0, numbers: 10 });
  });

  it('counts exactly where the page reaches the last match, below the cap, filtered or sorted otherwise', async () => {
    const last = await list({ page: ORDER_SEARCH_COUNT_CAP / 10 + 1 });
    expect(last).toMatchObject({ total: numbers.length, totalCapped: false, totalPages: ORDER_SEARCH_COUNT_CAP / 10 + 1 });
    expect(last.rows.map((r) => r.number)).toEqual(numbers.slice(ORDER_SEARCH_COUNT_CAP));
    const big = await list({ perPage: 1000, page: 2 });
    expect(big).toMatchObject({ total: numbers.length, totalCapped: false, totalPages: 2 });
    expect(big.rows.map((r) => r.number)).toEqual(numbers.slice(1000));
    expect(await list({ page: 200 })).toMatchObject({ rows: [], total: numbers.length, totalCapped: false });
    // Filtered or sorted by another column: every match is read anyway, so the total is exact.
    expect(await list({ filter: { status: 'draft' } })).toMatchObject({ total: numbers.length, totalCapped: false });
    expect(await list({ sort: { field: 'Date', dir: 'desc' } })).toMatchObject({ total: numbers.length, totalCapped: false });
    // A search below the cap, and the unsearched list, are exact.
    expect(await call.orders.list({ search: 'overtal1000@' })).toMatchObject({ total: 1, totalCapped: false });
    const all = await call.orders.list({});
    expect(all.totalCapped).toBe(false);
    expect(all.total).toBe(Number((await t.database.owner.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('client_id', '=', club).executeTakeFirstOrThrow()).n));
    // A short search (no three letters in a row: no trigram) is capped too, and its page is right.
    const short = await call.orders.list({ search: 'j o' });
    expect(short).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });
    expect(short.rows.map((r) => r.number)).toEqual(numbers.slice(0, 10));
    // The other club sees none of them.
    expect(await nabo.orders.list({ search: 'overtal' })).toMatchObject({ rows: [], total: 0, totalCapped: false });
  });

  it('REST: Total is the cap, TotalCapped true; exact below', async () => {
    const cookie = await t.login('staff@demo.dk');
    const capped = (await t.request('POST', '/api/orders', { cookie, body: { search: 'overtal' } })).json();
    expect(capped).toMatchObject({ Total: ORDER_SEARCH_COUNT_CAP, TotalCapped: true, TotalPages: ORDER_SEARCH_COUNT_CAP / 10 + 1 });
    expect(capped.Result.map((r: { Number: number }) => r.Number)).toEqual(numbers.slice(0, 10));
    const exact = (await t.request('GET', '/api/orders?search=overtal1000%40', { cookie })).json();
    expect(exact).toMatchObject({ Total: 1, TotalCapped: false, TotalPages: 1 });
  });
});
