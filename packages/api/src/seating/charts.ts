import { chartColumns, type Tx } from '@klubhus/db';
import {
  SEATING_MSG,
  type TSaveResponse,
  type TSeatingPlan,
  type ZSeatingChartListRequest,
  type ZSeatingChartUpdateRequest,
} from '@klubhus/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { fail } from '../lib/errors';
import { likePattern, paginate } from '../lib/list';

/**
 * A club's seating charts (Salsplaner): the drawings the editor makes and events copy. An event
 * seats from its own copy (a seat map), so changing a chart changes only the events seated from it
 * later; a chart an event uses cannot be deleted (the event screen would lose its chart).
 */

const SORTS = { Name: sql`lower(name)`, Id: sql`id` } as const;
const eventsUsing = sql<number>`(SELECT count(*)::int FROM events e WHERE e.client_id = seating_charts.client_id AND e.chart_id = seating_charts.id)`;

export async function listCharts(trx: Tx, clientId: number, input: z.output<typeof ZSeatingChartListRequest>) {
  let q = trx
    .selectFrom('seating_charts')
    .select(['id', 'name', 'section_count as sections', 'seat_count as seats', 'categories', eventsUsing.as('events')])
    .where('client_id', '=', clientId);
  if (input.search) q = q.where('name', 'ilike', likePattern(input.search));
  q = q.orderBy(SORTS[input.sort.field as keyof typeof SORTS], input.sort.dir).orderBy('id');
  return paginate(q, input);
}

/** The event screen's chart picker and GET /api/seats/charts: every chart, by name. */
export async function chartOptions(trx: Tx, clientId: number) {
  return trx
    .selectFrom('seating_charts')
    .select(['id', 'name', 'seat_count as seats', 'categories'])
    .where('client_id', '=', clientId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export async function getChart(trx: Tx, clientId: number, chartId: number) {
  const row = await trx
    .selectFrom('seating_charts')
    .select(['id', 'name', 'plan', eventsUsing.as('events')])
    .where('client_id', '=', clientId)
    .where('id', '=', chartId)
    .executeTakeFirst();
  if (!row) throw fail.notFound();
  return { ...row, plan: row.plan as TSeatingPlan };
}

/** Creates (no id) or saves a chart; the plan was checked by ZSeatingPlan (unique seats, known categories, size). */
export async function saveChart(trx: Tx, clientId: number, input: z.output<typeof ZSeatingChartUpdateRequest>): Promise<TSaveResponse> {
  const values = { name: input.name, ...chartColumns(input.plan) };
  if (input.id) {
    const r = await trx
      .updateTable('seating_charts')
      .set({ ...values, updated_at: new Date() })
      .where('client_id', '=', clientId)
      .where('id', '=', input.id)
      .returning('id')
      .executeTakeFirst();
    if (!r) throw fail.notFound();
    return { id: r.id, created: false, message: SEATING_MSG.chartSaved };
  }
  const r = await trx
    .insertInto('seating_charts')
    .values({ client_id: clientId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: r.id, created: true, message: SEATING_MSG.chartCreated };
}

export async function deleteChart(trx: Tx, clientId: number, chartId: number) {
  const chart = await trx.selectFrom('seating_charts').select(['id', eventsUsing.as('events')]).where('client_id', '=', clientId).where('id', '=', chartId).forUpdate().executeTakeFirst();
  if (!chart) throw fail.notFound();
  if (chart.events > 0) throw fail.conflict(SEATING_MSG.chartInUse);
  await trx.deleteFrom('seating_charts').where('client_id', '=', clientId).where('id', '=', chartId).execute();
  return { success: true as const, message: SEATING_MSG.chartDeleted };
}
