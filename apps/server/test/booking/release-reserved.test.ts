import { SEATING_MSG } from '@klubhus/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubId, createTestApp, type TestApp } from '../helpers';
import { guest, refused, type Visitor, visitorOf } from './helpers';

/**
 * SPEC §3 Ticket product releaseReservedAt ('Frigiv reserverede'): the seats reserved for a company
 * (its channel) in the product's seat category — every category when it names none — are sold to
 * anyone from that time: the picker shows them free, and a hold or a booking takes them.
 */
let t: TestApp;
let v: Visitor;
let demo: number;

beforeAll(async () => {
  t = await createTestApp();
  demo = await clubId(t.database, 'Demo IF');
  v = visitorOf(t);
}, 120_000);
afterAll(() => t.close());

const owner = () => t.database.owner;

describe('releaseReservedAt', () => {
  it('a company’s reserved seat is not sold to a guest before the time; after it, the picker shows it free and the guest books it', async () => {
    const agf = await owner().selectFrom('events').select(['id', 'seat_map_id']).where('client_id', '=', demo).where('title', '=', 'Demo IF – AGF').executeTakeFirstOrThrow();
    const season = (await owner().selectFrom('products').select('id').where('client_id', '=', demo).where('title', '=', 'Sæsonkort').executeTakeFirstOrThrow()).id;
    const reserved = await owner()
      .selectFrom('seat_map_seats')
      .select(['seat_key', 'channel'])
      .where('seat_map_id', '=', agf.seat_map_id as number)
      .where('status', '=', 'free')
      .where('channel', 'like', 'company:%')
      .orderBy('seat_key')
      .executeTakeFirstOrThrow();
    const seat = reserved.seat_key;
    const product = owner().updateTable('event_ticket_products').where('event_id', '=', agf.id).where('product_id', '=', season);
    const taken = async () => (await v.publicSeats.map({ eventId: agf.id })).seats.some(([key, look]) => key === seat && look === 'taken');

    // Not yet: taken for a guest, in the picker, a hold and a booking.
    await product.set({ release_reserved_at: new Date(Date.now() + 3_600_000) }).execute();
    expect(await taken()).toBe(true);
    await expect(v.publicSeats.hold({ eventId: agf.id, seats: [seat] })).rejects.toThrow(SEATING_MSG.seatTaken);
    await refused(t, () => v.booking.book(guest(agf.id, [{ productId: season, amount: 1, seat }])), SEATING_MSG.seatTaken);

    // Released: anyone's.
    await product.set({ release_reserved_at: new Date(Date.now() - 1000) }).execute();
    expect(await taken()).toBe(false);
    const r = await v.booking.book(guest(agf.id, [{ productId: season, amount: 1, seat }]));
    expect(r.status).toBe('draft');
    const row = await owner().selectFrom('seat_map_seats').select(['status', 'channel']).where('seat_map_id', '=', agf.seat_map_id as number).where('seat_key', '=', seat).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'held', channel: reserved.channel });
    // Held now by the guest's booking: taken for the next visitor.
    expect(await taken()).toBe(true);
  });
});
