import { Box } from '@chakra-ui/react';
import { MSG } from '@klubhus/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { columnHelper, DataTable } from '../../ui/DataTable';
import { AppLink, LinkButton } from '../../ui/LinkButton';
import { PageHeader } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { useListState } from '../../ui/useListState';
import { formatDateMedium } from '../../ui/format';
import { YesNo } from '../products/shared';
import { RowActions } from '../../ui/RowActions';

type Row = RouterOutputs['seasons']['list']['rows'][number];
const SORT_FIELDS = ['Name', 'StartDate', 'EndDate', 'Id'] as const;
const BASE = '/orders/seasons';

/** /orders/seasons: Name (title) ascending (SPEC §9), 10 per page, search. */
export default function SeasonsListPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useListState<(typeof SORT_FIELDS)[number]>({ sort: { field: 'Name', dir: 'asc' }, sortFields: SORT_FIELDS });
  const q = useQuery(trpc.seasons.list.queryOptions(list.input, { placeholderData: keepPreviousData }));
  const parents = useQuery(trpc.seasons.options.queryOptions());
  const remove = useSaveMutation({
    mutation: trpc.seasons.delete.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => queryClient.invalidateQueries(trpc.seasons.pathFilter()),
  });
  const titles = useMemo(() => new Map((parents.data ?? []).map((s) => [s.id, s.title])), [parents.data]);

  const columns = useMemo(() => {
    const col = columnHelper<Row>();
    return col.columns([
      col.accessor('title', {
        id: 'Name',
        header: 'Titel',
        cell: ({ row }) => (
          <AppLink to={`${BASE}/${row.original.id}`} fontWeight="medium">
            {row.original.title}
          </AppLink>
        ),
      }),
      col.accessor('startDate', { id: 'StartDate', header: 'Startdato', cell: ({ getValue }) => formatDateMedium(getValue()) }),
      col.accessor('endDate', { id: 'EndDate', header: 'Slutdato', cell: ({ getValue }) => formatDateMedium(getValue()) }),
      col.accessor('parentId', {
        id: 'parent',
        header: 'Overordnet sæson',
        enableSorting: false,
        cell: ({ getValue }) => {
          const p = getValue();
          return p ? (titles.get(p) ?? '') : '';
        },
      }),
      col.accessor('reservations', { id: 'reservations', header: 'Reservationer', enableSorting: false, cell: ({ getValue }) => <YesNo value={getValue()} /> }),
      col.display({
        id: 'actions',
        header: () => <Box srOnly>Handlinger</Box>,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            editTo={`${BASE}/${row.original.id}`}
            name={row.original.title}
            confirmText={MSG.confirmDeleteSeason}
            onDelete={() => remove.mutate({ id: row.original.id })}
          />
        ),
      }),
    ]);
  }, [remove.mutate, titles]);

  return (
    <>
      <PageHeader
        title="Sæsoner"
        actions={
          <LinkButton to={`${BASE}/create`} colorPalette="brand">
            <Plus /> Opret sæson
          </LinkButton>
        }
      />
      <DataTable
        label="Sæsoner"
        columns={columns}
        rows={q.data?.rows}
        total={q.data?.total}
        totalPages={q.data?.totalPages}
        loading={q.isFetching}
        list={list}
        getRowId={(r) => String(r.id)}
      />
    </>
  );
}
