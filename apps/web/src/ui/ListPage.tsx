import { Box, Button, HStack, NativeSelect } from '@chakra-ui/react';
import {
  keepPreviousData,
  type MutationOptions,
  type QueryFilters,
  type UseQueryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { FileSpreadsheet, Plus } from 'lucide-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { saveBase64File } from '../lib/transfer';
import { useTRPC } from '../lib/trpc';
import { columnHelper, type DataColumn, DataTable } from './DataTable';
import { errorMessage } from './errors';
import { AppLink, LinkButton } from './LinkButton';
import { PageHeader } from './PageHeader';
import { RowActions } from './RowActions';
import { useSaveMutation } from './save';
import { notify } from './toaster';
import { YesNo } from './TableParts';
import { type ListSort, type ListState, useListState } from './useListState';

/** What every server list procedure answers (the list protocol). */
export interface ListResult<Row> {
  rows: Row[];
  total: number;
  totalPages: number;
  /** The total is a lower bound: more than `total` rows (a list that counts a search only so far, e.g. orders). */
  totalCapped?: boolean;
}

/** The server's list input: {search?, sort, page, perPage} plus `filter` when the screen has filters. */
export type ListInput<F extends string = string> = ListState<F>['input'] & { filter?: Record<string, unknown> };

/** An `onExport` that asks the server for the list's file (filter, search and sort as shown) and saves it ('Ordrer.xlsx'). */
export function xlsxExport(exportFile: (input: Pick<ListInput, 'filter' | 'search' | 'sort'>) => Promise<{ fileName: string; mimeType: string; base64: string }>) {
  return async ({ filter, search, sort }: ListInput) => {
    const file = await exportFile({ filter, search, sort });
    saveBase64File(file.fileName, file.mimeType, file.base64);
  };
}

type Id = { id: number };
type TRPC = ReturnType<typeof useTRPC>;

/** The parts of a record's tRPC router a list page uses (any router with list, delete and pathFilter fits). */
export interface ListApi<Row, F extends string> {
  list: { queryOptions: (input: ListInput<F>) => UseQueryOptions<any, any, ListResult<Row>, any> };
  delete: { mutationOptions: () => MutationOptions<any, any, Id> };
  pathFilter: () => QueryFilters<any>;
}

export interface ListPageProps<Row extends Id, F extends string> {
  /** Heading and document.title: 'Kategorier'. */
  title: string;
  /** Accessible name of the table (the browser tests find it by this); default `title`. */
  label?: string;
  /** Path of the records: rows link to `${base}/${id}`, the create button to `${base}/create`. */
  base: string;
  /** Text of the create button ('Opret kategori'); omit for no button. */
  createLabel?: string;
  /** Server sort fields (column ids); the first is the default sort, ascending, unless `sort` says otherwise. */
  sortFields: readonly F[];
  sort?: ListSort<F>;
  /** The server's URL filters (?category=3) as its `filter` input; omit when the list has none. */
  filter?: (filters: Record<string, string>) => Record<string, unknown>;
  /** The record's tRPC router, `(trpc) => trpc.orderCategories`: its `list` query fills the table, `delete` serves Slet, its queries are refreshed after a delete. */
  api: (trpc: TRPC) => ListApi<Row, F>;
  /** Columns (stable: module scope or useMemo); the Rediger / Slet column is added when `confirmDelete` is given. */
  columns: DataColumn<Row>[];
  /** Name of a row in the Rediger / Slet labels ('Slet Karen Jensen'). */
  rowName: (row: Row) => string;
  /** SPEC §8's question before Slet (MSG.confirmDeleteCategory); omit for no Rediger / Slet column. */
  confirmDelete?: string;
  /** Only a Rediger button on each row (no Slet), e.g. the events list. */
  editOnly?: boolean;
  /** A tree table: the rows under a row, shown when its first cell's expand button is pressed (see DataTable). */
  getSubRows?: (row: Row) => Row[] | undefined;
  expandLabel?: (row: Row) => string;
  /** More queries to refresh after a delete than the router's own (e.g. the products after a category). */
  invalidate?: (trpc: TRPC) => QueryFilters<any>[];
  /** Filters and counts beside the search box; they read and set the URL through `list`. */
  filters?: (list: ListState<F>, data: ListResult<Row> | undefined) => ReactNode;
  /** An export button ('Eksporter') that runs this with the list's current input; errors become toasts. */
  onExport?: (input: ListInput<F>) => Promise<void>;
}

/**
 * A list screen: title, create button, export, search, filters, a server-paged
 * DataTable with sort, search, page and filters kept in the URL, and Rediger /
 * Slet on every row (Slet asks SPEC §8's question first). See ui/README.md.
 */
export function ListPage<Row extends Id, F extends string>(props: ListPageProps<Row, F>) {
  const { title, base, createLabel, sortFields, filter, confirmDelete: confirm, onExport, editOnly } = props;
  const trpc = useTRPC();
  const api = props.api(trpc);
  const queryClient = useQueryClient();
  const list = useListState<F>({ sort: props.sort ?? { field: sortFields[0], dir: 'asc' }, sortFields });
  const input: ListInput<F> = filter ? { ...list.input, filter: filter(list.filters) } : list.input;
  const q = useQuery({ ...api.list.queryOptions(input), placeholderData: keepPreviousData });
  const [exporting, setExporting] = useState(false);

  const removeMutation = useSaveMutation({
    mutation: api.delete.mutationOptions(),
    success: (r: { message: string }) => r.message,
    onSuccess: () => Promise.all([api.pathFilter(), ...(props.invalidate?.(trpc) ?? [])].map((f) => queryClient.invalidateQueries(f))),
  });
  // The row callbacks may be inline functions: read them through a ref so the columns stay stable.
  const latest = useRef({ rowName: props.rowName, remove: removeMutation.mutate });
  latest.current = { rowName: props.rowName, remove: removeMutation.mutate };
  const columns = useMemo(() => {
    if (confirm === undefined && !editOnly) return props.columns;
    const col = columnHelper<Row>();
    const actions = col.display({
      id: 'actions',
      header: () => <Box srOnly>Handlinger</Box>,
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          editTo={`${base}/${row.original.id}`}
          name={latest.current.rowName(row.original)}
          confirmText={confirm}
          onDelete={editOnly ? undefined : () => latest.current.remove({ id: row.original.id })}
        />
      ),
    });
    return [...props.columns, actions];
  }, [props.columns, base, confirm, editOnly]);

  const runExport = async () => {
    if (!onExport) return;
    setExporting(true);
    try {
      await onExport(input);
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={title}
        actions={
          (onExport || createLabel) && (
            <>
              {onExport && (
                <Button variant="outline" onClick={() => void runExport()} loading={exporting}>
                  <FileSpreadsheet /> Eksporter
                </Button>
              )}
              {createLabel && (
                <LinkButton to={`${base}/create`} colorPalette="brand">
                  <Plus /> {createLabel}
                </LinkButton>
              )}
            </>
          )
        }
      />
      <DataTable
        label={props.label ?? title}
        columns={columns}
        rows={q.data?.rows}
        total={q.data?.total}
        totalCapped={q.data?.totalCapped}
        totalPages={q.data?.totalPages}
        loading={q.isFetching}
        list={list}
        getRowId={(r) => String(r.id)}
        toolbar={props.filters?.(list, q.data)}
        getSubRows={props.getSubRows}
        expandLabel={props.expandLabel}
      />
    </>
  );
}

/**
 * The cell of a list's name column: the name as a link to the row's edit screen, with
 * whatever goes `before` it (an icon) or `after` it (badges) on the same line.
 */
export const linkCell =
  <Row extends Id>(base: string, text: (row: Row) => ReactNode, beside?: { before?: (row: Row) => ReactNode; after?: (row: Row) => ReactNode }) =>
  ({ row }: { row: { original: Row } }) => {
    const link = (
      <AppLink to={`${base}/${row.original.id}`} fontWeight="medium">
        {text(row.original)}
      </AppLink>
    );
    if (!beside) return link;
    return (
      <HStack gap="2">
        {beside.before?.(row.original)}
        {link}
        {beside.after?.(row.original)}
      </HStack>
    );
  };

/** A Ja / Nej badge for a boolean column. */
export const yesNoCell = ({ getValue }: { getValue: () => boolean }) => <YesNo value={getValue()} />;

/** A cell for text that may be null: the text or nothing. */
export const textCell = ({ getValue }: { getValue: () => string | null | undefined }) => getValue() ?? '';

/** A filter select kept in the URL (?category=3): `all` is the empty choice ('Alle'). */
export function SelectFilter({
  list,
  name,
  label,
  all,
  options,
}: {
  list: ListState<any>;
  name: string;
  label: string;
  all: string;
  options: { id: number | string; title: string }[] | undefined;
}) {
  return (
    <NativeSelect.Root width="auto" minW="48">
      <NativeSelect.Field aria-label={label} value={list.filters[name] ?? ''} onChange={(e) => list.setFilter(name, e.target.value || null)} bg="bg">
        <option value="">{all}</option>
        {(options ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            {o.title}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
