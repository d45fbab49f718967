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
