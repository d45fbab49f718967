import { boundsOf, seatKey, type TSeatMapLayout } from '@klubhus/domain';

/**
 * What the seat-map renderer knows of a drawing, built once per layout: every seat flat with its
 * code and place, the way from a code to its seat, where each row starts, the drawing's bounds and
 * a seat radius that fits the spacing. Pure, so the keyboard moves and the markup are unit-tested.
 */

/** How a seat looks: staff see free/held/booked/blocked; a buyer sees taken and their own ('mine'). */
export type SeatLook = 'free' | 'held' | 'booked' | 'blocked' | 'taken' | 'mine';

export interface IndexedSeat {
  code: string;
  section: number;
  row: number;
  /** Position in its row. */
  index: number;
  number: string;
  x: number;
  y: number;
  category: number;
  accessible: boolean;
}

export interface SeatIndex {
  layout: TSeatMapLayout;
  seats: IndexedSeat[];
  byCode: Map<string, number>;
  /** rows[section][row] = the index of the row's first seat in `seats`, and its length. */
  rows: { start: number; length: number }[][];
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
  radius: number;
}

export function indexSeats(layout: TSeatMapLayout): SeatIndex {
  const seats: IndexedSeat[] = [];
  const byCode = new Map<string, number>();
  const rows: SeatIndex['rows'] = [];
  let spacing = Number.POSITIVE_INFINITY;
  layout.sections.forEach((section, s) => {
    rows.push(
      section.rows.map((row, r) => {
        const start = seats.length;
        row.seats.forEach(([number, x, y, category, accessible], i) => {
          const code = seatKey(section.key, row.label, number);
          byCode.set(code, seats.length);
          // A seat of a wheelchair category is a wheelchair place too.
          seats.push({ code, section: s, row: r, index: i, number, x, y, category, accessible: accessible === 1 || !!layout.categories[category]?.accessible });
          if (i > 0) {
            const prev = row.seats[i - 1];
            const d = Math.hypot(x - prev[1], y - prev[2]);
            if (d > 0) spacing = Math.min(spacing, d);
          }
        });
        return { start, length: row.seats.length };
      }),
    );
  });
  const radius = Number.isFinite(spacing) ? Math.max(1, spacing * 0.4) : 10;
  return { layout, seats, byCode, rows, bounds: boundsOf(seats), radius };
}

/** Where a keyboard move goes from a seat (arrows, Home/End, Page Up/Down); the same seat at an edge. */
export type SeatMove = 'left' | 'right' | 'up' | 'down' | 'rowStart' | 'rowEnd' | 'prevSection' | 'nextSection';

export function moveFrom(index: SeatIndex, from: number, move: SeatMove): number {
  const seat = index.seats[from];
  if (!seat) return from;
  const row = index.rows[seat.section][seat.row];
  const nearestIn = (section: number, r: number) => {
    const target = index.rows[section]?.[r];
    if (!target || target.length === 0) return from;
    let best = target.start;
    for (let i = target.start; i < target.start + target.length; i++) {
      if (Math.abs(index.seats[i].x - seat.x) < Math.abs(index.seats[best].x - seat.x)) best = i;
    }
    return best;
  };
  switch (move) {
    case 'left':
      return seat.index > 0 ? from - 1 : from;
    case 'right':
      return seat.index < row.length - 1 ? from + 1 : from;
    case 'rowStart':
      return row.start;
    case 'rowEnd':
      return row.start + row.length - 1;
    case 'up':
      return seat.row > 0 ? nearestIn(seat.section, seat.row - 1) : from;
    case 'down':
      return seat.row < index.rows[seat.section].length - 1 ? nearestIn(seat.section, seat.row + 1) : from;
    case 'prevSection':
      return seat.section > 0 ? index.rows[seat.section - 1][0].start : from;
    case 'nextSection':
      return seat.section < index.rows.length - 1 ? index.rows[seat.section + 1][0].start : from;
  }
}

export const LOOK_LABELS: Record<SeatLook, string> = {
  free: 'ledig',
  held: 'reserveret',
  booked: 'solgt',
  blocked: 'spærret',
  taken: 'optaget',
  mine: 'valgt af dig',
};

/** A seat's accessible name: section, row, seat, category, state. */
export function seatLabel(index: SeatIndex, seat: IndexedSeat, look: SeatLook, channel?: string): string {
  const section = index.layout.sections[seat.section];
  const category = index.layout.categories[seat.category];
  const parts = [section.name, `række ${section.rows[seat.row].label}`, `plads ${seat.number}`];
  if (category) parts.push(category.label);
  if (seat.accessible) parts.push('kørestolsplads');
  parts.push(LOOK_LABELS[look]);
  if (channel) parts.push(channel);
  return parts.join(', ');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for an SVG attribute (club-written names and numbers). */
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export interface SeatMarks {
  looks: ReadonlyMap<string, SeatLook>;
  selected: ReadonlySet<string>;
  /** code → a channel's name (staff): drawn with a dashed ring. */
  channels: ReadonlyMap<string, string>;
  /** The looks a seat may have to be chosen (a buyer: free and their own); all when absent. */
  selectable?: readonly SeatLook[];
}

/** The element id of a seat (aria-activedescendant points at it). */
export const seatElementId = (prefix: string, seatIndex: number) => `${prefix}-${seatIndex}`;

/**
 * One section's seats as SVG markup: a circle per seat (a rounded square for a wheelchair place),
 * each an option of the listbox with its accessible name, state and selection. Made as text because
 * a stadium is 20,000 elements: the browser parses them far faster than React creates them.
 */
export function sectionMarkup(index: SeatIndex, section: number, marks: SeatMarks, idPrefix: string): string {
  const out: string[] = [];
  const r = index.radius;
  const rows = index.rows[section];
  for (const row of rows) {
    for (let i = row.start; i < row.start + row.length; i++) {
      const seat = index.seats[i];
      const look = marks.looks.get(seat.code) ?? 'free';
      const selected = marks.selected.has(seat.code);
      const channel = marks.channels.get(seat.code);
      const disabled = marks.selectable ? !marks.selectable.includes(look) : false;
      const fill = index.layout.categories[seat.category]?.color ?? '#888888';
      const cls = `seat ${look}${selected ? ' sel' : ''}${channel ? ' ch' : ''}`;
      const common = `id="${seatElementId(idPrefix, i)}" class="${cls}" data-seat="${escapeXml(seat.code)}" fill="${escapeXml(fill)}" role="option" aria-selected="${selected}"${disabled ? ' aria-disabled="true"' : ''} aria-label="${escapeXml(seatLabel(index, seat, look, channel))}"`;
      out.push(
        seat.accessible
          ? `<rect ${common} x="${seat.x - r}" y="${seat.y - r}" width="${2 * r}" height="${2 * r}" rx="${r * 0.35}"/>`
          : `<circle ${common} cx="${seat.x}" cy="${seat.y}" r="${r}"/>`,
      );
    }
  }
  return out.join('');
}

/** What of a section's marks can change its markup: equal signatures, equal markup. */
export function sectionSignatures(index: SeatIndex, marks: SeatMarks): string[] {
  const parts: string[][] = index.layout.sections.map(() => []);
  const add = (code: string, text: string) => {
    const i = index.byCode.get(code);
    if (i !== undefined) parts[index.seats[i].section].push(`${code}\u0000${text}`);
  };
  for (const [code, look] of marks.looks) add(code, look);
  for (const code of marks.selected) add(code, 'sel');
  for (const [code, channel] of marks.channels) add(code, `ch:${channel}`);
  return parts.map((p) => p.sort().join('\u0001'));
}

/** The seats whose centres lie in a box (the lasso), in chart units. */
export function seatsInBox(index: SeatIndex, box: { x1: number; y1: number; x2: number; y2: number }): number[] {
  const [minX, maxX] = box.x1 < box.x2 ? [box.x1, box.x2] : [box.x2, box.x1];
  const [minY, maxY] = box.y1 < box.y2 ? [box.y1, box.y2] : [box.y2, box.y1];
  const out: number[] = [];
  index.seats.forEach((s, i) => {
    if (s.x >= minX && s.x <= maxX && s.y >= minY && s.y <= maxY) out.push(i);
  });
  return out;
}
