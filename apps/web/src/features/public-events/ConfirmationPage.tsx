import { Alert, Badge, Button, Card, Heading, HStack, Link, Separator, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { BOOKING_MSG, buyerSeatText, formatDKK, kronerToOre, type TOrderPayStart } from '@klubhus/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { continuePayment } from '../../lib/payment';
import { useTRPC } from '../../lib/trpc';
import { errorMessage } from '../../ui/errors';
import { formatEventStart, formatTime } from '../../ui/format';
import { usePageTitle } from '../../ui/page-title';
import { ReceiptLine, SumRow } from '../../ui/ReceiptParts';
import { seatText } from './booking/seatText';

const StripePayment = lazy(() => import('../orders/pay/StripePayment'));

/**
 * /events/{url}/{token}: a booking's confirmation (SPEC §4). Approved: the tickets, each with its
 * PDF, and the order. A draft: the payment did not go through ('Betalingen kunne ikke
 * gennemføres!') with Prøv igen while the hold lasts — or, just back from the provider, a short wait
 * for its notification. Cancelled (the hold ran out): 'De valgte pladser er ikke længere
 * tilgængelig!' with Start forfra. An unknown token goes to the event's page.
 */
export default function ConfirmationPage() {
  const { id: url = '', token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const trpc = useTRPC();
  const back = params.get('betaling');
  const [polls, setPolls] = useState(0);
  const q = useQuery({
    ...trpc.booking.order.queryOptions({ token }),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'draft' && back === 'ok' && polls < 20 ? 1500 : false),
  });
  useEffect(() => {
    if (q.dataUpdatedAt) setPolls((n) => n + 1);
  }, [q.dataUpdatedAt]);
  useEffect(() => {
    if (q.isError) navigate(`/events/${encodeURIComponent(url)}`, { replace: true });
  }, [q.isError, navigate, url]);
  usePageTitle(q.data ? `Ordre ${q.data.orderNumber}` : 'Ordre');
  const [stripe, setStripe] = useState<Extract<TOrderPayStart, { kind: 'client-secret' }> | null>(null);
  const pay = useMutation(trpc.booking.payAgain.mutationOptions({ onSuccess: (r) => setStripe(continuePayment(r)) }));

  if (!q.data) {
    return (
      <Stack gap="4" aria-busy="true">
        <Skeleton h="10" w="60%" />
        <Skeleton h="40" />
      </Stack>
    );
  }
  const o = q.data;
  const waiting = o.status === 'draft' && back === 'ok' && polls < 20 && o.lastAttempt !== 'failed' && o.lastAttempt !== 'cancelled';
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Link asChild color="fg.muted" fontSize="sm">
          <RouterLink to={`/events/${encodeURIComponent(o.event.url)}`}>{o.event.title}</RouterLink>
        </Link>
        <Heading as="h1" size="2xl">
          Ordre {o.orderNumber}
        </Heading>
        <Text color="fg.muted">
          {formatEventStart(o.event.startDate)}
          {o.event.location ? ` · ${o.event.location}` : ''}
        </Text>
      </Stack>

      {o.status === 'approved' && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{o.total > 0 ? BOOKING_MSG.paymentDone : BOOKING_MSG.orderReceived}</Alert.Title>
        </Alert.Root>
      )}
      {o.status === 'cancelled' && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Stack gap="3">
            <Alert.Title>{BOOKING_MSG.seatsGone}</Alert.Title>
            <Button asChild size="sm" colorPalette="brand" alignSelf="start">
              <RouterLink to={`/events/${encodeURIComponent(o.event.url)}`}>{BOOKING_MSG.restart}</RouterLink>
            </Button>
          </Stack>
        </Alert.Root>
      )}
      {o.status === 'draft' &&
        (waiting ? (
          <Alert.Root status="info" role="status">
            <Alert.Indicator />
            <Alert.Title>Vi venter på svar fra betalingen …</Alert.Title>
          </Alert.Root>
        ) : (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Stack gap="3">
              <Alert.Title>{BOOKING_MSG.paymentFailed}</Alert.Title>
              {o.heldUntil && (
                <Text fontSize="sm">
                  {BOOKING_MSG.heldUntil} {formatTime(o.heldUntil)}
                </Text>
              )}
              {o.canPay && !stripe && (
                <Button size="sm" colorPalette="brand" alignSelf="start" loading={pay.isPending} onClick={() => pay.mutate({ token })}>
                  {BOOKING_MSG.retry}
                </Button>
              )}
              {pay.error && <Text color="fg.error">{errorMessage(pay.error)}</Text>}
            </Stack>
          </Alert.Root>
        ))}
      {stripe && (
        <Suspense fallback={<Text color="fg.muted">Et øjeblik …</Text>}>
          <StripePayment {...stripe} label={`${BOOKING_MSG.pay} ${formatDKK(kronerToOre(o.total))}`} />
        </Suspense>
      )}

      {o.tickets.length > 0 && (
        <Stack gap="3">
          <Heading as="h2" size="lg">
            {BOOKING_MSG.tickets}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {o.tickets.map((t) => (
              <Card.Root key={t.ticketId} variant="outline" size="sm" data-testid="ticket">
                <Card.Body gap="2">
                  <HStack justify="space-between" align="start">
                    <Stack gap="0.5">
                      <Text fontWeight="semibold">{t.product}</Text>
                      {t.name && <Text>{t.name}</Text>}
                      {t.section && <Text>{buyerSeatText(t)}</Text>}
                    </Stack>
                    <Badge variant="outline">Nr. {t.number}</Badge>
                  </HStack>
                  <Button asChild size="sm" variant="outline" alignSelf="start">
                    <a href={t.pdfUrl} download={`billet-${t.number}.pdf`}>
                      <Download /> {BOOKING_MSG.downloadTicket}
                    </a>
                  </Button>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Stack>
      )}

      <Card.Root variant="outline">
        <Card.Body gap="3">
          <Heading as="h2" size="md">
            Ordren
          </Heading>
          {o.name && (
            <Text color="fg.muted">
              {o.name}
              {o.email ? ` · ${o.email}` : ''}
            </Text>
          )}
          <Table.Root size="sm" aria-label="Ordrelinjer">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Vare</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Antal</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Beløb</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {o.lines.map((l, i) => (
                <ReceiptLine
                  key={i}
                  title={l.title}
                  notes={[
                    (l.seat || l.name) && [l.seat && seatText(l.seat), l.name].filter(Boolean).join(' · '),
                    l.options.length > 0 && `${BOOKING_MSG.options}: ${l.options.map((op) => op.title).join(', ')}`,
                  ]}
                  amount={l.amount}
                  total={l.total}
                />
              ))}
            </Table.Body>
          </Table.Root>
          <Separator />
          <Stack gap="1" ml="auto" minW="56">
            {o.discount > 0 && (
              <SumRow label="Rabat" kroner={o.discount} negative />
            )}
            <SumRow label="Moms" kroner={o.vat} />
            <SumRow label="Total" kroner={o.total} total />
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
