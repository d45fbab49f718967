import { z } from 'zod';
import { decimalMessage, maxMessage, minMessage, parseDecimal, required } from './numbers';

/**
 * Field builders with SPEC §5's Danish messages, shared by server and client
 * forms so both say the same thing.
 */
/**
 * PostgreSQL refuses the NUL character (U+0000) in text; a value with one would
 * end as a 500. Every text builder here (and the list search) refuses it first.
 */
export const NUL_MESSAGE = 'Teksten indeholder et ugyldigt tegn.';
export const hasNul = (v: string) => v.includes('\u0000');
/** A string without NUL: the one check every text schema shares. */
export const safeString = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine((v) => !hasNul(v), NUL_MESSAGE);

/** True when a parsed request value (JSON body, query, form fields) holds a NUL anywhere, keys included. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  if (value instanceof Uint8Array) return false;
  return Object.entries(value).some(([k, v]) => hasNul(k) || containsNul(v, depth + 1));
}

/** Required text, trimmed. */
export const text = (label: string, max = 500) =>
  safeString({ error: required(label) })
    .trim()
    .min(1, required(label))
    .max(max, `${label} må maksimalt være ${max} tegn`);

/** Optional text: '' and null are stored as null. */
export const optionalText = (max = 5000) =>
  safeString()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const email = (label = 'E-mail') =>
  safeString({ error: required(label) })
    .trim()
    .min(1, required(label))
    .email(`${label} skal være en gyldig e-mail`)
    .transform((v) => v.toLowerCase());

export const optionalEmail = (label = 'E-mail') =>
  safeString()
    .trim()
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || z.email().safeParse(v).success, `${label} skal være en gyldig e-mail`);

type Range = { min?: number; max?: number };

/** The Danish message for a number outside its range, or null. */
function outOfRange(n: number, label: string, range: Range): string | null {
  if (range.min !== undefined && n < range.min) return minMessage(label, range.min);
  if (range.max !== undefined && n > range.max) return maxMessage(label, range.max);
  return null;
}

const refuse = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** A number field of a form or an API: a number or a string; blank is required unless optional. */
function numberField(label: string, range: Range, optional: boolean, parse: (value: string | number) => number, wrong: string) {
  const blank = (value: string | number | null | undefined): value is null | undefined | '' =>
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  return (value: string | number | null | undefined, ctx: z.RefinementCtx) => {
    if (blank(value)) return optional ? null : refuse(ctx, required(label));
    const n = parse(value);
    if (Number.isNaN(n)) return refuse(ctx, wrong);
    const message = outOfRange(n, label, range);
    return message ? refuse(ctx, message) : n;
  };
}

const asDecimal = (value: string | number) => parseDecimal(value) ?? Number.NaN;
const asInteger = (value: string | number) => {
  const n = typeof value === 'number' ? value : Number(value.trim());
  return Number.isInteger(n) ? n : Number.NaN;
};
const integerMessage = (label: string) => `${label} skal være et heltal.`;

/** A decimal number accepting a comma (e.g. '1.234,50'). */
export function decimal(label: string, range: Range = {}) {
  const check = numberField(label, range, false, asDecimal, decimalMessage(label));
  return z.union([z.string(), z.number()], { error: required(label) }).transform((v, ctx) => check(v, ctx) as number);
}

/** A decimal number or null when left blank. */
export function optionalDecimal(label: string, range: Range = {}) {
  return z.union([z.string(), z.number()]).nullish().transform(numberField(label, range, true, asDecimal, decimalMessage(label)));
}

/** A whole number (numeric fields such as amounts); accepts numeric strings. */
export function integer(label: string, range: Range = {}) {
  const check = numberField(label, range, false, asInteger, integerMessage(label));
  return z.union([z.string(), z.number()], { error: required(label) }).transform((v, ctx) => check(v, ctx) as number);
}

/** A whole number or null when left blank. */
export function optionalInteger(label: string, range: Range = {}) {
  return z.union([z.string(), z.number()]).nullish().transform(numberField(label, range, true, asInteger, integerMessage(label)));
}

/** 'YYYY-MM-DD' or a full ISO timestamp; '' → null. */
export const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.slice(0, 10) : null))
    .refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v), `${label} skal være en gyldig dato`);

export const date = (label: string) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .transform((v) => v.slice(0, 10))
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)), `${label} skal være en gyldig dato`);

/** The input of a procedure that takes none. */
export const ZNoInput = z.void();

/** Positive integer id, accepting numeric strings from forms and URLs. */
/** PostgreSQL's integer: a larger id can name no row, and must not reach the database. */
export const MAX_ID = 2_147_483_647;
export const ID_MESSAGE = 'Ugyldigt id';
export const id = z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(MAX_ID, ID_MESSAGE);
export const optionalId = z
  .union([id, z.literal(''), z.null()])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));

/** Checkbox values from forms: 'true'/'1'/'on' count as true. */
export const bool = z
  .union([z.boolean(), z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1' || v === 'on');

/** The first issue's message: what a toast or banner shows. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Ugyldige data';
}
