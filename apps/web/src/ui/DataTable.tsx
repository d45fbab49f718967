import { Box, Flex, HStack, IconButton, NativeSelect, Table, Text } from '@chakra-ui/react';
import { MSG, PAGE_SIZES } from '@klubhus/domain';
import {
  type Cell,
  type ColumnDef,
  createColumnHelper,
  type Row,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, ChevronRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { formatCount } from './format';
import { Pagination } from './Pagination';
import { SearchInput } from './SearchInput';
import type { ListState } from './useListState';
import { LoadingSpinner } from './LoadingSpinner';

/** Table features of every DataTable: sorting only (the server pages, sorts and filters). */
export const dataTableFeatures = tableFeatures({ rowSortingFeature });
export type DataTableFeatures = typeof dataTableFeatures;
export type DataColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/**
 * Column helper bound to DataTable's features. The column `id` is the server's
 * sort field (e.g. 'Name'); set `enableSorting: false` on columns the server
 * cannot sort (actions).
 *
 *   const col = columnHelper<ModuleRow>();
 *   const columns = col.columns([
 *     col.accessor('name', { id: 'Name', header: 'Navn' }),
 *     col.display({ id: 'actions', header: '', enableSorting: false, cell: ({ row }) => ... }),
 *   ]);
 *
 * Define columns at module scope or in useMemo: they must be stable.
 */
export const columnHelper = <T extends RowData>() => createColumnHelper<DataTableFeatures, T>();

export interface DataTableProps<T extends RowData> {
  columns: DataColumn<T>[];
  rows: T[] | undefined;
  total: number | undefined;
  totalPages: number | undefined;
  /** More than `total` rows exist ('af mere end 1.000'). */
  totalCapped?: boolean;
  /** From useListState: search, sort, page and size live in the URL. */
  list: ListState;
  loading?: boolean;
  /** Show the search box above the table (default true). */
  searchable?: boolean;
  searchPlaceholder?: string;
  /** Extra controls beside the search box (filters, export button). */
  toolbar?: ReactNode;
  emptyText?: string;
  getRowId?: (row: T) => string;
  /** Accessible name of the table. */
  label?: string;
  /**
   * A tree table: the rows under a row (e.g. an event's sub-events). A row that has any gets an
   * expand button in its first cell; expanded, they follow it, indented (nested rows likewise).
   */
  getSubRows?: (row: T) => T[] | undefined;
  /** The expand button's accessible name for a row ('Vis underarrangementer af X'). */
  expandLabel?: (row: T) => string;
}

const emptyRows: never[] = [];

/**
 * Server-paged, sortable, searchable table (SPEC shared UI): 10 per page by
 * default, page sizes 10/25/50/100/1000, 'Ingen elementer blev fundet.' when
 * empty, a spinner while loading, Pagination underneath.
 */
export function DataTable<T extends RowData>({
  columns,
  rows,
  total,
  totalPages,
  totalCapped,
  list,
  loading,
  searchable = true,
  searchPlaceholder = 'Søg...',
  toolbar,
  emptyText = MSG.noItems,
  getRowId,
  label,
  getSubRows,
  expandLabel = () => 'Vis underliggende rækker',
}: DataTableProps<T>) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const sorting: SortingState = [{ id: list.sort.field, desc: list.sort.dir === 'desc' }];
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows ?? (emptyRows as T[]),
    getRowId: getRowId ? (row: T) => getRowId(row) : undefined,
    getSubRows: getSubRows ? (row: T) => getSubRows(row) : undefined,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first) list.setSort({ field: first.id, dir: first.desc ? 'desc' : 'asc' });
    },
  });
  const dataRows = table.getRowModel().rows;
  const colCount = table.getAllLeafColumns().length;
  const from = total ? (list.page - 1) * list.perPage + 1 : 0;
  const to = total ? Math.min(total, list.page * list.perPage) : 0;

  return (
    <Box>
      {(searchable || toolbar) && (
        <Flex gap="3" mb="4" wrap="wrap" align="center">
          {searchable && <SearchInput value={list.search} onChange={list.setSearch} placeholder={searchPlaceholder} />}
          {toolbar}
        </Flex>
      )}
      <Box borderWidth="1px" borderRadius="lg" overflowX="auto" bg="bg" position="relative">
        <Table.Root size="sm" interactive aria-label={label} aria-busy={loading || undefined}>
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id} bg="bg.muted">
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort();
                  const sorted = header.column.getIsSorted();
                  return (
                    <Table.ColumnHeader
                      key={header.id}
                      aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                      whiteSpace="nowrap"
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <Box
                          as="button"
                          display="inline-flex"
                          alignItems="center"
                          gap="1"
                          fontWeight="semibold"
                          cursor="pointer"
                          onClick={header.column.getToggleSortingHandler()}
                          _hover={{ color: 'brand.fg' }}
                        >
                          <table.FlexRender header={header} />
                          {sorted === 'asc' ? (
                            <ArrowUp size={14} aria-hidden />
                          ) : sorted === 'desc' ? (
                            <ArrowDown size={14} aria-hidden />
                          ) : (
                            <Box as="span" opacity={0.4} display="inline-flex">
                              <ArrowUpDown size={14} aria-hidden />
                            </Box>
                          )}
                        </Box>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </Table.ColumnHeader>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>
            {loading && dataRows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={colCount} textAlign="center" py="8">
                  <LoadingSpinner size="md" />
                </Table.Cell>
              </Table.Row>
            ) : dataRows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={colCount} textAlign="center" py="8" color="fg.muted">
                  {emptyText}
                </Table.Cell>
              </Table.Row>
            ) : (
              withExpanded(dataRows, expanded).map((row) => (
                <Table.Row key={row.id} opacity={loading ? 0.6 : 1} bg={row.depth > 0 ? 'bg.subtle' : undefined}>
                  {row.getAllCells().map((cell, i) => (
                    <Table.Cell key={cell.id}>
                      {i === 0 && getSubRows ? (
                        <TreeCell row={row} open={expanded.has(row.id)} onToggle={() => toggle(row.id)} label={expandLabel(row.original)}>
                          <table.FlexRender cell={cell as Cell<DataTableFeatures, T, unknown>} />
                        </TreeCell>
                      ) : (
                        <table.FlexRender cell={cell} />
                      )}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Box>
      <Flex mt="4" gap="4" align="center" justify="space-between" wrap="wrap">
        <HStack gap="3">
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              aria-label="Antal pr. side"
              value={String(list.perPage)}
              onChange={(e) => list.setPerPage(Number(e.target.value))}
              bg="bg"
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Text fontSize="sm" color="fg.muted">
            {total ? `Viser ${from}–${to} af ${totalCapped ? `mere end ${formatCount(total)}` : total}` : ''}
          </Text>
        </HStack>
        <Pagination page={list.page} totalPages={totalPages ?? 1} onPageChange={list.setPage} />
      </Flex>
    </Box>
  );
}

/** The rows in display order: each row followed by its sub-rows when it is expanded (depth first). */
function withExpanded<R extends { id: string; subRows: R[] }>(rows: R[], expanded: ReadonlySet<string>): R[] {
  return rows.flatMap((r) => (expanded.has(r.id) && r.subRows.length ? [r, ...withExpanded(r.subRows, expanded)] : [r]));
}

/** A tree table's first cell: indented by depth, with an expand button when the row has sub-rows. */
function TreeCell<T extends RowData>({
  row,
  open,
  onToggle,
  label,
  children,
}: {
  row: Row<DataTableFeatures, T>;
  open: boolean;
  onToggle: () => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <HStack gap="1" pl={`${row.depth * 1.5}rem`}>
      {row.subRows.length > 0 ? (
        <IconButton size="2xs" variant="ghost" aria-expanded={open} aria-label={label} onClick={onToggle}>
          {open ? <ChevronDown /> : <ChevronRight />}
        </IconButton>
      ) : (
        <Box w="6" flexShrink={0} aria-hidden />
      )}
      {children}
    </HStack>
  );
}
