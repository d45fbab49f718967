import { MSG } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { ListPage, linkCell, SelectFilter } from '../../ui/ListPage';
import { FIELD_TYPE_LABELS } from '../products/shared';

type Row = RouterOutputs['customFields']['list']['rows'][number];
const BASE = '/orders/fields';
const useCategories = () => useQuery(useTRPC().orderCategories.options.queryOptions());

/** The titles of a field's categories, from the categories' options (one query serves the table and the filter). */
function CategoryTitles({ ids }: { ids: number[] }) {
  const titles = new Map((useCategories().data ?? []).map((c) => [c.id, c.title]));
  return ids.map((c) => titles.get(c)).filter(Boolean).join(', ');
}

const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('title', { id: 'Title', header: 'Titel', cell: linkCell(BASE, (r) => r.title) }),
  col.accessor('type', { id: 'Type', header: 'Type', cell: ({ getValue }) => FIELD_TYPE_LABELS[getValue()] ?? getValue() }),
  col.accessor('categoryIds', { id: 'categories', header: 'Kategorier', enableSorting: false, cell: ({ getValue }) => <CategoryTitles ids={getValue()} /> }),
  col.accessor('sorting', { id: 'Sorting', header: 'Sortering' }),
]);

/** /orders/fields: custom fields of orders and agreements, Title ascending, 10 per page, search, category filter. */
export default function FieldsListPage() {
  const categories = useCategories();
  return (
    <ListPage
      title="Felter" base={BASE} createLabel="Opret felt"
      sortFields={['Title', 'Type', 'Sorting', 'Id']} api={(trpc) => trpc.customFields}
      columns={columns} rowName={(r) => r.title} confirmDelete={MSG.confirmDeleteField}
      filter={(f) => ({ categoryId: f.category ? Number(f.category) : null })}
      filters={(list) => <SelectFilter list={list} name="category" label="Kategori" all="Alle kategorier" options={categories.data} />}
    />
  );
}
