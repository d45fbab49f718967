import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@klubhus/domain';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export interface ListSort<F extends string = string> {
  field: F;
  dir: 'asc' | 'desc';
}

export interface ListState<F extends string = string> {
  search: string;
  sort: ListSort<F>;
  page: number;
  perPage: number;
  /** Extra filters (e.g. status) kept in the query string too. */
  filters: Record<string, string>;
  setSearch(search: string): void;
  setSort(sort: ListSort<F>): void;
  setPage(page: number): void;
  setPerPage(perPage: number): void;
  setFilter(key: string, value: string | null): void;
  /** Several filters at once (null or '' clears one), e.g. both ends of a date range. */
  setFilters(changes: Record<string, string | null>): void;
  /** The list protocol input for the server: {search, sort, page, perPage}. */
  input: { search?: string; sort: ListSort<F>; page: number; perPage: number };
}

const RESERVED = new Set(['q', 'sort', 'dir', 'page', 'size']);

/**
 * Search, sort, page and page size of a server-paged list, kept in the URL
 * query string (?q=&sort=&dir=&page=&size=) so back/forward and reload keep
 * the list where it was. Changing search, sort, size or a filter goes to page 1.
 *
 *   const list = useListState<'Name' | 'Sorting'>({ sort: { field: 'Sorting', dir: 'asc' } });
 *   const q = useQuery(trpc.modules.list.queryOptions(list.input, { placeholderData: keepPreviousData }));
 */
export function useListState<F extends string = string>(defaults: { sort: ListSort<F>; perPage?: number; sortFields?: readonly F[] }): ListState<F> {
  const [params, setParams] = useSearchParams();
  const defaultPerPage = defaults.perPage ?? DEFAULT_PAGE_SIZE;

  const search = params.get('q') ?? '';
  const sortParam = params.get('sort') as F | null;
  const validSort = sortParam && (!defaults.sortFields || defaults.sortFields.includes(sortParam));
  const sort: ListSort<F> = validSort
    ? { field: sortParam, dir: params.get('dir') === 'desc' ? 'desc' : 'asc' }
    : defaults.sort;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sizeParam = Number.parseInt(params.get('size') ?? '', 10);
  const perPage = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : defaultPerPage;
  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [k, v] of params) if (!RESERVED.has(k)) out[k] = v;
    return out;
  }, [params]);

  // React Router hands a functional update the params of the render that made the setter, and
  // renders a navigation later (a transition): a change made in between (a filter set while the
  // search box's timer runs) would be overwritten by the next. Each change builds on the last one.
  const latest = useRef(params);
  const rendered = useRef(params);
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const update = useCallback(
    (changes: Record<string, string | null>, resetPage: boolean) => {
      const next = new URLSearchParams(latest.current);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '') next.delete(k);
        else next.set(k, v);
      }
      if (resetPage) next.delete('page');
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  return {
    search,
    sort,
    page,
    perPage,
    filters,
    setSearch: (s) => update({ q: s.trim() || null }, true),
    setSort: (s) => update({ sort: s.field, dir: s.dir }, true),
    setPage: (p) => update({ page: p > 1 ? String(p) : null }, false),
    setPerPage: (n) => update({ size: n === defaultPerPage ? null : String(n) }, true),
    setFilter: (k, v) => update({ [k]: v }, true),
    setFilters: (changes) => update(changes, true),
    input: { ...(search ? { search } : {}), sort, page, perPage },
  };
}
