import { Alert, Button, Card, Center, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatDKK, PAYMENT_PAGE_MSG, type TTestPaymentCard, ZTestPaymentCard } from '@klubhus/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { errorMessage } from '../../ui/errors';
import { Form, TextField, useZodForm } from '../../ui/form';

/**
 * The built-in test provider's payment page: the amount, a card form that takes the test cards, and
 * Betal / Annuller. The choice goes to the server, which calls the shop back as a provider would;
 * then the buyer is sent back to the shop.
 */
export default function TestPaymentPage() {
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const page = useQuery({ ...trpc.payments.testPage.queryOptions({ token }), retry: false });
  const [result, setResult] = useState<{ message: string; ok: boolean } | null>(null);
  const decide = useMutation(
    trpc.payments.testDecide.mutationOptions({
      onSuccess: (r) => {
        setResult({ message: r.message, ok: r.outcome === 'approved' });
        window.location.assign(r.redirect);
      },
      onError: (e) => setResult({ message: errorMessage(e), ok: false }),
    }),
  );
  const form = useZodForm(ZTestPaymentCard, { defaultValues: { cardNumber: '', expiry: '', cvc: '' } satisfies TTestPaymentCard });

  return (
    <Center as="main" minH="100dvh" bg="bg.subtle" px="4" py="10">
      <Card.Root bg="bg" variant="elevated" w="full" maxW="md">
        <Card.Body p={{ base: '6', md: '8' }} gap="5">
          <Heading as="h1" size="xl">
            {PAYMENT_PAGE_MSG.title}
          </Heading>
          {page.isPending ? (
            <Stack gap="3" aria-busy="true">
              <Skeleton h="6" />
              <Skeleton h="10" />
            </Stack>
          ) : !page.data ? (
            <Text>{PAYMENT_PAGE_MSG.unknown}</Text>
          ) : (
            <>
              <Stack gap="1">
                <Text color="fg.muted">{page.data.clubName}</Text>
                <Text fontSize="3xl" fontWeight="semibold">
                  {formatDKK(page.data.amount)}
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  {page.data.description ?? 'Betaling'} · {page.data.reference}
                </Text>
              </Stack>
              <Alert.Root status="info" size="sm">
                <Alert.Indicator />
                <Alert.Description>{PAYMENT_PAGE_MSG.notice}</Alert.Description>
              </Alert.Root>
              {result && (
                <Alert.Root status={result.ok ? 'success' : 'error'} role="status">
                  <Alert.Indicator />
                  <Alert.Title>{result.message}</Alert.Title>
                </Alert.Root>
              )}
              <Form form={form} onSubmit={(card) => decide.mutate({ token, decision: 'pay', card })}>
                <Stack gap="4">
                  <TextField name="cardNumber" label="Kortnummer" autoComplete="cc-number" inputProps={{ inputMode: 'numeric' }} required />
                  <HStack gap="3" align="start">
                    <TextField name="expiry" label="Udløbsdato (MM/ÅÅ)" autoComplete="cc-exp" inputProps={{ inputMode: 'numeric' }} required />
                    <TextField name="cvc" label="Kontrolcifre" autoComplete="cc-csc" inputProps={{ inputMode: 'numeric' }} required />
                  </HStack>
                  <HStack gap="3">
                    <Button type="submit" colorPalette="brand" flex="1" loading={decide.isPending && decide.variables?.decision === 'pay'}>
                      {PAYMENT_PAGE_MSG.pay} {formatDKK(page.data.amount)}
                    </Button>
                    <Button variant="outline" onClick={() => decide.mutate({ token, decision: 'cancel' })} loading={decide.isPending && decide.variables?.decision === 'cancel'}>
                      {PAYMENT_PAGE_MSG.cancel}
                    </Button>
                  </HStack>
                </Stack>
              </Form>
            </>
          )}
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
