import { hashToken, validateSessionToken } from '@klubhus/api';
import { DEMO_PASSWORD } from '@klubhus/db';
import { MSG } from '@klubhus/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface SetCookie {
  name: string;
  value: string;
  httpOnly?: boolean;
  sameSite?: string;
  path?: string;
  maxAge?: number;
}
const cookieOf = (res: { cookies: SetCookie[] }) => res.cookies.find((c) => c.name === 'klubhus_session');
const lastMail = (to: string) =>
  t.database.owner.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();
const tokenIn = (text: string) => /token=([a-z2-7]+)/.exec(text)?.[1] ?? '';

describe('login and sessions', () => {
  it('stores a session as the SHA-256 of its token, in hex (sessions made before keep working)', () => {
    // FIPS 180-2's test vector, and a token of our alphabet checked against @oslojs's sha256.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('abcdefghijklmnopqrstuvwxyz234567')).toBe('84cb29b2c78b393c0d30a90d5a9f670267d02d9ec3743fc1800acff8b03bac15');
  });

  it("GET /api/user lists exactly the user's own memberships, by club name (the session check's one statement, under row-level security)", async () => {
    const admin = await t.login('admin@demo.dk');
    const before = t.database.statements();
    const me = await t.request('GET', '/api/user', { cookie: admin });
    expect(me.statusCode).toBe(200);
    // The session check with the profile and its memberships.
    expect(t.database.statements() - before).toBe(1);
    expect(me.json().result.clients.map((c: { name: string; role: string }) => [c.name, c.role])).toEqual([
      ['Demo IF', 'admin'],
      ['Nabo BK', 'admin'],
    ]);
    const member = await t.request('GET', '/api/user', { cookie: await t.login('member@demo.dk') });
    expect(member.json().result.clients.map((c: { name: string }) => c.name)).toEqual(['Demo IF']);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie and stores only the token hash', async () => {
    const res = await t.request('POST', '/api/login', { body: { email: 'staff@demo.dk', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'staff@demo.dk', firstname: 'Søren', clients: [{ name: 'Demo IF', role: 'staff' }] });
    const c = cookieOf(res)!;
    expect(c.httpOnly).toBe(true);
    expect(c.sameSite).toBe('Lax');
    expect(c.path).toBe('/');
    expect(c.maxAge).toBeUndefined(); // no remember-me: ends with the browser
    const stored = await t.database.owner.selectFrom('sessions').select('id').execute();
    expect(stored.map((s) => s.id)).toContain(hashToken(c.value));
    expect(stored.map((s) => s.id)).not.toContain(c.value);
  });

  it('remember-me gives a long-lived cookie and session', async () => {
    const res = await t.request('POST', '/api/login', { body: { email: 'staff@demo.dk', password: DEMO_PASSWORD, rememberMe: true } });
    const c = cookieOf(res)!;
    expect(c.maxAge).toBeGreaterThan(20 * 24 * 3600);
    const row = await t.database.owner.selectFrom('sessions').selectAll().where('id', '=', hashToken(c.value)).executeTakeFirstOrThrow();
    expect(row.remember).toBe(true);
    expect(new Date(row.absolute_expires_at).getTime() - Date.now()).toBeGreaterThan(60 * 24 * 3600_000);
  });

  it('rotates the session at login: the old token stops working', async () => {
    const first = await t.login('staff@demo.dk');
    const res = await t.request('POST', '/api/login', { cookie: first, body: { email: 'staff@demo.dk', password: DEMO_PASSWORD } });
    const second = `klubhus_session=${cookieOf(res)!.value}`;
    expect(second).not.toBe(first);
    expect((await t.request('GET', '/api/user', { cookie: first })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/user', { cookie: second })).statusCode).toBe(200);
  });

  it('refuses a wrong password with a Danish message and the same answer for an unknown e-mail', async () => {
    const wrong = await t.request('POST', '/api/login', { body: { email: 'member@demo.dk', password: 'forkert' } });
    const unknown = await t.request('POST', '/api/login', { body: { email: 'ingen@demo.dk', password: 'forkert' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, error: 'Forkert e-mail eller adgangskode.' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(cookieOf(wrong)).toBeUndefined();
  });

  it('validates input in Danish', async () => {
    const res = await t.request('POST', '/api/login', { body: { email: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('E-mail er påkrævet');
  });

  it('logout ends the session on the server', async () => {
    const cookie = await t.login('staff@demo.dk');
    const token = cookie.split('=')[1];
    const res = await t.request('GET', '/logout', { cookie });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
    expect(await validateSessionToken(t.database.db, token)).toBeNull();
    expect((await t.request('GET', '/api/user', { cookie })).statusCode).toBe(401);
  });

  it('expires idle sessions and slides active ones', async () => {
    const cookie = await t.login('staff@demo.dk');
    const id = hashToken(cookie.split('=')[1]);
    // Used late in its idle window: extended.
    await t.database.owner.updateTable('sessions').set({ expires_at: new Date(Date.now() + 60_000) }).where('id', '=', id).execute();
    expect((await t.request('GET', '/api/user', { cookie })).statusCode).toBe(200);
    const slid = await t.database.owner.selectFrom('sessions').select('expires_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(slid.expires_at).getTime() - Date.now()).toBeGreaterThan(3600_000);
    // Past its idle expiry: gone.
    await t.database.owner.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    expect((await t.request('GET', '/api/user', { cookie })).statusCode).toBe(401);
    expect(await t.database.owner.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('rate-limits repeated failed logins with 429', async () => {
    const body = { email: 'admin@demo.dk', password: 'forkert' };
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await t.request('POST', '/api/login', { body })).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes[5]).toBe(429);
    const blocked = await t.request('POST', '/api/login', { body: { email: 'admin@demo.dk', password: DEMO_PASSWORD } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('For mange forsøg. Prøv igen om lidt.');
    await t.database.owner.deleteFrom('rate_limits').execute();
  });
});

describe('cross-site request forgery', () => {
  it('refuses a tRPC mutation posted as text/plain (tRPC issue #5522)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { host: 'localhost:3000', 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: 'staff@demo.dk', password: DEMO_PASSWORD }),
    });
    expect(res.statusCode).toBe(403);
    expect(cookieOf(res)).toBeUndefined();
  });

  it('refuses a write from another origin, REST or tRPC', async () => {
    const cookie = await t.login('admin@demo.dk');
    for (const url of ['/api/modules/update', '/trpc/modules.update']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { host: 'localhost:3000', origin: 'https://evil.example', cookie, 'content-type': 'application/json' },
        payload: { name: 'Ond', alias: 'ond', icon: 'x' },
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await t.database.owner.selectFrom('modules').select('id').where('alias', '=', 'ond').executeTakeFirst()).toBeUndefined();
  });

  it('refuses a form-encoded REST write', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=staff%40demo.dk&password=${DEMO_PASSWORD}`,
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts a JSON write from our own origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: { email: 'member@demo.dk', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('sign-up, e-mail confirmation and password reset', () => {
  it('registers a member of the storefront club, confirms the e-mail from the outbox link, then logs in', async () => {
    const body = { firstname: 'Ny', lastname: 'Bruger', email: 'ny@example.dk', password: 'hemmelig123', confirmPassword: 'hemmelig123' };
    const res = await t.request('POST', '/api/register', { body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect(res.json().result).toMatch(/^Din bruger blev oprettet!/);
    // Not confirmed yet.
    const early = await t.request('POST', '/api/login', { body: { email: body.email, password: body.password } });
    expect(early.statusCode).toBe(403);
    const mail = await lastMail('ny@example.dk');
    expect(mail.kind).toBe('confirm-email');
    const confirm = await t.request('GET', `/api/confirm-email?token=${tokenIn(mail.text)}`);
    expect(confirm.headers.location).toBe('/login?confirmed=1');
    // The link is single-use.
    const again = await t.request('GET', `/api/confirm-email?token=${tokenIn(mail.text)}`);
    expect(again.headers.location).toBe('/login?confirmed=0');
    const login = await t.request('POST', '/api/login', { body: { email: body.email, password: body.password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().clients).toMatchObject([{ name: 'Demo IF', role: 'member' }]);
  });

  it('answers a taken e-mail as a new one, creating nothing, and mails the owner instead', async () => {
    const before = await t.database.owner.selectFrom('users').select('id').execute();
    const fresh = await t.request('POST', '/api/register', {
      body: { firstname: 'Helt', lastname: 'Ny', email: 'heltny@example.dk', password: 'hemmelig123', confirmPassword: 'hemmelig123' },
    });
    const taken = await t.request('POST', '/api/register', {
      body: { firstname: 'A', lastname: 'B', email: 'STAFF@demo.dk', password: 'hemmelig123', confirmPassword: 'hemmelig123' },
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(taken.json()).toEqual({ success: true, result: MSG.signupSuccess });
    const mail = await lastMail('staff@demo.dk');
    expect(mail.kind).toBe('signup-existing');
    expect(mail.subject).toBe('Nogen forsøgte at oprette en bruger med din e-mail');
    expect(mail.text).toContain('http://localhost:3000/login');
    const mismatch = await t.request('POST', '/api/register', {
      body: { firstname: 'A', lastname: 'B', email: 'x@example.dk', password: 'hemmelig123', confirmPassword: 'hemmelig124' },
    });
    expect(mismatch.json().error).toBe('Gentag adgangskode skal matche Adgangskode');
    // Only the fresh address became a user.
    expect(await t.database.owner.selectFrom('users').select('id').execute()).toHaveLength(before.length + 1);
  });

  it('answers forgot-password the same for known and unknown e-mails; only a known one gets a link', async () => {
    const known = await t.request('POST', '/api/forgot-password', { body: { email: 'member@demo.dk' } });
    const unknown = await t.request('POST', '/api/forgot-password', { body: { email: 'ukendt@demo.dk' } });
    expect(known.json()).toEqual({ success: true, result: 'E-mail blev sendt med et link til at genskabe din adgangskode' });
    expect(unknown.json()).toEqual(known.json());
    expect(await t.database.owner.selectFrom('outbox').select('id').where('to_address', '=', 'ukendt@demo.dk').executeTakeFirst()).toBeUndefined();
    expect((await lastMail('member@demo.dk')).text).toContain('http://localhost:3000/reset-password?token=');
  });

  it('resets the password with a single-use token and ends every session of the user', async () => {
    const session = await t.login('member@demo.dk');
    await t.request('POST', '/api/forgot-password', { body: { email: 'member@demo.dk' } });
    const token = tokenIn((await lastMail('member@demo.dk')).text);
    const reset = await t.request('POST', '/api/reset-password', {
      body: { resetToken: token, password: 'nyadgang123', confirmPassword: 'nyadgang123' },
    });
    expect(reset.json()).toEqual({ success: true });
    expect((await t.request('GET', '/api/user', { cookie: session })).statusCode).toBe(401);
    const reuse = await t.request('POST', '/api/reset-password', {
      body: { resetToken: token, password: 'andenadgang1', confirmPassword: 'andenadgang1' },
    });
    expect(reuse.json()).toEqual({ success: false, error: 'Adgangskoden kunne ikke genskabes' });
    expect((await t.request('POST', '/api/login', { body: { email: 'member@demo.dk', password: 'nyadgang123' } })).statusCode).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    await t.request('POST', '/api/forgot-password', { body: { email: 'staff@demo.dk' } });
    const token = tokenIn((await lastMail('staff@demo.dk')).text);
    await t.database.owner.updateTable('auth_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', hashToken(token)).execute();
    const res = await t.request('POST', '/api/reset-password', {
      body: { resetToken: token, password: 'nyadgang123', confirmPassword: 'nyadgang123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Adgangskoden kunne ikke genskabes');
  });
});
