import { ORDER_PAY_MSG } from '@klubhus/domain';

/** SPEC §9: the payment script is waited for 20 tries, 100 ms apart; then 'Stripe script not ready'. */
export const STRIPE_WAIT = { tries: 20, intervalMs: 100 } as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts loading the payment script and waits for it the way SPEC §9 says: up to `tries` looks,
 * `intervalMs` apart. Resolves with what the load gave; a load that fails or is not there in time
 * rejects with ORDER_PAY_MSG.stripeNotReady.
 */
export async function waitForStripe<T>(load: () => Promise<T | null>, opts: { tries: number; intervalMs: number; wait?: (ms: number) => Promise<void> } = STRIPE_WAIT): Promise<T> {
  let result: { value: T | null } | null = null;
  let failed = false;
  load().then(
    (value) => {
      result = { value };
    },
    () => {
      failed = true;
    },
  );
  const wait = opts.wait ?? sleep;
  for (let i = 0; i < opts.tries; i++) {
    // Let the load's own callbacks run first.
    await Promise.resolve();
    const r = result as { value: T | null } | null;
    if (r?.value) return r.value;
    if (failed || (r && !r.value)) break;
    await wait(opts.intervalMs);
  }
  throw new Error(ORDER_PAY_MSG.stripeNotReady);
}

/** Stripe.js for a publishable key, loaded only now (the pure entry does not touch js.stripe.com on import). */
export async function loadStripeJs(publishableKey: string) {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  return waitForStripe(() => loadStripe(publishableKey, { locale: 'da' } as never));
}
