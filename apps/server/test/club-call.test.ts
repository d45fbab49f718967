import { mkdtempSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, json, openDatabase, SHARED_READS_NAME, setScope } from '@klubhus/db';
import { MSG } from '@klubhus/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionIdOf } from '@klubhus/api';
import { buildApp } from '../src/app';
import { clubId, createTestApp, linkStaffRule, ORIGIN_HEADERS, type TestApp } from './helpers';

/**
 * The fast club call: the session is checked and the club scope set in the call's first statement,
 * and the club context is cached per process and checked against the club's context_version on
 * every call. Nothing of that may loosen what a call sees: a change made through one app process is
 * in force in another on its very next call. On PostgreSQL the second app has its own pool and
 * cache, as a second process would; on PGlite it shares the one database but keeps a cache of its own.
 */
let t: TestApp;
let second: FastifyInstance;
let secondDb: DatabaseHandle | null = null;
let demo: number;
let nabo: number;
let staff: string;
let admin: string;

const LIST = `/trpc/companies.list?input=${encodeURIComponent('{}')}`;

async function listIn(app: FastifyInstance, cookie: string) {
  const res = await app.inject({ method: 'GET', url: LIST, headers: { ...ORIGIN_HEADERS, cookie } });
  const body = res.json();
  return { status: res.statusCode, body, message: body.error?.message as string | undefined, names: (body.result?.data.rows ?? []).map((r: { name: string }) => r.name) };
}

const trpcPost = (app: FastifyInstance, cookie: string, path: string, input: unknown) =>
  app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...ORIGIN_HEADERS, cookie, 'content-type': 'application/json' }, payload: JSON.stringify(input) });

beforeAll(async () => {
  t = await createTestApp();
  secondDb = t.database.url ? await openDatabase({ databaseUrl: t.database.url, migrate: false, poolSize: 3 }) : null;
  second = await buildApp({
    // A handle object of its own is a cache of its own (the cache belongs to the handle).
    database: secondDb ?? { ...t.database },
    config: { baseUrl: 'http://localhost:3000', secureCookies: false, dataDir: mkdtempSync(join(tmpdir(), 'klubhus-2-')) },
    webDist: '/nonexistent',
  });
  demo = await clubId(t.database, 'Demo IF');
  nabo = await clubId(t.database, 'Nabo BK');
  admin = await t.login('admin@demo.dk');
}, 120_000);
afterAll(async () => {
  await second.close();
  await secondDb?.close();
  await t.close();
});
beforeEach(async () => {
  staff = await t.login('staff@demo.dk');
});

describe('statements per club call', () => {
  it('a list call is four statements once the club context is cached, five when it must be read', async () => {
    const before = t.database.statements();
    expect((await listIn(t.app, staff)).status).toBe(200);
    const first = t.database.statements() - before;
    const again = t.database.statements();
    expect((await listIn(t.app, staff)).status).toBe(200);
    // BEGIN; session + user + context version + club scope; the page with its total; COMMIT.
    expect(t.database.statements() - again).toBe(4);
    expect(first).toBeLessThanOrEqual(5);
  });

  it.runIf(!!process.env.DATABASE_URL)("one-trip list calls: an order list writes to PostgreSQL once, two statements in one implicit transaction (the session statement and its page, no BEGIN or COMMIT; a later page and one past the end too), a company list twice (COMMIT on its own)", async () => {
    const orders = (input: object) => t.app.inject({ method: 'GET', url: `/trpc/orders.list?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { ...ORIGIN_HEADERS, cookie: admin } });
    // Every flush of a socket's buffered writes (pg corks a statement's messages) is one _write or _writev.
    const proto = Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
    const write = proto._write;
    const writev = proto._writev;
    let writes = 0;
    proto._write = function (this: Socket, ...args: unknown[]) {
      writes++;
      return write.apply(this, args);
    };
    proto._writev = function (this: Socket, ...args: unknown[]) {
      writes++;
      return writev.apply(this, args);
    };
    try {
      // The shared connections open on the first one-trip reads: their opening is no call's write.
      const shared = sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${SHARED_READS_NAME}`;
      for (let i = 0; i < 100 && (await shared.execute(t.database.owner)).rows[0].n < 2; i++) {
        expect((await orders({})).statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const input of [{}, { page: 2 }, { page: 99 }, { search: 'a' }, { search: 'zzzz-ingen' }]) {
        // A text is named the second time it is sent, and only statements prepared where they go out go out so: on
        // the pool's connection from then, on the shared ones (which prepare it when first asked) a call or two
        // later. Until then a call may write more (BEGIN and COMMIT, or the shared connections' Parse).
        const once = async () => {
          writes = 0;
          const before = t.database.statements();
          expect((await orders(input)).statusCode).toBe(200);
          return { statements: t.database.statements() - before, writes };
        };
        let warm = await once();
        for (let i = 0; i < 30 && (warm.statements !== 2 || warm.writes !== 1); i++) warm = await once();
        // Settled, it stays so.
        for (let i = 0; i < 3; i++) expect(await once(), JSON.stringify(input)).toEqual({ statements: 2, writes: 1 });
      }
      // The company list (oneTrip too, no commitWith): BEGIN, the session statement and its page in one write, COMMIT in another.
      expect((await listIn(t.app, admin)).status).toBe(200);
      writes = 0;
      expect((await listIn(t.app, admin)).status).toBe(200);
      expect(writes).toBe(2);
    } finally {
      proto._write = write;
      proto._writev = writev;
    }
  });
});

describe('a change in one process is in force in another on the very next call', () => {
  it('a module switched off for the club is refused, and allowed again when switched on', async () => {
    expect((await listIn(second, staff)).status).toBe(200);
    const module = await t.database.owner.selectFrom('modules').select('id').where('alias', '=', 'companies').executeTakeFirstOrThrow();
    const setting = { clientId: demo, moduleId: module.id, active: false, roleAcls: [{ ruleId: 'Fuld adgang', role: 'staff' }] };
    expect((await trpcPost(t.app, admin, 'clients.updateModule', setting)).statusCode).toBe(200);
    const off = await listIn(second, staff);
    expect(off.status).toBe(403);
    expect(off.message).toBe(MSG.moduleOff);
    expect((await trpcPost(t.app, admin, 'clients.updateModule', { ...setting, active: true })).statusCode).toBe(200);
    expect((await listIn(second, staff)).status).toBe(200);
  });

  it("the role's rules unlinked are refused; linked again, allowed", async () => {
    expect((await listIn(second, staff)).status).toBe(200);
    await linkStaffRule(t.database, demo, 'companies', null);
    const refused = await listIn(second, staff);
    expect(refused.status).toBe(403);
    expect(refused.message).toBe(MSG.forbidden);
    await linkStaffRule(t.database, demo, 'companies', 'Fuld adgang');
    expect((await listIn(second, staff)).status).toBe(200);
  });

  it("a module's global definition (its rule sets) changed applies to every club at once", async () => {
    expect((await listIn(second, staff)).status).toBe(200);
    const module = await t.database.owner.selectFrom('modules').select(['id', 'acl_rules']).where('alias', '=', 'companies').executeTakeFirstOrThrow();
    const withoutRead = module.acl_rules.map((set) => ({ ...set, userACL: [] }));
    await t.database.owner.updateTable('modules').set({ acl_rules: json(withoutRead) }).where('id', '=', module.id).execute();
    expect((await listIn(second, staff)).status).toBe(403);
    await t.database.owner.updateTable('modules').set({ acl_rules: json(module.acl_rules) }).where('id', '=', module.id).execute();
    expect((await listIn(second, staff)).status).toBe(200);
  });

  it('a membership removed is refused; a member made staff gets the back office', async () => {
    const user = await t.database.owner.selectFrom('users').select('id').where('email', '=', 'staff@demo.dk').executeTakeFirstOrThrow();
    expect((await listIn(second, staff)).status).toBe(200);
    const asOwner = (fn: (role: string | null) => Promise<unknown>) =>
      t.database.owner.transaction().execute(async (trx) => {
        await setScope(trx, demo, null);
        const row = await trx.selectFrom('client_users').select('role').where('client_id', '=', demo).where('user_id', '=', user.id).executeTakeFirst();
        await trx.deleteFrom('client_users').where('client_id', '=', demo).where('user_id', '=', user.id).execute();
        await fn(row?.role ?? null);
        return row;
      });
    const row = await asOwner(async () => {});
    const gone = await listIn(second, staff);
    expect(gone.status).toBe(403);
    expect(gone.message).toBe(MSG.noClub);
    await t.database.owner.transaction().execute(async (trx) => {
      await setScope(trx, demo, null);
      await trx.insertInto('client_users').values({ client_id: demo, user_id: user.id, role: 'member' }).execute();
    });
    expect((await listIn(second, staff)).message).toBe(MSG.forbidden);
    await t.database.owner.transaction().execute(async (trx) => {
      await setScope(trx, demo, null);
      await trx.updateTable('client_users').set({ role: row?.role ?? 'staff' }).where('client_id', '=', demo).where('user_id', '=', user.id).execute();
    });
    expect((await listIn(second, staff)).status).toBe(200);
  });

  it('a logout ends club calls everywhere at once', async () => {
    expect((await listIn(second, staff)).status).toBe(200);
    await t.app.inject({ method: 'GET', url: '/logout', headers: { ...ORIGIN_HEADERS, cookie: staff } });
    const after = await listIn(second, staff);
    expect(after.status).toBe(401);
    expect(after.message).toBe(MSG.notLoggedIn);
  });

  it("a club switch in one process is the next call's club in the other", async () => {
    await t.database.owner.transaction().execute(async (trx) => {
      await setScope(trx, nabo, null);
      await trx.insertInto('companies').values({ client_id: nabo, name: 'Naboens Bageri', status: 0, phone: '12345678' }).execute();
    });
    const inDemo = await listIn(second, admin);
    expect(inDemo.status).toBe(200);
    expect(inDemo.names).not.toContain('Naboens Bageri');
    expect((await trpcPost(t.app, admin, 'app.changeClient', { id: nabo })).statusCode).toBe(200);
    const inNabo = await listIn(second, admin);
    expect(inNabo.status).toBe(200);
    const naboNames = (await t.database.owner.selectFrom('companies').select('name').where('client_id', '=', nabo).execute()).map((r) => r.name);
    expect(inNabo.names).toContain('Naboens Bageri');
    for (const name of inNabo.names) expect(naboNames).toContain(name);
    expect((await trpcPost(t.app, admin, 'app.changeClient', { id: demo })).statusCode).toBe(200);
  });

  it('a session used in the second half of its idle window is extended by a club call', async () => {
    const fresh = await t.login('staff@demo.dk');
    expect((await listIn(second, fresh)).status).toBe(200);
    const soon = new Date(Date.now() + 60_000);
    const mine = sessionIdOf(fresh.split('=')[1]) as string;
    await t.database.owner.updateTable('sessions').set({ expires_at: soon }).where('id', '=', mine).execute();
    expect((await listIn(second, fresh)).status).toBe(200);
    const after = await t.database.owner.selectFrom('sessions').select('expires_at').where('id', '=', mine).executeTakeFirstOrThrow();
    expect(new Date(after.expires_at).getTime()).toBeGreaterThan(soon.getTime() + 60_000);
  });

  it('an expired session is refused by a club call', async () => {
    const fresh = await t.login('staff@demo.dk');
    expect((await listIn(second, fresh)).status).toBe(200);
    await t.database.owner.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('expires_at', '>', new Date()).execute();
    expect((await listIn(second, fresh)).status).toBe(401);
  });
  // Last: the staff user keeps the new password.
  it("a password change ends the user's other sessions everywhere at once", async () => {
    const other = await t.login('staff@demo.dk');
    expect((await listIn(second, other)).status).toBe(200);
    const changed = await trpcPost(t.app, staff, 'auth.changePassword', { currentPassword: 'demo1234', password: 'Nyt-kodeord-2026!' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await listIn(second, other)).status).toBe(401);
    expect((await listIn(second, staff)).status).toBe(200);
  });

});
