import { z } from 'zod';
import { seatFields, ticketResponseFields } from './booking';
import { ZExtraInfoAnswers } from './extraInfo';
import { id, safeString } from './validation';

/**
 * The gate (issue 16; SPEC §2 attendee list and scan modal, §3 Attendee and Overview, §4 scanned,
 * §7 attendees and scan, §8 scan panels, §9 scan debounce): the attendee list of an event, its
 * overview, scanning a ticket at the gate (once, however many gates scan it) and ticking attendees
 * off by hand. Server, list, modal and gate page share every text and rule here.
 */

export const GATE_MSG = {
  // SPEC §8 scan panels
  confirmed: 'Bekræftet',
  notConfirmed: 'Billet ikke bekræftet',
  row: (row: string) => `Række ${row}`,
  seat: (seat: string) => `Plads ${seat}`,
  // SPEC §2 attendee list
  all: 'Alle',
  scanned: 'Scannet',
  notScanned: 'Ikke scannet',
  exportName: 'Tilmeldingsliste',
  // In the same voice where SPEC is silent
  attendees: 'Tilmeldte',
  scan: 'Scan',
  scanTicket: 'Scan billet',
  tick: 'Afkryds',
  ticketCode: 'Billetnummer',
  codeRequired: 'Billetnummer er påkrævet',
  unknownTicket: 'Billetten findes ikke',
  otherEvent: 'Billetten gælder ikke til dette arrangement',
  cancelled: 'Billetten er annulleret',
  notPaid: 'Billetten er ikke betalt',
  alreadyScanned: 'Billetten er allerede scannet',
  scannedAtBy: (when: string, who: string) => `Scannet ${when} af ${who}`,
  unknownUser: 'ukendt bruger',
  nonceInvalid: 'Ugyldig scanning',
} as const;

/** A ticket's seat as staff read it: 'A, Række 3, Plads 12'; empty for a ticket without a seat. */
export const ticketSeatText = (t: { section: string | null; row: string | null; seatNumber: string | null }) =>
  [t.section, t.row ? GATE_MSG.row(t.row) : null, t.seatNumber ? GATE_MSG.seat(t.seatNumber) : null].filter(Boolean).join(', ');

/**
 * A ticket's seat as its buyer reads it (confirmation page, season card, receipt, ticket PDF):
 * 'Sektion A, Række 3, Plads 12', the parts it has; empty for a ticket without a seat.
 */
export const buyerSeatText = (t: { section: string | null; row: string | null; seatNumber: string | null }, separator = ', ') =>
  [t.section ? `Sektion ${t.section}` : null, t.row ? GATE_MSG.row(t.row) : null, t.seatNumber ? GATE_MSG.seat(t.seatNumber) : null].filter(Boolean).join(separator);

/** SPEC §9: the scan input waits this long after the last keystroke (a hand scanner types fast). */
export const SCAN_DEBOUNCE_MS = 500;

export const ATTENDEE_STATUSES = ['all', 'scanned', 'notScanned'] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];
export const ATTENDEE_STATUS_LABELS: Record<AttendeeStatus, string> = { all: GATE_MSG.all, scanned: GATE_MSG.scanned, notScanned: GATE_MSG.notScanned };

const nullableString = z.string().nullable();

/** A ticket's code as a scanner or a person types it: trimmed, required. */
export const ticketCode = safeString({ error: GATE_MSG.codeRequired }).trim().min(1, GATE_MSG.codeRequired).max(200, GATE_MSG.unknownTicket);

export const ZAttendeeListRequest = z.object({
  id,
  search: safeString().trim().max(200).nullish().transform((v) => v || null),
  company: z
    .union([id, z.literal(''), z.null()])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
  status: z
    .enum(ATTENDEE_STATUSES)
    .nullish()
    .transform((v) => v ?? 'all'),
});
export type TAttendeeListRequest = z.output<typeof ZAttendeeListRequest>;

export const ZAttendee = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: nullableString,
  company: nullableString,
  companyId: z.number().int().nullable(),
  product: z.string(),
  ...seatFields,
  options: z.array(z.string()),
  extraInfo: ZExtraInfoAnswers,
  scanned: z.boolean(),
  scannedAt: nullableString,
  scannedBy: nullableString,
  /** The ticket's code (what the QR code and the Code128 carry). */
  ticketId: z.string(),
});
export type TAttendee = z.output<typeof ZAttendee>;

export const ZAttendeeListResponse = z.object({ result: z.array(ZAttendee), controlType: z.enum(['None', 'Manuelt', 'Stregkode']) });
export type TAttendeeListResponse = z.output<typeof ZAttendeeListResponse>;

export const ZAttendeeOverview = z.object({
  /** Valid tickets with a price. */
  ticketsSold: z.number().int(),
  /** Every valid ticket (sold, free or invited). */
  bookedTickets: z.number().int(),
  /** What the event can hold: the ticket products' maxAmount summed (maxSignups without tickets); null when unlimited. */
  totalTickets: z.number().int().nullable(),
  bookedSeats: z.array(z.object({ section: z.string(), count: z.number().int() })),
  /** Free seats of the event's seat map (null without one). */
  availableSeats: z.number().int().nullable(),
  scanned: z.number().int(),
});
export type TAttendeeOverview = z.output<typeof ZAttendeeOverview>;

export const ZAttendeeCompanies = z.object({ result: z.array(z.object({ id: z.number().int(), name: z.string() })) });

export const ZScanRequest = z.object({
  id,
  ticketId: ticketCode,
  /** A gate's own id of this scan (offline queue): the same nonce again answers what it answered, counting nothing twice. */
  nonce: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, GATE_MSG.nonceInvalid)
    .nullish()
    .transform((v) => v ?? null),
  /** When the gate scanned it (offline scans are sent later). */
  scannedAt: z.iso.datetime({ offset: true }).nullish().transform((v) => v ?? null),
  gate: safeString().trim().max(60).nullish().transform((v) => v || null),
});
export type TScanRequest = z.output<typeof ZScanRequest>;

export const ZScanTicket = z.object({
  id: z.number().int(),
  ...ticketResponseFields,
});
export type TScanTicket = z.output<typeof ZScanTicket>;

export const ZScanResponse = z.object({
  success: z.boolean(),
  /** confirmed: counted now; duplicate: scanned before; refused: not valid here; unknown: no such ticket. */
  status: z.enum(['confirmed', 'duplicate', 'refused', 'unknown']),
  result: ZScanTicket.nullable(),
  error: nullableString,
  data: nullableString,
  firstScannedAt: nullableString,
  firstScannedBy: nullableString,
  /** The answer of an earlier call with the same nonce. */
  replayed: z.boolean(),
});
export type TScanResponse = z.output<typeof ZScanResponse>;

/** 'DD.MM.YYYY kl. HH:mm' in the club's zone, for 'Scannet … af …'. */
export function scanTime(at: Date, timeZone = 'Europe/Copenhagen'): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('da-DK', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}.${p.month}.${p.year} kl. ${p.hour}:${p.minute}`;
}

/** The table plan lives beside the gate (one export line in index.ts). */
export * from './tablePlan';

/** The gate page's copy of an event's tickets, so it can confirm while the connection is gone. */
export const ZGateCodesResponse = z.object({
  title: z.string(),
  tickets: z.array(ZScanTicket.extend({ code: z.string(), scanned: z.boolean() })),
});
export type TGateCodes = z.output<typeof ZGateCodesResponse>;

export const GATE_MODE_MSG = {
  title: 'Portscanner',
  offline: 'Offline – scanninger gemmes og sendes, når forbindelsen er tilbage',
  online: 'Online',
  waiting: (n: number) => `${n} ${n === 1 ? 'scanning venter' : 'scanninger venter'} på at blive sendt`,
  laterDuplicates: 'Fundet som dubletter fra en anden port',
  confirmedOffline: 'Bekræftet offline',
} as const;

/** Camera scanning at the gate (issue 16): the scan modal and gate mode; the typed field always works. */
export const GATE_CAMERA_MSG = {
  start: 'Scan med kamera',
  stop: 'Stop kamera',
  starting: 'Starter kamera …',
  video: 'Kamerabillede til scanning af billetter',
  denied: 'Adgang til kameraet blev afvist. Giv browseren lov til at bruge kameraet, eller skriv billetnummeret.',
  missing: 'Der blev ikke fundet noget kamera. Skriv billetnummeret i stedet.',
  failed: 'Kameraet kunne ikke startes. Skriv billetnummeret i stedet.',
} as const;

/** A code the camera keeps seeing is the same guest until it has been out of view this long. */
export const CAMERA_REPEAT_MS = 2500;
