import { z } from 'zod';
import { safeString } from './validation';

/** SPEC §9: page size options from one helper. */
export const PAGE_SIZES = [10, 25, 50, 100, 1000] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const sortDirection = z.enum(['asc', 'desc']);

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

export interface Page<T> {
  rows: T[];
  total: number;
  totalPages: number;
  page: number;
  perPage: number;
}

export const totalPages = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));
