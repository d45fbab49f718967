/**
 * npm run bench -- seats: the seat-map engine at stadium size (issue 12's figures, at the service
 * for now — the booking routes come with the events work). A chart of 20,000 seats becomes an
 * event's seat map; then 64 holders at once hold 4 neighbouring seats each and let them go again
 * (latency of the hold transaction), and 200 holders race for the same 50 seats (each seat held at
 * most once). On PostgreSQL (DATABASE_URL); the embedded database runs one transaction at a time.
 */
import { type DatabaseHandle, seedDemo, withClub } from '@klubhus/db';
import { createSeatMap, holdSeats, newHoldToken, releaseSeats, saveSeatingChart } from '@klubhus/api/seating/holds';
import { generateSection, SEATING_MSG, ZSeatingPlan } from '@klubhus/domain';

const CONCURRENCY = 64;

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
}

export async function benchSeats(database: DatabaseHandle, durationS: number, log: (...args: unknown[]) => void): Promise<boolean> {
  await seedDemo(database.owner);
  const club = (await database.owner.selectFrom('clients').select('id').where('name', '=', 'Demo IF').executeTakeFirstOrThrow()).id;
  const inClub = <T>(fn: Parameters<typeof withClub<T>>[2]) => withClub(database.db, { clientId: club }, fn);
  // 10 sections × 40 rows × 50 seats = 20,000 seats.
  const sections = Array.from({ length: 10 }, (_, s) =>
    generateSection({ key: `S${s + 1}`, name: `Sektion ${s + 1}`, rows: 40, seatsPerRow: 50, category: 'A', origin: { x: (s % 5) * 1600, y: Math.floor(s / 5) * 1500 } }),
  );
  const plan = ZSeatingPlan.parse({ categories: [{ key: 'A', label: 'Tribune', color: '#3372f9' }], sections });
  let t0 = performance.now();
  const seatMap = await inClub(async (trx) => createSeatMap(trx, club, await saveSeatingChart(trx, club, { name: 'Bench stadion', plan }), 'Bench kamp'));
  log(`\nSeat map of 20.000 seats made from its chart in ${(performance.now() - t0).toFixed(0)} ms.`);

  // 64 holders for the duration: 4 neighbouring seats at a random place, held, then let go.
  const latencies: number[] = [];
  let refused = 0;
  let failed = 0;
  const until = Date.now() + durationS * 1000;
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const s = 1 + Math.floor(Math.random() * 10);
        const r = 1 + Math.floor(Math.random() * 40);
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
  log(
    `Hold of 4 seats, ${CONCURRENCY} holders at once for ${durationS} s: ${(latencies.length / seconds).toFixed(0)} holds/s (each followed by its release), p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; ${refused} refused as taken, ${failed} failed`,
  );

  // 200 holders race for the same 50 seats.
  const fifty = Array.from({ length: 50 }, (_, i) => `S1-1-${i + 1}`);
  const claims: string[] = [];
  let raceFailed = 0;
  await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const seats = [0, 1, 2, 3].map((k) => fifty[(i * 2 + k) % 50]);
      try {
        await inClub((trx) => holdSeats(trx, club, seatMap, { seats, token: newHoldToken(), channel: null }));
        claims.push(...seats);
      } catch (error) {
        if ((error as Error).message !== SEATING_MSG.seatTaken) raceFailed++;
      }
    }),
  );
  const once = new Set(claims).size === claims.length;
  log(`200 holders racing for the same 50 seats: ${claims.length / 4} got their 4, every seat held at most once: ${once ? 'yes' : 'NO'}, ${raceFailed} failed otherwise.`);
  const goal = percentile(latencies, 95) < 50 && once && failed === 0 && raceFailed === 0;
  log(`Goal (hold of 4 seats p95 < 50 ms; every seat held at most once; no failures): ${goal ? 'met' : 'NOT met'}`);
  await database.owner.deleteFrom('seat_maps').where('id', '=', seatMap).execute();
  await database.owner.deleteFrom('seating_charts').where('name', '=', 'Bench stadion').execute();
  return once && failed === 0 && raceFailed === 0;
}
