import type { Tx } from '@klubhus/db';
import { buyerSeatText, type TOrderTicketsResponse, type TTicket } from '@klubhus/domain';
import { type FileStorage, newStorageKey } from '@klubhus/integrations';
import bwipjs from 'bwip-js/node';
import { sql } from 'kysely';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { fail } from '../lib/errors';
import { missingIds } from '../lib/records';
import { printable } from '../lib/pdfText';
import { generateToken } from '../lib/tokens';

/**
 * Tickets (SPEC §3 Ticket): one per seat or unit, with a random code of 160 bits (the QR code and
 * the Code128 carry it; whoever holds it holds the ticket), a number per event, and the PDF —
 * rendered once with bwip-js and pdf-lib (no browser) and kept in the file storage.
 */

/** A ticket's code: 160 random bits, base32 (32 characters: fits a QR code and a Code128 that scans). */
export const newTicketCode = (): string => generateToken();

/** Where a ticket's PDF is downloaded (SPEC §7 ticket download {events}/ticket/{ticketId}). */
export const ticketPdfUrl = (code: string) => `/public/events/ticket/${code}`;

type TicketRow = {
  code: string;
  number: number;
  title: string;
  name: string | null;
  company: string | null;
  section: string | null;
  row: string | null;
  seat_number: string | null;
  options: unknown;
  extra_info: unknown;
};

/** A ticket's options (stored as the options bought) as their titles. */
export const ticketOptionTitles = (options: unknown) => ((options as { title: string }[] | null) ?? []).map((o) => o.title);

/** What a ticket says of its holder and place: on the ticket, in the gate's lists and scan answers alike. */
export const ticketFace = (t: Pick<TicketRow, 'number' | 'name' | 'company' | 'title' | 'section' | 'row' | 'seat_number'>) => ({
  number: t.number,
  name: t.name,
  company: t.company,
  product: t.title,
  section: t.section,
  row: t.row,
  seatNumber: t.seat_number,
});

export function ticketOut(t: TicketRow): TTicket {
  return {
    ticketId: t.code,
    ...ticketFace(t),
    options: ticketOptionTitles(t.options),
    extraInfo: (t.extra_info as TTicket['extraInfo']) ?? [],
    pdfUrl: ticketPdfUrl(t.code),
  };
}

/** A booking's tickets with what ticketOut needs, in number order. */
const ticketsOfBooking = (trx: Tx, clientId: number, bookingId: number) =>
  trx
    .selectFrom('event_tickets as t')
    .leftJoin('companies as co', (j) => j.onRef('co.client_id', '=', 't.client_id').onRef('co.id', '=', 't.company_id'))
    .select(['t.code', 't.number', 't.title', 't.name', 'co.name as company', 't.section', 't.row', 't.seat_number', 't.options', 't.extra_info'])
    .where('t.client_id', '=', clientId)
    .where('t.booking_id', '=', bookingId)
    .orderBy('t.number');

/** The tickets of a booking (valid ones, or all that are not cancelled), in number order. */
export async function bookingTickets(trx: Tx, clientId: number, bookingId: number, validOnly = true): Promise<TTicket[]> {
  const rows = await ticketsOfBooking(trx, clientId, bookingId)
    .where('t.status', validOnly ? '=' : '<>', validOnly ? 'valid' : 'cancelled')
    .execute();
  return rows.map(ticketOut);
}

/** The order's tickets for staff (the Billetter tab): every ticket its booking issued, cancelled ones too, with the first scan. */
export async function orderTickets(trx: Tx, clientId: number, orderId: number): Promise<TOrderTicketsResponse> {
  const booking = await trx
    .selectFrom('event_bookings as b')
    .innerJoin('events as e', (j) => j.onRef('e.client_id', '=', 'b.client_id').onRef('e.id', '=', 'b.event_id'))
    .select(['b.id', 'e.id as event_id', 'e.title as event_title'])
    .where('b.client_id', '=', clientId)
    .where('b.order_id', '=', orderId)
    .executeTakeFirst();
  if (!booking) {
    // An order staff made has no booking (its tab shows its ticket lines); another club's is not found.
    if ((await missingIds(trx, clientId, 'orders', [orderId])).length) throw fail.notFound();
    return { event: null, tickets: [] };
  }
  const rows = await ticketsOfBooking(trx, clientId, booking.id).select(['t.id', 't.status', 't.first_scanned_at']).execute();
  return {
    event: { id: booking.event_id, title: booking.event_title },
    tickets: rows.map((t) => ({
      ...ticketOut(t),
      id: t.id,
      status: t.status,
      scannedAt: t.first_scanned_at ? new Date(t.first_scanned_at).toISOString() : null,
    })),
  };
}

/** The ticket's holder and place (as a ticket row has them, the seat number in camel case) and its event, as printed. */
type PrintedTicket = Omit<TicketRow, 'seat_number' | 'options' | 'extra_info'> & {
  seatNumber: string | null;
  event: string;
  start: Date;
  location: string | null;
  club: string;
  timeZone: string;
};

async function renderTicketPdf(t: PrintedTicket): Promise<Uint8Array> {
  const [qr, code128] = await Promise.all([
    bwipjs.toBuffer({ bcid: 'qrcode', text: t.code, scale: 4, paddingwidth: 4, paddingheight: 4, backgroundcolor: 'FFFFFF' }),
    bwipjs.toBuffer({ bcid: 'code128', text: t.code, scale: 2, height: 12, includetext: true, textxalign: 'center', backgroundcolor: 'FFFFFF' }),
  ]);
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`Billet ${t.number} – ${t.event}`));
  pdf.setCreator('Klubhus');
  const page = pdf.addPage([420, 595]); // A5 portrait, points
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const qrImage = await pdf.embedPng(qr);
  const barImage = await pdf.embedPng(code128);
  const { width, height } = page.getSize();
  const margin = 32;
  let y = height - margin;
  const line = (text: string, font: PDFFont, size: number, color = rgb(0.1, 0.1, 0.12)) => {
    y -= size + 6;
    page.drawText(printable(text), { x: margin, y, size, font, color, maxWidth: width - 2 * margin });
  };
  page.drawRectangle({ x: 0, y: height - 8, width, height: 8, color: rgb(0.2, 0.45, 0.98) });
  line(t.club, regular, 11, rgb(0.35, 0.35, 0.4));
  line(t.event, bold, 20);
  const when = new Intl.DateTimeFormat('da-DK', { timeZone: t.timeZone, day: '2-digit', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(t.start);
  line(when, regular, 12);
  if (t.location) line(t.location, regular, 11, rgb(0.35, 0.35, 0.4));
  y -= 10;
  line(t.title, bold, 14);
  if (t.name) line(t.name, regular, 12);
  if (t.company) line(t.company, regular, 11);
  const seat = buyerSeatText(t, ' · ');
  if (seat) line(seat, bold, 13);
  line(`Billet nr. ${t.number}`, regular, 11, rgb(0.35, 0.35, 0.4));
  const qrSize = 190;
  page.drawImage(qrImage, { x: (width - qrSize) / 2, y: 150, width: qrSize, height: qrSize });
  const barWidth = Math.min(width - 2 * margin, barImage.width);
  const barHeight = (barImage.height / barImage.width) * barWidth;
  page.drawImage(barImage, { x: (width - barWidth) / 2, y: 60, width: barWidth, height: barHeight });
  return pdf.save();
}

/**
 * GET /public/events/ticket/{code}: the ticket's PDF, rendered the first time it is asked for and
 * kept (event_tickets.pdf_path), for a valid ticket of the visitor's club. Two first downloads at
 * once both render; the first to store its file keeps it, the other's is removed.
 */
export async function ticketPdf(trx: Tx, clientId: number, storage: FileStorage, code: string): Promise<{ fileName: string; data: Uint8Array }> {
  const t = await trx
    .selectFrom('event_tickets as t')
    .innerJoin('events as e', (j) => j.onRef('e.client_id', '=', 't.client_id').onRef('e.id', '=', 't.event_id'))
    .innerJoin('clients as cl', 'cl.id', 't.client_id')
    .leftJoin('companies as co', (j) => j.onRef('co.client_id', '=', 't.client_id').onRef('co.id', '=', 't.company_id'))
    .select(['t.id', 't.code', 't.number', 't.title', 't.name', 'co.name as company', 't.section', 't.row', 't.seat_number', 't.pdf_path', 'e.title as event', 'e.start_date', 'e.location', 'cl.name as club', 'cl.time_zone'])
    .where('t.client_id', '=', clientId)
    .where('t.code', '=', code)
    .where('t.status', '=', 'valid')
    .executeTakeFirst();
  if (!t) throw fail.notFound();
  const fileName = `billet-${t.number}.pdf`;
  if (t.pdf_path) {
    const kept = await storage.get(t.pdf_path);
    if (kept) return { fileName, data: kept };
  }
  const data = await renderTicketPdf({
    code: t.code,
    number: t.number,
    title: t.title,
    name: t.name,
    company: t.company,
    section: t.section,
    row: t.row,
    seatNumber: t.seat_number,
    event: t.event,
    start: t.start_date,
    location: t.location,
    club: t.club,
    timeZone: t.time_zone ?? 'Europe/Berlin',
  });
  const key = newStorageKey(clientId);
  await storage.put(key, data, 'application/pdf');
  const won = await trx
    .updateTable('event_tickets')
    .set({ pdf_path: key })
    .where('client_id', '=', clientId)
    .where('id', '=', t.id)
    .where(sql<boolean>`pdf_path IS NOT DISTINCT FROM ${t.pdf_path}`)
    .returning('id')
    .executeTakeFirst();
  if (!won) await storage.delete(key);
  return { fileName, data };
}
