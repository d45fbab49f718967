import { Avatar, Badge, Box, HStack, Text } from '@chakra-ui/react';
import { CONTACT_SORT_FIELDS } from '@klubhus/domain';
import { MSG } from '@klubhus/domain/messages';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Star, } from 'lucide-react';
import { useMemo } from 'react';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { columnHelper, DataTable } from '../../ui/DataTable';
import { AppLink, LinkButton } from '../../ui/LinkButton';
import { PageHeader } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { useListState } from '../../ui/useListState';
import { RowActions } from '../../ui/RowActions';

type ContactRow = RouterOutputs['contacts']['list']['rows'][number];
type SortField = (typeof CONTACT_SORT_FIELDS)[number];

/** /contacts (Kontakter): search, table, create, edit, delete. */
export default function ContactsListPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useListState<SortField>({ sort: { field: 'Name', dir: 'asc' }, sortFields: CONTACT_SORT_FIELDS });
  const q = useQuery(trpc.contacts.list.queryOptions(list.input, { placeholderData: keepPreviousData }));
  const remove = useSaveMutation({
    mutation: trpc.contacts.delete.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => queryClient.invalidateQueries(trpc.contacts.pathFilter()),
  });

  const columns = useMemo(() => {
    const col = columnHelper<ContactRow>();
    return col.columns([
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
        cell: ({ row }) => (
          <HStack gap="2">
            <AppLink to={`/contacts/${row.original.id}`} fontWeight="medium">
              {row.original.name}
            </AppLink>
            {row.original.highlighted && (
              <Badge size="sm" colorPalette="yellow" title="Fremhævet">
                <Star size={12} aria-hidden />
                <Box as="span" srOnly>
                  Fremhævet
                </Box>
              </Badge>
            )}
            {row.original.noInvitations && (
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
      col.display({
        id: 'actions',
        header: () => <Box srOnly>Handlinger</Box>,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            editTo={`/contacts/${row.original.id}`}
            name={row.original.name}
            confirmText={MSG.confirmDeleteContact}
            onDelete={() => remove.mutate({ id: row.original.id })}
          />
        ),
      }),
    ]);
  }, [remove.mutate]);

  return (
    <>
      <PageHeader
        title="Kontakter"
        actions={
          <LinkButton to="/contacts/create" colorPalette="brand">
            <Plus /> Opret kontakt
          </LinkButton>
        }
      />
      <DataTable
        label="Kontakter"
        columns={columns}
        rows={q.data?.rows}
        total={q.data?.total}
        totalPages={q.data?.totalPages}
        loading={q.isFetching}
        list={list}
        getRowId={(r) => String(r.id)}
        toolbar={
          q.data ? (
            <Text fontSize="sm" color="fg.muted">
              {q.data.total} {q.data.total === 1 ? 'kontakt' : 'kontakter'}
            </Text>
          ) : null
        }
      />
    </>
  );
}
