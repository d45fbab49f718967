import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './paging';
import { safeString } from './validation';


export const sortDirection = z.enum(['asc', 'desc']);

/** A list filter's choice (a status, a type): one of `values`, or 'Alle', '' or null for all (null). */
export const choiceFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('Alle'), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v && v !== 'Alle' ? (v as T[number]) : null));

/**
 * The list protocol of SPEC §7: POST {endpoint} {filter, sort{field,dir}, page, perPage}
 * -> {Result, TotalPages, Total}. Each domain narrows filter and sort.field.
 */
export function listInput<F extends z.ZodTypeAny, S extends readonly [string, ...string[]]>(
  filter: F,
  sortFields: S,
  defaultSort: { field: S[number]; dir: 'asc' | 'desc' },
) {
  return z.object({
    filter: filter.optional(),
    search: safeString().trim().max(200).optional(),
    sort: z
      .object({ field: z.enum(sortFields as unknown as [string, ...string[]]), dir: sortDirection.default('asc') })
      .default(defaultSort as { field: string; dir: 'asc' | 'desc' }),
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Ugyldig sidestørrelse')
      .default(DEFAULT_PAGE_SIZE),
  });
}


