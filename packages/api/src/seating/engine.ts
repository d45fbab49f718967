import type { Tx } from '@klubhus/db';
import { DEFAULT_HOLD_SECONDS, MAX_HOLD_SECONDS, SEATING_MSG } from '@klubhus/domain';
import { SeatsioError, type SeatsioOptions, type SeatsioRegion, seatsioClient } from '@klubhus/integrations';
import { fail } from '../lib/errors';
import { bookSeats, eventReleasedSeats, holdSeats, newHoldToken, releaseSeats, unbookSeats } from './holds';

/**
 * One way to hold, release and book an event's seats, whoever keeps them: the built-in engine
 * (the event's seat map in our database) or seats.io for a club with the `seatsio` feature and its
 * keys (INTEGRATIONS.md §4). Booking, the webshop and the gate call this, never the engines.
 */
export interface SeatEngine {
  readonly kind: 'builtin' | 'seatsio';
  /** A hold token for a buyer, and when what it holds goes back to free. */
  newHold(seconds?: number): Promise<{ token: string; expiresAt: Date }>;
  /** Holds every seat for the token, or none (a seat taken by someone else: SEATING_MSG.seatTaken). */
  hold(token: string, seats: string[], channel: string | null, seconds?: number): Promise<string[]>;
  /** Frees what the token holds: the given seats, or all of them (seats.io needs them named); how many were freed. */
  release(token: string, seats?: string[]): Promise<number>;
  /** Books seats the token holds (book first, then charge). */
  book(token: string, seats: string[], orderId?: string): Promise<string[]>;
  /** Frees seats an order bought (its cancellation); seats staff booked by hand are not touched. */
  unbook(seats: string[]): Promise<number>;
}

/** A club's seats.io workspace (clients.settings.seatsio); the secret key never leaves the server. */
export interface SeatsioSettings {
  secretKey: string;
  publicKey: string;
  region: SeatsioRegion;
}

const REGIONS: SeatsioRegion[] = ['eu', 'na', 'sa', 'oc'];

/** The club's seats.io settings when the seatsio feature is on and the keys are there; else null. */
export async function seatsioSettings(trx: Tx, clientId: number, featureOn: boolean): Promise<SeatsioSettings | null> {
  if (!featureOn) return null;
  const row = await trx.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirst();
  const s = ((row?.settings ?? {}) as { seatsio?: Partial<Record<keyof SeatsioSettings, unknown>> }).seatsio;
  if (!s || typeof s.secretKey !== 'string' || !s.secretKey || typeof s.publicKey !== 'string') return null;
  const region = REGIONS.includes(s.region as SeatsioRegion) ? (s.region as SeatsioRegion) : 'eu';
  return { secretKey: s.secretKey, publicKey: s.publicKey, region };
}

/** The event's own seat map; a hold may take the company seats its products have released (releaseReservedAt). */
export function builtinEngine(trx: Tx, clientId: number, seatMapId: number, eventId: number): SeatEngine {
  return {
    kind: 'builtin',
    async newHold(seconds = DEFAULT_HOLD_SECONDS) {
      return { token: newHoldToken(), expiresAt: new Date(Date.now() + Math.min(seconds, MAX_HOLD_SECONDS) * 1000) };
    },
    async hold(token, seats, channel, seconds) {
      const released = await eventReleasedSeats(trx, clientId, eventId);
      return (await holdSeats(trx, clientId, seatMapId, { token, seats, channel, seconds, released })).seats;
    },
    release: (token, seats) => releaseSeats(trx, clientId, seatMapId, token, seats),
    book: (token, seats) => bookSeats(trx, clientId, seatMapId, token, seats),
    unbook: (seats) => unbookSeats(trx, clientId, seatMapId, seats),
  };
}

/** seats.io's refusals in our words: a seat not free for the token is taken; anything else is seats.io's fault (502). */
async function translated<T>(work: () => Promise<T>, whenIllegal: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SeatsioError && (error.code === 'ILLEGAL_STATUS_CHANGE' || error.code === 'HOLD_TOKEN_EXPIRED')) throw fail.conflict(whenIllegal);
    if (error instanceof SeatsioError) throw fail.badGateway(SEATING_MSG.seatsioFailed, error);
    throw error;
  }
}

export function seatsioEngine(settings: SeatsioSettings, eventKey: string, fetch?: SeatsioOptions['fetch']): SeatEngine {
  const client = seatsioClient({ secretKey: settings.secretKey, region: settings.region, fetch });
  return {
    kind: 'seatsio',
    async newHold(seconds = DEFAULT_HOLD_SECONDS) {
      const t = await translated(() => client.createHoldToken(Math.max(1, Math.round(Math.min(seconds, MAX_HOLD_SECONDS) / 60))), SEATING_MSG.seatTaken);
      return { token: t.holdToken, expiresAt: new Date(t.expiresAt) };
    },
    async hold(token, seats, channel) {
      const objects = await translated(() => client.hold(eventKey, seats, token, [channel ?? 'NO_CHANNEL']), SEATING_MSG.seatTaken);
      return objects.map((o) => o.label).sort();
    },
    async release(token, seats) {
      if (!seats?.length) throw fail.badRequest(SEATING_MSG.noSeats);
      await translated(() => client.release(eventKey, seats, token), SEATING_MSG.holdExpired);
      return seats.length;
    },
    async book(token, seats, orderId) {
      const objects = await translated(() => client.book(eventKey, seats, token, orderId), SEATING_MSG.holdExpired);
      return objects.map((o) => o.label).sort();
    },
    async unbook(seats) {
      if (!seats.length) return 0;
      return (await translated(() => client.release(eventKey, seats), SEATING_MSG.seatsioFailed)).length;
    },
  };
}

/**
 * The engine of an event: seats.io when the club uses it and the event names a seats.io chart (the
 * seats.io event is made from the chart on first use, under the event's row lock, and kept), else
 * the event's own seat map. An event without either has no seats to take.
 */
export async function seatEngineFor(
  trx: Tx,
  club: { clientId: number; seatsio: boolean },
  eventId: number,
  opts: { fetch?: SeatsioOptions['fetch'] } = {},
): Promise<SeatEngine> {
  const e = await trx
    .selectFrom('events')
    .select(['id', 'title', 'seat_map_id', 'seatsio_chart_key', 'seatsio_event_key'])
    .where('client_id', '=', club.clientId)
    .where('id', '=', eventId)
    .forUpdate()
    .executeTakeFirst();
  if (!e) throw fail.notFound();
  const settings = await seatsioSettings(trx, club.clientId, club.seatsio);
  if (settings && e.seatsio_chart_key) {
    let eventKey = e.seatsio_event_key;
    if (!eventKey) {
      eventKey = `klubhus-${club.clientId}-${e.id}`;
      const key = eventKey;
      await translated(
        () =>
          seatsioClient({ secretKey: settings.secretKey, region: settings.region, fetch: opts.fetch })
            .createEvent(e.seatsio_chart_key as string, key, e.title)
            .catch((error) => {
              // Made already by an earlier call whose transaction did not commit: use it.
              if (error instanceof SeatsioError && error.code === 'EVENT_KEY_ALREADY_EXISTS') return null;
              throw error;
            }),
        SEATING_MSG.seatTaken,
      );
      await trx.updateTable('events').set({ seatsio_event_key: eventKey }).where('client_id', '=', club.clientId).where('id', '=', e.id).execute();
    }
    return seatsioEngine(settings, eventKey, opts.fetch);
  }
  if (e.seat_map_id) return builtinEngine(trx, club.clientId, e.seat_map_id, e.id);
  throw fail.badRequest(SEATING_MSG.noSeatMap);
}
