import { z } from 'zod';

/**
 * Field builders with SPEC §5's Danish messages, shared by server and client
 * forms so both say the same thing.
 */
export const required = (label: string) => `${label} er påkrævet`;
export const minMessage = (label: string, min: number) => `${label} skal minimum være ${min} eller mere`;
export const maxMessage = (label: string, max: number) => `${label} må maksimalt være ${max} eller mindre`;
export const decimalMessage = (label: string) => `${label} skal være et gyldigt tal.`;
export const confirmMessage = (label: string, other: string) => `${label} skal matche ${other}`;

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

/** A decimal number accepting a comma; required unless optional is set. */
export function decimal(label: string, opts: { min?: number; max?: number } = {}) {
  return z.union([z.string(), z.number()], { error: required(label) }).transform((value, ctx) => {
    const n = parseDecimal(value);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: required(label) });
      return z.NEVER;
    }
    if (Number.isNaN(n)) {
      ctx.addIssue({ code: 'custom', message: decimalMessage(label) });
      return z.NEVER;
    }
    if (opts.min !== undefined && n < opts.min) {
      ctx.addIssue({ code: 'custom', message: minMessage(label, opts.min) });
      return z.NEVER;
    }
    if (opts.max !== undefined && n > opts.max) {
      ctx.addIssue({ code: 'custom', message: maxMessage(label, opts.max) });
      return z.NEVER;
    }
    return n;
  });
}

export function optionalDecimal(label: string, opts: { min?: number; max?: number } = {}) {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, ctx) => {
      const n = parseDecimal(value);
      if (n === null) return null;
      if (Number.isNaN(n)) {
        ctx.addIssue({ code: 'custom', message: decimalMessage(label) });
        return z.NEVER;
      }
      if (opts.min !== undefined && n < opts.min) {
        ctx.addIssue({ code: 'custom', message: minMessage(label, opts.min) });
        return z.NEVER;
      }
      return n;
    });
}

/** A whole number (numeric fields such as amounts); accepts numeric strings. */
export function integer(label: string, opts: { min?: number; max?: number } = {}) {
  return z.union([z.string(), z.number()], { error: required(label) }).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : value.trim() === '' ? null : Number(value.trim());
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: required(label) });
      return z.NEVER;
    }
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: `${label} skal være et heltal.` });
      return z.NEVER;
    }
    if (opts.min !== undefined && n < opts.min) {
      ctx.addIssue({ code: 'custom', message: minMessage(label, opts.min) });
      return z.NEVER;
    }
    if (opts.max !== undefined && n > opts.max) {
      ctx.addIssue({ code: 'custom', message: maxMessage(label, opts.max) });
      return z.NEVER;
    }
    return n;
  });
}

export function optionalInteger(label: string, opts: { min?: number; max?: number } = {}) {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
      const n = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `${label} skal være et heltal.` });
        return z.NEVER;
      }
      if (opts.min !== undefined && n < opts.min) {
        ctx.addIssue({ code: 'custom', message: minMessage(label, opts.min) });
        return z.NEVER;
      }
      return n;
    });
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
