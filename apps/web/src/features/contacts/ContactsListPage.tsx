import { Avatar, Badge, Box, Text } from '@chakra-ui/react';
import { CONTACT_SORT_FIELDS } from '@klubhus/domain';
import { MSG } from '@klubhus/domain/messages';
import { Star } from 'lucide-react';
import type { RouterOutputs } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { ListPage, linkCell, textCell } from '../../ui/ListPage';

type Row = RouterOutputs['contacts']['list']['rows'][number];
const BASE = '/contacts';
/** Fremhævet and 'Ingen invitationer' beside the name. */
const flags = (r: Row) => (
  <>
    {r.highlighted && (
      <Badge size="sm" colorPalette="yellow" title="Fremhævet">
        <Star size={12} aria-hidden />
        <Box as="span" srOnly>
          Fremhævet
        </Box>
      </Badge>
    )}
    {r.noInvitations && (
      <Badge size="sm" colorPalette="gray">
        Ingen invitationer
      </Badge>
    )}
  </>
);
const col = columnHelper<Row>();
const columns = col.columns([
  col.display({
    id: 'picture',
    header: () => <Box srOnly>Billede</Box>,
    enableSorting: false,
    cell: ({ row }) => (
      <Avatar.Root size="sm">
        {row.original.picture && <Avatar.Image src={row.original.picture} alt="" />}
        <Avatar.Fallback name={row.original.name} />
      </Avatar.Root>
    ),
  }),
  col.accessor('name', { id: 'Name', header: 'Navn', cell: linkCell(BASE, (r) => r.name, { after: flags }) }),
  col.accessor('email', { id: 'Email', header: 'E-mail' }),
  col.accessor('phone', { id: 'Phone', header: 'Telefon', cell: textCell }),
  col.accessor('mobile', { id: 'Mobile', header: 'Mobil', cell: textCell }),
]);

/** /contacts (Kontakter): search, table, create, edit, delete. */
export default function ContactsListPage() {
  return (
    <ListPage
      title="Kontakter" base={BASE} createLabel="Opret kontakt"
      sortFields={CONTACT_SORT_FIELDS} api={(trpc) => trpc.contacts}
      columns={columns} rowName={(r) => r.name} confirmDelete={MSG.confirmDeleteContact}
      filters={(_, data) =>
        data && (
          <Text fontSize="sm" color="fg.muted">
            {data.total} {data.total === 1 ? 'kontakt' : 'kontakter'}
          </Text>
        )
      }
    />
  );
}
