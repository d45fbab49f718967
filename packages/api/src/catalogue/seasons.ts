import { json, type Tx } from '@klubhus/db';
import { CATALOGUE_MSG, MSG, type TSaveResponse, type ZSeasonListRequest, type ZSeasonUpdateRequest } from '@klubhus/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { fail } from '../lib/errors';
import { saveClubRow } from '../lib/records';
import { likePattern, paginate } from '../lib/list';
import { allOfClub, deleteRefusingInUse } from './shared';

/** Seasons (/orders/seasons): dates, a parent season with reservations, seat-chart events. */

const SORTS = { Name: 'title', Title: 'title', StartDate: 'start_date', EndDate: 'end_date', Id: 'id' } as const;
const COLUMNS = ['id', 'title', 'start_date', 'end_date', 'parent_id', 'reservations', 'reservation_expires'] as const;

function toSeason(s: {
  id: number;
  title: string;
  start_date: string;
  end_date: string;
  parent_id: number | null;
  reservations: boolean;
  reservation_expires: string | null;
}) {
  return {
    id: s.id,
    title: s.title,
    startDate: s.start_date,
    endDate: s.end_date,
    parentId: s.parent_id,
    reservations: s.reservations,
    reservationExpires: s.reservation_expires,
  };
}

/** True when `parentId` is `id` itself or one of its descendants (the new link would close a cycle). */
async function wouldCycle(trx: Tx, clientId: number, id: number, parentId: number): Promise<boolean> {
  const r = await sql<{ hit: number }>`
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT id, parent_id FROM seasons WHERE client_id = ${clientId} AND id = ${parentId}
      UNION
      SELECT s.id, s.parent_id FROM seasons s JOIN up ON s.id = up.parent_id WHERE s.client_id = ${clientId}
    )
    SELECT 1 AS hit FROM up WHERE id = ${id} LIMIT 1`.execute(trx);
  return r.rows.length > 0;
}

export async function listSeasons(trx: Tx, clientId: number, input: z.output<typeof ZSeasonListRequest>) {
  let q = trx.selectFrom('seasons').select(COLUMNS).where('client_id', '=', clientId);
  if (input.search) q = q.where('title', 'ilike', likePattern(input.search));
  q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
  const page = await paginate(q, input);
  return { ...page, rows: page.rows.map(toSeason) };
}

/** Every season with its dates, for pickers (agreements fill start and end from it). */
export async function seasonOptions(trx: Tx, clientId: number) {
  return (await trx.selectFrom('seasons').select(COLUMNS).where('client_id', '=', clientId).orderBy('start_date', 'desc').orderBy('title').execute()).map(toSeason);
}

/** Seasons without a parent: the choices for a season's parent (never the season itself). */
export async function parentSeasons(trx: Tx, clientId: number, exceptId: number | undefined) {
  let q = trx.selectFrom('seasons').select(COLUMNS).where('client_id', '=', clientId).where('parent_id', 'is', null);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.orderBy('title').orderBy('id').execute()).map(toSeason);
}

export async function getSeason(trx: Tx, clientId: number, seasonId: number) {
  const s = await trx.selectFrom('seasons').selectAll().where('client_id', '=', clientId).where('id', '=', seasonId).executeTakeFirst();
  if (!s) throw fail.notFound();
  return { ...toSeason(s), seats: s.seats };
}

export async function saveSeason(trx: Tx, clientId: number, input: z.output<typeof ZSeasonUpdateRequest>): Promise<TSaveResponse> {
  // Parent links of a club change one at a time, so two saves can never close a cycle between them.
  await sql`SELECT pg_advisory_xact_lock(hashtext('klubhus.seasons'), ${clientId}::int)`.execute(trx);
  if (input.parentId) {
    if (!(await allOfClub(trx, clientId, 'seasons', [input.parentId]))) throw fail.badRequest(CATALOGUE_MSG.unknownSeason);
    if (input.id && (await wouldCycle(trx, clientId, input.id, input.parentId))) throw fail.badRequest(CATALOGUE_MSG.seasonCycle);
  }
  const values = {
    title: input.title,
    start_date: input.startDate,
    end_date: input.endDate,
    parent_id: input.parentId,
    reservations: input.reservations,
    reservation_expires: input.reservationExpires,
    seats: json(input.seats),
  };
  const { id, created } = await saveClubRow(trx, 'seasons', clientId, input.id, values);
  return { id, created, message: created ? MSG.seasonCreated : MSG.seasonSaved };
}

/** Deletes a season; refused while it has child seasons or something uses it. */
export async function deleteSeason(trx: Tx, clientId: number, seasonId: number) {
  const child = await trx.selectFrom('seasons').select('id').where('client_id', '=', clientId).where('parent_id', '=', seasonId).limit(1).executeTakeFirst();
  if (child) throw fail.conflict(CATALOGUE_MSG.seasonHasChildren);
  await deleteRefusingInUse(trx, clientId, 'seasons', seasonId, CATALOGUE_MSG.seasonInUse);
  return { success: true as const, message: CATALOGUE_MSG.seasonDeleted };
}
