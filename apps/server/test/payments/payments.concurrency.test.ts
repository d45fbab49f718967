import { withClub } from '@klubhus/db';
import { barrier } from '@klubhus/db/testing';
import { testProvider } from '@klubhus/integrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProviderSecret } from '../../../../packages/api/src/payments/providers';
import { registerPaymentPurpose, startPayment } from '../../../../packages/api/src/payments/service';
import { clubId, createTestApp, type TestApp } from '../helpers';

/**
 * The browser's return, the provider's callback and its retries arrive at once, in several app
 * processes: the payment's row lock makes exactly one of them the one that pays and follows up.
 * Needs a server (the embedded database runs one transaction at a time).
 */
let t: TestApp;
let demo: number;
let followUps = 0;

beforeAll(async () => {
  t = await createTestApp();
  demo = await clubId(t.database, 'Demo IF');
  registerPaymentPurpose('race-order', {
    async fulfil() {
      followUps++;
      return 'ok';
    },
  });
}, 120_000);
afterAll(() => t.close());

describe.runIf(process.env.DATABASE_URL)('twenty notifications of one payment at once (PostgreSQL)', () => {
  it('one is applied, the payment is paid once and followed up once', async () => {
    const started = await withClub(t.database.db, { clientId: demo }, (trx) =>
      startPayment(trx, demo, { stripe: false, onpay: false }, 'http://localhost:3000', { purposeType: 'race-order', purposeId: 1, amount: 5000, capture: 'auto', returnUrl: '/', declineUrl: '/' }),
    );
    if (started.start.kind !== 'redirect') throw new Error('redirect expected');
    const provider = testProvider({ baseUrl: 'http://localhost:3000', secret: await testProviderSecret(t.database.owner) });
    const page = provider.readToken(started.start.url.split('/pay/test/')[1]);
    if (!page) throw new Error('token');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const { body, signature } = provider.signCallback({ eventId: `${page.id}:${i}`, reference: page.reference, transactionId: page.id, status: 'paid', amount: 5000, currency: 'DKK' });
        return t.app.inject({ method: 'POST', url: `/api/webhooks/test?club=${demo}`, payload: body, headers: { 'content-type': 'application/json', 'klubhus-signature': signature } });
      }),
    );
    const outcomes = answers.map((a) => a.json().outcome as string);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'ignored')).toHaveLength(19);
    expect(followUps).toBe(1);
  });

  it('control: reading the status without the row lock lets several of them pay (so the test above can fail)', async () => {
    const ref = `k${demo}-race-control`;
    await withClub(t.database.db, { clientId: demo }, (trx) =>
      trx.insertInto('payments').values({ client_id: demo, reference: ref, provider: 'test', purpose_type: 'race-order', purpose_id: 2, amount: 5000, capture: 'auto' }).execute(),
    );
    const allHaveLooked = barrier(5);
    let paid = 0;
    await Promise.all(
      Array.from({ length: 5 }, () =>
        withClub(t.database.db, { clientId: demo }, async (trx) => {
          const p = await trx.selectFrom('payments').select(['id', 'status']).where('reference', '=', ref).executeTakeFirstOrThrow();
          await allHaveLooked();
          if (p.status === 'pending') {
            paid++;
            await trx.updateTable('payments').set({ status: 'paid' }).where('id', '=', p.id).execute();
          }
        }),
      ),
    );
    expect(paid).toBeGreaterThan(1);
  });
});
