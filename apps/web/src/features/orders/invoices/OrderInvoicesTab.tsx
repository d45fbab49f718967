import { Box, Button, Stack, Table, Text } from '@chakra-ui/react';
import { formatDKK, INVOICE_MSG, kronerToOre, type TInvoiceListRow, ZInvoiceUpdateDateRequest } from '@klubhus/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FilePlus } from 'lucide-react';
import { useState } from 'react';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { useConfirm } from '../../../ui/confirm';
import { errorMessage } from '../../../ui/errors';
import { DateField } from '../../../ui/form';
import { formatDate } from '../../../ui/format';
import { FormModal } from '../../../ui/ModalRowsSection';
import { Section } from '../../../ui/PageHeader';
import { notify } from '../../../ui/toaster';
import { EmptyRow } from '../../../ui/TableParts';
import { RowsTable } from '../RowsTable';
import { InvoiceActions, InvoiceStateBadges, invoiceLabel } from './InvoiceParts';

/** Dates get their own columns from md up; on a phone the invoice date stands under the number. */
const WIDE = { base: 'none', md: 'table-cell' } as const;
const NARROW = { base: 'flex', md: 'none' } as const;

/**
 * The order's Fakturaer tab: what has been invoiced (with each invoice's actions) and what its plan will still invoice, on which date.
 * With `contractId` the same tab serves an agreement (its invoices and plan, POST /contracts/invoice).
 */
export function OrderInvoicesTab({ orderId, contractId }: { orderId?: number; contractId?: number }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const q = useQuery(
    contractId ? trpc.contracts.invoices.queryOptions({ id: contractId }) : { ...trpc.invoices.byOrder.queryOptions({ orderId: orderId ?? 0 }), enabled: !!orderId },
  );
  const what = contractId ? 'aftalen' : 'ordren';
  const [dateOf, setDateOf] = useState<TInvoiceListRow | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.invoices.pathFilter()),
      queryClient.invalidateQueries(trpc.orders.pathFilter()),
      queryClient.invalidateQueries(trpc.contracts.pathFilter()),
    ]);
  const invoiceNow = async () => {
    if (!(await confirm(INVOICE_MSG.confirmInvoice))) return;
    setBusy(true);
    try {
      notify.success((contractId ? await client.contracts.invoice.mutate({ id: contractId }) : await client.orders.invoice.mutate({ id: orderId ?? 0 })).message);
      await refresh();
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const data = q.data;
  const planned = data?.planned.filter((p) => !p.made) ?? [];
  return (
    <Stack gap="6">
      <Section
        title="Fakturaer"
        actions={
          data?.canInvoice && (
            <Button size="sm" colorPalette="brand" loading={busy} onClick={() => void invoiceNow()}>
              <FilePlus /> Fakturer nu
            </Button>
          )
        }
      >
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label={`Fakturaer på ${what}`}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Nummer</Table.ColumnHeader>
                <Table.ColumnHeader display={WIDE}>Status</Table.ColumnHeader>
                <Table.ColumnHeader display={WIDE}>Fakturadato</Table.ColumnHeader>
                <Table.ColumnHeader display={WIDE}>Betalingsdato</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Handlinger</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data && !data.invoices.length && <EmptyRow colSpan={6}>Der er endnu ingen fakturaer på {what}.</EmptyRow>}
              {data?.invoices.map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell>
                    <Text whiteSpace="nowrap">{invoiceLabel(r)}</Text>
                    <Stack gap="1" display={NARROW}>
                      <Text fontSize="xs" color="fg.muted">
                        {formatDate(r.invoiceDate)}
                      </Text>
                      <InvoiceStateBadges row={r} />
                    </Stack>
                  </Table.Cell>
                  <Table.Cell display={WIDE}>
                    <InvoiceStateBadges row={r} />
                  </Table.Cell>
                  <Table.Cell display={WIDE}>{formatDate(r.invoiceDate)}</Table.Cell>
                  <Table.Cell display={WIDE}>{formatDate(r.paymentDate)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatDKK(kronerToOre(r.total))}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <InvoiceActions row={r} onDateChange={() => setDateOf(r)} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Section>
      <Section title="Faktureringsplan">
        {planned.length > 0 && (
          <Text fontSize="sm" color="fg.muted" mb="2">
            Fakturaerne oprettes automatisk som kladder på deres dato.
          </Text>
        )}
        {data && !data.planned.length ? (
          <Text color="fg.muted" fontSize="sm">
            {contractId ? 'Aftalen har ingen faktureringsplan. Fakturer nu laver én faktura med hele aftalen.' : 'Ordren har ingen faktureringsplan. Fakturer nu laver én faktura med hele ordren.'}
          </Text>
        ) : (
          <RowsTable
            label="Kommende fakturaer"
            headers={['Faktura', 'Dato', { text: 'Beløb', end: true }]}
            empty={data && !planned.length ? 'Alle fakturaer i planen er oprettet.' : undefined}
          >
            {planned.map((p) => (
              <Table.Row key={p.key}>
                <Table.Cell>{p.label}</Table.Cell>
                <Table.Cell>{formatDate(p.date)}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatDKK(kronerToOre(p.total))}
                </Table.Cell>
              </Table.Row>
            ))}
          </RowsTable>
        )}
      </Section>
      <FormModal
        open={dateOf !== null}
        title={dateOf ? `Fakturadato for ${invoiceLabel(dateOf).toLowerCase()}` : ''}
        schema={ZInvoiceUpdateDateRequest}
        defaultValues={{ id: dateOf?.id ?? 0, invoiceDate: dateOf?.invoiceDate ?? '' }}
        onClose={() => setDateOf(null)}
        onSave={async (v) => {
          try {
            notify.success((await client.invoices.updateDate.mutate(v)).message);
            setDateOf(null);
            await refresh();
          } catch (e) {
            notify.error(errorMessage(e));
          }
        }}
      >
        <DateField name="invoiceDate" label="Fakturadato" required />
      </FormModal>
    </Stack>
  );
}
