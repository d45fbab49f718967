import { Badge, Text } from '@chakra-ui/react';
import { formatDKK, kronerToOre, MSG, PRODUCT_TYPE_LABELS, type ProductType } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { ListPage, linkCell, SelectFilter, textCell } from '../../ui/ListPage';

type Row = RouterOutputs['products']['list']['rows'][number];
const BASE = '/products';

/** Plain text of a description that may hold HTML, for one line in a table. */
const plainText = (html: string | null) => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

/** The type (when not a plain product) and Inaktiv beside the title. */
const badges = (r: Row) => (
  <>
    {r.type !== 'product' && (
      <Badge size="sm" variant="subtle">
        {PRODUCT_TYPE_LABELS[r.type as ProductType] ?? r.type}
      </Badge>
    )}
    {!r.active && (
      <Badge size="sm" colorPalette="gray">
        Inaktiv
      </Badge>
    )}
  </>
);
const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('title', { id: 'Title', header: 'Produkt', cell: linkCell(BASE, (r) => r.title, { after: badges }) }),
  col.accessor('description', {
    id: 'Description',
    header: 'Beskrivelse',
    cell: ({ getValue }) => (
      <Text lineClamp={2} maxW="md" color="fg.muted" fontSize="sm">
        {plainText(getValue())}
      </Text>
    ),
  }),
  col.accessor('category', { id: 'Category', header: 'Kategori', cell: textCell }),
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
]);

/** /products (SPEC §2): Title ascending, 10 per page, category filter with 'Alle', search, 'Fra:' price for products with variants. */
export default function ProductsListPage() {
  const trpc = useTRPC();
  const categories = useQuery(trpc.products.categories.queryOptions());
  return (
    <ListPage
      title="Produkter" base={BASE} createLabel="Opret produkt"
      sortFields={['Title', 'Description', 'Category', 'Price', 'Sorting', 'Id']} api={(trpc) => trpc.products}
      columns={columns} rowName={(r) => r.title} confirmDelete={MSG.confirmDeleteProduct}
      filter={(f) => ({ categoryId: f.category ? Number(f.category) : null })}
      filters={(list) => <SelectFilter list={list} name="category" label="Kategori" all="Alle" options={categories.data} />}
    />
  );
}
