import { type Tx, withClub } from '@klubhus/db';
import {
  GATE_MSG,
  scanTime,
  type TAttendee,
  type TAttendeeListRequest,
  type TAttendeeListResponse,
  type TAttendeeOverview,
  type TScanRequest,
  type TScanResponse,
  type TScanTicket,
} from '@klubhus/domain';
import { sql } from 'kysely';
import { ticketFace, ticketOptionTitles } from '../booking/tickets';
import { fail } from '../lib/errors';
import { currentClub, type Viewer } from '../app/service';
import { attendeesWorkbook } from './export';
import { publicTablePlan } from './tables';

/**
 * The gate (issue 16): an event's attendees (its valid tickets), the overview, the companies, and
 * scanning. A scan takes the ticket's row lock (SELECT … FOR UPDATE) before it reads whether the
 * ticket was scanned, so two gates scanning one ticket at the same moment count it once: the
 * second waits for the first to commit and then reads it as scanned. Every scan of a known ticket
 * is kept with the gate's nonce (unique per club); the same nonce again answers the stored result.
 */

export type GateClub = { clientId: number; userId: number };

/** For the concurrency tests only: `enabled = false` is the control run without the row lock; `between` runs after the read. */
export const scanLocks = { enabled: true, between: async () => {} };

type EventRow = { id: number; control_type: string; has_tickets: boolean; max_signups: number | null; seat_map_id: number | null; time_zone: string };

async function eventOf(trx: Tx, clientId: number, eventId: number): Promise<EventRow> {
  const e = await trx
    .selectFrom('events as e')
    .innerJoin('clients as c', 'c.id', 'e.client_id')
    .select(['e.id', sql<string>`coalesce(e.ticket_settings->>'controlType', 'None')`.as('control_type'), 'e.has_tickets', 'e.max_signups', 'e.seat_map_id', 'c.time_zone'])
    .where('e.client_id', '=', clientId)
    .where('e.id', '=', eventId)
    .executeTakeFirst();
  if (!e) throw fail.notFound();
  return e;
}

function attendeeQuery(trx: Tx, clientId: number, eventId: number) {
  return trx
    .selectFrom('event_tickets as t')
    .leftJoin('companies as co', (j) => j.onRef('co.client_id', '=', 't.client_id').onRef('co.id', '=', 't.company_id'))
    .leftJoin('users as u', 'u.id', 't.first_scanned_by')
    .select([
      't.id',
      't.number',
      't.name',
      't.company_id',
      'co.name as company',
      't.title',
      't.section',
      't.row',
      't.seat_number',
      't.options',
      't.extra_info',
      't.code',
      't.first_scanned_at',
      sql<string | null>`nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '')`.as('scanned_by'),
    ])
    .where('t.client_id', '=', clientId)
    .where('t.event_id', '=', eventId)
    .where('t.status', '=', 'valid');
}

type AttendeeRow = Awaited<ReturnType<ReturnType<typeof attendeeQuery>['execute']>>[number];

const attendeeOut = (r: AttendeeRow): TAttendee => ({
  id: r.id,
  number: r.number,
  name: r.name,
  company: r.company,
  companyId: r.company_id,
  product: r.title,
  section: r.section,
  row: r.row,
  seatNumber: r.seat_number,
  options: ticketOptionTitles(r.options),
  extraInfo: (r.extra_info as TAttendee['extraInfo']) ?? [],
  scanned: r.first_scanned_at !== null,
  scannedAt: r.first_scanned_at ? new Date(r.first_scanned_at).toISOString() : null,
  scannedBy: r.first_scanned_at ? (r.scanned_by ?? GATE_MSG.unknownUser) : null,
  ticketId: r.code,
});

/** SPEC §2/§7: the attendees of an event (valid tickets) by status, company and search, in ticket number order. */
export async function listAttendees(trx: Tx, clientId: number, input: TAttendeeListRequest): Promise<TAttendeeListResponse> {
  const event = await eventOf(trx, clientId, input.id);
  let q = attendeeQuery(trx, clientId, input.id);
  if (input.status === 'scanned') q = q.where('t.first_scanned_at', 'is not', null);
  if (input.status === 'notScanned') q = q.where('t.first_scanned_at', 'is', null);
  if (input.company) q = q.where('t.company_id', '=', input.company);
  if (input.search) {
    const like = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const n = /^\d{1,9}$/.test(input.search) ? Number(input.search) : null;
    q = q.where((eb) =>
      eb.or([
        eb('t.name', 'ilike', like),
        eb('co.name', 'ilike', like),
        eb('t.title', 'ilike', like),
        eb('t.code', '=', input.search as string),
        ...(n !== null ? [eb('t.number', '=', n)] : []),
      ]),
    );
  }
  const rows = await q.orderBy('t.number').execute();
  return { result: rows.map(attendeeOut), controlType: event.control_type as TAttendeeListResponse['controlType'] };
}

/** SPEC §3 Overview of an event's attendees. */
export async function attendeeOverview(trx: Tx, clientId: number, eventId: number): Promise<TAttendeeOverview> {
  const event = await eventOf(trx, clientId, eventId);
  const counts = await trx
    .selectFrom('event_tickets as t')
    .select([
      sql<number>`count(*) FILTER (WHERE t.price > 0)`.as('sold'),
      sql<number>`count(*)`.as('booked'),
      sql<number>`count(*) FILTER (WHERE t.first_scanned_at IS NOT NULL)`.as('scanned'),
    ])
    .where('t.client_id', '=', clientId)
    .where('t.event_id', '=', eventId)
    .where('t.status', '=', 'valid')
    .executeTakeFirstOrThrow();
  const sections = await trx
    .selectFrom('event_tickets as t')
    .select(['t.section', sql<number>`count(*)`.as('n')])
    .where('t.client_id', '=', clientId)
    .where('t.event_id', '=', eventId)
    .where('t.status', '=', 'valid')
    .where('t.seat_key', 'is not', null)
    .groupBy('t.section')
    .orderBy('t.section')
    .execute();
  let totalTickets: number | null = event.max_signups;
  if (event.has_tickets) {
    const caps = await trx
      .selectFrom('event_ticket_products')
      .select([sql<number>`count(*) FILTER (WHERE max_amount IS NULL)`.as('unlimited'), sql<number>`coalesce(sum(max_amount), 0)`.as('total'), sql<number>`count(*)`.as('n')])
      .where('client_id', '=', clientId)
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    totalTickets = Number(caps.n) === 0 || Number(caps.unlimited) > 0 ? null : Number(caps.total);
  }
  let availableSeats: number | null = null;
  if (event.seat_map_id) {
    const free = await trx
      .selectFrom('seat_map_seats')
      .select(sql<number>`count(*)`.as('n'))
      .where('client_id', '=', clientId)
      .where('seat_map_id', '=', event.seat_map_id)
      .where((eb) => eb.or([eb('status', '=', 'free'), eb.and([eb('status', '=', 'held'), eb('held_until', '<', sql<Date>`now()`)])]))
      .executeTakeFirstOrThrow();
    availableSeats = Number(free.n);
  }
  return {
    ticketsSold: Number(counts.sold),
    bookedTickets: Number(counts.booked),
    totalTickets,
    bookedSeats: sections.map((s) => ({ section: s.section ?? '', count: Number(s.n) })),
    availableSeats,
    scanned: Number(counts.scanned),
  };
}

/** The companies with attendees at the event (the list's company filter). */
export async function attendeeCompanies(trx: Tx, clientId: number, eventId: number) {
  await eventOf(trx, clientId, eventId);
  const rows = await trx
    .selectFrom('companies as co')
    .select(['co.id', 'co.name'])
    .where('co.client_id', '=', clientId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('event_tickets as t')
          .select(sql`1`.as('x'))
          .where('t.client_id', '=', clientId)
          .where('t.event_id', '=', eventId)
          .where('t.status', '=', 'valid')
          .whereRef('t.company_id', '=', 'co.id'),
      ),
    )
    .orderBy('co.name')
    .execute();
  return { result: rows };
}

/* ------------------------------------------------------------------ scanning */

type TicketForScan = {
  id: number;
  event_id: number;
  status: 'held' | 'valid' | 'cancelled';
  held_until: Date | null;
  number: number;
  name: string | null;
  company: string | null;
  title: string;
  section: string | null;
  row: string | null;
  seat_number: string | null;
  options: unknown;
  first_scanned_at: Date | null;
  first_scanned_by: number | null;
};

/** The ticket of a code in this club, under its row lock (unless the control run says otherwise). */
async function ticketForScan(trx: Tx, clientId: number, code: string, lock: boolean): Promise<TicketForScan | undefined> {
  const codes = [...new Set([code, code.toLowerCase()])];
  let q = trx
    .selectFrom('event_tickets as t')
    .select(['t.id', 't.event_id', 't.status', 't.held_until', 't.number', 't.name', 't.title', 't.section', 't.row', 't.seat_number', 't.options', 't.first_scanned_at', 't.first_scanned_by'])
    .select((eb) =>
      eb
        .selectFrom('companies as co')
        .select('co.name')
        .whereRef('co.client_id', '=', 't.client_id')
        .whereRef('co.id', '=', 't.company_id')
        .as('company'),
    )
    .where('t.client_id', '=', clientId)
    .where('t.code', 'in', codes);
  if (lock) q = q.forUpdate();
  return (await q.executeTakeFirst()) as TicketForScan | undefined;
}

const scanTicketOut = (t: TicketForScan): TScanTicket => ({
  id: t.id,
  ...ticketFace(t),
  options: ticketOptionTitles(t.options),
});

async function userName(trx: Tx, userId: number | null): Promise<string> {
  if (!userId) return GATE_MSG.unknownUser;
  const u = await trx.selectFrom('users').select(['firstname', 'lastname']).where('id', '=', userId).executeTakeFirst();
  const name = u ? [u.firstname, u.lastname].filter(Boolean).join(' ').trim() : '';
  return name || GATE_MSG.unknownUser;
}

/** The answer to a ticket already scanned: refused, with when and by whom it was first scanned. */
async function duplicateAnswer(trx: Tx, event: EventRow, ticket: TicketForScan, replayed: boolean): Promise<TScanResponse> {
  const at = ticket.first_scanned_at ? new Date(ticket.first_scanned_at) : new Date();
  const by = await userName(trx, ticket.first_scanned_by);
  return {
    success: false,
    status: 'duplicate',
    result: scanTicketOut(ticket),
    error: GATE_MSG.alreadyScanned,
    data: GATE_MSG.scannedAtBy(scanTime(at, event.time_zone), by),
    firstScannedAt: at.toISOString(),
    firstScannedBy: by,
    replayed,
  };
}

/** Why a ticket cannot be let in at this event, or null when it can. */
function refusal(eventId: number, t: TicketForScan): string | null {
  if (t.event_id !== eventId) return GATE_MSG.otherEvent;
  if (t.status === 'cancelled') return GATE_MSG.cancelled;
  if (t.status !== 'valid') return GATE_MSG.notPaid;
  return null;
}

/**
 * SPEC §7 POST /{id}/scan?ticketId: lets a ticket in once. The ticket's row is locked first; a
 * replayed nonce answers what it answered the first time (the stored scan), counting nothing again.
 */
export async function scanTicket(trx: Tx, club: GateClub, input: TScanRequest): Promise<TScanResponse> {
  const { clientId } = club;
  const event = await eventOf(trx, clientId, input.id);
  const ticket = await ticketForScan(trx, clientId, input.ticketId, scanLocks.enabled);
  if (!ticket) return { success: false, status: 'unknown', result: null, error: GATE_MSG.unknownTicket, data: null, firstScannedAt: null, firstScannedBy: null, replayed: false };

  if (input.nonce) {
    // Under the ticket's lock: a scan with this nonce either committed before (we see it now) or is not there.
    const earlier = await trx
      .selectFrom('event_ticket_scans')
      .select(['ticket_id', 'event_id', 'result', 'error'])
      .where('client_id', '=', clientId)
      .where('nonce', '=', input.nonce)
      .executeTakeFirst();
    if (earlier) {
      if (earlier.ticket_id !== ticket.id || earlier.event_id !== event.id) throw fail.badRequest(GATE_MSG.nonceInvalid);
      if (earlier.result === 'confirmed') {
        return { success: true, status: 'confirmed', result: scanTicketOut(ticket), error: null, data: null, firstScannedAt: ticket.first_scanned_at ? new Date(ticket.first_scanned_at).toISOString() : null, firstScannedBy: await userName(trx, ticket.first_scanned_by), replayed: true };
      }
      if (earlier.result === 'duplicate') return duplicateAnswer(trx, event, ticket, true);
      return { success: false, status: 'refused', result: scanTicketOut(ticket), error: earlier.error, data: null, firstScannedAt: null, firstScannedBy: null, replayed: true };
    }
  }

  const record = (result: 'confirmed' | 'duplicate' | 'refused', error: string | null) =>
    trx
      .insertInto('event_ticket_scans')
      .values({ client_id: clientId, event_id: event.id, ticket_id: ticket.id, nonce: input.nonce, result, error, user_id: club.userId, gate: input.gate, client_scanned_at: input.scannedAt })
      .execute();

  // A ticket of another event is refused before anything about its scans is said.
  const refused = refusal(event.id, ticket);
  if (refused) {
    if (ticket.event_id === event.id) await record('refused', refused);
    return { success: false, status: 'refused', result: scanTicketOut(ticket), error: refused, data: null, firstScannedAt: null, firstScannedBy: null, replayed: false };
  }
  if (ticket.first_scanned_at) {
    await record('duplicate', GATE_MSG.alreadyScanned);
    return duplicateAnswer(trx, event, ticket, false);
  }
  // The control run's window (and, locked, the proof that the other gate waits): a no-op otherwise.
  await scanLocks.between();
  const at = new Date();
  await trx
    .updateTable('event_tickets')
    .set({ first_scanned_at: at, first_scanned_by: club.userId })
    .where('client_id', '=', clientId)
    .where('id', '=', ticket.id)
    .execute();
  await record('confirmed', null);
  return { success: true, status: 'confirmed', result: scanTicketOut(ticket), error: null, data: null, firstScannedAt: at.toISOString(), firstScannedBy: await userName(trx, club.userId), replayed: false };
}

/** POST /{id}/attendees/export: the list as filtered, as Tilmeldingsliste.xlsx. */
export async function exportAttendees(trx: Tx, clientId: number, input: TAttendeeListRequest) {
  return attendeesWorkbook((await listAttendees(trx, clientId, input)).result);
}

/** The public table plan for the viewer's club (the storefront's or the session's). */
export async function viewerTablePlan(v: Viewer, eventId: number) {
  const { clientId } = await currentClub(v);
  if (!clientId) throw fail.notFound();
  return withClub(v.db, { clientId }, (trx) => publicTablePlan(trx, clientId, eventId));
}

/** The gate page's copy of the event's valid tickets (codes and what the panel shows), for confirming offline. */
export async function gateCodes(trx: Tx, clientId: number, eventId: number) {
  await eventOf(trx, clientId, eventId);
  const title = await trx.selectFrom('events').select('title').where('client_id', '=', clientId).where('id', '=', eventId).executeTakeFirstOrThrow();
  const rows = await attendeeQuery(trx, clientId, eventId).orderBy('t.number').execute();
  return {
    title: title.title,
    tickets: rows.map((r) => ({
      id: r.id,
      code: r.code,
      ...ticketFace(r),
      options: ticketOptionTitles(r.options),
      scanned: r.first_scanned_at !== null,
    })),
  };
}
