import { barrier, TEST_POOL_SIZE } from '@klubhus/db/testing';
import { SEATING_MSG } from '@klubhus/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdSeats, newHoldToken, releaseSeats } from '../../src/seating/holds';
import { gridPlan, openSeatingKit } from './seating-kit';
import { holdWithoutLock } from './unlocked';

/**
 * 200 holders race for the same 50 seats (issue 12's figure). Concurrency claims need a server: the
 * embedded database runs one transaction at a time, so the unlocked control cannot double-hold
 * there. npm test runs this file on PostgreSQL whenever one is reachable.
 */
let kit: Awaited<ReturnType<typeof openSeatingKit>>;

beforeAll(async () => {
  // One section of 5 rows × 10 seats: 50 seats.
  kit = await openSeatingKit(gridPlan(1, 5, 10));
}, 120_000);
afterAll(() => kit.handle.close());

const SEATS = Array.from({ length: 50 }, (_, i) => `A-${Math.floor(i / 10) + 1}-${(i % 10) + 1}`);

/** Four neighbouring seats for holder i, overlapping with the holders next to it (deterministic, so a failure repeats). */
function fourSeats(i: number): string[] {
  return [0, 1, 2, 3].map((k) => SEATS[(i * 2 + k) % SEATS.length]);
}

/** Runs 200 holders at once (each `take` is one transaction); returns the seats each successful holder was told it holds. */
async function race(take: (seats: string[], token: string) => Promise<void>) {
  const claims: { token: string; seats: string[] }[] = [];
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const token = newHoldToken();
      const seats = fourSeats(i);
      try {
        await take(seats, token);
        claims.push({ token, seats });
      } catch (error) {
        failures.push((error as Error).message);
      }
    }),
  );
  return { claims, failures };
}

async function freeAll() {
  await kit.handle.owner.updateTable('seat_map_seats').set({ status: 'free', hold_token: null, held_until: null }).where('seat_map_id', '=', kit.seatMap).execute();
}

describe.runIf(process.env.DATABASE_URL)('200 holders racing for 50 seats (PostgreSQL)', () => {
  it('every seat is held at most once, every refusal is the Danish one, and the database agrees with every holder', async () => {
    await freeAll();
    // A holder keeps its transaction open until the others have come this far (or 200 ms): without
    // the row locks the others would read the seats free meanwhile and write over its hold.
    const everyoneHasHeld = barrier(TEST_POOL_SIZE, 200);
    const { claims, failures } = await race(async (seats, token) => {
      await kit.inClub(kit.demo, async (trx) => {
        await holdSeats(trx, kit.demo, kit.seatMap, { seats, token, channel: null });
        await everyoneHasHeld();
      });
    });
    const claimed = claims.flatMap((c) => c.seats);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claims.length).toBeGreaterThan(0);
    expect(failures.every((m) => m === SEATING_MSG.seatTaken)).toBe(true);
    for (const c of claims) expect((await kit.seatsOf(c.token)).map((s) => s.seat_key).sort()).toEqual([...c.seats].sort());
    await kit.inClub(kit.demo, async (trx) => {
      for (const c of claims) await releaseSeats(trx, kit.demo, kit.seatMap, c.token);
    });
  });

  it('control: the same check and write without the row locks holds seats twice (so the test above can fail)', async () => {
    await freeAll();
    // The transactions holding a connection (the test pool's five) all read before any of them writes.
    const everyoneHasRead = barrier(TEST_POOL_SIZE);
    const { claims } = await race(async (seats, token) => {
      await kit.inClub(kit.demo, (trx) => holdWithoutLock(trx, kit.seatMap, seats, token, everyoneHasRead));
    });
    const claimed = claims.flatMap((c) => c.seats);
    // Read committed: several holders saw the same seats free before any of them wrote.
    expect(new Set(claimed).size).toBeLessThan(claimed.length);
  });
});
