import type { Tx } from '@klubhus/db';
import {
  companyChannel,
  SEATING_MSG,
  seatDrawingPath,
  seatKey,
  type TSeatCounts,
  type TSeatMapLayout,
  type TSeatMapState,
  type ZSeatMapChangeRequest,
} from '@klubhus/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import { fail } from '../lib/errors';
import { setSeatState, staffBookSeats } from './holds';

/**
 * An event's seat map as staff and buyers see it. Its drawing never changes (it was made with the
 * copy), so each process keeps the few in use, with where each seat belongs and how many seats each
 * section and category has: a call then reads only the seats that are not plainly free, and counts
 * follow from those. Planoversigt reads the state every few seconds; the picker on every page view.
 */

interface SeatMapDrawing {
  seatMapId: number;
  name: string;
  /** Its address (seatDrawingPath of the drawing token). */
  drawing: string;
  layout: TSeatMapLayout;
  /** seat code → its section and category keys */
  seatOf: Map<string, { section: string; category: string }>;
  sections: Record<string, number>;
  categories: Record<string, number>;
}

/** Drawings kept per process; the least recently used goes first past this (a stadium's is a few MB). */
const KEEP = 8;
const drawings = new Map<string, SeatMapDrawing>();

/** The event's own seat map (id, name, and what tells its drawing apart), or the Danish refusal: unknown event 404, none 400. */
async function eventSeatMapRow(trx: Tx, clientId: number, eventId: number) {
  const e = await trx
    .selectFrom('events')
    .leftJoin('seat_maps as m', (j) => j.onRef('m.client_id', '=', 'events.client_id').onRef('m.id', '=', 'events.seat_map_id'))
    .select(['m.id', 'm.name', 'm.drawing_token'])
    .where('events.client_id', '=', clientId)
    .where('events.id', '=', eventId)
    .executeTakeFirst();
  if (!e) throw fail.notFound();
  if (!e.id || !e.name || !e.drawing_token) throw fail.badRequest(SEATING_MSG.noSeatMap);
  return { id: e.id, name: e.name, token: e.drawing_token };
}

export async function eventSeatMapId(trx: Tx, clientId: number, eventId: number): Promise<number> {
  return (await eventSeatMapRow(trx, clientId, eventId)).id;
}

/** The event's drawing. */
export async function eventDrawing(trx: Tx, clientId: number, eventId: number): Promise<SeatMapDrawing> {
  return drawingOf(trx, clientId, await eventSeatMapRow(trx, clientId, eventId));
}

/** A seat map's drawing by its id, or by its drawing token (its address); another club's is not found. */
export async function seatMapDrawing(trx: Tx, clientId: number, by: { seatMapId: number } | { token: string }): Promise<SeatMapDrawing> {
  let q = trx.selectFrom('seat_maps').select(['id', 'name', 'drawing_token as token']).where('client_id', '=', clientId);
  q = 'token' in by ? q.where('drawing_token', '=', by.token) : q.where('id', '=', by.seatMapId);
  const map = await q.executeTakeFirst();
  if (!map) throw fail.notFound();
  return drawingOf(trx, clientId, map);
}

/** From this process's keeping when it has it (a drawing token, 128 random bits, names one drawing in any database), else read once. */
async function drawingOf(trx: Tx, clientId: number, map: { id: number; name: string; token: string }): Promise<SeatMapDrawing> {
  const key = map.token;
  const kept = drawings.get(key);
  if (kept) {
    // The most recently used goes last: the oldest unused goes first.
    drawings.delete(key);
    drawings.set(key, kept);
    return kept;
  }
  const row = await trx.selectFrom('seat_maps').select('layout').where('client_id', '=', clientId).where('id', '=', map.id).executeTakeFirstOrThrow();
  const drawing = describe(map.id, map.name, seatDrawingPath(map.token), row.layout as TSeatMapLayout);
  if (drawings.size >= KEEP) drawings.delete(drawings.keys().next().value as string);
  drawings.set(key, drawing);
  return drawing;
}

function describe(seatMapId: number, name: string, drawing: string, layout: TSeatMapLayout): SeatMapDrawing {
  const seatOf = new Map<string, { section: string; category: string }>();
  const sections: Record<string, number> = {};
  const categories: Record<string, number> = {};
  for (const section of layout.sections) {
    for (const row of section.rows) {
      for (const [number, , , c] of row.seats) {
        const category = layout.categories[c]?.key ?? '';
        seatOf.set(seatKey(section.key, row.label, number), { section: section.key, category });
        sections[section.key] = (sections[section.key] ?? 0) + 1;
        categories[category] = (categories[category] ?? 0) + 1;
      }
    }
  }
  return { seatMapId, name, drawing, layout, seatOf, sections, categories };
}

/** Planoversigt's seat map: its name and where its drawing is. */
export async function eventSeatMap(trx: Tx, clientId: number, eventId: number) {
  const map = await eventSeatMapRow(trx, clientId, eventId);
  return { seatMapId: map.id, name: map.name, drawing: seatDrawingPath(map.token) };
}

/** Seats that are not plainly free: held (live), booked, blocked, or in a channel. An expired hold is free. */
export async function seatsNotFree(trx: Tx, clientId: number, seatMapId: number) {
  return trx
    .selectFrom('seat_map_seats')
    .select([
      'seat_key',
      sql<'free' | 'held' | 'booked' | 'blocked'>`CASE WHEN status = 'held' AND held_until <= now() THEN 'free' ELSE status END`.as('state'),
      'hold_token',
      'held_until',
      'channel',
      'category',
      'booked_by',
    ])
    .where('client_id', '=', clientId)
    .where('seat_map_id', '=', seatMapId)
    .where((eb) => eb.or([eb('status', '<>', 'free'), eb('channel', 'is not', null)]))
    .orderBy('seat_key')
    .execute();
}

const allFree = (n: number): TSeatCounts => ({ free: n, held: 0, booked: 0, blocked: 0 });
const countsOf = (totals: Record<string, number>) => Object.fromEntries(Object.entries(totals).map(([k, n]) => [k, allFree(n)]));

/**
 * Seats by state in all, per section and per category (the drawing's totals less the seats that
 * are not free), and those seats themselves.
 */
export async function seatMapOverview(trx: Tx, clientId: number, drawing: SeatMapDrawing) {
  const seats = await seatsNotFree(trx, clientId, drawing.seatMapId);
  const counts = allFree(drawing.seatOf.size);
  const sections = countsOf(drawing.sections);
  const categories = countsOf(drawing.categories);
  for (const s of seats) {
    const at = drawing.seatOf.get(s.seat_key);
    if (s.state === 'free' || !at) continue;
    for (const c of [counts, sections[at.section], categories[at.category]]) {
      c.free--;
      c[s.state]++;
    }
  }
  return { counts, sections, categories, seats };
}

/** Planoversigt's live state: counts in all, per section and per category, the seats not plainly free, and the channels' companies. */
export async function eventSeatMapState(trx: Tx, clientId: number, eventId: number): Promise<TSeatMapState> {
  const { counts, sections, categories, seats } = await seatMapOverview(trx, clientId, await eventDrawing(trx, clientId, eventId));
  const channelKeys = [...new Set(seats.map((s) => s.channel).filter((c): c is string => c !== null))];
  const companyIds = channelKeys.map((c) => Number(c.slice('company:'.length))).filter((n) => Number.isInteger(n));
  const companies = companyIds.length
    ? await trx.selectFrom('companies').select(['id', 'name']).where('client_id', '=', clientId).where('id', 'in', companyIds).execute()
    : [];
  const names = new Map(companies.map((c) => [companyChannel(c.id), c.name]));
  return {
    counts,
    sections,
    categories,
    seats: seats.filter((s) => s.state !== 'free' || s.channel !== null).map((s): TSeatMapState['seats'][number] => [s.seat_key, s.state, s.channel, s.booked_by === 'staff' ? 1 : 0]),
    channels: channelKeys.map((key) => ({ key, name: names.get(key) ?? key })),
  };
}

/**
 * Planoversigt's changes, all or none under the seats' row locks: 'Salgstilstand' blocks, unblocks
 * and moves seats into a company's channel (or back to NO_CHANNEL); 'Booking tilstand' books free
 * seats by hand and frees those booked that way.
 */
export async function changeEventSeats(trx: Tx, clientId: number, input: z.output<typeof ZSeatMapChangeRequest>) {
  const seatMapId = await eventSeatMapId(trx, clientId, input.eventId);
  let changed: string[];
  switch (input.action) {
    case 'block':
    case 'unblock':
      changed = await setSeatState(trx, clientId, seatMapId, input.seats, { blocked: input.action === 'block' });
      break;
    case 'channel': {
      const channel = input.channel ?? null;
      if (channel) {
        const company = await trx
          .selectFrom('companies')
          .select('id')
          .where('client_id', '=', clientId)
          .where('id', '=', Number(channel.slice('company:'.length)))
          .executeTakeFirst();
        if (!company) throw fail.badRequest(SEATING_MSG.unknownChannel);
      }
      changed = await setSeatState(trx, clientId, seatMapId, input.seats, { channel });
      break;
    }
    case 'book':
    case 'release':
      changed = await staffBookSeats(trx, clientId, seatMapId, input.seats, input.action === 'book');
      break;
  }
  return { success: true as const, message: SEATING_MSG.seatsChanged, seats: changed.length };
}
