import { z } from 'zod';
import { SEATING_MSG } from './seating';
import { ZExtraInfoAnswers } from './extraInfo';
import { ZOrderPayStartResponse } from './orders';
import { bool, email, id, safeString } from './validation';
import { required } from './numbers';

/**
 * The public booking of an event (SPEC §2 Events public, §3 Booking, §4 public confirmation, §5
 * booking quantity and customer info, §6 business-only, §7 public events/booking, §8): the wizard's
 * texts, the booking draft and its lines, the products offered per buyer, the confirmation, tickets
 * and season tickets. Server and wizard share every rule and text here.
 */

export const BOOKING_MSG = {
  // SPEC §2 wizard steps and chooser
  stepTickets: 'Billetter',
  stepAmount: 'Antal',
  stepInfo: 'Oplysninger',
  stepConfirm: 'Bekræft',
  buyAsGuest: 'Køb som gæst',
  choose: 'Vælg',
  chosen: 'Valgt',
  add: 'Tilføj',
  loginOrGuest: 'Log ind eller køb som gæst',
  /** A business-only event and a visitor not logged in: only a company's contacts can book (SPEC §6). */
  loginToBook: 'Log ind for at bestille',
  // SPEC §5
  maxMore: (n: number) => `Max. ${n} mere til dette arrangement`,
  onlyLeft: (n: number) => `Der er kun ${n} tilgængelige pladser`,
  // SPEC §8
  noTickets: (email: string) => `Der er ikke nogle tilgængelige billetter. Kontakt ${email} for mere info`,
  // SPEC §6
  noCompany: (email: string) => `Din bruger er ikke tilkoblet nogen virksomhed. Kontakt ${email} for at blive korrekt koblet på.`,
  // SPEC §4 public confirmation; §8
  paymentFailed: 'Betalingen kunne ikke gennemføres!',
  paymentDone: 'Betalingen blev gennemført!',
  seatsGone: 'De valgte pladser er ikke længere tilgængelig!',
  orderReceived: 'Ordren er modtaget',
  seatRequired: SEATING_MSG.noSeats,
  seatLoadFailed: SEATING_MSG.loadFailed,
  unknownError: 'Der opstod en ukendt fejl!',
  // SPEC §4 season tickets
  attending: 'Deltager',
  notAttending: 'Deltager ikke',
  yes: 'Ja',
  no: 'Nej',
  // In the same voice where SPEC is silent
  knownEmail: 'Der findes allerede en bruger med denne e-mail. Log ind for at fortsætte.',
  amountRequired: 'Antal skal minimum være 1 eller mere',
  nameRequired: 'Deltagerens navn er påkrævet',
  termsRequired: 'Handelsbetingelser skal accepteres',
  passwordRequired: required('Adgangskode'),
  createUserOnlyAnonymous: 'Kun nye kunder kan oprette en bruger her',
  unknownProduct: 'Billetten findes ikke til dette arrangement',
  notYourCompany: 'Du kan ikke købe for denne virksomhed',
  notYourContact: 'Du kan ikke købe for denne kontakt',
  companyRequired: 'Vælg en virksomhed',
  seatsMismatch: 'Antal pladser skal svare til antal billetter',
  notSeatProduct: 'Billetten har ingen pladser',
  unknownOption: 'Tilvalget findes ikke til denne billet',
  options: 'Tilvalg',
  wrongSeatCategory: 'Pladsen hører ikke til billettens kategori',
  inviteUsed: 'Invitationen er allerede brugt',
  inviteOver: (n: number) => `Invitationen giver højst ${n} billetter`,
  notInInvite: 'Billetten er ikke en del af invitationen',
  unknownBooking: 'Bestillingen findes ikke',
  notPayable: 'Bestillingen kan ikke betales længere',
  heldUntil: 'Dine billetter er reserveret til',
  seatModalTitle: 'Vælg pladser',
  seatsChosen: (n: number, of: number) => `${n} af ${of} pladser valgt`,
  restart: 'Start forfra',
  retry: 'Prøv igen',
  tickets: 'Billetter',
  downloadTicket: 'Hent billet (PDF)',
  attendanceTitle: 'Sæsonkort: deltager du?',
  attendanceSaved: 'Dit svar er gemt',
  createUser: 'Opret en bruger',
  acceptTerms: 'Jeg accepterer handelsbetingelserne',
  discountCode: 'Rabatkode',
  book: 'Bestil',
  pay: 'Gå til betaling',
  continue: 'Fortsæt',
  back: 'Tilbage',
  free: 'Gratis',
  receiptSubject: (title: string, orderNumber: number) => `Dine billetter til ${title} (ordre ${orderNumber})`,
  receiptLead: (title: string) => `Tak for din bestilling til ${title}. Dine billetter:`,
  invitedBy: 'Din invitation',
  bookInvite: 'Tilmeld',
} as const;

/** How long a booking that waits for payment holds its capacity and seats (seats.io's default hold: 15 minutes). */
export const BOOKING_HOLD_SECONDS = 15 * 60;
/** One booking takes at most this many tickets (and at most 100 seats: one hold). */
export const MAX_BOOKING_TICKETS = 100;

/** The buyer a booking is for: a company card, the user's own contact, or a guest (SPEC §2 chooser). */
export type BookingUserKey = `company:${number}` | `contact:${number}` | 'none';
export const bookingUserKey = (s: { companyId?: number | null; contactId?: number | null }): BookingUserKey =>
  s.companyId ? `company:${s.companyId}` : s.contactId ? `contact:${s.contactId}` : 'none';

const nullableString = z.string().nullable();
const optionalId = z
  .union([id, z.literal(''), z.null()])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));
const optionalName = safeString()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v : null));

/** A token held by a stranger (confirmation, hold): base32/base64url, 20–100 characters. */
export const ZBookingToken = z.string().trim().min(20, 'Ugyldigt link').max(100, 'Ugyldigt link').regex(/^[A-Za-z0-9_-]+$/, 'Ugyldigt link');

/* ---------------------------------------------------------------- SPEC §3 booking line and draft */

export const ZBookingLine = z.object({
  /** The catalogue product of the event's ticket product (0: a sign-up to an event without tickets). */
  productId: z.coerce.number({ error: 'Ugyldigt id' }).int('Ugyldigt id').min(0, 'Ugyldigt id').max(2_147_483_647, 'Ugyldigt id'),
  amount: z.coerce.number({ error: BOOKING_MSG.amountRequired }).int(BOOKING_MSG.amountRequired).min(1, BOOKING_MSG.amountRequired).max(MAX_BOOKING_TICKETS, BOOKING_MSG.maxMore(MAX_BOOKING_TICKETS)),
  /** The participant's name (nameRequired products: one line per participant). */
  name: optionalName,
  /** Seat tickets: the seat's key (section-row-number), one line per seat, and the hold token it was held with. */
  seat: z.string().trim().max(60).nullish().transform((v) => v || null),
  holdToken: z.string().trim().max(100).nullish().transform((v) => v || null),
  extraInfo: z.array(z.object({ title: z.string().max(200), value: z.string().max(2000).nullish() })).max(20).optional().default([]),
  /** The product's options the buyer ticked (SPEC §3 booking line options), each once, for every unit of the line. */
  options: z
    .array(z.object({ productId: id, variantId: z.union([id, z.null()]).optional().default(null) }))
    .max(20)
    .optional()
    .default([]),
});
export type TBookingLineInput = z.input<typeof ZBookingLine>;
export type TBookingLine = z.output<typeof ZBookingLine>;

/** The booking as the wizard sends it (SPEC §3 Booking draft; totals are the server's). */
export const ZBookingRequest = z.object({
  eventId: id,
  companyId: optionalId,
  contactId: optionalId,
  products: z.array(ZBookingLine).min(1, BOOKING_MSG.amountRequired).max(MAX_BOOKING_TICKETS, BOOKING_MSG.maxMore(MAX_BOOKING_TICKETS)),
  discountCode: z.string().trim().max(100).nullish().transform((v) => v || null),
  createUser: bool,
  password: z.string().max(200).nullish().transform((v) => v || null),
  firstname: optionalName,
  lastname: optionalName,
  email: z.string().trim().max(320).nullish().transform((v) => (v ? v.toLowerCase() : null)),
  phone: z.string().trim().max(40).nullish().transform((v) => v || null),
  extraInfo: z.record(z.string().max(100), z.union([z.string().max(2000), z.array(z.string().max(2000)).max(50)])).optional().default({}),
  acceptTerms: bool,
  /** Booking through an invitation's link: the invite's products, its amounts, free where it says so. */
  inviteToken: z.string().trim().max(100).nullish().transform((v) => v || null),
});
export type TBookingRequest = z.input<typeof ZBookingRequest>;

/** An event's question to its bookers (SPEC §3 Event extra info), as the event stores it. */
export interface EventExtraInfoDefinition {
  alias: string;
  title: string;
  required?: boolean;
}

/** The title of the first required question of the event left unanswered (blank text, no choice), or null. */
export function missingExtraInfo(definitions: readonly EventExtraInfoDefinition[], answers: Record<string, string | string[]>): string | null {
  for (const d of definitions) {
    if (!d.required) continue;
    const a = answers[d.alias];
    const answered = Array.isArray(a) ? a.some((x) => x.trim() !== '') : typeof a === 'string' && a.trim() !== '';
    if (!answered) return d.title;
  }
  return null;
}
export type TBooking = z.output<typeof ZBookingRequest>;

/** SPEC §5 customer info of an anonymous buyer (the wizard's form; the server checks the same). */
export const ZBookingCustomer = z
  .object({
    firstname: safeString({ error: required('Fornavn') }).trim().min(1, required('Fornavn')).max(200),
    lastname: safeString({ error: required('Efternavn') }).trim().min(1, required('Efternavn')).max(200),
    email: email('E-mail'),
    phone: safeString({ error: required('Telefon') }).trim().min(1, required('Telefon')).max(40),
    createUser: bool,
    password: z.string().max(200).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.createUser && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: BOOKING_MSG.passwordRequired });
  });
export type TBookingCustomerInput = z.input<typeof ZBookingCustomer>;

export const ZBookingConfirm = z.object({
  discountCode: z.string().max(100).optional().default(''),
  acceptTerms: z.literal(true, { error: BOOKING_MSG.termsRequired }),
});

/** One option of a line, as both sides key it. */
export const bookingOptionKey = (o: { productId: number; variantId?: number | null }) => `${o.productId}:${o.variantId ?? ''}`;

/* ---------------------------------------------------------------- products offered (POST /{eventId}/products) */

export const ZBookingProductsRequest = z.object({ eventId: id, inviteToken: z.string().trim().max(100).nullish().transform((v) => v || null) });

export const ZSeatCategoryBadge = z.object({ key: z.string(), label: z.string(), color: z.string(), accessible: z.boolean() });

/** SPEC §3 Product offered, for one buyer. Prices in kroner. */
export const ZProductOffered = z.object({
  productId: z.number().int(),
  title: z.string(),
  type: z.enum(['product', 'ticket', 'seat-ticket']),
  description: nullableString,
  /** Left of the product for everyone (null: no limit). */
  available: z.number().int().nullable(),
  /** Already booked by this buyer. */
  purchased: z.number().int(),
  /** How many more this buyer may book now (the spinner's max). */
  maxAmount: z.number().int(),
  seasonal: z.boolean(),
  inContract: z.boolean(),
  price: z.number(),
  /** Units at price 0 (free allowance or invitation) before the price applies. */
  freeAmount: z.number().int(),
  nameRequired: z.boolean(),
  /** The product's public options (SPEC §3 Option): ticked per line, priced per unit, preSelected ones ticked first. */
  options: z.array(z.object({ productId: z.number().int(), variantId: z.number().int().nullable(), title: z.string(), price: z.number(), preSelected: z.boolean() })),
  seatCategories: z.array(ZSeatCategoryBadge),
  extraInfo: z.array(z.object({ alias: z.string(), title: z.string(), type: z.string(), values: z.array(z.string()) })),
});
export type TProductOffered = z.output<typeof ZProductOffered>;

/** SPEC §3 User in booking: the chooser's cards. */
export const ZBookingUser = z.object({
  key: z.string(),
  kind: z.enum(['company', 'contact', 'none']),
  companyId: z.number().int().nullable(),
  contactId: z.number().int().nullable(),
  name: z.string(),
  logoWeb: nullableString,
});
export type TBookingUser = z.output<typeof ZBookingUser>;

export const ZBookingProductsResponse = z.object({
  /** Products offered, keyed by the buyer ('company:{id}', 'contact:{id}', 'none'). */
  result: z.record(z.string(), z.array(ZProductOffered)),
  users: z.array(ZBookingUser),
  loggedIn: z.boolean(),
  businessOnly: z.boolean(),
  /** SPEC §6: a business-only event and a user without an invited company. */
  message: nullableString,
  /** The club's e-mail for the messages of SPEC §5/§8. */
  contactEmail: z.string(),
  /** The event's left seats overall (maxSignups), per buyer its company limit, null when unlimited. */
  eventAvailable: z.record(z.string(), z.number().int().nullable()),
  hasSeating: z.boolean(),
  hasTickets: z.boolean(),
  extraInfo: z.array(z.object({ alias: z.string(), title: z.string(), type: z.string(), values: z.array(z.string()), required: z.boolean() })),
  invite: z.object({ firstname: z.string(), lastname: nullableString, company: nullableString, email: nullableString }).nullable(),
});
export type TBookingProducts = z.output<typeof ZBookingProductsResponse>;

/* ---------------------------------------------------------------- validate-contact, book */

export const ZValidateContactRequest = z.object({ email: email('E-mail') });
export const ZValidateContactResponse = z.object({ success: z.boolean(), error: nullableString });

export const ZBookResponse = z.object({
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  /** Opens the confirmation (/events/{url}/{token}); ≥160 random bits. */
  token: z.string(),
  url: z.string(),
  status: z.enum(['approved', 'draft']),
  total: z.number(),
  heldUntil: nullableString,
  /** How the browser pays (null: free, confirmed at once). */
  payment: ZOrderPayStartResponse.nullable(),
});
export type TBookResponse = z.output<typeof ZBookResponse>;

/* ---------------------------------------------------------------- confirmation, tickets */

export const ZBookingOrderRequest = z.object({ token: ZBookingToken });

/** A ticket's seat: section, row and number (null for a ticket without a seat). */
export const seatFields = {
  section: nullableString,
  row: nullableString,
  seatNumber: nullableString,
};

/** A ticket as its holder and the gate see it: number, holder, product, seat and options. */
export const ticketResponseFields = {
  number: z.number().int(),
  name: nullableString,
  company: nullableString,
  product: z.string(),
  ...seatFields,
  options: z.array(z.string()),
};

export const ZTicket = z.object({
  ticketId: z.string(),
  ...ticketResponseFields,
  extraInfo: ZExtraInfoAnswers,
  /** The ticket's PDF (QR and Code128). */
  pdfUrl: z.string(),
});
export type TTicket = z.output<typeof ZTicket>;

export const TICKET_STATUSES = ['held', 'valid', 'cancelled'] as const;
/** A ticket's status as staff read it on the order (held: its booking waits for the money). */
export const TICKET_STATUS_LABELS: Record<(typeof TICKET_STATUSES)[number], string> = { held: 'Afventer betaling', valid: 'Gyldig', cancelled: 'Annulleret' };
export const TICKET_STATUS_COLORS: Record<(typeof TICKET_STATUSES)[number], string> = { held: 'orange', valid: 'green', cancelled: 'red' };

/** The order screen's Billetter tab: the tickets the order's booking issued, whatever their status, and their event. */
export const ZOrderTicketsResponse = z.object({
  event: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  tickets: z.array(
    ZTicket.extend({
      id: z.number().int(),
      status: z.enum(TICKET_STATUSES),
      scannedAt: nullableString,
    }),
  ),
});
export type TOrderTicketsResponse = z.output<typeof ZOrderTicketsResponse>;

export const ZBookingOrderResponse = z.object({
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  /** SPEC §4: draft (waiting or failed payment), cancelled (hold ran out), approved (tickets). */
  status: z.enum(['draft', 'approved', 'cancelled']),
  event: z.object({ id: z.number().int(), title: z.string(), url: z.string(), startDate: z.string(), location: nullableString }),
  name: nullableString,
  email: nullableString,
  lines: z.array(
    z.object({
      title: z.string(),
      amount: z.number(),
      price: z.number(),
      /** The line with its options, less its discount. */
      total: z.number(),
      seat: nullableString,
      name: nullableString,
      options: z.array(z.object({ title: z.string(), price: z.number() })),
    }),
  ),
  subtotal: z.number(),
  discount: z.number(),
  vat: z.number(),
  total: z.number(),
  heldUntil: nullableString,
  /** Draft with its hold still live: 'pay again' starts a new payment. */
  canPay: z.boolean(),
  lastAttempt: z.enum(['pending', 'failed', 'cancelled']).nullable(),
  tickets: z.array(ZTicket),
});
export type TBookingOrder = z.output<typeof ZBookingOrderResponse>;

export const ZTicketsRequest = z.object({ token: ZBookingToken });
export const ZTicketsResponse = z.array(ZTicket);

/** A ticket by its code (GET {events}/ticket/{ticketId}: the PDF). */
export const ZTicketPdfRequest = z.object({ ticketId: ZBookingToken });
export const ZTicketPdfResponse = z.object({ fileName: z.string(), data: z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array) });

/** The seats a visitor releases (POST /{eventId}/release-seat: the line's seat and hold token). */
export const ZReleaseSeatRequest = z.object({ eventId: id, holdToken: ZBookingToken, seat: z.string().trim().max(60).nullish().transform((v) => v || null) });
export const ZReleaseSeatResponse = z.object({ success: z.literal(true), released: z.number().int() });

/* ---------------------------------------------------------------- season tickets (SPEC §3 Seasonal ticket, §4) */

export const ZSeasonalTicketsRequest = z.object({ eventId: id });
export const ZSeasonalTicket = z.object({
  id: z.number().int(),
  product: z.string(),
  name: nullableString,
  ...seatFields,
  attending: z.boolean().nullable(),
});
export const ZSeasonalTicketsResponse = z.array(ZSeasonalTicket);
export const ZSeasonalAttendRequest = z.object({ eventId: id, id, attending: z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true') });

/* ---------------------------------------------------------------- pure rules, shared by wizard and server */

/**
 * SPEC §5 free/paid split: of `amount` units, those within the free allowance left are price 0,
 * the rest at the product's price (øre).
 */
export function splitFreePaid(amount: number, freeLeft: number, price: number): { free: number; paid: number; total: number } {
  const free = Math.max(0, Math.min(amount, freeLeft));
  const paid = amount - free;
  return { free, paid, total: paid * price };
}

/** The spinner's max (SPEC §5): what is left, limited by maxAmount minus what is already added. */
export function bookingMax(offered: { maxAmount: number }, added: number): number {
  return Math.max(0, offered.maxAmount - added);
}

/**
 * The message under a product's spinner (SPEC §5): none while there is room; 'Max. {n} mere …'
 * when the buyer's own limit binds; 'Der er kun {n} tilgængelige pladser' when the product's
 * availability binds; SPEC §8's sold-out text when nothing is left.
 */
export function bookingLimitMessage(offered: { available: number | null; maxAmount: number }, wanted: number, contactEmail: string): string | null {
  if (offered.maxAmount <= 0) return BOOKING_MSG.noTickets(contactEmail);
  if (wanted <= offered.maxAmount) return null;
  if (offered.available !== null && offered.available <= offered.maxAmount) return BOOKING_MSG.onlyLeft(offered.available);
  return BOOKING_MSG.maxMore(offered.maxAmount);
}

/**
 * A product's spinner over the whole booking (SPEC §5 plus the booking's own cap): its max is what
 * the buyer may still add of the product (bookingMax), and never more than the booking still takes —
 * MAX_BOOKING_TICKETS less the tickets of all its lines (`addedAll`, this product's included), as the
 * server refuses a booking over it with 'Max. {n} mere …'. When that cap binds, the message is
 * 'Max. {n} mere til dette arrangement' with what the booking still takes (shown at 0 as well, so the
 * buyer sees why the spinner stops); otherwise bookingLimitMessage's, as for a product alone.
 */
export function bookingSpinner(
  offered: { available: number | null; maxAmount: number },
  added: number,
  addedAll: number,
  wanted: number,
  contactEmail: string,
): { max: number; message: string | null } {
  const own = bookingMax(offered, added);
  const left = Math.max(0, MAX_BOOKING_TICKETS - addedAll);
  if (left < own) return { max: left, message: left <= 0 || wanted > left ? BOOKING_MSG.maxMore(left) : null };
  const available = offered.available === null ? null : Math.max(0, offered.available - added);
  return { max: own, message: bookingLimitMessage({ available, maxAmount: own }, wanted, contactEmail) };
}

/** A booking draft kept in the browser expires with its hold (SPEC §3 Booking draft: expires). */
export const draftExpired = (draft: { expires: number | null }, now = Date.now()) => draft.expires !== null && draft.expires <= now;

