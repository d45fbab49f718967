import { z } from 'zod';

/**
 * The built-in seat-map engine: a club's seating chart (sections → rows → seats with positions and
 * categories) and an event's own copy of it, in which every seat is free, held, booked or blocked.
 * Holds carry a random token and expire by themselves: an expired hold counts as free, no sweeper
 * is needed for correctness (pretix does the same with carts).
 */

export const SEATING_MSG = {
  seatTaken: 'En eller flere af de valgte pladser er desværre ikke længere ledige',
  unknownSeat: 'En eller flere af de valgte pladser findes ikke',
  noSeats: 'Plads skal vælges!',
  holdExpired: 'Reservationen af pladserne er udløbet',
  tooManySeats: 'Der kan højst vælges 100 pladser ad gangen',
  invalidPlan: 'Filen er ikke en gyldig pladsplan',
  notBlockable: 'Holdte eller solgte pladser kan ikke spærres eller frigives',
  booked: 'Solgte pladser kan ikke flyttes til en anden kanal',
  noSeatMap: 'Arrangementet har ingen pladsplan',
  seatsioFailed: 'Pladsbestillingen svarer ikke lige nu. Prøv igen om lidt.',
} as const;

/** What one hold, release or booking may take at once. */
export const MAX_SEATS_PER_HOLD = 100;
/** seats.io's default hold: 15 minutes to choose (extended on the payment page). */
export const DEFAULT_HOLD_SECONDS = 15 * 60;
/** …and its hard cap. */
export const MAX_HOLD_SECONDS = 2 * 60 * 60;

export const SEAT_STATUSES = ['free', 'held', 'booked', 'blocked'] as const;
export type SeatStatus = (typeof SEAT_STATUSES)[number];

const key = z.string().trim().min(1).max(40);
const point = z.object({ x: z.number().finite(), y: z.number().finite() });

export const ZSeatCategory = z.object({
  key,
  label: z.string().trim().min(1).max(100),
  /** #rrggbb */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  accessible: z.boolean().default(false),
});

export const ZChartSeat = z.object({ number: key, position: point, category: key, accessible: z.boolean().default(false) });
export const ZChartRow = z.object({ label: key, seats: z.array(ZChartSeat).max(500) });
export const ZChartSection = z.object({ key, name: z.string().trim().min(1).max(100), rows: z.array(ZChartRow).max(500) });

/** A seating chart as the engine keeps it (pretix's open format is converted at import and export). */
export const ZSeatingPlan = z
  .object({
    categories: z.array(ZSeatCategory).min(1).max(50),
    sections: z.array(ZChartSection).min(1).max(200),
  })
  .superRefine((plan, ctx) => {
    const categories = new Set(plan.categories.map((c) => c.key));
    const seen = new Set<string>();
    for (const section of plan.sections) {
      for (const row of section.rows) {
        for (const seat of row.seats) {
          const code = seatKey(section.key, row.label, seat.number);
          if (seen.has(code)) ctx.addIssue({ code: 'custom', message: `Pladsen ${code} findes to gange` });
          seen.add(code);
          if (!categories.has(seat.category)) ctx.addIssue({ code: 'custom', message: `Pladsen ${code} har en ukendt kategori` });
        }
      }
    }
  });
export type TSeatingPlan = z.output<typeof ZSeatingPlan>;

/** A seat's code, unique in a chart: section, row and number (the picker's 'X-Y' within a section). */
export function seatKey(section: string, row: string, number: string): string {
  return `${section}-${row}-${number}`;
}

/** Every seat of a plan, flat: what a seat map is made of (one row per seat). */
export function planSeats(plan: TSeatingPlan) {
  return plan.sections.flatMap((section) =>
    section.rows.flatMap((row) =>
      row.seats.map((seat) => ({
        key: seatKey(section.key, row.label, seat.number),
        section: section.key,
        row: row.label,
        number: seat.number,
        category: seat.category,
        accessible: seat.accessible,
        x: seat.position.x,
        y: seat.position.y,
      })),
    ),
  );
}

/** Whether a seat can be taken by a hold of `token` for `channel` at `now`. */
export function seatTakeable(
  seat: { status: SeatStatus; hold_token: string | null; held_until: Date | string | null; channel: string | null },
  token: string,
  channel: string | null,
  now: Date,
): boolean {
  // A company's block is sold only through its channel; seats without a channel to anyone.
  if (seat.channel !== null && seat.channel !== channel) return false;
  if (seat.status === 'free') return true;
  if (seat.status !== 'held') return false;
  return seat.hold_token === token || (seat.held_until !== null && new Date(seat.held_until).getTime() <= now.getTime());
}

/* ------------------------------------------------------------------ drawing a section */

export const ZSectionLayout = z.object({
  key,
  name: z.string().trim().min(1).max(100),
  rows: z.number().int().min(1).max(200),
  seatsPerRow: z.number().int().min(1).max(500),
  category: key,
  /** Where the first seat of the first row stands. */
  origin: point.default({ x: 0, y: 0 }),
  seatSpacing: z.number().positive().max(1000).default(30),
  rowSpacing: z.number().positive().max(1000).default(35),
  /** 0: straight rows; otherwise the angle in degrees the first row spans, as an arc around a stage in front of it. */
  curve: z.number().min(0).max(180).default(0),
  rowNumbering: z.enum(['numbers', 'letters']).default('numbers'),
  seatNumbering: z.enum(['ltr', 'rtl']).default('ltr'),
  firstRow: z.number().int().min(1).max(1000).default(1),
  firstSeat: z.number().int().min(1).max(10000).default(1),
});
export type TSectionLayout = z.input<typeof ZSectionLayout>;

/** 1 → A, 26 → Z, 27 → AA (row letters). */
function letters(n: number): string {
  let out = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(65 + ((k - 1) % 26)) + out;
  return out;
}

/**
 * A section of `rows` × `seatsPerRow` seats: straight rows, or rows curved as arcs around a centre
 * in front of the first row (each row a step further out, seats the same distance apart), numbered
 * by the chosen schemes. Positions are rounded to whole units (pretix's format takes integers).
 */
export function generateSection(layout: TSectionLayout): z.output<typeof ZChartSection> {
  const l = ZSectionLayout.parse(layout);
  const rowLabel = (r: number) => (l.rowNumbering === 'letters' ? letters(l.firstRow + r) : String(l.firstRow + r));
  const seatNumber = (s: number) => String(l.firstSeat + (l.seatNumbering === 'ltr' ? s : l.seatsPerRow - 1 - s));
  const width = (l.seatsPerRow - 1) * l.seatSpacing;
  const arc = (l.curve * Math.PI) / 180;
  // The first row's arc is as long as the straight row would be wide.
  const radius0 = arc > 0 ? Math.max(width, l.seatSpacing) / arc : 0;
  const centre = { x: l.origin.x + width / 2, y: l.origin.y - radius0 * Math.cos(arc / 2) };
  const rows = Array.from({ length: l.rows }, (_, r) => {
    const seats = Array.from({ length: l.seatsPerRow }, (_, s) => {
      let x: number;
      let y: number;
      if (arc === 0) {
        x = l.origin.x + s * l.seatSpacing;
        y = l.origin.y + r * l.rowSpacing;
      } else {
        const radius = radius0 + r * l.rowSpacing;
        const angle = l.seatsPerRow === 1 ? 0 : -arc / 2 + (arc * s) / (l.seatsPerRow - 1);
        x = centre.x + radius * Math.sin(angle);
        y = centre.y + radius * Math.cos(angle);
      }
      return { number: seatNumber(s), position: { x: Math.round(x), y: Math.round(y) }, category: l.category, accessible: false };
    });
    return { label: rowLabel(r), seats };
  });
  return { key: l.key, name: l.name, rows };
}

/* ------------------------------------------------------------------ pretix's open seating-plan format */

const pretixPosition = z.object({ x: z.number().finite(), y: z.number().finite() });

/**
 * pretix's seating-plan JSON (src/pretix/static/seating/seating-plan.schema.json): zones of rows of
 * seats, positions relative to their parent, categories by name. Unknown keys of newer versions
 * (zone_id, uuid, row_label, seat_label, radius, areas) are accepted and left out.
 */
export const ZPretixPlan = z.object({
  name: z.string(),
  size: z.object({ width: z.number(), height: z.number() }).optional(),
  categories: z.array(z.object({ name: z.string().min(1), color: z.string().optional() })),
  zones: z.array(
    z.object({
      name: z.string().optional(),
      position: pretixPosition,
      rows: z.array(
        z.object({
          row_number: z.string(),
          position: pretixPosition.optional(),
          seats: z.array(z.object({ seat_guid: z.string(), seat_number: z.string(), position: pretixPosition, category: z.string() })),
        }),
      ),
    }),
  ),
});
export type TPretixPlan = z.output<typeof ZPretixPlan>;

const FALLBACK_COLOR = '#888888';

/**
 * A pretix plan as the engine's plan, checked by ZSeatingPlan (unique seats, known categories); a
 * refusal says why in Danish.
 */
export function fromPretixPlan(input: unknown): { ok: true; plan: TSeatingPlan } | { ok: false; message: string } {
  const parsed = ZPretixPlan.safeParse(input);
  if (!parsed.success) return { ok: false, message: SEATING_MSG.invalidPlan };
  const p = parsed.data;
  const plan = ZSeatingPlan.safeParse({
    categories: p.categories.map((c) => ({
      key: c.name,
      label: c.name,
      color: c.color && /^#[0-9a-fA-F]{6}$/.test(c.color) ? c.color : FALLBACK_COLOR,
      accessible: false,
    })),
    sections: p.zones.map((zone, i) => ({
      key: zone.name?.trim() ? zone.name.trim().slice(0, 40) : `Z${i + 1}`,
      name: zone.name?.trim() || `Zone ${i + 1}`,
      rows: zone.rows.map((row) => ({
        label: row.row_number,
        seats: row.seats.map((seat) => ({
          number: seat.seat_number,
          // pretix positions are relative: the seat's to its row, the row's to its zone.
          position: { x: zone.position.x + (row.position?.x ?? 0) + seat.position.x, y: zone.position.y + (row.position?.y ?? 0) + seat.position.y },
          category: seat.category,
          accessible: false,
        })),
      })),
    })),
  });
  if (plan.success) return { ok: true, plan: plan.data };
  const custom = plan.error.issues.find((i) => i.code === 'custom');
  return { ok: false, message: custom?.message ?? SEATING_MSG.invalidPlan };
}

/** The engine's plan in pretix's format (positions absolute: zones and rows at 0,0; seat ids are seat codes). */
export function toPretixPlan(name: string, plan: TSeatingPlan): TPretixPlan {
  const seats = plan.sections.flatMap((s) => s.rows.flatMap((r) => r.seats));
  const extent = (axis: 'x' | 'y') => Math.ceil(Math.max(0, ...seats.map((s) => s.position[axis]))) + 50;
  return {
    name,
    size: { width: extent('x'), height: extent('y') },
    categories: plan.categories.map((c) => ({ name: c.key, color: c.color })),
    zones: plan.sections.map((section) => ({
      name: section.name,
      position: { x: 0, y: 0 },
      rows: section.rows.map((row) => ({
        row_number: row.label,
        position: { x: 0, y: 0 },
        seats: row.seats.map((seat) => ({
          seat_guid: seatKey(section.key, row.label, seat.number),
          seat_number: seat.number,
          position: { x: Math.round(seat.position.x), y: Math.round(seat.position.y) },
          category: seat.category,
        })),
      })),
    })),
  };
}
