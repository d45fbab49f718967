import { MSG } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { ListPage, linkCell, SelectFilter } from '../../ui/ListPage';
import { FIELD_TYPE_LABELS } from '../products/shared';

type Row = RouterOutputs['customFields']['list']['rows'][number];
const BASE = '/orders/fields';

/** /orders/fields: custom fields of orders and agreements, Title ascending, 10 per page, search, category filter. */
export default function FieldsListPage() {
  const trpc = useTRPC();
  const categories = useQuery(trpc.orderCategories.options.queryOptions());
  const columns = useMemo(() => {
    const names = new Map((categories.data ?? []).map((c) => [c.id, c.title]));
    const col = columnHelper<Row>();
    return col.columns([
      col.accessor('title', { id: 'Title', header: 'Titel', cell: linkCell(BASE, (r) => r.title) }),
      col.accessor('type', { id: 'Type', header: 'Type', cell: ({ getValue }) => FIELD_TYPE_LABELS[getValue()] ?? getValue() }),
      col.accessor('categoryIds', { id: 'categories', header: 'Kategorier', enableSorting: false, cell: ({ getValue }) => getValue().map((c) => names.get(c)).filter(Boolean).join(', ') }),
      col.accessor('sorting', { id: 'Sorting', header: 'Sortering' }),
    ]);
  }, [categories.data]);
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
