/**
 * npm run bench -- gate: issue 16's figures, on PostgreSQL (DATABASE_URL; the embedded database runs
 * one transaction at a time, so gates racing on it prove nothing).
 *   - Scanning: one event with ≥ 3,000 valid tickets (inserted directly, in one statement), 8 gates
 *     (8 staff sessions, each on its own keep-alive connections) scanning at 50 scans/s in all for
 *     BENCH_SECONDS (default 60) through POST /trpc/gate.scan?batch=1, as the gate page sends it
 *     (ticketId, nonce, scannedAt, gate). Every tenth pair of scans is one code scanned by two gates
 *     at the same moment. After the run the database must hold exactly one confirmed scan per
 *     distinct code and each ticket scanned once. Goal: p95 < 100 ms.
 *   - Auto-seating: 500 guests of 80 companies and 60 tables (600 seats), gate.autoSeating over HTTP
 *     as the table plan screen calls it, timed (three runs, the seats cleared between them); every
 *     guest at one table at most, no table over its seats, every company the algorithm keeps whole
 *     at one table. Goal: < 2 s.
 */
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession } from '@klubhus/api';
import { type DatabaseHandle, seedDemo, setScope } from '@klubhus/db';
import { autoSeat, type SeatGroup } from '@klubhus/domain';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { scanLocks } from '../../packages/api/src/gate/service';
import { percentile } from './load';
import { countStatements } from './statements';

const GATES = 8;
const RATE = 50;
/** Every OVERLAP-th scan slot is a pair: two gates, one code, the same moment. */
const OVERLAP = 10;
const GOAL = { p95: 100, autoSeatingMs: 2000 };
/** Seconds of the control run (the row lock off): it must count some code twice, or the check proves nothing. */
const CONTROL_SECONDS = 5;

type ScanResult = { ms: number; http: number; status: string | null; code: string; from: number; to: number; error?: string };

const loadNow = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** The pairs (one code, two gates at once) whose two requests were in flight at the same time. */
function pairsInFlightTogether(results: ScanResult[]) {
  const byCode = new Map<string, ScanResult[]>();
  for (const r of results) byCode.set(r.code, [...(byCode.get(r.code) ?? []), r]);
  let pairs = 0;
  let together = 0;
  for (const rs of byCode.values()) {
    if (rs.length !== 2) continue;
    pairs++;
    if (rs[0].from < rs[1].to && rs[1].from < rs[0].to) together++;
  }
  return { pairs, together };
}

/** Confirmed scans in the database for the event's codes with nonces of `prefix`: in all, tickets, tickets confirmed more than once. */
async function confirmedOf(owner: DatabaseHandle['owner'], eventId: number, prefix: string) {
  const r = await sql<{ confirmed: string; tickets: string; twice: string }>`
    SELECT count(*) AS confirmed, count(DISTINCT ticket_id) AS tickets,
      (SELECT count(*) FROM (SELECT ticket_id FROM event_ticket_scans WHERE event_id = ${eventId} AND result = 'confirmed' AND nonce LIKE ${`${prefix}%`} GROUP BY ticket_id HAVING count(*) > 1) x) AS twice
    FROM event_ticket_scans WHERE event_id = ${eventId} AND result = 'confirmed' AND nonce LIKE ${`${prefix}%`}
  `.execute(owner);
  return { confirmed: Number(r.rows[0].confirmed), tickets: Number(r.rows[0].tickets), twice: Number(r.rows[0].twice) };
}

/** The scans at their moments: RATE a second over `seconds`, the gates in turn, every OVERLAP-th slot a pair of gates on one code. */
function scheduleOf(codes: string[], seconds: number, eventId: number, prefix = 'bench') {
  const total = RATE * seconds;
  const out: { at: number; gate: number; code: string; nonce: string }[] = [];
  let next = 0;
  for (let i = 0; i < total; i++) {
    const at = (i * 1000) / RATE;
    const gate = i % GATES;
    if (i % OVERLAP === 0 && i + 1 < total) {
      // The pair: this gate and the next scan the same code at the same moment.
      const code = codes[next++];
      out.push({ at, gate, code, nonce: `${prefix}-${eventId}-${i}` });
      out.push({ at, gate: (i + 1) % GATES, code, nonce: `${prefix}-${eventId}-${i + 1}` });
      i++;
      continue;
    }
    out.push({ at, gate, code: codes[next++], nonce: `${prefix}-${eventId}-${i}` });
  }
  return { schedule: out, distinct: next };
}

function runGates(url: string, eventId: number, cookies: string[], schedule: ReturnType<typeof scheduleOf>['schedule']) {
  const child = fork(new URL('./gate-worker.mjs', import.meta.url), { stdio: 'inherit' });
  return new Promise<{ results: ScanResult[]; sentInMs: number; elapsedMs: number; lateMs: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as never));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`gate worker exited with ${code}`)));
    child.send({ url, eventId, cookies, schedule });
  });
}

export async function benchGate(database: DatabaseHandle, seconds: number, log: (...args: unknown[]) => void): Promise<boolean> {
  log('\n== Gate (issue 16): scanning at 8 gates and auto-seating, on PostgreSQL ==');
  await seedDemo(database.owner);
  const owner = database.owner;
  const club = (await owner.selectFrom('clients').select('id').where('name', '=', 'Demo IF').executeTakeFirstOrThrow()).id;
  const staff = (await owner.selectFrom('users').select('id').where('email', '=', 'staff@demo.dk').executeTakeFirstOrThrow()).id;
  const typeId = (await owner.selectFrom('event_types').select('id').where('client_id', '=', club).orderBy('id').executeTakeFirstOrThrow()).id;
  const productId = (await owner.selectFrom('products').select('id').where('client_id', '=', club).where('title', '=', 'Enkeltbillet').executeTakeFirstOrThrow()).id;
  const stamp = Date.now();
  const at = (days: number) => new Date(stamp + days * 86_400_000);
  /** An event of the demo club with `tickets` valid tickets (guest i of company companyOf(i)), inserted as the owner. */
  const seedEvent = (title: string, tickets: number, companyOf: (i: number) => number | null) =>
    owner.transaction().execute(async (trx) => {
      await setScope(trx, club, null);
      const e = await trx
        .insertInto('events')
        .values({ client_id: club, type_id: typeId, title, url: `bench-gate-${stamp}-${title.length}-${Math.random().toString(36).slice(2, 8)}`, start_date: at(1), end_date: at(1.2), sign_up_start: at(-1), sign_up_deadline: at(0.9), has_tickets: true, ticket_settings: JSON.stringify({ controlType: 'Stregkode' }) } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let start = 0; start < tickets; start += 1000) {
        const rows = [];
        for (let i = start; i < Math.min(tickets, start + 1000); i++)
          rows.push({ client_id: club, event_id: e.id, product_id: productId, code: `GB${e.id}X${String(i + 1).padStart(6, '0')}`, number: i + 1, title: 'Ståplads', name: `Gæst ${i + 1}`, company_id: companyOf(i), status: 'valid' as const });
        await trx.insertInto('event_tickets').values(rows).execute();
      }
      await setScope(trx, null, null);
      return e.id;
    });

  const app = await buildApp({
    database,
    config: { baseUrl: 'http://localhost', secureCookies: false, dataDir: mkdtempSync(join(tmpdir(), 'klubhus-bench-gate-')) },
    webDist: join(tmpdir(), 'klubhus-bench-no-web'),
  });
  /** The server's own time per scan (request in to response out), while `serverTimes` is set: separates the app's time from a busy machine's queueing. */
  let serverTimes: number[] | null = null;
  app.addHook('onResponse', (req, reply, done) => {
    if (serverTimes && req.url.startsWith('/trpc/gate.scan')) serverTimes.push(reply.elapsedTime);
    done();
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const cookies: string[] = [];
  for (let g = 0; g < GATES; g++) cookies.push(`klubhus_session=${(await createSession(database.db, staff, { remember: true, clientId: club })).token}`);
  let ok = true;
  try {
    // ---- scanning
    const ticketCount = Math.max(3000, Math.ceil(RATE * seconds * 1.1)) + RATE * CONTROL_SECONDS + 40;
    let t0 = performance.now();
    const eventId = await seedEvent(`Bench porte ${stamp}`, ticketCount, () => null);
    const codes = (await owner.selectFrom('event_tickets').select('code').where('event_id', '=', eventId).orderBy('number').execute()).map((r) => r.code);
    log(`Seeded an event with ${ticketCount.toLocaleString('da-DK')} valid tickets in ${(performance.now() - t0).toFixed(0)} ms.`);
    // Warm-up on a few codes of the event not in the run (JIT, pool, prepared statements): 40 scans, 8 at a time.
    const warmCodes = codes.slice(-40);
    const { schedule: warm } = scheduleOf(warmCodes, 1, eventId);
    await runGates(url, eventId, cookies, warm.slice(0, 40).map((s, i) => ({ ...s, code: warmCodes[i % warmCodes.length], nonce: `warm-${eventId}-${i}`, at: Math.floor(i / 8) * 50 })));
    const controlCodes = codes.slice(-40 - RATE * CONTROL_SECONDS, -40);
    const { schedule, distinct } = scheduleOf(codes.slice(0, -40 - RATE * CONTROL_SECONDS), seconds, eventId);
    const pairs = schedule.length - distinct;
    const loadBefore = loadNow();
    log(`${GATES} gates (8 staff sessions), ${RATE} scans/s in all for ${seconds} s (BENCH_SECONDS): ${schedule.length} scans of ${distinct} codes, ${pairs} codes scanned by two gates at the same moment. Load average before: ${loadBefore}`);
    serverTimes = [];
    const statements = countStatements();
    const statements0 = statements();
    const cpu0 = process.cpuUsage();
    const run = await runGates(url, eventId, cookies, schedule);
    const cpu = process.cpuUsage(cpu0);
    const perScan = (statements() - statements0) / run.results.length;
    const inServer = serverTimes.sort((a, b) => a - b);
    serverTimes = null;
    const loadAfter = loadNow();
    const answered = run.results.filter((r) => r.http === 200 && r.status);
    const errors = run.results.length - answered.length;
    const lat = run.results.map((r) => r.ms).sort((a, b) => a - b);
    const by = (s: string) => answered.filter((r) => r.status === s).length;
    const confirmedAnswers = by('confirmed');
    const duplicateAnswers = by('duplicate');
    const otherAnswers = answered.length - confirmedAnswers - duplicateAnswers;
    const rate = run.results.length / (run.sentInMs / 1000);
    const p = (q: number) => percentile(lat, q);

    // What the database counted.
    const db = await sql<{ confirmed: string; tickets: string; twice: string; scanned: string; warm: string }>`
      SELECT
        (SELECT count(*) FROM event_ticket_scans s WHERE s.event_id = ${eventId} AND s.result = 'confirmed' AND s.nonce LIKE 'bench-%') AS confirmed,
        (SELECT count(DISTINCT s.ticket_id) FROM event_ticket_scans s WHERE s.event_id = ${eventId} AND s.result = 'confirmed' AND s.nonce LIKE 'bench-%') AS tickets,
        (SELECT count(*) FROM (SELECT ticket_id FROM event_ticket_scans WHERE event_id = ${eventId} AND result = 'confirmed' GROUP BY ticket_id HAVING count(*) > 1) x) AS twice,
        (SELECT count(*) FROM event_tickets t WHERE t.event_id = ${eventId} AND t.first_scanned_at IS NOT NULL) AS scanned,
        (SELECT count(DISTINCT ticket_id) FROM event_ticket_scans s WHERE s.event_id = ${eventId} AND s.nonce LIKE 'warm-%') AS warm
    `.execute(owner);
    const c = db.rows[0];
    const confirmed = Number(c.confirmed);
    const twice = Number(c.twice);
    const scannedTickets = Number(c.scanned) - Number(c.warm);
    const countedOnce = confirmed === distinct && Number(c.tickets) === distinct && twice === 0 && scannedTickets === distinct && confirmedAnswers === distinct && duplicateAnswers === pairs;
    log(
      `  achieved ${rate.toFixed(1)} scans/s (${run.results.length} scans sent in ${(run.sentInMs / 1000).toFixed(1)} s, all answered after ${(run.elapsedMs / 1000).toFixed(1)} s; the gates fell at most ${run.lateMs.toFixed(0)} ms behind their schedule)`,
    );
    log(`  latency p50 ${p(50).toFixed(1)} ms, p95 ${p(95).toFixed(1)} ms, p99 ${p(99).toFixed(1)} ms, max ${lat[lat.length - 1].toFixed(1)} ms`);
    log(
      `  in the server (Fastify, request to response): p50 ${percentile(inServer, 50).toFixed(1)} ms, p95 ${percentile(inServer, 95).toFixed(1)} ms; Node CPU ${((cpu.user + cpu.system) / 1000 / run.results.length).toFixed(2)} ms per scan, ${perScan.toFixed(1)} statements per scan (BEGIN and COMMIT included)`,
    );
    const inFlight = pairsInFlightTogether(run.results);
    // A pair's second scan waits on the ticket's row lock for the first to commit: its latency apart from the rest.
    const pairCodes = new Set(schedule.filter((x, i) => schedule.findIndex((y) => y.code === x.code) !== i).map((x) => x.code));
    const pairLat = run.results.filter((r) => pairCodes.has(r.code)).map((r) => r.ms).sort((a, b) => a - b);
    const aloneLat = run.results.filter((r) => !pairCodes.has(r.code)).map((r) => r.ms).sort((a, b) => a - b);
    log(`  p95 of the scans of a code two gates scanned at once ${percentile(pairLat, 95).toFixed(1)} ms (${pairLat.length} scans), of the others ${percentile(aloneLat, 95).toFixed(1)} ms (${aloneLat.length})`);
    log(`  answers: ${confirmedAnswers} confirmed, ${duplicateAnswers} duplicate (expected ${pairs}: one per code two gates scanned at once; ${inFlight.together} of the ${inFlight.pairs} pairs had both requests in flight together), ${otherAnswers} other, ${errors} errors/non-200`);
    log(
      `  database: ${confirmed} confirmed scans of ${c.tickets} tickets for ${distinct} distinct codes scanned, ${twice} tickets confirmed twice, ${scannedTickets} tickets marked scanned — every ticket counted once: ${countedOnce ? 'yes' : 'NO'}`,
    );
    const scanMet = p(95) < GOAL.p95 && rate >= RATE * 0.98;
    log(`  goal p95 < ${GOAL.p95} ms at ${RATE} scans/s: ${scanMet ? 'met' : 'not met'} (load average before ${loadBefore}, after ${loadAfter}; 2 cores, shared)`);
    if (errors) log('  first error:', JSON.stringify(run.results.find((r) => !(r.http === 200 && r.status))));
    ok &&= countedOnce && errors === 0 && otherAnswers === 0;

    // The control: the same gates on fresh codes with the ticket's row lock off (scanLocks, as in the
    // concurrency test), so the counted-once check above is one that can fail.
    const control = scheduleOf(controlCodes, CONTROL_SECONDS, eventId, 'control');
    scanLocks.enabled = false;
    try {
      await runGates(url, eventId, cookies, control.schedule);
    } finally {
      scanLocks.enabled = true;
    }
    const cc = await confirmedOf(owner, eventId, 'control');
    log(
      `  control, row lock off (${CONTROL_SECONDS} s, ${control.schedule.length - control.distinct} pairs): ${cc.confirmed} confirmed scans of ${cc.tickets} tickets, ${cc.twice} tickets confirmed twice — ${cc.twice > 0 ? 'the check catches it' : 'no double count this time (a race; the concurrency test forces it)'}`,
    );

    // ---- auto-seating
    t0 = performance.now();
    const companies = await owner.transaction().execute(async (trx) => {
      await setScope(trx, club, null);
      const rows = await trx
        .insertInto('companies')
        .values(Array.from({ length: 80 }, (_, k) => ({ client_id: club, name: `Bench bordfirma ${stamp} ${String(k + 1).padStart(2, '0')}` })))
        .returning('id')
        .execute();
      await setScope(trx, null, null);
      return rows.map((r) => r.id);
    });
    // 2 companies of 16 (larger than any table: split), 18 of 12, 20 of 7, 20 of 4, 12 of 2, 8 of 1: 500 guests.
    const sizes = [...Array(2).fill(16), ...Array(18).fill(12), ...Array(20).fill(7), ...Array(20).fill(4), ...Array(12).fill(2), ...Array(8).fill(1)] as number[];
    const companyOfGuest = sizes.flatMap((n, k) => Array(n).fill(companies[k]) as number[]);
    const guests = companyOfGuest.length;
    const seatEvent = await seedEvent(`Bench bordplan ${stamp}`, guests, (i) => companyOfGuest[i]);
    // 60 tables: 20 of 12, 20 of 10, 20 of 8 seats (600).
    const tableSeats = Array.from({ length: 60 }, (_, k) => [12, 10, 8][Math.floor(k / 20)]);
    const tables = await owner.transaction().execute(async (trx) => {
      await setScope(trx, club, null);
      const rows = await trx
        .insertInto('event_tables')
        .values(tableSeats.map((seats, k) => ({ client_id: club, event_id: seatEvent, title: `Bord ${k + 1}`, seats, auto_place: true, sorting: k + 1 })))
        .returning(['id', 'seats'])
        .execute();
      await setScope(trx, null, null);
      return rows;
    });
    log(`\nAuto-seating: ${guests} guests of ${companies.length} companies, ${tables.length} tables with ${tableSeats.reduce((a, b) => a + b, 0)} seats (seeded in ${(performance.now() - t0).toFixed(0)} ms). Load average before: ${loadNow()}`);
    const times: number[] = [];
    let placedAnswer = 0;
    for (let runNo = 0; runNo < 3; runNo++) {
      if (runNo > 0) await owner.deleteFrom('event_table_seats').where('client_id', '=', club).where('table_id', 'in', tables.map((x) => x.id)).execute();
      t0 = performance.now();
      const res = await fetch(`${url}/trpc/gate.autoSeating?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, cookie: cookies[0] },
        body: JSON.stringify({ 0: { id: seatEvent } }),
      });
      const body = (await res.json()) as [{ result?: { data: { placed: number } } }];
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`gate.autoSeating answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      placedAnswer = body[0].result?.data.placed ?? -1;
    }
    // The seating as stored after the last run.
    const seats = await owner
      .selectFrom('event_table_seats as s')
      .innerJoin('event_tickets as t', 't.id', 's.ticket_id')
      .select(['s.ticket_id', 's.table_id', 't.company_id'])
      .where('t.event_id', '=', seatEvent)
      .execute();
    const perGuest = new Map<number, number>();
    const perTable = new Map<number, number>();
    const tablesOfCompany = new Map<number, Set<number>>();
    for (const s of seats) {
      perGuest.set(s.ticket_id, (perGuest.get(s.ticket_id) ?? 0) + 1);
      perTable.set(s.table_id, (perTable.get(s.table_id) ?? 0) + 1);
      const set = tablesOfCompany.get(s.company_id as number) ?? new Set<number>();
      set.add(s.table_id);
      tablesOfCompany.set(s.company_id as number, set);
    }
    const seatedTwice = [...perGuest.values()].filter((n) => n > 1).length;
    const overfilled = tables.filter((x) => (perTable.get(x.id) ?? 0) > x.seats).length;
    // What the algorithm promises for these guests and tables: the companies it keeps at one table.
    const ticketRows = await owner.selectFrom('event_tickets').select(['id', 'company_id']).where('event_id', '=', seatEvent).execute();
    const groups = new Map<string, SeatGroup>();
    for (const r of ticketRows) {
      const key = `c${r.company_id}`;
      const g = groups.get(key) ?? { key, guests: [] };
      g.guests.push(r.id);
      groups.set(key, g);
    }
    const promised = autoSeat([...groups.values()], tables.map((x) => ({ id: x.id, free: x.seats })));
    const keptWhole = [...groups.values()].filter((g) => new Set(g.guests.map((id) => promised.get(id))).size === 1).map((g) => Number(g.key.slice(1)));
    const broken = keptWhole.filter((co) => (tablesOfCompany.get(co)?.size ?? 0) !== 1).length;
    const split = [...tablesOfCompany.values()].filter((s) => s.size > 1).length;
    const seatingOk = seats.length === guests && placedAnswer === guests && seatedTwice === 0 && overfilled === 0 && broken === 0;
    const worst = Math.max(...times);
    log(`  gate.autoSeating over HTTP: ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')} (three runs, the seats cleared between them)`);
    log(
      `  ${seats.length}/${guests} guests seated (answer: ${placedAnswer}), ${seatedTwice} seated twice, ${overfilled} tables over their seats, ${companies.length - split} of ${companies.length} companies at one table (${split} split: the algorithm keeps ${keptWhole.length} whole, ${broken} of those split) — ${seatingOk ? 'correct' : 'NOT correct'}`,
    );
    log(`  goal < ${GOAL.autoSeatingMs / 1000} s: ${worst < GOAL.autoSeatingMs ? 'met' : 'not met'} (slowest ${worst.toFixed(0)} ms; load average after ${loadNow()})`);
    ok &&= seatingOk;
  } finally {
    await app.close();
  }
  return ok;
}
