import { type Database, withClub } from '@klubhus/db';
import { IMAGE_MIME_TYPES } from '@klubhus/domain';
import { type Kysely, sql } from 'kysely';
import type { FileStorage } from '@klubhus/integrations';
import { resolvePublicClubId } from '../clubs/public';
import { fail } from '../lib/errors';
import { publicImageUrl } from './shared';

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
