import { MSG } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { ListPage, linkCell, yesNoCell } from '../../ui/ListPage';
import { formatDateMedium } from '../../ui/format';

type Row = RouterOutputs['seasons']['list']['rows'][number];
const BASE = '/orders/seasons';

/** The parent season's title, from the seasons' options (one query serves the whole table). */
function ParentTitle({ id }: { id: number | null }) {
  const options = useQuery(useTRPC().seasons.options.queryOptions());
  return id ? (options.data?.find((s) => s.id === id)?.title ?? '') : '';
}

const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('title', { id: 'Name', header: 'Titel', cell: linkCell(BASE, (r) => r.title) }),
  col.accessor('startDate', { id: 'StartDate', header: 'Startdato', cell: ({ getValue }) => formatDateMedium(getValue()) }),
  col.accessor('endDate', { id: 'EndDate', header: 'Slutdato', cell: ({ getValue }) => formatDateMedium(getValue()) }),
  col.accessor('parentId', { id: 'parent', header: 'Overordnet sæson', enableSorting: false, cell: ({ getValue }) => <ParentTitle id={getValue()} /> }),
  col.accessor('reservations', { id: 'reservations', header: 'Reservationer', enableSorting: false, cell: yesNoCell }),
]);

/** /orders/seasons: Name (title) ascending (SPEC §9), 10 per page, search. */
export default function SeasonsListPage() {
  return (
    <ListPage
      title="Sæsoner" base={BASE} createLabel="Opret sæson"
      sortFields={['Name', 'StartDate', 'EndDate', 'Id']} api={(trpc) => trpc.seasons}
      columns={columns} rowName={(r) => r.title} confirmDelete={MSG.confirmDeleteSeason}
    />
  );
}
