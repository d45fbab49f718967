import { z } from 'zod';
import { confirmDelete } from './messages';
import { integer, id, optionalText, safeString, text } from './validation';

/**
 * The table plan (issue 16; SPEC §3 Table, §4 table seats left, §5 table title and seats, §7
 * tables, auto-seating, table-cards, public table plan, §9 card formats): tables with seats, guests
 * placed at them (seats left = seats − assigned; placing blocked at zero), auto-seating that keeps
 * each company together, and the pure rule it follows.
 */

export const TABLE_MSG = {
  tables: 'Borde',
  addTable: 'Tilføj bord',
  editTable: 'Rediger bord',
  confirmDeleteTable: confirmDelete('dette', 'bord'),
  tableSaved: 'Bordet blev gemt!',
  tableCreated: 'Bordet blev oprettet!',
  tableDeleted: 'Bordet blev slettet!',
  seatsLocked: 'Antal pladser kan ikke ændres, når der sidder gæster ved bordet',
  tableFull: 'Der er ikke flere ledige pladser ved bordet',
  notAttendee: 'Gæsten findes ikke til dette arrangement',
  placed: 'Gæsterne blev placeret!',
  autoSeated: (n: number) => `${n} gæster blev placeret automatisk`,
  autoSeating: 'Placer automatisk',
  unplaced: 'Ikke placeret',
  tableCards: 'Bordkort',
  seatsLeft: (n: number) => `${n} ledige`,
  noTables: 'Arrangementet har ingen borde',
} as const;

export const ZTableSaveRequest = z.object({
  /** The event. */
  id,
  tableId: z
    .union([id, z.literal(''), z.null()])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
  title: text('Titel', 200),
  description: optionalText(2000),
  seats: integer('Pladser', { min: 1, max: 1000 }),
  autoPlace: z.boolean().nullish().transform((v) => v ?? true),
});
export type TTableSaveRequest = z.output<typeof ZTableSaveRequest>;

export const ZTableSeat = z.object({ ticketId: z.number().int(), number: z.number().int(), name: z.string().nullable(), company: z.string().nullable(), companyId: z.number().int().nullable() });
export const ZTable = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  seats: z.number().int(),
  autoPlace: z.boolean(),
  seatsLeft: z.number().int(),
  seating: z.array(ZTableSeat),
});
export type TTable = z.output<typeof ZTable>;
export const ZTablesResponse = z.object({ result: z.array(ZTable) });

export const ZTableDeleteRequest = z.object({ id, tableId: id });

export const ZTableAttendeesRequest = z.object({ id, search: safeString().trim().max(200).nullish().transform((v) => v || null) });
export const ZTableAttendeesResponse = z.object({ attendees: z.array(ZTableSeat), total: z.number().int() });

export const ZTablePlaceRequest = z.object({
  id,
  /** null: take the guests away from their tables. */
  tableId: z
    .union([id, z.null()])
    .optional()
    .transform((v) => v ?? null),
  ticketIds: z.array(id).min(1, TABLE_MSG.notAttendee).max(1000),
});
export const ZAutoSeatingResponse = z.object({ placed: z.number().int(), message: z.string() });

/* ------------------------------------------------------------------ auto-seating */

export interface SeatGroup {
  /** A company's key, or a single guest's. */
  key: string;
  guests: number[];
}
export interface SeatTable {
  id: number;
  free: number;
}

/**
 * Auto-seating: the largest company first; each company at the table with the fewest free seats
 * that still holds all of it (best fit); a company no table can hold whole is split over the
 * tables with the most free seats. Never more guests at a table than its free seats; every guest
 * placed while seats remain. Returns ticket → table.
 */
export function autoSeat(groups: SeatGroup[], tables: SeatTable[]): Map<number, number> {
  const free = new Map(tables.map((t) => [t.id, Math.max(0, t.free)]));
  const order = [...groups].filter((g) => g.guests.length > 0).sort((a, b) => b.guests.length - a.guests.length || a.key.localeCompare(b.key));
  const out = new Map<number, number>();
  for (const g of order) {
    let best: number | null = null;
    for (const t of tables) {
      const f = free.get(t.id) ?? 0;
      if (f >= g.guests.length && (best === null || f < (free.get(best) ?? 0))) best = t.id;
    }
    if (best !== null) {
      for (const guest of g.guests) out.set(guest, best);
      free.set(best, (free.get(best) ?? 0) - g.guests.length);
      continue;
    }
    let rest = [...g.guests];
    while (rest.length > 0) {
      const roomiest = tables.reduce<number | null>((b, t) => ((free.get(t.id) ?? 0) > (b === null ? 0 : (free.get(b) ?? 0)) ? t.id : b), null);
      if (roomiest === null) break;
      const n = Math.min(rest.length, free.get(roomiest) ?? 0);
      for (const guest of rest.slice(0, n)) out.set(guest, roomiest);
      free.set(roomiest, (free.get(roomiest) ?? 0) - n);
      rest = rest.slice(n);
    }
  }
  return out;
}

/** /public/events/{id}/table-plan: the tables and who sits there, for guests to find their table. */
export const ZPublicTablePlanResponse = z.object({
  title: z.string(),
  tables: z.array(z.object({ title: z.string(), description: z.string().nullable(), guests: z.array(z.object({ name: z.string().nullable(), company: z.string().nullable() })) })),
});
export type TPublicTablePlan = z.output<typeof ZPublicTablePlanResponse>;
