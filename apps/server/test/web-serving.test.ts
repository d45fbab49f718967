import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { type DatabaseHandle, seedDemo } from '@klubhus/db';
import { openTestDatabase } from '@klubhus/db/testing';
import type { FastifyInstance } from 'fastify';
import { formatEventStartIn, PUBLIC_EVENTS_MSG } from '@klubhus/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL_EVENT_PARTS } from '../../web/src/app/shell';
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

/** The app on the demo database serving the web build in `webDist`, for one describe block. */
function serving(webDist: string): { readonly app: FastifyInstance; readonly database: DatabaseHandle } {
  const served = {} as { app: FastifyInstance; database: DatabaseHandle };
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openTestDatabase();
    await seedDemo(database.owner);
    served.database = database;
    served.app = await buildApp({ database, config: { baseUrl: 'http://localhost:3000', secureCookies: false, dataDir: mkdtempSync(join(tmpdir(), 'klubhus-data-')) }, webDist });
    close = async () => {
      await served.app.close();
      await database.close();
    };
  });
  afterAll(() => close());
  return served;
}

describe('serving the built web app', () => {
  const dist = fakeDist();
  const served = serving(dist.dir);

  it('sends the security headers with the page, its assets and API answers', async () => {
    for (const url of ['/', dist.asset, '/api/health', '/trpc/app.state']) {
      const res = await served.app.inject({ method: 'GET', url, headers: ORIGIN_HEADERS });
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
    expect(SECURITY_HEADERS['content-security-policy']).toContain("script-src 'self'");
    expect(SECURITY_HEADERS['content-security-policy']).toContain("frame-ancestors 'self'");
    // Stripe.js and its Elements frames are the one outside script (apps/web/e2e/stripe.spec.ts loads them).
    expect(SECURITY_HEADERS['content-security-policy']).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(SECURITY_HEADERS['content-security-policy']).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
  });

  it('sends a hashed asset brotli-compressed when asked, cached for a year', async () => {
    const res = await served.app.inject({ method: 'GET', url: dist.asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).equals(dist.js)).toBe(true);
  });

  it('sends gzip to a client without brotli and plain bytes to one that asks for no encoding', async () => {
    const gz = await served.app.inject({ method: 'GET', url: dist.asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await served.app.inject({ method: 'GET', url: dist.asset });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(dist.js)).toBe(true);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves the compressed copies as URLs of their own; a missing asset is a 404', async () => {
    expect((await served.app.inject({ method: 'GET', url: `${dist.asset}.br` })).statusCode).toBe(404);
    expect((await served.app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
  });

  it('answers index.html (and client-side routes) with no-cache', async () => {
    for (const url of ['/', '/login', '/events', '/index.html', '/public/events/invite/abc']) {
      const res = await served.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('compresses large API answers for clients that accept it and leaves small ones alone', async () => {
    const small = await served.app.inject({ method: 'GET', url: '/api/health', headers: { ...ORIGIN_HEADERS, 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });

    const docs = await served.app.inject({ method: 'GET', url: '/api/docs', headers: { ...ORIGIN_HEADERS } });
    expect(docs.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await served.app.inject({ method: 'GET', url: '/api/docs', headers: { ...ORIGIN_HEADERS, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(docs.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(docs.json());
  });

  it('compresses a large tRPC answer the same way and keeps its status and headers', async () => {
    const url = '/trpc/app.client';
    const plain = await served.app.inject({ method: 'GET', url, headers: { ...ORIGIN_HEADERS } });
    const br = await served.app.inject({ method: 'GET', url, headers: { ...ORIGIN_HEADERS, 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(plain.statusCode);
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    const body = br.headers['content-encoding'] === 'br' ? brotliDecompressSync(br.rawPayload).toString() : br.body;
    expect(JSON.parse(body)).toEqual(plain.json());
    expect(br.headers['content-encoding'] === 'br').toBe(plain.rawPayload.length >= COMPRESS_MIN_BYTES);
  });
});

describe("a visitor's first screen painted by the server (the web app's app/shell.ts)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'klubhus-web-shell-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="da"><head><title>Klubhus</title><link rel="modulepreload" crossorigin href="/assets/main-1.js">\n</head><body><div id="root"></div></body></html>',
  );
  const shell = { css: '#shell~#root{display:none}', pages: { '/': '<h1>Velkommen til %CLUB%</h1>%LOGO%', '/login': '<h1>Log ind</h1><p>%CLUB%</p>', '/events': '<h1>Arrangementer</h1>' } };
  writeFileSync(join(dir, 'shell.json'), JSON.stringify(shell));
  const served = serving(dir);

  it('paints /, /login and /events with the club filled in, before #root and with its CSS, compressed and never cached', async () => {
    for (const url of ['/', '/login', '/events', '/login?next=1']) {
      const res = await served.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      const html = brotliDecompressSync(res.rawPayload).toString();
      expect(html, url).toContain('<style>#shell~#root{display:none}</style></head>');
      expect(html, url).toMatch(/<div id="shell">.*<\/div><div id="root"><\/div>/);
      expect(html, url).not.toContain('%CLUB%');
      expect(html, url).not.toContain('%LOGO%');
      expect(html, url).not.toContain('modulepreload');
    }
    const home = await served.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('<div id="shell"><h1>Velkommen til Demo IF</h1></div>');
  });

  it('sends index.html as it is to a session, a dark-mode device and every other path', async () => {
    for (const [url, cookie] of [
      ['/', 'klubhus_session=abc'],
      ['/login', 'x=1; klubhus_session=abc'],
      ['/', 'klubhus_color_mode=dark'],
      ['/events/demo-if-agf', ''],
      ['/terms', ''],
    ]) {
      const res = await served.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, `${url} ${cookie}`).toBe(200);
      expect(res.body, `${url} ${cookie}`).not.toContain('id="shell"');
      expect(res.body, `${url} ${cookie}`).toContain('<div id="root"></div>');
      expect(res.body, `${url} ${cookie}`).toContain('modulepreload');
    }
  });
});

describe("a visitor's first screen of /events: the club's public event cards painted by the server", () => {
  const dir = mkdtempSync(join(tmpdir(), 'klubhus-web-events-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="da"><head><title>Klubhus</title>\n</head><body><div id="root"></div></body></html>');
  // The web app's own card parts (app/shell.ts), around a page of the shape /events has.
  const shell = { css: '', pages: { '/events': '<h1>Arrangementer</h1>%EVENTS%' }, events: SHELL_EVENT_PARTS };
  writeFileSync(join(dir, 'shell.json'), JSON.stringify(shell));
  const served = serving(dir);
  const HOSTILE = '<script>alert("x")</script> %CLUB% & \'Kamp\'';
  let clubTimeZone = '';
  beforeAll(async () => {
    const db = served.database.owner;
    const club = await db.selectFrom('clients').select(['id', 'time_zone']).where('active', '=', true).orderBy('id').executeTakeFirstOrThrow();
    clubTimeZone = club.time_zone ?? 'Europe/Berlin';
    const event = (title: string, url: string, extra: Record<string, unknown> = {}) => ({
      client_id: club.id,
      title,
      url,
      start_date: '2030-06-01T16:00:00Z',
      end_date: '2030-06-01T20:00:00Z',
      sign_up_start: '2030-01-01T00:00:00Z',
      sign_up_deadline: '2030-05-31T00:00:00Z',
      ...extra,
    });
    await db
      .insertInto('events')
      .values([
        event(HOSTILE, 'fjendtlig"><b>', {
          location: '<i>Banen</i>',
          description: '<p>Kom <b>tidligt</b></p><img src="x" onerror="alert(1)"><script>steal()</script><a href="javascript:alert(2)">link</a>',
        }),
        event('Hemmelig middag', 'hemmelig-middag', { private: true }),
        event('Først offentlig i 2029', 'senere', { sign_up_public: '2029-12-31T00:00:00Z' }),
      ])
      .execute();
  });

  const eventsScreen = async () => {
    const res = await served.app.inject({ method: 'GET', url: '/events' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<div id="shell">.*<\/div><div id="root"><\/div>/s);
    return html.slice(html.indexOf('<div id="shell">'), html.indexOf('<div id="root">'));
  };

  it("paints every event of the public list as a card: title, start in the club's zone, location, 'Se mere' to its page", async () => {
    const list = await served.app.inject({ method: 'GET', url: '/trpc/publicEvents.list?input=%7B%22limit%22%3A50%7D', headers: ORIGIN_HEADERS });
    const events = JSON.parse(list.body).result.data as { title: string; url: string; startDate: string }[];
    expect(events.length).toBeGreaterThanOrEqual(3);
    const screen = await eventsScreen();
    expect(screen).not.toMatch(/%(EVENTS|CARDS|BANNER|SRC|LOADING|LOCATION|START|TITLE|DESCRIPTION|HREF|LOGO)%/); // every slot filled
    expect(screen).not.toContain('aria-hidden="true"'); // not the skeleton
    expect(screen.match(/class="ks-card /g)).toHaveLength(events.length);
    for (const e of events.filter((e) => e.title !== HOSTILE)) {
      expect(screen).toContain(`<h2 class="ks-ev-title">${e.title}</h2>`);
      expect(screen).toContain(`href="/events/${encodeURIComponent(e.url)}"`);
    }
    expect(screen).toContain('Demo IF – AGF');
    // 16:00 UTC on 1 June 2030 by the club's clock (the card's own function; in Europe/Berlin '1. juni kl. 18:00').
    expect(screen).toContain(`>${formatEventStartIn('2030-06-01T16:00:00Z', clubTimeZone)}</p>`);
    if (clubTimeZone === 'Europe/Berlin') expect(screen).toContain('>1. juni kl. 18:00</p>');
    expect(screen).toContain('Se mere');
  });

  it("escapes a hostile title, url and location and sanitises the description as RichText does", async () => {
    const screen = await eventsScreen();
    expect(screen).not.toContain('<script');
    expect(screen).not.toContain('onerror');
    expect(screen).not.toContain('javascript:');
    expect(screen).not.toContain('steal()');
    expect(screen).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; %CLUB% &#38; &#39;Kamp&#39;');
    expect(screen).toContain('aria-label="Se mere om &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; %CLUB% &#38; &#39;Kamp&#39;"');
    expect(screen).toContain(`href="/events/${encodeURIComponent('fjendtlig"><b>')}"`);
    expect(screen).toContain('&#60;i&#62;Banen&#60;/i&#62;');
    expect(screen).toContain('<p>Kom <b>tidligt</b></p>');
  });

  it('leaves out private events and events not yet public, and any event for a session (index.html as it is)', async () => {
    const screen = await eventsScreen();
    expect(screen).not.toContain('Hemmelig middag');
    expect(screen).not.toContain('Først offentlig');
    expect(screen).not.toContain('Sponsoraften 2026'); // the demo's private event
    const member = await served.app.inject({ method: 'GET', url: '/events', headers: { cookie: 'klubhus_session=abc' } });
    expect(member.body).not.toContain('id="shell"');
  });
});

describe("a visitor's first screen of /events when the club shows no events", () => {
  const dir = mkdtempSync(join(tmpdir(), 'klubhus-web-no-events-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="da"><head><title>Klubhus</title>\n</head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'shell.json'), JSON.stringify({ css: '', pages: { '/events': '<h1>Arrangementer</h1>%EVENTS%' }, events: SHELL_EVENT_PARTS }));
  const served = serving(dir);
  beforeAll(async () => {
    await served.database.owner.updateTable('events').set({ private: true }).execute();
  });

  it("paints EventsPage's empty text", async () => {
    const res = await served.app.inject({ method: 'GET', url: '/events' });
    expect(res.body).toContain(`<h1>Arrangementer</h1><p class="ks-muted">${PUBLIC_EVENTS_MSG.noUpcoming}</p></div><div id="root">`);
    expect(PUBLIC_EVENTS_MSG.noUpcoming).toBe('Der er pt. ingen kommende arrangementer.');
  });
});
