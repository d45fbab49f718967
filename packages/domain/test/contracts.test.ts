import { describe, expect, it } from 'vitest';
import { applySetup, type ContractLine, contractButtons, contractTransition, type SetupProduct, setupLineProblem, withCategoryLine } from '../src/contracts';

const board: SetupProduct = {
  id: 1,
  title: 'Bandereklame',
  sku: 'BANDE',
  type: 'product',
  price: 1_500_000,
  vatExempt: false,
  prePayment: false,
  contractSetup: { type: 'checkbox', amountType: null, unit: null, preSelected: true },
  variants: [],
};
const cards: SetupProduct = { ...board, id: 2, title: 'Sæsonkort', price: 180_000, contractSetup: { type: 'number', amountType: 'amount', unit: 'person', preSelected: false } };
const logo: SetupProduct = { ...board, id: 3, title: 'Logo', price: 2_500_000, contractSetup: { type: 'number-text', amountType: 'amount-price', unit: 'stk', preSelected: false } };
const speak: SetupProduct = { ...board, id: 4, title: 'Speak', price: 0, contractSetup: { type: 'text', amountType: null, unit: null, preSelected: false } };
const shirt: SetupProduct = {
  ...board,
  id: 5,
  title: 'Trøje',
  variants: [
    { id: 51, title: 'Small', sku: 'S', price: 40_000 },
    { id: 52, title: 'Large', sku: 'L', price: 45_000 },
  ],
};

describe('line setup (SPEC §4), rule by rule', () => {
  it('a ticked checkbox adds a line at the product price, amount 1; unticked removes it', () => {
    const on = applySetup([], board, { kind: 'checkbox', checked: true });
    expect(on).toHaveLength(1);
    expect(on[0]).toMatchObject({ productId: 1, title: 'Bandereklame', price: 1_500_000, amount: 1 });
    expect(applySetup(on, board, { kind: 'checkbox', checked: true })).toBe(on);
    expect(applySetup(on, board, { kind: 'checkbox', checked: false })).toEqual([]);
  });
  it('number lines exist while the amount is above 0', () => {
    const two = applySetup([], cards, { kind: 'number', amount: 2 });
    expect(two[0]).toMatchObject({ productId: 2, amount: 2, price: 180_000 });
    expect(applySetup(two, cards, { kind: 'number', amount: 3 })[0].amount).toBe(3);
    expect(applySetup(two, cards, { kind: 'number', amount: 0 })).toEqual([]);
  });
  it('price-type number lines take the price entered, and the server wants one', () => {
    const l = applySetup([], logo, { kind: 'number', amount: 1, price: 2_000_000 });
    expect(l[0].price).toBe(2_000_000);
    expect(setupLineProblem({ title: 'Logo', amount: 1, price: 0 }, logo.contractSetup)).toBe('Logo skal have en pris.');
    expect(setupLineProblem({ title: 'Logo', amount: 1, price: 1 }, logo.contractSetup)).toBeNull();
  });
  it('text lines carry a description and need one', () => {
    const l = applySetup([], speak, { kind: 'text', description: 'Ved hver kamp' });
    expect(l[0]).toMatchObject({ productId: 4, description: 'Ved hver kamp', amount: 1 });
    expect(applySetup(l, speak, { kind: 'text', description: ' ' })).toEqual([]);
    expect(setupLineProblem({ title: 'Speak', amount: 1, price: 0, description: '' }, speak.contractSetup)).toBe('Speak skal have en beskrivelse.');
  });
  it('choosing a variant sets its price and amount 1; clearing removes the line', () => {
    const s = applySetup([], shirt, { kind: 'variant', variantId: 51 });
    expect(s[0]).toMatchObject({ variantId: 51, price: 40_000, amount: 1, title: 'Trøje – Small' });
    const l = applySetup([{ ...s[0], amount: 4 }], shirt, { kind: 'variant', variantId: 52 });
    expect(l).toHaveLength(1);
    expect(l[0]).toMatchObject({ variantId: 52, price: 45_000, amount: 1 });
    expect(applySetup(l, shirt, { kind: 'variant', variantId: null })).toEqual([]);
  });
  it('other lines are left alone', () => {
    const other = applySetup([], cards, { kind: 'number', amount: 2 });
    const both = applySetup(other, board, { kind: 'checkbox', checked: true });
    expect(applySetup(both, board, { kind: 'checkbox', checked: false })).toEqual(other);
  });
  it('the category line is replaced when the category changes, only for a category with a sku', () => {
    const lines: ContractLine[] = applySetup([], board, { kind: 'checkbox', checked: true });
    const a = withCategoryLine(lines, { id: 1, title: 'Partnerskab', sku: 'PART', price: 500_000, invoiceTitle: null });
    expect(a[0]).toMatchObject({ categoryLine: true, sku: 'PART', price: 500_000, title: 'Partnerskab' });
    const b = withCategoryLine(a, { id: 2, title: 'Guld', sku: 'GULD', price: 900_000, invoiceTitle: 'Guldpartner' });
    expect(b.filter((l) => l.categoryLine).map((l) => l.title)).toEqual(['Guldpartner']);
    expect(withCategoryLine(b, { id: 3, title: 'Uden', sku: null, price: null, invoiceTitle: null })).toEqual(lines);
  });
});

describe('status machine', () => {
  it('header buttons by status', () => {
    expect(contractButtons('draft')).toEqual(['approve', 'delete', 'cancel']);
    expect(contractButtons('renewal')).toEqual(['approve', 'cancel']);
    expect(contractButtons('approved')).toEqual(['renew', 'edit', 'cancel']);
    expect(contractButtons('cancelled')).toEqual(['reactivate']);
    expect(contractTransition('approved', 'renew')).toEqual({ ok: true, to: 'approved' });
  });
});
