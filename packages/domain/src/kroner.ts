import { z } from 'zod';
import { kronerToOre } from './money';
import { decimalMessage, minMessage, parseDecimal, required } from './numbers';

/** Form and API fields of amounts in kroner (Danish decimals), held as øre: money.ts without zod keeps the storefront light. */
/** zod: a required amount in kroner (comma accepted) → integer øre. SPEC §5 messages. */
export function kroner(label: string, opts: { min?: number } = { min: 0 }) {
  return z.union([z.string(), z.number()], { error: required(label) }).transform((value, ctx) => {
    const n = parseDecimal(value);
    const error = n === null ? required(label) : amountError(n, label, opts);
    if (error) {
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    }
    return kronerToOre(value);
  });
}

/** zod: an optional amount in kroner → øre or null ('' and null are empty). */
export function optionalKroner(label: string, opts: { min?: number } = { min: 0 }) {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, ctx) => {
      const n = parseDecimal(value);
      if (n === null) return null;
      const error = amountError(n, label, opts);
      if (error) {
        ctx.addIssue({ code: 'custom', message: error });
        return z.NEVER;
      }
      return kronerToOre(value as number | string);
    });
}

/** What is wrong with an amount in kroner that was given: not a number (or absurdly large), or below the minimum; null when nothing. */
function amountError(n: number, label: string, opts: { min?: number }): string | null {
  if (Number.isNaN(n) || Math.abs(n) > 1e10) return decimalMessage(label);
  if (opts.min !== undefined && n < opts.min) return minMessage(label, opts.min);
  return null;
}
