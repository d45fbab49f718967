import { commitWithThen, type Database, hashPassword, precompiled, type Tx, withClub } from '@klubhus/db';
import {
  applyDiscountCode,
  BOOKING_HOLD_SECONDS,
  BOOKING_MSG,
  bookingOptionKey,
  bookingLimitMessage,
  companyChannel,
  type EventExtraInfoDefinition,
  MAX_BOOKING_TICKETS,
  missingExtraInfo,
  orderTotals,
  required,
  SEATING_MSG,
  type TBooking,
  type TBookingProducts,
  type TBookResponse,
  type TTicket,
  type TOrderPayStart,
  todayIn,
  type VatSettings,
  wireKroner,
  ZBookingCustomer,
} from '@klubhus/domain';
import { PaymentProviderError, type PaymentProviderKind } from '@klubhus/integrations';
import { type Kysely, sql } from 'kysely';
import { currentClub, type Viewer } from '../app/service';
import { sendConfirmEmail } from '../auth/service';
import { consumeDiscountCode } from '../catalogue';
import { loadActiveModules, ROLE_MEMBER } from '../clubs/context';
import { activeClubsVersion, forgetPublicClubs, knownPublicClub } from '../clubs/public';
import { bookableEvent, visibleToLower } from '../events/public';
import { nextNumberStatement } from '../lib/counters';
import { fail, reportInternalError } from '../lib/errors';
import { generateToken, hashToken } from '../lib/tokens';
import { orderSearchFlush } from '../orders/searchFlush';
import { type ClubPaymentSettings, clubSettings, providerKindOf } from '../payments/providers';
import { type PaymentFeatures, paymentReference, type RecordedPayment, startPayment, startRecordedPayment, startsLocally, testSecretOf } from '../payments/service';
import { seatEngineFor } from '../seating/engine';
import { newHoldToken } from '../seating/holds';
import { bookingPaths, CAPACITY_REFUSED, capacityLocks, EVENT_FIELDS, type LiveCounts, liveCounts, lockEventCapacity, takeTicketNumbers } from './capacity';
import { releaseExpiredHolds } from './purpose';
import { type Buyer, bookingProductsOf, chooseBuyer, type EventForBooking, freeAllowances, type Offer, offersFor, SIGNUP_PRODUCT, type TicketOption, type TicketProductRow, ticketProductsFrom, ticketProductsJson, visitorCards } from './offer';
import { queueBookingReceipt } from './receipt';
import { newTicketCode, ticketOut } from './tickets';

/**
 * The public booking of an event (SPEC §7 Public events/booking): the products each buyer is
 * offered, the known-e-mail check, and the booking itself — checked and taken in one transaction
 * under the event's row lock (capacity.ts) and the seats' row locks; free bookings confirm at once,
 * paid ones hold their tickets and seats for BOOKING_HOLD_SECONDS while the buyer pays with the
 * club's provider (payments.ts follows the payment).
 */

/** The club's e-mail for SPEC §5/§8's 'Kontakt {email}'. */
async function clubEmail(trx: Tx, clientId: number): Promise<string> {
  return (await clubFacts(trx, clientId)).email;
}

/** The club's e-mail, VAT settings and time zone, in one read (a booking needs them all). */
async function clubFacts(trx: Tx, clientId: number): Promise<{ email: string; vat: VatSettings; timeZone: string; settings: ClubPaymentSettings }> {
  const c = await trx
    .selectFrom('clients')
    .select(['email', 'sender_email', 'vat_rate', 'prices_with_vat', 'disable_vat', 'time_zone', 'settings'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  return {
    email: c.email || c.sender_email || '',
    vat: { vatRate: Number(c.vat_rate), pricesWithVat: c.prices_with_vat, disableVat: c.disable_vat },
    timeZone: c.time_zone ?? 'Europe/Berlin',
    settings: (c.settings ?? {}) as ClubPaymentSettings,
  };
}

/** The club's seat categories of an event's seat map (badges on the product cards). */
async function seatCategories(trx: Tx, clientId: number, seatMapId: number | null) {
  if (!seatMapId) return [];
  const m = await trx.selectFrom('seat_maps').select('categories').where('client_id', '=', clientId).where('id', '=', seatMapId).executeTakeFirst();
  return ((m?.categories ?? []) as { key: string; label: string; color: string; accessible?: boolean }[]).map((c) => ({ ...c, accessible: !!c.accessible }));
}

/** The invitation a booking link carries, for its event: contact, company, products with amounts. */
async function openInvite(trx: Tx, clientId: number, eventId: number, token: string) {
  const i = await trx
    .selectFrom('event_invites as i')
    .innerJoin('contacts as c', (j) => j.onRef('c.client_id', '=', 'i.client_id').onRef('c.id', '=', 'i.contact_id'))
    .leftJoin('companies as co', (j) => j.onRef('co.client_id', '=', 'i.client_id').onRef('co.id', '=', 'i.company_id'))
    .select(['i.id', 'i.contact_id', 'i.company_id', 'c.firstname', 'c.lastname', 'c.email', 'c.phone', 'co.name as company'])
    .where('i.client_id', '=', clientId)
    .where('i.event_id', '=', eventId)
    .where('i.token', '=', token)
    .executeTakeFirst();
  if (!i) throw fail.notFound();
  const products = await trx.selectFrom('event_invite_products').select(['product_id', 'amount']).where('client_id', '=', clientId).where('invite_id', '=', i.id).execute();
  const buyer: Buyer = {
    key: `invite:${i.id}`,
    kind: i.company_id ? 'company' : 'contact',
    companyId: i.company_id,
    contactId: i.contact_id,
    inviteId: i.id,
    invite: new Map(products.map((p) => [p.product_id, Number(p.amount)])),
  };
  return { invite: i, buyer };
}

/** An event a booking may be made for: the visitor's (visible, open), or an invitation's (its token is the guard; open). */
async function eventFor(trx: Tx, clientId: number, email: string | null, eventId: number, inviteToken: string | null, modules?: ActiveModules) {
  if (!inviteToken) return bookableEvent(trx, clientId, email, eventId, modules);
  const events = (modules ?? (await loadActiveModules(trx, clientId))).find((m) => m.module.alias === 'events');
  if (!events) throw fail.notFound();
  const e = await trx.selectFrom('events').select(['id', 'has_seating', 'sign_up_start', 'sign_up_deadline']).where('client_id', '=', clientId).where('id', '=', eventId).executeTakeFirst();
  if (!e) throw fail.notFound();
  const now = new Date();
  if (now < e.sign_up_start || now > e.sign_up_deadline) throw fail.badRequest(SEATING_MSG.bookingClosed);
  return { id: e.id, hasSeating: e.has_seating, seatsio: events.module.features.some((f) => f.alias === 'seatsio' && f.active) };
}

type ActiveModules = Awaited<ReturnType<typeof loadActiveModules>>;

/**
 * The club's active modules for a booking, cached per process and database handle and used only
 * while clients.context_version is what the booking's first statement read (as clubs/call.ts does for
 * club calls: triggers bump the version on every change of the club's modules and features).
 */
const bookingModules = new WeakMap<object, Map<number, { version: number; modules: ActiveModules }>>();
async function modulesAt(db: object, trx: Tx, clientId: number, version: number): Promise<ActiveModules> {
  let byClub = bookingModules.get(db);
  if (!byClub) {
    byClub = new Map();
    bookingModules.set(db, byClub);
  }
  const hit = byClub.get(clientId);
  if (hit && hit.version === version) return hit.modules;
  const modules = await loadActiveModules(trx, clientId);
  byClub.set(clientId, { version, modules });
  return modules;
}

/**
 * What a booking reads before the event's lock, in one statement (each round trip here is CPU in
 * Node and in PostgreSQL): the club's context version, e-mail, VAT, time zone and payment settings;
 * the event's booking fields and whether the visitor may see it (events/public.ts visibleTo); the
 * event's ticket products with their options; and whether a guest's e-mail is a user's (`guestEmail`,
 * lower-cased; null: not asked). The checks stay where they were, in their order, in book().
 */
const bookingFactsQuery = precompiled(
  (shape: { viewer: boolean; guest: boolean; clubs: boolean }) => `${shape.viewer}:${shape.guest}:${shape.clubs}`,
  (db, p: { clientId: number; eventId: number; viewerEmail: string | null; guestEmail: string | null; now: Date }, shape) =>
    db
      .selectFrom('clients')
      .leftJoin('events', (j) => j.on('events.client_id', '=', p.clientId).on('events.id', '=', p.eventId))
      .select((eb) => [
        'clients.context_version',
        'clients.email',
        'clients.sender_email',
        'clients.vat_rate',
        'clients.prices_with_vat',
        'clients.disable_vat',
        'clients.time_zone',
        'clients.settings',
        'events.id as event_id',
        'events.has_seating',
        'events.sign_up_start',
        'events.sign_up_deadline',
        'events.type_id',
        'events.max_signups',
        'events.max_company_signups',
        'events.business_only',
        'events.invitees',
        'events.has_tickets',
        'events.extra_info',
        visibleToLower(eb as never, p.clientId, shape.viewer ? p.viewerEmail : null, p.now).as('visible'),
        (shape.guest ? sql<boolean>`EXISTS (SELECT 1 FROM users WHERE lower(email) = ${p.guestEmail})` : sql<boolean | null>`NULL::boolean`).as('known_email'),
        // The active clubs' version as this statement sees it (`clubs`: the visitor's club was picked from what this process knew of them).
        (shape.clubs ? activeClubsVersion : sql<string | null>`NULL::text`).as('clubs_version'),
        ticketProductsJson(p.clientId, p.eventId).as('products'),
        // The order's id, taken now so that its search rows can follow the commit in the same write
        // (a gap in ids when the booking is refused is harmless: order numbers are the counter's).
        // (The sequence by name, resolved when the statement is parsed: pg_get_serial_sequence looked
        // it up in the catalogue on every call.)
        sql<number>`nextval('orders_id_seq'::regclass)::int`.as('order_id'),
        // The booking's order gets its search rows after the commit, not under the event's lock (migration 0023).
        sql<string>`set_config('app.order_search', 'deferred', true)`.as('search_deferred'),
      ])
      .where('clients.id', '=', p.clientId),
);

async function bookingFacts(trx: Tx, clientId: number, eventId: number, viewerEmail: string | null, guestEmail: string | null, clubs: boolean) {
  const [r] = await bookingFactsQuery(
    trx,
    { viewer: viewerEmail !== null, guest: guestEmail !== null, clubs },
    { clientId, eventId, viewerEmail: viewerEmail?.toLowerCase() ?? null, guestEmail, now: new Date() },
  );
  if (!r) throw new Error('club vanished');
  const club = {
    email: r.email || r.sender_email || '',
    vat: { vatRate: Number(r.vat_rate), pricesWithVat: r.prices_with_vat, disableVat: r.disable_vat } as VatSettings,
    timeZone: r.time_zone ?? 'Europe/Berlin',
    settings: (r.settings ?? {}) as ClubPaymentSettings,
  };
  const event =
    r.event_id === null
      ? null
      : {
          id: r.event_id,
          has_seating: r.has_seating as boolean,
          sign_up_start: r.sign_up_start as Date,
          sign_up_deadline: r.sign_up_deadline as Date,
          type_id: r.type_id ?? null,
          max_signups: r.max_signups ?? null,
          max_company_signups: r.max_company_signups ?? null,
          business_only: r.business_only as boolean,
          invitees: r.invitees,
          has_tickets: r.has_tickets as boolean,
          extra_info: (r.extra_info ?? []) as EventExtraInfoDefinition[],
          visible: !!r.visible,
        };
  return {
    contextVersion: Number(r.context_version),
    club,
    event,
    knownEmail: r.known_email,
    products: ticketProductsFrom(r.products),
    orderId: Number(r.order_id),
    clubsVersion: r.clubs_version,
  };
}

/** The active clubs changed since this process read them (knownPublicClub): the booking's transaction rolls back and runs again. */
class StaleClubs extends Error {}

async function bookingClub(v: Viewer) {
  const { clientId } = await currentClub(v);
  if (!clientId) throw fail.notFound();
  return clientId;
}

/* ------------------------------------------------------------------ POST /{eventId}/products */

export async function bookingProducts(v: Viewer, input: { eventId: number; inviteToken: string | null }): Promise<TBookingProducts> {
  const clientId = await bookingClub(v);
  return withClub(v.db, { clientId }, async (trx) => {
    const email = v.user?.email ?? null;
    await eventFor(trx, clientId, email, input.eventId, input.inviteToken);
    const event = await trx
      .selectFrom('events')
      .select(['id', 'type_id', 'max_signups', 'max_company_signups', 'business_only', 'invitees', 'has_seating', 'has_tickets', 'extra_info', 'seat_map_id'])
      .where('client_id', '=', clientId)
      .where('id', '=', input.eventId)
      .executeTakeFirstOrThrow();
    const [products, categories, contactEmail] = await Promise.all([
      bookingProductsOf(trx, clientId, event),
      seatCategories(trx, clientId, event.seat_map_id),
      clubEmail(trx, clientId),
    ]);
    const extraInfo = ((event.extra_info as { alias: string; title: string; type: string; values: string[]; required?: boolean }[]) ?? []).map((x) => ({
      alias: x.alias,
      title: x.title,
      type: x.type,
      values: x.values ?? [],
      required: !!x.required,
    }));
    const result: TBookingProducts['result'] = {};
    const eventAvailable: TBookingProducts['eventAvailable'] = {};
    const add = async (buyer: Buyer, key: string) => {
      const counts = await liveCounts(trx, clientId, event.id, buyer, 'display');
      const free = buyer.invite ? new Map<number, number>() : await freeAllowances(trx, clientId, buyer.companyId, event.type_id);
      result[key] = offersFor(event, products, buyer, counts, free, categories).map(({ ticketProductId: _t, priceOre: _p, availableAll: _a, seatCategory: _s, optionsByKey: _o, limits: _l, ...o }) => o);
      const left = event.max_signups === null ? null : Math.max(0, event.max_signups - counts.eventTotal);
      const companyLeft = buyer.companyId && event.max_company_signups !== null ? Math.max(0, event.max_company_signups - counts.mineTotal) : null;
      eventAvailable[key] = left === null ? companyLeft : companyLeft === null ? left : Math.min(left, companyLeft);
    };
    const base = { businessOnly: event.business_only, contactEmail, hasSeating: event.has_seating, hasTickets: event.has_tickets, extraInfo };
    if (input.inviteToken) {
      const { invite, buyer } = await openInvite(trx, clientId, event.id, input.inviteToken);
      await add(buyer, buyer.key);
      const user = { key: buyer.key, kind: buyer.kind, companyId: buyer.companyId, contactId: buyer.contactId, name: invite.company ?? `${invite.firstname} ${invite.lastname ?? ''}`.trim(), logoWeb: null };
      return {
        ...base,
        result,
        eventAvailable,
        users: [user],
        loggedIn: !!v.user,
        message: null,
        invite: { firstname: invite.firstname, lastname: invite.lastname, company: invite.company, email: invite.email },
      };
    }
    const { users } = await visitorCards(trx, clientId, email, event);
    for (const u of users) await add({ key: u.key, kind: u.kind, companyId: u.companyId, contactId: u.contactId, inviteId: null, invite: null }, u.key);
    if (!event.business_only) {
      await add({ key: 'none', kind: 'none', companyId: null, contactId: null, inviteId: null, invite: null }, 'none');
      users.push({ key: 'none', kind: 'none', companyId: null, contactId: null, name: BOOKING_MSG.buyAsGuest, logoWeb: null });
    }
    const message = event.business_only && !users.some((u) => u.kind === 'company') && v.user ? BOOKING_MSG.noCompany(contactEmail) : null;
    return { ...base, result, eventAvailable, users, loggedIn: !!v.user, message, invite: null };
  });
}

/* ------------------------------------------------------------------ POST validate-contact */

/** Whether an anonymous buyer's e-mail belongs to a user: only 'log in' is said, nothing of the account. */
export async function validateContact(v: Viewer, input: { email: string }) {
  if (v.user) return { success: true, error: null };
  return emailCheck(v.db, input.email);
}

async function emailCheck(db: Tx | Viewer['db'], email: string) {
  const known = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return known ? { success: false, error: BOOKING_MSG.knownEmail } : { success: true, error: null };
}

/* ------------------------------------------------------------------ POST book */

interface PricedUnit {
  offer: Offer;
  price: number;
  name: string | null;
  seat: string | null;
  extraInfo: { title: string; value?: string | null }[];
  /** The ticked options, at their own price whatever the ticket costs. */
  options: TicketOption[];
}

/** A line's ticked options as the offer sells them; an option the product does not offer, or one ticked twice, is refused. */
function lineOptions(line: TBooking['products'][number], offer: Offer): TicketOption[] {
  const keys = line.options.map(bookingOptionKey);
  if (new Set(keys).size !== keys.length) throw fail.badRequest(BOOKING_MSG.unknownOption);
  return keys.map((k) => {
    const o = offer.optionsByKey.get(k);
    if (!o) throw fail.badRequest(BOOKING_MSG.unknownOption);
    return o;
  });
}

/** The lines' units, priced: per product the free allowance first (price 0), then the product's price (SPEC §5 free/paid split); options always at their price. */
function priceUnits(lines: TBooking['products'], offers: Map<number, Offer>): PricedUnit[] {
  const freeLeft = new Map([...offers].map(([id, o]) => [id, o.freeAmount]));
  const out: PricedUnit[] = [];
  for (const l of lines) {
    const offer = offers.get(l.productId) as Offer;
    const options = lineOptions(l, offer);
    for (let i = 0; i < l.amount; i++) {
      const f = freeLeft.get(l.productId) ?? 0;
      if (f > 0) freeLeft.set(l.productId, f - 1);
      out.push({ offer, price: f > 0 ? 0 : offer.priceOre, name: l.name, seat: l.seat, extraInfo: l.extraInfo, options });
    }
  }
  return out;
}

type LockedEvent = Awaited<ReturnType<typeof lockEventCapacity>>;
const NO_COUNTS: LiveCounts = { byProduct: new Map(), eventTotal: 0, mineTotal: 0 };

/**
 * A booking's limits from the counters, in the order they are checked (the offer of every line, an
 * invitation's amounts, each product's, the event's): the first that does not hold is thrown in its
 * own words. Answers the offers the booking is priced from and the units wanted per product.
 */
function checkLimits(event: EventForBooking, products: TicketProductRow[], buyer: Buyer, counts: LiveCounts, free: Map<number, number>, lines: TBooking['products'], contactEmail: string) {
  const offers = new Map(offersFor(event, products, buyer, counts, free, []).map((o) => [o.productId, o]));
  const wanted = new Map<number, number>();
  for (const l of lines) {
    const offer = offers.get(l.productId);
    if (!offer) throw fail.badRequest(buyer.invite ? BOOKING_MSG.notInInvite : BOOKING_MSG.unknownProduct);
    lineOptions(l, offer);
    wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.amount);
  }
  for (const [productId, amount] of wanted) {
    const o = offers.get(productId) as Offer;
    if (buyer.invite) {
      // An invitation gives its amounts (SPEC §2/§7 invite link: 'amounts from the invite'): more
      // than it has left is refused in its own words, unless the product's capacity binds first.
      const invited = buyer.invite.get(productId) ?? 0;
      const left = Math.max(0, invited - (counts.byProduct.get(productId)?.mine ?? 0));
      if (amount > left && (o.availableAll === null || o.availableAll >= left)) {
        throw fail.conflict(left === 0 ? BOOKING_MSG.inviteUsed : left === invited ? BOOKING_MSG.inviteOver(invited) : BOOKING_MSG.maxMore(left));
      }
    }
    const message = bookingLimitMessage({ available: o.availableAll, maxAmount: o.maxAmount }, amount, contactEmail);
    if (message) throw fail.conflict(message);
  }
  // The event's own limits bind the lines together.
  const all = [...wanted.values()].reduce((s, n) => s + n, 0);
  const eventLeft = event.max_signups === null ? null : Math.max(0, event.max_signups - counts.eventTotal);
  const companyLeft = buyer.companyId && event.max_company_signups !== null ? Math.max(0, event.max_company_signups - counts.mineTotal) : null;
  const bind = [eventLeft, companyLeft].filter((n): n is number => n !== null);
  if (bind.length && all > Math.min(...bind)) {
    const n = Math.min(...bind);
    throw fail.conflict(n === 0 ? BOOKING_MSG.noTickets(contactEmail) : eventLeft === n ? BOOKING_MSG.onlyLeft(n) : BOOKING_MSG.maxMore(n));
  }
  return { offers, wanted };
}

type PricedLine = { offer: Offer; price: number; amount: number; seat: string | null; name: string | null; options: TicketOption[]; discount: number };
type Priced = ReturnType<typeof priceBooking>;

/** The booking's units priced (free allowance first), grouped into order lines, the discount code applied, the totals. */
function priceBooking(input: TBooking['products'], offers: Map<number, Offer>, rule: Awaited<ReturnType<typeof consumeDiscountCode>> | null, timeZone: string, vat: VatSettings) {
  const units = priceUnits(input, offers);
  const byLine = new Map<string, PricedLine>();
  for (const u of units) {
    const key = JSON.stringify([u.offer.productId, u.price, u.seat, u.name, u.options.map(bookingOptionKey)]);
    const line = byLine.get(key);
    if (line) line.amount += 1;
    else byLine.set(key, { offer: u.offer, price: u.price, amount: 1, seat: u.seat, name: u.name, options: u.options, discount: 0 });
  }
  const lines = [...byLine.values()];
  let codeId: number | null = null;
  if (rule) {
    const applied = applyDiscountCode(rule, lines.map((l) => ({ productId: l.offer.productId, total: l.price * l.amount })), todayIn(timeZone));
    if (!applied.ok) throw fail.badRequest(applied.message);
    applied.lines.forEach((d, i) => {
      lines[i].discount = d;
    });
    codeId = rule.id;
  }
  const totals = orderTotals({ lines: lines.map((l) => ({ price: l.price, amount: l.amount, discount: l.discount, options: l.options })) }, vat);
  const paid = totals.total > 0;
  const heldUntil = paid ? new Date(Date.now() + BOOKING_HOLD_SECONDS * 1000) : null;
  return { units, lines, codeId, totals, paid, heldUntil };
}

/** The fast path's plan, or null when a check refuses it (the locked path then says why, under the lock, with the counters as they are). */
function fastPlan<T>(plan: () => T): T | null {
  try {
    return plan();
  } catch {
    return null;
  }
}

interface Written {
  orderId: number;
  orderNumber: number;
  bookingId: number;
  /** A free booking's tickets as written (valid, in number order), for its receipt. */
  tickets: TTicket[];
  /** The payment row the statement wrote (a paid fast booking whose provider starts locally), else null. */
  payment: RecordedPayment | null;
  /** Whether the order's search rows were written behind the commit already (else the caller flushes). */
  searchFlushed: boolean;
}

interface BookingWrite {
  clientId: number;
  eventId: number;
  /** The order's id, taken before the lock (bookingFacts). */
  orderId: number;
  buyer: Buyer;
  customer: { firstname: string | null; lastname: string | null; email: string | null; phone: string | null };
  userId: number | null;
  tokenHash: string;
  holdToken: string | null;
  buyerName: string | null;
  discountCode: string | null;
  extraInfo: unknown[];
}

/** The fast path's check in SQL (booking_capacity_fits): per product its units, limits, allowance and the units priced free. */
type FastCheck = { holder: string | null; units: number; lines: { p: number; n: number; max: number | null; cmax: number | null; free: number | null; k: number }[] };

/** The fast statement's capacity check (capacityLocks.fastCheck); a paid booking's raises CAPACITY_REFUSED where it would answer false. */
function fastFits(fast: FastCheck, paid: boolean) {
  const fits = capacityLocks.fastCheck === 'none' ? sql`true` : sql`${sql.id(capacityLocks.fastCheck)}(client_id, id, ${fast.holder}::text, max_signups, max_company_signups, ${JSON.stringify(fast.lines)}::jsonb)`;
  return paid ? sql`booking_capacity_required(${fits})` : fits;
}

/**
 * The order, its number, lines, line options and audit line, the booking and its tickets: one
 * statement (under the event's lock every round trip is one every other buyer waits for). The order
 * number is the club's order counter taken as nextNumber does (lib/counters.ts), in the statement.
 *
 * - `{ first }`: the event's lock is held already (the locked path) and the tickets are numbered
 *   from `first`.
 * - A FastCheck: the statement takes the event's lock itself, with the ticket numbers, and checks
 *   booking_capacity_fits from its RETURNING — after the lock is taken, with a snapshot of its own —
 *   and writes only if the booking fits. Answers the locked event either way, and `written` null
 *   when it did not fit (the lock and the numbers are held: the locked path goes on from there).
 *   A paid booking's statement is its transaction's last: it commits with it (commitWith, so the
 *   lock is held only inside PostgreSQL), and raises CAPACITY_REFUSED when it does not fit.
 */
async function writeBooking(
  trx: Tx,
  w: BookingWrite,
  p: Priced,
  seatInfo: Map<string, { section: string; row: string; number: string; category: string }>,
  at: { first: number } | FastCheck,
  payment: { kind: PaymentProviderKind } | null = null,
): Promise<{ event: LockedEvent | null; written: Written | null }> {
  const { clientId, buyer, customer, totals } = { ...w, totals: p.totals };
  const status = p.paid ? 'draft' : 'approved';
  const lineRecords = p.lines.map((l, i) => ({
    product_id: l.offer.productId || null,
    title: l.offer.title,
    type: l.offer.type,
    price: l.price,
    amount: l.amount,
    discount: l.discount,
    description: l.name,
    seat: l.seat,
    seat_event_id: l.seat ? w.eventId : null,
    sorting: i,
  }));
  const optionRecords = p.lines.flatMap((l, i) => l.options.map((o, j) => ({ line: i, product_id: o.productId, variant_id: o.variantId, title: o.title, sku: o.sku, price: o.price, sorting: j })));
  const ticketRecords = p.units.map((u, i) => {
    const seat = u.seat ? seatInfo.get(u.seat) : undefined;
    return {
      i,
      product_id: u.offer.productId || null,
      ticket_product_id: u.offer.ticketProductId || null,
      code: newTicketCode(),
      title: u.offer.title,
      name: u.name ?? w.buyerName,
      price: u.price,
      seat_key: u.seat,
      section: seat?.section ?? (u.seat ? u.seat.split('-')[0] : null),
      row: seat?.row ?? null,
      seat_number: seat?.number ?? null,
      options: u.options.map((o) => ({ productId: o.productId, variantId: o.variantId, title: o.title, price: o.price })),
      extra_info: u.extraInfo.map((x) => ({ title: x.title, value: x.value ?? null })),
      seasonal: u.offer.seasonal,
    };
  });
  const fast = 'holder' in at ? at : null;
  const head = fast
    ? sql`e AS (
        UPDATE events SET ticket_counter = ticket_counter + ${fast.units}
        WHERE client_id = ${clientId} AND id = ${w.eventId}
        RETURNING ${sql.join(EVENT_FIELDS.map((f) => sql.ref(f)))},
          ${fastFits(fast, p.paid)} AS fits
      ), n AS (
        INSERT INTO order_counters AS c (client_id, last_number) SELECT ${clientId}, 1 FROM e WHERE e.fits
        ON CONFLICT (client_id) DO UPDATE SET last_number = c.last_number + 1
        RETURNING last_number
      )`
    : sql`n AS (${nextNumberStatement('order_counters', clientId)})`;
  const firstSql = fast ? sql`((SELECT ticket_counter FROM e) - ${fast.units} + 1)::int` : sql`${(at as { first: number }).first}::int`;
  // A free booking's receipt is made from what was written: the buyer's company for its tickets.
  const company = p.paid || !buyer.companyId ? sql`NULL::text` : sql`(SELECT name FROM companies WHERE client_id = ${clientId} AND id = ${buyer.companyId}::int)`;
  // A paid booking's first payment attempt, when its provider starts without a network call: written
  // with the booking (one transaction, not a second one after it) and started once committed.
  const pay = fast && p.paid && payment;
  const paymentCte = pay
    ? sql`, p AS (
        INSERT INTO payments (client_id, reference, provider, purpose_type, purpose_id, amount, capture)
        SELECT ${clientId}::int, ${paymentReference(clientId, 'booking', sql`b.id`, sql`1`)}, ${payment.kind}::text, 'booking', b.id, ${p.totals.total}::int, 'auto' FROM b
        RETURNING id, reference
      )`
    : sql``;
  const paymentColumns = pay ? sql`, p.id AS payment_id, p.reference AS payment_reference, ${testSecretOf(payment.kind)} AS test_secret` : sql``;
  const result = fast
    ? sql`SELECT e.*, o.id AS order_id, o.order_number, b.id AS booking_id, ${company} AS company${paymentColumns} FROM e LEFT JOIN o ON true LEFT JOIN b ON true${pay ? sql` LEFT JOIN p ON true` : sql``}`
    : sql`SELECT o.id AS order_id, o.order_number, b.id AS booking_id, ${company} AS company FROM o, b`;
  // The lines' options, when there are any (an insert of none still costs its executor's start: its table and indexes opened).
  const options = optionRecords.length
    ? sql`, lo AS (
      INSERT INTO order_line_options (client_id, line_id, product_id, variant_id, title, sku, price, sorting)
      SELECT ${clientId}, l.id, x.product_id, x.variant_id, x.title, x.sku, x.price, x.sorting
      FROM l JOIN jsonb_to_recordset(${JSON.stringify(optionRecords)}::jsonb) AS x(line int, product_id int, variant_id int, title text, sku text, price bigint, sorting int) ON x.line = l.sorting
    )`
    : sql``;
  const statement = sql<Record<string, unknown> & { order_id: number | null; order_number: number | null; booking_id: number | null }>`
    WITH ${head}, o AS (
      INSERT INTO orders (id, client_id, order_number, status, payment_status, firstname, lastname, email, phone, description, extra_info, company_id, contact_id, subtotal, discount, vat, total)
      SELECT ${w.orderId}::int, ${clientId}, n.last_number, ${status}, ${p.paid ? 'pending' : 'paid'}, ${customer.firstname}, ${customer.lastname}, ${customer.email}, ${customer.phone},
        ${p.codeId ? `Rabatkode: ${w.discountCode}` : null}, ${JSON.stringify(w.extraInfo)}::jsonb, ${buyer.companyId}::int, ${buyer.contactId}::int,
        ${totals.subtotal}, ${totals.discount}, ${totals.vat}, ${totals.total}
      FROM n
      RETURNING id, order_number
    ), l AS (
      INSERT INTO order_lines (client_id, order_id, product_id, title, type, price, amount, discount, description, seat, seat_event_id, extra_info, sorting)
      SELECT ${clientId}, o.id, x.product_id, x.title, x.type, x.price, x.amount, x.discount, x.description, x.seat, x.seat_event_id, '[]'::jsonb, x.sorting
      FROM o, jsonb_to_recordset(${JSON.stringify(lineRecords)}::jsonb) AS x(product_id int, title text, type text, price bigint, amount int, discount bigint, description text, seat text, seat_event_id int, sorting int)
      RETURNING id, sorting
    )${options}, a AS (
      INSERT INTO order_audit (client_id, order_id, order_number, user_id, action, from_status, to_status)
      SELECT ${clientId}, o.id, o.order_number, ${w.userId}::int, 'booking', NULL, ${status} FROM o
    ), b AS (
      INSERT INTO event_bookings (client_id, event_id, order_id, token_hash, state, hold_token, held_until, company_id, contact_id, invite_id)
      SELECT ${clientId}, ${w.eventId}, o.id, ${w.tokenHash}, ${p.paid ? 'held' : 'confirmed'}, ${w.holdToken},
        ${p.heldUntil?.toISOString() ?? null}::timestamptz, ${buyer.companyId}::int, ${buyer.contactId}::int, ${buyer.inviteId}::int
      FROM o
      RETURNING id
    ), t AS (
      INSERT INTO event_tickets (client_id, event_id, booking_id, order_id, product_id, ticket_product_id, code, number, title, name, company_id, contact_id,
        price, seat_key, section, row, seat_number, options, extra_info, status, held_until, seasonal)
      SELECT ${clientId}, ${w.eventId}, b.id, o.id, x.product_id, x.ticket_product_id, x.code, ${firstSql} + x.i, x.title, x.name, ${buyer.companyId}::int, ${buyer.contactId}::int,
        x.price, x.seat_key, x.section, x.row, x.seat_number, x.options, x.extra_info, ${p.paid ? 'held' : 'valid'}, ${p.heldUntil?.toISOString() ?? null}::timestamptz, x.seasonal
      FROM o, b, jsonb_to_recordset(${JSON.stringify(ticketRecords)}::jsonb) AS x(i int, product_id int, ticket_product_id int, code text, title text, name text,
        price bigint, seat_key text, section text, row text, seat_number text, options jsonb, extra_info jsonb, seasonal boolean)
    )${paymentCte}
    ${result}`;
  // A paid fast booking commits with its statement, and its order's search rows follow in the same
  // write (order_search_flush, outside the transaction): written once the lock is let go, before the answer.
  let searchFlushed = false;
  let written: { rows: (Record<string, unknown> & { order_id: number | null; order_number: number | null; booking_id: number | null })[] };
  if (fast && p.paid) {
    const r = await commitWithThen(trx, statement.compile(trx), orderSearchFlush(clientId, [w.orderId]).compile(trx));
    written = r.result;
    if (r.after === 'done') searchFlushed = true;
    // A failed flush is reported and tried once more by book(), as when it was not sent.
    else if (r.after !== 'not sent') reportInternalError(r.after.failed);
  } else written = await statement.execute(trx);
  const row = written.rows[0];
  if (!row) throw new Error(fast ? 'event vanished' : 'booking not written');
  const first = fast ? Number(row.ticket_counter) - fast.units + 1 : (at as { first: number }).first;
  const companyName = (row.company as string | null) ?? null;
  const done =
    row.order_id === null
      ? null
      : {
          orderId: Number(row.order_id),
          orderNumber: Number(row.order_number),
          bookingId: Number(row.booking_id),
          tickets: p.paid ? [] : ticketRecords.map((t) => ticketOut({ ...t, number: first + t.i, company: companyName })),
          payment: pay && row.payment_id != null ? { id: Number(row.payment_id), reference: row.payment_reference as string, test_secret: (row.test_secret as string | null) ?? null } : null,
          searchFlushed,
        };
  if (!fast) return { event: null, written: done };
  const { fits: _f, order_id: _o, order_number: _n, booking_id: _b, company: _c, payment_id: _pi, payment_reference: _pr, test_secret: _ts, ...e } = row;
  const event = { ...(e as unknown as Omit<LockedEvent, 'firstNumber'>), firstNumber: first };
  return { event, written: done };
}

/** Seats for the booking's seat lines: held for its token until it is paid (or booked at once when free). Control runs: read, check, write. */
async function takeSeats(
  trx: Tx,
  clientId: number,
  event: { id: number; seatsio: boolean; seat_map_id: number | null },
  token: string,
  seats: string[],
  channel: string | null,
): Promise<Map<string, { section: string; row: string; number: string; category: string }>> {
  const info = new Map<string, { section: string; row: string; number: string; category: string }>();
  if (!seats.length) return info;
  if (!capacityLocks.enabled && event.seat_map_id) {
    const rows = await trx
      .selectFrom('seat_map_seats')
      .select(['seat_key', 'status', 'hold_token', 'held_until', 'channel'])
      .where('client_id', '=', clientId)
      .where('seat_map_id', '=', event.seat_map_id)
      .where('seat_key', 'in', seats)
      .execute();
    const now = Date.now();
    const ok = rows.length === seats.length && rows.every((s) => s.channel === channel && (s.status === 'free' || s.hold_token === token || (s.status === 'held' && new Date(s.held_until as Date).getTime() <= now)));
    if (!ok) throw fail.conflict(SEATING_MSG.seatTaken);
    await trx
      .updateTable('seat_map_seats')
      .set({ status: 'held', hold_token: token, held_until: new Date(now + BOOKING_HOLD_SECONDS * 1000) })
      .where('client_id', '=', clientId)
      .where('seat_map_id', '=', event.seat_map_id)
      .where('seat_key', 'in', seats)
      .execute();
  } else {
    const engine = await seatEngineFor(trx, { clientId, seatsio: event.seatsio }, event.id);
    await engine.hold(token, seats, channel, BOOKING_HOLD_SECONDS);
  }
  if (event.seat_map_id) {
    const rows = await trx
      .selectFrom('seat_map_seats')
      .select(['seat_key', 'section', 'row', 'number', 'category'])
      .where('client_id', '=', clientId)
      .where('seat_map_id', '=', event.seat_map_id)
      .where('seat_key', 'in', seats)
      .execute();
    for (const r of rows) info.set(r.seat_key, { section: r.section, row: r.row, number: r.number, category: r.category });
  }
  return info;
}

/** Books a booking's held seats (free bookings at once; paid ones when the money is in). */
export async function bookHeldSeats(trx: Tx, clientId: number, event: { id: number; seatsio: boolean }, token: string, seats: string[]) {
  if (!seats.length) return;
  const engine = await seatEngineFor(trx, { clientId, seatsio: event.seatsio }, event.id);
  await engine.book(token, seats);
}

/** The club's payment features (the orders module's stripe / onpay). */
export async function paymentFeatures(trx: Tx, clientId: number, modules?: ActiveModules): Promise<PaymentFeatures> {
  const orders = (modules ?? (await loadActiveModules(trx, clientId))).find((m) => m.module.alias === 'orders');
  const active = (alias: string) => !!orders?.module.features.some((f) => f.alias === alias && f.active);
  return { stripe: active('stripe'), onpay: active('onpay') };
}

/** Where the provider sends the buyer back (SPEC §7 return URL /public/events/{eventId}/accept-payment). */
export const acceptPaymentUrl = (baseUrl: string, eventId: number, token: string, declined = false) =>
  `${baseUrl.replace(/\/$/, '')}/public/events/${eventId}/accept-payment?booking=${token}${declined ? '&betaling=afvist' : ''}`;

/** A new payment of a held booking with the club's provider; Stripe's answer carries its publishable key. */
export async function startBookingPayment(
  trx: Tx | Kysely<Database>,
  clientId: number,
  baseUrl: string,
  features: PaymentFeatures,
  b: { id: number; eventId: number; token: string; total: number; email: string | null; title: string; orderNumber: number },
  settings?: ClubPaymentSettings,
  recorded?: RecordedPayment,
): Promise<TOrderPayStart> {
  try {
    const input = {
      purposeType: 'booking',
      purposeId: b.id,
      amount: b.total,
      capture: 'auto' as const,
      returnUrl: acceptPaymentUrl(baseUrl, b.eventId, b.token),
      declineUrl: acceptPaymentUrl(baseUrl, b.eventId, b.token, true),
      description: `${b.title} · ordre ${b.orderNumber}`,
      email: b.email,
    };
    // recorded: the row the booking's statement wrote (its provider starts locally: no transaction needed).
    const started =
      recorded && settings
        ? await startRecordedPayment(trx, clientId, providerKindOf(settings, features).kind, settings, baseUrl, input, recorded)
        : await startPayment(trx as Tx, clientId, features, baseUrl, input, settings);
    const start = started.start;
    if (start.kind === 'client-secret') {
      const publishableKey = (settings ?? (await clubSettings(trx as Tx, clientId))).stripe?.publishableKey;
      if (!publishableKey) throw fail.badGateway('Stripe mangler den offentlige nøgle');
      return { kind: 'client-secret', clientSecret: start.clientSecret, publishableKey, returnUrl: acceptPaymentUrl(baseUrl, b.eventId, b.token) };
    }
    return start;
  } catch (error) {
    if (error instanceof PaymentProviderError) throw fail.badGateway(`Betalingsudbyderen afviste: ${error.message}`, error);
    throw error;
  }
}

/**
 * A user for an anonymous buyer who asked for one (a member of the club; a known e-mail was refused
 * before), with the same confirm-email mail as a sign-up: the user logs in once it is confirmed.
 */
async function createBookingUser(trx: Tx, clientId: number, baseUrl: string, c: { email: string; firstname: string; lastname: string; password: string }) {
  const user = await trx
    .insertInto('users')
    .values({ email: c.email, password_hash: await hashPassword(c.password), firstname: c.firstname, lastname: c.lastname })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('client_users').values({ client_id: clientId, user_id: user.id, role: ROLE_MEMBER }).execute();
  await sendConfirmEmail(trx, baseUrl, { id: user.id, email: c.email, firstname: c.firstname });
}

/**
 * POST book: the booking, all or nothing, in the visitor's club. Checks who buys (SPEC §6), the
 * customer info and terms (SPEC §5) and takes a discount code's use (under its own row lock), then —
 * under the event's row lock — releases the event's expired holds, checks every limit from the
 * capacity counters, takes the seats, prices the units (free allowance first), applies the discount,
 * and writes the order, the booking and one ticket per unit in one statement.
 * A booking without seats or invitation takes the fast path: checked and priced before the lock,
 * then one statement takes the event's lock, checks the counters as they are after it
 * (booking_capacity_fits: every limit the locked path checks, and that the free units priced are
 * still free) and writes; the commit follows (a paid booking's in the same write: commitWith). When
 * they no longer fit, a free booking's locked path goes on under the lock that statement took; a paid
 * booking's statement raises (its COMMIT is on the wire behind it) and the booking runs again on the
 * locked path. Either refuses in its own words.
 * Nothing to pay: approved, seats booked, tickets valid and the receipt queued at once. Else the
 * order stays a draft that holds its tickets and seats for BOOKING_HOLD_SECONDS, and — once that is
 * committed — a payment is started with the club's provider.
 */
export async function book(v: Viewer, baseUrl: string, input: TBooking): Promise<TBookResponse> {
  // The visitor's club: a storefront's as this process knows the active clubs, without a statement of
  // its own — the booking's first statement checks that they are still what they were (else it starts
  // again from a fresh read: StaleClubs below); a member's current club, or the first booking's, read now.
  const knownClub = v.user && v.session?.currentClientId ? null : knownPublicClub(v.db, v.host);
  // Reassigned only before the run again after StaleClubs (attempt reads it).
  let clientId = knownClub?.id ?? (await bookingClub(v));
  let clubsVersion = knownClub?.version ?? null;
  const email = v.user?.email ?? null;
  // A guest's e-mail as the customer check below will take it: whether it is a user's is read with
  // the booking's first statement (and asked again only should the check end up on another address).
  const guest = !v.user && !input.inviteToken && !input.companyId && !input.contactId;
  const guestParsed = guest ? ZBookingCustomer.safeParse({ firstname: input.firstname, lastname: input.lastname, email: input.email, phone: input.phone, createUser: input.createUser, password: input.password ?? '' }) : null;
  const guestEmail = guestParsed?.success ? guestParsed.data.email : null;
  // afterRefusal: the run again on the locked path, after a paid booking's fast statement refused.
  const attempt = (afterRefusal: boolean) => withClub(v.db, { clientId }, async (trx) => {
    const facts = await bookingFacts(trx, clientId, input.eventId, email, guestEmail?.toLowerCase() ?? null, clubsVersion !== null);
    if (clubsVersion !== null && facts.clubsVersion !== clubsVersion) throw new StaleClubs();
    // The club's modules (cached at the club's context version): the events module opens the event,
    // the orders module's features choose the provider. The event: the visitor's (visible, open), or
    // an invitation's (its token is the guard; open) — eventFor's checks, in its order.
    const modules = await modulesAt(v.db, trx, clientId, facts.contextVersion);
    const eventsModule = modules.find((m) => m.module.alias === 'events');
    if (!eventsModule || !facts.event || (!input.inviteToken && !facts.event.visible)) throw fail.notFound();
    const now = new Date();
    if (now < facts.event.sign_up_start || now > facts.event.sign_up_deadline) throw fail.badRequest(SEATING_MSG.bookingClosed);
    const bookable = { id: facts.event.id, hasSeating: facts.event.has_seating, seatsio: eventsModule.module.features.some((f) => f.alias === 'seatsio' && f.active) };
    if (!input.acceptTerms) throw fail.badRequest(BOOKING_MSG.termsRequired);
    // The event's required questions (the wizard marks them required; the server does not take its word).
    const unanswered = missingExtraInfo(facts.event.extra_info, input.extraInfo);
    if (unanswered) throw fail.badRequest(required(unanswered));

    // Who buys (SPEC §6) and the customer's details (SPEC §5).
    const eventRow = facts.event;
    let buyer: Buyer;
    let customer: { firstname: string | null; lastname: string | null; email: string | null; phone: string | null };
    if (input.inviteToken) {
      const opened = await openInvite(trx, clientId, input.eventId, input.inviteToken);
      buyer = opened.buyer;
      customer = { firstname: opened.invite.firstname, lastname: opened.invite.lastname, email: opened.invite.email, phone: opened.invite.phone };
    } else {
      const cards = (await visitorCards(trx, clientId, email, eventRow)).users;
      buyer = chooseBuyer(cards, !!v.user, eventRow, input);
      customer = { firstname: input.firstname, lastname: input.lastname, email: input.email, phone: input.phone };
    }
    // Create-user is for anonymous buyers only (SPEC §6): said before the customer details a signed-in user never fills in.
    if (input.createUser && v.user) throw fail.badRequest(BOOKING_MSG.createUserOnlyAnonymous);
    if (buyer.kind === 'none' || input.createUser) {
      // A guest's customer is the input's, parsed once already (guestParsed).
      const parsed = guestParsed && buyer.kind === 'none' ? guestParsed : ZBookingCustomer.safeParse({ ...customer, createUser: input.createUser, password: input.password ?? '' });
      if (!parsed.success) throw fail.badRequest(parsed.error.issues[0]?.message ?? BOOKING_MSG.unknownError);
      customer = { ...customer, email: parsed.data.email };
    }
    if (!v.user && buyer.kind === 'none') {
      const emailFree = guestEmail !== null && customer.email === guestEmail && facts.knownEmail !== null ? !facts.knownEmail : (await emailCheck(trx, customer.email as string)).success;
      if (!emailFree) throw fail.badRequest(BOOKING_MSG.knownEmail);
    }
    let contactRow: { firstname: string; lastname: string | null; email: string | null; phone: string | null } | undefined;
    if (buyer.contactId && !input.inviteToken) {
      contactRow = await trx.selectFrom('contacts').select(['firstname', 'lastname', 'email', 'phone']).where('client_id', '=', clientId).where('id', '=', buyer.contactId).executeTakeFirst();
      if (contactRow) customer = { firstname: contactRow.firstname, lastname: contactRow.lastname, email: contactRow.email, phone: contactRow.phone ?? customer.phone };
    }

    // Lines that make sense on their own, before any lock.
    const products = eventRow.has_tickets ? facts.products : [SIGNUP_PRODUCT];
    for (const l of input.products) {
      const p = products.find((x) => x.product_id === l.productId);
      if (!p) throw fail.badRequest(BOOKING_MSG.unknownProduct);
      if (p.name_required && (!l.name || l.amount !== 1)) throw fail.badRequest(BOOKING_MSG.nameRequired);
      if (p.type === 'seat-ticket' && bookable.hasSeating) {
        if (!l.seat) throw fail.badRequest(BOOKING_MSG.seatRequired);
        if (l.amount !== 1) throw fail.badRequest(BOOKING_MSG.seatsMismatch);
      } else if (l.seat) throw fail.badRequest(BOOKING_MSG.notSeatProduct);
    }
    const seatLines = input.products.filter((l) => l.seat);
    const seatKeys = seatLines.map((l) => l.seat as string);
    if (new Set(seatKeys).size !== seatKeys.length) throw fail.badRequest(SEATING_MSG.seatTaken);
    const contactEmail = facts.club.email;
    const free = buyer.invite ? new Map<number, number>() : await freeAllowances(trx, clientId, buyer.companyId, eventRow.type_id);

    // Read before the lock what does not change with it (the club's VAT and payment features), and
    // take a discount code's use under its own row lock (a refused booking rolls it back).
    const vat = facts.club.vat;
    const features = await paymentFeatures(trx, clientId, modules);
    const unitCount = input.products.reduce((s, l) => s + l.amount, 0);
    // One booking takes at most MAX_BOOKING_TICKETS tickets, over all its lines (each line alone is checked by ZBookingLine).
    if (unitCount > MAX_BOOKING_TICKETS) throw fail.badRequest(BOOKING_MSG.maxMore(MAX_BOOKING_TICKETS));
    const rule = input.discountCode ? await consumeDiscountCode(trx, clientId, input.discountCode) : null;
    // A user for an anonymous buyer who asked for one: before the event's lock (it needs nothing the
    // lock guards, and a refused booking rolls it back with the rest).
    if (input.createUser && !v.user && customer.email) {
      await createBookingUser(trx, clientId, baseUrl, { email: customer.email, firstname: customer.firstname ?? '', lastname: customer.lastname ?? '', password: input.password ?? '' });
    }
    const token = generateToken();
    // The seats' hold token (the picker's, or a new one); a booking without seats holds none.
    const holdToken = seatKeys.length ? (seatLines.find((l) => l.holdToken)?.holdToken ?? newHoldToken()) : '';
    const write = {
      clientId,
      eventId: input.eventId,
      orderId: facts.orderId,
      buyer,
      customer,
      userId: v.user?.id ?? null,
      tokenHash: hashToken(token),
      holdToken: seatKeys.length ? holdToken : null,
      buyerName: [customer.firstname, customer.lastname].filter(Boolean).join(' ') || null,
      discountCode: input.discountCode ?? null,
      extraInfo: Object.entries(input.extraInfo).map(([alias, value]) => (Array.isArray(value) ? { title: alias, values: value } : { title: alias, value })),
    };
    const price = (offers: Map<number, Offer>) => priceBooking(input.products, offers, rule, facts.club.timeZone, vat);

    // ---- The fast path (no seats, no invitation): checked and priced before the lock from what the
    // booking knows, then ONE statement takes the event's lock, checks the capacity counters as the
    // last booking committed them (booking_capacity_fits, migration 0019) and writes the booking only
    // if they still fit; the commit follows at once (a paid booking's with it). Should a free one not
    // fit, that statement holds the lock and the ticket numbers, and the locked path below goes on
    // from there with its own words; a paid one's raises CAPACITY_REFUSED and runs again (below).
    let event: LockedEvent | null = null;
    let done: { event: LockedEvent; written: Written; priced: Priced } | null = null;
    if (capacityLocks.enabled && capacityLocks.fastPath && !afterRefusal && !buyer.invite && !seatKeys.length) {
      // A company's free allowance prices its tickets from its counters: read them (no lock; the
      // statement checks that they still give the same number of free units).
      const needsCounts = !!buyer.companyId && input.products.some((l) => (free.get(l.productId) ?? 0) > 0);
      const counts = needsCounts ? await liveCounts(trx, clientId, eventRow.id, buyer, 'locked') : NO_COUNTS;
      const plan = fastPlan(() => {
        const { offers, wanted } = checkLimits(eventRow, products, buyer, counts, free, input.products, contactEmail);
        return { offers, wanted, priced: price(offers) };
      });
      if (plan) {
        const fits = [...plan.wanted].map(([p, n]) => {
          const o = plan.offers.get(p) as Offer;
          const allowance = buyer.companyId ? (free.get(p) ?? 0) : 0;
          return { p, n, max: o.limits.max, cmax: buyer.companyId ? o.limits.companyMax : null, free: allowance > 0 ? allowance : null, k: Math.min(o.freeAmount, n) };
        });
        const kind = providerKindOf(facts.club.settings, features).kind;
        const payment = plan.priced.paid && startsLocally(kind) ? { kind } : null;
        const r = await writeBooking(trx, write, plan.priced, new Map(), { holder: buyer.companyId ? `company:${buyer.companyId}` : null, lines: fits, units: unitCount }, payment);
        event = r.event as LockedEvent;
        if (r.written) {
          bookingPaths.fast += 1;
          done = { event, written: r.written, priced: plan.priced };
        } else bookingPaths.fallback += 1;
      }
    }

    if (!done) {
      // ---- The locked path: from the lock to the commit, nobody else books this event. The counters
      // are read after it (never in the statement that waits for it: that one's snapshot is older).
      if (!event) {
        event = await lockEventCapacity(trx, clientId, input.eventId, unitCount);
        if (!afterRefusal) bookingPaths.locked += 1;
      }
      let counts = await liveCounts(trx, clientId, event.id, buyer, 'locked');
      if (counts.expiredHolds && (await releaseExpiredHolds(trx, clientId, event.id)) > 0) counts = await liveCounts(trx, clientId, event.id, buyer, 'locked');
      const { offers } = checkLimits(event, products, buyer, counts, free, input.products, contactEmail);

      // Seats: held for the booking's token (the picker's, or a new one), all or none.
      const channel = buyer.companyId ? companyChannel(buyer.companyId) : null;
      const seatInfo = await takeSeats(trx, clientId, { id: event.id, seatsio: bookable.seatsio, seat_map_id: event.seat_map_id }, holdToken, seatKeys, channel);
      for (const l of seatLines) {
        const category = (offers.get(l.productId) as Offer).seatCategory;
        const info = seatInfo.get(l.seat as string);
        if (category && info && info.category !== category) throw fail.badRequest(BOOKING_MSG.wrongSeatCategory);
      }
      const priced = price(offers);
      const first = await takeTicketNumbers(trx, clientId, event.id, priced.units.length, event.firstNumber);
      const r = await writeBooking(trx, write, priced, seatInfo, { first });
      done = { event, written: r.written as Written, priced };
    }

    const { written, priced } = done;
    const url = `/events/${encodeURIComponent(done.event.url)}/${token}`;
    const { totals, paid, heldUntil } = priced;
    if (!paid) {
      await bookHeldSeats(trx, clientId, { id: done.event.id, seatsio: bookable.seatsio }, holdToken, seatKeys);
      await queueBookingReceipt(trx, baseUrl, { order_number: written.orderNumber, email: customer.email, firstname: customer.firstname, total: totals.total, title: done.event.title }, written.tickets);
      const response: TBookResponse = { orderId: written.orderId, orderNumber: written.orderNumber, token, url, status: 'approved', total: 0, heldUntil: null, payment: null };
      return { response, pay: null, features, settings: facts.club.settings, written };
    }
    const response: TBookResponse = {
      orderId: written.orderId,
      orderNumber: written.orderNumber,
      token,
      url,
      status: 'draft',
      total: wireKroner(totals.total) ?? 0,
      heldUntil: heldUntil?.toISOString() ?? null,
      payment: null,
    };
    return {
      response,
      pay: { id: written.bookingId, eventId: done.event.id, token, total: totals.total, email: customer.email, title: done.event.title, orderNumber: written.orderNumber },
      features,
      settings: facts.club.settings,
      written,
    };
  });
  const run = () =>
    attempt(false).catch((error) => {
      if ((error as { code?: string }).code !== CAPACITY_REFUSED) throw error;
      bookingPaths.fallback += 1;
      return attempt(true);
    });
  const booked = await run().catch(async (error) => {
    if (!(error instanceof StaleClubs)) throw error;
    // The active clubs changed since this process read them: the club is read again, as the first booking's is.
    forgetPublicClubs(v.db);
    clientId = await bookingClub(v);
    clubsVersion = null;
    return run();
  });
  // The order's search rows, once the booking is committed (unless they followed its commit already):
  // the order is found by the list's search when the booking answers. Should this fail, the job
  // runner's sweep writes them.
  if (!booked.written.searchFlushed) await orderSearchFlush(clientId, [booked.written.orderId]).execute(v.db).catch(reportInternalError);
  if (!booked.pay) return booked.response;
  // The payment starts once the booking holds its tickets (committed, the event's lock let go): the
  // provider's call stays out of the event's queue. A provider that starts locally had its row written
  // with the booking; else the row is written now. Should the start fail, the booking still holds its
  // tickets until its hold runs out and its page offers Prøv igen.
  try {
    const recorded = booked.written.payment;
    booked.response.payment = recorded
      ? await startBookingPayment(v.db, clientId, baseUrl, booked.features, booked.pay, booked.settings, recorded)
      : await withClub(v.db, { clientId }, (trx) => startBookingPayment(trx, clientId, baseUrl, booked.features, booked.pay, booked.settings));
  } catch (error) {
    reportInternalError(error);
  }
  return booked.response;
}

