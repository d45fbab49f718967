import { formatDKK, kronerToOre, MSG } from '@klubhus/domain';
import type { RouterOutputs } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { ListPage, linkCell, textCell, yesNoCell } from '../../ui/ListPage';

type Row = RouterOutputs['orderCategories']['list']['rows'][number];
const BASE = '/orders/categories';
const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('title', { id: 'Title', header: 'Titel', cell: linkCell(BASE, (r) => r.title) }),
  col.accessor('sku', { id: 'Sku', header: 'Varenr.', cell: textCell }),
  col.accessor('price', { id: 'Price', header: 'Pris', cell: ({ getValue }) => formatDKK(kronerToOre(getValue())) }),
  col.accessor('showOnShop', { id: 'showOnShop', header: 'Vis i webshop', enableSorting: false, cell: yesNoCell }),
  col.accessor('sorting', { id: 'Sorting', header: 'Sortering' }),
]);

/** /orders/categories: order and agreement categories, Title ascending, 10 per page, search. */
export default function OrderCategoriesListPage() {
  return (
    <ListPage
      title="Kategorier" base={BASE} createLabel="Opret kategori"
      sortFields={['Title', 'Sku', 'Price', 'Sorting', 'Id']} api={(trpc) => trpc.orderCategories}
      columns={columns} rowName={(r) => r.title} confirmDelete={MSG.confirmDeleteCategory}
    />
  );
}
