import { type Database, type Tx, withClub } from '@klubhus/db';
import { IMAGE_MIME_TYPES, SEATING_MSG, type ZPublicEventListRequest } from '@klubhus/domain';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { currentClub, type Viewer } from '../app/service';
import { loadActiveModules } from '../clubs/context';
import type { FileStorage } from '@klubhus/integrations';
import { resolvePublicClub, resolvePublicClubId } from '../clubs/public';
import { fail } from '../lib/errors';
import { eventSettings, publicImageUrl } from './shared';

/**
 * GET /api/public/images/{id}: an image the storefront shows — an event's banner, bottom banner,
 * seat-chart picture, ticket logo or picture, or the web logo of an event's sponsor — of the club
 * whose storefront is asked. Nothing else is reachable here: other files, other clubs' images and
 * non-images all answer 404. A file's bytes never change under its id, so it caches for a year.
 */
export async function publicImage(db: Kysely<Database>, storage: FileStorage, host: string | null, fileId: number) {
  const clientId = await resolvePublicClubId(db, host);
  if (!clientId) throw fail.notFound();
  const row = await withClub(db, { clientId }, async (trx) => {
    const r = await sql<{ id: number; file_path: string; mime_type: string; size: number }>`
      SELECT f.id, f.file_path, f.mime_type, f.size FROM files f
      WHERE f.client_id = ${clientId} AND f.id = ${fileId} AND f.mime_type = ANY(${[...IMAGE_MIME_TYPES]}::text[]) AND (
        EXISTS (SELECT 1 FROM events e WHERE e.client_id = f.client_id AND f.id IN (
          e.banner_picture, e.banner_bottom, e.chart_picture,
          (e.ticket_settings->>'ticketLogo')::int, (e.ticket_settings->>'ticketPicture')::int))
        OR EXISTS (SELECT 1 FROM event_sponsors s JOIN companies c ON c.client_id = s.client_id AND c.id = s.company_id
          WHERE s.client_id = f.client_id AND c.logo_web = f.id))`.execute(trx);
    return r.rows[0];
  });
  if (!row) throw fail.notFound();
  const data = await storage.get(row.file_path);
  if (!data) throw fail.notFound();
  return { id: row.id, mimeType: row.mime_type, data };
}

/**
 * GET /api/public/events/invite/{token}: the invitation behind a mailed link — the event, who is
 * invited and with which products — for the club the host names. An unknown token is a 404.
 */
export async function publicInvite(db: Kysely<Database>, host: string | null, token: string) {
  const clientId = await resolvePublicClubId(db, host);
  if (!clientId) throw fail.notFound();
  return withClub(db, { clientId }, async (trx) => {
    const i = await trx
      .selectFrom('event_invites as i')
      .innerJoin('events as e', (j) => j.onRef('e.client_id', '=', 'i.client_id').onRef('e.id', '=', 'i.event_id'))
      .innerJoin('contacts as c', (j) => j.onRef('c.client_id', '=', 'i.client_id').onRef('c.id', '=', 'i.contact_id'))
      .leftJoin('companies as co', (j) => j.onRef('co.client_id', '=', 'i.client_id').onRef('co.id', '=', 'i.company_id'))
      .select([
        'i.id',
        'e.id as event_id',
        'e.title',
        'e.url',
        'e.start_date',
        'e.end_date',
        'e.location',
        'e.description',
        'e.banner_picture',
        'e.sign_up_start',
        'e.sign_up_deadline',
        'c.firstname',
        'c.lastname',
        'co.name as company',
      ])
      .where('i.client_id', '=', clientId)
      .where('i.token', '=', token)
      .executeTakeFirst();
    if (!i) throw fail.notFound();
    const products = await trx
      .selectFrom('event_invite_products as ip')
      .innerJoin('products as p', (j) => j.onRef('p.client_id', '=', 'ip.client_id').onRef('p.id', '=', 'ip.product_id'))
      .select(['ip.product_id', 'p.title', 'ip.amount', 'ip.amount_per_invite'])
      .where('ip.client_id', '=', clientId)
      .where('ip.invite_id', '=', i.id)
      .orderBy('p.title')
      .execute();
    return {
      event: {
        id: i.event_id,
        title: i.title,
        url: i.url,
        startDate: i.start_date.toISOString(),
        endDate: i.end_date.toISOString(),
        signUpStart: i.sign_up_start.toISOString(),
        signUpDeadline: i.sign_up_deadline.toISOString(),
        location: i.location,
        description: i.description,
        bannerPicture: i.banner_picture ? publicImageUrl(i.banner_picture) : null,
      },
      contact: { firstname: i.firstname, lastname: i.lastname },
      company: i.company,
      products: products.map((p) => ({ productId: p.product_id, product: p.title, amount: p.amount, amountPerInvite: p.amount_per_invite })),
    };
  });
}

// ---------------------------------------------------------------- the storefront's events

/**
 * Which events a visitor may see (SPEC §2, §6): public ones once their public signup time has come
 * (signUpPublic, when set), and — for a signed-in user whose contact (same e-mail in the club) is
 * invited, or works for an invited company — private ones too. Only when the events module is on.
 */
export function visibleTo(eb: ExpressionBuilder<Database, 'events'>, clientId: number, email: string | null, now: Date) {
  return visibleToLower(eb, clientId, email === null ? null : email.toLowerCase(), now);
}

/** visibleTo with the e-mail lower-cased by the caller: the values are only used as values (a precompiled query's stand-ins may be passed). */
export function visibleToLower(eb: ExpressionBuilder<Database, 'events'>, clientId: number, emailLower: string | null, now: Date) {
  const email = emailLower;
  const open = eb.and([eb('events.private', '=', false), eb.or([eb('events.sign_up_public', 'is', null), eb('events.sign_up_public', '<=', now)])]);
  if (!email) return open;
  const invited = sql<boolean>`EXISTS (
    SELECT 1 FROM contacts c WHERE c.client_id = ${clientId} AND lower(c.email) = ${email} AND (
      EXISTS (SELECT 1 FROM event_invites i WHERE i.client_id = c.client_id AND i.event_id = events.id AND i.contact_id = c.id)
      OR EXISTS (SELECT 1 FROM company_contacts cc WHERE cc.client_id = c.client_id AND cc.contact_id = c.id
        AND cc.company_id = ANY(SELECT jsonb_array_elements_text(events.invitees->'companyIds')::int))))`;
  return eb.or([open, invited]);
}

async function eventsModuleOn(trx: Tx, clientId: number) {
  return (await loadActiveModules(trx, clientId)).some((m) => m.module.alias === 'events');
}

/**
 * An event a visitor may book now, for the storefront's booking calls: seen by the visitor (as on
 * its page) and between its signup start and deadline; the club's events module on. Unknown or
 * hidden: 404; not open: the Danish refusal. Says whether the club sells seats through seats.io.
 */
export async function bookableEvent(trx: Tx, clientId: number, email: string | null, eventId: number, modules?: Awaited<ReturnType<typeof loadActiveModules>>) {
  const events = (modules ?? (await loadActiveModules(trx, clientId))).find((m) => m.module.alias === 'events');
  if (!events) throw fail.notFound();
  const now = new Date();
  const e = await trx
    .selectFrom('events')
    .select(['events.id', 'events.has_seating', 'events.sign_up_start', 'events.sign_up_deadline'])
    .where('events.client_id', '=', clientId)
    .where('events.id', '=', eventId)
    .where((eb) => visibleTo(eb, clientId, email, now))
    .executeTakeFirst();
  if (!e) throw fail.notFound();
  if (now < e.sign_up_start || now > e.sign_up_deadline) throw fail.badRequest(SEATING_MSG.bookingClosed);
  return { id: e.id, hasSeating: e.has_seating, seatsio: events.module.features.some((f) => f.alias === 'seatsio' && f.active) };
}

const card = (e: { id: number; url: string; title: string; location: string | null; start_date: Date; end_date: Date; description: string | null; banner_picture: number | null; promote: boolean }) => ({
  id: e.id,
  url: e.url,
  title: e.title,
  location: e.location,
  startDate: e.start_date.toISOString(),
  endDate: e.end_date.toISOString(),
  description: e.description,
  bannerPicture: e.banner_picture ? publicImageUrl(e.banner_picture) : null,
  promote: e.promote,
});
const CARD = ['events.id', 'events.url', 'events.title', 'events.location', 'events.start_date', 'events.end_date', 'events.description', 'events.banner_picture', 'events.promote'] as const;

/** GET /api/public/events (?promoted&limit): upcoming events, soonest first; featured ones with promoted. */
export async function publicEventList(v: Viewer, input: z.output<typeof ZPublicEventListRequest>) {
  const { clientId } = await currentClub(v);
  if (!clientId) return [];
  const now = new Date();
  return withClub(v.db, { clientId }, async (trx) => {
    if (!(await eventsModuleOn(trx, clientId))) return [];
    let q = trx
      .selectFrom('events')
      .select([...CARD])
      .where('events.client_id', '=', clientId)
      .where('events.end_date', '>=', now)
      .where((eb) => visibleTo(eb, clientId, v.user?.email ?? null, now));
    if (input.promoted) q = q.where('events.promote', '=', true);
    const rows = await q.orderBy('events.start_date').orderBy('events.id').limit(input.limit).execute();
    return rows.map(card);
  });
}

/**
 * Match day: thousands open the same event page at the same minute, and every anonymous visitor of a
 * storefront gets the same answer. It is kept per process for a second, by club, the club's context
 * version (a module switched off is seen at once) and url, so a rush costs one small statement per
 * request and one page read per process per second; a signed-in visitor's answer (private events
 * by invitation) is never kept. Staff's edits of the event show within a second.
 */
const PAGE_TTL_MS = 1000;
const pageCache = new Map<string, { at: number; page: Promise<Awaited<ReturnType<typeof loadEventPage>>> }>();

/** GET /api/public/events/{url}: one event's page, or 404 (unknown, private to others, not yet public). */
export async function publicEventPage(v: Viewer, url: string) {
  if (v.user) return loadEventPage(v, url);
  const club = await resolvePublicClub(v.db, v.host);
  if (!club) throw fail.notFound();
  const key = `${club.id}|${club.contextVersion}|${url.toLowerCase()}`;
  const now = Date.now();
  const hit = pageCache.get(key);
  if (hit && now - hit.at < PAGE_TTL_MS) return hit.page;
  if (pageCache.size > 500) pageCache.clear();
  const page = loadEventPage(v, url);
  pageCache.set(key, { at: now, page });
  // A refusal (404) is not kept: the next visitor asks again.
  page.catch(() => pageCache.delete(key));
  return page;
}

async function loadEventPage(v: Viewer, url: string) {
  const { clientId } = await currentClub(v);
  if (!clientId) throw fail.notFound();
  const now = new Date();
  return withClub(v.db, { clientId }, async (trx) => {
    if (!(await eventsModuleOn(trx, clientId))) throw fail.notFound();
    const e = await trx
      .selectFrom('events')
      .select([
        ...CARD,
        'events.sign_up_start',
        'events.sign_up_public',
        'events.sign_up_deadline',
        'events.banner_bottom',
        'events.has_tickets',
        'events.has_sponsors',
        'events.business_only',
        'events.terms',
        'events.parent_id',
      ])
      .where('events.client_id', '=', clientId)
      .where(sql`lower(events.url)`, '=', url.toLowerCase())
      .where((eb) => visibleTo(eb, clientId, v.user?.email ?? null, now))
      .executeTakeFirst();
    if (!e) throw fail.notFound();
    const [sponsors, parent] = await Promise.all([
      e.has_sponsors
        ? trx
            .selectFrom('event_sponsors as s')
            .innerJoin('companies as c', (j) => j.onRef('c.client_id', '=', 's.client_id').onRef('c.id', '=', 's.company_id'))
            .select(['s.type', 'c.id', 'c.name', 'c.logo_web'])
            .where('s.client_id', '=', clientId)
            .where('s.event_id', '=', e.id)
            .orderBy('s.sorting')
            .orderBy('c.name')
            .execute()
        : [],
      e.parent_id ? trx.selectFrom('events').select(['url', 'title']).where('client_id', '=', clientId).where('id', '=', e.parent_id).executeTakeFirst() : undefined,
    ]);
    const { sponsorTypes } = await eventSettings(trx, clientId);
    const types = [...new Set(sponsors.map((s) => s.type))].sort((a, b) => sponsorTypes.indexOf(a) - sponsorTypes.indexOf(b));
    return {
      ...card(e),
      signUpStart: e.sign_up_start.toISOString(),
      signUpPublic: e.sign_up_public?.toISOString() ?? null,
      signUpDeadline: e.sign_up_deadline.toISOString(),
      bannerBottom: e.banner_bottom ? publicImageUrl(e.banner_bottom) : null,
      hasTickets: e.has_tickets,
      businessOnly: e.business_only,
      terms: e.terms,
      bookingOpen: now >= e.sign_up_start && now <= e.sign_up_deadline,
      sponsors: types.map((type) => ({
        type,
        companies: sponsors.filter((s) => s.type === type).map((s) => ({ id: s.id, name: s.name, logoWeb: s.logo_web ? publicImageUrl(s.logo_web) : null })),
      })),
      parent: parent ?? null,
    };
  });
}
