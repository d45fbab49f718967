/**
 * npm run bench — the company list at scale.
 *
 * Seeds 100,000 companies over 50 clubs (one staff user each) into the
 * database of DATABASE_URL (or the embedded PGlite when unset, with fewer
 * companies because seeding it is slow), starts the app in-process on a free
 * port and measures with autocannon (64 connections, ~10 s each):
 *   - a bare Fastify route in the same app (the baseline),
 *   - GET /api/user (session validation only),
 *   - the company list (page of 10, default sort) and a text search, through
 *     tRPC (GET /trpc/companies.list) and through REST (POST /api/companies).
 * Requests rotate over the 50 clubs' sessions. Then EXPLAINs the list queries
 * as the app role inside a club transaction (RLS applies) and fails if a
 * sequential scan on companies appears.
 *
 * Then Lighthouse 12 on the built web app (scripts/lighthouse.mjs: /, /login and /events; needs
 * apps/web/dist and Chromium, skipped with a note otherwise). Parts run alone:
 * `npm run bench -- api` (the load runs) or `npm run bench -- lighthouse`.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { createCaller, createContext, createSession, validateSessionToken } from '@klubhus/api';
import { loadClubContext } from '@klubhus/api/clubs/context';
import { companyListQuery } from '@klubhus/api/companies/service';
import { ZCompanyListRequest } from '@klubhus/domain';
import { type DatabaseHandle, DEMO_MODULES, json, openDatabase, seedDemo, setScope, withClub } from '@klubhus/db';
import autocannon from 'autocannon';
import { CompiledQuery } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { runLighthouse } from '../lighthouse.mjs';

/** Settings of the run (DATABASE_URL, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_COMPANIES, BENCH_POOL, BENCH_PLANS). */
const env: Record<string, string | undefined> = { ...process.env };
const CLUBS = 50;
const DURATION = Number(env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 64);
const usePg = !!env.DATABASE_URL;
const TOTAL = Number(env.BENCH_COMPANIES ?? 100_000);
const PER_CLUB = Math.ceil(TOTAL / CLUBS);
const GOAL = { p95: 50, rps: 1000 };

const WORDS = ['Nord', 'Syd', 'Øst', 'Vest', 'Bager', 'Smed', 'Auto', 'Byg', 'Data', 'Foto', 'Gartner', 'Hotel', 'Isenkram', 'Kaffe', 'Lager', 'Maler', 'Revision', 'Sport', 'Tømrer', 'VVS'];
const CITIES = ['Aarhus', 'København', 'Odense', 'Aalborg', 'Esbjerg', 'Randers', 'Kolding', 'Horsens', 'Vejle', 'Roskilde'];

function log(...args: unknown[]) {
  console.log(...args);
}

async function seed(database: DatabaseHandle): Promise<{ clubId: number; userId: number }[]> {
  const owner = database.owner;
  await seedDemo(owner);
  const mod = await owner.selectFrom('modules').select('id').where('alias', '=', 'companies').executeTakeFirstOrThrow();
  const existing = await owner.selectFrom('clients').select('id').where('name', 'like', 'Bench Klub %').orderBy('id').execute();
  const clubs: { clubId: number; userId: number }[] = [];
  if (existing.length === CLUBS) {
    for (const c of existing) {
      const u = await owner.selectFrom('users').select('id').where('email', '=', `bench-staff-${c.id}@bench.dk`).executeTakeFirstOrThrow();
      clubs.push({ clubId: c.id, userId: u.id });
    }
    const n = await owner.selectFrom('companies').select((eb) => eb.fn.countAll<number>().as('n')).where('client_id', 'in', existing.map((c) => c.id)).executeTakeFirstOrThrow();
    log(`Reusing ${CLUBS} bench clubs with ${Number(n.n).toLocaleString('da-DK')} companies.`);
    return clubs;
  }
  const started = Date.now();
  const features = DEMO_MODULES.find((m) => m.alias === 'companies')?.features ?? [];
  for (let i = 1; i <= CLUBS; i++) {
    await owner.transaction().execute(async (trx) => {
      const club = await trx.insertInto('clients').values({ name: `Bench Klub ${i}`, roles: json([{ name: 'Medarbejder', alias: 'staff' }]) }).returning('id').executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('users')
        .values({ email: `bench-staff-${club.id}@bench.dk`, firstname: 'Bench', lastname: `Staff ${i}`, email_confirmed: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setScope(trx, club.id, null);
      await trx.insertInto('client_users').values({ client_id: club.id, user_id: user.id, role: 'staff' }).execute();
      await trx
        .insertInto('client_modules')
        .values({ client_id: club.id, module_id: mod.id, active: true, features: json(features), role_acls: json([{ ruleId: 'Fuld adgang', role: 'staff' }]) })
        .execute();
      for (let start = 0; start < PER_CLUB; start += 1000) {
        const rows = [];
        for (let k = start; k < Math.min(PER_CLUB, start + 1000); k++) {
          const n = i * 100_000 + k;
          rows.push({
            client_id: club.id,
            name: `${WORDS[n % WORDS.length]} ${WORDS[(n * 7) % WORDS.length]} ${k} ApS`,
            cvr: String(10_000_000 + n),
            address: `Vej ${k % 300}`,
            zip_code: String(1000 + (k % 8000)),
            city: CITIES[k % CITIES.length],
            email: `info${k}@firma${i}.dk`,
            phone: String(20_000_000 + n),
            status: [0, 1, 2, 99][k % 4],
            follow_up_date: k % 3 === 0 ? `2026-${String((k % 12) + 1).padStart(2, '0')}-15` : null,
          });
        }
        await trx.insertInto('companies').values(rows).execute();
      }
      await setScope(trx, null, null);
      clubs.push({ clubId: club.id, userId: user.id });
    });
    if (i % 10 === 0) log(`  seeded ${i}/${CLUBS} clubs (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  // What autovacuum does soon after a bulk load: statistics, and the visibility map that lets counts use index-only scans.
  await owner.executeQuery(CompiledQuery.raw('VACUUM ANALYZE companies'));
  log(`Seeded ${(PER_CLUB * CLUBS).toLocaleString('da-DK')} companies over ${CLUBS} clubs in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return clubs;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  total: number;
  errors: number;
}

async function measure(
  name: string,
  url: string,
  requests: { method: string; path: string; body?: string; cookies?: string[]; headers?: Record<string, string> },
): Promise<Measured> {
  const r = await new Promise<{ rps: number; total: number; errors: number; latencies: number[] }>((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        cookies: requests.cookies ?? [],
        request: { method: requests.method, path: requests.path, body: requests.body, headers: { 'content-type': 'application/json', origin: url, ...requests.headers } },
      },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const latencies = r.latencies.sort((a, b) => a - b);
  const m = { name, rps: r.rps, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), total: r.total, errors: r.errors };
  log(`  ${name}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms (${m.total} requests, ${m.errors} errors)`);
  return m;
}

/**
 * Where one list request's time goes: each step run sequentially (no
 * concurrency), median of many runs, on the same database.
 */
async function breakdown(database: DatabaseHandle, club: { clubId: number; userId: number }, cookie: string) {
  const token = cookie.split('=')[1];
  const auth = await validateSessionToken(database.db, token);
  if (!auth) throw new Error('bench session invalid');
  const caller = createCaller(
    createContext({ database, config: { baseUrl: 'http://localhost', secureCookies: false, dataDir: tmpdir() } }, auth, {
      ip: '127.0.0.1',
      setSessionCookie() {},
      clearSessionCookie() {},
    }),
  );
  const steps: [string, () => Promise<unknown>][] = [
    ['validateSessionToken (1 query)', () => validateSessionToken(database.db, token)],
    ['loadClubContext (transaction: membership, modules, role rules)', () => loadClubContext(database.db, auth.user, club.clubId)],
    ['list query alone (transaction + 1 select)', () =>
      withClub(database.db, { clientId: club.clubId, userId: club.userId }, (trx) => companyListQuery(trx, club.clubId, ZCompanyListRequest.parse({})).page.execute())],
    ['companies.list through the caller (club context + list)', () => caller.companies.list({})],
    ['companies.eventTypes through the caller (club context only)', () => caller.companies.eventTypes()],
  ];
  log('\nBreakdown (sequential, median of 300 runs; Node CPU = this process only, PostgreSQL not included):');
  for (const [label, fn] of steps) {
    for (let i = 0; i < 30; i++) await fn();
    const times: number[] = [];
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < 300; i++) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    times.sort((a, b) => a - b);
    log(
      `  ${label}: ${percentile(times, 50).toFixed(2)} ms (p95 ${percentile(times, 95).toFixed(2)} ms), Node CPU ${((cpu.user + cpu.system) / 300 / 1000).toFixed(2)} ms per call`,
    );
  }
}

async function explain(database: DatabaseHandle, club: { clubId: number; userId: number }) {
  const cases: [string, object][] = [
    ['list, default sort (Name asc), page 1', {}],
    ['list, page 50', { page: 50 }],
    ['list, status filter', { filter: { status: 1 } }],
    ['list, sort City desc', { sort: { field: 'City', dir: 'desc' } }],
    ['text search "smed"', { search: 'smed' }],
  ];
  let seqScan = false;
  log('\nEXPLAIN (as the app role, in a club transaction, RLS on):');
  for (const [label, input] of cases) {
    for (const part of ['page', 'count'] as const) {
      const plan = await withClub(database.db, { clientId: club.clubId, userId: club.userId }, async (trx) => {
        const compiled = companyListQuery(trx, club.clubId, ZCompanyListRequest.parse(input))[part].compile();
        const r = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
        return r.rows.map((x) => x['QUERY PLAN']).join('\n');
      });
      const seq = /Seq Scan on companies/.test(plan);
      const indexes = [...plan.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/g)].map((m) => m[1] ?? m[2]);
      seqScan ||= seq;
      log(`  ${label} [${part}]: ${seq ? 'SEQ SCAN ON COMPANIES' : indexes.length ? `index ${[...new Set(indexes)].join(' + ')}` : 'no index named'}`);
      if (seq || env.BENCH_PLANS) log(plan.replace(/^/gm, '      '));
    }
  }
  return seqScan;
}

async function benchApi() {
  const database = await openDatabase(usePg ? { databaseUrl: env.DATABASE_URL, poolSize: Number(env.BENCH_POOL ?? 10) } : { dataDir: join(tmpdir(), `klubhus-bench-pglite-${TOTAL}`) });
  log(
    `Database: ${usePg ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite (single session: every request queues on one connection, so its figures say little about PostgreSQL)'}; ${TOTAL.toLocaleString('da-DK')} companies (BENCH_COMPANIES overrides)`,
  );
  const clubs = await seed(database);
  const cookies: string[] = [];
  for (const c of clubs) {
    const { token } = await createSession(database.db, c.userId, { remember: true, clientId: c.clubId });
    cookies.push(`klubhus_session=${token}`);
  }
  const app = await buildApp({
    database,
    config: { baseUrl: 'http://localhost', secureCookies: false, dataDir: mkdtempSync(join(tmpdir(), 'klubhus-bench-')) },
    webDist: join(tmpdir(), 'klubhus-bench-no-web'),
  });
  app.get('/bench/baseline', async () => ({ ok: true }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  log(`Load average before the runs: ${loadavg().map((x) => x.toFixed(2)).join(' ')} (2 cores; other work on the machine skews every figure)`);
  log(`App on ${address}; ${CONNECTIONS} connections, ${DURATION} s per run, sessions of ${cookies.length} clubs rotating.\n`);

  const listInput = encodeURIComponent(JSON.stringify({}));
  const searchInput = encodeURIComponent(JSON.stringify({ search: 'smed' }));
  // Warm-up (JIT, pool, plan caches).
  await autocannon({ url: `${address}/trpc/companies.list?input=${listInput}`, connections: 8, duration: 2, headers: { cookie: cookies[0] } });

  const results: Measured[] = [];
  results.push(await measure('baseline: bare Fastify route', address, { method: 'GET', path: '/bench/baseline' }));
  results.push(await measure('session only: GET /api/user', address, { method: 'GET', path: '/api/user', cookies }));
  results.push(await measure('tRPC companies.eventTypes (session + club context, no query of ours)', address, { method: 'GET', path: '/trpc/companies.eventTypes', cookies }));
  results.push(await measure('tRPC companies.list (page 1, Name asc)', address, { method: 'GET', path: `/trpc/companies.list?input=${listInput}`, cookies }));
  results.push(
    await measure('tRPC companies.list (page 1) as a browser asks (Accept-Encoding: gzip, deflate, br)', address, {
      method: 'GET',
      path: `/trpc/companies.list?input=${listInput}`,
      cookies,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    }),
  );
  results.push(await measure('tRPC companies.list search "smed"', address, { method: 'GET', path: `/trpc/companies.list?input=${searchInput}`, cookies }));
  results.push(await measure('REST POST /api/companies (page 1)', address, { method: 'POST', path: '/api/companies', body: '{}', cookies }));
  results.push(await measure('REST POST /api/companies search "smed"', address, { method: 'POST', path: '/api/companies', body: JSON.stringify({ search: 'smed' }), cookies }));

  const base = results[0].rps;
  log('\n| run | req/s | p50 ms | p95 ms | p99 ms | of baseline | errors |');
  log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${((r.rps / base) * 100).toFixed(1)} % | ${r.errors} |`);
  }
  const trpc = results.filter((r) => r.name.startsWith('tRPC companies.list'));
  const goalMet = trpc.every((r) => r.p95 < GOAL.p95 && r.rps >= GOAL.rps);
  log(`\nGoal (tRPC on PostgreSQL: p95 < ${GOAL.p95} ms and ≥ ${GOAL.rps} req/s): ${goalMet ? 'met' : 'NOT met'}${usePg ? '' : ' (PGlite run: the goal applies to PostgreSQL)'}`);

  log(`Load average after the runs: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  await breakdown(database, clubs[0], cookies[0]);
  const seqScan = await explain(database, clubs[0]);
  await app.close();
  await database.close();
  const errors = results.reduce((n, r) => n + r.errors, 0);
  if (seqScan) {
    console.error('\nFAIL: a sequential scan on companies appeared in a list query plan.');
    process.exit(1);
  }
  if (errors) {
    console.error(`\nFAIL: ${errors} requests failed or answered non-2xx.`);
    process.exit(1);
  }
}

/** Lighthouse on the built web app, when there is one and a Chromium to run it in. */
async function benchLighthouse(required: boolean) {
  const dist = join(import.meta.dirname, '../../apps/web/dist/index.html');
  const chrome = env.CHROME_PATH ?? '/usr/bin/chromium';
  const missing = !existsSync(dist) ? 'apps/web/dist (run `npx vite build apps/web`)' : !existsSync(chrome) ? `Chromium at ${chrome} (set CHROME_PATH)` : null;
  if (missing) {
    const say = `Lighthouse skipped: no ${missing}.`;
    if (required) throw new Error(say);
    log(`\n${say}`);
    return;
  }
  await runLighthouse({ runs: Number(env.LIGHTHOUSE_RUNS ?? 1), log });
}

async function main() {
  const parts = process.argv.slice(2);
  const all = parts.length === 0;
  if (all || parts.includes('api')) await benchApi();
  if (all || parts.includes('lighthouse')) await benchLighthouse(!all);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
