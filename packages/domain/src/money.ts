import { parseDecimal } from './numbers';

/**
 * Money and VAT in one place (DESIGN.md "Decisions"). Every amount here is an
 * integer number of øre; kroner only exist at the edge (forms, the wire of the
 * catalogue calls, formatting). Client and server compute line, order, cart and
 * contract totals with the same function, so they can never disagree.
 */

/** The VAT settings of a club (clients.vat_rate, prices_with_vat, disable_vat). */
export interface VatSettings {
  /** Percent, e.g. 25. */
  vatRate: number;
  /** Prices are entered including VAT (net = gross × 100 / (100 + vatRate), i.e. × 0.8 at 25 %). */
  pricesWithVat: boolean;
  /** No VAT at all: VAT is 0 and the total is the entered prices. */
  disableVat: boolean;
}

export const DANISH_VAT: VatSettings = { vatRate: 25, pricesWithVat: true, disableVat: false };

/** Rounds a / b half away from zero ("half-up" on magnitudes), exactly, for integers. */
function divRound(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  if (b < 0n) return divRound(-a, -b);
  const neg = a < 0n;
  const abs = neg ? -a : a;
  const q = (abs * 2n + b) / (2n * b);
  return neg ? -q : q;
}

/** A decimal written as digits (what String(number) or a form gives) → [integer, scale]. */
function exactDecimal(value: number | string): [bigint, number] {
  let s = typeof value === 'number' ? String(value) : value.trim();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
    // 1e21 and 1e-7 are written in exponent form: expand them.
    if (/e/i.test(s)) s = value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
  } else {
    const parsed = parseDecimal(s);
    if (parsed === null || Number.isNaN(parsed)) throw new RangeError(`not an amount: ${value}`);
    s = s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s;
  }
  const neg = s.startsWith('-');
  const [int, frac = ''] = (neg ? s.slice(1) : s).split('.');
  const digits = BigInt(`${int || '0'}${frac}`);
  return [neg ? -digits : digits, frac.length];
}

/** Rounds a number half-up (away from zero) to `decimals` places, on its decimal digits (no float drift: 1.005 → 1.01). */
export function roundHalfUp(value: number, decimals = 2): number {
  const [digits, scale] = exactDecimal(value);
  if (scale <= decimals) return value;
  const rounded = divRound(digits, 10n ** BigInt(scale - decimals));
  return Number(rounded) / 10 ** decimals;
}

/**
 * The wire's one kroner ↔ øre pair (server and web): amounts travel in kroner, everything else holds øre.
 * Kroner (number or Danish/English decimal text) → øre, half-up at two decimals: 12.345 → 1235,
 * '1.234,50' → 123450; null, undefined and '' stay null.
 */
export function kronerToOre(kroner: number | string): number;
export function kronerToOre(kroner: number | string | null | undefined): number | null;
export function kronerToOre(kroner: number | string | null | undefined): number | null {
  if (kroner === null || kroner === undefined || kroner === '') return null;
  const [digits, scale] = exactDecimal(kroner);
  const ore = scale <= 2 ? digits * 10n ** BigInt(2 - scale) : divRound(digits, 10n ** BigInt(scale - 2));
  return Number(ore);
}

/** Øre → kroner for the wire, at most two decimals (12345 → 123.45); null and undefined stay null. */
export function oreToKroner(ore: number): number;
export function oreToKroner(ore: number | null | undefined): number | null;
export function oreToKroner(ore: number | null | undefined): number | null {
  if (ore === null || ore === undefined) return null;
  return Number(BigInt(Math.round(Number(ore)))) / 100;
}

// Made on first use, not when the module loads: the web app loads this module on every page (the
// cart), and a browser's first Intl.NumberFormat loads its locale data (~15 ms on a fast machine, ~60
// ms on a throttled phone), a blocking task on a page that prints no money (/login).
let dkk: Intl.NumberFormat | undefined;
let plain: Intl.NumberFormat | undefined;

/** '1.234,50 kr.' — øre as DKK the Danish way (the one money formatter; '' for no amount). */
export function formatDKK(ore: number | null | undefined): string {
  if (ore === null || ore === undefined) return '';
  dkk ??= new Intl.NumberFormat('da-DK', { style: 'currency', currency: 'DKK' });
  return dkk.format(oreToKroner(ore));
}

/** '1.234,50' — the amount alone (SPEC §9 '0,0.00'), for tables with a currency column header. */
export function formatAmount(ore: number): string {
  plain ??= new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return plain.format(oreToKroner(ore));
}

/** Multiplies an øre price by a quantity (quantities may have decimals on number lines), half-up to whole øre. */
export function multiply(ore: number, quantity: number): number {
  const [q, scale] = exactDecimal(quantity);
  return Number(divRound(BigInt(ore) * q, 10n ** BigInt(scale)));
}

/** Share of `ore` given by a percentage (12.5 → 12.5 %), half-up to whole øre. */
export function percentOf(ore: number, percent: number): number {
  const [p, scale] = exactDecimal(percent);
  return Number(divRound(BigInt(ore) * p, 100n * 10n ** BigInt(scale)));
}

/**
 * Splits `amount` øre over `weights` in proportion, to whole øre, so the parts
 * add up to exactly `amount` (largest remainder; ties to the earlier weight).
 */
export function allocate(amount: number, weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + Math.max(0, w), 0);
  if (weights.length === 0) return [];
  if (total === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const a = BigInt(amount);
  const t = BigInt(total);
  const parts = weights.map((w) => {
    const n = a * BigInt(Math.max(0, w));
    // floor toward −∞ for both signs
    const q = n >= 0n ? n / t : -((-n + t - 1n) / t);
    return { q, r: n - q * t };
  });
  let rest = a - parts.reduce((s, p) => s + p.q, 0n);
  const order = parts.map((p, i) => ({ i, r: p.r })).sort((x, y) => (y.r > x.r ? 1 : y.r < x.r ? -1 : x.i - y.i));
  const out = parts.map((p) => p.q);
  for (const { i } of order) {
    if (rest <= 0n) break;
    out[i] += 1n;
    rest -= 1n;
  }
  return out.map(Number);
}

/** One line of an order, cart, contract or booking. */
export interface MoneyLine {
  /** Unit price in øre, as entered: gross when pricesWithVat, net otherwise. */
  unitPrice: number;
  /** Quantity; number lines may carry decimals. */
  amount: number;
  /** Discount on the whole line in øre, same basis as unitPrice. */
  discount?: number;
  /** The line carries no VAT (its price is its net price in either mode). */
  vatExempt?: boolean;
}

export interface LineTotal {
  /** unitPrice × amount, rounded to øre. */
  gross: number;
  /** Line discount plus the line's share of the order discount (never more than gross). */
  discount: number;
  /** gross − discount: what the line costs, as entered (incl. VAT when pricesWithVat). */
  total: number;
  vatExempt: boolean;
}

export interface Totals {
  lines: LineTotal[];
  /** Sum of the lines' totals before any discount, as entered. */
  gross: number;
  /** All discounts (line + order), as entered. */
  discount: number;
  /** Excluding VAT, after discounts. */
  subtotal: number;
  vat: number;
  /** subtotal + vat: what is paid. */
  total: number;
}

/**
 * Totals of a set of lines under a club's VAT settings.
 *
 * - Discounts are taken from the lines first; an order discount is spread over
 *   the lines in proportion to what is left of them, and never exceeds it.
 * - VAT is computed on the sum of the taxable lines, not line by line, so the
 *   same goods entered gross or net give the same subtotal, VAT and total.
 * - pricesWithVat: taxable net = round(taxable gross × 100 / (100 + rate)); VAT = gross − net.
 *   Otherwise: VAT = round(taxable net × rate / 100).
 * - vatExempt lines: no VAT in either mode. disableVat: VAT 0, prices taken as they are.
 */
export function computeTotals(lines: MoneyLine[], vat: VatSettings, opts: { orderDiscount?: number } = {}): Totals {
  const base = lines.map((l) => {
    const gross = multiply(l.unitPrice, l.amount);
    const lineDiscount = clampDiscount(l.discount ?? 0, gross);
    return { gross, lineDiscount, vatExempt: !!l.vatExempt };
  });
  const remaining = base.map((b) => b.gross - b.lineDiscount);
  const leftTotal = remaining.reduce((s, r) => s + Math.max(0, r), 0);
  const orderDiscount = Math.min(Math.max(0, opts.orderDiscount ?? 0), leftTotal);
  const shares = allocate(orderDiscount, remaining);
  const out: LineTotal[] = base.map((b, i) => {
    const discount = b.lineDiscount + shares[i];
    return { gross: b.gross, discount, total: b.gross - discount, vatExempt: b.vatExempt };
  });
  const taxable = out.filter((l) => !l.vatExempt).reduce((s, l) => s + l.total, 0);
  const exempt = out.filter((l) => l.vatExempt).reduce((s, l) => s + l.total, 0);
  const { net, vat: vatAmount } = vatOf(taxable, vat);
  const subtotal = net + exempt;
  return {
    lines: out,
    gross: out.reduce((s, l) => s + l.gross, 0),
    discount: out.reduce((s, l) => s + l.discount, 0),
    subtotal,
    vat: vatAmount,
    total: subtotal + vatAmount,
  };
}

/** A line's discount lies between 0 and its gross; a negative line (a credit note's) takes a negative discount the same way. */
function clampDiscount(discount: number, gross: number): number {
  if (gross >= 0) return Math.min(Math.max(0, discount), gross);
  return Math.max(Math.min(0, discount), gross);
}

/** Net and VAT of an amount of taxable goods entered in the club's price mode. */
export function vatOf(amount: number, vat: VatSettings): { net: number; vat: number; gross: number } {
  if (vat.disableVat || vat.vatRate === 0) return { net: amount, vat: 0, gross: amount };
  const [rate, scale] = exactDecimal(vat.vatRate);
  const unit = 100n * 10n ** BigInt(scale);
  if (vat.pricesWithVat) {
    const net = Number(divRound(BigInt(amount) * unit, unit + rate));
    return { net, vat: amount - net, gross: amount };
  }
  const v = Number(divRound(BigInt(amount) * rate, unit));
  return { net: amount, vat: v, gross: amount + v };
}

/** The price a shop visitor sees for a price entered in the club's mode: incl. VAT unless VAT is disabled or the line is exempt. */
export function displayPrice(ore: number, vat: VatSettings, vatExempt = false): number {
  if (vatExempt) return ore;
  return vatOf(ore, vat).gross;
}
