import { appRouter, type CallOutcome, createCaller, createContext, createSession } from '@klubhus/api';
import { clubFixtures, clubSweeps, type FixtureIds, FOREIGN_MARKER, hashPassword, type RouteCall, setScope } from '@klubhus/db';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../src/rest';
import { clubId, createTestApp, type TestApp } from './helpers';

/**
 * The cross-club sweep: an admin of club A calls every procedure of the router
 * and every REST route with club B's ids. Nothing of B may come back and
 * nothing of B may change — and every call must be a real attempt: each
 * procedure and route has to get past its input validation (its resolver ran)
 * at least once, with the valid inputs each domain gives beside its fixture
 * (packages/db/src/fixtures). A new domain is covered by its router, its REST
 * routes, its fixture and its sweep inputs — no new test code.
 */
let t: TestApp;
let clubA: number;
let clubB: number;
let cookie: string;
let foreignIds: number[];
let fixtureIds: FixtureIds;

/** How the calls ended, by procedure path; `routeOutcomes` collects those of the REST call in flight. */
const outcomes = new Map<string, Set<CallOutcome>>();
let routeOutcomes: CallOutcome[] | null = null;
function observe(path: string, outcome: CallOutcome) {
  const seen = outcomes.get(path) ?? new Set<CallOutcome>();
  seen.add(outcome);
  outcomes.set(path, seen);
  routeOutcomes?.push(outcome);
}

// Logout ends the sweeper's own session, which would make every later call a trivial refusal: it is called last.
const LAST_PROCEDURES = ['auth.logout'];
const LAST_ROUTES = ['GET /logout'];
/** Platform administration: a club's admin must be refused at the platform-admin rung, never reach these. */
const PLATFORM_ONLY = /^(modules|clients|outbox)\./;
const PLATFORM_ONLY_ROUTES = /^(GET|POST|DELETE) \/api\/(modules|clients)\b/;

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

/** Every id-like key set to one id: a guess that reaches procedures without sweep inputs of their own. */
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

function sweepInputs() {
  const procedures = new Map<string, unknown[]>();
  const routes = new Map<string, RouteCall[]>();
  for (const sweep of clubSweeps) {
    const s = sweep(fixtureIds);
    for (const [path, inputs] of Object.entries(s.procedures)) procedures.set(path, [...(procedures.get(path) ?? []), ...inputs]);
    for (const [key, calls] of Object.entries(s.routes ?? {})) routes.set(key, [...(routes.get(key) ?? []), ...calls]);
  }
  return { procedures, routes };
}

beforeAll(async () => {
  t = await createTestApp({ observe });
  clubA = await clubId(t.database, 'Demo IF');
  clubB = await clubId(t.database, 'Nabo BK');
  fixtureIds = await t.database.owner.transaction().execute(async (trx) => {
    await setScope(trx, clubB, null);
    let ids: FixtureIds = { client: clubB };
    for (const fixture of clubFixtures) ids = { ...ids, ...(await fixture(trx, clubB, ids)) };
    await setScope(trx, null, null);
    return ids;
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
  const ids = new Set<number>([clubB, ...Object.values(fixtureIds)]);
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

  it('has sweep inputs only for procedures and routes that exist', () => {
    const { procedures, routes } = sweepInputs();
    const known = new Set(Object.keys(appRouter._def.procedures));
    const knownRoutes = new Set(restRoutes.map((r) => `${r.method} ${r.url}`));
    expect([...procedures.keys()].filter((p) => !known.has(p))).toEqual([]);
    expect([...routes.keys()].filter((r) => !knownRoutes.has(r))).toEqual([]);
  });

  it('no procedure returns or changes club B data for an admin of club A, and every procedure was reached', async () => {
    const before = await snapshot(t.database.owner, clubB);
    const user = await t.database.owner.selectFrom('users').select('id').where('email', '=', 'sweeper@demo.dk').executeTakeFirstOrThrow();
    const { session } = await createSession(t.database.db, user.id, { remember: false, clientId: clubA });
    const me = await t.database.owner.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    const ctx = createContext(
      { database: t.database, config: { baseUrl: 'http://localhost', secureCookies: false, dataDir: '/tmp' }, observe },
      {
        session,
        user: { id: me.id, email: me.email, firstname: me.firstname, lastname: me.lastname, picture: null, admin: false, superAdmin: false, timeZone: 'Europe/Berlin' },
      },
      { ip: '127.0.0.1', setSessionCookie() {}, clearSessionCookie() {} },
    );
    const caller = createCaller(ctx) as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
    const { procedures } = sweepInputs();
    const all = Object.keys(appRouter._def.procedures);
    const paths = [...all.filter((p) => !LAST_PROCEDURES.includes(p)), ...LAST_PROCEDURES];
    outcomes.clear();
    const leaks: string[] = [];
    for (const path of paths) {
      const [ns, ...rest] = path.split('.');
      let fn: any = caller[ns];
      for (const part of rest) fn = fn[part];
      // undefined reaches the procedures that take no input (ZNoInput).
      const inputs = [...(procedures.get(path) ?? []), undefined, ...foreignIds.flatMap((id) => [fatInput(id), id, { id: String(id) }])];
      for (const input of inputs) {
        try {
          const result = await fn(input);
          if (JSON.stringify(result ?? null).includes(FOREIGN_MARKER)) leaks.push(`${path}(${String(JSON.stringify(input)).slice(0, 60)})`);
        } catch (e) {
          // A refusal must not carry B's data either.
          if (String((e as Error).message).includes(FOREIGN_MARKER)) leaks.push(`${path} error`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(await snapshot(t.database.owner, clubB)).toBe(before);

    const reached = all.filter((p) => outcomes.get(p)?.has('resolved'));
    const platform = all.filter((p) => PLATFORM_ONLY.test(p));
    const unreached = all.filter((p) => !PLATFORM_ONLY.test(p) && !outcomes.get(p)?.has('resolved'));
    console.info(`cross-club sweep: ${reached.length} of ${all.length} procedures reached past input validation; ${platform.length} refused at the platform-admin rung`);
    expect(unreached).toEqual([]);
    // A club admin never gets past the platform-admin rung.
    expect(platform.filter((p) => [...(outcomes.get(p) ?? [])].some((o) => o !== 'rung'))).toEqual([]);
  }, 600_000);

  it('no REST route returns or changes club B data for an admin of club A, and every route was reached', async () => {
    const before = await snapshot(t.database.owner, clubB);
    const { routes } = sweepInputs();
    const leaks: string[] = [];
    const unreached: string[] = [];
    let platformRoutes = 0;
    const ordered = [...restRoutes.filter((r) => !LAST_ROUTES.includes(`${r.method} ${r.url}`)), ...restRoutes.filter((r) => LAST_ROUTES.includes(`${r.method} ${r.url}`))];
    for (const route of ordered) {
      const key = `${route.method} ${route.url}`;
      const calls: RouteCall[] = [...(routes.get(key) ?? [])];
      for (const id of foreignIds) {
        const params = Object.fromEntries([...route.url.matchAll(/:(\w+)/g)].map((m) => [m[1], id]));
        // With and without query parameters: an unexpected parameter must not be what stops a leak.
        calls.push({ params, body: fatInput(id) }, { params, query: { id: String(id), ids: String(id), companyId: String(id), search: '' }, body: fatInput(id) });
      }
      const seen: CallOutcome[] = [];
      for (const call of calls) {
        const url =
          route.url.replace(/:(\w+)/g, (_m, name: string) => String(call.params?.[name] ?? foreignIds[0])) +
          (call.query ? `?${new URLSearchParams(call.query).toString()}` : '');
        routeOutcomes = [];
        const res = await t.request(route.method, url, { cookie, ...(route.method !== 'GET' && call.body !== undefined ? { body: call.body } : {}) });
        seen.push(...routeOutcomes);
        routeOutcomes = null;
        if (res.body.includes(FOREIGN_MARKER)) leaks.push(`${route.method} ${url}`);
      }
      if (PLATFORM_ONLY_ROUTES.test(key)) {
        platformRoutes++;
        if (seen.some((o) => o !== 'rung')) leaks.push(`${key} got past the platform-admin rung`);
      } else if (!seen.includes('resolved')) unreached.push(key);
    }
    expect(leaks).toEqual([]);
    expect(await snapshot(t.database.owner, clubB)).toBe(before);
    console.info(
      `cross-club sweep: ${restRoutes.length - unreached.length - platformRoutes} of ${restRoutes.length} REST routes reached past input validation; ${platformRoutes} refused at the platform-admin rung`,
    );
    expect(unreached).toEqual([]);
  }, 600_000);
});
