import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  computeTotals,
  DANISH_VAT,
  formatAmount,
  formatDKK,
  kronerToOre,
  type MoneyLine,
  multiply,
  oreToKroner,
  roundHalfUp,
  type VatSettings,
  vatOf,
} from '../src/money';
import { kroner } from '../src/kroner';

const withVat: VatSettings = { vatRate: 25, pricesWithVat: true, disableVat: false };
const withoutVat: VatSettings = { vatRate: 25, pricesWithVat: false, disableVat: false };

describe('kroner and øre', () => {
  it('converts with half-up rounding at two decimals, on the decimal digits', () => {
    expect(kronerToOre(12.34)).toBe(1234);
    expect(kronerToOre('1.234,50')).toBe(123450);
    expect(kronerToOre('12,345')).toBe(1235);
    expect(kronerToOre(1.005)).toBe(101); // a float would give 100.49999…
    expect(kronerToOre(0.125)).toBe(13);
    expect(kronerToOre(0.124)).toBe(12);
    expect(kronerToOre(-0.125)).toBe(-13);
    expect(kronerToOre(1e-7)).toBe(0);
    expect(oreToKroner(123450)).toBe(1234.5);
    expect(roundHalfUp(2.675)).toBe(2.68);
    expect(roundHalfUp(2.665, 2)).toBe(2.67);
  });

  it('rounds half-up at two decimals for any amount with three decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (thousandths) => {
        const text = `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;
        const expected = Math.floor(thousandths / 10) + (thousandths % 10 >= 5 ? 1 : 0);
        expect(kronerToOre(text)).toBe(expected);
        expect(kronerToOre(Number(text))).toBe(expected);
      }),
    );
  });

  it('round-trips øre through kroner', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (ore) => {
        expect(kronerToOre(oreToKroner(ore))).toBe(ore);
      }),
    );
  });

  it('formats Danish kroner', () => {
    const nbsp = /[\s\u00a0]/g;
    expect(formatDKK(123450).replace(nbsp, ' ')).toBe('1.234,50 kr.');
    expect(formatAmount(5).replace(nbsp, ' ')).toBe('0,05');
  });

  it('formats zero, negative, rounding and no amount; formatDKK always takes øre', () => {
    const nbsp = /[\s\u00a0]/g;
    const f = (ore: number | null | undefined) => formatDKK(ore).replace(nbsp, ' ');
    expect(f(0)).toBe('0,00 kr.');
    expect(f(-12345)).toBe('-123,45 kr.');
    expect(f(1)).toBe('0,01 kr.');
    expect(f(100_000_000)).toBe('1.000.000,00 kr.');
    expect(f(null)).toBe('');
    expect(f(undefined)).toBe('');
    expect(f(kronerToOre(99.995))).toBe('100,00 kr.');
  });

  it('the wire pair keeps no amount as null and rounds negatives away from zero', () => {
    expect(kronerToOre(null)).toBeNull();
    expect(kronerToOre(undefined)).toBeNull();
    expect(kronerToOre('')).toBeNull();
    expect(kronerToOre(0)).toBe(0);
    expect(kronerToOre('-1,005')).toBe(-101);
    expect(kronerToOre(-0.004)).toBe(0);
    expect(oreToKroner(null)).toBeNull();
    expect(oreToKroner(undefined)).toBeNull();
    expect(oreToKroner(0)).toBe(0);
    expect(oreToKroner(-1)).toBe(-0.01);
    // A bigint column read as text by the driver still converts.
    expect(oreToKroner('12345' as unknown as number)).toBe(123.45);
  });

  it('parses a form amount to øre with SPEC §5 messages', () => {
    expect(kroner('Pris').parse('99,95')).toBe(9995);
    expect(kroner('Pris').safeParse('abc').error?.issues[0].message).toBe('Pris skal være et gyldigt tal.');
    expect(kroner('Pris').safeParse('').error?.issues[0].message).toBe('Pris er påkrævet');
    expect(kroner('Pris').safeParse('-1').error?.issues[0].message).toBe('Pris skal minimum være 0 eller mere');
  });
});

describe('VAT', () => {
  it('takes 20 % of a VAT-inclusive price at 25 % VAT (net = gross × 0.8)', () => {
    expect(vatOf(12500, withVat)).toEqual({ net: 10000, vat: 2500, gross: 12500 });
    expect(vatOf(10000, withoutVat)).toEqual({ net: 10000, vat: 2500, gross: 12500 });
    const t = computeTotals([{ unitPrice: 10000, amount: 2 }], withVat);
    expect(t).toMatchObject({ gross: 20000, subtotal: 16000, vat: 4000, total: 20000 });
  });

  it('adds VAT on net prices', () => {
    const t = computeTotals([{ unitPrice: 10000, amount: 2 }], withoutVat);
    expect(t).toMatchObject({ subtotal: 20000, vat: 5000, total: 25000 });
  });

  it('keeps vatExempt lines out of VAT and gives 0 VAT when disabled', () => {
    const lines: MoneyLine[] = [
      { unitPrice: 10000, amount: 1 },
      { unitPrice: 5000, amount: 1, vatExempt: true },
    ];
    expect(computeTotals(lines, withVat)).toMatchObject({ subtotal: 13000, vat: 2000, total: 15000 });
    expect(computeTotals(lines, withoutVat)).toMatchObject({ subtotal: 15000, vat: 2500, total: 17500 });
    expect(computeTotals(lines, { ...withVat, disableVat: true })).toMatchObject({ subtotal: 15000, vat: 0, total: 15000 });
  });

  it('applies line discounts and spreads an order discount without exceeding the goods', () => {
    const t = computeTotals(
      [
        { unitPrice: 10000, amount: 1, discount: 1000 },
        { unitPrice: 5000, amount: 1, vatExempt: true },
      ],
      withVat,
      { orderDiscount: 1400 },
    );
    // 9000 and 5000 left; 1400 spread 900/500.
    expect(t.lines.map((l) => l.discount)).toEqual([1900, 500]);
    // Taxable 8100 incl. VAT → 6480 net + 1620 VAT; the exempt 4500 adds to the subtotal.
    expect(t).toMatchObject({ discount: 2400, subtotal: 6480 + 4500, vat: 1620, total: 12600 });
    const capped = computeTotals([{ unitPrice: 1000, amount: 1 }], withVat, { orderDiscount: 5000 });
    expect(capped).toMatchObject({ discount: 1000, total: 0, vat: 0 });
  });

  it('multiplies decimal quantities half-up', () => {
    expect(multiply(999, 1.5)).toBe(1499); // 1498.5 → 1499
    expect(multiply(333, 3)).toBe(999);
  });
});

const vatRate = fc.constantFrom(25, 12.5, 6, 0);
const quantity = fc.integer({ min: 0, max: 50 });

describe('money properties', () => {
  it('same goods entered gross or net give the same totals to the øre', () => {
    fc.assert(
      fc.property(
        vatRate,
        fc.array(fc.record({ net: fc.integer({ min: 0, max: 1_000_000 }), amount: quantity, vatExempt: fc.boolean() }), { maxLength: 12 }),
        (rate, goods) => {
          // Nets that make an exact gross at this rate (200 øre steps are exact for every rate here).
          const lines = goods.map((g) => ({ ...g, net: g.net - (g.net % 200) }));
          const asNet = computeTotals(
            lines.map((l) => ({ unitPrice: l.net, amount: l.amount, vatExempt: l.vatExempt })),
            { vatRate: rate, pricesWithVat: false, disableVat: false },
          );
          const asGross = computeTotals(
            lines.map((l) => ({ unitPrice: l.vatExempt ? l.net : (l.net * (100 + rate)) / 100, amount: l.amount, vatExempt: l.vatExempt })),
            { vatRate: rate, pricesWithVat: true, disableVat: false },
          );
          expect(asGross.subtotal).toBe(asNet.subtotal);
          expect(asGross.vat).toBe(asNet.vat);
          expect(asGross.total).toBe(asNet.total);
        },
      ),
    );
  });

  it('net prices rounded to øre never drift by more than the rounding of the VAT total', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ gross: fc.integer({ min: 0, max: 1_000_000 }), amount: quantity }), { maxLength: 12 }), (goods) => {
        const asGross = computeTotals(
          goods.map((g) => ({ unitPrice: g.gross, amount: g.amount })),
          withVat,
        );
        // The same goods with their net computed by the club: VAT on the whole order, so the total is off by at most the per-line rounding.
        const netLines = goods.map((g) => ({ unitPrice: vatOf(g.gross, withVat).net, amount: g.amount }));
        const asNet = computeTotals(netLines, withoutVat);
        const lines = goods.reduce((s, g) => s + g.amount, 0);
        expect(Math.abs(asGross.total - asNet.total)).toBeLessThanOrEqual(Math.ceil(lines * 0.625) + 1);
      }),
    );
  });

  it('total = subtotal + vat; vatExempt lines carry no VAT; disableVat gives VAT 0', () => {
    fc.assert(
      fc.property(
        fc.record({ vatRate, pricesWithVat: fc.boolean(), disableVat: fc.boolean() }),
        fc.array(
          fc.record({
            unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
            amount: quantity,
            discount: fc.integer({ min: 0, max: 100_000 }),
            vatExempt: fc.boolean(),
          }),
          { maxLength: 12 },
        ),
        fc.integer({ min: 0, max: 500_000 }),
        (vat, lines, orderDiscount) => {
          const t = computeTotals(lines, vat, { orderDiscount });
          expect(t.total).toBe(t.subtotal + t.vat);
          if (vat.pricesWithVat || vat.disableVat) expect(t.total).toBe(t.gross - t.discount);
          expect(t.discount).toBeLessThanOrEqual(t.gross);
          if (vat.disableVat) expect(t.vat).toBe(0);
          // All exempt: no VAT at all.
          const exempt = computeTotals(
            lines.map((l) => ({ ...l, vatExempt: true })),
            vat,
            { orderDiscount },
          );
          expect(exempt.vat).toBe(0);
          expect(exempt.subtotal).toBe(exempt.gross - exempt.discount);
          // Adding an exempt line changes the subtotal by its amount and leaves VAT alone.
          const plus = computeTotals([...lines, { unitPrice: 12345, amount: 1, vatExempt: true }], vat);
          const base = computeTotals(lines, vat);
          expect(plus.vat).toBe(base.vat);
          expect(plus.subtotal - base.subtotal).toBe(12345);
        },
      ),
    );
  });

  it('allocates exactly the amount over weights', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 10 }), (amount, weights) => {
        const parts = allocate(amount, weights);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(amount);
        const total = weights.reduce((s, w) => s + w, 0);
        if (total > 0) {
          for (const [i, w] of weights.entries()) expect(Math.abs(parts[i] - (amount * w) / total)).toBeLessThan(1);
        }
      }),
    );
  });

  it('uses the Danish defaults', () => {
    expect(DANISH_VAT).toEqual({ vatRate: 25, pricesWithVat: true, disableVat: false });
  });
});
