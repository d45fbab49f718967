import type { ProductsTable, Tx } from '@klubhus/db';
import { BOOKING_MSG, bookingOptionKey, bookingUserKey, MAX_BOOKING_TICKETS, type TBookingUser, type TProductOffered, wireKroner } from '@klubhus/domain';
import { type Expression, type Selectable, sql } from 'kysely';
import { fail } from '../lib/errors';
import type { LiveCounts } from './capacity';

/**
 * Who may book what (SPEC §2 chooser, §5 limits, §6): the buyer cards of a visitor, the event's
 * ticket products each buyer is offered, and how many more of each the buyer may take — the same
 * computation for the wizard's cards and, under the event's lock, for the booking itself.
 */

export interface Buyer {
  key: string;
  kind: 'company' | 'contact' | 'none';
  companyId: number | null;
  contactId: number | null;
  inviteId: number | null;
  /** An invitation's products: catalogue product id → amount (all free). */
  invite: Map<number, number> | null;
}

export type EventForBooking = {
  id: number;
  type_id: number | null;
  max_signups: number | null;
  max_company_signups: number | null;
  business_only: boolean;
  invitees: unknown;
};

/** The signed-in visitor's contact in the club (same e-mail), and the companies of it among the event's invited ones. */
export async function visitorCards(trx: Tx, clientId: number, email: string | null, event: EventForBooking): Promise<{ contact: { id: number; name: string } | null; users: TBookingUser[] }> {
  if (!email) return { contact: null, users: [] };
  const contact = await trx
    .selectFrom('contacts')
    .select(['id', 'firstname', 'lastname'])
    .where('client_id', '=', clientId)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
  if (!contact) return { contact: null, users: [] };
  const invited = ((event.invitees as { companyIds?: number[] } | null)?.companyIds ?? []).filter((n) => Number.isInteger(n));
  const companies = invited.length
    ? await trx
        .selectFrom('company_contacts as cc')
        .innerJoin('companies as co', (j) => j.onRef('co.client_id', '=', 'cc.client_id').onRef('co.id', '=', 'cc.company_id'))
        .select(['co.id', 'co.name', 'co.logo_web'])
        .where('cc.client_id', '=', clientId)
        .where('cc.contact_id', '=', contact.id)
        .where('co.id', 'in', invited)
        .orderBy('co.name')
        .execute()
    : [];
  const name = `${contact.firstname} ${contact.lastname ?? ''}`.trim();
  return {
    contact: { id: contact.id, name },
    users: [
      ...companies.map((c) => ({
        key: bookingUserKey({ companyId: c.id }),
        kind: 'company' as const,
        companyId: c.id,
        contactId: contact.id,
        name: c.name,
        logoWeb: c.logo_web ? `/api/public/images/${c.logo_web}` : null,
      })),
      ...(event.business_only ? [] : [{ key: bookingUserKey({ contactId: contact.id }), kind: 'contact' as const, companyId: null, contactId: contact.id, name, logoWeb: null }]),
    ],
  };
}

/** The buyer a booking names, checked against who the visitor is: only their own contact, only their invited companies. */
export function chooseBuyer(cards: TBookingUser[], loggedIn: boolean, event: EventForBooking, sel: { companyId: number | null; contactId: number | null }): Buyer {
  if (sel.companyId) {
    const c = cards.find((u) => u.kind === 'company' && u.companyId === sel.companyId);
    if (!c) throw fail.forbidden(BOOKING_MSG.notYourCompany);
    return { key: c.key, kind: 'company', companyId: c.companyId, contactId: c.contactId, inviteId: null, invite: null };
  }
  if (event.business_only) throw fail.badRequest(BOOKING_MSG.companyRequired);
  if (sel.contactId) {
    const c = cards.find((u) => u.kind === 'contact' && u.contactId === sel.contactId);
    if (!c || !loggedIn) throw fail.forbidden(BOOKING_MSG.notYourContact);
    return { key: c.key, kind: 'contact', companyId: null, contactId: c.contactId, inviteId: null, invite: null };
  }
  return { key: 'none', kind: 'none', companyId: null, contactId: null, inviteId: null, invite: null };
}


/** A ticket product's option as sold with it: the option product (or its variant) at its price in øre. */
export interface TicketOption {
  productId: number;
  variantId: number | null;
  title: string;
  sku: string | null;
  /** øre a unit: the option's own price when it overrides, else the variant's, else the product's. */
  price: number;
  preSelected: boolean;
}

/**
 * The event's ticket products with their catalogue product (type, description, seats, season ticket)
 * and its public, active options (SPEC §3 Option: the option product, or its active variant, at the
 * option's own price when it overrides, else the variant's, else the product's), in their order: one
 * JSON value, a subquery that a bigger read (bookingFacts) embeds or eventTicketProducts runs alone.
 */
export const ticketProductsJson = (clientId: number, eventId: Expression<number> | number) => sql<TicketProductJson[]>`(
  SELECT coalesce(json_agg(x ORDER BY x.sorting, x.id), '[]') FROM (
    SELECT tp.id, tp.sorting, tp.product_id, tp.title, tp.price, tp.public_price, tp.make_public_at, tp.max_amount, tp.max_company_amount,
      tp.name_required, tp.public, tp.ticket_description, p.type, p.description, p.seats, p.season_ticket, p.extra_info,
      (SELECT coalesce(json_agg(json_build_object(
          'productId', po.option_product_id, 'variantId', po.option_variant_id,
          'title', CASE WHEN coalesce(v.title, '') <> '' THEN op.title || ' – ' || v.title ELSE op.title END,
          'sku', coalesce(v.sku, op.sku),
          'price', CASE WHEN po.price_override AND po.price IS NOT NULL THEN po.price WHEN v.price IS NOT NULL THEN v.price ELSE op.price END,
          'preSelected', po.pre_selected) ORDER BY po.sorting, po.id), '[]')
        FROM product_options po
        JOIN products op ON op.client_id = po.client_id AND op.id = po.option_product_id
        LEFT JOIN product_variants v ON v.client_id = po.client_id AND v.id = po.option_variant_id
        WHERE po.client_id = ${clientId} AND po.product_id = tp.product_id AND po.public AND op.active
          AND (po.option_variant_id IS NULL OR v.active IS TRUE)) AS options
    FROM event_ticket_products tp
    JOIN products p ON p.client_id = tp.client_id AND p.id = tp.product_id
    WHERE tp.client_id = ${clientId} AND tp.event_id = ${eventId}) x)`;

/** A ticket product as ticketProductsJson answers it (its timestamp as JSON text). */
type TicketProductJson = Omit<TicketProductRow, 'make_public_at'> & { sorting: number; make_public_at: string | null };

/** ticketProductsJson's rows as the offers read them. */
export const ticketProductsFrom = (rows: TicketProductJson[]): TicketProductRow[] =>
  rows.map(({ sorting: _s, ...r }) => ({ ...r, make_public_at: r.make_public_at === null ? null : new Date(r.make_public_at) }));

/** The event's ticket products with their public options (ticketProductsJson), in one statement. */
export async function eventTicketProducts(trx: Tx, clientId: number, eventId: number): Promise<TicketProductRow[]> {
  const r = await sql<{ products: TicketProductJson[] }>`SELECT ${ticketProductsJson(clientId, eventId)} AS products`.execute(trx);
  return ticketProductsFrom(r.rows[0].products);
}

export interface TicketProductRow {
  id: number;
  product_id: number;
  title: string;
  price: number;
  public_price: number | null;
  make_public_at: Date | null;
  max_amount: number | null;
  max_company_amount: number | null;
  name_required: boolean;
  public: boolean;
  ticket_description: string | null;
  type: Selectable<ProductsTable>['type'];
  description: string | null;
  seats: Selectable<ProductsTable>['seats'];
  season_ticket: boolean;
  extra_info: Selectable<ProductsTable>['extra_info'];
  options: TicketOption[];
}

/** SPEC §2 'Antal': an event without tickets takes sign-ups, one product of its own (id 0, free), limited by maxSignups and maxCompanySignups. */
export const SIGNUP_PRODUCT: TicketProductRow = {
  id: 0,
  product_id: 0,
  title: 'Tilmelding',
  price: 0,
  public_price: null,
  make_public_at: null,
  max_amount: null,
  max_company_amount: null,
  name_required: false,
  public: true,
  ticket_description: null,
  type: 'ticket',
  description: null,
  seats: null,
  season_ticket: false,
  extra_info: [],
  options: [],
};

/** What an event sells: its ticket products, or sign-ups when it has no tickets. */
export async function bookingProductsOf(trx: Tx, clientId: number, event: { id: number; has_tickets: boolean }) {
  return event.has_tickets ? eventTicketProducts(trx, clientId, event.id) : [SIGNUP_PRODUCT];
}

/** A company's free allowance for a product at events of a type (companies.ticket_limits); 0 when none. */
export async function freeAllowances(trx: Tx, clientId: number, companyId: number | null, typeId: number | null): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!companyId || !typeId) return out;
  const c = await trx.selectFrom('companies').select('ticket_limits').where('client_id', '=', clientId).where('id', '=', companyId).executeTakeFirst();
  const limits = ((c?.ticket_limits ?? {}) as Record<string, { productId: number; maxAmount: number | null }[]>)[String(typeId)] ?? [];
  for (const l of limits) if (l.maxAmount && l.maxAmount > 0) out.set(l.productId, l.maxAmount);
  return out;
}

const minOf = (values: (number | null)[]) => {
  const set = values.filter((v): v is number => v !== null);
  return set.length ? Math.max(0, Math.min(...set)) : null;
};

export interface Offer extends TProductOffered {
  ticketProductId: number;
  /** øre */
  priceOre: number;
  /** What binds the buyer: left of the product and of the event for everyone (null: unlimited). */
  availableAll: number | null;
  seatCategory: string | null;
  /** The options the buyer may tick, by bookingOptionKey, with their price in øre. */
  optionsByKey: Map<string, TicketOption>;
  /** The ticket product's own limits (maxAmount for everyone, maxCompanyAmount), for the booking's capacity check in SQL. */
  limits: { max: number | null; companyMax: number | null };
}

/** The products one buyer is offered, with what they may still take, from the live counts. */
export function offersFor(
  event: EventForBooking,
  products: TicketProductRow[],
  buyer: Buyer,
  counts: LiveCounts,
  free: Map<number, number>,
  categories: { key: string; label: string; color: string; accessible: boolean }[],
  now = new Date(),
): Offer[] {
  const eventLeft = event.max_signups === null ? null : Math.max(0, event.max_signups - counts.eventTotal);
  const companyEventLeft = buyer.companyId && event.max_company_signups !== null ? Math.max(0, event.max_company_signups - counts.mineTotal) : null;
  const out: Offer[] = [];
  const seen = new Set<number>();
  for (const p of products) {
    if (seen.has(p.product_id)) continue;
    const isPublic = p.public || (p.make_public_at !== null && new Date(p.make_public_at) <= now);
    if (buyer.invite) {
      if (!buyer.invite.has(p.product_id)) continue;
    } else if (buyer.kind !== 'company' && !isPublic) continue;
    seen.add(p.product_id);
    const c = counts.byProduct.get(p.product_id) ?? { total: 0, mine: 0, mineFree: 0 };
    const available = p.max_amount === null ? null : Math.max(0, p.max_amount - c.total);
    const companyLeft = buyer.companyId && p.max_company_amount !== null ? Math.max(0, p.max_company_amount - c.mine) : null;
    const inviteLeft = buyer.invite ? Math.max(0, (buyer.invite.get(p.product_id) ?? 0) - c.mine) : null;
    const availableAll = minOf([available, eventLeft]);
    const maxAmount = minOf([availableAll, companyLeft, companyEventLeft, inviteLeft, MAX_BOOKING_TICKETS]) ?? MAX_BOOKING_TICKETS;
    const freeLeft = buyer.invite ? (inviteLeft ?? 0) : Math.max(0, (free.get(p.product_id) ?? 0) - c.mineFree);
    const priceOre = buyer.kind === 'company' || p.public_price === null ? Number(p.price) : Number(p.public_price);
    const seats = p.seats as { category?: string | null } | null;
    const seatCategory = p.type === 'seat-ticket' ? (seats?.category ?? null) : null;
    out.push({
      ticketProductId: p.id,
      productId: p.product_id,
      title: p.title,
      type: p.type,
      description: p.ticket_description ?? p.description,
      available: availableAll,
      availableAll,
      purchased: c.mine,
      maxAmount,
      seasonal: p.season_ticket,
      inContract: false,
      price: wireKroner(priceOre) ?? 0,
      priceOre,
      freeAmount: Math.min(freeLeft, maxAmount),
      nameRequired: p.name_required,
      options: p.options.map((o) => ({ productId: o.productId, variantId: o.variantId, title: o.title, price: wireKroner(o.price) ?? 0, preSelected: o.preSelected })),
      optionsByKey: new Map(p.options.map((o) => [bookingOptionKey(o), o])),
      seatCategories: p.type === 'seat-ticket' ? categories.filter((k) => !seatCategory || k.key === seatCategory) : [],
      seatCategory,
      limits: { max: p.max_amount === null ? null : Number(p.max_amount), companyMax: p.max_company_amount === null ? null : Number(p.max_company_amount) },
      extraInfo: ((p.extra_info as { alias: string; title: string; type: string; values: string[] }[]) ?? []).map((x) => ({ alias: x.alias, title: x.title, type: x.type, values: x.values ?? [] })),
    });
  }
  return out;
}
