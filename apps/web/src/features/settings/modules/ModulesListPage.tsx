import { MSG } from '@klubhus/domain';
import type { RouterOutputs } from '../../../lib/trpc';
import { columnHelper } from '../../../ui/DataTable';
import { ListPage, linkCell, textCell } from '../../../ui/ListPage';
import { ModuleIcon } from '../../../ui/ModuleIcon';

type Row = RouterOutputs['modules']['list']['rows'][number];
const BASE = '/settings/modules';
const icon = (r: Row) => <ModuleIcon name={r.icon} size={16} />;
const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('name', { id: 'Name', header: 'Navn', cell: linkCell(BASE, (r) => r.name, { before: icon }) }),
  col.accessor('alias', { id: 'Alias', header: 'Alias' }),
  col.accessor('url', { id: 'Url', header: 'Url', cell: textCell }),
  col.accessor('sorting', { id: 'Sorting', header: 'Sorting' }),
]);

/** Settings → Modules (SPEC §2): 10 per page, sort Sorting ascending, search. */
export default function ModulesListPage() {
  // Module definitions decide which routes every club sees: a delete refreshes the app state too.
  return (
    <ListPage
      title="Modules" label="Moduler" base={BASE} createLabel="Create module"
      sortFields={['Name', 'Alias', 'Url', 'Sorting', 'Id']} sort={{ field: 'Sorting', dir: 'asc' }} api={(trpc) => trpc.modules}
      columns={columns} rowName={(r) => r.name} confirmDelete={MSG.confirmDeleteModule} invalidate={(trpc) => [trpc.app.pathFilter()]}
    />
  );
}
