import { computeTotals, DANISH_VAT } from '@klubhus/domain';
import { describe, expect, it } from 'vitest';
import { type Cart, cartTotals, lineTotal } from './cart';

const club = { vatRate: '25', pricesWithVat: true, disableVat: false };
const cart = (...prices: [number, number][]): Cart => ({ lines: prices.map(([price, amount], i) => ({ id: String(i), title: `Vare ${i}`, price, amount })) });

describe('cart totals (øre, from computeTotals as on the server)', () => {
  it('takes VAT out of VAT-inclusive prices exactly as the server does', () => {
    const c = cart([99.95, 3], [0.1, 7]);
    expect(cartTotals(c, club)).toEqual({ subtotal: 24044, vat: 6011, total: 30055 });
    const server = computeTotals([{ unitPrice: 9995, amount: 3 }, { unitPrice: 10, amount: 7 }], DANISH_VAT);
    expect(cartTotals(c, club)).toEqual({ subtotal: server.subtotal, vat: server.vat, total: server.total });
  });

  it('adds VAT on net prices, and none when VAT is off or there is no club', () => {
    expect(cartTotals(cart([0.1, 3]), { ...club, pricesWithVat: false })).toEqual({ subtotal: 30, vat: 8, total: 38 });
    expect(cartTotals(cart([0.1, 3]), { ...club, disableVat: true })).toEqual({ subtotal: 30, vat: 0, total: 30 });
    expect(cartTotals(cart([0.1, 3]), null)).toEqual({ subtotal: 30, vat: 0, total: 30 });
  });

  it('no float drift: 0.1 × 3 is 30 øre, not 30.000000000000004', () => {
    expect(lineTotal({ id: 'a', title: 'a', price: 0.1, amount: 3 })).toBe(30);
  });

  it('an empty cart is zero; server totals (kroner) win, as øre', () => {
    expect(cartTotals({ lines: [] }, club)).toEqual({ subtotal: 0, vat: 0, total: 0 });
    expect(cartTotals({ lines: [], subtotal: 80, vat: 20, total: 100 }, club)).toEqual({ subtotal: 8000, vat: 2000, total: 10000 });
  });
});
