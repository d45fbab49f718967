/**
 * npm run bench -- booking: issue 14's figures, on PostgreSQL (DATABASE_URL), with two app
 * processes (apps/server/src/main.ts) on one database, the requests split between them:
 *   - 1,000 bookings at once of 1 ticket each for the last 10 tickets of an event: exactly 10
 *     succeed, the rest get the Danish sold-out text, no 5xx; the same for one seat (exactly 1).
 *   - The same two races against two processes started with the capacity locks off
 *     (KLUBHUS_BOOKING_CONTROL_UNLOCKED=1): the control must oversell.
 *   - Reservations (paid bookings that hold their ticket and start a test payment) on one event,
 *     300 a second offered evenly over 200 connections for BENCH_DURATION seconds: the rate taken and
 *     p95 (goal ≥ 300/s, p95 < 200 ms), and the same as autocannon's bursts to compare; then as fast as they come back (the event's capacity); then at
 *     300/s on an event that has sold 50,000 tickets already (the lock reads counters, not tickets).
 *   - The event page's public GET at 200 connections: req/s (goal ≥ 2,000).
 *   - The initial JavaScript of /, /events/{url} and the e-sign page as the build weighed it (apps/web/dist/weight.json).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createCaller, createContext, createSession } from '@klubhus/api';
import { type DatabaseHandle, isEmpty, seedDemo } from '@klubhus/db';
import { BOOKING_MSG } from '@klubhus/domain';
import { sql } from 'kysely';
import { load, percentile } from './load';

const ROOT = join(import.meta.dirname, '../..');
const RACE = 1000;
/** The reservations per second issue 14 asks one event to take (p95 < 200 ms). */
const RESERVATION_RATE = 300;
/** Tickets already sold on the second reservations event. */
const GROWN = 50_000;

async function startApp(port: number, databaseUrl: string, unlocked: boolean): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '20',
      SEED_DEMO: '0',
      WEB_DIST: join(ROOT, 'apps/web/dist'),
      KLUBHUS_BOOKING_CONTROL_UNLOCKED: unlocked ? '1' : '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`app on ${port} did not start`);
}

/** Stops the apps once the requests a load run left in flight have been answered. */
const stop = async (apps: ChildProcess[]) => {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await Promise.all(
    apps.map(
      (a) =>
        new Promise<void>((resolve) => {
          if (a.exitCode !== null) return resolve();
          a.once('exit', () => resolve());
          a.kill('SIGTERM');
        }),
    ),
  );
};

/** A staff caller in the demo club, in this process (to set events up). */
export async function staffCaller(database: DatabaseHandle) {
  const u = await database.owner.selectFrom('users').selectAll().where('email', '=', 'staff@demo.dk').executeTakeFirstOrThrow();
  const club = await database.owner.selectFrom('clients').select('id').where('name', '=', 'Demo IF').executeTakeFirstOrThrow();
  const { session } = await createSession(database.db, u.id, { remember: false, clientId: club.id });
  return {
    club: club.id,
    call: createCaller(
      createContext(
        { database, config: { baseUrl: 'http://127.0.0.1', secureCookies: false, dataDir: '/tmp' } },
        { session, user: { id: u.id, email: u.email, firstname: u.firstname, lastname: u.lastname, picture: u.picture, admin: u.admin, superAdmin: u.super_admin, timeZone: u.time_zone } },
        { ip: '127.0.0.1', setSessionCookie() {}, clearSessionCookie() {} },
      ),
    ),
  };
}

export const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** An event on sale now with one public standing ticket (120 kr.) of the product, at most maxAmount of them. */
export async function ticketEvent(call: Awaited<ReturnType<typeof staffCaller>>['call'], typeId: number, productId: number, title: string, maxAmount: string | null = null) {
  const event = await call.events.update({
    title,
    typeId,
    startDate: at(10),
    endDate: at(10.1),
    signUpStart: at(-1),
    signUpDeadline: at(9),
    hasTickets: true,
    tickets: { controlType: 'Stregkode', products: [{ productId, title: 'Ståplads', price: '120', public: true, ...(maxAmount ? { maxAmount } : {}) }] },
  } as never);
  return event.id;
}

export const guest = (eventId: number, line: Record<string, unknown>, i: number) =>
  JSON.stringify({ eventId, products: [{ amount: 1, ...line }], firstname: 'Bench', lastname: `Fan ${i}`, email: `fan${i}@bench.dk`, phone: '12345678', acceptTerms: true });

/** n bookings at once, alternating between the apps; counts successes, the sold-out/seat-taken refusals and 5xx. */
async function race(ports: number[], n: number, body: (i: number) => string, expected: string) {
  const results = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const port = ports[i % ports.length];
      try {
        const res = await fetch(`http://127.0.0.1:${port}/public/events/book`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
          body: body(i),
        });
        const json = (await res.json()) as { success?: boolean; error?: string };
        return { status: res.status, error: json.error ?? null };
      } catch (e) {
        return { status: 0, error: (e as Error).message };
      }
    }),
  );
  const ok = results.filter((r) => r.status === 200).length;
  const refused = results.filter((r) => r.status === 409 && r.error === expected).length;
  const fiveHundreds = results.filter((r) => r.status >= 500 || r.status === 0).length;
  const other = results.filter((r) => r.status !== 200 && !(r.status === 409 && r.error === expected) && !(r.status >= 500 || r.status === 0));
  return { ok, refused, fiveHundreds, other: other.length, otherSample: other[0] ?? null };
}

async function loadBoth(ports: number[], connections: number, duration: number, request: { method: string; path: string; body?: string }, rate?: number, burst = false) {
  const runs = await Promise.all(
    ports.map((p) => load(`http://127.0.0.1:${p}`, Math.ceil(connections / ports.length), duration, { ...request, headers: { origin: `http://127.0.0.1:${p}` } }, rate ? rate / ports.length : undefined, burst)),
  );
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return { rps: runs.reduce((s, r) => s + r.rps, 0), total: runs.reduce((s, r) => s + r.total, 0), errors: runs.reduce((s, r) => s + r.errors, 0), p50: round1(percentile(latencies, 50)), p95: round1(percentile(latencies, 95)) };
}

export async function benchBooking(database: DatabaseHandle, databaseUrl: string, durationS: number, log: (...args: unknown[]) => void): Promise<boolean> {
  log('\n== Booking (issue 14): two app processes on one PostgreSQL ==');
  if (await isEmpty(database.owner)) await seedDemo(database.owner);
  const { call, club } = await staffCaller(database);
  const typeId = (await call.eventTypes.update({ title: `Bench booking ${Date.now()}` })).id;
  const single = (await database.owner.selectFrom('products').select('id').where('client_id', '=', club).where('title', '=', 'Enkeltbillet').executeTakeFirstOrThrow()).id;
  const season = (await database.owner.selectFrom('products').select('id').where('client_id', '=', club).where('title', '=', 'Sæsonkort').executeTakeFirstOrThrow()).id;
  const contactEmail = await database.owner.selectFrom('clients').select(['email', 'sender_email']).where('id', '=', club).executeTakeFirstOrThrow();
  const soldOut = BOOKING_MSG.noTickets(contactEmail.email || contactEmail.sender_email || '');
  const newEvent = (title: string, maxAmount: string | null) => ticketEvent(call, typeId, single, title, maxAmount);
  const agf = await database.owner.selectFrom('events').select(['id', 'url', 'seat_map_id']).where('client_id', '=', club).where('title', '=', 'Demo IF – AGF').executeTakeFirstOrThrow();
  const freeSeats = await database.owner
    .selectFrom('seat_map_seats')
    .select('seat_key')
    .where('seat_map_id', '=', agf.seat_map_id as number)
    .where('status', '=', 'free')
    .where('channel', 'is', null)
    .where('category', '=', 'L')
    .orderBy('seat_key', 'desc')
    .limit(2)
    .execute();
  const ports = [3411, 3412];
  const load0 = loadavg()[0].toFixed(2);
  let ok = true;

  // ---- the races, locked
  // One after the other: the first start on a fresh database creates the job queues.
  const startBoth = async (unlocked: boolean) => {
    const first = await startApp(ports[0], databaseUrl, unlocked);
    return [first, await startApp(ports[1], databaseUrl, unlocked)];
  };
  let apps = await startBoth(false);
  try {
    const last10 = await newEvent(`Bench: de sidste 10 ${Date.now()}`, '10');
    const r1 = await race(ports, RACE, (i) => guest(last10, { productId: single }, i), soldOut);
    const m1 = r1.ok === 10 && r1.refused === RACE - 10 && r1.fiveHundreds === 0;
    log(`${RACE} bookings at once of 1 ticket for the last 10: ${r1.ok} succeeded, ${r1.refused} got '${soldOut}', ${r1.fiveHundreds} 5xx, ${r1.other} other — ${m1 ? 'met' : 'NOT met'}`);
    if (r1.otherSample) log('  other answer:', JSON.stringify(r1.otherSample));
    const seat = freeSeats[0].seat_key;
    const r2 = await race(ports, RACE, (i) => guest(agf.id, { productId: season, seat }, i), 'En eller flere af de valgte pladser er desværre ikke længere ledige');
    const m2 = r2.ok === 1 && r2.refused === RACE - 1 && r2.fiveHundreds === 0;
    log(`${RACE} bookings at once of seat ${seat}: ${r2.ok} succeeded, ${r2.refused} got the seat-taken text, ${r2.fiveHundreds} 5xx, ${r2.other} other — ${m2 ? 'met' : 'NOT met'}`);
    if (r2.otherSample) log('  other answer:', JSON.stringify(r2.otherSample));
    ok &&= m1 && m2;

    // ---- throughput: reservations on one event, and the event page
    // Reservations at the goal's rate: 300 a second offered over 200 connections (an open load, evenly
    // paced, each latency counted from when its request was due, so it is that of a booking when 300
    // arrive each second); then the same rate as autocannon offers it (each second's 300 sent at the
    // top of the second: the figure earlier stops printed, kept to compare); then as fast as they come back
    // (closed loop: 200 buyers each waiting for the answer before the next, so p95 there is about
    // 200 connections / the rate, and says how far past 300/s the event goes, not a booking's latency).
    // Statistics, as autovacuum keeps them on a production server (the one on 127.0.0.1 runs with
    // autovacuum off): without them the app's connections keep plans made for near-empty tables, e.g.
    // foreign-key checks that walk every order of the club (3.8 against 2.3 ms of PostgreSQL per booking).
    await sql`ANALYZE`.execute(database.owner);
    const open = await newEvent(`Bench: reservationer ${Date.now()}`, null);
    const body = guest(open, { productId: single }, 0);
    const at300 = await loadBoth(ports, 200, durationS, { method: 'POST', path: '/public/events/book', body }, RESERVATION_RATE);
    const m3 = at300.rps >= RESERVATION_RATE * 0.97 && at300.p95 < 200 && at300.errors === 0;
    log(`Reservations on one event, ${RESERVATION_RATE}/s offered evenly over 200 connections, ${durationS} s: ${at300.rps.toFixed(0)} /s taken, p50 ${at300.p50} ms, p95 ${at300.p95} ms, ${at300.errors} errors (goal ≥ 300/s, p95 < 200 ms) — ${m3 ? 'met' : 'NOT met'}`);
    const burst = await loadBoth(ports, 200, durationS, { method: 'POST', path: '/public/events/book', body }, RESERVATION_RATE, true);
    log(`  the same ${RESERVATION_RATE}/s as autocannon's overallRate offers it (each second's quota at once, as earlier stops measured): ${burst.rps.toFixed(0)} /s, p50 ${burst.p50} ms, p95 ${burst.p95} ms, ${burst.errors} errors (to compare; the p95 is the burst's drain time)`);
    const res = await loadBoth(ports, 200, durationS, { method: 'POST', path: '/public/events/book', body });
    log(`Reservations on one event, as fast as they come back, 200 connections, ${durationS} s: ${res.rps.toFixed(0)} /s, p50 ${res.p50} ms, p95 ${res.p95} ms, ${res.errors} errors (the event's capacity: ${res.rps >= RESERVATION_RATE ? 'past' : 'below'} ${RESERVATION_RATE}/s)`);
    // The same on an event that has sold 50,000 tickets already: the lock's work must not grow with them.
    const grown = await newEvent(`Bench: reservationer efter 50.000 ${Date.now()}`, null);
    await sql`INSERT INTO event_tickets (client_id, event_id, product_id, code, number, title, status, price)
      SELECT ${club}, ${grown}, ${single}, 'bench-' || ${grown} || '-' || g, g, 'Ståplads', 'valid', 12000 FROM generate_series(1, ${GROWN}) g`.execute(database.owner);
    await sql`UPDATE events SET ticket_counter = ${GROWN} WHERE id = ${grown}`.execute(database.owner);
    await sql`ANALYZE event_tickets`.execute(database.owner);
    const res2 = await loadBoth(ports, 200, durationS, { method: 'POST', path: '/public/events/book', body: guest(grown, { productId: single }, 0) }, RESERVATION_RATE);
    const m5 = res2.rps >= RESERVATION_RATE * 0.97 && res2.p95 < 200 && res2.errors === 0;
    log(`Reservations on one event with ${GROWN.toLocaleString('da-DK')} tickets sold, ${RESERVATION_RATE}/s offered evenly over 200 connections, ${durationS} s: ${res2.rps.toFixed(0)} /s, p50 ${res2.p50} ms, p95 ${res2.p95} ms, ${res2.errors} errors — ${m5 ? 'met' : 'NOT met'}`);
    const page = await loadBoth(ports, 200, durationS, { method: 'GET', path: `/api/public/events/${agf.url}` });
    const m4 = page.rps >= 2000 && page.errors === 0;
    log(`Event page GET /api/public/events/${agf.url}, 200 connections: ${page.rps.toFixed(0)} req/s, p50 ${page.p50} ms, p95 ${page.p95} ms, ${page.errors} errors (goal ≥ 2,000 req/s) — ${m4 ? 'met' : 'NOT met'}`);
    ok &&= m3 && m4;
  } finally {
    await stop(apps);
  }

  // ---- the control: the same races with the locks off
  apps = await startBoth(true);
  try {
    const last10 = await newEvent(`Bench: kontrol uden lås ${Date.now()}`, '10');
    const c1 = await race(ports, RACE, (i) => guest(last10, { productId: single }, i), soldOut);
    log(`Control, locks off: ${RACE} bookings for the last 10 tickets: ${c1.ok} succeeded — ${c1.ok > 10 ? `oversold by ${c1.ok - 10}` : 'did not oversell this time (a race)'}`);
    const seat = freeSeats[1].seat_key;
    const c2 = await race(ports, RACE, (i) => guest(agf.id, { productId: season, seat }, i), 'En eller flere af de valgte pladser er desværre ikke længere ledige');
    log(`Control, locks off: ${RACE} bookings of seat ${seat}: ${c2.ok} succeeded — ${c2.ok > 1 ? `sold ${c2.ok} times` : 'did not oversell this time (a race)'}`);
    // What the lock costs: the same reservations without it (compare with the locked run above).
    const open = await newEvent(`Bench: reservationer uden lås ${Date.now()}`, null);
    const res = await loadBoth(ports, 200, durationS, { method: 'POST', path: '/public/events/book', body: guest(open, { productId: single }, 0) });
    log(`Control, locks off: reservations on one event, 200 connections: ${res.rps.toFixed(0)} /s, p95 ${res.p95} ms (the lock's share of the limit)`);
  } finally {
    await stop(apps);
  }

  const weightFile = join(ROOT, 'apps/web/dist/weight.json');
  if (existsSync(weightFile)) {
    const weight = JSON.parse(readFileSync(weightFile, 'utf8')) as Record<string, { gzipKb: number; files: number; budgetKb: number; withinBudget: boolean }>;
    for (const [route, w] of Object.entries(weight)) log(`Initial JS ${route}: ${w.gzipKb} kB gzip in ${w.files} files (goal ≤ ${w.budgetKb} kB) — ${w.withinBudget ? 'met' : 'NOT met'}`);
  } else log('Storefront weight: build the web app first (npx vite build apps/web) — dist/weight.json is missing.');
  log(`Load average before ${load0}, after ${loadavg()[0].toFixed(2)} (2 cores, shared).`);
  return ok;
}

/** A latency as printed: a tenth of a millisecond. */
function round1(ms: number): number {
  return Math.round(ms * 10) / 10;
}
