import { ORDER_PAY_MSG } from '@klubhus/domain';
import { describe, expect, it } from 'vitest';
import { STRIPE_WAIT, waitForStripe } from './stripeLoader';

describe('waitForStripe (SPEC §9: 20 tries, 100 ms apart)', () => {
  const counting = () => {
    const waits: number[] = [];
    return { waits, wait: async (ms: number) => void waits.push(ms) };
  };

  it('answers the script as soon as it is there', async () => {
    const c = counting();
    let resolve!: (v: string) => void;
    const loading = new Promise<string>((r) => {
      resolve = r;
    });
    const waited = waitForStripe(() => loading, { ...STRIPE_WAIT, wait: async (ms) => {
      await c.wait(ms);
      if (c.waits.length === 3) resolve('stripe');
    } });
    await expect(waited).resolves.toBe('stripe');
    expect(c.waits).toEqual([100, 100, 100]);
  });

  it("gives up after 20 tries 100 ms apart with 'Stripe script not ready'", async () => {
    const c = counting();
    await expect(waitForStripe(() => new Promise<string>(() => {}), { ...STRIPE_WAIT, wait: c.wait })).rejects.toThrow(ORDER_PAY_MSG.stripeNotReady);
    expect(c.waits).toHaveLength(20);
    expect(new Set(c.waits)).toEqual(new Set([100]));
  });

  it('a script that fails to load (offline) is not ready at once', async () => {
    const c = counting();
    await expect(waitForStripe(() => Promise.reject(new Error('Failed to load Stripe.js')), { ...STRIPE_WAIT, wait: c.wait })).rejects.toThrow(ORDER_PAY_MSG.stripeNotReady);
    expect(c.waits.length).toBeLessThanOrEqual(1);
  });
});
