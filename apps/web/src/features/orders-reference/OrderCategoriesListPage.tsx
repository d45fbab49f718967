import { Box } from '@chakra-ui/react';
import { formatDKK, kronerToOre, MSG } from '@klubhus/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { columnHelper, DataTable } from '../../ui/DataTable';
import { AppLink, LinkButton } from '../../ui/LinkButton';
import { PageHeader } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { useListState } from '../../ui/useListState';
import { YesNo } from '../products/shared';
import { RowActions } from '../../ui/RowActions';

type Row = RouterOutputs['orderCategories']['list']['rows'][number];
const SORT_FIELDS = ['Title', 'Sku', 'Price', 'Sorting', 'Id'] as const;
const BASE = '/orders/categories';

/** /orders/categories: order and agreement categories, Title ascending, 10 per page, search. */
export default function OrderCategoriesListPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useListState<(typeof SORT_FIELDS)[number]>({ sort: { field: 'Title', dir: 'asc' }, sortFields: SORT_FIELDS });
  const q = useQuery(trpc.orderCategories.list.queryOptions(list.input, { placeholderData: keepPreviousData }));
  const remove = useSaveMutation({
    mutation: trpc.orderCategories.delete.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => queryClient.invalidateQueries(trpc.orderCategories.pathFilter()),
  });

  const columns = useMemo(() => {
    const col = columnHelper<Row>();
    return col.columns([
      col.accessor('title', {
        id: 'Title',
        header: 'Titel',
        cell: ({ row }) => (
          <AppLink to={`${BASE}/${row.original.id}`} fontWeight="medium">
            {row.original.title}
          </AppLink>
        ),
      }),
      col.accessor('sku', { id: 'Sku', header: 'Varenr.', cell: ({ getValue }) => getValue() ?? '' }),
      col.accessor('price', { id: 'Price', header: 'Pris', cell: ({ getValue }) => formatDKK(kronerToOre(getValue())) }),
      col.accessor('showOnShop', { id: 'showOnShop', header: 'Vis i webshop', enableSorting: false, cell: ({ getValue }) => <YesNo value={getValue()} /> }),
      col.accessor('sorting', { id: 'Sorting', header: 'Sortering' }),
      col.display({
        id: 'actions',
        header: () => <Box srOnly>Handlinger</Box>,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            editTo={`${BASE}/${row.original.id}`}
            name={row.original.title}
            confirmText={MSG.confirmDeleteCategory}
            onDelete={() => remove.mutate({ id: row.original.id })}
          />
        ),
      }),
    ]);
  }, [remove.mutate]);

  return (
    <>
      <PageHeader
        title="Kategorier"
        actions={
          <LinkButton to={`${BASE}/create`} colorPalette="brand">
            <Plus /> Opret kategori
          </LinkButton>
        }
      />
      <DataTable
        label="Kategorier"
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
