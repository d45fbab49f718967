import { z } from 'zod';
import { listInput } from './list';
import { ZPage } from './responses';
import { id, integer, optionalDecimal, optionalInteger, text } from './validation';

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
  chartCreated: 'Salsplanen blev oprettet!',
  chartSaved: 'Salsplanen blev gemt!',
  chartDeleted: 'Salsplanen blev slettet!',
  chartInUse: 'Salsplanen bruges af et arrangement og kan ikke slettes.',
  confirmDeleteChart: 'Er du sikker på at du vil slette denne salsplan?',
  createChart: 'Opret salsplan',
  seatsChanged: 'Pladserne blev opdateret!',
  tooManySeatsChange: 'Der kan højst ændres 5.000 pladser ad gangen',
  tooManySeatsChart: 'En salsplan kan højst have 60.000 pladser',
  notStaffBooked: 'Kun pladser, der er booket i Planoversigt, kan frigives her. Solgte pladser frigives ved at annullere ordren.',
  notBookable: 'Kun ledige pladser kan bookes',
  unknownChannel: 'Kanalen findes ikke',
  bookingClosed: 'Der er ikke åbent for tilmelding til arrangementet',
  loadFailed: 'Kunne ikke indlæse pladsvælgeren!',
} as const;

/** What staff may change at once in Planoversigt (a lasso over a stand). */
export const MAX_SEATS_PER_CHANGE = 5000;
/** A chart's size limit: the largest stadiums, and no more (a plan is copied into every event). */
export const MAX_SEATS_PER_CHART = 60_000;

/** What one hold, release or booking may take at once. */
export const MAX_SEATS_PER_HOLD = 100;
/** seats.io's default hold: 15 minutes to choose (extended on the payment page). */
export const DEFAULT_HOLD_SECONDS = 15 * 60;
/** …and its hard cap. */
export const MAX_HOLD_SECONDS = 2 * 60 * 60;

export const SEAT_STATUSES = ['free', 'held', 'booked', 'blocked'] as const;
export type SeatStatus = (typeof SEAT_STATUSES)[number];

/** A key of a section, row, seat number or category: short, no spaces at the ends. */
const key = (label: string) => text(label, 40);
const point = z.object({ x: z.number().finite(), y: z.number().finite() });

export const ZSeatCategory = z.object({
  key: key('Nøgle'),
  label: text('Navn', 100),
  /** #rrggbb */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Farve skal være en farvekode som #3372f9'),
  accessible: z.boolean().default(false),
});
export type TSeatCategory = z.output<typeof ZSeatCategory>;

export const ZChartSeat = z.object({ number: key('Pladsnummer'), position: point, category: key('Kategori'), accessible: z.boolean().default(false) });
export const ZChartRow = z.object({ label: key('Række'), seats: z.array(ZChartSeat).max(500, 'En række kan højst have 500 pladser') });
export const ZChartSection = z.object({ key: key('Nøgle'), name: text('Navn', 100), rows: z.array(ZChartRow).max(500, 'En sektion kan højst have 500 rækker') });
export type TChartSection = z.output<typeof ZChartSection>;

const planShape = {
  categories: z.array(ZSeatCategory).min(1, 'Salsplanen skal have mindst én kategori').max(50, 'En salsplan kan højst have 50 kategorier'),
  sections: z.array(ZChartSection).min(1, 'Salsplanen skal have mindst én sektion').max(200, 'En salsplan kan højst have 200 sektioner'),
};
/** A plan as it is answered (checked when it was saved). */
export const ZSeatingPlanResponse = z.object(planShape);

/** A seating chart as the engine keeps it (pretix's open format is converted at import and export). */
export const ZSeatingPlan = z
  .object(planShape)
  .superRefine((plan, ctx) => {
    const categories = new Set(plan.categories.map((c) => c.key));
    if (categories.size !== plan.categories.length) ctx.addIssue({ code: 'custom', message: 'To kategorier har samme nøgle' });
    const sectionKeys = new Set(plan.sections.map((s) => s.key));
    if (sectionKeys.size !== plan.sections.length) ctx.addIssue({ code: 'custom', message: 'To sektioner har samme nøgle' });
    const seatCount = plan.sections.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.seats.length, 0), 0);
    if (seatCount > MAX_SEATS_PER_CHART) {
      ctx.addIssue({ code: 'custom', message: SEATING_MSG.tooManySeatsChart });
      return;
    }
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

/**
 * SPEC §3 Ticket product releaseReservedAt ('Frigiv reserverede'): from that time on, the seats
 * reserved for a company (its channel) in the product's seat category — every category when the
 * product names none — are sold to anyone, like seats without a channel.
 */
export interface ReleasedSeats {
  all: boolean;
  categories: Set<string>;
}

/** Which reserved seats an event's seat-ticket products have released at `now`. */
export function releasedSeats(products: { releaseReservedAt: Date | string | null; category: string | null }[], now: Date): ReleasedSeats {
  const out: ReleasedSeats = { all: false, categories: new Set() };
  for (const p of products) {
    if (p.releaseReservedAt === null || new Date(p.releaseReservedAt).getTime() > now.getTime()) continue;
    if (p.category === null) out.all = true;
    else out.categories.add(p.category);
  }
  return out;
}

/** The channel a seat is sold through: its company's, or none (null) once released or never reserved. */
export function seatChannel(seat: { channel: string | null; category?: string | null }, released?: ReleasedSeats): string | null {
  if (seat.channel === null || !released) return seat.channel;
  return released.all || (seat.category != null && released.categories.has(seat.category)) ? null : seat.channel;
}

/** Whether a seat can be taken by a hold of `token` for `channel` at `now` (reserved seats released by `released` are anyone's). */
export function seatTakeable(
  seat: { status: SeatStatus; hold_token: string | null; held_until: Date | string | null; channel: string | null; category?: string | null },
  token: string,
  channel: string | null,
  now: Date,
  released?: ReleasedSeats,
): boolean {
  // A company's block is sold only through its channel (until released); seats without a channel to anyone.
  const sold = seatChannel(seat, released);
  if (sold !== null && sold !== channel) return false;
  if (seat.status === 'free') return true;
  if (seat.status !== 'held') return false;
  return seat.hold_token === token || (seat.held_until !== null && new Date(seat.held_until).getTime() <= now.getTime());
}

/* ------------------------------------------------------------------ drawing a section */

const coordinate = (label: string) => optionalDecimal(label, { min: -100_000, max: 100_000 }).transform((v) => v ?? 0);

/** The editor's 'Tilføj sektion': rows × seats, straight or curved, numbered by the chosen schemes. */
export const ZSectionLayout = z.object({
  key: key('Nøgle'),
  name: text('Navn', 100),
  rows: integer('Rækker', { min: 1, max: 200 }),
  seatsPerRow: integer('Pladser pr. række', { min: 1, max: 500 }),
  category: key('Kategori'),
  /** Where the first seat of the first row stands (before rotation). */
  origin: z.object({ x: coordinate('X'), y: coordinate('Y') }).default({ x: 0, y: 0 }),
  seatSpacing: optionalDecimal('Afstand mellem pladser', { min: 1, max: 1000 }).transform((v) => v ?? 30),
  rowSpacing: optionalDecimal('Afstand mellem rækker', { min: 1, max: 1000 }).transform((v) => v ?? 35),
  /** 0: straight rows; otherwise the angle in degrees the first row spans, as an arc around a stage in front of it. */
  curve: optionalDecimal('Kurve', { min: 0, max: 180 }).transform((v) => v ?? 0),
  /** Degrees clockwise, around the section's centre (an end stand faces the pitch). */
  rotation: optionalDecimal('Rotation', { min: -360, max: 360 }).transform((v) => v ?? 0),
  rowNumbering: z.enum(['numbers', 'letters']).default('numbers'),
  seatNumbering: z.enum(['ltr', 'rtl']).default('ltr'),
  firstRow: optionalInteger('Første række', { min: 1, max: 1000 }).transform((v) => v ?? 1),
  firstSeat: optionalInteger('Første plads', { min: 1, max: 10_000 }).transform((v) => v ?? 1),
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
  const section = { key: l.key, name: l.name, rows };
  return l.rotation ? transformSection(section, { rotate: l.rotation }) : section;
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

/* ------------------------------------------------------------------ the chart editor's changes (pure) */

type Plan = TSeatingPlan;
type Point = { x: number; y: number };

/** The smallest box around the given positions (a plan's seats, a section's). */
export function boundsOf(points: Iterable<Point>): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return minX === Number.POSITIVE_INFINITY ? { minX: 0, minY: 0, maxX: 0, maxY: 0 } : { minX, minY, maxX, maxY };
}

const sectionPoints = (section: TChartSection) => section.rows.flatMap((r) => r.seats.map((s) => s.position));

/** A section moved by (dx, dy) and turned `rotate` degrees clockwise around its centre; whole units. */
export function transformSection(section: TChartSection, t: { dx?: number; dy?: number; rotate?: number }): TChartSection {
  const b = boundsOf(sectionPoints(section));
  const cx = (b.minX + b.maxX) / 2;
  const cy = (b.minY + b.maxY) / 2;
  const a = ((t.rotate ?? 0) * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const move = (p: Point): Point => {
    const x = p.x - cx;
    const y = p.y - cy;
    return { x: Math.round(cx + x * cos - y * sin + (t.dx ?? 0)), y: Math.round(cy + x * sin + y * cos + (t.dy ?? 0)) };
  };
  return { ...section, rows: section.rows.map((row) => ({ ...row, seats: row.seats.map((seat) => ({ ...seat, position: move(seat.position) })) })) };
}

/** The plan with every seat whose code is in `keys` changed by `change` (category, accessible). */
export function updateSeats(plan: Plan, keys: ReadonlySet<string>, change: { category?: string; accessible?: boolean }): Plan {
  return {
    ...plan,
    sections: plan.sections.map((section) => ({
      ...section,
      rows: section.rows.map((row) => ({
        ...row,
        seats: row.seats.map((seat) => (keys.has(seatKey(section.key, row.label, seat.number)) ? { ...seat, ...change } : seat)),
      })),
    })),
  };
}

/** The plan without the seats in `keys`; rows and sections left empty go too. */
export function removeSeats(plan: Plan, keys: ReadonlySet<string>): Plan {
  return {
    ...plan,
    sections: plan.sections
      .map((section) => ({
        ...section,
        rows: section.rows
          .map((row) => ({ ...row, seats: row.seats.filter((seat) => !keys.has(seatKey(section.key, row.label, seat.number))) }))
          .filter((row) => row.seats.length > 0),
      }))
      .filter((section) => section.rows.length > 0),
  };
}

/** How many seats a plan has. */
export const seatCount = (plan: { sections: TChartSection[] }) => plan.sections.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.seats.length, 0), 0);

/* ------------------------------------------------------------------ what the renderer draws */

/** A seat as the renderer gets it: number, x, y, index into categories, accessible (1) or not (0). */
export const ZSeatTuple = z.tuple([z.string(), z.number(), z.number(), z.number().int(), z.number().int()]);
export type TSeatTuple = z.output<typeof ZSeatTuple>;

/**
 * A seat map's drawing: sections → rows → seats as short tuples (a 20,000-seat stadium is about
 * 400 kB, not the plan's 1.5 MB). It never changes for a seat map, so it is made once when the
 * event's copy is made; the chart editor makes it from the plan it is editing.
 */
export const ZSeatMapLayout = z.object({
  categories: z.array(z.object({ key: z.string(), label: z.string(), color: z.string(), accessible: z.boolean() })),
  sections: z.array(z.object({ key: z.string(), name: z.string(), rows: z.array(z.object({ label: z.string(), seats: z.array(ZSeatTuple) })) })),
});
export type TSeatMapLayout = z.output<typeof ZSeatMapLayout>;
/**
 * A stored drawing as a procedure answers it: checked for its shape, not seat by seat (20,000
 * tuples cost ~20 ms a call to check again; they were checked as a plan when the chart was saved,
 * and the drawing was made from it by seatMapLayout).
 */
export const ZSeatMapLayoutAnswer = z.custom<TSeatMapLayout>(
  (v) => typeof v === 'object' && v !== null && Array.isArray((v as TSeatMapLayout).categories) && Array.isArray((v as TSeatMapLayout).sections),
);

export function seatMapLayout(plan: Plan): TSeatMapLayout {
  const index = new Map(plan.categories.map((c, i) => [c.key, i]));
  return {
    categories: plan.categories.map((c) => ({ key: c.key, label: c.label, color: c.color, accessible: c.accessible })),
    sections: plan.sections.map((section) => ({
      key: section.key,
      name: section.name,
      rows: section.rows.map((row) => ({
        label: row.label,
        seats: row.seats.map((seat): TSeatTuple => [seat.number, seat.position.x, seat.position.y, index.get(seat.category) ?? 0, seat.accessible ? 1 : 0]),
      })),
    })),
  };
}

/* ------------------------------------------------------------------ calls */

const count = z.number().int();
export const ZSeatCounts = z.object({ free: count, held: count, booked: count, blocked: count });
export type TSeatCounts = z.output<typeof ZSeatCounts>;

export const ZSeatingChartListRequest = listInput(z.object({}).passthrough(), ['Name', 'Id'] as const, { field: 'Name', dir: 'asc' });
export const ZSeatingChartListResponse = ZPage(
  z.object({ id: z.number().int(), name: z.string(), sections: count, seats: count, categories: z.array(ZSeatCategory), events: count }),
);
/** The chart picker of an event and GET /api/seats/charts (?categories=true adds each chart's categories). */
export const ZSeatingChartOptions = z.array(z.object({ id: z.number().int(), name: z.string(), seats: count, categories: z.array(ZSeatCategory) }));
export const ZSeatingChartResponse = z.object({ id: z.number().int(), name: z.string(), plan: ZSeatingPlanResponse, events: count });
export const ZSeatingChartUpdateRequest = z.object({ id: id.nullish(), name: text('Navn', 100), plan: ZSeatingPlan });
export type TSeatingChartUpdateRequest = z.input<typeof ZSeatingChartUpdateRequest>;

/**
 * Where a seat map's drawing is fetched: an address named by the seat map's random drawing token.
 * The drawing never changes, so the browser keeps it (a stadium is downloaded once, not on every
 * look at its seats) and the server sends it from memory, compressed once.
 */
export const seatDrawingPath = (token: string) => `/api/seatmaps/${token}`;
export const ZSeatDrawingRequest = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Ugyldigt id') });

/** An event's seat map for Planoversigt: where its drawing is (fixed) … */
export const ZSeatMapResponse = z.object({ seatMapId: z.number().int(), name: z.string(), drawing: z.string() });

/**
 * … and its live state: counts, and every seat that is not plainly free — [code, status, channel,
 * booked by staff (1) or an order (0)]. An expired hold is free.
 */
export const ZSeatMapStateResponse = z.object({
  counts: ZSeatCounts,
  sections: z.record(z.string(), ZSeatCounts),
  categories: z.record(z.string(), ZSeatCounts),
  seats: z.array(z.tuple([z.string(), z.enum(SEAT_STATUSES), z.string().nullable(), z.number().int()])),
  /** The channels in use and the companies they belong to. */
  channels: z.array(z.object({ key: z.string(), name: z.string() })),
});
export type TSeatMapState = z.output<typeof ZSeatMapStateResponse>;

const seatCode = z.string().trim().min(1).max(130);
/** A company's reserved block; NO_CHANNEL is null. */
export const companyChannel = (companyId: number) => `company:${companyId}`;
export const ZChannel = z.string().regex(/^company:\d{1,10}$/, SEATING_MSG.unknownChannel).nullable();

/**
 * Planoversigt's changes: 'Salgstilstand' blocks and unblocks seats and puts them in a channel;
 * 'Booking tilstand' books free seats by hand and frees seats booked that way.
 */
export const SEAT_CHANGES = ['block', 'unblock', 'channel', 'book', 'release'] as const;
export const ZSeatMapChangeRequest = z
  .object({
    eventId: id,
    seats: z.array(seatCode).min(1, SEATING_MSG.noSeats).max(MAX_SEATS_PER_CHANGE, SEATING_MSG.tooManySeatsChange),
    action: z.enum(SEAT_CHANGES),
    channel: ZChannel.optional(),
  })
  .refine((v) => v.action !== 'channel' || v.channel !== undefined, { message: SEATING_MSG.unknownChannel, path: ['channel'] });
export const ZSeatMapChangeResponse = z.object({ success: z.literal(true), message: z.string(), seats: count });

/** A hold token as the browser keeps it (base64url, 128 bits or more). */
export const ZHoldToken = z.string().regex(/^[A-Za-z0-9_-]{22,100}$/, SEATING_MSG.holdExpired);
const seatsToTake = z.array(seatCode).min(1, SEATING_MSG.noSeats).max(MAX_SEATS_PER_HOLD, SEATING_MSG.tooManySeats);

/** The storefront's seat picker: an event's drawing, what is taken and what the buyer's token holds. */
export const ZPublicSeatMapRequest = z.object({ eventId: id, token: ZHoldToken.nullish(), companyId: id.nullish() });
export const ZPublicSeatMapResponse = z.object({
  /** Where the drawing is (seatDrawingPath). */
  drawing: z.string(),
  /** Seats the buyer cannot take, and those the token holds ('mine'). */
  seats: z.array(z.tuple([z.string(), z.enum(['taken', 'mine'])])),
  heldUntil: z.string().nullable(),
});
export const ZSeatHoldRequest = z.object({ eventId: id, seats: seatsToTake, token: ZHoldToken.nullish(), companyId: id.nullish() });
export const ZSeatHoldResponse = z.object({ token: z.string(), expiresAt: z.string(), seats: z.array(z.string()) });
export const ZSeatReleaseRequest = z.object({ eventId: id, token: ZHoldToken, seats: seatsToTake.optional() });
export const ZSeatReleaseResponse = z.object({ success: z.literal(true), released: count });
