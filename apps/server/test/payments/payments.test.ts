import { type Tx, withClub } from '@klubhus/db';
import { onpayHmac, testProvider } from '@klubhus/integrations';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProviderSecret } from '../../../../packages/api/src/payments/providers';
import { capturePayment, PAYMENT_MSG, registerPaymentPurpose, startPayment } from '../../../../packages/api/src/payments/service';
import { clubId, createTestApp, type TestApp } from '../helpers';

/**
 * Money moves once: whatever the order of redirect and webhook or callback and however often they
 * repeat, a payment is applied once and its purpose's follow-up runs once; forged notifications
 * change nothing; a wrong amount is flagged, never accepted.
 */
let t: TestApp;
let demo: number;
let nabo: number;
const fulfilled = new Map<number, number>();
const UNDELIVERABLE = 999;

beforeAll(async () => {
  t = await createTestApp();
  demo = await clubId(t.database, 'Demo IF');
  nabo = await clubId(t.database, 'Nabo BK');
  registerPaymentPurpose('test-order', {
    async fulfil(_trx, _clientId, purposeId) {
      fulfilled.set(purposeId, (fulfilled.get(purposeId) ?? 0) + 1);
      return purposeId === UNDELIVERABLE ? 'unfulfillable' : 'ok';
    },
  });
}, 120_000);
afterAll(() => t.close());

const inClub = <T>(clientId: number, fn: (trx: Tx) => Promise<T>) => withClub(t.database.db, { clientId }, fn);
const payment = (reference: string) => t.database.owner.selectFrom('payments').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
const eventsCount = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM payment_events`.execute(t.database.owner)).rows[0].n;
const post = (url: string, body: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...headers } });

/** A payment on the test provider and the page's view of it (the signed token). */
async function testPayment(purposeId: number, amount = 15000, capture: 'auto' | 'manual' = 'auto') {
  const started = await inClub(demo, (trx) =>
    startPayment(trx, demo, { stripe: false, onpay: false }, 'http://localhost:3000', { purposeType: 'test-order', purposeId, amount, capture, returnUrl: '/ok', declineUrl: '/nej' }),
  );
  expect(started.provider).toBe('test');
  if (started.start.kind !== 'redirect') throw new Error('redirect expected');
  const provider = testProvider({ baseUrl: 'http://localhost:3000', secret: await testProviderSecret(t.database.owner) });
  const token = started.start.url.split('/pay/test/')[1];
  const page = provider.readToken(token);
  if (!page) throw new Error('token');
  const notify = (status: 'authorized' | 'paid' | 'failed' | 'cancelled', opts: { amount?: number; eventId?: string; club?: number } = {}) => {
    const { body, signature } = provider.signCallback({ eventId: opts.eventId ?? `${page.id}:${status}`, reference: page.reference, transactionId: page.id, status, amount: opts.amount ?? page.amount, currency: 'DKK' });
    return post(`/api/webhooks/test?club=${opts.club ?? demo}`, body, { 'klubhus-signature': signature });
  };
  return { reference: started.reference, page, notify, provider, token };
}

describe('the built-in test provider, end to end', () => {
  it('approve: paid once, followed up once, whatever repeats', async () => {
    const p = await testPayment(1);
    expect(p.page).toMatchObject({ amount: 15000, callbackUrl: `http://localhost:3000/api/webhooks/test?club=${demo}`, returnUrl: '/ok' });
    expect(p.reference).toBe(`k${demo}-t1-1`);
    expect((await p.notify('paid')).json()).toEqual({ received: true, outcome: 'applied' });
    for (let i = 0; i < 5; i++) expect((await p.notify('paid')).json()).toEqual({ received: true, outcome: 'duplicate' });
    // The browser's return and the callback say the same under different ids: the second changes nothing.
    expect((await p.notify('paid', { eventId: `${p.page.id}:redirect` })).json().outcome).toBe('ignored');
    expect(await payment(p.reference)).toMatchObject({ status: 'paid', captured_amount: 15000, transaction_id: p.page.id, needs_attention: null });
    expect(fulfilled.get(1)).toBe(1);
  });

  it('decline, then retry as a new attempt that is approved', async () => {
    const first = await testPayment(2);
    expect((await first.notify('failed')).json().outcome).toBe('applied');
    // A late success for the declined attempt cannot revive it.
    expect((await first.notify('paid')).json().outcome).toBe('ignored');
    expect((await payment(first.reference)).status).toBe('failed');
    expect(fulfilled.get(2)).toBeUndefined();
    const retry = await testPayment(2);
    expect(retry.reference).toBe(`k${demo}-t2-2`);
    expect((await retry.notify('paid')).json().outcome).toBe('applied');
    expect(fulfilled.get(2)).toBe(1);
  });

  it('cancel leaves nothing to follow up', async () => {
    const p = await testPayment(3);
    expect((await p.notify('cancelled')).json().outcome).toBe('applied');
    expect((await payment(p.reference)).status).toBe('cancelled');
    expect(fulfilled.get(3)).toBeUndefined();
  });

  it('authorize, then capture (only an authorized payment can be captured); notifications in any order', async () => {
    const p = await testPayment(4, 20000, 'manual');
    const id = (await payment(p.reference)).id;
    await expect(inClub(demo, (trx) => capturePayment(trx, demo, id, 'http://localhost:3000'))).rejects.toThrow(PAYMENT_MSG.notCapturable);
    expect((await p.notify('authorized')).json().outcome).toBe('applied');
    await inClub(demo, (trx) => capturePayment(trx, demo, id, 'http://localhost:3000'));
    expect(await payment(p.reference)).toMatchObject({ status: 'paid', captured_amount: 20000 });
    expect((await p.notify('paid')).json().outcome).toBe('ignored');
    expect(fulfilled.get(4)).toBe(1);

    // Paid arriving before authorized: paid stays, one follow-up.
    const q = await testPayment(5, 20000, 'manual');
    expect((await q.notify('paid')).json().outcome).toBe('applied');
    expect((await q.notify('authorized')).json().outcome).toBe('ignored');
    expect((await payment(q.reference)).status).toBe('paid');
    expect(fulfilled.get(5)).toBe(1);
  });

  it('a wrong amount is flagged for staff, never accepted; an undeliverable purchase is flagged too', async () => {
    const p = await testPayment(6, 15000);
    expect((await p.notify('paid', { amount: 100 })).json().outcome).toBe('flagged');
    expect(await payment(p.reference)).toMatchObject({ status: 'pending', needs_attention: PAYMENT_MSG.amountMismatch(100, 15000) });
    expect(fulfilled.get(6)).toBeUndefined();

    const q = await testPayment(UNDELIVERABLE);
    expect((await q.notify('paid')).json().outcome).toBe('flagged');
    expect(await payment(q.reference)).toMatchObject({ status: 'paid', needs_attention: PAYMENT_MSG.unfulfillable });
    expect(fulfilled.get(UNDELIVERABLE)).toBe(1);
  });

  it('forged, altered or misdirected notifications change nothing', async () => {
    const p = await testPayment(7);
    const before = await eventsCount();
    const { body, signature } = p.provider.signCallback({ eventId: 'x', reference: p.page.reference, transactionId: p.page.id, status: 'paid', amount: 15000, currency: 'DKK' });
    const altered = await post(`/api/webhooks/test?club=${demo}`, body.replace('15000', '1'), { 'klubhus-signature': signature });
    expect(altered.statusCode).toBe(400);
    const foreign = testProvider({ baseUrl: 'x', secret: 'gæt' }).signCallback({ eventId: 'y', reference: p.page.reference, transactionId: p.page.id, status: 'paid', amount: 15000, currency: 'DKK' });
    expect((await post(`/api/webhooks/test?club=${demo}`, foreign.body, { 'klubhus-signature': foreign.signature })).statusCode).toBe(400);
    expect((await post(`/api/webhooks/test?club=${demo}`, body, {})).statusCode).toBe(400);
    expect((await post('/api/webhooks/test?club=abc', body, { 'klubhus-signature': signature })).statusCode).toBe(404);
    expect((await post('/api/webhooks/test?club=999999', body, { 'klubhus-signature': signature })).statusCode).toBe(404);
    expect(await eventsCount()).toBe(before);
    // Sent to another club, a genuine notification finds no payment there and pays nothing.
    expect((await p.notify('paid', { club: nabo })).json().outcome).toBe('unknown-payment');
    expect(await payment(p.reference)).toMatchObject({ status: 'pending' });
    expect(fulfilled.get(7)).toBeUndefined();
  });
});

describe('Stripe webhooks, signed by Stripe’s own helper', () => {
  const secret = 'whsec_klubhus_test';
  const stripeEvent = (id: string, type: string, amount: number) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2026-07-29.dahlia',
      created: 1,
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
      data: { object: { id: 'pi_demo_1', object: 'payment_intent', amount, amount_received: type.endsWith('succeeded') ? amount : 0, amount_capturable: type.endsWith('updated') ? amount : 0, currency: 'dkk', metadata: { reference: `k${demo}-stripe-1` } } },
    });
  const send = (body: string, header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret })) =>
    post(`/api/webhooks/stripe?club=${demo}`, body, { 'stripe-signature': header });

  beforeAll(async () => {
    await t.database.owner.updateTable('clients').set({ settings: { stripe: { secretKey: 'sk_test_demo', publishableKey: 'pk_test_demo', webhookSecret: secret } } as never }).where('id', '=', demo).execute();
    await inClub(demo, (trx) =>
      trx
        .insertInto('payments')
        .values({ client_id: demo, reference: `k${demo}-stripe-1`, provider: 'stripe', transaction_id: 'pi_demo_1', purpose_type: 'test-order', purpose_id: 20, amount: 25000, capture: 'manual' })
        .execute(),
    );
  });

  it('a bad signature is refused; authorized then paid, replayed five times and reordered: one payment, one follow-up', async () => {
    const authorized = stripeEvent('evt_a', 'payment_intent.amount_capturable_updated', 25000);
    expect((await send(authorized, Stripe.webhooks.generateTestHeaderString({ payload: authorized, secret: 'whsec_wrong' }))).statusCode).toBe(400);
    expect((await send(authorized)).json().outcome).toBe('applied');
    const paid = stripeEvent('evt_b', 'payment_intent.succeeded', 25000);
    expect((await send(paid)).json().outcome).toBe('applied');
    for (let i = 0; i < 5; i++) expect((await send(paid)).json().outcome).toBe('duplicate');
    // An authorization delivered late (Stripe does not promise order) changes nothing.
    expect((await send(stripeEvent('evt_c', 'payment_intent.amount_capturable_updated', 25000))).json().outcome).toBe('ignored');
    expect(await payment(`k${demo}-stripe-1`)).toMatchObject({ status: 'paid', captured_amount: 25000 });
    expect(fulfilled.get(20)).toBe(1);
    // A wrong amount is flagged.
    expect((await send(stripeEvent('evt_d', 'payment_intent.succeeded', 1))).json().outcome).toBe('flagged');
    expect(fulfilled.get(20)).toBe(1);
  });
});

describe('OnPay callbacks', () => {
  it('the documented callback authorizes once; a forged one is refused', async () => {
    await t.database.owner.updateTable('clients').set({ settings: { onpay: { gatewayId: '20007895654', windowSecret: 'hmacsecret', apiToken: 'tok' } } as never }).where('id', '=', nabo).execute();
    await inClub(nabo, (trx) =>
      trx.insertInto('payments').values({ client_id: nabo, reference: 'AF-847824', provider: 'onpay', purpose_type: 'test-order', purpose_id: 30, amount: 12000, capture: 'manual' }).execute(),
    );
    const query = {
      onpay_uuid: '11111111-2222-3333-4444-555555555555',
      onpay_number: '1000123',
      onpay_reference: 'AF-847824',
      onpay_amount: '12000',
      onpay_currency: '208',
      onpay_method: 'card',
      onpay_cardtype: 'visa',
      onpay_cardmask: '457199XXXXXX0001',
      onpay_errorcode: '0',
      onpay_3dsecure: '1',
      order_id: '99',
    };
    expect(onpayHmac(query, 'hmacsecret')).toBe('6c210a49ce410c184aa4ffae3357a811295e4c8d');
    const url = (q: Record<string, string>) => `/api/webhooks/onpay?${new URLSearchParams({ club: String(nabo), ...q })}`;
    const signed = { ...query, onpay_hmac_sha1: '6c210a49ce410c184aa4ffae3357a811295e4c8d' };
    expect((await t.app.inject({ method: 'GET', url: url({ ...signed, onpay_amount: '1' }) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: url(signed) })).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await t.app.inject({ method: 'GET', url: url(signed) })).json().outcome).toBe('duplicate');
    expect(await payment('AF-847824')).toMatchObject({ status: 'authorized', transaction_id: '11111111-2222-3333-4444-555555555555', card: { type: 'visa', mask: '457199XXXXXX0001' } });
    expect(fulfilled.get(30)).toBe(1);
  });
});

describe('the test provider’s payment page', () => {
  const call = async (path: string, input: unknown, method: 'GET' | 'POST') => {
    const res =
      method === 'GET'
        ? await t.request('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`)
        : await t.request('POST', `/trpc/${path}`, { body: input });
    const json = res.json();
    return res.statusCode === 200 ? { ok: true as const, data: json.result.data } : { ok: false as const, status: res.statusCode, message: json.error?.message as string };
  };
  const card = (cardNumber: string, expiry = '12/40', cvc = '123') => ({ cardNumber, expiry, cvc });

  it('shows the payment; refuses a bad card in Danish; declines the decline card; approves a good one once; forged tokens find nothing', async () => {
    const p = await testPayment(41, 12500);
    expect(await call('payments.testPage', { token: p.token }, 'GET')).toEqual({ ok: true, data: { reference: p.reference, amount: 12500, description: null, clubName: 'Demo IF', cancelUrl: '/nej' } });
    const before = await eventsCount();
    expect(await call('payments.testDecide', { token: p.token, decision: 'pay', card: card('4242 4242 4242 4241') }, 'POST')).toMatchObject({ ok: false, status: 400, message: 'Kortnummeret er ugyldigt' });
    expect(await call('payments.testDecide', { token: p.token, decision: 'pay', card: card('4242424242424242', '01/20') }, 'POST')).toMatchObject({ ok: false, message: 'Kortet er udløbet' });
    expect(await call('payments.testDecide', { token: p.token, decision: 'pay', card: card('4242424242424242', '12/40', '') }, 'POST')).toMatchObject({ ok: false, message: 'Kontrolcifre er påkrævet' });
    expect(await eventsCount()).toBe(before);

    expect(await call('payments.testDecide', { token: p.token, decision: 'pay', card: card('4000 0000 0000 0002') }, 'POST')).toEqual({
      ok: true,
      data: { outcome: 'declined', message: 'Betalingen kunne ikke gennemføres!', redirect: '/nej' },
    });
    expect((await payment(p.reference)).status).toBe('failed');
    const retry = await testPayment(41, 12500);
    for (let i = 0; i < 3; i++) {
      expect(await call('payments.testDecide', { token: retry.token, decision: 'pay', card: card('4242 4242 4242 4242') }, 'POST')).toEqual({
        ok: true,
        data: { outcome: 'approved', message: 'Betalingen blev gennemført!', redirect: '/ok' },
      });
    }
    expect(await payment(retry.reference)).toMatchObject({ status: 'paid', card: { mask: 'XXXXXXXXXXXX4242', expMonth: 12, expYear: 2040 } });
    expect(fulfilled.get(41)).toBe(1);

    const c = await testPayment(42);
    expect((await call('payments.testDecide', { token: c.token, decision: 'cancel' }, 'POST')).data).toMatchObject({ outcome: 'cancelled', redirect: '/nej' });
    expect((await payment(c.reference)).status).toBe('cancelled');

    const [body] = p.token.split('.');
    expect(await call('payments.testPage', { token: `${body}.${'a'.repeat(64)}` }, 'GET')).toMatchObject({ ok: false, status: 404 });
    expect(await call('payments.testDecide', { token: `${body}.${'a'.repeat(64)}`, decision: 'cancel' }, 'POST')).toMatchObject({ ok: false, status: 404 });
  });
});
