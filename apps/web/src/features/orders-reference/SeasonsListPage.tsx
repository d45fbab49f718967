import { MSG } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { ListPage, linkCell } from '../../ui/ListPage';
import { formatDate, YesNo } from '../products/shared';

type Row = RouterOutputs['seasons']['list']['rows'][number];
const BASE = '/orders/seasons';

/** /orders/seasons: Name (title) ascending (SPEC §9), 10 per page, search. */
export default function SeasonsListPage() {
  const trpc = useTRPC();
  const parents = useQuery(trpc.seasons.options.queryOptions());
  const columns = useMemo(() => {
    const titles = new Map((parents.data ?? []).map((s) => [s.id, s.title]));
    const col = columnHelper<Row>();
    return col.columns([
      col.accessor('title', { id: 'Name', header: 'Titel', cell: linkCell(BASE, (r) => r.title) }),
      col.accessor('startDate', { id: 'StartDate', header: 'Startdato', cell: ({ getValue }) => formatDate(getValue()) }),
      col.accessor('endDate', { id: 'EndDate', header: 'Slutdato', cell: ({ getValue }) => formatDate(getValue()) }),
      col.accessor('parentId', { id: 'parent', header: 'Overordnet sæson', enableSorting: false, cell: ({ getValue }) => titles.get(getValue() ?? 0) ?? '' }),
      col.accessor('reservations', { id: 'reservations', header: 'Reservationer', enableSorting: false, cell: ({ getValue }) => <YesNo value={getValue()} /> }),
    ]);
  }, [parents.data]);
  return (
    <ListPage
      title="Sæsoner" base={BASE} createLabel="Opret sæson"
      sortFields={['Name', 'StartDate', 'EndDate', 'Id']} api={(trpc) => trpc.seasons}
      columns={columns} rowName={(r) => r.title} confirmDelete={MSG.confirmDeleteSeason}
    />
  );
}
