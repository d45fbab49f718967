import { MSG } from '@klubhus/domain/messages';
import type { RouterOutputs } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { ListPage, linkCell } from '../../ui/ListPage';

type Row = RouterOutputs['contacts']['lists']['list']['rows'][number];
const BASE = '/contacts/contact-lists';
const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('title', { id: 'Title', header: 'Navn', cell: linkCell(BASE, (r) => r.title) }),
  col.accessor('contactCount', { id: 'contactCount', header: 'Kontakter', enableSorting: false }),
]);

/** /contacts/contact-lists (Kontaktlister): search, table, create, edit, delete. */
export default function ContactListsPage() {
  return (
    <ListPage
      title="Kontaktlister" base={BASE} createLabel="Opret kontaktliste"
      sortFields={['Title', 'Id']} api={(trpc) => trpc.contacts.lists}
      columns={columns} rowName={(r) => r.title} confirmDelete={MSG.confirmDeleteContactList} invalidate={(trpc) => [trpc.contacts.pathFilter()]}
    />
  );
}
