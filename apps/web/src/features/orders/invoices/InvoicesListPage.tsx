import { Stack, Text } from '@chakra-ui/react';
import { formatDKK, INVOICE_COLLECTION_LABELS, INVOICE_SORT_FIELDS, kronerToOre, type TInvoiceListRow } from '@klubhus/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { columnHelper, DataTable } from '../../../ui/DataTable';
import { formatDate } from '../../../ui/format';
import { AppLink } from '../../../ui/LinkButton';
import { PageHeader } from '../../../ui/PageHeader';
import { useListState } from '../../../ui/useListState';
import { InvoiceActions, InvoiceStateBadges, invoiceLabel } from './InvoiceParts';

const col = columnHelper<TInvoiceListRow>();
const columns = col.columns([
  col.accessor('number', { id: 'Number', header: 'Nummer', cell: ({ row }) => invoiceLabel(row.original) }),
  col.display({ id: 'state', header: 'Status', enableSorting: false, cell: ({ row }) => <InvoiceStateBadges row={row.original} /> }),
  col.accessor('invoiceDate', { id: 'InvoiceDate', header: 'Fakturadato', cell: ({ getValue }) => formatDate(getValue()) }),
  col.accessor('paymentDate', { id: 'PaymentDate', header: 'Betalingsdato', cell: ({ getValue }) => formatDate(getValue()) }),
  col.accessor('company', {
    id: 'Company',
    header: 'Virksomhed / kontakt',
    cell: ({ row }) => (
      <Stack gap="0">
        {row.original.company && <Text>{row.original.company}</Text>}
        {row.original.contact && (
          <Text fontSize="xs" color="fg.muted">
            {row.original.contact}
          </Text>
        )}
      </Stack>
    ),
  }),
  col.display({
    id: 'source',
    header: 'Kilde',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.orderId ? (
        <AppLink to={`/orders/${row.original.orderId}`}>Ordre #{row.original.orderNumber}</AppLink>
      ) : row.original.contractId ? (
        <AppLink to={`/orders/contracts/${row.original.contractId}`}>Aftale</AppLink>
      ) : (
        ''
      ),
  }),
  col.display({ id: 'collection', header: 'Opkrævning', enableSorting: false, cell: ({ row }) => INVOICE_COLLECTION_LABELS[row.original.collection] }),
  col.accessor('total', { id: 'Total', header: 'Total', cell: ({ getValue }) => <span style={{ whiteSpace: 'nowrap' }}>{formatDKK(kronerToOre(getValue()))}</span> }),
  col.display({ id: 'actions', header: '', enableSorting: false, cell: ({ row }) => <InvoiceActions row={row.original} /> }),
]);

/** /orders/invoices (Fakturaer, list only): Number desc (drafts first), 10 per page, search; each invoice links to its order or agreement. */
export default function InvoicesListPage() {
  const trpc = useTRPC();
  const list = useListState<(typeof INVOICE_SORT_FIELDS)[number]>({ sort: { field: 'Number', dir: 'desc' }, sortFields: INVOICE_SORT_FIELDS });
  const q = useQuery(trpc.invoices.list.queryOptions(list.input, { placeholderData: keepPreviousData }));
  return (
    <>
      <PageHeader title="Fakturaer" />
      <DataTable
        label="Fakturaer"
        columns={columns}
        rows={q.data?.rows}
        total={q.data?.total}
        totalPages={q.data?.totalPages}
        loading={q.isFetching}
        list={list}
        searchPlaceholder="Søg på nummer eller navn"
        getRowId={(r) => String(r.id)}
      />
    </>
  );
}
