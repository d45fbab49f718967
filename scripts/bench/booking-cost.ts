/**
 * What one reservation costs, independent of the machine's load: the app in this process (Fastify
 * through app.inject, no sockets), paid guest bookings of 1 ticket on one event (the booking bench's
 * body), BOOKING_COST_CONCURRENCY (4) at a time. Prints statements per booking (counted in
 * pg.Client: statements.ts, the payment's included) and Node CPU per booking (process.cpuUsage
 * over the run: the app's work plus inject's small share); BOOKING_COST_LOG=1 prints one booking's
 * statements. Run under `node --cpu-prof` for the profile.
 *   DATABASE_URL=postgres://… [BOOKING_COST_GROWN=50000] npx tsx scripts/bench/booking-cost.ts [bookings]
 */
import { databaseConfigFromEnv, isEmpty, openDatabase, seedDemo } from '@klubhus/db';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { backendCpuMs, backendPids } from './backend-cpu';
import { bookingPaths } from '../../packages/api/src/booking/capacity';
import { guest, staffCaller, ticketEvent } from './booking';
import { countStatements } from './statements';

const N = Number(process.argv[2] ?? 2000);
const CONC = Number(process.env.BOOKING_COST_CONCURRENCY ?? 4);
const statements = countStatements();
const logged: string[] = [];
let logging = false;
if (process.env.BOOKING_COST_LOG === '1') {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    if (logging) {
      const a = args[0] as string | { text: string };
      logged.push((typeof a === 'string' ? a : a.text).replace(/\s+/g, ' ').slice(0, 240));
    }
    return query.apply(this, args);
  };
}

const database = await openDatabase({ ...databaseConfigFromEnv(), poolSize: 10 });
if (await isEmpty(database.owner)) await seedDemo(database.owner);
const { call, club } = await staffCaller(database);
const config = { baseUrl: 'http://127.0.0.1', secureCookies: false, dataDir: '/tmp' };
const typeId = (await call.eventTypes.update({ title: `Cost ${Date.now()}` })).id;
const single = (await database.owner.selectFrom('products').select('id').where('client_id', '=', club).where('title', '=', 'Enkeltbillet').executeTakeFirstOrThrow()).id;
const eventId = await ticketEvent(call, typeId, single, `Cost: reservationer ${Date.now()}`);
// BOOKING_COST_GROWN=50000: the event has sold that many tickets first (what a booking costs must not grow with them).
const GROWN = Number(process.env.BOOKING_COST_GROWN ?? 0);
if (GROWN > 0) {
  await sql`INSERT INTO event_tickets (client_id, event_id, product_id, code, number, title, status, price)
    SELECT ${club}, ${eventId}, ${single}, 'cost-' || ${eventId} || '-' || g, g, 'Ståplads', 'valid', 12000 FROM generate_series(1, ${GROWN}) g`.execute(database.owner);
  await sql`UPDATE events SET ticket_counter = ${GROWN} WHERE id = ${eventId}`.execute(database.owner);
  await sql`ANALYZE event_tickets`.execute(database.owner);
}
// Statistics, as autovacuum keeps them on a production server (booking.ts says why).
await sql`ANALYZE`.execute(database.owner);
const app = await buildApp({ database, config });
const payload = guest(eventId, { productId: single }, 0);
const bookOne = async () => {
  const r = await app.inject({ method: 'POST', url: '/public/events/book', headers: { 'content-type': 'application/json', host: '127.0.0.1', origin: 'http://127.0.0.1' }, payload });
  if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
  return r;
};
const run = async (n: number) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONC }, async () => {
      while (next++ < n) await bookOne();
    }),
  );
};

await run(300); // warm: JIT, prepared statements, club context
logging = true;
const one = await bookOne();
logging = false;
if (process.env.BOOKING_COST_LOG === '1') {
  console.log(`One booking's statements (${logged.length}):`);
  for (const s of logged) console.log('  ', s);
  console.log('answer:', one.body.slice(0, 300));
}
// PostgreSQL's CPU for the run: the backends of the app's pool (backend-cpu.ts).
const backends = await backendPids(database.owner);
const paths0 = { ...bookingPaths };
const p0 = backendCpuMs(backends);
const s0 = statements();
const c0 = process.cpuUsage();
const t0 = performance.now();
await run(N);
const ms = performance.now() - t0;
const c = process.cpuUsage(c0);
const sent = statements() - s0;
const pgMs = (backendCpuMs(backends) - p0) / N;
console.log(
  `${N} reservations, ${CONC} at a time: ${(sent / N).toFixed(2)} statements per booking, Node CPU ${((c.user + c.system) / 1000 / N).toFixed(3)} ms per booking (user ${(c.user / 1000 / N).toFixed(3)}, system ${(c.system / 1000 / N).toFixed(3)}); PostgreSQL CPU ${Number.isNaN(pgMs) ? 'n/a (server not on this machine)' : `${pgMs.toFixed(3)} ms`} per booking (${backends.length} backends); wall ${(ms / N).toFixed(2)} ms per booking; the event's lock taken by ${bookingPaths.fast - paths0.fast} fast, ${bookingPaths.fallback - paths0.fallback} fast then locked, ${bookingPaths.locked - paths0.locked} locked`,
);
await app.close();
await database.close();
