import { MSG } from '@klubhus/domain';
import type { RouterOutputs } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { ListPage, linkCell } from '../../ui/ListPage';

type Row = RouterOutputs['productCategories']['list']['rows'][number];
const BASE = '/products/categories';
const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('title', { id: 'Title', header: 'Titel', cell: linkCell(BASE, (r) => r.title) }),
  col.accessor('sorting', { id: 'Sorting', header: 'Sortering' }),
]);

/** /products/categories: Title ascending, 10 per page, search. */
export default function ProductCategoriesListPage() {
  return (
    <ListPage
      title="Kategorier" label="Produktkategorier" base={BASE} createLabel="Opret kategori"
      sortFields={['Title', 'Sorting', 'Id']} api={(trpc) => trpc.productCategories}
      columns={columns} rowName={(r) => r.title} confirmDelete={MSG.confirmDeleteCategory} invalidate={(trpc) => [trpc.products.pathFilter()]}
    />
  );
}
