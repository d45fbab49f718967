import { MSG } from '@klubhus/domain';
import type { RouterOutputs } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { ListPage, linkCell, textCell, yesNoCell } from '../../ui/ListPage';

type Row = RouterOutputs['invoiceGroups']['list']['rows'][number];
const BASE = '/products/invoicegroups';
const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('title', { id: 'Title', header: 'Titel', cell: linkCell(BASE, (r) => r.title) }),
  col.accessor('sku', { id: 'sku', header: 'Varenr.', enableSorting: false, cell: textCell }),
  col.accessor('vatExempt', { id: 'vatExempt', header: 'Momsfri', enableSorting: false, cell: yesNoCell }),
  col.accessor('sorting', { id: 'Sorting', header: 'Sortering' }),
]);

/** /products/invoicegroups: Title ascending, 10 per page, search. */
export default function InvoiceGroupsListPage() {
  return (
    <ListPage
      title="Fakturagrupper" base={BASE} createLabel="Opret gruppe"
      sortFields={['Title', 'Sorting', 'Id']} api={(trpc) => trpc.invoiceGroups}
      columns={columns} rowName={(r) => r.title} confirmDelete={MSG.confirmDeleteGroup}
    />
  );
}
