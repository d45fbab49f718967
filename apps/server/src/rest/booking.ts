import { ZBookingRequest, ZReleaseSeatRequest, ZValidateContactRequest } from '@klubhus/domain';
import { z } from 'zod';
import { defineRoutes, type RestInput } from './route';

/**
 * The storefront's booking calls (SPEC §7 Public events/booking) under the public base
 * {events} = /public/events. The web app's pages stay at /events/... and /public/events/invite/{token};
 * the POST calls live under /public/events, the GET data calls under /api/public/events (a GET under
 * /public/* is a page of the web app), except the ticket download and the provider's return URL,
 * which are the documented addresses themselves.
 */
const bookingBody = (input: RestInput) => ({ ...input.body, eventId: input.body.eventId ?? input.params.eventId });

async function sendPdf(input: RestInput, pdf: { fileName: string; data: Uint8Array }) {
  return input.reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${pdf.fileName}"`)
    .header('content-length', String(pdf.data.length))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(pdf.data));
}

export const bookingRoutes = defineRoutes('Booking', [
  {
    method: 'POST',
    url: '/public/events/:eventId/products',
    summary: "The products offered to the visitor, per buyer -> {success, result: {'company:{id}'|'contact:{id}'|'none': [product offered]}, bookingProducts: {users, businessOnly, message, ...}}",
    public: true,
    body: z.object({ inviteToken: z.string().optional() }),
    handler: async (call, input) => {
      const r = await call.booking.products({ eventId: input.params.eventId, inviteToken: input.body.inviteToken });
      return { success: true, result: r.result, bookingProducts: r };
    },
  },
  {
    method: 'POST',
    url: '/public/events/:eventId/release-seat',
    summary: 'Frees a booking line\'s seat (or every seat of its hold token) -> {success, released}',
    public: true,
    body: ZReleaseSeatRequest.omit({ eventId: true }),
    handler: async (call, input) => call.booking.releaseSeat({ ...input.body, eventId: input.params.eventId }),
  },
  {
    method: 'POST',
    url: '/public/events/validate-contact',
    summary: 'Whether an anonymous buyer may use the e-mail: {email} -> {success, error} (a known e-mail: log in; nothing of the account is told)',
    public: true,
    body: ZValidateContactRequest,
    handler: async (call, input) => call.booking.validateContact(input.body),
  },
  {
    method: 'POST',
    url: '/public/events/create-intent',
    summary: 'Books like book and answers the Stripe client secret of its payment -> {success, result: client secret | null, data: order id}',
    public: true,
    body: ZBookingRequest,
    handler: async (call, input) => {
      const r = await call.booking.book(bookingBody(input));
      return { success: true, result: r.payment?.kind === 'client-secret' ? r.payment.clientSecret : null, data: r.orderId, token: r.token };
    },
  },
  {
    method: 'POST',
    url: '/public/events/book',
    summary: 'The booking (SPEC §3 booking body) -> {success, result: payment form fields | redirect | true (free, confirmed), data: order id, token, url}',
    public: true,
    body: ZBookingRequest,
    query: z.object({ intentSecret: z.string().optional() }),
    handler: async (call, input) => {
      const r = await call.booking.book(bookingBody(input));
      const p = r.payment;
      const result = !p ? true : p.kind === 'form' ? { action: p.action, fields: p.fields } : p.kind === 'redirect' ? { redirect: p.url } : { clientSecret: p.clientSecret, publishableKey: p.publishableKey };
      return { success: true, result, data: r.orderId, token: r.token, url: r.url };
    },
  },
  {
    method: 'GET',
    url: '/api/public/events/:eventId/order/:token',
    summary: "A booking's order by its confirmation token -> {success, result (status draft|approved|cancelled, lines, totals, tickets), data: null}; unknown 404",
    public: true,
    handler: async (call, input) => {
      const r = await call.booking.order({ token: input.params.token });
      if (String(r.event.id) !== input.params.eventId) return input.reply.code(404).send({ success: false, error: 'Ikke fundet' });
      return { success: true, result: r, data: null };
    },
  },
  {
    method: 'GET',
    url: '/api/public/events/:eventId/seasonal-tickets',
    summary: "The signed-in holder's season tickets for the event -> {success, result: [{id, product, name, section, row, seatNumber, attending}]}",
    public: true,
    handler: async (call, input) => ({ success: true, result: await call.booking.seasonalTickets({ eventId: input.params.eventId }) }),
  },
  {
    method: 'POST',
    url: '/public/events/:eventId/seasonal-tickets/:id',
    summary: "A season-ticket holder's answer: ?attending=true|false -> {success, result: seasonal ticket}",
    public: true,
    query: z.object({ attending: z.enum(['true', 'false']) }),
    handler: async (call, input) => ({
      success: true,
      result: await call.booking.answerSeasonal({ eventId: input.params.eventId, id: input.params.id, attending: input.query.attending ?? input.body.attending }),
    }),
  },
  {
    method: 'GET',
    url: '/api/seats/seasons/:eventId/has-channel/:companyId',
    summary: "Whether the company has a reserved block on the event's seat map -> {success}; only the company's own contacts hear true",
    public: true,
    handler: async (call, input) => call.booking.hasChannel({ eventId: input.params.eventId, companyId: input.params.companyId }),
  },
  {
    method: 'GET',
    url: '/api/public/events/tickets/:token',
    summary: "A booking's tickets by its confirmation token -> {success, result: [ticket]}",
    public: true,
    handler: async (call, input) => ({ success: true, result: await call.booking.tickets({ token: input.params.token }) }),
  },
  {
    method: 'GET',
    url: '/public/events/ticket/:ticketId',
    summary: "A ticket's PDF by its code (QR code and Code128), rendered once and kept",
    public: true,
    handler: async (call, input) => sendPdf(input, await call.booking.ticketPdf({ ticketId: input.params.ticketId })),
  },
  {
    method: 'GET',
    url: '/api/public/events/ticket/:ticketId',
    summary: "A ticket's PDF by its code (the same as /public/events/ticket/{ticketId})",
    public: true,
    handler: async (call, input) => sendPdf(input, await call.booking.ticketPdf({ ticketId: input.params.ticketId })),
  },
  {
    method: 'GET',
    url: '/public/events/:eventId/accept-payment',
    summary: "The payment provider's return URL (?booking={token}, OnPay's signed accept parameters verified): redirects to the confirmation /events/{url}/{token}",
    public: true,
    query: z.object({ booking: z.string() }),
    handler: async (call, input) => {
      const q = Object.fromEntries(Object.entries(input.query).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
      const { redirect } = await call.booking.acceptPayment({ eventId: input.params.eventId, token: q.booking ?? '', query: q });
      return input.reply.redirect(redirect, 303);
    },
  },
]);
