import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { onpayHmac, onpayProvider, onpayVerify, PaymentVerificationError, stripeApiFromEnv, stripeProvider, testProvider } from '../src/payments/index';

/** Answers in order, recording each request. */
function recorded(...answers: { status: number; body: unknown }[]) {
  const requests: { url: string; method: string; headers: Record<string, string>; body?: string }[] = [];
  const fetch = async (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
    requests.push({ url, method: init.method, headers: init.headers, body: init.body });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected request ${init.method} ${url}`);
    return { ok: answer.status < 400, status: answer.status, json: async () => answer.body };
  };
  return { fetch, requests };
}

describe('OnPay (INTEGRATIONS.md §2 test vectors)', () => {
  const base = { onpay_gatewayid: '1234567', onpay_currency: 'DKK', onpay_amount: '12300', onpay_reference: 'order-42', onpay_accepturl: 'https://example.com/accept' };

  it('signs the form exactly as the PHP SDK does', () => {
    expect(onpayHmac({ ...base, onpay_platform: 'php-sdk/1.0.39' }, 'hmacsecret')).toBe('927a0a061a4795f0adb7c236dbe1bdb3e53a4dad');
    expect(onpayHmac(base, 'hmacsecret')).toBe('544a399c20a3deedf292cb147e668a57909cd409');
    expect(onpayHmac({ ...base, onpay_info_name: 'Test Pærsån' }, 'hmacsecret')).toBe('e786b6f0a5f87ff79ee01474f3dc42fd9b8d3135');
    expect(
      onpayHmac(
        {
          onpay_3dsecure: 'forced',
          onpay_accepturl: 'https://example.com/accept',
          onpay_amount: '12000',
          onpay_callbackurl: 'https://example.com/onpay/callback',
          onpay_currency: 'DKK',
          onpay_declineurl: 'https://example.com/decline',
          onpay_gatewayid: '20007895654',
          onpay_language: 'da',
          onpay_method: 'card',
          onpay_reference: 'AF-847824',
          onpay_website: 'https://example.com/',
        },
        'hmacsecret',
      ),
    ).toBe('eb146d646204b9707162088c06394bdee76ac447');
  });

  const callback = {
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
    onpay_hmac_sha1: '6c210a49ce410c184aa4ffae3357a811295e4c8d',
  };

  it('verifies the documented callback and reads it as an authorization; a forged one is refused', () => {
    expect(onpayVerify(callback, 'hmacsecret')).toBe(true);
    const provider = onpayProvider({ gatewayId: '20007895654', windowSecret: 'hmacsecret', apiToken: 't', website: 'https://example.com/' });
    const event = provider.verify({ rawBody: '', headers: {}, query: callback });
    expect(event).toEqual({
      provider: 'onpay',
      eventId: 'onpay:11111111-2222-3333-4444-555555555555:authorized',
      reference: 'AF-847824',
      transactionId: '11111111-2222-3333-4444-555555555555',
      status: 'authorized',
      amount: 12000,
      currency: 'DKK',
      card: { type: 'visa', mask: '457199XXXXXX0001', expMonth: null, expYear: null },
    });
    expect(() => provider.verify({ rawBody: '', headers: {}, query: { ...callback, onpay_amount: '1' } })).toThrow(PaymentVerificationError);
    expect(() => provider.verify({ rawBody: '', headers: {}, query: { ...callback, onpay_hmac_sha1: '0'.repeat(40) } })).toThrow(PaymentVerificationError);
    expect(() => provider.verify({ rawBody: '', headers: {}, query: { ...callback, onpay_hmac_sha1: undefined } })).toThrow(PaymentVerificationError);
  });

  it('builds the signed window form, and captures and refunds through the API', async () => {
    const r = recorded({ status: 200, body: { data: {} } }, { status: 200, body: { data: {} } }, { status: 403, body: { errors: [{ message: 'Token invalid' }] } }, { status: 200, body: { data: {} } });
    const provider = onpayProvider({ gatewayId: '20007895654', windowSecret: 'hmacsecret', apiToken: 'tok', website: 'https://example.com/', fetch: r.fetch });
    const start = await provider.start({
      reference: 'AF-847824',
      amount: 12000,
      capture: 'manual',
      returnUrl: 'https://example.com/accept',
      declineUrl: 'https://example.com/decline',
      callbackUrl: 'https://example.com/onpay/callback',
    });
    expect(start).toMatchObject({ kind: 'form', action: 'https://onpay.io/window/v3/' });
    if (start.kind !== 'form') throw new Error('form expected');
    expect(start.fields.onpay_hmac_sha1).toBe('eb146d646204b9707162088c06394bdee76ac447');
    await expect(provider.start({ ...{ amount: 1, capture: 'auto', returnUrl: '', declineUrl: '', callbackUrl: '' }, reference: 'ordre 1' })).rejects.toThrow(/reference/);

    await provider.capture('uuid-1', 12000);
    expect(r.requests[0]).toMatchObject({ url: 'https://api.onpay.io/v1/transaction/uuid-1/capture', method: 'POST', body: '{"data":{"amount":12000}}' });
    expect(r.requests[0].headers.authorization).toBe('Bearer tok');
    await provider.refund('uuid-1');
    expect(r.requests[1]).toMatchObject({ url: 'https://api.onpay.io/v1/transaction/uuid-1/refund', body: undefined });
    await expect(provider.capture('uuid-2')).rejects.toMatchObject({ provider: 'onpay', status: 403, message: 'Token invalid' });
    await provider.cancel('uuid-3');
    expect(r.requests[3]).toMatchObject({ url: 'https://api.onpay.io/v1/transaction/uuid-3/cancel', method: 'POST', body: undefined });
  });
});

describe('Stripe', () => {
  const secret = 'whsec_test_secret';
  const provider = stripeProvider({ secretKey: 'sk_test_x', webhookSecret: secret });
  const sign = (payload: string, timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  const event = (type: string, object: Record<string, unknown>, id = 'evt_1') =>
    JSON.stringify({ id, object: 'event', type, api_version: '2026-07-29.dahlia', created: 1, livemode: false, pending_webhooks: 0, request: { id: null, idempotency_key: null }, data: { object } });

  it('agrees with the documented signature vector', () => {
    const body = '{"id":"evt_test_webhook","object":"event","type":"payment_intent.succeeded"}';
    expect(sign(body, 1700000000)).toBe('t=1700000000,v1=130dc37d5a27b1b232a61e4f2ff00ed245f498112c11e8b747aff3d0fb754056');
  });

  it('verifies webhooks signed by Stripe’s own helper and maps them to one shape', () => {
    const pi = { id: 'pi_1', object: 'payment_intent', amount: 25000, amount_received: 25000, amount_capturable: 0, currency: 'dkk', metadata: { reference: 'ordre-7' } };
    const paid = event('payment_intent.succeeded', pi);
    expect(provider.verify({ rawBody: paid, headers: { 'stripe-signature': sign(paid) }, query: {} })).toEqual({
      provider: 'stripe',
      eventId: 'evt_1',
      reference: 'ordre-7',
      transactionId: 'pi_1',
      status: 'paid',
      amount: 25000,
      currency: 'DKK',
    });
    const authorized = event('payment_intent.amount_capturable_updated', { ...pi, amount_received: 0, amount_capturable: 25000 }, 'evt_2');
    expect(provider.verify({ rawBody: Buffer.from(authorized), headers: { 'stripe-signature': sign(authorized) }, query: {} })).toMatchObject({ status: 'authorized', amount: 25000 });
    const refunded = event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_1', amount_refunded: 5000, currency: 'dkk', metadata: {} }, 'evt_3');
    expect(provider.verify({ rawBody: refunded, headers: { 'stripe-signature': sign(refunded) }, query: {} })).toMatchObject({ status: 'refunded', transactionId: 'pi_1', amount: 5000 });
    const other = event('customer.created', { id: 'cus_1', object: 'customer' }, 'evt_4');
    expect(provider.verify({ rawBody: other, headers: { 'stripe-signature': sign(other) }, query: {} })).toBeNull();
  });

  it('refuses a bad signature, an altered body, a stale timestamp and no header', () => {
    const body = event('payment_intent.succeeded', { id: 'pi_1', amount: 1, amount_received: 1, currency: 'dkk', metadata: {} });
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_other' });
    expect(() => provider.verify({ rawBody: body, headers: { 'stripe-signature': wrong }, query: {} })).toThrow(PaymentVerificationError);
    expect(() => provider.verify({ rawBody: body.replace('"amount":1', '"amount":2'), headers: { 'stripe-signature': sign(body) }, query: {} })).toThrow(PaymentVerificationError);
    expect(() => provider.verify({ rawBody: body, headers: { 'stripe-signature': sign(body, Math.floor(Date.now() / 1000) - 600) }, query: {} })).toThrow(PaymentVerificationError);
    expect(() => provider.verify({ rawBody: body, headers: {}, query: {} })).toThrow(PaymentVerificationError);
  });

  it('creates an intent (manual capture, idempotent by reference) and captures and refunds it', async () => {
    const calls: { url: string; method: string; headers: Record<string, string>; body: string }[] = [];
    const answers = [
      { id: 'pi_9', object: 'payment_intent', client_secret: 'pi_9_secret_abc', status: 'requires_payment_method' },
      { id: 'pi_9', object: 'payment_intent', status: 'succeeded' },
      { id: 're_1', object: 'refund', status: 'succeeded' },
      { id: 'pi_9', object: 'payment_intent', status: 'canceled' },
    ];
    const fetchFn = (async (url: string, init: { method: string; headers: Record<string, string>; body: string }) => {
      calls.push({ url: String(url), method: init.method, headers: init.headers, body: String(init.body ?? '') });
      return new Response(JSON.stringify(answers.shift()), { status: 200, headers: { 'content-type': 'application/json', 'request-id': 'req_1' } });
    }) as unknown as typeof fetch;
    const p = stripeProvider({ secretKey: 'sk_test_x', webhookSecret: secret, httpClient: Stripe.createFetchHttpClient(fetchFn) });
    const start = await p.start({ reference: 'ordre-9', amount: 25000, capture: 'manual', returnUrl: 'https://x/r', declineUrl: 'https://x/d', callbackUrl: 'https://x/c', email: 'a@b.dk' });
    expect(start).toEqual({ kind: 'client-secret', clientSecret: 'pi_9_secret_abc', transactionId: 'pi_9' });
    expect(calls[0].url).toBe('https://api.stripe.com/v1/payment_intents');
    const form = new URLSearchParams(calls[0].body);
    expect(Object.fromEntries(form)).toMatchObject({ amount: '25000', currency: 'dkk', capture_method: 'manual', 'metadata[reference]': 'ordre-9', receipt_email: 'a@b.dk' });
    // The fetch client hands headers over as [name, value] pairs.
    expect(new Headers(calls[0].headers as unknown as [string, string][]).get('idempotency-key')).toBe('klubhus-ordre-9');
    await p.capture('pi_9', 20000);
    expect(calls[1].url).toBe('https://api.stripe.com/v1/payment_intents/pi_9/capture');
    expect(new URLSearchParams(calls[1].body).get('amount_to_capture')).toBe('20000');
    await p.refund('pi_9');
    expect(calls[2].url).toBe('https://api.stripe.com/v1/refunds');
    expect(new URLSearchParams(calls[2].body).get('payment_intent')).toBe('pi_9');
    // An authorization that will not be captured is released by cancelling the intent.
    await p.cancel('pi_9');
    expect([calls[3].method, calls[3].url]).toEqual(['POST', 'https://api.stripe.com/v1/payment_intents/pi_9/cancel']);
  });
});

describe('STRIPE_API_URL', () => {
  it('is read as host, port and protocol; unset means api.stripe.com', () => {
    expect(stripeApiFromEnv({})).toBeUndefined();
    expect(stripeApiFromEnv({ STRIPE_API_URL: 'http://127.0.0.1:12112' })).toEqual({ host: '127.0.0.1', port: 12112, protocol: 'http' });
    expect(stripeApiFromEnv({ STRIPE_API_URL: 'https://stripe-mock.internal' })).toEqual({ host: 'stripe-mock.internal', port: 443, protocol: 'https' });
  });

  it('sends the provider’s calls there (the browser tests’ stub)', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: 'pi_local', object: 'payment_intent', client_secret: 'pi_local_secret_x', status: 'requires_payment_method' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const p = stripeProvider({ secretKey: 'sk_test_local', webhookSecret: 'whsec_x', api: stripeApiFromEnv({ STRIPE_API_URL: `http://127.0.0.1:${port}` }) });
      const started = await p.start({ amount: 25000, reference: 'order-1', capture: 'auto', returnUrl: 'http://localhost/ok', declineUrl: 'http://localhost/nej', callbackUrl: 'http://localhost/cb' });
      expect(started).toMatchObject({ kind: 'client-secret', clientSecret: 'pi_local_secret_x', transactionId: 'pi_local' });
      expect(seen).toEqual(['POST /v1/payment_intents Bearer sk_test_local']);
    } finally {
      server.close();
    }
  });
});

describe('the built-in test provider', () => {
  const provider = testProvider({ baseUrl: 'http://localhost:3000/', secret: 'testhemmelighed' });

  it('sends the buyer to its own page with the payment signed into the token', async () => {
    const start = await provider.start({ reference: 'ordre-1', amount: 15000, capture: 'auto', returnUrl: '/r', declineUrl: '/d', callbackUrl: '/c' });
    if (start.kind !== 'redirect') throw new Error('redirect expected');
    expect(start.url).toMatch(/^http:\/\/localhost:3000\/pay\/test\/[A-Za-z0-9_-]+\.[0-9a-f]{64}$/);
    const token = start.url.split('/pay/test/')[1];
    expect(provider.readToken(token)).toMatchObject({ reference: 'ordre-1', amount: 15000, id: expect.stringMatching(/^test_/) });
    const [body, sig] = token.split('.');
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), amount: 1 })).toString('base64url');
    expect(provider.readToken(`${altered}.${sig}`)).toBeNull();
    expect(testProvider({ baseUrl: 'x', secret: 'anden' }).readToken(token)).toBeNull();
  });

  it('verifies its signed callbacks and refuses altered, foreign or stale ones', () => {
    const e = { eventId: 'test_1:paid', reference: 'ordre-1', transactionId: 'test_1', status: 'paid' as const, amount: 15000, currency: 'DKK' };
    const { body, signature } = provider.signCallback(e);
    expect(provider.verify({ rawBody: body, headers: { 'klubhus-signature': signature }, query: {} })).toEqual({ ...e, provider: 'test' });
    expect(() => provider.verify({ rawBody: body.replace('15000', '1'), headers: { 'klubhus-signature': signature }, query: {} })).toThrow(PaymentVerificationError);
    const foreign = testProvider({ baseUrl: 'x', secret: 'anden' }).signCallback(e);
    expect(() => provider.verify({ rawBody: foreign.body, headers: { 'klubhus-signature': foreign.signature }, query: {} })).toThrow(PaymentVerificationError);
    const stale = provider.signCallback(e, Math.floor(Date.now() / 1000) - 3600);
    expect(() => provider.verify({ rawBody: stale.body, headers: { 'klubhus-signature': stale.signature }, query: {} })).toThrow(PaymentVerificationError);
  });
});
