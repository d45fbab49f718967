import { DEMO_USERS, ORDER_WORD_COUNTED_UP_TO, setScope, withClub } from '@klubhus/db';
import { ORDER_SEARCH_COUNT_CAP, ZOrderListRequest } from '@klubhus/domain';
import { listStatement } from '@klubhus/api/orders/service';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingFixtures, useTestApp } from '../support/app';
import { guest, openEvent } from '../booking/helpers';
import { bulkOrders, callerFor, type OrdersCaller } from './helpers';

/**
 * The order search's words (migration 0022, order_search_words): a search of letters or digits proves
 * "more than the cap" from the words it begins, and a search with an '@' finds its candidates by the
 * run before the '@'. Both read a table the writes keep in step: every answer here is checked against
 * the search table itself after each kind of write (insert, update, delete, a booking's order, a bulk
 * insert, a company's and a contact's rename), in both clubs — on the embedded database and on
 * PostgreSQL (DATABASE_URL).
 */
const app = useTestApp(bookingFixtures('Ordresøgning'));
let nabo: OrdersCaller;
let demo: number;
let naboClub: number;
const owner = () => app.t.database.owner;
const plain = (extra: object) => ({ orderLines: [{ title: 'Sponsorat', price: '1.000', amount: 1 }], ...extra });

/** What the list must answer for a search (trimmed, as the list's input is): every match counted from order_search itself, as the owner. */
async function truth(club: number, search: string) {
  const r = await sql<{ n: number; numbers: number[] | null }>`
    SELECT count(*)::int AS n, (array_agg(order_number ORDER BY order_number DESC))[1:10] AS numbers
    FROM order_search WHERE client_id = ${club} AND strpos(text, lower(${search.trim()})) > 0`.execute(owner());
  const n = Number(r.rows[0].n);
  return { total: Math.min(n, ORDER_SEARCH_COUNT_CAP), totalCapped: n > ORDER_SEARCH_COUNT_CAP, numbers: r.rows[0].numbers ?? [] };
}

/** The list's answer for a search (page 1, Number desc) equals the truth: total, capped or not, the page. */
async function expectRight(caller: OrdersCaller, club: number, search: string) {
  const r = await caller.orders.list({ search });
  const want = await truth(club, search);
  expect({ total: r.total, totalCapped: r.totalCapped, numbers: r.rows.map((x) => x.number) }, search).toEqual(want);
  return r;
}

const bulk = (club: number, lastname: string, count: number) => bulkOrders(app.t, club, lastname, count);

beforeAll(async () => {
  nabo = await callerFor(app.t, DEMO_USERS.admin, 'Nabo BK');
  demo = app.demo;
  naboClub = (await owner().selectFrom('clients').select('id').where('name', '=', 'Nabo BK').executeTakeFirstOrThrow()).id;
}, 120_000);

describe('a word search: "more than the cap" proven by the words, never stale', () => {
  it('follows bulk inserts, deletes, creations, bookings and changes across the cap, and never counts the other club', async () => {
    await bulk(demo, 'Qzorbek', ORDER_SEARCH_COUNT_CAP + 1);
    await bulk(naboClub, 'Qzorbek', 3);
    for (const s of ['qzorbek', 'QZOR', 'zorbek']) expect(await expectRight(app.staff, demo, s)).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });
    expect(await expectRight(nabo, naboClub, 'qzorbek')).toMatchObject({ total: 3, totalCapped: false });

    // Two deleted: 999, exact.
    const two = await owner().selectFrom('orders').select('id').where('client_id', '=', demo).where('lastname', '=', 'Qzorbek').orderBy('order_number', 'desc').limit(2).execute();
    for (const { id } of two) await app.staff.orders.delete({ id });
    for (const s of ['qzorbek', 'qzor', 'zorbek']) expect(await expectRight(app.staff, demo, s)).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP - 1, totalCapped: false });

    // One created by staff: 1,000, exact.
    const made = await app.staff.orders.update(plain({ firstname: 'Ny', lastname: 'Qzorbek', email: 'ny@example.dk' }));
    expect(await expectRight(app.staff, demo, 'qzorbek')).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: false });

    // A booking's order (the booking's single-statement writer): 1,001, more than the cap.
    const eventId = await openEvent(app.staff, app.typeId, 'Søgekamp', [{ productId: app.single, title: 'Ståplads', price: '0', public: true }]);
    await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }], { firstname: 'Gæst', lastname: 'Qzorbek' }));
    expect(await expectRight(app.staff, demo, 'qzorbek')).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });

    // The created order renamed away: 1,000 again, exact; renamed back: more.
    await app.staff.orders.update(plain({ id: made.id, firstname: 'Ny', lastname: 'Andersen', email: 'ny@example.dk' }));
    expect(await expectRight(app.staff, demo, 'qzorbek')).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: false });
    expect((await expectRight(app.staff, demo, 'andersen')).rows.map((r) => r.id)).toContain(made.id);
    await app.staff.orders.update(plain({ id: made.id, firstname: 'Ny', lastname: 'Qzorbeksen', email: 'ny@example.dk' }));
    expect(await expectRight(app.staff, demo, 'qzorbek')).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });
    expect(await expectRight(app.staff, demo, 'qzorbeks')).toMatchObject({ total: 1, totalCapped: false });

    // The other club's three never counted here, and the other club never sees these.
    expect(await expectRight(nabo, naboClub, 'qzorbek')).toMatchObject({ total: 3, totalCapped: false });
    // Pages further in stay right.
    const all = await owner().selectFrom('orders').select('order_number').where('client_id', '=', demo).where('lastname', 'like', 'Qzorbek%').orderBy('order_number', 'desc').execute();
    expect((await app.staff.orders.list({ search: 'qzorbek', page: 3 })).rows.map((r) => r.number)).toEqual(all.slice(20, 30).map((r) => r.order_number));
  });

  it('one order under two words of the search (a first name and a surname it begins): counted once', async () => {
    await bulk(demo, 'Ymirsen', ORDER_SEARCH_COUNT_CAP + 1);
    // 600 of them also get the first name 'Ymir': the first cap + 1 entries under 'ymir…' are then
    // 600 orders' 'ymir' and 401 'ymirsen' (some the same orders): not yet a proof.
    await sql`UPDATE orders SET firstname = 'Ymir' WHERE client_id = ${demo} AND lastname = 'Ymirsen' AND id IN (
      SELECT id FROM orders WHERE client_id = ${demo} AND lastname = 'Ymirsen' ORDER BY id LIMIT 600)`.execute(owner());
    expect(await expectRight(app.staff, demo, 'ymir')).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });
    const one = await owner().selectFrom('orders').select('id').where('client_id', '=', demo).where('firstname', '=', 'Ymir').limit(1).executeTakeFirstOrThrow();
    await app.staff.orders.delete({ id: one.id });
    expect(await expectRight(app.staff, demo, 'ymir')).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: false });
    expect(await expectRight(app.staff, demo, 'ymirsen')).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: false });
  });

  it('follows a company’s and a contact’s rename', async () => {
    const company = await app.staff.companies.update({ name: 'Wyxbrand Bager ApS', status: 1, phone: '12345678' });
    const contact = await app.staff.contacts.update({ firstname: 'Vibeke', lastname: 'Wyxholm', email: 'vibeke@wyx.dk', companyIds: [company.id] });
    const a = await app.staff.orders.update(plain({ firstname: 'Ole', lastname: 'Olsen', email: 'o@example.dk', companyId: company.id }));
    const b = await app.staff.orders.update(plain({ firstname: 'Ole', lastname: 'Olsen', email: 'p@example.dk', contactId: contact.id }));
    expect((await expectRight(app.staff, demo, 'wyxbrand')).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await expectRight(app.staff, demo, 'wyxholm')).rows.map((r) => r.id)).toEqual([b.id]);
    await app.staff.companies.update({ id: company.id, name: 'Zqlund Bager ApS', status: 1, phone: '12345678' });
    await app.staff.contacts.update({ id: contact.id, firstname: 'Vibeke', lastname: 'Zqholm', email: 'vibeke@wyx.dk' });
    expect(await expectRight(app.staff, demo, 'wyxbrand')).toMatchObject({ total: 0 });
    expect(await expectRight(app.staff, demo, 'wyxholm')).toMatchObject({ total: 0 });
    expect((await expectRight(app.staff, demo, 'zqlund')).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await expectRight(app.staff, demo, 'zqholm')).rows.map((r) => r.id)).toEqual([b.id]);
    expect(await expectRight(nabo, naboClub, 'zqlund')).toMatchObject({ total: 0 });
  });
});

describe('a search with an @: the run before it finds the candidates', () => {
  it('finds an address by any part around its @, follows changes and deletes, and names with an @', async () => {
    const mine = await app.staff.orders.update(plain({ firstname: 'Hilde', lastname: 'Qvist', email: 'hilde.qvistrup@firma-x.dk' }));
    const theirs = await nabo.orders.update(plain({ firstname: 'Hilde', lastname: 'Qvist', email: 'hilde.qvistrup@firma-x.dk' }));
    for (const s of ['qvistrup@', 'HILDE.QVISTRUP@FIRMA', 'de.qvistrup@f', 'istrup@firma-x.dk', 'qvistrup@firma-x.dk']) {
      expect((await expectRight(app.staff, demo, s)).rows.map((r) => r.id), s).toEqual([mine.id]);
      expect((await expectRight(nabo, naboClub, s)).rows.map((r) => r.id), s).toEqual([theirs.id]);
    }
    for (const s of ['xqvistrup@', 'qvistrup@firma-y', 'qvistrup@@', 'hilde@']) expect(await expectRight(app.staff, demo, s), s).toMatchObject({ total: 0 });

    await app.staff.orders.update(plain({ id: mine.id, firstname: 'Hilde', lastname: 'Qvist', email: 'hilde.qvistrup@andet.dk' }));
    expect(await expectRight(app.staff, demo, 'qvistrup@firma')).toMatchObject({ total: 0 });
    expect((await expectRight(app.staff, demo, 'qvistrup@andet')).rows.map((r) => r.id)).toEqual([mine.id]);

    // An @ in a name (a company's) is found the same way, and follows its rename.
    const cafe = await app.staff.companies.update({ name: 'Kafe@Torvet ApS', status: 1, phone: '12345678' });
    const order = await app.staff.orders.update(plain({ firstname: 'Ole', lastname: 'Olsen', email: 'ole@example.dk', companyId: cafe.id }));
    expect((await expectRight(app.staff, demo, 'kafe@torv')).rows.map((r) => r.id)).toEqual([order.id]);
    await app.staff.companies.update({ id: cafe.id, name: 'Kaffe@Torvet ApS', status: 1, phone: '12345678' });
    expect((await expectRight(app.staff, demo, 'kaffe@torv')).rows.map((r) => r.id)).toEqual([order.id]);
    expect((await expectRight(app.staff, demo, 'ffe@torv')).rows.map((r) => r.id)).toEqual([order.id]);

    // A booking's buyer by address; deleted orders leave.
    const email = `qbook${Date.now()}@example.dk`;
    await app.v.booking.book(guest(await openEvent(app.staff, app.typeId, 'Adressekamp', [{ productId: app.single, title: 'Ståplads', price: '0', public: true }]), [{ productId: app.single, amount: 1 }], { email }));
    expect(await expectRight(app.staff, demo, `${email.split('@')[0]}@`)).toMatchObject({ total: 1 });
    await app.staff.orders.delete({ id: mine.id });
    expect(await expectRight(app.staff, demo, 'qvistrup@')).toMatchObject({ total: 0 });
    expect(await expectRight(nabo, naboClub, 'qvistrup@')).toMatchObject({ total: 1 });
  });

  it('many matches of an address part: capped exactly as the search table says', async () => {
    await bulk(demo, 'Xaverius', ORDER_SEARCH_COUNT_CAP + 4);
    expect(await expectRight(app.staff, demo, '.xaverius@bulk')).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });
    expect(await expectRight(app.staff, demo, 'k17.xaverius@')).toMatchObject({ total: 1 });
    expect(await expectRight(nabo, naboClub, '.xaverius@bulk')).toMatchObject({ total: 0, totalCapped: false });
  });
});

describe('a search of two words or more: candidates by adjacent runs, exact as the search table says', () => {
  it('answers every term as a substring of the text would: order, repeats, punctuation, short runs, a run inside a longer one, an @', async () => {
    const company = await app.staff.companies.update({ name: 'Qbager-Qjensen & Søn ApS', status: 1, phone: '12345678' });
    const contact = await app.staff.contacts.update({ firstname: 'Qmarianne', lastname: 'Qjensen', email: 'qm@qj.dk' });
    const people: [string, string, string][] = [
      ['Qanne', 'Qjensen', 'qanne.qjensen@qmail.dk'],
      ['Qmarianne', 'Qjensen', 'qmj@qmail.dk'],
      ['Qanne', 'Qjensensen', 'qa@qmail.dk'],
      ['Qjensen', 'Qanne', 'qjq@qmail.dk'],
      ['Qanne Qanne', 'Qjensen Qjensen', 'qqq@qmail.dk'],
      ['Qo', 'Qb', 'qo.qb@qmail.dk'],
      ['Qanne', 'Qjensen-Qolsen', 'q-o@qmail.dk'],
    ];
    for (const [firstname, lastname, email] of people) await app.staff.orders.update(plain({ firstname, lastname, email }));
    await app.staff.orders.update(plain({ firstname: 'Ole', lastname: 'Olsen', email: 'qx@qmail.dk', companyId: company.id }));
    await app.staff.orders.update(plain({ firstname: 'Ole', lastname: 'Olsen', email: 'qy@qmail.dk', contactId: contact.id }));
    await nabo.orders.update(plain({ firstname: 'Qanne', lastname: 'Qjensen', email: 'qanne.qjensen@qmail.dk' }));
    const terms = [
      'qanne qjensen', 'QANNE QJENSEN', 'anne qjensen', 'nne qjen', 'e q', 'qanne qjensensen', 'qjensen qanne', 'qanne qanne', 'qjensen qjensen',
      'qanne qanne qjensen qjensen', 'qanne  qjensen', ' qanne qjensen', 'qanne qjensen ', '-qanne qjensen', 'qanne qjensen-', '.qanne qjensen.', '-anne qjensen', 'qanne q-', 'qanne-qjensen', 'qjensen-qolsen', 'qjensen qolsen',
      'qo qb', 'qo qb@', 'o q', 'qo.qb@qmail', 'qanne.qjensen@qmail.dk', 'qjensen@qmail', 'qbager-qjensen', 'qbager qjensen', 'bager-qjensen & s',
      'qjensen & søn', 'qjensen &  søn', 'qmarianne qjensen', 'marianne qjensen', 'ianne qj', 'qanne qjensen qmail', 'qjensen\u001fqanne', 'qanne_qjensen', 'qanne%qjensen',
      'qmail dk', 'qmail.dk', 'dk qmail', 'q q', '1 2', 'qbager-qjensen & søn', 'qbager-qjensen & søn aps', 'qanne qjensen-qolsen', 'nne qjensen-qol',
      'qanne qanne qjensen', 'e qjensen q', 'qjensen qjensen q', 'qjensen qjensen x',
    ];
    for (const search of terms) {
      await expectRight(app.staff, demo, search);
      await expectRight(nabo, naboClub, search);
    }
  });

  it('more than the cap of two words, proven by their pairs, and exact again one below', async () => {
    await bulk(demo, 'Qpairsen', ORDER_SEARCH_COUNT_CAP + 1);
    await bulk(naboClub, 'Qpairsen', 2);
    for (const s of ['kaj qpairsen', 'aj qpair', 'kaj qpairsen k1', 'kaj  qpairsen', 'kaj-qpairsen']) await expectRight(app.staff, demo, s);
    expect(await expectRight(app.staff, demo, 'kaj qpairsen')).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });
    expect(await expectRight(nabo, naboClub, 'kaj qpairsen')).toMatchObject({ total: 2, totalCapped: false });
    const one = await owner().selectFrom('orders').select('id').where('client_id', '=', demo).where('lastname', '=', 'Qpairsen').limit(1).executeTakeFirstOrThrow();
    await app.staff.orders.delete({ id: one.id });
    expect(await expectRight(app.staff, demo, 'kaj qpairsen')).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: false });
    expect(await expectRight(app.staff, demo, 'aj qpair')).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: false });
    // Renamed: the pairs follow.
    await sql`UPDATE orders SET firstname = 'Kajsa' WHERE client_id = ${demo} AND lastname = 'Qpairsen' AND id IN (
      SELECT id FROM orders WHERE client_id = ${demo} AND lastname = 'Qpairsen' ORDER BY id LIMIT 10)`.execute(owner());
    expect(await expectRight(app.staff, demo, 'kaj qpairsen')).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP - 10, totalCapped: false });
    expect(await expectRight(app.staff, demo, 'kajsa qpairsen')).toMatchObject({ total: 10, totalCapped: false });
    expect(await expectRight(app.staff, demo, 'aj qpairsen')).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP - 10, totalCapped: false });
  });
});

describe('two words of one pair alone: its count is the total, its page read along the numbers (migration 0029)', () => {
  /** Entries of order_search_pairs one list call reads, as the app role in the club (the call's statement, in a transaction rolled back). */
  async function pairEntriesRead(search: string, page: number, dir: 'asc' | 'desc') {
    const input = ZOrderListRequest.parse({ search, page, sort: { field: 'Number', dir } });
    const rolledBack = new Error('rolled back');
    let read = -1;
    await expect(
      app.t.database.db.transaction().execute(async (trx) => {
        await setScope(trx, demo, null);
        // New versions of the search's own entries: an index-only read of one is then a heap fetch, counted.
        await sql`UPDATE order_search_pairs SET order_id = order_id WHERE client_id = ${demo} AND pair LIKE ${'#jak\u0001 qwalk%'}`.execute(trx);
        const stat = sql<{ n: number }>`SELECT coalesce(sum(idx_tup_fetch), 0)::int AS n FROM pg_stat_xact_user_tables WHERE relname = 'order_search_pairs'`;
        const before = Number((await stat.execute(trx)).rows[0].n);
        await trx.executeQuery(listStatement(trx, demo, input).compile());
        read = Number((await stat.execute(trx)).rows[0].n) - before;
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    return read;
  }

  it('answers every page in both directions as the search table says, reading no more entries than the pages before it', async () => {
    await bulk(demo, 'Qwalksen', 300);
    await bulk(naboClub, 'Qwalksen', 4);
    for (const search of ['kaj qwalksen', 'aj qwalk', 'KAJ QWALKSEN']) {
      const truthAll = await sql<{ order_number: number }>`
        SELECT order_number FROM order_search WHERE client_id = ${demo} AND strpos(text, ${search.toLowerCase()}) > 0 ORDER BY order_number DESC`.execute(owner());
      const numbers = truthAll.rows.map((r) => r.order_number);
      expect(numbers.length).toBe(300);
      for (const page of [1, 3, 30, 31]) {
        const desc = await app.staff.orders.list({ search, page });
        expect({ total: desc.total, capped: desc.totalCapped, numbers: desc.rows.map((r) => r.number) }, `${search} ${page}`).toEqual({
          total: 300,
          capped: false,
          numbers: numbers.slice((page - 1) * 10, page * 10),
        });
        const asc = await app.staff.orders.list({ search, page, sort: { field: 'Number', dir: 'asc' } });
        expect(asc.rows.map((r) => r.number), `${search} asc ${page}`).toEqual([...numbers].reverse().slice((page - 1) * 10, page * 10));
      }
    }
    expect(await expectRight(nabo, naboClub, 'kaj qwalksen')).toMatchObject({ total: 4, totalCapped: false });
    // Page 3 reads the 30 entries up to its end, in either direction (all 300 before migration 0029).
    expect(await pairEntriesRead('kaj qwalksen', 3, 'desc')).toBeLessThanOrEqual(30);
    expect(await pairEntriesRead('kaj qwalksen', 3, 'asc')).toBeLessThanOrEqual(30);
    // A second live pair in the range ("kaj qwalksens"): the entries are read and counted as before.
    await bulk(demo, 'Qwalksens', 2);
    expect(await expectRight(app.staff, demo, 'kaj qwalksen')).toMatchObject({ total: 302, totalCapped: false });
    expect(await pairEntriesRead('kaj qwalksen', 1, 'desc')).toBeGreaterThan(300);
    // Both gone again: one live pair, exact.
    await sql`DELETE FROM orders WHERE client_id = ${demo} AND lastname = 'Qwalksens'`.execute(owner());
    expect(await expectRight(app.staff, demo, 'kaj qwalksen')).toMatchObject({ total: 300, totalCapped: false });
    expect(await pairEntriesRead('kaj qwalksen', 1, 'desc')).toBeLessThanOrEqual(10);
  });
});

describe('a search of digits: the suffixes of the texts\' digit runs and the number, exact (migration 0024)', () => {
  /** The truth for digits: texts holding them, and the order numbered by them, from the search table as the owner. */
  async function digitsTruth(club: number, search: string, dir: 'asc' | 'desc', page: number) {
    const num = /^\d{1,9}$/.test(search) ? Number(search) : null;
    const r = await sql<{ n: number; numbers: number[] | null }>`
      SELECT count(*)::int AS n, array_agg(order_number ORDER BY order_number ${sql.raw(dir)}) AS numbers
      FROM order_search WHERE client_id = ${club} AND (strpos(text, ${search}) > 0 OR order_number = ${num})`.execute(owner());
    const n = Number(r.rows[0].n);
    return { total: Math.min(n, ORDER_SEARCH_COUNT_CAP), totalCapped: n > ORDER_SEARCH_COUNT_CAP, numbers: (r.rows[0].numbers ?? []).slice((page - 1) * 10, page * 10) };
  }
  async function expectDigits(caller: OrdersCaller, club: number, search: string) {
    for (const [dir, page] of [['desc', 1], ['desc', 2], ['asc', 1], ['asc', 3]] as const) {
      const r = await caller.orders.list({ search, page, sort: { field: 'Number', dir } });
      expect({ total: r.total, totalCapped: r.totalCapped, numbers: r.rows.map((x) => x.number) }, `${search} ${dir} ${page}`).toEqual(await digitsTruth(club, search, dir, page));
    }
  }
  const terms = ['1', '7', '17', '100', '1000', '1004', '0', '00', '42', '4242', '4343', '12345', '999999', '1234567890', '13', '31'];

  it('answers digits in addresses, names and numbers, one order under many suffixes, renames and deletes, in each club', async () => {
    // k1…k1004 in both clubs' addresses: '1' and '0' in more than the cap, '1000' in a few, '11' under several suffixes of one run.
    await bulk(demo, 'Qdigitsen', ORDER_SEARCH_COUNT_CAP + 4);
    await bulk(naboClub, 'Qdigitsen', 40);
    const company = await app.staff.companies.update({ name: 'Qfirma 4242 ApS', status: 1, phone: '12345678' });
    const order = await app.staff.orders.update(plain({ firstname: 'Ole', lastname: 'Olsen', email: 'ole13@example.dk', companyId: company.id }));
    for (const s of terms) {
      await expectDigits(app.staff, demo, s);
      await expectDigits(nabo, naboClub, s);
    }
    expect((await app.staff.orders.list({ search: '4242' })).rows.map((r) => r.id)).toContain(order.id);
    await app.staff.companies.update({ id: company.id, name: 'Qfirma 4343 ApS', status: 1, phone: '12345678' });
    await app.staff.orders.update(plain({ id: order.id, firstname: 'Ole', lastname: 'Olsen', email: 'ole31@example.dk', companyId: company.id }));
    for (const s of ['4242', '4343', '13', '31']) await expectDigits(app.staff, demo, s);
    await app.staff.orders.delete({ id: order.id });
    for (const s of ['4343', '31']) await expectDigits(app.staff, demo, s);
    // The order's own number, whatever its text holds.
    const some = await owner().selectFrom('orders').select('order_number').where('client_id', '=', demo).orderBy('order_number', 'desc').executeTakeFirstOrThrow();
    await expectDigits(app.staff, demo, String(some.order_number));
    await expectDigits(nabo, naboClub, String(some.order_number));
  });
});

describe('two words with one order under two of their entries: counted once, paged in both directions', () => {
  it('lists every page of an exact pair and its total as the search table says', async () => {
    await bulk(demo, 'Qpagesen', 35);
    // 'kaj qpagesen' and 'kaj qpagesensen' in one text: two entries of the first range for one order.
    const twice = await app.staff.orders.update(plain({ firstname: 'Kaj', lastname: 'Qpagesen', email: 'kaj@example.dk' }));
    const contact = await app.staff.contacts.update({ firstname: 'Kaj', lastname: 'Qpagesensen', email: 'kq@example.dk' });
    await app.staff.orders.update(plain({ id: twice.id, firstname: 'Kaj', lastname: 'Qpagesen', email: 'kaj@example.dk', contactId: contact.id }));
    for (const search of ['kaj qpagesen', 'kaj qpagesensen', 'aj qpages']) {
      const all = await sql<{ order_number: number }>`
        SELECT order_number FROM order_search WHERE client_id = ${demo} AND strpos(text, ${search}) > 0 ORDER BY order_number DESC`.execute(owner());
      const numbers = all.rows.map((r) => r.order_number);
      for (const page of [1, 2, 3, 4, 5]) {
        const desc = await app.staff.orders.list({ search, page });
        expect({ total: desc.total, capped: desc.totalCapped, numbers: desc.rows.map((r) => r.number) }, `${search} ${page}`).toEqual({
          total: numbers.length,
          capped: false,
          numbers: numbers.slice((page - 1) * 10, page * 10),
        });
        const asc = await app.staff.orders.list({ search, page, sort: { field: 'Number', dir: 'asc' } });
        expect(asc.rows.map((r) => r.number), `${search} asc ${page}`).toEqual([...numbers].reverse().slice((page - 1) * 10, page * 10));
      }
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('a common word: its count stops at the ceiling (migration 0028, PostgreSQL)', () => {
  const countOf = async (word: string) =>
    (await owner().transaction().execute(async (trx) => {
      await setScope(trx, demo, null);
      const row = (await sql<{ orders: number; exact: boolean }>`SELECT orders, exact FROM order_search_word_counts WHERE client_id = ${demo} AND word = ${word}`.execute(trx)).rows[0];
      return row && `${row.orders}${row.exact ? '' : '+'}`;
    }));

  it('is neither raised nor locked by the orders that keep coming with it, is lowered by a deletion, and the search stays exact', async () => {
    const pair = `#jak\u0001 xeltomir`; // the pair "kaj xeltomir" of the bulk orders' names
    await bulk(demo, 'Xeltomir', ORDER_WORD_COUNTED_UP_TO);
    expect(await countOf('xeltomir')).toBe(`${ORDER_WORD_COUNTED_UP_TO}`);
    expect(await countOf(pair)).toBe(`${ORDER_WORD_COUNTED_UP_TO}`);
    await bulk(demo, 'Xeltomir', 5);
    // Past the ceiling: no longer raised, and no longer exact ('+').
    expect(await countOf('xeltomir')).toBe(`${ORDER_WORD_COUNTED_UP_TO}+`);
    expect(await countOf(pair)).toBe(`${ORDER_WORD_COUNTED_UP_TO}+`);

    // The row held by another transaction: an order with the word is made all the same (a booking's
    // search flush would otherwise queue behind every other order with a common word).
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const holder = withClub(app.t.database.db, { clientId: demo }, async (trx) => {
      await sql`SELECT 1 FROM order_search_word_counts WHERE client_id = ${demo} AND word = 'xeltomir' FOR UPDATE`.execute(trx);
      held();
      await released;
    });
    await holding;
    const made = app.staff.orders.update(plain({ firstname: 'Ny', lastname: 'Xeltomir', email: 'ny@xeltomir.dk' }));
    let timer: NodeJS.Timeout | undefined;
    const first = await Promise.race([made.then(() => 'made'), new Promise((resolve) => (timer = setTimeout(() => resolve('waited'), 5000)))]);
    clearTimeout(timer);
    letGo();
    await holder;
    await made;
    expect(first).toBe('made');
    expect(await countOf('xeltomir')).toBe(`${ORDER_WORD_COUNTED_UP_TO}+`);

    const one = await owner().selectFrom('orders').select('id').where('client_id', '=', demo).where('lastname', '=', 'Xeltomir').where('firstname', '=', 'Kaj').limit(1).executeTakeFirstOrThrow();
    await app.staff.orders.delete({ id: one.id });
    // A deletion lowers it, still not exact (1,105 orders have the word): never more than the orders.
    expect(await countOf('xeltomir')).toBe(`${ORDER_WORD_COUNTED_UP_TO - 1}+`);
    expect(await countOf(pair)).toBe(`${ORDER_WORD_COUNTED_UP_TO - 1}+`);
    for (const s of ['xeltomir', 'XELTO', 'eltomir', 'kaj xeltomir']) expect(await expectRight(app.staff, demo, s)).toMatchObject({ total: ORDER_SEARCH_COUNT_CAP, totalCapped: true });
  });
});

it("an order's words are counted by their key, as the app role under the table's policy: only their own rows are read", async () => {
  // A plan of the counts' upsert once read every counted word of the club for each order (a FULL
  // JOIN's coalesce is no index condition under a policy): 11 ms an order on 100,000 orders.
  await bulk(demo, 'Ordbank', 200); // 200 more counted words (their addresses)
  const rolledBack = new Error('rolled back');
  let read: number | undefined;
  let counted: number | undefined;
  await expect(
    app.t.database.db.transaction().execute(async (trx) => {
      await setScope(trx, demo, null);
      counted = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM order_search_word_counts`.execute(trx)).rows[0].n);
      const before = await sql<{ n: number }>`SELECT coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0)::int AS n FROM pg_stat_xact_user_tables WHERE relname = 'order_search_word_counts'`.execute(trx);
      await sql`INSERT INTO orders (client_id, order_number, status, payment_status, firstname, lastname, email)
        VALUES (${demo}, 987654, 'draft', 'pending', 'Nøgle', 'Ordsen', 'noegle@ordsen.dk')`.execute(trx);
      await sql`UPDATE orders SET lastname = 'Ordesen' WHERE client_id = ${demo} AND order_number = 987654`.execute(trx);
      const after = await sql<{ n: number }>`SELECT coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0)::int AS n FROM pg_stat_xact_user_tables WHERE relname = 'order_search_word_counts'`.execute(trx);
      read = Number(after.rows[0].n) - Number(before.rows[0].n);
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
  // Three words in, one out and one in: a handful of rows, of the club's hundreds.
  expect(counted).toBeGreaterThan(200);
  expect(read).toBeLessThanOrEqual(12);
});

it('the counts hold the orders of every word and pair, in every club, after all the writes above: exact where marked, never more', async () => {
  const wrong = await sql<{ client_id: number; word: string; n: number | null; orders: number | null; exact: boolean | null }>`
    SELECT client_id, word, w.n, c.orders, c.exact FROM
      (SELECT client_id, word, count(*)::int AS n FROM order_search_words WHERE left(word, 1) NOT IN ('%', '@') GROUP BY 1, 2
       UNION ALL
       SELECT client_id, pair, count(*)::int FROM order_search_pairs GROUP BY 1, 2) w
      FULL JOIN order_search_word_counts c USING (client_id, word)
    WHERE (c.orders IS NULL AND w.n > 0) OR coalesce(c.orders, 0) > coalesce(w.n, 0) OR (c.exact AND c.orders <> coalesce(w.n, 0))`.execute(owner());
  expect(wrong.rows).toEqual([]);
  const kinds = await sql<{ pair: boolean; exact: boolean; n: number }>`
    SELECT left(word, 1) = '#' AS pair, exact, count(*)::int AS n FROM order_search_word_counts WHERE orders > ${ORDER_SEARCH_COUNT_CAP} GROUP BY 1, 2`.execute(owner());
  // Words and pairs past the cap, and a count past the ceiling, no longer exact, among them.
  expect(kinds.rows.some((r) => r.pair)).toBe(true);
  expect(kinds.rows.some((r) => !r.pair)).toBe(true);
  expect(kinds.rows.some((r) => !r.exact)).toBe(true);
});

it('the words table holds exactly the words of every search text, in every club, after all the writes above', async () => {
  const diff = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      (SELECT client_id, word, order_id FROM order_search_words
       EXCEPT SELECT s.client_id, w COLLATE "C", s.order_id FROM order_search s, order_search_words_of(s.text) w)
      UNION ALL
      (SELECT s.client_id, w COLLATE "C", s.order_id FROM order_search s, order_search_words_of(s.text) w
       EXCEPT SELECT client_id, word, order_id FROM order_search_words)
    ) d`.execute(owner());
  expect(Number(diff.rows[0].n)).toBe(0);
  expect(Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM order_search_words`.execute(owner())).rows[0].n)).toBeGreaterThan(ORDER_SEARCH_COUNT_CAP);
});

it('the pairs table holds exactly the pairs of every search text with its number, in every club, after all the writes above', async () => {
  const diff = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      (SELECT client_id, pair, order_id, order_number FROM order_search_pairs
       EXCEPT SELECT s.client_id, p COLLATE "C", s.order_id, s.order_number FROM order_search s, order_search_pairs_of(s.text) p)
      UNION ALL
      (SELECT s.client_id, p COLLATE "C", s.order_id, s.order_number FROM order_search s, order_search_pairs_of(s.text) p
       EXCEPT SELECT client_id, pair, order_id, order_number FROM order_search_pairs)
    ) d`.execute(owner());
  expect(Number(diff.rows[0].n)).toBe(0);
  expect(Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM order_search_pairs`.execute(owner())).rows[0].n)).toBeGreaterThan(ORDER_SEARCH_COUNT_CAP);
});
