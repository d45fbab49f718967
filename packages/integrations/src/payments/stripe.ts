import Stripe from 'stripe';
import { header, type PaymentEvent, type PaymentProvider, PaymentProviderError, PaymentVerificationError } from './types';

/**
 * Stripe PaymentIntents (INTEGRATIONS.md §3): start creates an intent (manual capture when the
 * payment is authorized now and captured later) and gives the browser its client secret; webhooks
 * are verified by Stripe's own library over the raw body; capture and refund through the API.
 */

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests pass Stripe.createFetchHttpClient(recorded). */
  httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
  /** Another address for Stripe's API (stripeApiFromEnv): the browser tests' local stub; api.stripe.com when unset. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/**
 * STRIPE_API_URL (an installation setting, like ECONOMIC_API_URL and CVR_API_URL): where the server
 * sends its Stripe API calls instead of https://api.stripe.com — the browser tests point it at a
 * local stub so a club with the stripe feature never reaches the network.
 */
export function stripeApiFromEnv(env: Record<string, string | undefined> = process.env): StripeSettings['api'] {
  if (!env.STRIPE_API_URL) return undefined;
  const u = new URL(env.STRIPE_API_URL);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** Stripe's webhook signature tolerance (seconds). */
const TOLERANCE = 300;

function fail(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) throw new PaymentProviderError('stripe', error.statusCode ?? 502, error.message);
  throw error;
}

export function stripeProvider(settings: StripeSettings): PaymentProvider & { stripe: Stripe } {
  const stripe = new Stripe(settings.secretKey, { maxNetworkRetries: 2, ...(settings.httpClient ? { httpClient: settings.httpClient } : {}), ...(settings.api ?? {}) });
  return {
    kind: 'stripe',
    stripe,
    async start(p) {
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: p.amount,
            currency: 'dkk',
            capture_method: p.capture === 'manual' ? 'manual' : 'automatic',
            automatic_payment_methods: { enabled: true },
            metadata: { reference: p.reference },
            ...(p.description ? { description: p.description } : {}),
            ...(p.email ? { receipt_email: p.email } : {}),
          },
          // The same reference never makes a second intent, however often start is repeated.
          { idempotencyKey: `klubhus-${p.reference}` },
        )
        .catch(fail);
      if (!intent.client_secret) throw new PaymentProviderError('stripe', 502, 'Stripe gave no client secret');
      return { kind: 'client-secret', clientSecret: intent.client_secret, transactionId: intent.id };
    },
    verify({ rawBody, headers }): PaymentEvent | null {
      const signature = header(headers, 'stripe-signature');
      if (!signature) throw new PaymentVerificationError('Stripe: no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, TOLERANCE);
      } catch (error) {
        throw new PaymentVerificationError(`Stripe: ${(error as Error).message}`);
      }
      const base = { provider: 'stripe' as const, eventId: event.id };
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.amount_capturable_updated':
        case 'payment_intent.payment_failed':
        case 'payment_intent.canceled': {
          const pi = event.data.object;
          const status = (
            {
              'payment_intent.succeeded': 'paid',
              'payment_intent.amount_capturable_updated': 'authorized',
              'payment_intent.payment_failed': 'failed',
              'payment_intent.canceled': 'cancelled',
            } as const
          )[event.type];
          const amount = status === 'paid' ? pi.amount_received : status === 'authorized' ? pi.amount_capturable : pi.amount;
          return { ...base, reference: pi.metadata?.reference ?? '', transactionId: pi.id, status, amount, currency: pi.currency.toUpperCase() };
        }
        case 'charge.refunded': {
          const charge = event.data.object;
          const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? '');
          return { ...base, reference: charge.metadata?.reference ?? '', transactionId: intent, status: 'refunded', amount: charge.amount_refunded, currency: charge.currency.toUpperCase() };
        }
        default:
          return null;
      }
    },
    async capture(id, amount) {
      await stripe.paymentIntents.capture(id, amount === undefined ? {} : { amount_to_capture: amount }).catch(fail);
    },
    async refund(id, amount) {
      await stripe.refunds.create({ payment_intent: id, ...(amount === undefined ? {} : { amount }) }).catch(fail);
    },
    /** An uncaptured intent (requires_capture) is cancelled, which releases the authorization. */
    async cancel(id) {
      await stripe.paymentIntents.cancel(id).catch(fail);
    },
  };
}
