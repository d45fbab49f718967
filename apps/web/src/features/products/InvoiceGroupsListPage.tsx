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
import { YesNo } from './shared';
import { RowActions } from '../../ui/RowActions';

type Row = RouterOutputs['invoiceGroups']['list']['rows'][number];
const SORT_FIELDS = ['Title', 'Sorting', 'Id'] as const;

/** /products/invoicegroups: Title ascending, 10 per page, search. */
export default function InvoiceGroupsListPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useListState<(typeof SORT_FIELDS)[number]>({ sort: { field: 'Title', dir: 'asc' }, sortFields: SORT_FIELDS });
  const q = useQuery(trpc.invoiceGroups.list.queryOptions(list.input, { placeholderData: keepPreviousData }));
  const remove = useSaveMutation({
    mutation: trpc.invoiceGroups.delete.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => queryClient.invalidateQueries(trpc.invoiceGroups.pathFilter()),
  });

  const columns = useMemo(() => {
    const col = columnHelper<Row>();
    return col.columns([
      col.accessor('title', {
        id: 'Title',
        header: 'Titel',
        cell: ({ row }) => (
          <AppLink to={`/products/invoicegroups/${row.original.id}`} fontWeight="medium">
            {row.original.title}
          </AppLink>
        ),
      }),
      col.accessor('sku', { id: 'sku', header: 'Varenr.', enableSorting: false, cell: ({ getValue }) => getValue() ?? '' }),
      col.accessor('vatExempt', { id: 'vatExempt', header: 'Momsfri', enableSorting: false, cell: ({ getValue }) => <YesNo value={getValue()} /> }),
      col.accessor('sorting', { id: 'Sorting', header: 'Sortering' }),
      col.display({
        id: 'actions',
        header: () => <Box srOnly>Handlinger</Box>,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            editTo={`/products/invoicegroups/${row.original.id}`}
            name={row.original.title}
            confirmText={MSG.confirmDeleteGroup}
            onDelete={() => remove.mutate({ id: row.original.id })}
          />
        ),
      }),
    ]);
  }, [remove.mutate]);

  return (
    <>
      <PageHeader
        title="Fakturagrupper"
        actions={
          <LinkButton to="/products/invoicegroups/create" colorPalette="brand">
            <Plus /> Opret gruppe
          </LinkButton>
        }
      />
      <DataTable
        label="Fakturagrupper"
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
