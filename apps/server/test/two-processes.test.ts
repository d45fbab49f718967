import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, openDatabase } from '@klubhus/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestApp, ORIGIN_HEADERS, type TestApp } from './helpers';

/**
 * App processes are stateless: a session, a rate limit and a club switch made
 * through one are seen by another. On PostgreSQL the second app has its own
 * connection pool to the same database, as a second process would.
 */
let t: TestApp;
let second: FastifyInstance;
let secondDb: DatabaseHandle | null = null;

beforeAll(async () => {
  t = await createTestApp();
  // PGlite is one in-process database: there the second app shares the handle.
  secondDb = t.database.url ? await openDatabase({ databaseUrl: t.database.url, migrate: false, poolSize: 3 }) : null;
  second = await buildApp({
    database: secondDb ?? t.database,
    config: { baseUrl: 'http://localhost:3000', secureCookies: false, dataDir: mkdtempSync(join(tmpdir(), 'klubhus-2-')) },
    webDist: '/nonexistent',
  });
});
afterAll(async () => {
  await second.close();
  await secondDb?.close();
  await t.close();
});

describe('two app processes on one database', () => {
  it('share sessions and rate limits', async () => {
    const cookie = await t.login('staff@demo.dk');
    const me = await second.inject({ method: 'GET', url: '/api/user', headers: { ...ORIGIN_HEADERS, cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().result.email).toBe('staff@demo.dk');
    for (let i = 0; i < 5; i++) await t.request('POST', '/api/login', { body: { email: 'member@demo.dk', password: 'forkert' } });
    const blocked = await second.inject({
      method: 'POST',
      url: '/api/login',
      headers: ORIGIN_HEADERS,
      payload: { email: 'member@demo.dk', password: 'demo1234' },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('a logout on one ends the session on the other', async () => {
    const cookie = await t.login('admin@demo.dk');
    await second.inject({ method: 'GET', url: '/logout', headers: { ...ORIGIN_HEADERS, cookie } });
    expect((await t.request('GET', '/api/user', { cookie })).statusCode).toBe(401);
  });
});
