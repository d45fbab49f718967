/**
 * SPEC §5's number texts and the Danish decimal parser, without zod: the storefront's first load
 * (money on the cart, prices on cards) needs them, not the schemas (validation.ts builds those).
 */
export const required = (label: string) => `${label} er påkrævet`;
export const minMessage = (label: string, min: number) => `${label} skal minimum være ${min} eller mere`;
export const maxMessage = (label: string, max: number) => `${label} må maksimalt være ${max} eller mindre`;
export const decimalMessage = (label: string) => `${label} skal være et gyldigt tal.`;
export const confirmMessage = (label: string, other: string) => `${label} skal matche ${other}`;

/** Parses '1.234,50', '1234.5', 1234.5; the Danish comma is a decimal separator. */
export function parseDecimal(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (s === '') return null;
  const normalised = s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s;
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return Number.NaN;
  return Number(normalised);
}
