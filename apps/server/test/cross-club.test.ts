import { appRouter, createCaller, createContext, createSession } from '@klubhus/api';
import { clubFixtures, FOREIGN_MARKER, hashPassword, setScope } from '@klubhus/db';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../src/rest';
import { clubId, createTestApp, type TestApp } from './helpers';

/**
 * The cross-club sweep: an admin of club A calls every procedure of the router
 * and every REST route with club B's ids. Nothing of B may come back and
 * nothing of B may change. New domains are covered by registering their router,
 * REST routes and a club fixture — no new test code.
 */
let t: TestApp;
let clubA: number;
let clubB: number;
let cookie: string;
let foreignIds: number[];

// Calls that end the sweeper's own session would make every later call a trivial refusal.
const SKIP_PROCEDURES = new Set(['auth.logout', 'auth.changePassword']);
const SKIP_ROUTES = new Set(['GET /logout']);

async function clubTables(db: Kysely<any>): Promise<string[]> {
  const r = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.columns
    WHERE column_name = 'client_id' AND table_schema = 'public' ORDER BY table_name`.execute(db);
  return r.rows.map((x) => x.table_name);
}

async function snapshot(db: Kysely<any>, clientId: number): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const table of await clubTables(db)) {
    const rows = await sql`SELECT * FROM ${sql.table(table)} WHERE client_id = ${clientId}`.execute(db);
    out[table] = rows.rows.map((r) => JSON.stringify(r)).sort();
  }
  return JSON.stringify(out);
}

function fatInput(id: number) {
  const keys = ['id', 'clientId', 'companyId', 'contactId', 'listId', 'productId', 'categoryId', 'seasonId', 'eventId', 'orderId', 'parentId', 'originId', 'fileId', 'commentId', 'moduleId', 'invoiceGroupId', 'relationId', 'variantId', 'typeId', 'userId', 'ownerId'];
  return {
    ...Object.fromEntries(keys.map((k) => [k, id])),
    ids: [id],
    companyIds: [id],
    contactIds: [id],
    listIds: [id],
    productIds: [id],
    relationType: 'company',
    originType: 'company',
    name: 'Sweep',
    title: 'Sweep',
    firstname: 'Sweep',
    lastname: 'Sweep',
    email: 'sweep@example.dk',
    phone: '12345678',
    status: 0,
    text: 'Sweep',
    search: '',
  };
}

beforeAll(async () => {
  t = await createTestApp();
  clubA = await clubId(t.database, 'Demo IF');
  clubB = await clubId(t.database, 'Nabo BK');
  await t.database.owner.transaction().execute(async (trx) => {
    await setScope(trx, clubB, null);
    for (const fixture of clubFixtures) await fixture(trx, clubB);
    await setScope(trx, null, null);
  });
  // An administrator of club A only (not a platform admin).
  const user = await t.database.owner
    .insertInto('users')
    .values({ email: 'sweeper@demo.dk', firstname: 'Sweep', lastname: 'Er', password_hash: await hashPassword('sweeper1234'), email_confirmed: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.owner.transaction().execute(async (trx) => {
    await setScope(trx, clubA, null);
    await trx.insertInto('client_users').values({ client_id: clubA, user_id: user.id, role: 'admin' }).execute();
  });
  cookie = await t.login('sweeper@demo.dk', 'sweeper1234');
  const ids = new Set<number>([clubB]);
  for (const table of await clubTables(t.database.owner)) {
    const cols = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = ${table} AND table_schema = 'public'
        AND (column_name = 'id' OR column_name LIKE '%\\_id') AND data_type = 'integer'`.execute(t.database.owner);
    for (const { column_name } of cols.rows) {
      const rows = await sql<{ v: number }>`SELECT ${sql.ref(column_name)} AS v FROM ${sql.table(table)} WHERE client_id = ${clubB} AND ${sql.ref(column_name)} IS NOT NULL LIMIT 3`.execute(
        t.database.owner,
      );
      for (const r of rows.rows) ids.add(Number(r.v));
    }
  }
  foreignIds = [...ids];
}, 120_000);
afterAll(() => t.close());

describe('cross-club sweep', () => {
  it('has a fixture row of club B in every club-owned table', async () => {
    const empty: string[] = [];
    for (const table of await clubTables(t.database.owner)) {
      const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE client_id = ${clubB}`.execute(t.database.owner);
      if (r.rows[0].n === 0) empty.push(table);
    }
    expect(empty).toEqual([]);
  });

  it('no procedure returns or changes club B data for an admin of club A', async () => {
    const before = await snapshot(t.database.owner, clubB);
    const user = await t.database.owner.selectFrom('users').select('id').where('email', '=', 'sweeper@demo.dk').executeTakeFirstOrThrow();
    const { session } = await createSession(t.database.db, user.id, { remember: false, clientId: clubA });
    const me = await t.database.owner.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    const ctx = createContext(
      { database: t.database, config: { baseUrl: 'http://localhost', secureCookies: false, dataDir: '/tmp' } },
      {
        session,
        user: { id: me.id, email: me.email, firstname: me.firstname, lastname: me.lastname, picture: null, admin: false, superAdmin: false, timeZone: 'Europe/Berlin' },
      },
      { ip: '127.0.0.1', setSessionCookie() {}, clearSessionCookie() {} },
    );
    const caller = createCaller(ctx) as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
    const paths = Object.keys(appRouter._def.procedures).filter((p) => !SKIP_PROCEDURES.has(p));
    expect(paths.length).toBeGreaterThan(5);
    const leaks: string[] = [];
    for (const path of paths) {
      const [ns, ...rest] = path.split('.');
      let fn: any = caller[ns];
      for (const part of rest) fn = fn[part];
      for (const id of foreignIds) {
        for (const input of [fatInput(id), id, { id: String(id) }]) {
          try {
            const result = await fn(input);
            if (JSON.stringify(result ?? null).includes(FOREIGN_MARKER)) leaks.push(`${path}(${JSON.stringify(input).slice(0, 40)})`);
          } catch {
            // Refusals are the expected outcome.
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(await snapshot(t.database.owner, clubB)).toBe(before);
  }, 300_000);

  it('no REST route returns or changes club B data for an admin of club A', async () => {
    const before = await snapshot(t.database.owner, clubB);
    const leaks: string[] = [];
    for (const route of restRoutes.filter((r) => !SKIP_ROUTES.has(`${r.method} ${r.url}`))) {
      for (const id of foreignIds) {
        const url = route.url.replace(/:(\w+)/g, String(id));
        // With and without query parameters: an unexpected parameter must not be what stops a leak.
        for (const query of ['', `?id=${id}&ids=${id}&companyId=${id}&search=`]) {
          const res = await t.request(route.method, url + query, {
            cookie,
            ...(route.method === 'POST' ? { body: fatInput(id) } : {}),
          });
          if (res.body.includes(FOREIGN_MARKER)) leaks.push(`${route.method} ${url}${query}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(await snapshot(t.database.owner, clubB)).toBe(before);
    // The sweeper's session survived, so the calls above were real attempts, not refusals of a logged-out user.
    const me = await t.request('GET', '/api/user', { cookie });
    expect(me.statusCode).toBe(200);
  }, 300_000);
});
