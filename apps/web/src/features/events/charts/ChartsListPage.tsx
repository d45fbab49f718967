import { HStack } from '@chakra-ui/react';
import { SEATING_MSG } from '@klubhus/domain';
import type { RouterOutputs } from '../../../lib/trpc';
import { columnHelper } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import { linkCell, ListPage } from '../../../ui/ListPage';

type Row = RouterOutputs['seatingCharts']['list']['rows'][number];
const BASE = '/events/charts';
const col = columnHelper<Row>();
const count = ({ getValue }: { getValue: () => number }) => formatCount(getValue());
const columns = col.columns([
  col.accessor('name', { id: 'Name', header: 'Navn', cell: linkCell(BASE, (r) => r.name) }),
  col.accessor('sections', { id: 'sections', header: 'Sektioner', enableSorting: false, cell: count }),
  col.accessor('seats', { id: 'seats', header: 'Pladser', enableSorting: false, cell: count }),
  col.accessor('categories', {
    id: 'categories',
    header: 'Kategorier',
    enableSorting: false,
    cell: ({ getValue }) => (
      <HStack gap="2" wrap="wrap">
        {getValue().map((c) => (
          <HStack key={c.key} gap="1">
            <span aria-hidden="true" style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: c.color }} />
            {c.label}
          </HStack>
        ))}
      </HStack>
    ),
  }),
  col.accessor('events', { id: 'events', header: 'Arrangementer', enableSorting: false, cell: count }),
]);

/** /events/charts: the club's seating charts by name, 10 per page, search, Opret salsplan, Rediger, Slet. */
export default function ChartsListPage() {
  return (
    <ListPage
      title="Salsplaner"
      base={BASE}
      createLabel={SEATING_MSG.createChart}
      sortFields={['Name', 'Id']}
      api={(trpc) => trpc.seatingCharts}
      columns={columns}
      rowName={(r) => r.name}
      confirmDelete={SEATING_MSG.confirmDeleteChart}
    />
  );
}
