import { type Database, withClub } from '@klubhus/db';
import { IMAGE_MIME_TYPES } from '@klubhus/domain';
import { type Kysely, sql } from 'kysely';
import type { FileStorage } from '@klubhus/integrations';
import { resolvePublicClubId } from '../clubs/public';
import { fail } from '../lib/errors';

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
