import { Avatar, Badge, Box, HStack, Text } from '@chakra-ui/react';
import { CONTACT_SORT_FIELDS } from '@klubhus/domain';
import { MSG } from '@klubhus/domain/messages';
import { Star } from 'lucide-react';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { columnHelper } from '../../ui/DataTable';
import { ListPage, linkCell } from '../../ui/ListPage';

type Row = RouterOutputs['contacts']['list']['rows'][number];
const BASE = '/contacts';
const nameLink = linkCell<Row>(BASE, (r) => r.name);
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
  col.accessor('name', {
    id: 'Name',
    header: 'Navn',
    cell: (ctx) => (
      <HStack gap="2">
        {nameLink(ctx)}
        {ctx.row.original.highlighted && (
          <Badge size="sm" colorPalette="yellow" title="Fremhævet">
            <Star size={12} aria-hidden />
            <Box as="span" srOnly>
              Fremhævet
            </Box>
          </Badge>
        )}
        {ctx.row.original.noInvitations && (
          <Badge size="sm" colorPalette="gray">
            Ingen invitationer
          </Badge>
        )}
      </HStack>
    ),
  }),
  col.accessor('email', { id: 'Email', header: 'E-mail' }),
  col.accessor('phone', { id: 'Phone', header: 'Telefon', cell: ({ getValue }) => getValue() ?? '' }),
  col.accessor('mobile', { id: 'Mobile', header: 'Mobil', cell: ({ getValue }) => getValue() ?? '' }),
]);

/** /contacts (Kontakter): search, table, create, edit, delete. */
export default function ContactsListPage() {
  const trpc = useTRPC();
  return (
    <ListPage
      title="Kontakter" base={BASE} createLabel="Opret kontakt"
      sortFields={CONTACT_SORT_FIELDS} api={trpc.contacts}
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
