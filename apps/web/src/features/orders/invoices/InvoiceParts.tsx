import { Badge, Button, HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { ECONOMIC_STATUS_LABELS, INVOICE_MSG, invoiceActionAllowed, invoiceStateLabel, type TInvoiceListRow } from '@klubhus/domain';
import { useQueryClient } from '@tanstack/react-query';
import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { useConfirm } from '../../../ui/confirm';
import { errorMessage } from '../../../ui/errors';
import { notify } from '../../../ui/toaster';

const STATE_COLORS: Record<string, string> = { Kladde: 'blue', Bogført: 'gray', Sendt: 'orange', Betalt: 'green', Krediteret: 'purple' };

/** Kladde, Bogført, Sendt, Betalt or Krediteret (a credit note's number says what it is); e-conomic's state beside it when the club has it. */
export function InvoiceStateBadges({ row }: { row: TInvoiceListRow }) {
  const state = invoiceStateLabel(row);
  const economic = ECONOMIC_STATUS_LABELS[row.economicStatus];
  return (
    <HStack gap="1" flexWrap="wrap">
      <Badge colorPalette={STATE_COLORS[state] ?? 'gray'}>{state}</Badge>
      {economic && <Badge colorPalette={row.economicStatus === 'failed' ? 'red' : row.economicStatus === 'booked' ? 'green' : 'gray'} variant="outline">{economic}</Badge>}
    </HStack>
  );
}

export const invoiceLabel = (r: Pick<TInvoiceListRow, 'number' | 'type'>) => (r.number === null ? 'Kladde' : `${r.type === 'credit_note' ? 'Kreditnota' : 'Faktura'} ${r.number}`);

type ActionName = 'book' | 'credit' | 'delete' | 'sent' | 'paid' | 'send' | 'sendReceipt';
const ACTIONS: { name: ActionName; label: string; confirm?: string }[] = [
  { name: 'book', label: 'Bogfør', confirm: INVOICE_MSG.confirmBook },
  { name: 'send', label: 'Send på e-mail' },
  { name: 'sent', label: 'Markér som sendt' },
  { name: 'paid', label: 'Markér som betalt', confirm: INVOICE_MSG.confirmPaid },
  { name: 'sendReceipt', label: 'Send kvittering' },
  { name: 'credit', label: 'Krediter', confirm: INVOICE_MSG.confirmCredit },
  { name: 'delete', label: 'Slet kladde', confirm: INVOICE_MSG.confirmDelete },
];

/**
 * An invoice's actions (SPEC §4) as a menu: only those its state allows; each asks first where SPEC
 * asks, shows the server's toast, and refreshes the invoices and orders. PDF (booked, once made)
 * and Vis (the HTML it is printed from) open in a new tab: the server hands out their addresses.
 */
export function InvoiceActions({ row, onDateChange }: { row: TInvoiceListRow; onDateChange?: () => void }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const allowed = ACTIONS.filter((a) => invoiceActionAllowed({ isDraft: row.isDraft, isPaid: row.isPaid, type: row.type, credited: row.credited }, a.name).ok);
  const run = async (a: (typeof ACTIONS)[number]) => {
    if (a.confirm && !(await confirm(a.confirm))) return;
    setBusy(true);
    try {
      const r = await client.invoices[a.name].mutate({ id: row.id });
      notify.success(r.message);
      await Promise.all([queryClient.invalidateQueries(trpc.invoices.pathFilter()), queryClient.invalidateQueries(trpc.orders.pathFilter())]);
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const name = invoiceLabel(row);
  return (
    <HStack gap="1" justify="flex-end">
      <Button asChild size="xs" variant="ghost">
        <a href={row.pdfUrl ?? row.previewUrl} target="_blank" rel="noopener" aria-label={`${row.pdfUrl ? 'PDF' : 'Vis'}: ${name}`}>
          {row.pdfUrl ? 'PDF' : 'Vis'}
        </a>
      </Button>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <IconButton size="xs" variant="outline" loading={busy} aria-label={`Handlinger for ${name}`}>
            <MoreHorizontal />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="48">
              {row.isDraft && onDateChange && (
                <Menu.Item value="date" onSelect={onDateChange}>
                  Skift fakturadato
                </Menu.Item>
              )}
              {allowed.map((a) => (
                <Menu.Item key={a.name} value={a.name} onSelect={() => void run(a)}>
                  {a.label}
                </Menu.Item>
              ))}
              {!allowed.length && !row.isDraft && (
                <Menu.Item value="none" disabled>
                  <Text color="fg.muted">Ingen handlinger</Text>
                </Menu.Item>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </HStack>
  );
}
