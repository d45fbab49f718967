import { Box, } from '@chakra-ui/react';
import { MSG } from '@klubhus/domain/messages';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, } from 'lucide-react';
import { useMemo } from 'react';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { columnHelper, DataTable } from '../../ui/DataTable';
import { AppLink, LinkButton } from '../../ui/LinkButton';
import { PageHeader } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { useListState } from '../../ui/useListState';
import { RowActions } from '../../ui/RowActions';

type ListRow = RouterOutputs['contacts']['lists']['list']['rows'][number];
const SORT_FIELDS = ['Title', 'Id'] as const;

/** /contacts/contact-lists (Kontaktlister): search, table, create, edit, delete. */
export default function ContactListsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useListState<(typeof SORT_FIELDS)[number]>({ sort: { field: 'Title', dir: 'asc' }, sortFields: SORT_FIELDS });
  const q = useQuery(trpc.contacts.lists.list.queryOptions(list.input, { placeholderData: keepPreviousData }));
  const remove = useSaveMutation({
    mutation: trpc.contacts.lists.delete.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => queryClient.invalidateQueries(trpc.contacts.pathFilter()),
  });

  const columns = useMemo(() => {
    const col = columnHelper<ListRow>();
    return col.columns([
      col.accessor('title', {
        id: 'Title',
        header: 'Navn',
        cell: ({ row }) => (
          <AppLink to={`/contacts/contact-lists/${row.original.id}`} fontWeight="medium">
            {row.original.title}
          </AppLink>
        ),
      }),
      col.accessor('contactCount', { id: 'contactCount', header: 'Kontakter', enableSorting: false }),
      col.display({
        id: 'actions',
        header: () => <Box srOnly>Handlinger</Box>,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            editTo={`/contacts/contact-lists/${row.original.id}`}
            name={row.original.title}
            confirmText={MSG.confirmDeleteContactList}
            onDelete={() => remove.mutate({ id: row.original.id })}
          />
        ),
      }),
    ]);
  }, [remove.mutate]);

  return (
    <>
      <PageHeader
        title="Kontaktlister"
        actions={
          <LinkButton to="/contacts/contact-lists/create" colorPalette="brand">
            <Plus /> Opret kontaktliste
          </LinkButton>
        }
      />
      <DataTable
        label="Kontaktlister"
        columns={columns}
        rows={q.data?.rows}
        total={q.data?.total}
        totalPages={q.data?.totalPages}
        loading={q.isFetching}
        list={list}
        getRowId={(r) => String(r.id)}
      />
    </>
  );
}
