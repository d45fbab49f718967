import { Badge, Button, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { formatDKK, kronerToOre, PAYMENT_ATTEMPT_LABELS, TICKET_STATUS_COLORS, TICKET_STATUS_LABELS, ticketSeatText, type VatSettings } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { type Control, useWatch } from 'react-hook-form';
import { useTRPC } from '../../lib/trpc';
import { StatusBadge } from '../../ui';
import { errorMessage } from '../../ui/errors';
import { NumberField, TextareaField } from '../../ui/form';
import { AppLink } from '../../ui/LinkButton';
import { PageSpinner } from '../../ui/PageSpinner';
import { formatDate, formatDateTime } from '../../ui/format';
import { Section } from '../../ui/PageHeader';
import { RowsTable } from './RowsTable';
import { PaymentStatusBadge } from './status';
import { liveTotals, type Order, type OrderValues } from './values';

/** Order discount and additional fee (kroner), fixed once the order is approved. */
export function AmountsSection({ draft, discountLabel = 'Ordrerabat (kr.)' }: { draft: boolean; discountLabel?: string }) {
  return (
    <Section title="Rabat og gebyr">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <NumberField name="orderDiscount" label={discountLabel} disabled={!draft} />
        <NumberField name="additionalFee" label="Gebyr (kr.)" disabled={!draft} />
      </SimpleGrid>
    </Section>
  );
}

/** Description, internal note and additional text of the order. */
export function NotesSection() {
  return (
    <Section title="Beskrivelse">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <TextareaField name="description" label="Beskrivelse" rows={3} />
        <TextareaField name="internal" label="Intern note" rows={3} />
        <TextareaField name="additional" label="Supplerende tekst" rows={3} />
      </SimpleGrid>
    </Section>
  );
}

/** The totals of what is typed, by the same orderTotals the server stores when saving. */
export function useLiveTotals(control: Control<OrderValues>, vat: VatSettings) {
  const [orderLines, orderDiscount, additionalFee, invoicing] = useWatch({ control, name: ['orderLines', 'orderDiscount', 'additionalFee', 'invoicing'] });
  return liveTotals({ orderLines, orderDiscount, additionalFee, invoicing }, vat);
}

export function TotalsSection({ totals, vat }: { totals: ReturnType<typeof liveTotals>; vat: VatSettings }) {
  const rows: [string, number, boolean?][] = [
    ['Linjer', totals.gross],
    ...(totals.discount ? ([['Rabat', -totals.discount]] as [string, number][]) : []),
    ...(totals.additionalFee ? ([['Gebyr', totals.additionalFee]] as [string, number][]) : []),
    ...(totals.rateFee ? ([['Ratetillæg', totals.rateFee]] as [string, number][]) : []),
    ['Subtotal ekskl. moms', totals.subtotal],
    [vat.disableVat ? 'Moms (ingen)' : `Moms (${vat.vatRate} %)`, totals.vat],
    ['Total', totals.total, true],
  ];
  return (
    <Section title="Total">
      <Stack gap="1" maxW="sm" ml="auto" aria-label="Ordrens total" role="group">
        {rows.map(([label, ore, strong]) => (
          <HStack key={label} justify="space-between" fontWeight={strong ? 'semibold' : undefined} fontSize={strong ? 'lg' : undefined} borderTopWidth={strong ? '1px' : undefined} pt={strong ? '2' : undefined}>
            <Text>{label}</Text>
            <Text data-testid={strong ? 'order-total' : undefined}>{formatDKK(ore)}</Text>
          </HStack>
        ))}
        <Text fontSize="xs" color="fg.muted" textAlign="end">
          {vat.pricesWithVat ? 'Priser er indtastet inkl. moms.' : 'Priser er indtastet ekskl. moms.'}
        </Text>
      </Stack>
    </Section>
  );
}

const PROVIDERS: Record<string, string> = { test: 'Testbetaling', stripe: 'Stripe', onpay: 'OnPay' };

/** The order's payment status, its card payments (newest first) and the payment links sent. */
export function PaymentSection({ order }: { order: Order }) {
  return (
    <Section title="Betaling">
      <Stack gap="4">
        <HStack gap="2">
          <Text>Betalingsstatus:</Text>
          <PaymentStatusBadge status={order.paymentStatus} />
        </HStack>
        <RowsTable
          label="Betalinger"
          headers={['Dato', 'Reference', 'Udbyder', 'Status', { text: 'Beløb', end: true }, { text: 'Hævet', end: true }, { text: 'Refunderet', end: true }]}
          empty={order.payments.length === 0 ? 'Ordren er ikke betalt med kort endnu.' : undefined}
        >
              {order.payments.map((p) => (
                <Table.Row key={p.id}>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(p.createdAt)}</Table.Cell>
                  <Table.Cell>{p.reference}</Table.Cell>
                  <Table.Cell>{PROVIDERS[p.provider] ?? p.provider}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2" flexWrap="wrap">
                      <Badge size="sm" variant="outline">
                        {PAYMENT_ATTEMPT_LABELS[p.status]}
                      </Badge>
                      {p.needsAttention && (
                        <Badge size="sm" colorPalette="red" title={p.needsAttention}>
                          {p.needsAttention}
                        </Badge>
                      )}
                      {p.id === order.paymentId && (
                        <Badge size="sm" colorPalette="green">
                          Ordrens betaling
                        </Badge>
                      )}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">{formatDKK(kronerToOre(p.amount))}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">{formatDKK(kronerToOre(p.capturedAmount))}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">{formatDKK(kronerToOre(p.refundedAmount))}</Table.Cell>
                </Table.Row>
              ))}
        </RowsTable>
        {order.paymentLinks.length > 0 && (
          <Stack gap="1" aria-label="Betalingslinks" role="list">
            {order.paymentLinks.map((l) => (
              <Text role="listitem" key={`${l.sentTo}-${l.createdAt}`} fontSize="sm" color="fg.muted">
                Betalingslink sendt til {l.sentTo} {formatDate(l.createdAt)}
                {l.capture === 'manual' ? ' (beløbet reserveres og hæves senere)' : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

/**
 * Billetter: the tickets the order's booking issued — number, ticket, holder, seat, status, first
 * scan and the PDF — with a link to the event; an order staff made shows its ticket lines instead.
 */
export function TicketsTab({ order }: { order: Order }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.orders.tickets.queryOptions({ id: order.id }));
  if (!q.data) return q.isError ? <Text color="fg.error">{errorMessage(q.error)}</Text> : <PageSpinner />;
  const { event, tickets } = q.data;
  if (!event) {
    const lines = order.orderLines.filter((l) => l.type === 'ticket' || l.type === 'seat-ticket');
    return (
      <Section title="Billetter">
        <RowsTable label="Billetlinjer" headers={['Billet', 'Antal', 'Plads']} empty={lines.length === 0 ? 'Ordren har ingen billetter.' : undefined}>
          {lines.map((l) => (
            <Table.Row key={l.id}>
              <Table.Cell>{l.title}</Table.Cell>
              <Table.Cell>{l.amount}</Table.Cell>
              <Table.Cell>{l.seat ?? ''}</Table.Cell>
            </Table.Row>
          ))}
        </RowsTable>
      </Section>
    );
  }
  // Columns nobody's ticket fills are left out, so a phone shows the rest without scrolling.
  const seats = tickets.some((t) => ticketSeatText(t));
  const scans = tickets.some((t) => t.scannedAt);
  const headers = ['Nr.', 'Billet', 'Navn', ...(seats ? ['Plads'] : []), 'Status', ...(scans ? ['Scannet'] : []), ''];
  return (
    <Section title="Billetter">
      <Text mb="3" fontSize="sm">
        Arrangement: <AppLink to={`/events/${event.id}`}>{event.title}</AppLink>
      </Text>
      <RowsTable label="Billetter" headers={headers} empty={tickets.length === 0 ? 'Ordren har ingen billetter.' : undefined}>
        {tickets.map((t) => (
          <Table.Row key={t.id}>
            <Table.Cell>{t.number}</Table.Cell>
            <Table.Cell>
              {t.product}
              {t.options.length > 0 && (
                <Text fontSize="xs" color="fg.muted">
                  {t.options.join(', ')}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell>{[t.name, t.company].filter(Boolean).join(', ')}</Table.Cell>
            {seats && <Table.Cell>{ticketSeatText(t)}</Table.Cell>}
            <Table.Cell>
              <StatusBadge status={t.status} labels={TICKET_STATUS_LABELS} colors={TICKET_STATUS_COLORS} />
            </Table.Cell>
            {scans && <Table.Cell>{t.scannedAt ? formatDateTime(t.scannedAt) : ''}</Table.Cell>}
            <Table.Cell textAlign="end">
              {t.status === 'valid' && (
                <Button asChild size="xs" variant="ghost">
                  <a href={t.pdfUrl} target="_blank" rel="noopener" aria-label={`PDF: billet ${t.number}`}>
                    PDF
                  </a>
                </Button>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </RowsTable>
    </Section>
  );
}
