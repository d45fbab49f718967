/**
 * What one order-list call costs, independent of the machine's load (issue 13: the list on 100,000
 * orders): per bench query (page 1, page 500, the four searches of `npm run bench -- orders`)
 *   - PostgreSQL: the list's own statement (listStatement, the text the app sends), EXPLAIN (ANALYZE,
 *     BUFFERS, TIMING OFF) as the app role in a club transaction, the Execution Time averaged over
 *     ORDERS_COST_EXPLAIN (200) runs, and the shared buffers one run touches;
 *   - Node: the app in this process (Fastify through app.inject, no sockets), GET /trpc/orders.list,
 *     4 at a time; Node CPU per call (process.cpuUsage over the run) and the database backends' CPU per
 *     call from /proc (server on this machine), statements per call.
 * Each query is measured twice: `same` repeats the bench's one term (what the load bench sends), and
 * `rotating` goes through ORDERS_COST_TERMS (200) distinct terms of the same kind (what staff type), so
 * a cache that serves only a repeated term cannot pass for a fast search.
 * Seeds the bench club when missing (scripts/bench/orders.ts's seed).
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/orders-cost.ts [calls]
 */
import { createSession } from '@klubhus/api';
import { listStatement } from '@klubhus/api/orders/service';
import { databaseConfigFromEnv, openDatabase, seedDemo, withClub } from '@klubhus/db';
import { ZOrderListRequest } from '@klubhus/domain';
import { CompiledQuery } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
import { backendCpuMs, backendPids } from './backend-cpu';
import { seedOrdersClub, searchTerms } from './orders';
import { countStatements } from './statements';

const N = Number(process.argv[2] ?? 1000);
const EXPLAINS = Number(process.env.ORDERS_COST_EXPLAIN ?? 200);
const CONC = 4;
const statements = countStatements();
const database = await openDatabase({ ...databaseConfigFromEnv(), poolSize: 6 });
await seedDemo(database.owner);
const club = await seedOrdersClub(database, console.log);
const app = await buildApp({ database, config: { baseUrl: 'http://127.0.0.1', secureCookies: false, dataDir: '/tmp' } });
const cookie = `klubhus_session=${(await createSession(database.db, club.userId, { remember: true, clientId: club.clubId })).token}`;

const cases: [string, (i: number) => object][] = [
  ['page 1 (10, Number desc)', () => ({})],
  ['page 500', () => ({ page: 500 })],
];
for (const kind of ['surname', 'company', 'email', 'number'] as const) {
  const terms = searchTerms(kind);
  cases.push([`search "${terms[0]}" (${kind}, same)`, () => ({ search: terms[0] })]);
  cases.push([`search ${kind}, rotating ${terms.length} terms`, (i) => ({ search: terms[i % terms.length] })]);
}

const path = (input: object) => `/trpc/orders.list?input=${encodeURIComponent(JSON.stringify(input))}`;
const call = async (input: object) => {
  const r = await app.inject({ method: 'GET', url: path(input), headers: { cookie, host: '127.0.0.1' } });
  if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
  return JSON.parse(r.body).result.data as { total: number; totalCapped: boolean };
};

async function explain(input: (i: number) => object) {
  let sum = 0;
  let buffers = '';
  await withClub(database.db, { clientId: club.clubId, userId: club.userId }, async (trx) => {
    for (let i = -20; i < EXPLAINS; i++) {
      const q = listStatement(trx, club.clubId, ZOrderListRequest.parse(input(i + 20))).compile();
      const r = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) ${q.sql}`, [...q.parameters]));
      const plan = r.rows.map((x) => x['QUERY PLAN']).join('\n');
      if (i >= 0) sum += Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1]);
      if (i === 0) buffers = plan.match(/Buffers: (shared [^\n]*)/)?.[1] ?? '';
    }
  });
  return { ms: sum / EXPLAINS, buffers };
}

console.log(`Order list cost per call, ${N} calls ${CONC} at a time (in-process, app.inject); PostgreSQL: ${EXPLAINS} EXPLAIN ANALYZE runs of the list statement`);
for (const [name, input] of cases) {
  const answer = await call(input(0));
  const run = async (n: number) => {
    let next = 0;
    await Promise.all(Array.from({ length: CONC }, async () => {
      while (next < n) await call(input(next++));
    }));
  };
  await run(200); // warm: JIT, prepared statements
  const pids = await backendPids(database.owner);
  const p0 = backendCpuMs(pids);
  const s0 = statements();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await run(N);
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const pgMs = (backendCpuMs(pids) - p0) / N;
  const ex = await explain(input);
  console.log(
    `  ${name.padEnd(42)} total ${answer.totalCapped ? '>' : '='}${answer.total}: PostgreSQL ${ex.ms.toFixed(3)} ms (EXPLAIN, ${ex.buffers}), backends CPU ${Number.isNaN(pgMs) ? 'n/a' : pgMs.toFixed(3)} ms; Node CPU ${((c.user + c.system) / 1000 / N).toFixed(3)} ms; ${((statements() - s0) / N).toFixed(1)} statements; wall ${(wall / N).toFixed(2)} ms`,
  );
}
await app.close();
await database.close();
