import { EVENT_MSG } from '@klubhus/domain';
import type { RouterOutputs } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { linkCell, ListPage } from '../../ui/ListPage';

type Row = RouterOutputs['eventTypes']['list']['rows'][number];
const BASE = '/events/types';
const col = columnHelper<Row>();
const columns = col.columns([col.accessor('title', { id: 'Title', header: 'Titel', cell: linkCell(BASE, (r) => r.title) })]);

/** /events/types (SPEC §2): Title ascending, 10 per page, search, Opret type, Rediger, Slet. */
export default function EventTypesListPage() {
  return (
    <ListPage
      title="Typer"
      label="Arrangementstyper"
      base={BASE}
      createLabel={EVENT_MSG.createType}
      sortFields={['Title', 'Id']}
      api={(trpc) => trpc.eventTypes}
      columns={columns}
      rowName={(r) => r.title}
      confirmDelete={EVENT_MSG.confirmDeleteType}
    />
  );
}
