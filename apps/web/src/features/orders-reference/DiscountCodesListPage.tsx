import { Box, Code } from '@chakra-ui/react';
import { formatAmount, formatDKK, kronerToOre, MSG } from '@klubhus/domain';
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

type Row = RouterOutputs['discountCodes']['list']['rows'][number];
const SORT_FIELDS = ['Title', 'Code', 'Expires', 'Active', 'Id'] as const;
const BASE = '/orders/discount-codes';

/** '12,50 %' for percentage codes, '50,00 kr.' for fixed ones. */
export const discountText = (discount: number, percentage: boolean) => (percentage ? `${formatAmount(kronerToOre(discount))} %` : formatDKK(kronerToOre(discount)));

/** /orders/discount-codes: Title ascending, 10 per page, search. */
export default function DiscountCodesListPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useListState<(typeof SORT_FIELDS)[number]>({ sort: { field: 'Title', dir: 'asc' }, sortFields: SORT_FIELDS });
  const q = useQuery(trpc.discountCodes.list.queryOptions(list.input, { placeholderData: keepPreviousData }));
  const remove = useSaveMutation({
    mutation: trpc.discountCodes.delete.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => queryClient.invalidateQueries(trpc.discountCodes.pathFilter()),
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
      col.accessor('code', { id: 'Code', header: 'Kode', cell: ({ getValue }) => <Code>{getValue()}</Code> }),
      col.accessor('discount', {
        id: 'discount',
        header: 'Rabat',
        enableSorting: false,
        cell: ({ row }) => discountText(row.original.discount, row.original.percentage),
      }),
      col.accessor('expires', { id: 'Expires', header: 'Udløber', cell: ({ getValue }) => formatDateMedium(getValue()) }),
      col.accessor('uses', {
        id: 'uses',
        header: 'Brugt',
        enableSorting: false,
        cell: ({ row }) => (row.original.amount ? `${row.original.uses} af ${row.original.amount}` : String(row.original.uses)),
      }),
      col.accessor('active', { id: 'Active', header: 'Aktiv', cell: ({ getValue }) => <YesNo value={getValue()} /> }),
      col.display({
        id: 'actions',
        header: () => <Box srOnly>Handlinger</Box>,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            editTo={`${BASE}/${row.original.id}`}
            name={row.original.title}
            confirmText={MSG.confirmDeleteDiscountCode}
            onDelete={() => remove.mutate({ id: row.original.id })}
          />
        ),
      }),
    ]);
  }, [remove.mutate]);

  return (
    <>
      <PageHeader
        title="Rabatkoder"
        actions={
          <LinkButton to={`${BASE}/create`} colorPalette="brand">
            <Plus /> Opret rabatkode
          </LinkButton>
        }
      />
      <DataTable
        label="Rabatkoder"
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
