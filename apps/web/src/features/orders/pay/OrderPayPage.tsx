import { Alert, Button, Card, Container, Heading, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatDKK, kronerToOre, ORDER_PAY_MSG, type TOrderPayStart } from '@klubhus/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { continuePayment } from '../../../lib/payment';
import { useTRPC } from '../../../lib/trpc';
import { errorMessage } from '../../../ui/errors';
import { ReceiptLine, SumRow } from '../../../ui/ReceiptParts';
import { RowsTable } from '../RowsTable';

/** Stripe Elements and Stripe.js: downloaded only when a Stripe payment is shown. */
const StripePayment = lazy(() => import('./StripePayment'));

/**
 * /public/orders/pay/:token — the page a mailed payment link opens (no login: the token is the
 * guard). It shows the order and Betal, which starts a payment with the club's provider: the test
 * provider's page or another provider's window, or Stripe Elements right here. Back from the
 * provider (?betaling=ok|afvist) it shows the outcome; OnPay's signed answer on the return is passed
 * on to be verified, and the page waits for the provider's notification while it is on its way.
 */
export default function OrderPayPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const trpc = useTRPC();
  const back = params.get('betaling');
  const returned = Object.fromEntries([...params].filter(([k]) => k.startsWith('onpay_')));
  const verify = useMutation(trpc.orders.payReturn.mutationOptions());
  const [waited, setWaited] = useState(0);
  const page = useQuery({
    ...trpc.orders.payLink.queryOptions({ token }),
    retry: false,
    // Back with a payment on its way: look again until the provider's notification has landed (about 30 s).
    refetchInterval: (q) => (back === 'ok' && q.state.data?.state === 'payable' && waited < 20 ? 1500 : false),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the return
  useEffect(() => {
    if (Object.keys(returned).length) verify.mutate({ token, query: returned }, { onSuccess: () => void page.refetch() });
  }, []);
  useEffect(() => {
    if (page.dataUpdatedAt && back === 'ok') setWaited((n) => n + 1);
  }, [page.dataUpdatedAt, back]);
  const [stripe, setStripe] = useState<Extract<TOrderPayStart, { kind: 'client-secret' }> | null>(null);
  const start = useMutation(
    trpc.orders.payStart.mutationOptions({
      onSuccess: (r) => setStripe(continuePayment(r)),
    }),
  );

  const data = page.data;
  return (
    <Container maxW="2xl" py={{ base: '6', md: '10' }}>
      <Card.Root variant="outline">
        <Card.Body gap="5" p={{ base: '5', md: '8' }}>
          <Heading as="h1" size="xl">
            {data ? ORDER_PAY_MSG.heading(data.orderNumber) : ORDER_PAY_MSG.title}
          </Heading>
          {page.isPending ? (
            <Stack gap="3" aria-busy="true">
              <Skeleton h="6" />
              <Skeleton h="24" />
            </Stack>
          ) : !data ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{ORDER_PAY_MSG.unknown}</Alert.Title>
            </Alert.Root>
          ) : (
            <>
              <Text color="fg.muted">
                {data.clubName}
                {data.name ? ` · ${data.name}` : ''}
              </Text>
              <RowsTable label="Ordrelinjer" headers={['Vare', { text: 'Antal', end: true }, { text: 'Beløb', end: true }]}>
                {data.lines.map((l, i) => (
                  <ReceiptLine key={i} title={l.title} notes={[l.options.length > 0 && `+ ${l.options.join(', ')}`]} amount={l.amount} total={l.total} />
                ))}
              </RowsTable>
              <Stack gap="1" ml="auto" minW="56">
                <SumRow label="Subtotal" kroner={data.subtotal} />
                <SumRow label="Moms" kroner={data.vat} />
                <Separator />
                <SumRow label="Total" kroner={data.total} total />
              </Stack>
              <Outcome state={data.state} declined={back === 'afvist' || (back === null && data.lastAttempt === 'failed')} waiting={back === 'ok' && data.state === 'payable'} />
              {data.state === 'payable' &&
                (stripe ? (
                  <Suspense fallback={<Text color="fg.muted">{ORDER_PAY_MSG.waiting}</Text>}>
                    <StripePayment {...stripe} label={`${ORDER_PAY_MSG.pay} ${formatDKK(kronerToOre(data.total))}`} />
                  </Suspense>
                ) : (
                  <Stack gap="2">
                    <Button colorPalette="brand" size="lg" loading={start.isPending} onClick={() => start.mutate({ token })}>
                      {ORDER_PAY_MSG.pay} {formatDKK(kronerToOre(data.total))}
                    </Button>
                    {start.error && (
                      <Text color="fg.error" role="alert">
                        {errorMessage(start.error)}
                      </Text>
                    )}
                  </Stack>
                ))}
            </>
          )}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

function Outcome({ state, declined, waiting }: { state: 'payable' | 'paid' | 'authorized' | 'closed'; declined: boolean; waiting: boolean }) {
  const shown =
    state === 'paid'
      ? { status: 'success' as const, text: ORDER_PAY_MSG.paid }
      : state === 'authorized'
        ? { status: 'success' as const, text: ORDER_PAY_MSG.authorized }
        : state === 'closed'
          ? { status: 'warning' as const, text: ORDER_PAY_MSG.closed }
          : waiting
            ? { status: 'info' as const, text: ORDER_PAY_MSG.waiting }
            : declined
              ? { status: 'error' as const, text: ORDER_PAY_MSG.declined }
              : null;
  if (!shown) return null;
  return (
    <Alert.Root status={shown.status} role="status">
      <Alert.Indicator />
      <Alert.Title>{shown.text}</Alert.Title>
    </Alert.Root>
  );
}
