import { HStack } from '@chakra-ui/react';
import { formatDKK, kronerToOre, ORDER_MSG, ORDER_SORT_FIELDS, ORDER_STATUS_LABELS, ORDER_STATUSES, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from '@klubhus/domain';
import { type RouterOutputs, useTRPCClient } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { formatDate } from '../../ui/format';
import { ListPage, linkCell, SelectFilter, textCell, xlsxExport } from '../../ui/ListPage';
import { OrderStatusBadge, PaymentStatusBadge } from './status';

type Row = RouterOutputs['orders']['list']['rows'][number];
/** The order screen is /orders/:id; the list itself lives at /orders/orders. */
const BASE = '/orders';
const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('status', { id: 'Status', header: 'Status', cell: ({ getValue }) => <OrderStatusBadge status={getValue()} /> }),
  col.accessor('number', { id: 'Number', header: 'Nummer', cell: linkCell(BASE, (r) => `#${r.number}`) }),
  col.accessor('payment', { id: 'Payment', header: 'Betaling', cell: ({ getValue }) => <PaymentStatusBadge status={getValue()} /> }),
  col.accessor('contact', { id: 'Contact', header: 'Kontakt', cell: textCell }),
  col.accessor('company', { id: 'Company', header: 'Virksomhed', cell: textCell }),
  col.accessor('price', { id: 'Price', header: 'Pris', cell: ({ getValue }) => <span style={{ whiteSpace: 'nowrap' }}>{formatDKK(kronerToOre(getValue()))}</span> }),
  col.accessor('date', { id: 'Date', header: 'Dato', cell: ({ getValue }) => formatDate(getValue()) }),
]);

const statusOptions = ORDER_STATUSES.map((s) => ({ id: s, title: ORDER_STATUS_LABELS[s] }));
const paymentOptions = PAYMENT_STATUSES.map((s) => ({ id: s, title: PAYMENT_STATUS_LABELS[s] }));

/** /orders/orders (Ordrer): Number desc, 10 per page, search, status and payment filters, Ordrer.xlsx. */
export default function OrdersListPage() {
  const client = useTRPCClient();
  const exportXlsx = xlsxExport((input) => client.orders.export.mutate(input));
  return (
    <ListPage
      title="Ordrer" base={BASE} createLabel="Opret ordre"
      sortFields={ORDER_SORT_FIELDS} sort={{ field: 'Number', dir: 'desc' }} api={(trpc) => trpc.orders} onExport={exportXlsx}
      columns={columns} rowName={(r) => `ordre ${r.number}`} confirmDelete={ORDER_MSG.confirmDelete}
      filter={(f) => ({ status: f.status || null, paymentStatus: f.payment || null, companyId: /^\d{1,9}$/.test(f.company ?? '') ? Number(f.company) : null })}
      filters={(list) => (
        <HStack gap="2" flexWrap="wrap">
          <SelectFilter list={list} name="status" label="Status" all="Alle statusser" options={statusOptions} />
          <SelectFilter list={list} name="payment" label="Betaling" all="Alle betalinger" options={paymentOptions} />
        </HStack>
      )}
    />
  );
}
