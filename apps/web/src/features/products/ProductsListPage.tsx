import { Badge, Box, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { formatDKK, kronerToOre, MSG, PRODUCT_TYPE_LABELS, type ProductType } from '@klubhus/domain';
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

type Row = RouterOutputs['products']['list']['rows'][number];
const SORT_FIELDS = ['Title', 'Description', 'Category', 'Price', 'Sorting', 'Id'] as const;

/** Plain text of a description that may hold HTML, for one line in a table. */
const plainText = (html: string | null) => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

/** /products (SPEC §2): Title ascending, 10 per page, category filter with 'Alle', search, 'Fra:' price for products with variants. */
export default function ProductsListPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useListState<(typeof SORT_FIELDS)[number]>({ sort: { field: 'Title', dir: 'asc' }, sortFields: SORT_FIELDS });
  const categoryId = list.filters.category ? Number(list.filters.category) : null;
  const q = useQuery(trpc.products.list.queryOptions({ ...list.input, filter: { categoryId } }, { placeholderData: keepPreviousData }));
  const categories = useQuery(trpc.products.categories.queryOptions());
  const remove = useSaveMutation({
    mutation: trpc.products.delete.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => queryClient.invalidateQueries(trpc.products.pathFilter()),
  });

  const columns = useMemo(() => {
    const col = columnHelper<Row>();
    return col.columns([
      col.accessor('title', {
        id: 'Title',
        header: 'Produkt',
        cell: ({ row }) => (
          <HStack gap="2">
            <AppLink to={`/products/${row.original.id}`} fontWeight="medium">
              {row.original.title}
            </AppLink>
            {row.original.type !== 'product' && (
              <Badge size="sm" variant="subtle">
                {PRODUCT_TYPE_LABELS[row.original.type as ProductType] ?? row.original.type}
              </Badge>
            )}
            {!row.original.active && (
              <Badge size="sm" colorPalette="gray">
                Inaktiv
              </Badge>
            )}
          </HStack>
        ),
      }),
      col.accessor('description', {
        id: 'Description',
        header: 'Beskrivelse',
        cell: ({ getValue }) => (
          <Text lineClamp={2} maxW="md" color="fg.muted" fontSize="sm">
            {plainText(getValue())}
          </Text>
        ),
      }),
      col.accessor('category', { id: 'Category', header: 'Kategori', cell: ({ getValue }) => getValue() ?? '' }),
      col.accessor('price', {
        id: 'Price',
        header: 'Pris',
        cell: ({ row }) => (
          <Text as="span" whiteSpace="nowrap">
            {row.original.hasVariants ? `Fra: ${formatDKK(kronerToOre(row.original.price))}` : formatDKK(kronerToOre(row.original.price))}
          </Text>
        ),
      }),
      col.accessor('sorting', { id: 'Sorting', header: 'Sortering' }),
      col.display({
        id: 'actions',
        header: () => <Box srOnly>Handlinger</Box>,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            editTo={`/products/${row.original.id}`}
            name={row.original.title}
            confirmText={MSG.confirmDeleteProduct}
            onDelete={() => remove.mutate({ id: row.original.id })}
          />
        ),
      }),
    ]);
  }, [remove.mutate]);

  return (
    <>
      <PageHeader
        title="Produkter"
        actions={
          <LinkButton to="/products/create" colorPalette="brand">
            <Plus /> Opret produkt
          </LinkButton>
        }
      />
      <DataTable
        label="Produkter"
        columns={columns}
        rows={q.data?.rows}
        total={q.data?.total}
        totalPages={q.data?.totalPages}
        loading={q.isFetching}
        list={list}
        getRowId={(r) => String(r.id)}
        toolbar={
          <NativeSelect.Root width="auto" minW="48">
            <NativeSelect.Field
              aria-label="Kategori"
              value={list.filters.category ?? ''}
              onChange={(e) => list.setFilter('category', e.target.value || null)}
              bg="bg"
            >
              <option value="">Alle</option>
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
