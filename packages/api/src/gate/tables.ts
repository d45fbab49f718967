import type { Tx } from '@klubhus/db';
import { autoSeat, type SeatGroup, TABLE_MSG, type TTable, type TTableSaveRequest } from '@klubhus/domain';
import { sql } from 'kysely';
import { fail } from '../lib/errors';

/**
 * The table plan (issue 16; SPEC §3 Table, §4 seats left, §7 tables): tables, guests placed at
 * them and auto-seating. A table's seats are checked and taken under the table's row lock, so two
 * people placing guests at once never seat more than it holds.
 */

/** For the concurrency tests only: `enabled = false` places without the table's row lock (the control run); `between` runs after the seats are counted. */
export const placeLocks = { enabled: true, between: async () => {} };

type Seat = { ticketId: number; number: number; name: string | null; company: string | null; companyId: number | null };

async function tablePlanOf(trx: Tx, clientId: number, eventId: number) {
  const e = await trx
    .selectFrom('events')
    .select(['id', sql<number[]>`coalesce(table_plan->'productIds', '[]'::jsonb)`.as('product_ids')])
    .where('client_id', '=', clientId)
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!e) throw fail.notFound();
  return { id: e.id, productIds: (e.product_ids ?? []).map(Number).filter((n) => Number.isInteger(n)) };
}

/** The event's guests who can sit at tables: valid tickets (of the plan's products, when it names some). */
function guestsQuery(trx: Tx, clientId: number, eventId: number, productIds: number[]) {
  let q = trx
    .selectFrom('event_tickets as t')
    .leftJoin('companies as co', (j) => j.onRef('co.client_id', '=', 't.client_id').onRef('co.id', '=', 't.company_id'))
    .select(['t.id as ticketId', 't.number', 't.name', 'co.name as company', 't.company_id as companyId'])
    .where('t.client_id', '=', clientId)
    .where('t.event_id', '=', eventId)
    .where('t.status', '=', 'valid');
  if (productIds.length) q = q.where('t.product_id', 'in', productIds);
  return q;
}

export async function listTables(trx: Tx, clientId: number, eventId: number): Promise<{ result: TTable[] }> {
  await tablePlanOf(trx, clientId, eventId);
  const tables = await trx
    .selectFrom('event_tables')
    .select(['id', 'title', 'description', 'seats', 'auto_place'])
    .where('client_id', '=', clientId)
    .where('event_id', '=', eventId)
    .orderBy('sorting')
    .orderBy('id')
    .execute();
  const seats = tables.length
    ? await trx
        .selectFrom('event_table_seats as s')
        .innerJoin('event_tickets as t', (j) => j.onRef('t.client_id', '=', 's.client_id').onRef('t.id', '=', 's.ticket_id'))
        .leftJoin('companies as co', (j) => j.onRef('co.client_id', '=', 't.client_id').onRef('co.id', '=', 't.company_id'))
        .select(['s.table_id', 't.id as ticketId', 't.number', 't.name', 'co.name as company', 't.company_id as companyId'])
        .where('s.client_id', '=', clientId)
        .where(
          's.table_id',
          'in',
          tables.map((x) => x.id),
        )
        .orderBy('co.name')
        .orderBy('t.number')
        .execute()
    : [];
  return {
    result: tables.map((x) => {
      const seating: Seat[] = seats.filter((s) => s.table_id === x.id).map(({ table_id: _, ...s }) => s);
      return { id: x.id, title: x.title, description: x.description, seats: x.seats, autoPlace: x.auto_place, seatsLeft: x.seats - seating.length, seating };
    }),
  };
}

async function lockTable(trx: Tx, clientId: number, eventId: number, tableId: number, lock = true) {
  const q = trx.selectFrom('event_tables').select(['id', 'seats']).where('client_id', '=', clientId).where('event_id', '=', eventId).where('id', '=', tableId);
  const t = await (lock ? q.forUpdate() : q).executeTakeFirst();
  if (!t) throw fail.notFound();
  return t;
}

const seatedAt = async (trx: Tx, clientId: number, tableId: number) =>
  Number(
    (
      await trx
        .selectFrom('event_table_seats')
        .select(sql<number>`count(*)`.as('n'))
        .where('client_id', '=', clientId)
        .where('table_id', '=', tableId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** POST /{id}/tables: a new table or a change of one; seats cannot change once guests sit at it (SPEC §5). */
export async function saveTable(trx: Tx, clientId: number, input: TTableSaveRequest) {
  await tablePlanOf(trx, clientId, input.id);
  const values = { title: input.title, description: input.description, seats: input.seats, auto_place: input.autoPlace };
  if (input.tableId) {
    const table = await lockTable(trx, clientId, input.id, input.tableId);
    if (table.seats !== input.seats && (await seatedAt(trx, clientId, table.id)) > 0) throw fail.badRequest(TABLE_MSG.seatsLocked);
    await trx.updateTable('event_tables').set(values).where('client_id', '=', clientId).where('id', '=', table.id).execute();
    return { id: table.id, created: false, message: TABLE_MSG.tableSaved };
  }
  const sorting = await trx
    .selectFrom('event_tables')
    .select(sql<number>`coalesce(max(sorting), 0) + 1`.as('n'))
    .where('client_id', '=', clientId)
    .where('event_id', '=', input.id)
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('event_tables')
    .values({ client_id: clientId, event_id: input.id, ...values, sorting: Number(sorting.n) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true, message: TABLE_MSG.tableCreated };
}

/** DELETE /{id}/tables/{tableId}: the table and its placements (the guests become unplaced). */
export async function deleteTable(trx: Tx, clientId: number, eventId: number, tableId: number) {
  await lockTable(trx, clientId, eventId, tableId);
  await trx.deleteFrom('event_tables').where('client_id', '=', clientId).where('event_id', '=', eventId).where('id', '=', tableId).execute();
  return { success: true as const, message: TABLE_MSG.tableDeleted };
}

/** POST /{id}/tables/attendees: the guests not yet at a table (search by name, company or number) -> attendees, total. */
export async function tableAttendees(trx: Tx, clientId: number, input: { id: number; search: string | null }) {
  const plan = await tablePlanOf(trx, clientId, input.id);
  let q = guestsQuery(trx, clientId, input.id, plan.productIds).where((eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('event_table_seats as s')
          .select(sql`1`.as('x'))
          .whereRef('s.client_id', '=', 't.client_id')
          .whereRef('s.ticket_id', '=', 't.id'),
      ),
    ),
  );
  if (input.search) {
    const like = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const n = /^\d{1,9}$/.test(input.search) ? Number(input.search) : null;
    q = q.where((eb) => eb.or([eb('t.name', 'ilike', like), eb('co.name', 'ilike', like), ...(n !== null ? [eb('t.number', '=', n)] : [])]));
  }
  const attendees = await q.orderBy('co.name').orderBy('t.number').execute();
  return { attendees, total: attendees.length };
}

/**
 * POST /{id}/tables/place: guests to a table (or away from theirs with tableId null). Under the
 * table's row lock: refused with the Danish text when it has fewer seats left than guests coming.
 */
export async function placeAttendees(trx: Tx, clientId: number, input: { id: number; tableId: number | null; ticketIds: number[] }) {
  const plan = await tablePlanOf(trx, clientId, input.id);
  const ids = [...new Set(input.ticketIds)];
  const guests = await guestsQuery(trx, clientId, input.id, plan.productIds).where('t.id', 'in', ids).execute();
  if (guests.length !== ids.length) throw fail.badRequest(TABLE_MSG.notAttendee);
  if (input.tableId === null) {
    await trx.deleteFrom('event_table_seats').where('client_id', '=', clientId).where('ticket_id', 'in', ids).execute();
    return { success: true as const, message: TABLE_MSG.placed };
  }
  const table = await lockTable(trx, clientId, input.id, input.tableId, placeLocks.enabled);
  const already = await trx
    .selectFrom('event_table_seats')
    .select('ticket_id')
    .where('client_id', '=', clientId)
    .where('table_id', '=', table.id)
    .where('ticket_id', 'in', ids)
    .execute();
  const coming = ids.length - already.length;
  const left = table.seats - (await seatedAt(trx, clientId, table.id));
  await placeLocks.between();
  if (left < coming) throw fail.badRequest(TABLE_MSG.tableFull);
  await trx.deleteFrom('event_table_seats').where('client_id', '=', clientId).where('ticket_id', 'in', ids).where('table_id', '<>', table.id).execute();
  const fresh = ids.filter((id) => !already.some((a) => a.ticket_id === id));
  if (fresh.length) await trx.insertInto('event_table_seats').values(fresh.map((ticket_id) => ({ client_id: clientId, table_id: table.id, ticket_id }))).execute();
  return { success: true as const, message: TABLE_MSG.placed };
}

/**
 * POST /{id}/tables/auto-seating: the guests not yet placed go to the autoPlace tables, each
 * company kept together where a table can hold it (autoSeat), never over a table's seats. The
 * event's tables are locked first (in id order), so a placing at the same time waits.
 */
export async function autoSeating(trx: Tx, clientId: number, eventId: number) {
  await tablePlanOf(trx, clientId, eventId);
  const tables = await trx
    .selectFrom('event_tables')
    .select(['id', 'seats', 'auto_place'])
    .where('client_id', '=', clientId)
    .where('event_id', '=', eventId)
    .orderBy('sorting')
    .orderBy('id')
    .forUpdate()
    .execute();
  const auto = tables.filter((t) => t.auto_place);
  if (!auto.length) return { placed: 0, message: TABLE_MSG.autoSeated(0) };
  const counts = await trx
    .selectFrom('event_table_seats')
    .select(['table_id', sql<number>`count(*)`.as('n')])
    .where('client_id', '=', clientId)
    .where(
      'table_id',
      'in',
      auto.map((t) => t.id),
    )
    .groupBy('table_id')
    .execute();
  const free = auto.map((t) => ({ id: t.id, free: t.seats - Number(counts.find((c) => c.table_id === t.id)?.n ?? 0) }));
  const { attendees } = await tableAttendees(trx, clientId, { id: eventId, search: null });
  const groups = new Map<string, SeatGroup>();
  for (const a of attendees) {
    const key = a.companyId ? `c${a.companyId}` : `t${a.ticketId}`;
    const g = groups.get(key) ?? { key, guests: [] };
    g.guests.push(a.ticketId);
    groups.set(key, g);
  }
  const placed = autoSeat([...groups.values()], free);
  if (placed.size) await trx.insertInto('event_table_seats').values([...placed].map(([ticket_id, table_id]) => ({ client_id: clientId, table_id, ticket_id }))).execute();
  return { placed: placed.size, message: TABLE_MSG.autoSeated(placed.size) };
}

/**
 * /public/events/{id}/table-plan: the tables of an event with a table plan (hasTables) and the
 * names at them, for the storefront's club; anything else is not found.
 */
export async function publicTablePlan(trx: Tx, clientId: number, eventId: number) {
  const e = await trx.selectFrom('events').select(['id', 'title', 'has_tables']).where('client_id', '=', clientId).where('id', '=', eventId).executeTakeFirst();
  if (!e?.has_tables) throw fail.notFound();
  const { result } = await listTables(trx, clientId, eventId);
  return { title: e.title, tables: result.map((t) => ({ title: t.title, description: t.description, guests: t.seating.map((s) => ({ name: s.name, company: s.company })) })) };
}
