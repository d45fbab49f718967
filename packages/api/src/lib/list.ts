import { totalPages } from '@klubhus/domain';
import { type SelectQueryBuilder, sql } from 'kysely';

/** Escapes LIKE wildcards so a search for '50%' finds '50%'. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of a list plus its total, in two queries on the same transaction.
 * The caller has applied filters; sorting is given as an already-validated column.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  opts: { page: number; perPage: number },
): Promise<{ rows: O[]; total: number; totalPages: number; page: number; perPage: number }> {
  const countRow = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirst();
  const total = Number((countRow as { count?: number } | undefined)?.count ?? 0);
  const rows = await query
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage)
    .execute();
  return { rows, total, totalPages: totalPages(total, opts.perPage), page: opts.page, perPage: opts.perPage };
}
