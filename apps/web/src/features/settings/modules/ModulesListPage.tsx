import { HStack } from '@chakra-ui/react';
import { MSG } from '@klubhus/domain';
import { type RouterOutputs, useTRPC } from '../../../lib/trpc';
import { columnHelper } from '../../../ui/DataTable';
import { ListPage, linkCell } from '../../../ui/ListPage';
import { ModuleIcon } from '../../../ui/ModuleIcon';

type Row = RouterOutputs['modules']['list']['rows'][number];
const BASE = '/settings/modules';
const nameLink = linkCell<Row>(BASE, (r) => r.name);
const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('name', {
    id: 'Name',
    header: 'Navn',
    cell: (ctx) => (
      <HStack gap="2">
        <ModuleIcon name={ctx.row.original.icon} size={16} />
        {nameLink(ctx)}
      </HStack>
    ),
  }),
  col.accessor('alias', { id: 'Alias', header: 'Alias' }),
  col.accessor('url', { id: 'Url', header: 'Url', cell: ({ getValue }) => getValue() ?? '' }),
  col.accessor('sorting', { id: 'Sorting', header: 'Sorting' }),
]);

/** Settings → Modules (SPEC §2): 10 per page, sort Sorting ascending, search. */
export default function ModulesListPage() {
  const trpc = useTRPC();
  // Module definitions decide which routes every club sees: a delete refreshes the app state too.
  return (
    <ListPage
      title="Modules" label="Moduler" base={BASE} createLabel="Create module"
      sortFields={['Name', 'Alias', 'Url', 'Sorting', 'Id']} sort={{ field: 'Sorting', dir: 'asc' }} api={trpc.modules}
      columns={columns} rowName={(r) => r.name} confirmDelete={MSG.confirmDeleteModule} invalidate={[trpc.app.pathFilter()]}
    />
  );
}
