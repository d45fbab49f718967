import { allocate, percentOf } from './money';

/**
 * Discount codes (SPEC §3 "Discount code"): the rules that decide whether a
 * code applies to a basket and how much it takes off. Booking, webshop checkout
 * and orders all call these, so a code means the same everywhere. Consuming a
 * use is a separate, locked step on the server (consumeDiscountCode in the api
 * package) that runs checkDiscountCode again under the row lock.
 */

export const DISCOUNT_MSG = {
  unknown: 'Rabatkoden findes ikke.',
  inactive: 'Rabatkoden er ikke aktiv.',
  expired: 'Rabatkoden er udløbet.',
  usedUp: 'Rabatkoden er brugt op.',
  notApplicable: 'Rabatkoden gælder ikke for varerne i kurven.',
} as const;

export type DiscountRefusal = keyof typeof DISCOUNT_MSG;

export interface DiscountCodeRule {
  code: string;
  active: boolean;
  /** Last day the code works, 'YYYY-MM-DD', inclusive, in the club's time zone. */
  expires: string;
  /** Uses allowed; null = unlimited. */
  amount: number | null;
  /** Uses so far. */
  uses: number;
  /** Percentage codes: percent (12.5 = 12,5 %). Fixed codes: øre. */
  discount: number;
  percentage: boolean;
  /** The code only applies to these products; empty = every product. */
  productIds: number[];
}

export interface BasketLine {
  productId: number | null;
  /** What the line costs before the code, in øre (after its own line discount), price mode as entered. */
  total: number;
}

export type DiscountCheck = { ok: true } | { ok: false; reason: DiscountRefusal; message: string };

export interface DiscountResult {
  ok: true;
  /** Total taken off, øre. */
  discount: number;
  /** Per basket line, same order; 0 for lines the code does not cover. Sums to discount. */
  lines: number[];
  /** Sum of the lines the code covers. */
  eligibleSubtotal: number;
}

/** Today's date 'YYYY-MM-DD' in a time zone (default Europe/Berlin, SPEC). */
export function todayIn(timeZone = 'Europe/Berlin', now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const refuse = (reason: DiscountRefusal): DiscountCheck => ({ ok: false, reason, message: DISCOUNT_MSG[reason] });

/** Compares codes the way the database does (unique per club, case-insensitive). */
export const normaliseCode = (code: string) => code.trim().toLowerCase();

/** Can the code be used at all right now (active, not expired, uses left)? `today` is the club's date. */
export function checkDiscountCode(code: DiscountCodeRule | null | undefined, today: string): DiscountCheck {
  if (!code) return refuse('unknown');
  if (!code.active) return refuse('inactive');
  if (today > code.expires) return refuse('expired');
  if (code.amount !== null && code.uses >= code.amount) return refuse('usedUp');
  return { ok: true };
}

/**
 * What the code takes off a basket. Percentage codes take that share of each
 * covered line (half-up per line); fixed codes take the amount once, spread
 * over the covered lines in proportion, and never more than their subtotal.
 */
export function applyDiscountCode(
  code: DiscountCodeRule | null | undefined,
  lines: BasketLine[],
  today: string,
): DiscountResult | Extract<DiscountCheck, { ok: false }> {
  const check = checkDiscountCode(code, today);
  if (!check.ok) return check;
  const rule = code as DiscountCodeRule;
  const restricted = rule.productIds.length > 0;
  const covered = lines.map((l) => l.total > 0 && (!restricted || (l.productId !== null && rule.productIds.includes(l.productId))));
  const eligibleSubtotal = lines.reduce((s, l, i) => s + (covered[i] ? l.total : 0), 0);
  if (eligibleSubtotal <= 0) return { ok: false, reason: 'notApplicable', message: DISCOUNT_MSG.notApplicable };
  let perLine: number[];
  if (rule.percentage) {
    const pct = Math.min(Math.max(rule.discount, 0), 100);
    perLine = lines.map((l, i) => (covered[i] ? Math.min(percentOf(l.total, pct), l.total) : 0));
  } else {
    const take = Math.min(Math.max(rule.discount, 0), eligibleSubtotal);
    perLine = allocate(
      take,
      lines.map((l, i) => (covered[i] ? l.total : 0)),
    );
  }
  return { ok: true, discount: perLine.reduce((s, d) => s + d, 0), lines: perLine, eligibleSubtotal };
}
