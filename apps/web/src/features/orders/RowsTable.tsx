import { Box, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { EmptyRow } from '../../ui/TableParts';

/** A small read-only table of the order's screens: named for screen readers, headers (end-aligned ones for amounts), an empty text, the rows. */
export function RowsTable({ label, headers, empty, children }: { label: string; headers: (string | { text: string; end: true })[]; empty?: ReactNode; children?: ReactNode }) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {headers.map((h) => (typeof h === 'string' ? <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader> : <Table.ColumnHeader key={h.text} textAlign="end">{h.text}</Table.ColumnHeader>))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {empty !== undefined && <EmptyRow colSpan={headers.length}>{empty}</EmptyRow>}
          {children}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
