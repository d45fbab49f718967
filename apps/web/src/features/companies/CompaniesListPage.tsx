import { Badge, Box, Button, ButtonGroup, HStack, Progress, Text } from '@chakra-ui/react';
import { COMPANY_SORT_FIELDS, COMPANY_STATUS_COLORS, COMPANY_STATUS_LABELS, utilizationBar } from '@klubhus/domain';
import { MSG } from '@klubhus/domain/messages';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, Plus, } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type RouterOutputs, useTRPC, useTRPCClient } from '../../lib/trpc';
import { columnHelper, DataTable } from '../../ui/DataTable';
import { errorMessage } from '../../ui/errors';
import { AppLink, LinkButton } from '../../ui/LinkButton';
import { PageHeader } from '../../ui/PageHeader';
import { useSaveMutation } from '../../ui/save';
import { notify } from '../../ui/toaster';
import { useListState } from '../../ui/useListState';
import { saveBase64File } from '../../lib/transfer';
import { formatDate } from '../../ui/format';
import { STATUS_FILTERS } from './status';
import { RowActions } from '../../ui/RowActions';

type CompanyRow = RouterOutputs['companies']['list']['rows'][number];
type SortField = (typeof COMPANY_SORT_FIELDS)[number];

/** /companies (Virksomheder): status filter, search, export, sortable table with edit and delete. */
export default function CompaniesListPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const list = useListState<SortField>({ sort: { field: 'Name', dir: 'asc' }, sortFields: COMPANY_SORT_FIELDS });
  const status = list.filters.status ?? '';
  const filter = status === '' ? {} : { status: Number(status) };
  const q = useQuery(trpc.companies.list.queryOptions({ ...list.input, filter }, { placeholderData: keepPreviousData }));
  const [exporting, setExporting] = useState(false);

  const remove = useSaveMutation({
    mutation: trpc.companies.delete.mutationOptions(),
    success: (r) => r.message,
    onSuccess: () => queryClient.invalidateQueries(trpc.companies.pathFilter()),
  });

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const file = await client.companies.export.mutate({ filter, search: list.input.search, sort: list.input.sort });
      saveBase64File(file.fileName, file.mimeType, file.base64);
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo(() => {
    const col = columnHelper<CompanyRow>();
    return col.columns([
      col.accessor('name', {
        id: 'Name',
        header: 'Navn',
        cell: ({ row }) => (
          <HStack gap="2">
            <AppLink to={`/companies/${row.original.id}`} fontWeight="medium">
              {row.original.name}
            </AppLink>
            <Badge size="sm" colorPalette={COMPANY_STATUS_COLORS[row.original.status] ?? 'gray'}>
              {COMPANY_STATUS_LABELS[row.original.status]}
            </Badge>
          </HStack>
        ),
      }),
      col.accessor('cvr', { id: 'CVR', header: 'CVR', cell: ({ getValue }) => getValue() ?? '' }),
      col.accessor('address', { id: 'Address', header: 'Adresse', cell: ({ getValue }) => getValue() ?? '' }),
      col.accessor('zipCode', { id: 'ZipCode', header: 'Postnr.', cell: ({ getValue }) => getValue() ?? '' }),
      col.accessor('city', { id: 'City', header: 'By', cell: ({ getValue }) => getValue() ?? '' }),
      col.accessor('email', { id: 'Email', header: 'E-mail', cell: ({ getValue }) => getValue() ?? '' }),
      col.accessor('phone', { id: 'Phone', header: 'Telefon', cell: ({ getValue }) => getValue() ?? '' }),
      col.accessor('followUpDate', { id: 'FollowUpDate', header: 'Opfølgningsdato', cell: ({ getValue }) => formatDate(getValue()) }),
      col.accessor('utilization', {
        id: 'Utilization',
        header: 'Udnyttelse',
        cell: ({ getValue }) => {
          const v = getValue();
          return (
            <HStack gap="2" minW="28">
              <Progress.Root value={utilizationBar(v)} size="sm" flex="1" colorPalette={v >= 100 ? 'red' : 'brand'} aria-label={`Udnyttelse ${v} %`}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text fontSize="xs" color="fg.muted" minW="9" textAlign="end">
                {Math.round(v)} %
              </Text>
            </HStack>
          );
        },
      }),
      col.display({
        id: 'actions',
        header: () => <Box srOnly>Handlinger</Box>,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions
            editTo={`/companies/${row.original.id}`}
            name={row.original.name}
            confirmText={MSG.confirmDeleteCompany}
            onDelete={() => remove.mutate({ id: row.original.id })}
          />
        ),
      }),
    ]);
  }, [remove.mutate]);

  return (
    <>
      <PageHeader
        title="Virksomheder"
        actions={
          <>
            <Button variant="outline" onClick={() => void exportXlsx()} loading={exporting}>
              <FileSpreadsheet /> Eksporter
            </Button>
            <LinkButton to="/companies/create" colorPalette="brand">
              <Plus /> Opret virksomhed
            </LinkButton>
          </>
        }
      />
      <DataTable
        label="Virksomheder"
        columns={columns}
        rows={q.data?.rows}
        total={q.data?.total}
        totalPages={q.data?.totalPages}
        loading={q.isFetching}
        list={list}
        getRowId={(r) => String(r.id)}
        toolbar={
          <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="Status">
            {STATUS_FILTERS.map((s) => (
              <Button
                key={s.value || 'all'}
                variant={status === s.value ? 'solid' : 'outline'}
                colorPalette={status === s.value ? 'brand' : 'gray'}
                aria-pressed={status === s.value}
                onClick={() => list.setFilter('status', s.value || null)}
              >
                {s.label}
              </Button>
            ))}
          </ButtonGroup>
        }
      />
    </>
  );
}
