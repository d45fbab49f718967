/**
 * npm run bench — what one call costs, against what this stack can physically do.
 *
 * Seeds 100,000 companies over 50 clubs (one staff user each), plus a club with 50 and one with
 * 50,000 companies for the generic-plan check, into the database of DATABASE_URL (or the embedded
 * PGlite when unset, with fewer companies because seeding it is slow), starts the app in-process on
 * a free port and loads it from a child process with autocannon (64 connections, ~10 s a run, the
 * 50 clubs' sessions rotating). Each run prints req/s, latency, Node CPU per call (this process's
 * CPU over the run: the server's alone) and statements per call (every statement this process sends
 * to PostgreSQL, counted in pg.Client itself: see statements.ts), and its share of the limit route
 * beside it in the same run:
 *   - list: the bare limit route (Fastify + pg, prepared statements: session, BEGIN, scope, page
 *     with total, COMMIT) against companies.list through tRPC and through REST (POST /api/companies);
 *   - user: the bare limit route (one prepared statement: session, profile, memberships) against
 *     GET /api/user;
 * then (list) a sequential breakdown and an EXPLAIN check that the list uses its indexes, and (every
 * API run) the generic plans a prepared list statement gets for a club of 50 and one of 50,000
 * companies, a Seq Scan flagged.
 *
 * Then Lighthouse 12 on the built web app (scripts/lighthouse.mjs: /, /login and /events; needs
 * apps/web/dist and Chromium, skipped with a note otherwise).
 *   npm run bench                  everything
 *   npm run bench -- list | user   one part of the load runs (list with the breakdown and the EXPLAIN check)
 *   npm run bench -- api           both parts
 *   npm run bench -- seats         the seat-map engine: a 20,000-seat map, holds under load, 200 holders racing for 50 seats
 *   npm run bench -- invites       invitations to 2,000 contacts created and queued (embedded database without DATABASE_URL)
 *   npm run bench -- booking       issue 14: 1,000 bookings racing for the last 10 tickets and for one seat (two app processes), the unlocked control, reservations/s, the event page, the storefront's weight (PostgreSQL)
 *   npm run bench -- orders        the order list on 100,000 orders through tRPC (page, searches) and 500 concurrent order creations (PostgreSQL);
 *                                  BENCH_ORDERS_ONLY=<regex> runs only the list's load runs whose names match (no plans, no creations)
 *   npm run bench -- contracts     the contract PDF on a warm browser (p95 of 40, 10 at once)
 *   npm run bench -- invoices      500 concurrent invoice bookings (a tenth rolled back: gapless), invoice PDFs on a warm browser (p95, 20 at once), the PDF route while rendering (PostgreSQL)
 *   npm run bench -- gate          issue 16: 8 gates scanning 50 scans/s for BENCH_SECONDS (60) with codes scanned by two gates at once (p95 < 100 ms, each ticket counted once), auto-seating 500 guests of 80 companies at 60 tables (< 2 s) (PostgreSQL)
 *   npm run bench -- lighthouse    Lighthouse alone
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { appRouter, createCaller, createContext, createSession, type RequestAuth, sessionIdOf, validateSessionToken } from '@klubhus/api';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { openClubCall } from '@klubhus/api/clubs/call';
import { companyListQuery, listCompanies } from '@klubhus/api/companies/service';
import { ZCompanyListRequest } from '@klubhus/domain';
import { type DatabaseHandle, DEMO_MODULES, json, openDatabase, seedDemo, setScope, withClub } from '@klubhus/db';
import { CompiledQuery } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { runLighthouse } from '../lighthouse.mjs';
import { addLimitRoutes, type LimitRoutes } from './limit';
import { benchBooking } from './booking';
import { benchGate } from './gate';
import { benchInvites } from './invites';
import { type LoadRequest, load, percentile } from './load';
import { benchContracts } from './contracts';
import { benchInvoices } from './invoices';
import { benchOrders } from './orders';
import { benchSeats } from './seats';
import { countStatements } from './statements';

/** Settings of the run (DATABASE_URL, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_COMPANIES, BENCH_POOL, BENCH_PLANS, BENCH_ORDERS_ONLY). */
const env: Record<string, string | undefined> = { ...process.env };
const CLUBS = 50;
const DURATION = Number(env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 64);
const usePg = !!env.DATABASE_URL;
const TOTAL = Number(env.BENCH_COMPANIES ?? 100_000);
const PER_CLUB = Math.ceil(TOTAL / CLUBS);
const POOL = Number(env.BENCH_POOL ?? 10);
/** Statements sent to PostgreSQL by this process (pg.Client patched before any pool connects). */
const pgStatements = countStatements();
/** Issue 11's figures. */
const GOAL = { shareOfLimit: 0.7, p95: 50, cpuMs: 0.6, statements: 4 };
/** The clubs of the generic-plan check. */
const SMALL_CLUB = { name: 'Bench Lille Klub', companies: 50 };
const LARGE_CLUB = { name: 'Bench Stor Klub', companies: usePg ? 50_000 : 5_000 };

const WORDS = ['Nord', 'Syd', 'Øst', 'Vest', 'Bager', 'Smed', 'Auto', 'Byg', 'Data', 'Foto', 'Gartner', 'Hotel', 'Isenkram', 'Kaffe', 'Lager', 'Maler', 'Revision', 'Sport', 'Tømrer', 'VVS'];
const CITIES = ['Aarhus', 'København', 'Odense', 'Aalborg', 'Esbjerg', 'Randers', 'Kolding', 'Horsens', 'Vejle', 'Roskilde'];

function log(...args: unknown[]) {
  console.log(...args);
}

interface BenchClub {
  clubId: number;
  userId: number;
}

/** A club with one staff user (companies module, full access) and `companies` companies. */
async function seedClub(owner: DatabaseHandle['owner'], name: string, companies: number, seedNo: number): Promise<BenchClub> {
  const mod = await owner.selectFrom('modules').select('id').where('alias', '=', 'companies').executeTakeFirstOrThrow();
  const features = DEMO_MODULES.find((m) => m.alias === 'companies')?.features ?? [];
  return owner.transaction().execute(async (trx) => {
    const club = await trx.insertInto('clients').values({ name, roles: json([{ name: 'Medarbejder', alias: 'staff' }]) }).returning('id').executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({ email: `bench-staff-${club.id}@bench.dk`, firstname: 'Bench', lastname: `Staff ${seedNo}`, email_confirmed: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setScope(trx, club.id, null);
    await trx.insertInto('client_users').values({ client_id: club.id, user_id: user.id, role: 'staff' }).execute();
    await trx
      .insertInto('client_modules')
      .values({ client_id: club.id, module_id: mod.id, active: true, features: json(features), role_acls: json([{ ruleId: 'Fuld adgang', role: 'staff' }]) })
      .execute();
    for (let start = 0; start < companies; start += 1000) {
      const rows = [];
      for (let k = start; k < Math.min(companies, start + 1000); k++) {
        const n = seedNo * 100_000 + k;
        rows.push({
          client_id: club.id,
          name: `${WORDS[n % WORDS.length]} ${WORDS[(n * 7) % WORDS.length]} ${k} ApS`,
          cvr: String(10_000_000 + n),
          address: `Vej ${k % 300}`,
          zip_code: String(1000 + (k % 8000)),
          city: CITIES[k % CITIES.length],
          email: `info${k}@firma${seedNo}.dk`,
          phone: String(20_000_000 + n),
          status: [0, 1, 2, 99][k % 4],
          follow_up_date: k % 3 === 0 ? `2026-${String((k % 12) + 1).padStart(2, '0')}-15` : null,
        });
      }
      await trx.insertInto('companies').values(rows).execute();
    }
    await setScope(trx, null, null);
    return { clubId: club.id, userId: user.id };
  });
}

async function existingClub(owner: DatabaseHandle['owner'], name: string): Promise<BenchClub | null> {
  const c = await owner.selectFrom('clients').select('id').where('name', '=', name).executeTakeFirst();
  if (!c) return null;
  const u = await owner.selectFrom('users').select('id').where('email', '=', `bench-staff-${c.id}@bench.dk`).executeTakeFirstOrThrow();
  return { clubId: c.id, userId: u.id };
}

/** The 50 clubs of the load runs and the small and large club of the plan check; reused when present. */
async function seed(database: DatabaseHandle): Promise<{ clubs: BenchClub[]; small: BenchClub; large: BenchClub }> {
  const owner = database.owner;
  await seedDemo(owner);
  const started = Date.now();
  let seeded = false;
  const clubs: BenchClub[] = [];
  for (let i = 1; i <= CLUBS; i++) {
    const name = `Bench Klub ${i}`;
    let club = await existingClub(owner, name);
    if (!club) {
      club = await seedClub(owner, name, PER_CLUB, i);
      seeded = true;
      if (i % 10 === 0) log(`  seeded ${i}/${CLUBS} clubs (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    clubs.push(club);
  }
  const planClub = async (c: { name: string; companies: number }, seedNo: number) => {
    const found = await existingClub(owner, c.name);
    if (found) return found;
    seeded = true;
    return seedClub(owner, c.name, c.companies, seedNo);
  };
  const small = await planClub(SMALL_CLUB, CLUBS + 1);
  const large = await planClub(LARGE_CLUB, CLUBS + 2);
  if (seeded) {
    // What autovacuum does soon after a bulk load: statistics, and the visibility map that lets counts use index-only scans.
    await owner.executeQuery(CompiledQuery.raw('VACUUM ANALYZE companies'));
    log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  const n = await owner.selectFrom('companies').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  log(`${CLUBS} bench clubs with ${PER_CLUB.toLocaleString('da-DK')} companies each; ${Number(n.n).toLocaleString('da-DK')} companies in all.`);
  return { clubs, small, large };
}

/**
 * Statements this process has sent: on PostgreSQL every pg query call (the app's pool, the limit
 * routes' pool, named or not); on PGlite the app's own count of what its db handle sent.
 */
function statementsSent(database: DatabaseHandle): number {
  return database.kind === 'pg' ? pgStatements() : database.statements();
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  total: number;
  errors: number;
  /** Node CPU of this process (the server: the load comes from a child process) per completed call, ms. */
  cpuMs: number;
  /** Statements sent per completed call (BEGIN and COMMIT included); NaN when not counted. */
  statements: number;
}

/**
 * Calls the app has taken (an onRequest hook): CPU and statements are counted per call taken, since
 * a call in flight when the load stops still runs to its end (the load generator counts only the
 * answers it waited for).
 */
let served = 0;

/**
 * One load run from a child process. `counter` gives the statements the process has sent so far
 * (every pool: only the route under load runs in the window); null prints n/a.
 */
async function measure(
  name: string,
  url: string,
  counter: (() => number) | null,
  requests: LoadRequest,
): Promise<Measured> {
  const statements0 = counter?.() ?? 0;
  const served0 = served;
  const cpu0 = process.cpuUsage();
  const r = await load(url, CONNECTIONS, DURATION, requests);
  // Calls still in flight when the load stops finish after it: give them a moment.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const cpu = process.cpuUsage(cpu0);
  const calls = served - served0;
  const statements = counter ? (counter() - statements0) / calls : Number.NaN;
  const latencies = r.latencies.sort((a, b) => a - b);
  const m: Measured = {
    name,
    rps: r.rps,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    total: r.total,
    errors: r.errors,
    cpuMs: (cpu.user + cpu.system) / 1000 / calls,
    statements,
  };
  log(
    `  ${name}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, Node CPU ${m.cpuMs.toFixed(3)} ms/call, ${Number.isNaN(statements) ? 'n/a' : statements.toFixed(2)} statements/call${r.cpuMs === undefined ? '' : `, load generator CPU ${r.cpuMs.toFixed(3)} ms/call`} (${m.total} requests, ${m.errors} errors)`,
  );
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
  const sessionId = sessionIdOf(token) as string;
  const steps: [string, () => Promise<unknown>][] = [
    ['session check (1 statement)', () => validateSessionToken(database.db, token)],
    ['club call opened (BEGIN, session + scope + context version, COMMIT)', () => database.db.transaction().execute((trx) => openClubCall(trx, sessionId))],
    ['list query alone (BEGIN, scope, page, COMMIT)', () =>
      withClub(database.db, { clientId: club.clubId, userId: club.userId }, (trx) => listCompanies(trx, club.clubId, ZCompanyListRequest.parse({})))],
    ['companies.list through the caller (the whole club call: 4 statements)', () => caller.companies.list({})],
    ['companies.eventTypes through the caller (a club call with no query of its own)', () => caller.companies.eventTypes()],
  ];
  log('\nBreakdown (sequential, median of 300 runs; Node CPU = this process only, PostgreSQL not included):');
  for (const [label, fn] of steps) {
    for (let i = 0; i < 30; i++) await fn();
    const times: number[] = [];
    const statements0 = statementsSent(database);
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < 300; i++) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    times.sort((a, b) => a - b);
    log(
      `  ${label}: ${percentile(times, 50).toFixed(2)} ms (p95 ${percentile(times, 95).toFixed(2)} ms), Node CPU ${((cpu.user + cpu.system) / 300 / 1000).toFixed(3)} ms, ${((statementsSent(database) - statements0) / 300).toFixed(2)} statements per call`,
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

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Subplan Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Actual Total Time'?: number;
  Plans?: PlanNode[];
}

/** A plan's nodes, depth first. */
const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

/** A plan as EXPLAIN's text form, shortly: one line per node with its actual rows and time. */
function planText(node: PlanNode, depth = 0): string[] {
  const name = `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;
  const actual = node['Actual Rows'] === undefined ? '' : ` (rows ${node['Actual Rows']}×${node['Actual Loops']}, ${node['Actual Total Time']?.toFixed(2)} ms)`;
  return [
    `${'  '.repeat(depth)}${depth ? '-> ' : ''}${node['Subplan Name'] ? `${node['Subplan Name']}: ` : ''}${name}${actual}`,
    ...(node.Plans ?? []).flatMap((p) => planText(p, depth + 1)),
  ];
}

/**
 * A prepared list statement gets a generic plan after five runs when PostgreSQL thinks it no worse:
 * the same plan for every club. Runs each list shape for the small and the large club with a custom
 * and a generic plan (PREPARE, then EXPLAIN ANALYZE EXECUTE under SET LOCAL plan_cache_mode, as the
 * app role in the club's transaction, RLS on), prints the generic plan of the default list page, and
 * flags a generic plan that scans companies sequentially or is much slower than the custom one.
 */
async function genericPlans(database: DatabaseHandle, small: BenchClub, large: BenchClub): Promise<boolean> {
  const cases: [string, object][] = [
    ['list, default sort', {}],
    ['list, status filter, sort City desc', { filter: { status: 1 }, sort: { field: 'City', dir: 'desc' } }],
    ['text search "smed"', { search: 'smed' }],
  ];
  const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  let bad = false;
  log('\nGeneric plans of the prepared list page statement (EXPLAIN ANALYZE EXECUTE as the app role in a club transaction, RLS on):');
  for (const [label, input] of cases) {
    for (const [size, club] of [
      [`${SMALL_CLUB.companies.toLocaleString('da-DK')} companies`, small],
      [`${LARGE_CLUB.companies.toLocaleString('da-DK')} companies`, large],
    ] as const) {
      const plans = await withClub(database.db, { clientId: club.clubId, userId: club.userId }, async (trx) => {
        const q = companyListQuery(trx, club.clubId, ZCompanyListRequest.parse(input)).page.compile();
        await trx.executeQuery(CompiledQuery.raw(`PREPARE bench_plan AS ${q.sql}`));
        const out: Record<string, { ms: number; root: PlanNode }> = {};
        for (const mode of ['force_custom_plan', 'force_generic_plan']) {
          await trx.executeQuery(CompiledQuery.raw(`SET LOCAL plan_cache_mode = ${mode}`));
          const r = await trx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
            CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE bench_plan(${q.parameters.map(literal).join(', ')})`),
          );
          const plan = r.rows[0]['QUERY PLAN'][0];
          out[mode] = { ms: plan['Execution Time'], root: plan.Plan };
        }
        await trx.executeQuery(CompiledQuery.raw('DEALLOCATE bench_plan'));
        return out;
      });
      const describe = (root: PlanNode) => {
        const nodes = planNodes(root);
        const seq = nodes.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'companies');
        const indexes = [...new Set(nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])))];
        return { seq, text: seq ? 'SEQ SCAN ON COMPANIES' : indexes.join(' + ') || 'no index' };
      };
      const custom = plans.force_custom_plan;
      const generic = plans.force_generic_plan;
      const g = describe(generic.root);
      const slow = generic.ms > 1 && generic.ms > 3 * custom.ms;
      bad ||= slow || g.seq;
      log(
        `  ${label}, ${size}: custom ${custom.ms.toFixed(2)} ms (${describe(custom.root).text}), generic ${generic.ms.toFixed(2)} ms (${g.text})${slow ? '  <- MUCH SLOWER' : ''}`,
      );
      if (label === cases[0][0] || g.seq || slow || env.BENCH_PLANS) log(planText(generic.root).map((l) => `      ${l}`).join('\n'));
    }
  }
  return bad;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

async function benchApi(parts: { list: boolean; user: boolean }) {
  const database = await openDatabase(usePg ? { databaseUrl: env.DATABASE_URL, poolSize: POOL } : { dataDir: join(tmpdir(), `klubhus-bench-pglite-${TOTAL}`) });
  log(
    `Database: ${usePg ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite (single session: every request queues on one connection, so its figures say little about PostgreSQL; no limit routes)'}; ${TOTAL.toLocaleString('da-DK')} companies (BENCH_COMPANIES overrides)`,
  );
  const { clubs, small, large } = await seed(database);
  const cookies: string[] = [];
  for (const c of clubs) {
    const { token } = await createSession(database.db, c.userId, { remember: true, clientId: c.clubId });
    cookies.push(`klubhus_session=${token}`);
  }
  const config = { baseUrl: 'http://localhost', secureCookies: false, dataDir: mkdtempSync(join(tmpdir(), 'klubhus-bench-')) };
  const app = await buildApp({ database, config, webDist: join(tmpdir(), 'klubhus-bench-no-web') });
  app.get('/bench/baseline', async () => ({ ok: true }));
  // tRPC's own Fastify adapter beside ours (apps/server/src/trpc.ts), on the same app, procedures and
  // context: what ours saves, measured in the same run. Reads only (no cookies are set here).
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc/stock',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }: { req: { auth: RequestAuth; ip: string; headers: { host?: string } } }) =>
        createContext({ database, config }, req.auth, { ip: req.ip, setSessionCookie() {}, clearSessionCookie() {} }, req.headers.host ?? null),
    },
  });
  app.addHook('onRequest', (_req, _reply, done) => {
    served++;
    done();
  });
  // The app's list statement (compiled only, never run), for the limit route's drift note.
  const appListSql = companyListQuery(database.db as never, clubs[0].clubId, ZCompanyListRequest.parse({})).page.compile().sql;
  const limit: LimitRoutes | null = usePg ? await addLimitRoutes(app, database, POOL, appListSql) : null;
  if (limit?.drift) log(`Note: the app's list statement is no longer the limit route's (the limit keeps its own):\n  ${limit.drift}`);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  log(`Load average before the runs: ${loadavg().map((x) => x.toFixed(2)).join(' ')} (2 cores; other work on the machine skews every figure)`);
  log(`App on ${address}; ${CONNECTIONS} connections, ${DURATION} s per run, sessions of ${cookies.length} clubs rotating; pools of ${POOL}.\n`);

  const listInput = encodeURIComponent(JSON.stringify({}));
  const searchInput = encodeURIComponent(JSON.stringify({ search: 'smed' }));
  if (limit) await sameAnswers(app, cookies[0], listInput);
  // Warm-up (JIT, pools, prepared statements, club contexts of every club).
  for (const path of [`/trpc/companies.list?input=${listInput}`, `/trpc/stock/companies.list?input=${listInput}`, '/api/user', ...(limit ? ['/bench/limit/list', '/bench/limit/user'] : [])]) {
    await measureQuietly(address, path, cookies);
  }

  const count = () => statementsSent(database);
  const baseline = await measure('bare Fastify route (no-op)', address, count, { method: 'GET', path: '/bench/baseline' });
  /** Each group: the limit route, then the app's runs measured against it. */
  const groups: { limit: Measured | null; runs: Measured[]; goal: string }[] = [];
  if (parts.list) {
    const limitList = limit ? await measure('LIMIT list: bare Fastify + pg, 5 prepared statements', address, count, { method: 'GET', path: '/bench/limit/list', cookies }) : null;
    const runs = [
      await measure('tRPC companies.list (page 1, Name asc)', address, count, { method: 'GET', path: `/trpc/companies.list?input=${listInput}`, cookies }),
      await measure('tRPC companies.list, Accept-Encoding as a browser sends it', address, count, {
        method: 'GET',
        path: `/trpc/companies.list?input=${listInput}`,
        cookies,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      }),
      await measure('tRPC companies.list search "smed"', address, count, { method: 'GET', path: `/trpc/companies.list?input=${searchInput}`, cookies }),
      await measure('REST POST /api/companies (page 1)', address, count, { method: 'POST', path: '/api/companies', body: '{}', cookies }),
      await measure('REST POST /api/companies search "smed"', address, count, { method: 'POST', path: '/api/companies', body: JSON.stringify({ search: 'smed' }), cookies }),
      await measure('tRPC companies.eventTypes (a club call with no query of its own)', address, count, { method: 'GET', path: '/trpc/companies.eventTypes', cookies }),
      await measure("tRPC companies.list through tRPC's own Fastify adapter", address, count, { method: 'GET', path: `/trpc/stock/companies.list?input=${listInput}`, cookies }),
    ];
    groups.push({ limit: limitList, runs, goal: 'list' });
  }
  if (parts.user) {
    const limitUser = limit ? await measure('LIMIT user: bare Fastify + pg, 1 prepared statement', address, count, { method: 'GET', path: '/bench/limit/user', cookies }) : null;
    const runs = [
      await measure('GET /api/user', address, count, { method: 'GET', path: '/api/user', cookies }),
      // The same procedure through tRPC's fetch adapter: the difference is the adapter's cost per call.
      await measure('tRPC app.user (the same procedure)', address, count, { method: 'GET', path: '/trpc/app.user', cookies }),
    ];
    groups.push({ limit: limitUser, runs, goal: 'user' });
  }
  log(`Load average after the runs: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);

  log('\n| run | req/s | p50 ms | p95 ms | p99 ms | Node CPU ms/call | statements/call | of its limit route | of the no-op route | errors |');
  log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const row = (r: Measured, limitRps: number | null) =>
    log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.cpuMs.toFixed(3)} | ${Number.isNaN(r.statements) ? 'n/a' : r.statements.toFixed(2)} | ${limitRps ? pct(r.rps / limitRps) : 'n/a'} | ${pct(r.rps / baseline.rps)} | ${r.errors} |`,
    );
  row(baseline, null);
  for (const g of groups) {
    if (g.limit) row(g.limit, g.limit.rps);
    for (const r of g.runs) row(r, g.limit?.rps ?? null);
  }

  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  log(`\nGoals of issue 11${usePg ? '' : ' (PGlite run: they apply to PostgreSQL; no limit routes)'}:`);
  /** r's req/s as a share of its limit route's, with its verdict. */
  const ofLimit = (r: Measured, limitRun: Measured | null) =>
    limitRun ? `${pct(r.rps / limitRun.rps)} — ${verdict(r.rps / limitRun.rps >= GOAL.shareOfLimit)}` : 'n/a (no limit route)';
  for (const g of groups) {
    if (g.goal === 'list') {
      const [trpc, , , rest] = g.runs;
      const stock = g.runs[g.runs.length - 1];
      log(`  tRPC companies.list ≥ ${pct(GOAL.shareOfLimit)} of the limit list route: ${ofLimit(trpc, g.limit)}`);
      log(`  tRPC companies.list p95 < ${GOAL.p95} ms: ${trpc.p95.toFixed(1)} ms — ${verdict(trpc.p95 < GOAL.p95)}`);
      log(`  REST POST /api/companies ≥ ${pct(GOAL.shareOfLimit)} of the limit list route: ${ofLimit(rest, g.limit)}; p95 ${rest.p95.toFixed(1)} ms — ${verdict(rest.p95 < GOAL.p95)}`);
      log(
        `  Node CPU per list call ≤ ${GOAL.cpuMs} ms: tRPC ${trpc.cpuMs.toFixed(3)} ms — ${verdict(trpc.cpuMs <= GOAL.cpuMs)}; REST ${rest.cpuMs.toFixed(3)} ms — ${verdict(rest.cpuMs <= GOAL.cpuMs)}${g.limit ? ` (the limit route: ${g.limit.cpuMs.toFixed(3)} ms)` : ''}`,
      );
      log(
        `  our tRPC adapter against tRPC's own (companies.list, same run): ${pct(trpc.rps / stock.rps)} of its req/s, ${(stock.cpuMs - trpc.cpuMs).toFixed(3)} ms less Node CPU per call (${trpc.cpuMs.toFixed(3)} against ${stock.cpuMs.toFixed(3)} ms)`,
      );
      // A load run may count a few statements of its last calls' neighbours: compare what is printed.
      const worst = Number(Math.max(...g.runs.map((r) => r.statements)).toFixed(2));
      log(`  statements per club call ≤ ${GOAL.statements} (BEGIN and COMMIT included): at most ${Number.isNaN(worst) ? 'n/a' : `${worst.toFixed(2)} — ${verdict(worst <= GOAL.statements)}`}`);
    } else {
      const [rest, trpc] = g.runs;
      log(`  GET /api/user ≥ ${pct(GOAL.shareOfLimit)} of the limit user route: ${ofLimit(rest, g.limit)}; ${rest.statements.toFixed(2)} statements/call`);
      log(
        `  tRPC's cost (app.user through /trpc — our adapter, resolveResponse, the procedure's middlewares — against GET /api/user, which calls it directly): ${(trpc.cpuMs - rest.cpuMs).toFixed(3)} ms of Node CPU per call`,
      );
    }
  }

  let bad = false;
  if (parts.list) {
    await breakdown(database, clubs[0], cookies[0]);
    bad = await explain(database, clubs[0]);
  }
  bad = (await genericPlans(database, small, large)) || bad;
  await app.close();
  await limit?.close();
  await database.close();
  const errors = [baseline, ...groups.flatMap((g) => [...(g.limit ? [g.limit] : []), ...g.runs])].reduce((n, r) => n + r.errors, 0);
  if (bad) {
    console.error('\nFAIL: a list query plan scans companies sequentially, or its generic plan is much slower.');
    process.exit(1);
  }
  if (errors) {
    console.error(`\nFAIL: ${errors} requests failed or answered non-2xx.`);
    process.exit(1);
  }
}

/** The limit routes answer what the app answers (same session): else they would measure other work. */
async function sameAnswers(app: Awaited<ReturnType<typeof buildApp>>, cookie: string, listInput: string) {
  const get = async (url: string) => {
    const r = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
    return r.json();
  };
  const limitList = await get('/bench/limit/list');
  const appList = (await get(`/trpc/companies.list?input=${listInput}`)).result.data;
  const limitUser = await get('/bench/limit/user');
  const appUser = (await get('/trpc/app.user')).result.data;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const say = (ok: boolean) => (ok ? 'the same' : 'DIFFERENT');
  log(
    `Limit routes against the app, one session: list ${say(same(limitList, appList))} (${limitList.rows.length} rows of ${limitList.total}), user ${say(same(limitUser, appUser))} (${limitUser.clients.length} membership(s)).`,
  );
  if (!same(limitList, appList)) log(`  limit: ${JSON.stringify(limitList).slice(0, 300)}\n  app:   ${JSON.stringify(appList).slice(0, 300)}`);
  if (!same(limitUser, appUser)) log(`  limit: ${JSON.stringify(limitUser).slice(0, 300)}\n  app:   ${JSON.stringify(appUser).slice(0, 300)}`);
}

/** A short warm-up run (JIT, pools, prepared statements, every club's context: the cookies rotate), not reported. */
async function measureQuietly(url: string, path: string, cookies: string[]) {
  await load(url, 8, 2, { method: 'GET', path, cookies });
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
  const api = all || parts.includes('api');
  const list = api || parts.includes('list');
  const user = api || parts.includes('user');
  if (list || user) await benchApi({ list, user });
  if (all || parts.includes('seats')) {
    if (!usePg) log('\nSeats skipped: the seat-map run needs PostgreSQL (DATABASE_URL).');
    else {
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: POOL });
      const ok = await benchSeats(database, DURATION, log);
      await database.close();
      if (!ok) process.exit(1);
    }
  }
  if (all || parts.includes('invites')) {
    const database = await openDatabase(usePg ? { databaseUrl: env.DATABASE_URL, poolSize: POOL } : { dataDir: mkdtempSync(join(tmpdir(), 'klubhus-bench-invites-')) });
    const ok = await benchInvites(database, log);
    await database.close();
    if (!ok) process.exit(1);
  }
  if (all || parts.includes('orders')) {
    if (!usePg) log('\nOrders skipped: the order list and concurrent creations run on PostgreSQL (DATABASE_URL).');
    else {
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: POOL });
      const ok = await benchOrders(database, {
        measure,
        warm: measureQuietly,
        track: (app) =>
          app.addHook('onRequest', (_req, _reply, done) => {
            served++;
            done();
          }),
        count: () => statementsSent(database),
        durationS: DURATION,
        connections: CONNECTIONS,
        log,
      });
      await database.close();
      if (!ok) process.exit(1);
    }
  }
  if (all || parts.includes('invoices')) {
    if (!usePg) log('\nInvoices skipped: concurrent bookings need PostgreSQL (DATABASE_URL).');
    else {
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: POOL });
      const ok = await benchInvoices(database, log);
      await database.close();
      if (!ok) process.exit(1);
    }
  }
  if (all || parts.includes('contracts')) {
    const database = usePg ? await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: POOL }) : await openDatabase({ dataDir: 'memory://' });
    const ok = await benchContracts(database, log);
    await database.close();
    if (!ok) process.exitCode = 1;
  }
  if (all || parts.includes('booking')) {
    if (!usePg) log('\nBooking skipped: the races and two app processes need PostgreSQL (DATABASE_URL).');
    else {
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: POOL });
      const ok = await benchBooking(database, env.DATABASE_URL as string, DURATION, log);
      await database.close();
      if (!ok) process.exitCode = 1;
    }
  }
  if (all || parts.includes('gate')) {
    if (!usePg) log('\nGate skipped: eight gates racing on one ticket need PostgreSQL (DATABASE_URL).');
    else {
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: POOL });
      const ok = await benchGate(database, Number(env.BENCH_SECONDS ?? 60), log);
      await database.close();
      if (!ok) process.exitCode = 1;
    }
  }
  if (all || parts.includes('lighthouse')) await benchLighthouse(!all);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
