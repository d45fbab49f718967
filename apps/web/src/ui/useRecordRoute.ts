import { type MutationOptions, type QueryFilters, type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from './errors';
import { useSaveMutation } from './save';
import { notify } from './toaster';

/** The record an edit screen shows, from its `:id` route parameter ('create' for a new one). */
export interface RecordRoute<TRecord> {
  /** The list the screen came from: Tilbage, a bad id, a load error and a deletion go there. */
  list: string;
  /** Where the records live: a saved new record goes to `${base}/${id}` (the list's path unless the screens sit elsewhere, as /orders/:id beside /orders/orders). */
  base: string;
  /** The raw `:id` parameter; key the form on it so a new id mounts a fresh form. */
  key: string;
  isNew: boolean;
  /** The record's id; null for a new record (and for a bad id, which leaves at once). */
  id: number | null;
  /** The loaded record (kept fresh by its query); undefined for a new record. */
  record: TRecord | undefined;
  /** False while an existing record loads: show <PageSpinner />. */
  ready: boolean;
  /** Leaves the screen without asking about unsaved changes (after a save or a deletion). */
  leave: (to: string) => void;
  /** True while `leave` navigates: the dirty-form guard lets it through. */
  leaving: RefObject<boolean>;
}

/**
 * Reads `:id` ('create' means new), loads the record through the given tRPC query
 * and goes back to `list` on a bad id, or on a load error with the server's Danish
 * message in an error toast (SPEC §4, §8).
 *
 *   const route = useRecordRoute('/products/invoicegroups', (id) => trpc.invoiceGroups.get.queryOptions({ id }));
 *   if (!route.ready) return <PageSpinner />;
 *   return <GroupForm key={route.key} route={route} />;
 */
export function useRecordRoute<TQueryFnData, TError, TData, TKey extends QueryKey>(
  list: string,
  query: (id: number) => UseQueryOptions<TQueryFnData, TError, TData, TKey>,
  opts: { base?: string } = {},
): RecordRoute<TData> {
  const { id: param = '' } = useParams();
  const navigate = useNavigate();
  const isNew = param === 'create';
  const n = Number(param);
  const id = !isNew && Number.isInteger(n) && n > 0 ? n : null;
  const valid = isNew || id !== null;
  const q = useQuery({ ...query(id ?? 0), enabled: id !== null });
  const leaving = useRef(false);
  const leave = useCallback(
    (to: string) => {
      leaving.current = true;
      navigate(to, { replace: true });
    },
    [navigate],
  );
  // A new id (after the first save) is a new screen: the guard asks again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the route's id changes
  useEffect(() => {
    leaving.current = false;
  }, [param]);
  useEffect(() => {
    if (!valid) leave(list);
  }, [valid, list, leave]);
  useEffect(() => {
    if (q.error) {
      notify.error(errorMessage(q.error));
      leave(list);
    }
  }, [q.error, list, leave]);
  return { list, base: opts.base ?? list, key: param, isNew, id, record: q.data, ready: isNew || q.data !== undefined, leave, leaving };
}

/** What an update procedure answers: the record's id, whether it was created, the Danish success text. */
export interface SaveResult {
  id: number;
  created: boolean;
  message?: string;
}

export interface RecordSaveOptions<TData extends SaveResult, TError, TVariables> {
  /** trpc.<router>.update.mutationOptions(), or { mutationFn } for a save that does more. */
  mutation: MutationOptions<TData, TError, TVariables>;
  /** Queries to refresh after a save: [trpc.<router>.pathFilter(), ...]. */
  invalidate: QueryFilters[];
  /** After saving an existing record (the form is already reset to what was saved): e.g. reset it to fresh server values. */
  onSaved?: (result: TData, variables: TVariables) => unknown;
}

/**
 * The save of an edit screen: the server's text in a success toast (errors in an
 * error toast), the given queries refreshed, then a new record's route replaced
 * with its id (SPEC §4), or an existing record's form marked clean.
 */
export function useRecordSave<TData extends SaveResult, TError, TVariables, TForm extends FieldValues, TOut>(
  route: RecordRoute<unknown>,
  form: UseFormReturn<TForm, unknown, TOut>,
  opts: RecordSaveOptions<TData, TError, TVariables>,
) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutation: opts.mutation,
    success: (r) => r.message,
    onSuccess: async (r, variables) => {
      await Promise.all(opts.invalidate.map((filter) => queryClient.invalidateQueries(filter)));
      if (r.created) return route.leave(`${route.base}/${r.id}`);
      form.reset(form.getValues());
      await opts.onSaved?.(r, variables);
    },
  });
}

/** The deletion behind an edit screen's Slet: success toast, queries refreshed, back to the list. */
export function useRecordDelete<TData extends { message?: string }, TError>(
  route: RecordRoute<unknown>,
  opts: { mutation: MutationOptions<TData, TError, { id: number }>; invalidate: QueryFilters[] },
) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutation: opts.mutation,
    success: (r) => r.message,
    onSuccess: async () => {
      await Promise.all(opts.invalidate.map((filter) => queryClient.invalidateQueries(filter)));
      route.leave(route.list);
    },
  });
}
