import { generateSection, seatMapLayout, ZSeatingPlan } from '@klubhus/domain';
import { describe, expect, it } from 'vitest';
import { escapeXml, indexSeats, moveFrom, type SeatMarks, type SeatMove, seatLabel, seatsInBox, sectionMarkup, sectionSignatures } from './seatIndex';

const layout = seatMapLayout(
  ZSeatingPlan.parse({
    categories: [
      { key: 'S', label: 'Standard', color: '#3372f9' },
      { key: 'H', label: 'Kørestol', color: '#22aa55', accessible: true },
    ],
    sections: [
      generateSection({ key: 'A', name: 'Langside', rows: 3, seatsPerRow: 4, category: 'S' }),
      // Row 2 is shorter and shifted: the nearest seat, not the same index, is above/below.
      { key: 'B', name: 'Loge "Øst" <1>', rows: [
        { label: '1', seats: [0, 1, 2].map((i) => ({ number: String(i + 1), position: { x: 500 + i * 30, y: 0 }, category: 'H', accessible: true })) },
        { label: '2', seats: [0, 1].map((i) => ({ number: String(i + 1), position: { x: 548 + i * 30, y: 35 }, category: 'S', accessible: false })) },
      ] },
    ],
  }),
);
const index = indexSeats(layout);
const at = (code: string) => index.byCode.get(code) as number;
const code = (i: number) => index.seats[i].code;
const marks = (m: Partial<SeatMarks> = {}): SeatMarks => ({ looks: new Map(), selected: new Set(), channels: new Map(), ...m });

describe('the seat index', () => {
  it('has every seat once with its code, place and a radius from the spacing', () => {
    expect(index.seats).toHaveLength(12 + 5);
    expect(code(0)).toBe('A-1-1');
    expect(index.seats[at('B-2-2')]).toMatchObject({ section: 1, row: 1, index: 1, number: '2', x: 578, y: 35 });
    expect(index.radius).toBeCloseTo(12);
    expect(index.bounds).toEqual({ minX: 0, minY: 0, maxX: 578, maxY: 70 });
  });

  it('moves by keyboard within a row, to the nearest seat of the next row, between sections; stays at the edges', () => {
    const moves: [string, SeatMove, string][] = [
      ['A-1-1', 'right', 'A-1-2'],
      ['A-1-1', 'left', 'A-1-1'],
      ['A-1-4', 'right', 'A-1-4'],
      ['A-1-3', 'down', 'A-2-3'],
      ['A-3-3', 'down', 'A-3-3'],
      ['A-2-2', 'rowEnd', 'A-2-4'],
      ['A-2-2', 'rowStart', 'A-2-1'],
      ['B-1-3', 'down', 'B-2-1'],
      ['B-2-2', 'up', 'B-1-3'],
      ['B-1-1', 'down', 'B-2-1'],
      ['A-2-2', 'nextSection', 'B-1-1'],
      ['B-2-2', 'prevSection', 'A-1-1'],
    ];
    for (const [from, move, to] of moves) expect(code(moveFrom(index, at(from), move)), `${from} ${move}`).toBe(to);
  });

  it('names a seat for a screen reader: section, row, seat, category, wheelchair place, state, channel', () => {
    expect(seatLabel(index, index.seats[at('B-1-2')], 'free')).toBe('Loge "Øst" <1>, række 1, plads 2, Kørestol, kørestolsplads, ledig');
    expect(seatLabel(index, index.seats[at('A-3-1')], 'blocked', 'Firma A/S')).toBe('Langside, række 3, plads 1, Standard, spærret, Firma A/S');
  });

  it('draws a section as escaped markup: options with state, selection and disabled seats; squares for wheelchair places', () => {
    const m = sectionMarkup(index, 1, marks({ looks: new Map([['B-1-1', 'taken']]), selected: new Set(['B-1-2']), selectable: ['free', 'mine'] }), 'p');
    expect(m).not.toContain('<1>');
    expect(m).toContain('aria-label="Loge &quot;Øst&quot; &lt;1&gt;, række 1, plads 1, Kørestol, kørestolsplads, optaget"');
    expect(m.match(/<rect /g)).toHaveLength(3);
    expect(m.match(/<circle /g)).toHaveLength(2);
    expect(m).toMatch(/id="p-12" class="seat taken" data-seat="B-1-1" fill="#22aa55" role="option" aria-selected="false" aria-disabled="true"/);
    expect(m).toMatch(/id="p-13" class="seat free sel" data-seat="B-1-2"[^>]*aria-selected="true" aria-label/);
    expect(escapeXml(`a"<&'>`)).toBe('a&quot;&lt;&amp;&#39;&gt;');
  });

  it('changes a section’s signature only when one of its seats changed', () => {
    const before = sectionSignatures(index, marks());
    const after = sectionSignatures(index, marks({ looks: new Map([['B-2-1', 'held']]), selected: new Set(['B-1-1']) }));
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    // The same marks in another order: the same signature.
    const a = sectionSignatures(index, marks({ selected: new Set(['A-1-1', 'A-2-2']) }));
    const b = sectionSignatures(index, marks({ selected: new Set(['A-2-2', 'A-1-1']) }));
    expect(a).toEqual(b);
  });

  it('finds the seats inside a box drawn either way', () => {
    expect(seatsInBox(index, { x1: 25, y1: -5, x2: 65, y2: 40 }).map(code)).toEqual(['A-1-2', 'A-1-3', 'A-2-2', 'A-2-3']);
    expect(seatsInBox(index, { x1: 65, y1: 40, x2: 25, y2: -5 }).map(code)).toEqual(['A-1-2', 'A-1-3', 'A-2-2', 'A-2-3']);
  });
});
