import { describe, expect, it } from 'vitest';
import {
  defaultAfterTypeChange,
  normaliseDefaultValue,
  ZCustomFieldUpdateRequest,
  ZDiscountCodeUpdateRequest,
  ZOrderCategoryUpdateRequest,
  ZProductCategoryUpdateRequest,
  ZProductUpdateRequest,
  ZSeasonUpdateRequest,
} from '../src/catalogue';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;
const product = { title: 'Sæsonkort', type: 'product', price: '1.250,50' };

describe('product validation (SPEC §5)', () => {
  it('requires title, type and price, and reads Danish decimals into øre', () => {
    expect(ZProductUpdateRequest.parse(product)).toMatchObject({ title: 'Sæsonkort', type: 'product', price: 125050, active: true, showOnInvoice: true });
    expect(first(ZProductUpdateRequest.safeParse({ ...product, title: '' }))).toBe('Titel er påkrævet');
    expect(first(ZProductUpdateRequest.safeParse({ ...product, type: '' }))).toBe('Type er påkrævet');
    expect(first(ZProductUpdateRequest.safeParse({ ...product, type: 'gave' }))).toBe('Type er ugyldig');
    expect(first(ZProductUpdateRequest.safeParse({ ...product, price: '' }))).toBe('Pris er påkrævet');
    expect(first(ZProductUpdateRequest.safeParse({ ...product, price: '12x' }))).toBe('Pris skal være et gyldigt tal.');
    expect(first(ZProductUpdateRequest.safeParse({ ...product, saleAmount: 'mange' }))).toBe('Salgsantal skal være et heltal.');
  });

  it('allows reservation only for seat tickets', () => {
    expect(first(ZProductUpdateRequest.safeParse({ ...product, reservation: true }))).toBe('Reservation kan kun vælges for pladsbilletter.');
    expect(ZProductUpdateRequest.parse({ ...product, type: 'seat-ticket', reservation: true }).reservation).toBe(true);
  });

  it('validates variants and options', () => {
    expect(first(ZProductUpdateRequest.safeParse({ ...product, variants: [{ title: '', price: 1 }] }))).toBe('Titel er påkrævet');
    expect(first(ZProductUpdateRequest.safeParse({ ...product, variants: [{ title: 'Voksen', price: '' }] }))).toBe('Pris er påkrævet');
    expect(first(ZProductUpdateRequest.safeParse({ ...product, options: [{ productId: '' }] }))).toBe('Produkt er påkrævet');
    expect(first(ZProductUpdateRequest.safeParse({ ...product, options: [{ productId: 4, priceOverride: true, price: '' }] }))).toBe('Pris er påkrævet');
    const ok = ZProductUpdateRequest.parse({ ...product, options: [{ productId: 4, priceOverride: false, price: '10' }, { productId: 5, priceOverride: true, price: '10,5' }] });
    expect(ok.options.map((o) => o.price)).toEqual([null, 1050]);
    expect(first(ZProductUpdateRequest.safeParse({ ...product, id: 4, options: [{ productId: 4 }] }))).toBe('Et produkt kan ikke være tilvalg til sig selv.');
  });

  it('validates the contract setup: type; amount type for number types; unit for amount types', () => {
    const setup = (contractSetup: object) => ZProductUpdateRequest.safeParse({ ...product, contractSetup });
    expect(first(setup({ type: '' }))).toBe('Type er påkrævet');
    expect(first(setup({ type: 'number' }))).toBe('Antalstype er påkrævet');
    expect(first(setup({ type: 'number-text', amountType: 'amount' }))).toBe('Enhed er påkrævet');
    expect(setup({ type: 'number', amountType: 'price' }).success).toBe(true);
    expect(setup({ type: 'number', amountType: 'amount-price', unit: 'person' }).data?.contractSetup).toEqual({
      type: 'number',
      amountType: 'amount-price',
      unit: 'person',
      preSelected: false,
    });
    // A checkbox keeps no amount type or unit.
    expect(setup({ type: 'checkbox', amountType: 'amount', unit: 'stk' }).data?.contractSetup).toMatchObject({ amountType: null, unit: null });
  });
});

describe('reference data validation', () => {
  it('category and order category', () => {
    expect(first(ZProductCategoryUpdateRequest.safeParse({ title: ' ' }))).toBe('Titel er påkrævet');
    expect(first(ZOrderCategoryUpdateRequest.safeParse({ title: 'Sponsorat', price: 'x' }))).toBe('Pris skal være et gyldigt tal.');
    expect(ZOrderCategoryUpdateRequest.parse({ title: 'Sponsorat', price: '1000,5' }).price).toBe(100050);
  });

  it('season: dates, end after start, reservation expiry when a parent is set', () => {
    const s = { title: '2026/27', startDate: '2026-07-01', endDate: '2027-06-30' };
    expect(ZSeasonUpdateRequest.safeParse(s).success).toBe(true);
    expect(first(ZSeasonUpdateRequest.safeParse({ ...s, startDate: '' }))).toBe('Startdato er påkrævet');
    expect(first(ZSeasonUpdateRequest.safeParse({ ...s, endDate: '2026-06-30' }))).toBe('Slutdato skal være samme dag som eller efter startdato.');
    expect(first(ZSeasonUpdateRequest.safeParse({ ...s, parentId: 3 }))).toBe('Reservation udløber er påkrævet');
    expect(first(ZSeasonUpdateRequest.safeParse({ ...s, id: 3, parentId: 3, reservationExpires: '2026-06-01' }))).toBe(
      'En sæson kan ikke være sin egen overordnede sæson.',
    );
  });

  it('custom field: title and type; dropdown needs values; number default is a decimal', () => {
    expect(first(ZCustomFieldUpdateRequest.safeParse({ title: 'Felt' }))).toBe('Type er påkrævet');
    expect(first(ZCustomFieldUpdateRequest.safeParse({ title: 'Felt', type: 'Dropdown' }))).toBe('En dropdown skal have mindst én værdi.');
    expect(normaliseDefaultValue('Number', '12,5', [])).toBe('12.5');
    expect(() => normaliseDefaultValue('Number', 'tolv', [])).toThrow('Standardværdi skal være et gyldigt tal.');
    expect(() => normaliseDefaultValue('Dropdown', 'C', ['A', 'B'])).toThrow('Standardværdien skal være en af værdierne.');
    expect(normaliseDefaultValue('Checkbox', 'on', [])).toBe('true');
  });

  it('custom field type change drops the carried-over default but keeps a new one', () => {
    expect(defaultAfterTypeChange({ type: 'Text', defaultValue: '12' }, { type: 'Number', defaultValue: '12' })).toBeNull();
    expect(defaultAfterTypeChange({ type: 'Text', defaultValue: 'abc' }, { type: 'Number', defaultValue: '7' })).toBe('7');
    expect(defaultAfterTypeChange({ type: 'Number', defaultValue: '12' }, { type: 'Number', defaultValue: '12' })).toBe('12');
    expect(defaultAfterTypeChange(null, { type: 'Number', defaultValue: '12' })).toBe('12');
  });

  it('discount code: title, code, expiry, discount; percentage by default, inactive by default', () => {
    const d = { title: 'Sommer', code: 'SOMMER26', expires: '2026-08-31', discount: '12,5' };
    expect(ZDiscountCodeUpdateRequest.parse(d)).toMatchObject({ percentage: true, active: false, discountHundredths: 1250, amount: null, productIds: [] });
    expect(first(ZDiscountCodeUpdateRequest.safeParse({ ...d, code: '' }))).toBe('Kode er påkrævet');
    expect(first(ZDiscountCodeUpdateRequest.safeParse({ ...d, expires: '' }))).toBe('Udløbsdato er påkrævet');
    expect(first(ZDiscountCodeUpdateRequest.safeParse({ ...d, discount: '' }))).toBe('Rabat er påkrævet');
    expect(first(ZDiscountCodeUpdateRequest.safeParse({ ...d, discount: 'ti' }))).toBe('Rabat skal være et gyldigt tal.');
    expect(first(ZDiscountCodeUpdateRequest.safeParse({ ...d, amount: 'x' }))).toBe('Antal skal være et heltal.');
    expect(first(ZDiscountCodeUpdateRequest.safeParse({ ...d, productIds: [''] }))).toBe('Produkt er påkrævet');
    expect(first(ZDiscountCodeUpdateRequest.safeParse({ ...d, discount: '120' }))).toBe('Rabat må maksimalt være 100 eller mindre');
    expect(ZDiscountCodeUpdateRequest.parse({ ...d, percentage: false, discount: '250' }).discountHundredths).toBe(25000);
  });
});
