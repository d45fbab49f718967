import { Badge, Button, ButtonGroup, HStack, Progress, Text } from '@chakra-ui/react';
import { COMPANY_SORT_FIELDS, COMPANY_STATUS_COLORS, COMPANY_STATUS_LABELS, utilizationBar } from '@klubhus/domain';
import { MSG } from '@klubhus/domain/messages';
import { type RouterOutputs, useTRPCClient } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { ListPage, linkCell, textCell, xlsxExport } from '../../ui/ListPage';
import { formatDate } from '../../ui/format';
import { STATUS_FILTERS } from './status';

type Row = RouterOutputs['companies']['list']['rows'][number];
const BASE = '/companies';
const statusBadge = (r: Row) => (
  <Badge size="sm" colorPalette={COMPANY_STATUS_COLORS[r.status] ?? 'gray'}>
    {COMPANY_STATUS_LABELS[r.status]}
  </Badge>
);
const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('name', { id: 'Name', header: 'Navn', cell: linkCell(BASE, (r) => r.name, { after: statusBadge }) }),
  col.accessor('cvr', { id: 'CVR', header: 'CVR', cell: textCell }),
  col.accessor('address', { id: 'Address', header: 'Adresse', cell: textCell }),
  col.accessor('zipCode', { id: 'ZipCode', header: 'Postnr.', cell: textCell }),
  col.accessor('city', { id: 'City', header: 'By', cell: textCell }),
  col.accessor('email', { id: 'Email', header: 'E-mail', cell: textCell }),
  col.accessor('phone', { id: 'Phone', header: 'Telefon', cell: textCell }),
  col.accessor('followUpDate', { id: 'FollowUpDate', header: 'Opfølgningsdato', cell: ({ getValue }) => formatDate(getValue()) }),
  col.accessor('utilization', {
    id: 'Utilization',
    header: 'Udnyttelse',
    cell: ({ getValue }) => {
      const v = getValue();
      return (
        <HStack gap="2" minW="28">
          <Progress.Root value={utilizationBar(v)} size="sm" flex="1" colorPalette={v >= 100 ? 'red' : 'brand'} aria-label={`Udnyttelse ${v} %`}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="xs" color="fg.muted" minW="9" textAlign="end">
            {Math.round(v)} %
          </Text>
        </HStack>
      );
    },
  }),
]);

/** /companies (Virksomheder): status filter, search, export, sortable table with edit and delete. */
export default function CompaniesListPage() {
  const client = useTRPCClient();
  const exportXlsx = xlsxExport((input) => client.companies.export.mutate(input));

  return (
    <ListPage
      title="Virksomheder" base={BASE} createLabel="Opret virksomhed"
      sortFields={COMPANY_SORT_FIELDS} api={(trpc) => trpc.companies} onExport={exportXlsx}
      columns={columns} rowName={(r) => r.name} confirmDelete={MSG.confirmDeleteCompany}
      filter={(f) => (f.status ? { status: Number(f.status) } : {})}
      filters={(list) => {
        const status = list.filters.status ?? '';
        return (
          <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Status">
            {STATUS_FILTERS.map((s) => (
              <Button
                key={s.value || 'all'}
                variant={status === s.value ? 'solid' : 'outline'}
                colorPalette={status === s.value ? 'brand' : 'gray'}
                aria-pressed={status === s.value}
                onClick={() => list.setFilter('status', s.value || null)}
              >
                {s.label}
              </Button>
            ))}
          </ButtonGroup>
        );
      }}
    />
  );
}
