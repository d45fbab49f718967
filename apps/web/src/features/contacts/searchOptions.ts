import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import type { PickerOption } from './MultiSelectPicker';

/** What a MultiSelectPicker needs from a search: the options for the text typed, whether they load, and the search setter. */
export interface SearchOptions {
  options: PickerOption[];
  loading: boolean;
  onSearch: (text: string) => void;
}

/** Companies by search (name, CVR, city), each with its CVR and city under the name. */
export function useCompanyOptions(): SearchOptions {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const q = useQuery(trpc.companies.search.queryOptions({ search: search || undefined }, { placeholderData: keepPreviousData }));
  return { options: (q.data ?? []).map((c) => ({ id: c.id, label: c.name, sub: [c.cvr, c.city].filter(Boolean).join(' · ') })), loading: q.isFetching, onSearch: setSearch };
}

/** Contact lists by search, by title, each with its number of contacts. */
export function useContactListOptions(): SearchOptions {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const q = useQuery(
    trpc.contacts.lists.list.queryOptions({ search: search || undefined, sort: { field: 'Title', dir: 'asc' }, page: 1, perPage: 50 }, { placeholderData: keepPreviousData }),
  );
  return { options: (q.data?.rows ?? []).map((l) => ({ id: l.id, label: l.title, sub: `${l.contactCount} kontakter` })), loading: q.isFetching, onSearch: setSearch };
}
