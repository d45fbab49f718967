import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { seedDemo } from '@klubhus/db';
import { openTestDatabase } from '@klubhus/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { SECURITY_HEADERS } from '../src/security';
import { COMPRESS_MIN_BYTES } from '../src/web';
import { ORIGIN_HEADERS } from './helpers';

/** A built web app as Vite writes it: index.html, a hashed asset with its .br and .gz beside it. */
function fakeDist(): { dir: string; asset: string; js: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'klubhus-web-'));
  mkdirSync(join(dir, 'assets'));
  const js = Buffer.from(`export const hello = ${JSON.stringify('hej '.repeat(2000))};\n`);
  const asset = '/assets/index-AbC123xy.js';
  writeFileSync(join(dir, asset), js);
  writeFileSync(join(dir, `${asset}.br`), brotliCompressSync(js));
  writeFileSync(join(dir, `${asset}.gz`), gzipSync(js));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html lang="da"><head><script type="module" src="${asset}"></script></head><body></body></html>`);
  return { dir, asset, js };
}

describe('serving the built web app', () => {
  const dist = fakeDist();
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openTestDatabase();
    await seedDemo(database.owner);
    app = await buildApp({ database, config: { baseUrl: 'http://localhost:3000', secureCookies: false, dataDir: mkdtempSync(join(tmpdir(), 'klubhus-data-')) }, webDist: dist.dir });
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it('sends the security headers with the page, its assets and API answers', async () => {
    for (const url of ['/', dist.asset, '/api/health', '/trpc/app.state']) {
      const res = await app.inject({ method: 'GET', url, headers: ORIGIN_HEADERS });
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
    expect(SECURITY_HEADERS['content-security-policy']).toContain("script-src 'self'");
    expect(SECURITY_HEADERS['content-security-policy']).toContain("frame-ancestors 'self'");
    // Stripe.js and its Elements frames are the one outside script (apps/web/e2e/stripe.spec.ts loads them).
    expect(SECURITY_HEADERS['content-security-policy']).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(SECURITY_HEADERS['content-security-policy']).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
  });

  it('sends a hashed asset brotli-compressed when asked, cached for a year', async () => {
    const res = await app.inject({ method: 'GET', url: dist.asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).equals(dist.js)).toBe(true);
  });

  it('sends gzip to a client without brotli and plain bytes to one that asks for no encoding', async () => {
    const gz = await app.inject({ method: 'GET', url: dist.asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: dist.asset });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(dist.js)).toBe(true);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves the compressed copies as URLs of their own; a missing asset is a 404', async () => {
    expect((await app.inject({ method: 'GET', url: `${dist.asset}.br` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
  });

  it('answers index.html (and client-side routes) with no-cache', async () => {
    for (const url of ['/', '/login', '/events', '/index.html', '/public/events/invite/abc']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('compresses large API answers for clients that accept it and leaves small ones alone', async () => {
    const small = await app.inject({ method: 'GET', url: '/api/health', headers: { ...ORIGIN_HEADERS, 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });

    const docs = await app.inject({ method: 'GET', url: '/api/docs', headers: { ...ORIGIN_HEADERS } });
    expect(docs.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await app.inject({ method: 'GET', url: '/api/docs', headers: { ...ORIGIN_HEADERS, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(docs.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(docs.json());
  });

  it('compresses a large tRPC answer the same way and keeps its status and headers', async () => {
    const url = '/trpc/app.client';
    const plain = await app.inject({ method: 'GET', url, headers: { ...ORIGIN_HEADERS } });
    const br = await app.inject({ method: 'GET', url, headers: { ...ORIGIN_HEADERS, 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(plain.statusCode);
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    const body = br.headers['content-encoding'] === 'br' ? brotliDecompressSync(br.rawPayload).toString() : br.body;
    expect(JSON.parse(body)).toEqual(plain.json());
    expect(br.headers['content-encoding'] === 'br').toBe(plain.rawPayload.length >= COMPRESS_MIN_BYTES);
  });
});
