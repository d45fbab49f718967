import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminApi, type ClubModuleSetting, clubId, trpc, unique } from './helpers';

/**
 * Stripe Elements in a real browser, offline (issue 13). Nabo BK has Stripe keys that no Stripe
 * account has (demo seed); this file switches its orders module's `stripe` feature on for its run.
 *   - The server's Stripe API calls go to STRIPE_API_URL (playwright.config.ts), served here by a
 *     stub that makes PaymentIntents and records what it was asked.
 *   - Stripe.js is never fetched from js.stripe.com: page.route answers https://js.stripe.com/** with
 *     a small fake implementing what @stripe/stripe-js and @stripe/react-stripe-js call (Stripe(key),
 *     elements({clientSecret}), create('payment'), mount, on/off, confirmPayment), and counts the
 *     requests.
 * Proven: the script is asked for only once a payment is shown, the Payment Element mounts with the
 * PaymentIntent's client secret, confirming calls confirmPayment with it and the link's return URL
 * (an error from Stripe is shown under the element; a success redirects back), and SPEC's 'Stripe
 * script not ready' after 20 tries 100 ms apart when the script never comes.
 */

/** The fake Stripe.js: records on window.__fakeStripe; confirmPayment answers as window.__fakeStripeConfirm says ('error' or 'redirect'). */
const FAKE_STRIPE_JS = `(() => {
  const calls = (window.__fakeStripe = { keys: [], elements: [], created: [], mounted: 0, confirm: [] });
  function Stripe(key, options) {
    calls.keys.push(key);
    const noop = () => {};
    return {
      _registerWrapper: noop,
      registerAppInfo: noop,
      createToken: noop,
      createPaymentMethod: noop,
      confirmCardPayment: noop,
      elements(opts) {
        calls.elements.push({ clientSecret: opts && opts.clientSecret, locale: opts && opts.locale });
        const elements = {
          _options: Object.assign({}, opts),
          update(o) { Object.assign(elements._options, o); },
          fetchUpdates() { return Promise.resolve({}); },
          getElement() { return null; },
          create(type) {
            calls.created.push(type);
            const handlers = {};
            let node = null;
            const fire = (ev, payload) => (handlers[ev] || []).forEach((cb) => cb(payload));
            const element = {
              mount(target) {
                const parent = typeof target === 'string' ? document.querySelector(target) : target;
                node = document.createElement('div');
                node.setAttribute('data-testid', 'fake-payment-element');
                node.innerHTML = '<label>Kortnummer (falsk Stripe) <input name="fake-card" value="4242 4242 4242 4242"></label>';
                parent.appendChild(node);
                calls.mounted++;
                setTimeout(() => fire('ready', { elementType: type }), 0);
              },
              on(ev, cb) { (handlers[ev] = handlers[ev] || []).push(cb); return element; },
              once(ev, cb) { const w = (p) => { element.off(ev, w); cb(p); }; return element.on(ev, w); },
              off(ev, cb) { handlers[ev] = (handlers[ev] || []).filter((x) => x !== cb); return element; },
              update() {},
              focus() {},
              blur() {},
              clear() {},
              collapse() {},
              unmount() { if (node) node.remove(); },
              destroy() { if (node) node.remove(); },
            };
            return element;
          },
        };
        return elements;
      },
      confirmPayment(args) {
        const secret = args.elements._options.clientSecret;
        calls.confirm.push({ clientSecret: secret, returnUrl: args.confirmParams && args.confirmParams.return_url });
        if (window.__fakeStripeConfirm !== 'redirect') {
          return Promise.resolve({ error: { type: 'card_error', code: 'card_declined', message: 'Dit kort blev afvist (falsk Stripe).' } });
        }
        const back = new URL(args.confirmParams.return_url);
        back.searchParams.set('payment_intent', secret.split('_secret_')[0]);
        back.searchParams.set('payment_intent_client_secret', secret);
        back.searchParams.set('redirect_status', 'succeeded');
        window.location.assign(back.toString());
        return new Promise(() => {});
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

interface StubCall {
  method: string;
  path: string;
  authorization: string;
  body: URLSearchParams;
}

/** Stripe's API as far as starting a payment needs it: POST /v1/payment_intents. */
function stripeApiStub() {
  const calls: StubCall[] = [];
  let n = 0;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c) => {
        s += c;
      });
      req.on('end', () => resolve(s));
    });
  const server: Server = createServer(async (req, res) => {
    const body = new URLSearchParams(await read(req));
    const path = new URL(req.url ?? '/', 'http://stub').pathname;
    calls.push({ method: req.method ?? '', path, authorization: String(req.headers.authorization ?? ''), body });
    res.setHeader('content-type', 'application/json');
    res.setHeader('request-id', `req_stub_${calls.length}`);
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      n++;
      const id = `pi_e2e${Date.now().toString(36)}${n}`;
      res.end(
        JSON.stringify({
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency'),
          capture_method: body.get('capture_method'),
          client_secret: `${id}_secret_e2e${n}`,
          status: 'requires_payment_method',
          metadata: { reference: body.get('metadata[reference]') },
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `stub: no ${req.method} ${path}` } }));
  });
  return { server, calls };
}

const stub = stripeApiStub();
let admin: APIRequestContext;
let nabo: number;
let ordersBefore: ClubModuleSetting | undefined;

/** Switches the orders module's stripe feature of Nabo BK; returns the module's setting before. */
async function setStripe(api: APIRequestContext, on: boolean, restore?: ClubModuleSetting) {
  const t = trpc(api);
  const m = (await t.query<ClubModuleSetting[]>('clients.modules', { clientId: nabo })).find((x) => x.alias === 'orders');
  if (!m) throw new Error('no orders module');
  const features = (restore ?? m).features.map((f) => ({ alias: f.alias, active: restore ? f.active : f.alias === 'stripe' ? on : f.active, settings: f.settings }));
  await t.mutate('clients.updateModule', { clientId: nabo, moduleId: m.moduleId, active: m.active, customEndpoint: m.customEndpoint, features, roleAcls: m.roleAcls });
  return m;
}

/** An approved order of Nabo BK for a new contact, and the payment link mailed to the contact. */
async function orderWithLink() {
  const t = trpc(admin);
  const email = `${unique('stripe')}@example.dk`;
  const contact = await t.mutate<{ id: number }>('contacts.update', { firstname: 'Stine', lastname: 'Stripe', email });
  const order = await t.mutate<{ id: number }>('orders.update', {
    firstname: 'Stine',
    lastname: 'Stripe',
    email,
    contactId: contact.id,
    orderLines: [{ title: 'Sponsorpakke', price: '125,00', amount: 2 }],
  });
  await t.mutate('orders.approve', { id: order.id });
  await t.mutate('orders.sendPaymentLink', { id: order.id, capture: 'auto' });
  const [mail] = await t.query<{ text: string }[]>('outbox.recent', { to: email, kind: 'order-paymentlink', limit: 1 });
  const link = mail?.text.match(/https?:\/\/\S+\/public\/orders\/pay\/\S+/)?.[0];
  if (!link) throw new Error('no payment link in the mail');
  return { orderId: order.id, path: new URL(link).pathname };
}

/** Every request the page makes for js.stripe.com is answered by `answer` and counted. */
async function routeStripeJs(page: Page, answer: 'fake' | 'never') {
  const requested: string[] = [];
  await page.context().route('https://js.stripe.com/**', async (route) => {
    requested.push(route.request().url());
    if (answer === 'fake') await route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS });
    // 'never': the request is left hanging, as a script that never arrives.
  });
  // Anything else outside the app would be the network: refused, so a test can never reach it.
  await page.context().route(/^https?:\/\/(?!localhost|127\.0\.0\.1|js\.stripe\.com)/, (route) => route.abort());
  return requested;
}

test.beforeAll(async ({ baseURL }) => {
  await new Promise<void>((resolve, reject) => {
    stub.server.once('error', reject);
    stub.server.listen(Number(process.env.E2E_STRIPE_API_PORT), '127.0.0.1', () => resolve());
  });
  admin = await adminApi(baseURL);
  nabo = await clubId(admin, 'Nabo BK');
  await trpc(admin).mutate('app.changeClient', { id: nabo });
  ordersBefore = await setStripe(admin, true);
});

test.afterAll(async () => {
  if (admin && ordersBefore) await setStripe(admin, false, ordersBefore);
  await admin?.dispose();
  await new Promise<void>((resolve) => stub.server.close(() => resolve()));
});

test('Stripe Elements: the script only when a payment is shown, the Payment Element with the intent’s client secret, confirmPayment with the return URL', async ({ page }) => {
  const requested = await routeStripeJs(page, 'fake');
  const { path } = await orderWithLink();
  const before = stub.calls.length;

  // Pages without a payment never ask for Stripe.js — nor does the payment link's page before Betal.
  for (const url of ['/login', '/events', path]) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  }
  const pay = page.getByRole('button', { name: /^Betal \d/ });
  await expect(pay).toBeVisible();
  expect(requested).toEqual([]);
  expect(stub.calls.length).toBe(before);

  // The order's total as the button says it ("Betal 312,50 kr."), in øre.
  const total = (await pay.innerText()).replace(/\D/g, '');
  await pay.click();
  // The server made one PaymentIntent at the stub: the order's total in øre, DKK, the club's secret key.
  await expect.poll(() => stub.calls.length).toBe(before + 1);
  const created = stub.calls[before];
  expect(created).toMatchObject({ method: 'POST', path: '/v1/payment_intents', authorization: 'Bearer sk_test_klubhus_offline' });
  expect(created.body.get('amount')).toBe(total);
  expect(created.body.get('currency')).toBe('dkk');
  expect(created.body.get('capture_method')).toBe('automatic');

  // The Payment Element mounts, from Stripe.js loaded now, with the intent's client secret.
  await expect(page.getByTestId('fake-payment-element')).toBeVisible();
  expect(requested.length).toBe(1);
  expect(requested[0]).toMatch(/^https:\/\/js\.stripe\.com\//);
  const fake = () => page.evaluate(() => (window as unknown as { __fakeStripe: { keys: string[]; elements: { clientSecret: string }[]; created: string[]; mounted: number; confirm: { clientSecret: string; returnUrl: string }[] } }).__fakeStripe);
  const mounted = await fake();
  expect(mounted.keys).toEqual(['pk_test_klubhus_offline']);
  expect(mounted.created).toEqual(['payment']);
  expect(mounted.mounted).toBe(1);
  const secret = mounted.elements[0].clientSecret;
  expect(secret).toMatch(/^pi_e2e\w+_secret_e2e\d+$/);
  const returnUrl = new URL(`${path}?betaling=ok`, page.url()).toString();

  // A card Stripe refuses: confirmPayment with the secret and the return URL, its message under the element.
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Dit kort blev afvist (falsk Stripe).' })).toBeVisible();
  expect((await fake()).confirm).toEqual([{ clientSecret: secret, returnUrl }]);

  // A card Stripe takes: back to the return URL with Stripe's parameters, waiting for the webhook.
  await page.evaluate(() => {
    (window as unknown as { __fakeStripeConfirm: string }).__fakeStripeConfirm = 'redirect';
  });
  await pay.click();
  await expect(page).toHaveURL((u) => u.pathname === path && u.searchParams.get('betaling') === 'ok' && u.searchParams.get('payment_intent_client_secret') === secret);
  await expect(page.getByRole('status').filter({ hasText: 'Vi venter på svar fra betalingsudbyderen' })).toBeVisible();
  // Back on the page, no payment is shown until Betal again: no further script.
  expect(requested.length).toBe(1);
});

test('Stripe.js that never arrives: "Stripe script not ready" after 20 tries 100 ms apart', async ({ page }) => {
  const requested = await routeStripeJs(page, 'never');
  const { path } = await orderWithLink();
  await page.goto(path);
  const pay = page.getByRole('button', { name: /^Betal \d/ });
  await expect(pay).toBeVisible();
  await pay.click();
  await expect.poll(() => requested.length).toBe(1);
  const asked = Date.now();
  const alert = page.getByRole('alert').filter({ hasText: 'Stripe script not ready' });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  const waited = Date.now() - asked;
  // 20 tries 100 ms apart: about two seconds, not at once and not for ever.
  expect(waited).toBeGreaterThanOrEqual(1_800);
  expect(waited).toBeLessThan(10_000);
  await expect(page.getByTestId('fake-payment-element')).toHaveCount(0);
});
