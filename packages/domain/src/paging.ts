/** SPEC §9: page size options from one helper (no zod: the tables' first load). */
export const PAGE_SIZES = [10, 25, 50, 100, 1000] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface Page<T> {
  rows: T[];
  total: number;
  totalPages: number;
  page: number;
  perPage: number;
}

export const totalPages = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));
