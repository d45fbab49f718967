import { type Database, withClub } from '@klubhus/db';
import { BOOKING_MSG, companyChannel, type TBookingOrder, type TOrderPayStart, wireKroner } from '@klubhus/domain';
import type { FileStorage } from '@klubhus/integrations';
import { TRPCError } from '@trpc/server';
import type { Kysely } from 'kysely';
import { currentClub, type Viewer } from '../app/service';
import { fail } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { storedLines } from '../orders/shared';
import { receiveNotification } from '../payments/service';
import { publicReleaseSeats } from '../seating/public';
import { paymentFeatures, startBookingPayment } from './service';
import { bookingTickets, ticketPdf } from './tickets';

/**
 * What a booking's buyer holds after booking: the confirmation (/events/{url}/{token}, SPEC §4's
 * three states), paying again, the provider's return, the tickets and their PDFs, the seats released
 * from the picker, and a season-ticket holder's attendance answer. The confirmation token (160
 * random bits; only its hash is kept) or a ticket's code is the guard, in the visitor's club only.
 */

async function club(v: Viewer) {
  const { clientId } = await currentClub(v);
  if (!clientId) throw fail.notFound();
  return clientId;
}

async function openBooking(trx: Parameters<Parameters<typeof withClub>[2]>[0], clientId: number, token: string, lock = false) {
  let q = trx.selectFrom('event_bookings').selectAll().where('client_id', '=', clientId).where('token_hash', '=', hashToken(token));
  if (lock) q = q.forUpdate();
  const b = await q.executeTakeFirst();
  if (!b) throw fail.notFound();
  return b;
}

/** GET /{eventId}/order/{token}: the booking's order as its buyer sees it. An unknown token: 404 (the page goes back to the event). */
export async function bookingOrder(v: Viewer, token: string): Promise<TBookingOrder> {
  const clientId = await club(v);
  return withClub(v.db, { clientId }, async (trx) => {
    const b = await openBooking(trx, clientId, token);
    const o = await trx.selectFrom('orders').selectAll().where('client_id', '=', clientId).where('id', '=', b.order_id).executeTakeFirstOrThrow();
    const e = await trx.selectFrom('events').select(['id', 'title', 'url', 'start_date', 'location']).where('client_id', '=', clientId).where('id', '=', b.event_id).executeTakeFirstOrThrow();
    const lines = (await storedLines(trx, clientId, [o.id])).get(o.id) ?? [];
    const last = await trx
      .selectFrom('payments')
      .select('status')
      .where('client_id', '=', clientId)
      .where('purpose_type', '=', 'booking')
      .where('purpose_id', '=', b.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const live = b.state === 'held' && !!b.held_until && new Date(b.held_until).getTime() > Date.now();
    const status: TBookingOrder['status'] = o.status === 'approved' ? 'approved' : o.status === 'cancelled' || (b.state === 'held' && !live) || b.state === 'cancelled' ? 'cancelled' : 'draft';
    return {
      orderId: o.id,
      orderNumber: o.order_number,
      status,
      event: { id: e.id, title: e.title, url: e.url, startDate: e.start_date.toISOString(), location: e.location },
      name: [o.firstname, o.lastname].filter(Boolean).join(' ') || null,
      email: o.email,
      lines: lines.map((l) => ({
        title: l.title,
        amount: l.amount,
        price: wireKroner(l.price) ?? 0,
        total: wireKroner((l.price + l.options.reduce((s, op) => s + op.price, 0)) * l.amount - l.discount) ?? 0,
        seat: l.seat,
        name: l.description,
        options: l.options.map((op) => ({ title: op.title, price: wireKroner(op.price) ?? 0 })),
      })),
      subtotal: wireKroner(Number(o.subtotal)) ?? 0,
      discount: wireKroner(Number(o.discount)) ?? 0,
      vat: wireKroner(Number(o.vat)) ?? 0,
      total: wireKroner(Number(o.total)) ?? 0,
      heldUntil: live ? new Date(b.held_until as Date).toISOString() : null,
      canPay: status === 'draft' && live && Number(o.total) > 0,
      lastAttempt: last?.status === 'failed' || last?.status === 'cancelled' || last?.status === 'pending' ? last.status : null,
      tickets: status === 'approved' ? await bookingTickets(trx, clientId, b.id) : [],
    };
  });
}

/** Betal igen: a new payment for a draft booking whose hold is still live (SPEC §4 retry). */
export async function payBookingAgain(v: Viewer, baseUrl: string, token: string): Promise<TOrderPayStart> {
  const clientId = await club(v);
  return withClub(v.db, { clientId }, async (trx) => {
    const b = await openBooking(trx, clientId, token, true);
    const o = await trx.selectFrom('orders').select(['id', 'status', 'total', 'email', 'order_number', 'payment_status']).where('client_id', '=', clientId).where('id', '=', b.order_id).executeTakeFirstOrThrow();
    const live = b.state === 'held' && !!b.held_until && new Date(b.held_until).getTime() > Date.now();
    if (!live || o.status !== 'draft' || Number(o.total) <= 0) throw fail.conflict(BOOKING_MSG.notPayable);
    const e = await trx.selectFrom('events').select('title').where('client_id', '=', clientId).where('id', '=', b.event_id).executeTakeFirstOrThrow();
    return startBookingPayment(trx, clientId, baseUrl, await paymentFeatures(trx, clientId), { id: b.id, eventId: b.event_id, token, total: Number(o.total), email: o.email, title: e.title, orderNumber: o.order_number });
  });
}

/**
 * GET /public/events/{eventId}/accept-payment?booking={token}: the buyer is back from the provider.
 * OnPay's signed accept parameters are verified and applied like its callback (whichever comes
 * first counts); then the buyer is sent to the confirmation page.
 */
export async function acceptBookingPayment(v: Viewer, baseUrl: string, eventId: number, token: string, query: Record<string, string>): Promise<string> {
  const clientId = await club(v);
  const url = await withClub(v.db, { clientId }, async (trx) => {
    const b = await openBooking(trx, clientId, token);
    if (b.event_id !== eventId) throw fail.notFound();
    const e = await trx.selectFrom('events').select('url').where('client_id', '=', clientId).where('id', '=', b.event_id).executeTakeFirstOrThrow();
    return `/events/${encodeURIComponent(e.url)}/${token}`;
  });
  if (Object.keys(query).some((k) => k.startsWith('onpay_'))) {
    try {
      await receiveNotification(v.db as Kysely<Database>, baseUrl, 'onpay', clientId, { rawBody: '', headers: {}, query });
    } catch (error) {
      if (!(error instanceof TRPCError) || (error.code !== 'BAD_REQUEST' && error.code !== 'NOT_FOUND')) throw error;
    }
  }
  return `${url}${query.betaling === 'afvist' ? '?betaling=afvist' : '?betaling=ok'}`;
}

/** GET {events}/tickets/{token}: the booking's valid tickets. */
export async function bookingTicketList(v: Viewer, token: string) {
  const clientId = await club(v);
  return withClub(v.db, { clientId }, async (trx) => bookingTickets(trx, clientId, (await openBooking(trx, clientId, token)).id));
}

/** GET {events}/ticket/{code}: the ticket's PDF (rendered once, kept). */
export async function ticketDownload(v: Viewer, storage: FileStorage, code: string) {
  const clientId = await club(v);
  return withClub(v.db, { clientId }, (trx) => ticketPdf(trx, clientId, storage, code));
}

/** POST /{eventId}/release-seat: the line's seat (or all its token holds) back to free. */
export async function releaseBookingSeat(v: Viewer, input: { eventId: number; holdToken: string; seat: string | null }) {
  const r = await publicReleaseSeats(v, { eventId: input.eventId, token: input.holdToken, seats: input.seat ? [input.seat] : undefined });
  return { success: true as const, released: r.released };
}

/**
 * GET /api/seats/seasons/{eventId}/has-channel/{companyId}: whether the company has a reserved block
 * (a channel) on the event's seat map — told only to that company's own contacts (a stranger, or a
 * contact of another company, hears false), so the picker offers the block to its company alone.
 */
export async function hasCompanyChannel(v: Viewer, input: { eventId: number; companyId: number }): Promise<{ success: boolean }> {
  const clientId = await club(v);
  return withClub(v.db, { clientId }, async (trx) => {
    const contacts = await holderContactIds(v, clientId, trx);
    if (!contacts.length) return { success: false };
    const member = await trx
      .selectFrom('company_contacts')
      .select('contact_id')
      .where('client_id', '=', clientId)
      .where('company_id', '=', input.companyId)
      .where('contact_id', 'in', contacts)
      .executeTakeFirst();
    if (!member) return { success: false };
    const seat = await trx
      .selectFrom('events as e')
      .innerJoin('seat_map_seats as s', (j) => j.onRef('s.client_id', '=', 'e.client_id').onRef('s.seat_map_id', '=', 'e.seat_map_id'))
      .select('s.seat_key')
      .where('e.client_id', '=', clientId)
      .where('e.id', '=', input.eventId)
      .where('s.channel', '=', companyChannel(input.companyId))
      .limit(1)
      .executeTakeFirst();
    return { success: !!seat };
  });
}

/* ------------------------------------------------------------------ season tickets */

async function holderContactIds(v: Viewer, clientId: number, trx: Parameters<Parameters<typeof withClub>[2]>[0]) {
  if (!v.user) return [];
  const rows = await trx
    .selectFrom('contacts')
    .select('id')
    .where('client_id', '=', clientId)
    .where((eb) => eb.fn('lower', ['email']), '=', v.user.email.toLowerCase())
    .execute();
  return rows.map((r) => r.id);
}

/** GET /{eventId}/seasonal-tickets: the signed-in holder's season tickets for the event (SPEC §3 Seasonal ticket). */
export async function seasonalTickets(v: Viewer, eventId: number) {
  const clientId = await club(v);
  return withClub(v.db, { clientId }, async (trx) => {
    const contacts = await holderContactIds(v, clientId, trx);
    if (!contacts.length) return [];
    const rows = await trx
      .selectFrom('event_tickets')
      .select(['id', 'title', 'name', 'section', 'row', 'seat_number', 'attending'])
      .where('client_id', '=', clientId)
      .where('event_id', '=', eventId)
      .where('seasonal', '=', true)
      .where('status', '=', 'valid')
      .where('contact_id', 'in', contacts)
      .orderBy('number')
      .execute();
    return rows.map((r) => ({ id: r.id, product: r.title, name: r.name, section: r.section, row: r.row, seatNumber: r.seat_number, attending: r.attending }));
  });
}

/** POST /{eventId}/seasonal-tickets/{id}?attending=: Ja / Nej on the holder's own ticket (SPEC §4: null → true/false). */
export async function answerSeasonalTicket(v: Viewer, input: { eventId: number; id: number; attending: boolean }) {
  const clientId = await club(v);
  return withClub(v.db, { clientId }, async (trx) => {
    const contacts = await holderContactIds(v, clientId, trx);
    if (!contacts.length) throw fail.notFound();
    const r = await trx
      .updateTable('event_tickets')
      .set({ attending: input.attending })
      .where('client_id', '=', clientId)
      .where('event_id', '=', input.eventId)
      .where('id', '=', input.id)
      .where('seasonal', '=', true)
      .where('status', '=', 'valid')
      .where('contact_id', 'in', contacts)
      .returning(['id', 'title', 'name', 'section', 'row', 'seat_number', 'attending'])
      .executeTakeFirst();
    if (!r) throw fail.notFound();
    return { id: r.id, product: r.title, name: r.name, section: r.section, row: r.row, seatNumber: r.seat_number, attending: r.attending };
  });
}
