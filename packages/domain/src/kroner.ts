import { z } from 'zod';
import { kronerToOre } from './money';
import { decimalMessage, minMessage, parseDecimal, required } from './numbers';

/** Form and API fields of amounts in kroner (Danish decimals), held as øre: money.ts without zod keeps the storefront light. */
/** zod: a required amount in kroner (comma accepted) → integer øre. SPEC §5 messages. */
export function kroner(label: string, opts: { min?: number } = { min: 0 }) {
  return z.union([z.string(), z.number()], { error: required(label) }).transform((value, ctx) => {
    const n = parseDecimal(value);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: required(label) });
      return z.NEVER;
    }
    if (Number.isNaN(n) || Math.abs(n) > 1e10) {
      ctx.addIssue({ code: 'custom', message: decimalMessage(label) });
      return z.NEVER;
    }
    if (opts.min !== undefined && n < opts.min) {
      ctx.addIssue({ code: 'custom', message: minMessage(label, opts.min) });
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
      if (Number.isNaN(n) || Math.abs(n) > 1e10) {
        ctx.addIssue({ code: 'custom', message: decimalMessage(label) });
        return z.NEVER;
      }
      if (opts.min !== undefined && n < opts.min) {
        ctx.addIssue({ code: 'custom', message: minMessage(label, opts.min) });
        return z.NEVER;
      }
      return kronerToOre(value as number | string);
    });
}
