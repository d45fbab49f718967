import type { Tx } from '@klubhus/db';
import { BOOKING_MSG, buyerSeatText, formatDKK, type TTicket } from '@klubhus/domain';
import { escapeHtml, queueMail } from '../lib/mail';
import { bookingTickets } from './tickets';

/**
 * The receipt of a confirmed booking, through the outbox, with a link to each ticket's PDF. Called
 * once: by a free booking's own transaction, or by the payment's fulfilment (which runs once).
 */
export async function sendBookingReceipt(trx: Tx, clientId: number, baseUrl: string, bookingId: number) {
  const b = await trx
    .selectFrom('event_bookings as b')
    .innerJoin('orders as o', (j) => j.onRef('o.client_id', '=', 'b.client_id').onRef('o.id', '=', 'b.order_id'))
    .innerJoin('events as e', (j) => j.onRef('e.client_id', '=', 'b.client_id').onRef('e.id', '=', 'b.event_id'))
    .select(['o.order_number', 'o.email', 'o.firstname', 'o.total', 'e.title'])
    .where('b.client_id', '=', clientId)
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
  if (!b?.email) return;
  await queueBookingReceipt(trx, baseUrl, b, await bookingTickets(trx, clientId, bookingId));
}

/**
 * The receipt from what the booking just wrote (a free booking, in the statement's transaction: the
 * order and its valid tickets in number order, as sendBookingReceipt would read them back) — one
 * statement under the event's lock instead of three.
 */
export async function queueBookingReceipt(
  trx: Tx,
  baseUrl: string,
  b: { order_number: number; email: string | null; firstname: string | null; total: number; title: string },
  tickets: TTicket[],
) {
  if (!b.email) return;
  const root = baseUrl.replace(/\/$/, '');
  const items = tickets.map((t) => {
    const label = [`Billet nr. ${t.number}`, t.product, buyerSeatText(t), t.name].filter(Boolean).join(' · ');
    return { label, url: `${root}${t.pdfUrl}` };
  });
  const html = [
    `<p>Hej ${escapeHtml(b.firstname ?? '')}</p>`,
    `<p>${escapeHtml(BOOKING_MSG.receiptLead(b.title))}</p>`,
    `<ul>${items.map((i) => `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.label)}</a></li>`).join('')}</ul>`,
    `<p>Total: ${escapeHtml(formatDKK(Number(b.total)))}</p>`,
  ].join('');
  const text = [`Hej ${b.firstname ?? ''}`, BOOKING_MSG.receiptLead(b.title), ...items.map((i) => `${i.label}: ${i.url}`), `Total: ${formatDKK(Number(b.total))}`].join('\n');
  await queueMail(trx, { to: b.email, subject: BOOKING_MSG.receiptSubject(b.title, b.order_number), html, text, kind: 'booking-receipt' });
}
