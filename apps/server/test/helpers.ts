import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCaller, createContext, createSession } from '@klubhus/api';
import { type DatabaseHandle, DEMO_PASSWORD, json, seedDemo, setScope } from '@klubhus/db';
import { openTestDatabase } from '@klubhus/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type AppOptions, buildApp } from '../src/app';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The app's data directory (its stored files live under it). */
  dataDir: string;
  /** Logs in through POST /api/login; returns the cookie header value. */
  login(email: string, password?: string): Promise<string>;
  /** JSON request as a browser on our own origin would send it. */
  request(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    opts?: { cookie?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const ORIGIN_HEADERS = { host: 'localhost:3000', origin: 'http://localhost:3000' };

/** A fresh database with the demo installation, and the app on it (no network: app.inject). */
export async function createTestApp(opts: { observe?: AppOptions['observe'] } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  await seedDemo(database.owner);
  const dataDir = mkdtempSync(join(tmpdir(), 'klubhus-data-'));
  const app = await buildApp({
    database,
    config: { baseUrl: 'http://localhost:3000', secureCookies: false, dataDir },
    webDist: join(dataDir, 'no-web'),
    observe: opts.observe,
  });
  const request: TestApp['request'] = (method, url, opts = {}) =>
    app.inject({
      method,
      url,
      headers: { ...ORIGIN_HEADERS, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.headers ?? {}) },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
  return {
    app,
    database,
    dataDir,
    request,
    async login(email, password = DEMO_PASSWORD) {
      const res = await request('POST', '/api/login', { body: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === 'klubhus_session');
      if (!cookie) throw new Error('no session cookie');
      return `klubhus_session=${cookie.value}`;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The id of a demo club by name. */
export async function clubId(database: DatabaseHandle, name: string): Promise<number> {
  const row = await database.owner.selectFrom('clients').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** A tRPC caller for a demo user with the given club as the session's club, storing files under dataDir. */
export async function callerAt(t: TestApp, email: string, clubName: string, dataDir: string) {
  const clientId = await clubId(t.database, clubName);
  const u = await t.database.owner.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const { session } = await createSession(t.database.db, u.id, { remember: false, clientId });
  const ctx = createContext(
    { database: t.database, config: { baseUrl: 'http://localhost', secureCookies: false, dataDir } },
    {
      session,
      user: { id: u.id, email: u.email, firstname: u.firstname, lastname: u.lastname, picture: u.picture, admin: u.admin, superAdmin: u.super_admin, timeZone: u.time_zone },
    },
    { ip: '127.0.0.1', setSessionCookie() {}, clearSessionCookie() {} },
  );
  return createCaller(ctx);
}

/** Links a module's ACL rule set (by name, or none) to the staff role of a club. */
export async function linkStaffRule(database: DatabaseHandle, clientId: number, alias: string, ruleId: string | null) {
  const module = await database.owner.selectFrom('modules').select('id').where('alias', '=', alias).executeTakeFirstOrThrow();
  await database.owner.transaction().execute(async (trx) => {
    await setScope(trx, clientId, null);
    await trx
      .updateTable('client_modules')
      .set({ role_acls: json(ruleId ? [{ ruleId, role: 'staff' }] : []) })
      .where('client_id', '=', clientId)
      .where('module_id', '=', module.id)
      .execute();
  });
}
