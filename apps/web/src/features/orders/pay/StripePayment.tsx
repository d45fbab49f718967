import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { ORDER_PAY_MSG } from '@klubhus/domain';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useState } from 'react';
import { loadStripeJs } from './stripeLoader';

/**
 * Stripe Elements for one PaymentIntent (its own chunk: loaded, with Stripe.js, only when a Stripe
 * payment is shown). The Payment Element collects the card; confirmPayment sends the buyer back to
 * the link's page, where the webhook's result is shown. Stripe's own errors show under the element
 * (SPEC §8).
 */
export default function StripePayment({ clientSecret, publishableKey, returnUrl, label }: { clientSecret: string; publishableKey: string; returnUrl: string; label: string }) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadStripeJs(publishableKey).then(
      (s) => live && setStripe(s),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  if (error) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{error}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!stripe) return <Text color="fg.muted">{ORDER_PAY_MSG.waiting}</Text>;
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale: 'da' }}>
      <StripeForm returnUrl={returnUrl} label={label} />
    </Elements>
  );
}

function StripeForm({ returnUrl, label }: { returnUrl: string; label: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [message, setMessage] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
    // Only reached when the payment could not be confirmed (otherwise the browser is on its way back).
    setMessage(error?.message ?? ORDER_PAY_MSG.declined);
    setPaying(false);
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="4">
        <PaymentElement />
        {message && (
          <Text color="fg.error" role="alert">
            {message}
          </Text>
        )}
        <Button type="submit" colorPalette="brand" loading={paying} disabled={!stripe || !elements}>
          {label}
        </Button>
      </Stack>
    </form>
  );
}
