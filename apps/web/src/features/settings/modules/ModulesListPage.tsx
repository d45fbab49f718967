import { Box, HStack, Link } from '@chakra-ui/react';
import { MSG } from '@klubhus/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, } from 'lucide-react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { type RouterOutputs, useTRPC } from '../../../lib/trpc';
import { columnHelper, DataTable } from '../../../ui/DataTable';
import { LinkButton } from '../../../ui/LinkButton';
import { ModuleIcon } from '../../../ui/ModuleIcon';
import { PageHeader } from '../../../ui/PageHeader';
import { useSaveMutation } from '../../../ui/save';
import { useListState } from '../../../ui/useListState';
import { RowActions } from '../../../ui/RowActions';

type ModuleRow = RouterOutputs['modules']['list']['rows'][number];
const SORT_FIELDS = ['Name', 'Alias', 'Url', 'Sorting', 'Id'] as const;

/** Settings → Modules (SPEC §2): 10 per page, sort Sorting ascending, search. */
export default function ModulesListPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useListState<(typeof SORT_FIELDS)[number]>({ sort: { field: 'Sorting', dir: 'asc' }, sortFields: SORT_FIELDS });
  const q = useQuery(trpc.modules.list.queryOptions(list.input, { placeholderData: keepPreviousData }));

  const remove = useSaveMutation({
    mutation: trpc.modules.delete.mutationOptions(),
    success: (r) => r.message,
    onSuccess: async () => {
      // Module definitions decide which routes every club sees.
      await Promise.all([queryClient.invalidateQueries(trpc.modules.pathFilter()), queryClient.invalidateQueries(trpc.app.pathFilter())]);
    },
  });

  const columns = useMemo(() => {
    const col = columnHelper<ModuleRow>();
    return col.columns([
      col.accessor('name', {
        id: 'Name',
        header: 'Navn',
        cell: ({ row }) => (
          <HStack gap="2">
            <ModuleIcon name={row.original.icon} size={16} />
            <Link asChild colorPalette="brand" fontWeight="medium">
              <RouterLink to={`/settings/modules/${row.original.id}`}>{row.original.name}</RouterLink>
            </Link>
          </HStack>
        ),
      }),
      col.accessor('alias', { id: 'Alias', header: 'Alias' }),
      col.accessor('url', { id: 'Url', header: 'Url', cell: ({ getValue }) => getValue() ?? '' }),
      col.accessor('sorting', { id: 'Sorting', header: 'Sorting' }),
      col.display({
        id: 'actions',
        header: () => <Box srOnly>Handlinger</Box>,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            editTo={`/settings/modules/${row.original.id}`}
            name={row.original.name}
            confirmText={MSG.confirmDeleteModule}
            onDelete={() => remove.mutate({ id: row.original.id })}
          />
        ),
      }),
    ]);
  }, [remove.mutate]);

  return (
    <>
      <PageHeader
        title="Modules"
        actions={
          <LinkButton to="/settings/modules/create" colorPalette="brand">
            <Plus /> Create module
          </LinkButton>
        }
      />
      <DataTable
        label="Moduler"
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
