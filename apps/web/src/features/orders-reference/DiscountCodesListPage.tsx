import { Code } from '@chakra-ui/react';
import { formatAmount, formatDKK, kronerToOre, MSG } from '@klubhus/domain';
import { formatDateMedium } from '../../ui/format';
import type { RouterOutputs } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { ListPage, linkCell, yesNoCell } from '../../ui/ListPage';

type Row = RouterOutputs['discountCodes']['list']['rows'][number];
const BASE = '/orders/discount-codes';

/** '12,50 %' for percentage codes, '50,00 kr.' for fixed ones. */
export const discountText = (discount: number, percentage: boolean) => (percentage ? `${formatAmount(kronerToOre(discount))} %` : formatDKK(kronerToOre(discount)));

const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('title', { id: 'Title', header: 'Titel', cell: linkCell(BASE, (r) => r.title) }),
  col.accessor('code', { id: 'Code', header: 'Kode', cell: ({ getValue }) => <Code>{getValue()}</Code> }),
  col.accessor('discount', { id: 'discount', header: 'Rabat', enableSorting: false, cell: ({ row }) => discountText(row.original.discount, row.original.percentage) }),
  col.accessor('expires', { id: 'Expires', header: 'Udløber', cell: ({ getValue }) => formatDateMedium(getValue()) }),
  col.accessor('uses', {
    id: 'uses',
    header: 'Brugt',
    enableSorting: false,
    cell: ({ row }) => (row.original.amount ? `${row.original.uses} af ${row.original.amount}` : String(row.original.uses)),
  }),
  col.accessor('active', { id: 'Active', header: 'Aktiv', cell: yesNoCell }),
]);

/** /orders/discount-codes: Title ascending, 10 per page, search. */
export default function DiscountCodesListPage() {
  return (
    <ListPage
      title="Rabatkoder" base={BASE} createLabel="Opret rabatkode"
      sortFields={['Title', 'Code', 'Expires', 'Active', 'Id']} api={(trpc) => trpc.discountCodes}
      columns={columns} rowName={(r) => r.title} confirmDelete={MSG.confirmDeleteDiscountCode}
    />
  );
}
