import { Badge, Box, HStack, Table, type TableCellProps } from '@chakra-ui/react';
import { MSG } from '@klubhus/domain/messages';
import type { ReactNode } from 'react';

/** The header of a table's row-button column: named for screen readers only. */
export function ActionsHeader() {
  return (
    <Table.ColumnHeader>
      <Box srOnly>Handlinger</Box>
    </Table.ColumnHeader>
  );
}

/** The cell of a row's buttons, right-aligned in a row. */
export function ActionsCell({ children, ...rest }: TableCellProps) {
  return (
    <Table.Cell {...rest}>
      <HStack gap="1" justify="flex-end">
        {children}
      </HStack>
    </Table.Cell>
  );
}

/** The one row of an empty table, across all its columns: 'Ingen elementer blev fundet.' unless told otherwise. */
export function EmptyRow({ colSpan, children = MSG.noItems }: { colSpan: number; children?: ReactNode }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={colSpan} textAlign="center" color="fg.muted" py="6">
        {children}
      </Table.Cell>
    </Table.Row>
  );
}

/** Ja / Nej badge for a yes-or-no value in a table. */
export function YesNo({ value }: { value: boolean }) {
  return <Badge colorPalette={value ? 'green' : 'gray'}>{value ? 'Ja' : 'Nej'}</Badge>;
}
