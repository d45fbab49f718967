import { Box, NativeSelect } from '@chakra-ui/react';
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
import { FIELD_TYPE_LABELS } from '../products/shared';
import { RowActions } from '../../ui/RowActions';

type Row = RouterOutputs['customFields']['list']['rows'][number];
const SORT_FIELDS = ['Title', 'Type', 'Sorting', 'Id'] as const;
const BASE = '/orders/fields';

/** /orders/fields: custom fields of orders and agreements, Title ascending, 10 per page, search, category filter. */
export default function FieldsListPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useListState<(typeof SORT_FIELDS)[number]>({ sort: { field: 'Title', dir: 'asc' }, sortFields: SORT_FIELDS });
  const categoryId = list.filters.category ? Number(list.filters.category) : null;
  const q = useQuery(trpc.customFields.list.queryOptions({ ...list.input, filter: { categoryId } }, { placeholderData: keepPreviousData }));
  const categories = useQuery(trpc.orderCategories.options.queryOptions());
  const names = useMemo(() => new Map((categories.data ?? []).map((c) => [c.id, c.title])), [categories.data]);
  const remove = useSaveMutation({
    mutation: trpc.customFields.delete.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => queryClient.invalidateQueries(trpc.customFields.pathFilter()),
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
      col.accessor('type', { id: 'Type', header: 'Type', cell: ({ getValue }) => FIELD_TYPE_LABELS[getValue()] ?? getValue() }),
      col.accessor('categoryIds', {
        id: 'categories',
        header: 'Kategorier',
        enableSorting: false,
        cell: ({ getValue }) =>
          getValue()
            .map((c) => names.get(c))
            .filter(Boolean)
            .join(', '),
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
            confirmText={MSG.confirmDeleteField}
            onDelete={() => remove.mutate({ id: row.original.id })}
          />
        ),
      }),
    ]);
  }, [remove.mutate, names]);

  return (
    <>
      <PageHeader
        title="Felter"
        actions={
          <LinkButton to={`${BASE}/create`} colorPalette="brand">
            <Plus /> Opret felt
          </LinkButton>
        }
      />
      <DataTable
        label="Felter"
        columns={columns}
        rows={q.data?.rows}
        total={q.data?.total}
        totalPages={q.data?.totalPages}
        loading={q.isFetching}
        list={list}
        getRowId={(r) => String(r.id)}
        toolbar={
          <NativeSelect.Root size="md" width="auto" minW="48">
            <NativeSelect.Field aria-label="Kategori" value={list.filters.category ?? ''} onChange={(e) => list.setFilter('category', e.target.value || null)} bg="bg">
              <option value="">Alle kategorier</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        }
      />
    </>
  );
}
