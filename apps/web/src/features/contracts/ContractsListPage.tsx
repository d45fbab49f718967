import { HStack } from '@chakra-ui/react';
import { CONTRACT_MSG, CONTRACT_SORT_FIELDS, CONTRACT_STATUS_LABELS, CONTRACT_STATUSES, formatDKK, kronerToOre } from '@klubhus/domain';
import { type RouterOutputs, useTRPCClient } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { formatDate } from '../../ui/format';
import { ListPage, linkCell, SelectFilter, textCell, xlsxExport } from '../../ui/ListPage';
import { AgreementStatusBadge, ContractStatusBadge } from './status';

type Row = RouterOutputs['contracts']['list']['rows'][number];
const BASE = '/orders/contracts';
const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('status', {
    id: 'Status',
    header: 'Status',
    cell: ({ row }) => (
      <HStack gap="1" flexWrap="wrap">
        <ContractStatusBadge status={row.original.status} />
        <AgreementStatusBadge status={row.original.agreementStatus} />
      </HStack>
    ),
  }),
  col.accessor('contractNumber', { id: 'Number', header: 'Nummer', cell: linkCell(BASE, (r) => `#${r.contractNumber}`) }),
  col.accessor('company', { id: 'Company', header: 'Virksomhed', cell: textCell }),
  col.accessor('category', { id: 'Category', header: 'Kategori', cell: textCell }),
  col.accessor('startDate', { id: 'StartDate', header: 'Start', cell: ({ getValue }) => formatDate(getValue()) }),
  col.accessor('endDate', { id: 'EndDate', header: 'Slut', cell: ({ row }) => (row.original.noEndDate ? 'Ingen slutdato' : formatDate(row.original.endDate)) }),
  col.accessor('renewDate', { id: 'RenewDate', header: 'Genforhandling', cell: ({ getValue }) => formatDate(getValue()) }),
  col.accessor('subtotal', {
    id: 'Total',
    header: 'Subtotal',
    cell: ({ row }) => <span style={{ whiteSpace: 'nowrap' }}>{formatDKK(kronerToOre(row.original.subtotal + row.original.additionalFee))}</span>,
  }),
]);

const statusOptions = CONTRACT_STATUSES.map((s) => ({ id: s, title: CONTRACT_STATUS_LABELS[s] }));

/** /orders/contracts (Aftaler): Number desc, 10 per page, search, status filter, Aftaler.xlsx. */
export default function ContractsListPage() {
  const client = useTRPCClient();
  const exportXlsx = xlsxExport((input) => client.contracts.export.mutate(input));
  return (
    <ListPage
      title="Aftaler"
      base={BASE}
      createLabel="Opret aftale"
      sortFields={CONTRACT_SORT_FIELDS}
      sort={{ field: 'Number', dir: 'desc' }}
      api={(trpc) => trpc.contracts}
      onExport={exportXlsx}
      columns={columns}
      rowName={(r) => `aftale ${r.contractNumber}`}
      confirmDelete={CONTRACT_MSG.confirmDelete}
      filter={(f) => ({ status: f.status || null })}
      filters={(list) => (
        <HStack gap="2" flexWrap="wrap">
          <SelectFilter list={list} name="status" label="Status" all="Alle statusser" options={statusOptions} />
        </HStack>
      )}
    />
  );
}
