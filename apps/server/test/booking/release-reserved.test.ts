import { SEATING_MSG } from '@klubhus/domain';
import { describe, expect, it } from 'vitest';
import { clubId } from '../helpers';
import { guest, refused, visitorOf } from './helpers';
import { useTestApp } from '../support/app';

/**
 * SPEC §3 Ticket product releaseReservedAt ('Frigiv reserverede'): the seats reserved for a company
 * (its channel) in the product's seat category — every category when it names none — are sold to
 * anyone from that time: the picker shows them free, and a hold or a booking takes them.
 */
const app = useTestApp(async (t) => ({ demo: await clubId(t.database, 'Demo IF'), v: visitorOf(t) }));

const owner = () => app.t.database.owner;

describe('releaseReservedAt', () => {
  it('a company’s reserved seat is not sold to a guest before the time; after it, the picker shows it free and the guest books it', async () => {
    const agf = await owner().selectFrom('events').select(['id', 'seat_map_id']).where('client_id', '=', app.demo).where('title', '=', 'Demo IF – AGF').executeTakeFirstOrThrow();
    const season = (await owner().selectFrom('products').select('id').where('client_id', '=', app.demo).where('title', '=', 'Sæsonkort').executeTakeFirstOrThrow()).id;
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
    const taken = async () => (await app.v.publicSeats.map({ eventId: agf.id })).seats.some(([key, look]) => key === seat && look === 'taken');

    // Not yet: taken for a guest, in the picker, a hold and a booking.
    await product.set({ release_reserved_at: new Date(Date.now() + 3_600_000) }).execute();
    expect(await taken()).toBe(true);
    await expect(app.v.publicSeats.hold({ eventId: agf.id, seats: [seat] })).rejects.toThrow(SEATING_MSG.seatTaken);
    await refused(app.t, () => app.v.booking.book(guest(agf.id, [{ productId: season, amount: 1, seat }])), SEATING_MSG.seatTaken);

    // Released: anyone's.
    await product.set({ release_reserved_at: new Date(Date.now() - 1000) }).execute();
    expect(await taken()).toBe(false);
    const r = await app.v.booking.book(guest(agf.id, [{ productId: season, amount: 1, seat }]));
    expect(r.status).toBe('draft');
    const row = await owner().selectFrom('seat_map_seats').select(['status', 'channel']).where('seat_map_id', '=', agf.seat_map_id as number).where('seat_key', '=', seat).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'held', channel: reserved.channel });
    // Held now by the guest's booking: taken for the next visitor.
    expect(await taken()).toBe(true);
  });
});
