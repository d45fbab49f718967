import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  fromPretixPlan,
  generateSection,
  MAX_SEATS_PER_CHART,
  planSeats,
  removeSeats,
  releasedSeats,
  SEATING_MSG,
  seatChannel,
  seatCount,
  seatKey,
  seatMapLayout,
  seatTakeable,
  toPretixPlan,
  transformSection,
  updateSeats,
  ZPretixPlan,
  ZSeatingPlan,
  ZSectionLayout,
} from '../src/seating';

const categories = [{ key: 'A', label: 'Langside', color: '#3372f9' }];

describe('drawing a section', () => {
  it('straight rows: rows × seats, numbered left to right from the first numbers, spaced evenly', () => {
    const s = generateSection({ key: 'N', name: 'Nord', rows: 3, seatsPerRow: 4, category: 'A', origin: { x: 100, y: 50 }, seatSpacing: 30, rowSpacing: 40 });
    expect(s.rows.map((r) => r.label)).toEqual(['1', '2', '3']);
    expect(s.rows[0].seats.map((seat) => seat.number)).toEqual(['1', '2', '3', '4']);
    expect(s.rows[0].seats.map((seat) => seat.position)).toEqual([
      { x: 100, y: 50 },
      { x: 130, y: 50 },
      { x: 160, y: 50 },
      { x: 190, y: 50 },
    ]);
    expect(s.rows[2].seats[0].position).toEqual({ x: 100, y: 130 });
  });

  it('letters for rows (Z, then AA) and numbers right to left from a first seat', () => {
    const s = generateSection({ key: 'S', name: 'Syd', rows: 28, seatsPerRow: 3, category: 'A', rowNumbering: 'letters', seatNumbering: 'rtl', firstSeat: 101 });
    expect(s.rows.slice(0, 2).map((r) => r.label)).toEqual(['A', 'B']);
    expect(s.rows.slice(24).map((r) => r.label)).toEqual(['Y', 'Z', 'AA', 'AB']);
    expect(s.rows[0].seats.map((seat) => seat.number)).toEqual(['103', '102', '101']);
  });

  it('curved rows: every seat of a row the same distance from one centre, each row further out, symmetric', () => {
    const s = generateSection({ key: 'C', name: 'Kurve', rows: 3, seatsPerRow: 9, category: 'A', curve: 60, seatSpacing: 30, rowSpacing: 40 });
    const dist = (p: { x: number; y: number }, c: { x: number; y: number }) => Math.hypot(p.x - c.x, p.y - c.y);
    const row0 = s.rows[0].seats.map((x) => x.position);
    // The middle seat is on the axis: the centre is straight above it.
    const mid = row0[4];
    const ends = [row0[0], row0[8]];
    expect(Math.abs(ends[0].y - ends[1].y)).toBeLessThanOrEqual(1);
    expect(Math.abs(mid.x - (ends[0].x + ends[1].x) / 2)).toBeLessThanOrEqual(1);
    expect(ends[0].y).toBeLessThan(mid.y);
    // Radii per row (from the centre found from row 0's middle seat and the first row radius).
    const radius0 = (8 * 30) / ((60 * Math.PI) / 180);
    const centre = { x: mid.x, y: mid.y - radius0 };
    for (const [r, row] of s.rows.entries()) {
      for (const seat of row.seats) expect(Math.abs(dist(seat.position, centre) - (radius0 + r * 40))).toBeLessThanOrEqual(1.5);
    }
    expect(ZSeatingPlan.safeParse({ categories, sections: [s] }).success).toBe(true);
  });

  it('refuses a layout without rows or seats', () => {
    expect(() => generateSection({ key: 'X', name: 'X', rows: 0, seatsPerRow: 4, category: 'A' })).toThrow();
    expect(() => generateSection({ key: 'X', name: 'X', rows: 2, seatsPerRow: 0, category: 'A' })).toThrow();
  });
});

describe('the plan', () => {
  it('refuses a seat twice and a seat of an unknown category, in Danish', () => {
    const section = generateSection({ key: 'N', name: 'Nord', rows: 1, seatsPerRow: 2, category: 'A' });
    const twice = ZSeatingPlan.safeParse({ categories, sections: [section, section] });
    expect(twice.error?.issues.map((i) => i.message)).toEqual(['To sektioner har samme nøgle', 'Pladsen N-1-1 findes to gange', 'Pladsen N-1-2 findes to gange']);
    const unknown = ZSeatingPlan.safeParse({ categories, sections: [{ ...section, rows: [{ label: '1', seats: [{ ...section.rows[0].seats[0], category: 'VIP' }] }] }] });
    expect(unknown.error?.issues[0].message).toBe('Pladsen N-1-1 har en ukendt kategori');
  });

  it('a held seat is free to its own token or once its hold has expired; a channel seat only to its channel', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const held = { status: 'held' as const, hold_token: 't1', held_until: '2026-11-24T12:10:00Z', channel: null };
    expect(seatTakeable(held, 't1', null, now)).toBe(true);
    expect(seatTakeable(held, 't2', null, now)).toBe(false);
    expect(seatTakeable({ ...held, held_until: '2026-11-24T11:59:59Z' }, 't2', null, now)).toBe(true);
    expect(seatTakeable({ status: 'booked', hold_token: null, held_until: null, channel: null }, 't1', null, now)).toBe(false);
    expect(seatTakeable({ status: 'free', hold_token: null, held_until: null, channel: 'company:7' }, 't1', null, now)).toBe(false);
    expect(seatTakeable({ status: 'free', hold_token: null, held_until: null, channel: 'company:7' }, 't1', 'company:7', now)).toBe(true);
  });
});

describe("pretix's seating-plan format", () => {
  /** A plan as pretix's editor writes it (relative positions, keys of newer versions). */
  const pretix = {
    name: 'Lille sal',
    size: { width: 400, height: 300 },
    categories: [{ name: 'Parket', color: '#ff0000' }, { name: 'Balkon' }],
    zones: [
      {
        name: 'Parket',
        zone_id: 'z1',
        position: { x: 10, y: 20 },
        rows: [
          {
            row_number: '1',
            row_label: null,
            position: { x: 5, y: 0 },
            seats: [
              { seat_guid: 'g1', seat_number: '1', position: { x: 0, y: 0 }, category: 'Parket', radius: 10 },
              { seat_guid: 'g2', seat_number: '2', position: { x: 30, y: 0 }, category: 'Parket' },
            ],
          },
        ],
        areas: [],
      },
      { position: { x: 0, y: 200 }, rows: [{ row_number: 'A', seats: [{ seat_guid: 'g3', seat_number: '1', position: { x: 0, y: 0 }, category: 'Balkon' }] }] },
    ],
  };

  it('comes in with absolute positions, a section per zone and a category per pretix category', () => {
    const r = fromPretixPlan(pretix);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.plan.categories).toEqual([
      { key: 'Parket', label: 'Parket', color: '#ff0000', accessible: false },
      { key: 'Balkon', label: 'Balkon', color: '#888888', accessible: false },
    ]);
    expect(r.plan.sections.map((s) => [s.key, s.name])).toEqual([
      ['Parket', 'Parket'],
      ['Z2', 'Zone 2'],
    ]);
    expect(r.plan.sections[0].rows[0].seats.map((s) => s.position)).toEqual([
      { x: 15, y: 20 },
      { x: 45, y: 20 },
    ]);
    expect(r.plan.sections[1].rows[0].seats[0].position).toEqual({ x: 0, y: 200 });
  });

  it('goes out valid against the format and comes back the same', () => {
    const plan = ZSeatingPlan.parse({
      categories: [...categories, { key: 'K', label: 'Kørestol', color: '#16a34a', accessible: true }],
      sections: [
        generateSection({ key: 'N', name: 'Nord', rows: 2, seatsPerRow: 3, category: 'A', origin: { x: 40, y: 40 } }),
        generateSection({ key: 'S', name: 'Syd', rows: 1, seatsPerRow: 2, category: 'K', curve: 30, origin: { x: 40, y: 300 } }),
      ],
    });
    const out = toPretixPlan('Stadion', plan);
    expect(ZPretixPlan.safeParse(out).success).toBe(true);
    // Required keys of pretix's schema, and integer positions.
    for (const zone of out.zones) for (const row of zone.rows) for (const seat of row.seats) expect(Number.isInteger(seat.position.x) && Number.isInteger(seat.position.y)).toBe(true);
    expect(out.zones[0].rows[0].seats[0].seat_guid).toBe(seatKey('N', '1', '1'));
    const back = fromPretixPlan(out);
    expect(back.ok && back.plan.sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((x) => [r.label, x.number, x.position, x.category])))).toEqual(
      plan.sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((x) => [r.label, x.number, x.position, x.category]))),
    );
  });

  it('refuses what is not a plan, and a seat of an unknown category, in Danish', () => {
    expect(fromPretixPlan({ name: 'x' })).toEqual({ ok: false, message: SEATING_MSG.invalidPlan });
    expect(fromPretixPlan('nonsens')).toEqual({ ok: false, message: SEATING_MSG.invalidPlan });
    const wrong = structuredClone(pretix);
    wrong.zones[0].rows[0].seats[0].category = 'VIP';
    expect(fromPretixPlan(wrong)).toEqual({ ok: false, message: 'Pladsen Parket-1-1 har en ukendt kategori' });
  });
});

describe('the chart editor’s changes', () => {
  const plan = () =>
    ZSeatingPlan.parse({
      categories: [...categories, { key: 'H', label: 'Kørestol', color: '#22aa55', accessible: true }],
      sections: [
        generateSection({ key: 'N', name: 'Nord', rows: 2, seatsPerRow: 3, category: 'A' }),
        generateSection({ key: 'S', name: 'Syd', rows: 1, seatsPerRow: 2, category: 'A', origin: { x: 0, y: 300 } }),
      ],
    });

  it('takes the section form as typed: numbers as text with a Danish comma, blanks as the defaults, Danish refusals', () => {
    const l = ZSectionLayout.parse({ key: 'N', name: 'Nord', rows: '2', seatsPerRow: '10', category: 'A', seatSpacing: '27,5', rowSpacing: '', curve: '', origin: { x: '', y: '-40' } });
    expect(l).toMatchObject({ rows: 2, seatsPerRow: 10, seatSpacing: 27.5, rowSpacing: 35, curve: 0, rotation: 0, origin: { x: 0, y: -40 }, firstRow: 1, firstSeat: 1 });
    const bad = ZSectionLayout.safeParse({ key: '', name: 'Nord', rows: '0', seatsPerRow: 'mange', category: 'A', curve: '200' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Nøgle er påkrævet',
      'Rækker skal minimum være 1 eller mere',
      'Pladser pr. række skal være et heltal.',
      'Kurve må maksimalt være 180 eller mindre',
    ]);
  });

  it('moves and turns a section around its centre, in whole units', () => {
    const s = plan().sections[0];
    const moved = transformSection(s, { dx: 100, dy: -20 });
    expect(moved.rows[0].seats[0].position).toEqual({ x: 100, y: -20 });
    const turned = transformSection(s, { rotate: 90 });
    const before = boundsOf(s.rows.flatMap((r) => r.seats.map((x) => x.position)));
    const after = boundsOf(turned.rows.flatMap((r) => r.seats.map((x) => x.position)));
    // The centre stays; width and height swap.
    const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1);
    near((after.minX + after.maxX) / 2, (before.minX + before.maxX) / 2);
    near(after.maxX - after.minX, before.maxY - before.minY);
    near(after.maxY - after.minY, before.maxX - before.minX);
    expect(turned.rows.flatMap((r) => r.seats.map((x) => x.position)).every((p) => Number.isInteger(p.x) && Number.isInteger(p.y))).toBe(true);
    // A section drawn with a rotation is the same as drawing it and turning it.
    const drawn = generateSection({ key: 'N', name: 'Nord', rows: 2, seatsPerRow: 3, category: 'A', rotation: 90 });
    expect(drawn).toEqual(turned);
  });

  it('sets category and accessibility of chosen seats, removes seats (and rows and sections left empty)', () => {
    const p = plan();
    const keys = new Set([seatKey('N', '1', '1'), seatKey('N', '1', '2')]);
    const changed = updateSeats(p, keys, { category: 'H', accessible: true });
    expect(planSeats(changed).filter((s) => s.category === 'H').map((s) => s.key)).toEqual(['N-1-1', 'N-1-2']);
    expect(ZSeatingPlan.safeParse(changed).success).toBe(true);
    const fewer = removeSeats(p, new Set(['N-2-1', 'N-2-2', 'N-2-3', 'S-1-1', 'S-1-2', 'N-1-3']));
    expect(fewer.sections.map((s) => s.key)).toEqual(['N']);
    expect(fewer.sections[0].rows.map((r) => r.label)).toEqual(['1']);
    expect(seatCount(fewer)).toBe(2);
  });

  it('draws a seat map as short tuples in the plan’s order, and refuses a chart over 60,000 seats', () => {
    const layout = seatMapLayout(updateSeats(plan(), new Set(['S-1-2']), { category: 'H', accessible: true }));
    expect(layout.sections.map((s) => s.name)).toEqual(['Nord', 'Syd']);
    expect(layout.sections[1].rows[0].seats).toEqual([
      ['1', 0, 300, 0, 0],
      ['2', 30, 300, 1, 1],
    ]);
    const huge = Array.from({ length: 121 }, (_, i) => generateSection({ key: `K${i}`, name: `K${i}`, rows: 100, seatsPerRow: 5, category: 'A' }));
    expect(ZSeatingPlan.safeParse({ categories, sections: huge.slice(0, 120) }).success).toBe(true);
    expect(ZSeatingPlan.safeParse({ categories, sections: huge }).error?.issues[0].message).toBe(SEATING_MSG.tooManySeatsChart);
    expect(MAX_SEATS_PER_CHART).toBe(60_000);
  });
});

describe('releaseReservedAt (SPEC §3 Ticket product)', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const reserved = { status: 'free' as const, hold_token: null, held_until: null, channel: 'company:7', category: 'L' };
  it('releases a company’s reserved seats of the product’s category to anyone once the time has passed; not before, not other categories', () => {
    const before = releasedSeats([{ releaseReservedAt: '2026-11-24T12:00:01Z', category: 'L' }], now);
    expect(seatTakeable(reserved, 't1', null, now, before)).toBe(false);
    const after = releasedSeats([{ releaseReservedAt: '2026-11-24T12:00:00Z', category: 'L' }, { releaseReservedAt: null, category: null }], now);
    expect(seatChannel(reserved, after)).toBeNull();
    expect(seatTakeable(reserved, 't1', null, now, after)).toBe(true);
    expect(seatTakeable(reserved, 't1', 'company:7', now, after)).toBe(true);
    expect(seatTakeable({ ...reserved, category: 'VIP' }, 't1', null, now, after)).toBe(false);
    // A product without a seat category releases every category.
    expect(seatTakeable({ ...reserved, category: 'VIP' }, 't1', null, now, releasedSeats([{ releaseReservedAt: now, category: null }], now))).toBe(true);
  });
});
