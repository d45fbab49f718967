import { EVENT_MSG } from '@klubhus/domain';
import type { RouterOutputs } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/format';
import { linkCell, ListPage } from '../../ui/ListPage';
import { DATE_FILTERS, DateRangeFilter, dateRangeFilter } from './DateRangeFilter';

type Row = RouterOutputs['events']['list']['rows'][number];
const BASE = '/events';
const col = columnHelper<Row>();
const dateCell = ({ getValue }: { getValue: () => string }) => formatDateTime(getValue());
const columns = col.columns([
  col.accessor('title', { id: 'Title', header: 'Titel', cell: linkCell(BASE, (r) => r.title) }),
  col.accessor('startDate', { id: 'StartDate', header: 'Start dato', cell: dateCell }),
  col.accessor('endDate', { id: 'EndDate', header: 'Slut dato', cell: dateCell }),
  col.accessor('signUpDeadline', { id: 'SignUpDeadline', header: 'Tilmeldingsfrist', cell: dateCell }),
]);
/** Sub-events (Relations) as the tree's children; they have none of their own. */
const children = (r: Row): Row[] => (r.relations ?? []).map((c) => ({ ...c, relations: [] }));

/** /events (SPEC §2): the server-paged tree table, StartDate descending, 10 rows, sub-events expandable under their event. */
export default function EventsListPage() {
  return (
    <ListPage
      title="Arrangementer"
      base={BASE}
      createLabel={EVENT_MSG.createEvent}
      sortFields={['StartDate', 'EndDate', 'SignUpDeadline', 'Title', 'Id']}
      sort={{ field: 'StartDate', dir: 'desc' }}
      api={(trpc) => trpc.events}
      columns={columns}
      rowName={(r) => r.title}
      editOnly
      getSubRows={children}
      expandLabel={(r) => `Vis underarrangementer af ${r.title}`}
      filter={dateRangeFilter}
      filters={(list) => DATE_FILTERS.map((f) => <DateRangeFilter key={f.name} list={list} name={f.name} label={f.label} />)}
    />
  );
}
