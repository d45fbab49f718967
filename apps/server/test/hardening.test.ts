import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { hashToken } from '@klubhus/api';
import { DEMO_PASSWORD, openDatabase } from '@klubhus/db';
import { MSG, PASSWORD_COMMON_MESSAGE } from '@klubhus/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { parseTrustProxy } from '../src/config';
import { multipart } from './crm/helpers';
import { createTestApp, ORIGIN_HEADERS, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lastMail = (to: string) =>
  t.database.owner.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();
const tokenIn = (text: string) => /token=([a-z2-7]+)/.exec(text)?.[1] ?? '';
const trpcQuery = (path: string, input: unknown, cookie?: string) =>
  t.request('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { cookie });
const trpcMutation = (path: string, input: unknown, cookie?: string) => t.request('POST', `/trpc/${path}`, { cookie, body: input });

describe('1. internal errors never show their own text', () => {
  it('answers REST and tRPC with the Danish text and an error id; the log has the id with the real error', async () => {
    const cookie = await t.login('admin@demo.dk');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await sql`ALTER TABLE companies RENAME TO companies_gone`.execute(t.database.owner);
    try {
      const rest = await t.request('POST', '/api/companies', { cookie, body: {} });
      expect(rest.statusCode).toBe(500);
      expect(rest.json()).toEqual({ success: false, error: MSG.unknownError, errorId: expect.stringMatching(/^[0-9a-f]{12}$/) });
      expect(rest.body).not.toMatch(/companies|relation/);
      const trpc = await trpcQuery('companies.list', {}, cookie);
      expect(trpc.statusCode).toBe(500);
      const err = trpc.json().error;
      expect(err.message).toBe(MSG.unknownError);
      expect(err.data.errorId).toMatch(/^[0-9a-f]{12}$/);
      expect(trpc.body).not.toMatch(/relation|stack/);
      const logged = log.mock.calls.map((c) => c.join(' '));
      for (const id of [rest.json().errorId, err.data.errorId]) {
        const line = log.mock.calls.find((c) => String(c[0]).includes(id));
        expect(line, `${id} in ${logged.join('\n')}`).toBeDefined();
        expect(String((line?.[1] as Error)?.message ?? line?.[1])).toMatch(/companies/);
      }
    } finally {
      await sql`ALTER TABLE companies_gone RENAME TO companies`.execute(t.database.owner);
      log.mockRestore();
    }
  });

  it('an error outside a handler (the session look-up) answers the same way', async () => {
    const cookie = await t.login('admin@demo.dk');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await sql`ALTER TABLE sessions RENAME TO sessions_gone`.execute(t.database.owner);
    try {
      const res = await t.request('GET', '/api/user', { cookie });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, error: MSG.unknownError, errorId: expect.stringMatching(/^[0-9a-f]{12}$/) });
      expect(log.mock.calls.some((c) => String(c[0]).includes(res.json().errorId))).toBe(true);
    } finally {
      await sql`ALTER TABLE sessions_gone RENAME TO sessions`.execute(t.database.owner);
      log.mockRestore();
    }
  });

  it('refuses an id past PostgreSQL integer with 400 in Danish, REST and tRPC', async () => {
    const cookie = await t.login('admin@demo.dk');
    const rest = await t.request('GET', '/api/companies/99999999999', { cookie });
    expect(rest.statusCode).toBe(400);
    expect(rest.json().error).toBe('Ugyldigt id');
    const trpc = await trpcQuery('companies.get', { id: 99999999999 }, cookie);
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.message).toBe('Ugyldigt id');
  });
});

describe('2. NUL in text', () => {
  it('refuses a NUL in a search or a name with 400 in Danish, never 500', async () => {
    const cookie = await t.login('admin@demo.dk');
    const list = await t.request('POST', '/api/companies', { cookie, body: { search: 'a\u0000b' } });
    expect(list.statusCode).toBe(400);
    expect(list.json().error).toBe(MSG.invalidText);
    const picker = await t.request('GET', '/api/companies?search=a%00b', { cookie });
    expect(picker.statusCode).toBe(400);
    const update = await t.request('POST', '/api/companies/update', { cookie, body: { name: 'Nul\u0000 A/S', status: 0 } });
    expect(update.statusCode).toBe(400);
    expect(update.json().error).toBe(MSG.invalidText);
    const form = multipart({ name: 'Nul\u0000 A/S', status: '0' });
    const mp = await t.app.inject({ method: 'POST', url: '/api/companies/update', headers: { ...ORIGIN_HEADERS, cookie, ...form.headers }, payload: form.body });
    expect(mp.statusCode).toBe(400);
    expect(mp.json().error).toBe(MSG.invalidText);
    const trpc = await trpcMutation('companies.update', { name: 'Nul\u0000 A/S', status: 0 }, cookie);
    expect(trpc.statusCode).toBe(400);
    const trpcGet = await trpcQuery('companies.list', { search: 'a\u0000b' }, cookie);
    expect(trpcGet.statusCode).toBe(400);
    expect(await t.database.owner.selectFrom('companies').select('id').where('name', 'like', 'Nul%').executeTakeFirst()).toBeUndefined();
  });
});

describe('4. the staff list', () => {
  it('is for staff only', async () => {
    const member = await t.login('member@demo.dk');
    const refused = await t.request('GET', '/api/app/users', { cookie: member });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MSG.forbidden);
    expect(refused.body).not.toContain('@demo.dk');
    const staff = await t.login('staff@demo.dk');
    expect((await t.request('GET', '/api/app/users', { cookie: staff })).statusCode).toBe(200);
  });
});

describe('5. state-changing GETs refuse cross-site navigation', () => {
  it('change-client', async () => {
    const admin = await t.login('admin@demo.dk');
    const nabo = (await t.database.owner.selectFrom('clients').select('id').where('name', '=', 'Nabo BK').executeTakeFirstOrThrow()).id;
    const before = (await t.request('GET', '/api/app/client', { cookie: admin })).json().name;
    for (const site of ['cross-site', 'same-site']) {
      const res = await t.request('GET', `/api/app/change-client/${nabo}`, { cookie: admin, headers: { 'sec-fetch-site': site } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(MSG.invalidOrigin);
    }
    expect((await t.request('GET', '/api/app/client', { cookie: admin })).json().name).toBe(before);
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, {}] as Record<string, string>[]) {
      const res = await t.request('GET', `/api/app/change-client/${nabo}`, { cookie: admin, headers });
      expect(res.statusCode).toBe(302);
    }
    expect((await t.request('GET', '/api/app/client', { cookie: admin })).json().name).toBe('Nabo BK');
  });

  it('logout', async () => {
    const cookie = await t.login('staff@demo.dk');
    const refused = await t.request('GET', '/logout', { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MSG.invalidOrigin);
    expect((await t.request('GET', '/api/user', { cookie })).statusCode).toBe(200);
    const ok = await t.request('GET', '/logout', { cookie, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(ok.statusCode).toBe(302);
    expect((await t.request('GET', '/api/user', { cookie })).statusCode).toBe(401);
    const plain = await t.login('staff@demo.dk');
    expect((await t.request('GET', '/logout', { cookie: plain })).statusCode).toBe(302);
  });
});

describe('6. common passwords', () => {
  it('are refused at sign-up, reset and change, in Danish', async () => {
    const reg = await t.request('POST', '/api/register', {
      body: { firstname: 'A', lastname: 'B', email: 'almindelig@example.dk', password: 'password1', confirmPassword: 'password1' },
    });
    expect(reg.statusCode).toBe(400);
    expect(reg.json().error).toBe(PASSWORD_COMMON_MESSAGE);
    expect(await t.database.owner.selectFrom('users').select('id').where('email', '=', 'almindelig@example.dk').executeTakeFirst()).toBeUndefined();

    await t.request('POST', '/api/forgot-password', { body: { email: 'member@demo.dk' } });
    const token = tokenIn((await lastMail('member@demo.dk')).text);
    const reset = await t.request('POST', '/api/reset-password', { body: { resetToken: token, password: 'qwertyuiop', confirmPassword: 'qwertyuiop' } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error).toBe(PASSWORD_COMMON_MESSAGE);

    const cookie = await t.login('member@demo.dk');
    const change = await trpcMutation('auth.changePassword', { currentPassword: DEMO_PASSWORD, password: 'iloveyou1' }, cookie);
    expect(change.statusCode).toBe(400);
    expect(change.json().error.message).toBe(PASSWORD_COMMON_MESSAGE);
    // The demo password still works: nothing was changed.
    expect((await t.request('POST', '/api/login', { body: { email: 'member@demo.dk', password: DEMO_PASSWORD } })).statusCode).toBe(200);
  });
});

describe('7. the app role', () => {
  it('a failed SET ROLE stops the start with a clear message', async () => {
    const template = process.env.KLUBHUS_TEST_TEMPLATE;
    const open = process.env.DATABASE_URL
      ? openDatabase({ databaseUrl: process.env.DATABASE_URL, migrate: false, poolSize: 1, appRole: 'no_such_role' })
      : openDatabase({
          dataDir: 'memory://',
          loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
          migrate: !template,
          appRole: 'no_such_role',
        });
    await expect(open).rejects.toThrow(/SET ROLE no_such_role failed/);
  });
});

describe('8. reset links', () => {
  it('a newer link, a reset and a password change revoke the earlier ones', async () => {
    const email = 'admin@demo.dk';
    const user = await t.database.owner.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const resetWith = (token: string, password: string) =>
      t.request('POST', '/api/reset-password', { body: { resetToken: token, password, confirmPassword: password } });

    await t.request('POST', '/api/forgot-password', { body: { email } });
    const first = tokenIn((await lastMail(email)).text);
    await t.request('POST', '/api/forgot-password', { body: { email } });
    const second = tokenIn((await lastMail(email)).text);
    expect(second).not.toBe(first);
    expect((await resetWith(first, 'nyadgang123')).json()).toEqual({ success: false, error: MSG.resetFailed });

    // A reset consumes every other open link of the user.
    const spare = 'spare0token0for0test';
    await t.database.owner
      .insertInto('auth_tokens')
      .values({ id: hashToken(spare), user_id: user.id, kind: 'reset', expires_at: new Date(Date.now() + 3600_000) })
      .execute();
    expect((await resetWith(second, 'nyadgang123')).json()).toEqual({ success: true });
    expect((await resetWith(spare, 'andenadgang1')).json()).toEqual({ success: false, error: MSG.resetFailed });

    // A password change too.
    await t.request('POST', '/api/forgot-password', { body: { email } });
    const third = tokenIn((await lastMail(email)).text);
    const cookie = await t.login(email, 'nyadgang123');
    const change = await trpcMutation('auth.changePassword', { currentPassword: 'nyadgang123', password: DEMO_PASSWORD }, cookie);
    expect(change.statusCode).toBe(200);
    expect((await resetWith(third, 'andenadgang1')).json()).toEqual({ success: false, error: MSG.resetFailed });
    await t.database.owner.deleteFrom('rate_limits').execute();
  });
});

describe('9. caching', () => {
  it('answers for a session are no-store, REST and tRPC', async () => {
    const cookie = await t.login('staff@demo.dk');
    expect((await t.request('GET', '/api/user', { cookie })).headers['cache-control']).toBe('no-store');
    expect((await t.request('GET', '/trpc/app.user', { cookie })).headers['cache-control']).toBe('no-store');
    expect((await t.request('POST', '/api/companies', { cookie, body: {} })).headers['cache-control']).toBe('no-store');
    expect((await t.request('GET', '/api/app', { cookie })).headers['cache-control']).toBe('no-store');
  });
});

describe('10. multipart', () => {
  it('an anonymous 40 MB form is refused 401 before its body is read', async () => {
    const size = 40 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let pulled = 0;
    const boundary = '----klubhusbig';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="logoWebFile"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const body = new Readable({
      read() {
        if (pulled === 0) {
          pulled += head.length;
          this.push(head);
          return;
        }
        if (pulled >= size) {
          this.push(Buffer.from(`\r\n--${boundary}--\r\n`));
          this.push(null);
          return;
        }
        pulled += chunk.length;
        this.push(chunk);
      },
    });
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/companies/update',
      headers: { ...ORIGIN_HEADERS, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(size + 200) },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: MSG.notLoggedIn });
    expect(pulled).toBeLessThan(size / 4);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a logged-in form over the field limits is refused in Danish', async () => {
    const cookie = await t.login('admin@demo.dk');
    const send = (form: ReturnType<typeof multipart>) =>
      t.app.inject({ method: 'POST', url: '/api/companies/update', headers: { ...ORIGIN_HEADERS, cookie, ...form.headers }, payload: form.body });
    const many: Record<string, string> = { name: 'Mange A/S', status: '0' };
    for (let i = 0; i < 300; i++) many[`f${i}`] = 'x';
    const tooMany = await send(multipart(many));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ success: false, error: MSG.formTooLarge });
    const big = await send(multipart({ name: 'Stor A/S', status: '0', note: 'x'.repeat(1024 * 1024 + 10) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ success: false, error: MSG.fieldTooLarge });
    expect(await t.database.owner.selectFrom('companies').select('id').where('name', 'in', ['Mange A/S', 'Stor A/S']).executeTakeFirst()).toBeUndefined();
  });
});

describe('11. TRUST_PROXY', () => {
  it('parses a hop count or a list of proxies, never "trust all"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.2')).toEqual(['10.0.0.0/8', '192.168.1.2']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('evil;drop')).toThrow(/TRUST_PROXY/);
  });

  it('with one trusted hop, a spoofed left-most X-Forwarded-For does not choose the rate-limited address', async () => {
    const app = await buildApp({
      database: t.database,
      config: { baseUrl: 'http://localhost:3000', secureCookies: false, dataDir: '/tmp/klubhus-hard-proxy' },
      webDist: '/tmp/klubhus-hard-proxy/no-web',
      trustProxy: parseTrustProxy('1'),
    });
    try {
      await t.database.owner.deleteFrom('rate_limits').execute();
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { ...ORIGIN_HEADERS, 'x-forwarded-for': '1.2.3.4, 10.0.0.5' },
        payload: { email: 'staff@demo.dk', password: 'forkert' },
      });
      expect(res.statusCode).toBe(401);
      const keys = (await t.database.owner.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
      expect(keys).toContain('login-ip:10.0.0.5');
      expect(keys).not.toContain('login-ip:1.2.3.4');
    } finally {
      await app.close();
      await t.database.owner.deleteFrom('rate_limits').execute();
    }
  });
});

describe('12. changing the password', () => {
  it('is limited to 5 wrong current passwords per user', async () => {
    const cookie = await t.login('staff@demo.dk');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await trpcMutation('auth.changePassword', { currentPassword: 'forkert', password: 'nyadgang123' }, cookie)).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    const blocked = await trpcMutation('auth.changePassword', { currentPassword: DEMO_PASSWORD, password: 'nyadgang123' }, cookie);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(MSG.tooManyAttempts);
    await t.database.owner.deleteFrom('rate_limits').execute();
  });
});
