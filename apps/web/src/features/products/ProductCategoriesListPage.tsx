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
import { RowActions } from '../../ui/RowActions';

type Row = RouterOutputs['productCategories']['list']['rows'][number];
const SORT_FIELDS = ['Title', 'Sorting', 'Id'] as const;
const BASE = '/products/categories';

/** /products/categories: Title ascending, 10 per page, search. */
export default function ProductCategoriesListPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useListState<(typeof SORT_FIELDS)[number]>({ sort: { field: 'Title', dir: 'asc' }, sortFields: SORT_FIELDS });
  const q = useQuery(trpc.productCategories.list.queryOptions(list.input, { placeholderData: keepPreviousData }));
  const remove = useSaveMutation({
    mutation: trpc.productCategories.delete.mutationOptions(),
    success: (r) => r.message,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries(trpc.productCategories.pathFilter()), queryClient.invalidateQueries(trpc.products.pathFilter())]);
    },
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
        label="Produktkategorier"
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
