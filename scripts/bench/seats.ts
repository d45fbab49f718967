/**
 * npm run bench -- seats: the seat-map engine at stadium size (issue 12's figures). A chart of
 * 20,000 seats; an event saved on it through tRPC gets its own seat map. Then, over HTTP on the
 * app: the event's seat map for staff (drawing and live state) and the storefront's picker answered
 * under load (p95), 200 buyers racing for the same 50 seats through publicSeats.hold (each seat
 * held at most once, no 5xx) beside a control run without the row locks (which holds seats twice),
 * 64 holders at once holding 4 seats each (hold latency), and Planoversigt drawn in Chromium from
 * the built web app. On PostgreSQL (DATABASE_URL); the embedded database runs one transaction at a time.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession } from '@klubhus/api';
import { saveChart } from '@klubhus/api/seating/charts';
import { holdSeats, newHoldToken, releaseSeats } from '@klubhus/api/seating/holds';
import { type DatabaseHandle, seedDemo, withClub } from '@klubhus/db';
import { barrier } from '@klubhus/db/testing';
import { generateSection, SEATING_MSG, ZSeatingPlan } from '@klubhus/domain';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { holdWithoutLock } from '../../packages/api/test/seating/unlocked';
import { load, percentile } from './load';

const CONCURRENCY = 64;
/** Connections for the seat-map reads: a few staff screens and many buyers opening the picker. */
const READERS = 16;
const GOAL = { mapP95: 300, renderMs: 1000, holdP95: 50 };

export async function benchSeats(database: DatabaseHandle, durationS: number, log: (...args: unknown[]) => void): Promise<boolean> {
  await seedDemo(database.owner);
  const club = (await database.owner.selectFrom('clients').select('id').where('name', '=', 'Demo IF').executeTakeFirstOrThrow()).id;
  const staff = (await database.owner.selectFrom('users').select('id').where('email', '=', 'staff@demo.dk').executeTakeFirstOrThrow()).id;
  const inClub = <T>(fn: Parameters<typeof withClub<T>>[2]) => withClub(database.db, { clientId: club }, fn);
  const webDist = join(import.meta.dirname, '../../apps/web/dist');
  const app = await buildApp({
    database,
    config: { baseUrl: 'http://localhost', secureCookies: false, dataDir: mkdtempSync(join(tmpdir(), 'klubhus-bench-seats-')) },
    webDist: existsSync(join(webDist, 'index.html')) ? webDist : join(tmpdir(), 'klubhus-bench-no-web'),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const { token: session } = await createSession(database.db, staff, { remember: true, clientId: club });
  const cookie = `klubhus_session=${session}`;
  const call = async <T>(method: 'GET' | 'POST', path: string, input: unknown, withCookie = true): Promise<{ status: number; data: T; bytes: number }> => {
    const res = await fetch(
      method === 'GET' ? `${url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` : `${url}/trpc/${path}`,
      {
        method,
        headers: { 'content-type': 'application/json', origin: url, ...(withCookie ? { cookie } : {}) },
        ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
      },
    );
    const text = await res.text();
    return { status: res.status, data: JSON.parse(text).result?.data as T, bytes: text.length };
  };

  // 10 sections × 40 rows × 50 seats = 20,000 seats; the event made on it through the router.
  const sections = Array.from({ length: 10 }, (_, s) =>
    generateSection({ key: `S${s + 1}`, name: `Sektion ${s + 1}`, rows: 40, seatsPerRow: 50, category: 'A', origin: { x: (s % 5) * 1600, y: Math.floor(s / 5) * 1500 } }),
  );
  const plan = ZSeatingPlan.parse({ categories: [{ key: 'A', label: 'Tribune', color: '#3372f9' }], sections });
  const chartId = await inClub((trx) => saveChart(trx, club, { name: 'Bench stadion', plan }).then((r) => r.id));
  const typeId = (await database.owner.selectFrom('event_types').select('id').where('client_id', '=', club).orderBy('id').executeTakeFirstOrThrow()).id;
  const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  let t0 = performance.now();
  const saved = await call<{ id: number }>('POST', 'events.update', {
    title: `Bench kamp ${Date.now()}`,
    typeId,
    startDate: at(30),
    endDate: at(30.1),
    signUpStart: at(-1),
    signUpDeadline: at(29),
    hasSeating: true,
    seating: { chartId },
  });
  if (saved.status !== 200) throw new Error(`events.update answered ${saved.status}`);
  const eventId = saved.data.id;
  const seatMap = (await database.owner.selectFrom('events').select('seat_map_id').where('id', '=', eventId).executeTakeFirstOrThrow()).seat_map_id as number;
  log(`\nAn event saved on a chart of 20.000 seats (its own seat map made in the same call): ${(performance.now() - t0).toFixed(0)} ms.`);
  // Something to show: 500 seats held and 500 blocked.
  await inClub(async (trx) => {
    for (let i = 0; i < 10; i++) await holdSeats(trx, club, seatMap, { seats: Array.from({ length: 50 }, (_, k) => `S${i + 1}-20-${k + 1}`), token: newHoldToken(), channel: null, seconds: 3600 });
    await sql`UPDATE seat_map_seats SET status = 'blocked' WHERE seat_map_id = ${seatMap} AND "row" = '40'`.execute(trx);
  });

  // The seat map over HTTP under load: what Planoversigt asks (every few seconds: its state) and what
  // a buyer's picker asks (the taken seats), and the drawing both fetch once (then the browser keeps it).
  const drawing = (await call<{ drawing: string }>('GET', 'seatMaps.get', { eventId })).data.drawing;
  const input = encodeURIComponent(JSON.stringify({ eventId }));
  const reads: [string, string, boolean][] = [
    ['staff: seatMaps.get (name and the drawing’s address)', `/trpc/seatMaps.get?input=${input}`, true],
    ['staff: seatMaps.state (counts and the seats not free)', `/trpc/seatMaps.state?input=${input}`, true],
    ['storefront: publicSeats.map (taken seats, no session)', `/trpc/publicSeats.map?input=${input}`, false],
    ['the drawing itself, brotli (fetched once per browser, no session)', drawing, false],
  ];
  let mapP95 = 0;
  let errors5xx = 0;
  const runSeconds = Math.max(3, Math.round(durationS / 2));
  log(`\nThe event's seat map over HTTP, ${READERS} connections, ${runSeconds} s each:`);
  for (const [label, path, withCookie] of reads) {
    const headers = { 'accept-encoding': 'br, gzip' };
    const one = await fetch(`${url}${path}`, { headers: { ...headers, ...(withCookie ? { cookie } : {}) } });
    // fetch decodes the body: the bytes on the wire are its content-length.
    const size = Number(one.headers.get('content-length') ?? (await one.arrayBuffer()).byteLength);
    if (one.status !== 200) throw new Error(`${path} answered ${one.status}`);
    await one.body?.cancel();
    await load(url, 4, 1, { method: 'GET', path, cookies: withCookie ? [cookie] : [], headers });
    const r = await load(url, READERS, runSeconds, { method: 'GET', path, cookies: withCookie ? [cookie] : [], headers });
    const lat = [...r.latencies].sort((a, b) => a - b);
    mapP95 = Math.max(mapP95, percentile(lat, 95));
    errors5xx += r.errors;
    log(
      `  ${label}: ${(size / 1024).toFixed(1)} kB sent; ${r.rps.toFixed(0)} req/s, p50 ${percentile(lat, 50).toFixed(1)} ms, p95 ${percentile(lat, 95).toFixed(1)} ms, p99 ${percentile(lat, 99).toFixed(1)} ms, ${r.errors} errors`,
    );
  }

  // 200 buyers race for the same 50 seats through the storefront's hold.
  const fifty = Array.from({ length: 50 }, (_, i) => `S1-1-${i + 1}`);
  const race = await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const seats = [0, 1, 2, 3].map((k) => fifty[(i * 2 + k) % 50]);
      const r = await call<{ seats: string[] }>('POST', 'publicSeats.hold', { eventId, seats }, false);
      return { status: r.status, seats: r.status === 200 ? r.data.seats : [] };
    }),
  );
  const claimed = race.flatMap((r) => r.seats);
  const once = new Set(claimed).size === claimed.length;
  const byStatus = new Map<number, number>();
  for (const r of race) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  const statuses = [...byStatus].map(([s, n]) => `${n} × ${s}`).join(', ');
  const raceFiveHundreds = race.filter((r) => r.status >= 500).length;
  log(`\n200 buyers racing for the same 50 seats (POST /trpc/publicSeats.hold): ${statuses}; every seat held at most once: ${once ? 'yes' : 'NO'}; 5xx: ${raceFiveHundreds}`);
  const control = await unlockedControl(database, club, seatMap, fifty);
  log(`Control, the same race without the row locks (read, check, write; ${control.holders} holders got seats): ${control.doubled} seats told to two holders or more — the lock is what prevents it.`);

  // 64 holders at once, 4 neighbouring seats each, at the service (the hold transaction's latency).
  const latencies: number[] = [];
  let refused = 0;
  let failed = 0;
  const until = Date.now() + durationS * 1000;
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const s = 1 + Math.floor(Math.random() * 10);
        const r = 2 + Math.floor(Math.random() * 17);
        const n = 1 + Math.floor(Math.random() * 47);
        const seats = [0, 1, 2, 3].map((k) => `S${s}-${r}-${n + k}`);
        const token = newHoldToken();
        const start = performance.now();
        try {
          await inClub((trx) => holdSeats(trx, club, seatMap, { seats, token, channel: null }));
          latencies.push(performance.now() - start);
          await inClub((trx) => releaseSeats(trx, club, seatMap, token));
        } catch (error) {
          if ((error as Error).message === SEATING_MSG.seatTaken) refused++;
          else failed++;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const holdP95 = percentile(latencies, 95);
  log(
    `\nHold of 4 seats, ${CONCURRENCY} holders at once for ${durationS} s: ${(latencies.length / seconds).toFixed(0)} holds/s (each followed by its release), p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${holdP95.toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; ${refused} refused as taken, ${failed} failed`,
  );

  const render = await renderInChromium(url, session, eventId, log);
  log('\nGoals of issue 12 (seat map):');
  log(`  the event's seat map answers p95 < ${GOAL.mapP95} ms (worst of the four above): ${mapP95.toFixed(1)} ms — ${mapP95 < GOAL.mapP95 && errors5xx === 0 ? 'met' : 'NOT met'}`);
  log(`  renders in Chromium < ${GOAL.renderMs} ms: ${render === null ? 'not measured (no built web app or Chromium)' : `${render.toFixed(0)} ms — ${render < GOAL.renderMs ? 'met' : 'NOT met'}`}`);
  log(`  hold of 4 seats p95 < ${GOAL.holdP95} ms: ${holdP95.toFixed(1)} ms — ${holdP95 < GOAL.holdP95 ? 'met' : 'NOT met'}`);
  log(`  200 racing for 50 seats: every seat held at most once, no 5xx: ${once && raceFiveHundreds === 0 ? 'met' : 'NOT met'}; the control without the lock double-holds: ${control.doubled > 0 ? 'yes' : 'no (try again: it is a race)'}`);

  await app.close();
  await database.owner.deleteFrom('events').where('id', '=', eventId).execute();
  await database.owner.deleteFrom('seat_maps').where('id', '=', seatMap).execute();
  await database.owner.deleteFrom('seating_charts').where('id', '=', chartId).execute();
  return once && raceFiveHundreds === 0 && failed === 0 && errors5xx === 0;
}

/** The race without row locks: every holder reads the seats, the pool's worth waits until all have read, then each writes. */
async function unlockedControl(database: DatabaseHandle, club: number, seatMap: number, fifty: string[]) {
  await database.owner.updateTable('seat_map_seats').set({ status: 'free', hold_token: null, held_until: null }).where('seat_map_id', '=', seatMap).where('seat_key', 'in', fifty).execute();
  const everyoneHasRead = barrier(5, 300);
  const claims: string[][] = [];
  await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const seats = [0, 1, 2, 3].map((k) => fifty[(i * 2 + k) % 50]);
      const token = newHoldToken();
      try {
        await withClub(database.db, { clientId: club }, (trx) => holdWithoutLock(trx, seatMap, seats, token, everyoneHasRead));
        claims.push(seats);
      } catch {
        // refused
      }
    }),
  );
  const all = claims.flat();
  const counts = new Map<string, number>();
  for (const s of all) counts.set(s, (counts.get(s) ?? 0) + 1);
  return { holders: claims.length, doubled: [...counts.values()].filter((n) => n > 1).length };
}

/**
 * Planoversigt of the 20,000-seat event opened in Chromium (the built web app), three times: the
 * renderer's own measure from data to painted seats ('seatmap:drawn'), and from the tab's click.
 * Returns the slowest data-to-painted time, or null when there is no built app or no Chromium.
 */
async function renderInChromium(url: string, session: string, eventId: number, log: (...args: unknown[]) => void): Promise<number | null> {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(join(import.meta.dirname, '../../apps/web/dist/index.html')) || !existsSync(chrome)) {
    log('\nRender in Chromium skipped: needs apps/web/dist (npx vite build apps/web) and Chromium (CHROME_PATH).');
    return null;
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chrome,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const { hostname, port } = new URL(url);
  const times: { drawn: number; fromClick: number; seats: number }[] = [];
  for (let run = 0; run < 3; run++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addCookies([{ name: 'klubhus_session', value: session, domain: hostname, path: '/', httpOnly: true }]);
    const page = await context.newPage();
    await page.goto(`http://${hostname}:${port}/events/${eventId}`);
    const tab = page.getByRole('tab', { name: 'Planoversigt' });
    await tab.waitFor();
    const clicked = await page.evaluate(() => performance.now());
    await tab.click();
    await page.waitForFunction(() => performance.getEntriesByName('seatmap:drawn').length > 0, undefined, { timeout: 30_000 });
    const m = await page.evaluate(() => {
      const e = performance.getEntriesByName('seatmap:drawn')[0] as unknown as { duration: number; startTime: number; detail: unknown };
      return { drawn: e.duration, end: e.startTime + e.duration, seats: (e.detail as { seats: number }).seats };
    });
    times.push({ drawn: m.drawn, fromClick: m.end - clicked, seats: m.seats });
    await context.close();
  }
  await browser.close();
  log(
    `\nPlanoversigt in Chromium (1366 px, ${times[0].seats} seats): drawn ${times.map((t) => t.drawn.toFixed(0)).join(' / ')} ms from data to painted seats; ${times.map((t) => t.fromClick.toFixed(0)).join(' / ')} ms from the tab's click (fetching both answers included).`,
  );
  return Math.max(...times.map((t) => t.drawn));
}
