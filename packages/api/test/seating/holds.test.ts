import { SEATING_MSG } from '@klubhus/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSeats, holdSeats, newHoldToken, releaseSeats, seatMapCounts, setSeatState } from '../../src/seating/holds';
import { seatMapDrawing, seatMapOverview } from '../../src/seating/maps';
import { gridPlan, openSeatingKit } from './seating-kit';

let kit: Awaited<ReturnType<typeof openSeatingKit>>;

beforeAll(async () => {
  // 2 sections × 3 rows × 4 seats = 24 seats.
  kit = await openSeatingKit(gridPlan(2, 3, 4));
}, 120_000);
afterAll(() => kit.handle.close());

const hold = (token: string, seats: string[], opts: { channel?: string | null; seconds?: number } = {}) =>
  kit.inClub(kit.demo, (trx) => holdSeats(trx, kit.demo, kit.seatMap, { seats, token, channel: opts.channel ?? null, seconds: opts.seconds }));

describe('seat holds', () => {
  it('a seat map copies every seat of the chart, all free', async () => {
    expect(await kit.inClub(kit.demo, (trx) => seatMapCounts(trx, kit.demo, kit.seatMap))).toEqual({ free: 24, held: 0, booked: 0, blocked: 0 });
  });

  it('holds all requested seats or none, and a held seat refuses another token in Danish', async () => {
    const a = newHoldToken();
    const b = newHoldToken();
    expect(a).toMatch(/^[a-z2-7]{32}$/);
    const held = await hold(a, ['A-2-2', 'A-2-1']);
    expect(held.seats).toEqual(['A-2-1', 'A-2-2']);
    await expect(hold(b, ['A-2-3', 'A-2-2'])).rejects.toThrow(SEATING_MSG.seatTaken);
    // Nothing of the refused request was taken.
    expect((await kit.seatsOf(b)).length).toBe(0);
    expect((await kit.seatsOf(a)).map((s) => s.seat_key)).toEqual(['A-2-1', 'A-2-2']);
    // The same token may hold its seats again (extends the hold) and add more.
    await hold(a, ['A-2-1', 'A-2-2', 'A-2-3']);
    expect((await kit.seatsOf(a)).length).toBe(3);
    expect(await kit.inClub(kit.demo, (trx) => releaseSeats(trx, kit.demo, kit.seatMap, a))).toBe(3);
    await hold(b, ['A-2-2']);
    await kit.inClub(kit.demo, (trx) => releaseSeats(trx, kit.demo, kit.seatMap, b));
  });

  it('an expired hold counts as free and can be taken by another token', async () => {
    const a = newHoldToken();
    const b = newHoldToken();
    await hold(a, ['B-3-1']);
    await kit.handle.owner.updateTable('seat_map_seats').set({ held_until: new Date(Date.now() - 1000) }).where('hold_token', '=', a).execute();
    expect((await kit.inClub(kit.demo, (trx) => seatMapCounts(trx, kit.demo, kit.seatMap))).held).toBe(0);
    await hold(b, ['B-3-1']);
    expect((await kit.seatsOf(b)).map((s) => s.seat_key)).toEqual(['B-3-1']);
    // The expired holder can no longer book it.
    await expect(kit.inClub(kit.demo, (trx) => bookSeats(trx, kit.demo, kit.seatMap, a, ['B-3-1']))).rejects.toThrow(SEATING_MSG.holdExpired);
  });

  it('books only seats the token still holds, then they are taken for good', async () => {
    const a = newHoldToken();
    await hold(a, ['B-2-1', 'B-2-2']);
    await expect(kit.inClub(kit.demo, (trx) => bookSeats(trx, kit.demo, kit.seatMap, a, ['B-2-1', 'B-2-3']))).rejects.toThrow(SEATING_MSG.holdExpired);
    expect(await kit.inClub(kit.demo, (trx) => bookSeats(trx, kit.demo, kit.seatMap, a, ['B-2-1', 'B-2-2']))).toEqual(['B-2-1', 'B-2-2']);
    await expect(hold(newHoldToken(), ['B-2-1'])).rejects.toThrow(SEATING_MSG.seatTaken);
    const counts = await kit.inClub(kit.demo, (trx) => seatMapCounts(trx, kit.demo, kit.seatMap));
    expect(counts.booked).toBe(2);
  });

  it("a company's block is taken only through its channel; blocked seats by nobody", async () => {
    await kit.handle.owner.updateTable('seat_map_seats').set({ channel: 'company:7' }).where('seat_key', 'in', ['A-3-1', 'A-3-2']).execute();
    await kit.handle.owner.updateTable('seat_map_seats').set({ status: 'blocked' }).where('seat_key', '=', 'A-3-4').execute();
    await expect(hold(newHoldToken(), ['A-3-1'])).rejects.toThrow(SEATING_MSG.seatTaken);
    await expect(hold(newHoldToken(), ['A-3-1'], { channel: 'company:8' })).rejects.toThrow(SEATING_MSG.seatTaken);
    await hold(newHoldToken(), ['A-3-1', 'A-3-2'], { channel: 'company:7' });
    await expect(hold(newHoldToken(), ['A-3-4'])).rejects.toThrow(SEATING_MSG.seatTaken);
  });

  it('refuses unknown seats, no seats and too many in Danish, and caps a hold at two hours', async () => {
    await expect(hold(newHoldToken(), ['A-1-1', 'Z-9-9'])).rejects.toThrow(SEATING_MSG.unknownSeat);
    await expect(hold(newHoldToken(), [])).rejects.toThrow(SEATING_MSG.noSeats);
    await expect(hold(newHoldToken(), Array.from({ length: 101 }, (_, i) => `A-1-${i}`))).rejects.toThrow(SEATING_MSG.tooManySeats);
    const { heldUntil } = await hold(newHoldToken(), ['A-1-1'], { seconds: 24 * 3600 });
    expect(heldUntil.getTime() - Date.now()).toBeLessThanOrEqual(2 * 3600 * 1000);
  });

  it("another club's transaction sees and takes none of the seats", async () => {
    await expect(
      kit.inClub(kit.nabo, (trx) => holdSeats(trx, kit.demo, kit.seatMap, { seats: ['A-1-2'], token: newHoldToken(), channel: null })),
    ).rejects.toThrow(SEATING_MSG.unknownSeat);
    expect(await kit.inClub(kit.nabo, (trx) => seatMapCounts(trx, kit.nabo, kit.seatMap))).toEqual({ free: 0, held: 0, booked: 0, blocked: 0 });
  });
});

describe('staff changes to seats (Planoversigt)', () => {
  it('blocks and frees free seats, refuses held and sold ones, and the overview counts per section and category', async () => {
    const token = newHoldToken();
    await hold(token, ['B-1-1']);
    const set = (seats: string[], change: { blocked?: boolean; channel?: string | null }) =>
      kit.inClub(kit.demo, (trx) => setSeatState(trx, kit.demo, kit.seatMap, seats, change));
    await expect(set(['B-1-1', 'B-1-2'], { blocked: true })).rejects.toThrow(SEATING_MSG.notBlockable);
    await expect(set(['B-2-1'], { blocked: true })).rejects.toThrow(SEATING_MSG.notBlockable); // sold earlier
    await expect(set(['B-2-1'], { channel: 'company:3' })).rejects.toThrow(SEATING_MSG.booked);
    expect(await set(['B-1-3', 'B-1-2'], { blocked: true })).toEqual(['B-1-2', 'B-1-3']);
    await expect(hold(newHoldToken(), ['B-1-2'])).rejects.toThrow(SEATING_MSG.seatTaken);
    const overview = await kit.inClub(kit.demo, async (trx) => seatMapOverview(trx, kit.demo, await seatMapDrawing(trx, kit.demo, { seatMapId: kit.seatMap })));
    expect(overview.sections.B).toMatchObject({ held: 2, blocked: 2, booked: 2 });
    // Row 1 is the accessible category B of the kit's plan.
    expect(overview.categories.B.blocked).toBe(2);
    await set(['B-1-2', 'B-1-3'], { blocked: false });
    await set(['B-1-2'], { channel: 'company:3' });
    await expect(hold(newHoldToken(), ['B-1-2'])).rejects.toThrow(SEATING_MSG.seatTaken);
    await hold(newHoldToken(), ['B-1-2'], { channel: 'company:3' });
    await kit.inClub(kit.demo, (trx) => releaseSeats(trx, kit.demo, kit.seatMap, token));
  });
});
