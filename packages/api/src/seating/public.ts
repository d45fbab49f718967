import { withClub, type Tx } from '@klubhus/db';
import { companyChannel, SEATING_MSG, seatChannel, type ZPublicSeatMapRequest, type ZSeatHoldRequest, type ZSeatReleaseRequest } from '@klubhus/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { currentClub, type Viewer } from '../app/service';
import { bookableEvent } from '../events/public';
import { fail } from '../lib/errors';
import { seatEngineFor } from './engine';
import { eventReleasedSeats } from './holds';
import { eventDrawing, eventSeatMapId, seatMapDrawing, seatsNotFree } from './maps';

/**
 * The storefront's seat picker: an event's drawing with what the visitor cannot take, and holding
 * and releasing seats with a hold token the browser keeps (at least 128 bits: whoever has it holds
 * the seats). Only for an event the visitor may book now; a company's reserved block only for
 * that company's own contacts. Holds go through the event's seat engine like every booking.
 */

type Bookable = Awaited<ReturnType<typeof bookableEvent>>;

async function seatCall<T>(v: Viewer, eventId: number, work: (trx: Tx, clientId: number, event: Bookable) => Promise<T>): Promise<T> {
  const { clientId } = await currentClub(v);
  if (!clientId) throw fail.notFound();
  return withClub(v.db, { clientId }, async (trx) => {
    const event = await bookableEvent(trx, clientId, v.user?.email ?? null, eventId);
    if (!event.hasSeating) throw fail.badRequest(SEATING_MSG.noSeatMap);
    return work(trx, clientId, event);
  });
}

/** The company's channel when the signed-in visitor is one of its contacts; NO_CHANNEL (null) without a company. */
async function visitorChannel(trx: Tx, clientId: number, email: string | null, companyId: number | null | undefined): Promise<string | null> {
  if (!companyId) return null;
  const member =
    email &&
    (await trx
      .selectFrom('contacts as c')
      .innerJoin('company_contacts as cc', (j) => j.onRef('cc.client_id', '=', 'c.client_id').onRef('cc.contact_id', '=', 'c.id'))
      .select('c.id')
      .where('c.client_id', '=', clientId)
      .where(sql`lower(c.email)`, '=', email.toLowerCase())
      .where('cc.company_id', '=', companyId)
      .executeTakeFirst());
  if (!member) throw fail.badRequest(SEATING_MSG.unknownChannel);
  return companyChannel(companyId);
}

/** The drawing and, from the visitor's side, the seats taken ('taken') or held by their token ('mine'). */
export async function publicSeatMap(v: Viewer, input: z.output<typeof ZPublicSeatMapRequest>) {
  return seatCall(v, input.eventId, async (trx, clientId) => {
    const drawing = await eventDrawing(trx, clientId, input.eventId);
    const channel = await visitorChannel(trx, clientId, v.user?.email ?? null, input.companyId);
    const seats = await seatsNotFree(trx, clientId, drawing.seatMapId);
    const released = await eventReleasedSeats(trx, clientId, input.eventId);
    let heldUntil: Date | null = null;
    const out: [string, 'taken' | 'mine'][] = [];
    for (const s of seats) {
      if (s.state === 'held' && input.token && s.hold_token === input.token) {
        out.push([s.seat_key, 'mine']);
        if (s.held_until && (!heldUntil || s.held_until > heldUntil)) heldUntil = s.held_until;
      } else if (s.state !== 'free' || ![null, channel].includes(seatChannel(s, released))) {
        out.push([s.seat_key, 'taken']);
      }
    }
    return { drawing: drawing.drawing, seats: out, heldUntil: heldUntil?.toISOString() ?? null };
  });
}

/** Holds the seats for the token (a new one when none is given): all or none. */
export async function publicHoldSeats(v: Viewer, input: z.output<typeof ZSeatHoldRequest>) {
  return seatCall(v, input.eventId, async (trx, clientId, event) => {
    const channel = await visitorChannel(trx, clientId, v.user?.email ?? null, input.companyId);
    const engine = await seatEngineFor(trx, { clientId, seatsio: event.seatsio }, input.eventId);
    const hold = input.token ? { token: input.token, expiresAt: null } : await engine.newHold();
    const seats = await engine.hold(hold.token, input.seats, channel);
    const expiresAt = engine.kind === 'builtin' ? await heldUntil(trx, clientId, input.eventId, hold.token) : hold.expiresAt;
    return { token: hold.token, expiresAt: (expiresAt ?? new Date()).toISOString(), seats };
  });
}

/** When the token's seats go back to free (the latest of them). */
async function heldUntil(trx: Tx, clientId: number, eventId: number, token: string): Promise<Date | null> {
  const seatMapId = await eventSeatMapId(trx, clientId, eventId);
  const row = await trx
    .selectFrom('seat_map_seats')
    .select((eb) => eb.fn.max('held_until').as('until'))
    .where('client_id', '=', clientId)
    .where('seat_map_id', '=', seatMapId)
    .where('hold_token', '=', token)
    .executeTakeFirst();
  return row?.until ? new Date(row.until) : null;
}

/** Frees what the token holds: the given seats, or all of them. */
export async function publicReleaseSeats(v: Viewer, input: z.output<typeof ZSeatReleaseRequest>) {
  return seatCall(v, input.eventId, async (trx, clientId, event) => {
    const engine = await seatEngineFor(trx, { clientId, seatsio: event.seatsio }, input.eventId);
    const released = await engine.release(input.token, input.seats);
    return { success: true as const, released };
  });
}

/**
 * GET /api/seatmaps/{token}: a seat map's drawing, of the club the visitor is in (the session's,
 * else the storefront's). Its address is handed out only by Planoversigt and the picker.
 */
export async function seatDrawing(v: Viewer, token: string) {
  const { clientId } = await currentClub(v);
  if (!clientId) throw fail.notFound();
  return withClub(v.db, { clientId }, async (trx) => (await seatMapDrawing(trx, clientId, { token })).layout);
}
