import { type DatabaseHandle, seedDemo, type Tx, withClub } from '@klubhus/db';
import { saveChart } from '../../src/seating/charts';
import { openTestDatabase } from '@klubhus/db/testing';
import { type TSeatingPlan, ZSeatingPlan } from '@klubhus/domain';
import { createSeatMap } from '../../src/seating/holds';

/** A plan of `sections` sections × `rows` rows × `seats` seats, category A (the first row accessible, category B). */
export function gridPlan(sections: number, rows: number, seats: number): TSeatingPlan {
  return ZSeatingPlan.parse({
    categories: [
      { key: 'A', label: 'Langside', color: '#3372f9' },
      { key: 'B', label: 'Kørestol', color: '#16a34a', accessible: true },
    ],
    sections: Array.from({ length: sections }, (_, s) => ({
      key: String.fromCharCode(65 + s),
      name: `Sektion ${String.fromCharCode(65 + s)}`,
      rows: Array.from({ length: rows }, (_, r) => ({
        label: String(r + 1),
        seats: Array.from({ length: seats }, (_, n) => ({ number: String(n + 1), position: { x: n * 10, y: r * 10 }, category: r === 0 ? 'B' : 'A', accessible: r === 0 })),
      })),
    })),
  });
}

/** A seeded test database with a seat map of the demo club. */
export async function openSeatingKit(plan: TSeatingPlan) {
  const handle: DatabaseHandle = await openTestDatabase();
  await seedDemo(handle.owner);
  const clubs = await handle.owner.selectFrom('clients').select(['id', 'name']).execute();
  const demo = clubs.find((c) => c.name === 'Demo IF')!.id;
  const nabo = clubs.find((c) => c.name === 'Nabo BK')!.id;
  const inClub = <T>(clientId: number, fn: (trx: Tx) => Promise<T>) => withClub(handle.db, { clientId }, fn);
  const seatMap = await inClub(demo, async (trx) => createSeatMap(trx, demo, await saveChart(trx, demo, { name: 'Stadion', plan }).then((r) => r.id), 'Hjemmekamp'));
  const seatsOf = (token: string) =>
    handle.owner.selectFrom('seat_map_seats').select('seat_key').where('seat_map_id', '=', seatMap).where('hold_token', '=', token).orderBy('seat_key').execute();
  return { handle, demo, nabo, seatMap, inClub, seatsOf };
}
