import { HStack, Table, Text } from '@chakra-ui/react';
import { formatDKK, kronerToOre } from '@klubhus/domain';
import type { ReactNode } from 'react';

/** One line of a receipt-like table: the item with its notes under it (small, muted), the amount and the line's total (kroner). */
export function ReceiptLine({ title, notes, amount, total }: { title: ReactNode; notes: ReactNode[]; amount: ReactNode; total: number }) {
  return (
    <Table.Row>
      <Table.Cell>
        {title}
        {notes.map(
          (note, i) =>
            note && (
              <Text key={i} fontSize="xs" color="fg.muted">
                {note}
              </Text>
            ),
        )}
      </Table.Cell>
      <Table.Cell textAlign="end">{amount}</Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {formatDKK(kronerToOre(total))}
      </Table.Cell>
    </Table.Row>
  );
}

/** A sum under a receipt: the label left, the amount (kroner) right; `total` for the bold, larger last one. */
export function SumRow({ label, kroner, total, negative }: { label: string; kroner: number; total?: boolean; negative?: boolean }) {
  return (
    <HStack justify="space-between" fontWeight={total ? 'semibold' : undefined} fontSize={total ? 'lg' : undefined}>
      <Text>{label}</Text>
      <Text>
        {negative ? '−' : ''}
        {formatDKK(kronerToOre(kroner))}
      </Text>
    </HStack>
  );
}
