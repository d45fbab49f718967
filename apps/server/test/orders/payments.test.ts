import { createCaller, createContext, createSession } from '@klubhus/api';
import { DEMO_USERS, json, setScope } from '@klubhus/db';
import { formatDKK, MSG, ORDER_MSG, ORDER_PAY_MSG, PAYMENT_PAGE_MSG } from '@klubhus/domain';
import { ONPAY_WINDOW_URL, onpayHmac } from '@klubhus/integrations';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MSG } from '../../../../packages/api/src/payments/service';
import { clubId, createTestApp, ORIGIN_HEADERS, type TestApp } from '../helpers';
import { callerFor, demoIds, type OrdersCaller, orderInput, refused } from './helpers';

/**
 * Orders paid by card (issue 13 item 5) through the router and the REST adapters: the payment link
 * mailed to the contact, its page paid on the test provider as the contact would, capture only of
 * an authorized payment, cancelling after payment refunds once through the provider, the order as a
 * payment purpose (replays, a second payment, a cancelled or changed order), Stripe and OnPay paths
 * on recorded answers (no network), and another club refused.
 */

/** What the providers were asked to do (capture, refund, release): the test provider keeps no money, so its calls are counted here. */
const calls = vi.hoisted(() => {
  const log = { test: [] as string[], stripe: [] as { url: string; body: string }[], onpay: [] as string[] };
  let intents = 0;
  const stripeFetch = async (url: string, init: { method: string; body?: string }) => {
    log.stripe.push({ url: String(url), body: String(init.body ?? '') });
    const path = new URL(String(url)).pathname;
    const answer =
      path === '/v1/payment_intents'
        ? (() => {
            intents++;
            return { id: `pi_link_${intents}`, object: 'payment_intent', client_secret: `pi_link_${intents}_secret_x`, status: 'requires_payment_method' };
          })()
        : path === '/v1/refunds'
          ? { id: 're_1', object: 'refund', status: 'succeeded' }
          : { id: path.split('/')[3], object: 'payment_intent', status: 'succeeded' };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json', 'request-id': 'req_1' } });
  };
  const onpayFetch = async (url: string) => {
    log.onpay.push(String(url));
    return { ok: true, status: 200, json: async () => ({ data: {} }) };
  };
  return { log, stripeFetch, onpayFetch };
});

vi.mock('@klubhus/integrations', async (importOriginal) => {
  const mod = await importOriginal<typeof import('@klubhus/integrations')>();
  const { default: StripeLib } = await import('stripe');
  return {
    ...mod,
    testProvider: (s: Parameters<typeof mod.testProvider>[0]) => {
      const p = mod.testProvider(s);
      return {
        ...p,
        capture: async (id: string, amount?: number) => void calls.log.test.push(`capture ${id} ${amount ?? 'all'}`),
        refund: async (id: string, amount?: number) => void calls.log.test.push(`refund ${id} ${amount ?? 'all'}`),
        cancel: async (id: string) => void calls.log.test.push(`cancel ${id}`),
      };
    },
    stripeProvider: (s: Parameters<typeof mod.stripeProvider>[0]) =>
      mod.stripeProvider({ ...s, httpClient: StripeLib.createFetchHttpClient(calls.stripeFetch as unknown as typeof fetch) }),
    onpayProvider: (s: Parameters<typeof mod.onpayProvider>[0]) => mod.onpayProvider({ ...s, fetch: calls.onpayFetch as never }),
  };
});

let t: TestApp;
let staff: OrdersCaller;
let ids: Awaited<ReturnType<typeof demoIds>>;
const BASE = 'http://localhost';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/35', cvc: '123' };
const DECLINED = { ...CARD, cardNumber: '4000 0000 0000 0002' };

beforeAll(async () => {
  t = await createTestApp();
  staff = await callerFor(t, DEMO_USERS.staff);
  ids = await demoIds(t);
}, 120_000);
afterAll(() => t.close());

/** A caller with no session: the contact who opened the mailed link. */
const visitor = () =>
  createCaller(
    createContext({ database: t.database, config: { baseUrl: BASE, secureCookies: false, dataDir: t.dataDir } }, null, {
      ip: '127.0.0.1',
      setSessionCookie() {},
      clearSessionCookie() {},
    }),
  );

const owner = () => t.database.owner;
const order = (id: number) => owner().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const paymentsOf = (id: number) => owner().selectFrom('payments').selectAll().where('purpose_type', '=', 'order').where('purpose_id', '=', id).orderBy('id').execute();
const mails = (kind: string, to?: string) => {
  let q = owner().selectFrom('outbox').selectAll().where('kind', '=', kind);
  if (to) q = q.where('to_address', '=', to);
  return q.orderBy('id').execute();
};
const auditOf = async (id: number) => (await owner().selectFrom('order_audit').select('action').where('order_id', '=', id).orderBy('id').execute()).map((a) => a.action);
const contactEmail = async (contactId: number) => (await owner().selectFrom('contacts').select('email').where('id', '=', contactId).executeTakeFirstOrThrow()).email as string;

/** Every row a payment link or a payment can touch, as text: equal before and after means nothing changed. */
async function moneySnapshot() {
  const out: Record<string, unknown> = {};
  for (const table of ['orders', 'order_audit', 'order_payment_links', 'payments', 'payment_events', 'outbox']) {
    out[table] = (await sql`SELECT * FROM ${sql.table(table)} AS r ORDER BY r::text`.execute(owner())).rows;
  }
  return JSON.stringify(out);
}

const refusedWith = (fn: () => Promise<unknown>, message: string) => refused(t, fn, message, moneySnapshot);

/** An approved order of the demo club with its first contact (who has an e-mail). */
async function approvedOrder(caller: OrdersCaller = staff, input = orderInput(ids)) {
  const { id } = await caller.orders.update(input);
  await caller.orders.approve({ id });
  return id;
}

/** Sends a link and reads its token out of the mail the contact got (the last payment-link mail). */
async function sendLink(id: number, capture: 'auto' | 'manual' = 'auto', caller: OrdersCaller = staff) {
  const r = await caller.orders.sendPaymentLink({ id, capture });
  const mail = (await mails('order-paymentlink', r.email)).at(-1);
  const m = mail?.text.match(/\/public\/orders\/pay\/(\S+)/);
  if (!m) throw new Error('no link in the mail');
  return { token: m[1], mail: mail!, email: r.email, message: r.message };
}

/** The contact pays on the test provider's page, as the browser does: Betal on the link's page, then the card on /pay/test. */
async function payOnTestPage(token: string, card = CARD) {
  const start = await visitor().orders.payStart({ token });
  if (start.kind !== 'redirect') throw new Error(`redirect expected, got ${start.kind}`);
  const pageToken = new URL(start.url).pathname.split('/pay/test/')[1];
  const decision = await visitor().payments.testDecide({ token: pageToken, decision: 'pay', card });
  return { start, pageToken, decision };
}

describe('send-paymentlink', () => {
  it('mails the contact a working link to the approved order; the page shows the order and can be paid', async () => {
    const id = await approvedOrder();
    const o = await order(id);
    const sent = await sendLink(id);
    expect(sent.message).toBe(ORDER_MSG.paymentLinkSent);
    expect(sent.email).toBe(await contactEmail(ids.contact));
    expect(sent.mail.subject).toBe(ORDER_PAY_MSG.mailSubject(o.order_number, 'Demo IF'));
    expect(sent.mail.html).toContain(`href="${BASE}/public/orders/pay/${sent.token}"`);
    // The token: the club, then 160 random bits; only its hash is stored.
    expect(sent.token).toMatch(new RegExp(`^${ids.clientId}-[a-z2-7]{32}$`));
    const links = await owner().selectFrom('order_payment_links').selectAll().where('order_id', '=', id).execute();
    expect(links).toHaveLength(1);
    expect(links[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(links)).not.toContain(sent.token.split('-')[1]);
    expect(await auditOf(id)).toContain('paymentlink');

    const page = await visitor().orders.payLink({ token: sent.token });
    expect(page).toMatchObject({ clubName: 'Demo IF', orderNumber: o.order_number, state: 'payable', paymentStatus: 'pending', provider: 'test', total: Number(o.total) / 100 });
    expect(page.lines.map((l) => l.title)).toEqual(['Klubtrøje – Medium', 'Sæsonkort']);
    expect(page.lines[1].options).toEqual(['Parkering']);
    // The staff screen lists the link.
    expect((await staff.orders.get({ id })).paymentLinks).toMatchObject([{ sentTo: sent.email, capture: 'auto' }]);
  });

  it('unknown, altered or another club’s tokens find nothing', async () => {
    const id = await approvedOrder();
    const { token } = await sendLink(id);
    const altered = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    for (const bad of [altered, `${await clubId(t.database, 'Nabo BK')}-${token.split('-')[1]}`]) {
      await expect(visitor().orders.payLink({ token: bad })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await refusedWith(() => visitor().orders.payStart({ token: bad }), MSG.notFound);
    }
    await expect(visitor().orders.payLink({ token: 'abc' })).rejects.toThrow(ORDER_PAY_MSG.unknown);
  });

  it('refuses in Danish with nothing changed: a draft, a contact without e-mail, no one to mail, nothing to pay', async () => {
    const { id: draft } = await staff.orders.update(orderInput(ids));
    await refusedWith(() => staff.orders.sendPaymentLink({ id: draft }), ORDER_MSG.paymentLinkOnlyApproved);

    const silent = await owner()
      .transaction()
      .execute(async (trx) => {
        await setScope(trx, ids.clientId, null);
        return trx.insertInto('contacts').values({ client_id: ids.clientId, firstname: 'Uden', lastname: 'Mail', email: '' }).returning('id').executeTakeFirstOrThrow();
      });
    const noMail = await approvedOrder(staff, orderInput(ids, { contactId: silent.id }));
    await refusedWith(() => staff.orders.sendPaymentLink({ id: noMail }), ORDER_MSG.contactNoEmail);

    const nobody = await approvedOrder(staff, orderInput(ids, { contactId: null, email: null }));
    await refusedWith(() => staff.orders.sendPaymentLink({ id: nobody }), ORDER_MSG.noRecipient);
    // With no contact, the order's own e-mail gets the link.
    const buyer = await approvedOrder(staff, orderInput(ids, { contactId: null, email: 'koeber@example.dk' }));
    expect((await staff.orders.sendPaymentLink({ id: buyer })).email).toBe('koeber@example.dk');

    const free = await approvedOrder(staff, orderInput(ids, { orderLines: [{ title: 'Gratis', price: '0', amount: 1 }] }));
    await refusedWith(() => staff.orders.sendPaymentLink({ id: free }), ORDER_MSG.nothingToPay);
  });
});

describe('the link paid on the test provider', () => {
  it('pays the order once: paymentStatus paid, one receipt, one audit row, whatever repeats', async () => {
    const id = await approvedOrder();
    const { token } = await sendLink(id);
    const { decision, pageToken } = await payOnTestPage(token);
    expect(decision).toMatchObject({ outcome: 'approved', message: PAYMENT_PAGE_MSG.approved, redirect: `${BASE}/public/orders/pay/${token}?betaling=ok` });
    const [payment] = await paymentsOf(id);
    expect(payment).toMatchObject({ status: 'paid', capture: 'auto', amount: Number((await order(id)).total), needs_attention: null });
    expect(await order(id)).toMatchObject({ payment_status: 'paid', payment_id: payment.id, status: 'approved' });
    const email = await contactEmail(ids.contact);
    const receipts = async () => (await mails('order-receipt', email)).length;
    const receiptCount = await receipts();
    expect(receiptCount).toBeGreaterThan(0);

    // The page's Betal pressed three more times, a callback with another id: nothing moves again.
    const before = await moneySnapshot();
    for (let i = 0; i < 3; i++) await visitor().payments.testDecide({ token: pageToken, decision: 'pay', card: CARD });
    expect(await moneySnapshot()).toBe(before);
    expect(await receipts()).toBe(receiptCount);
    expect((await auditOf(id)).filter((a) => a.startsWith('payment:'))).toEqual(['payment:paid']);

    expect(await visitor().orders.payLink({ token })).toMatchObject({ state: 'paid', paymentStatus: 'paid' });
    await refusedWith(() => visitor().orders.payStart({ token }), ORDER_MSG.alreadyPaid);
    await refusedWith(() => staff.orders.sendPaymentLink({ id }), ORDER_MSG.alreadyPaid);
    const o = await order(id);
    const listed = await staff.orders.list({ search: String(o.order_number) });
    expect(listed.rows.find((r) => r.id === id)?.payment).toBe('paid');
    expect((await staff.orders.get({ id })).payments).toMatchObject([{ id: payment.id, status: 'paid', provider: 'test' }]);
  });

  it('sends one receipt to the contact, with the club’s template when it has one', async () => {
    await owner()
      .updateTable('clients')
      .set({ settings: sql`settings || ${JSON.stringify({ orders: { confirmationEmailSubject: 'Kvittering {{orderNumber}}', confirmationEmailTemplate: '<p>Kære {{firstname}}, tak for {{total}}.</p>' } })}::jsonb` })
      .where('id', '=', ids.clientId)
      .execute();
    try {
      const id = await approvedOrder();
      const { token } = await sendLink(id);
      const number = (await order(id)).order_number;
      await payOnTestPage(token);
      const receipt = (await mails('order-receipt')).filter((m) => m.subject === `Kvittering ${number}`);
      expect(receipt).toHaveLength(1);
      const firstname = (await owner().selectFrom('contacts').select('firstname').where('id', '=', ids.contact).executeTakeFirstOrThrow()).firstname;
      expect(receipt[0].html).toBe(`<p>Kære ${firstname}, tak for ${formatDKK(Number((await order(id)).total))}.</p>`);
    } finally {
      await owner()
        .updateTable('clients')
        .set({ settings: sql`settings - 'orders'` })
        .where('id', '=', ids.clientId)
        .execute();
    }
  });

  it('a declined card leaves the order pending; the retry pays it', async () => {
    const id = await approvedOrder();
    const { token } = await sendLink(id);
    const declined = await payOnTestPage(token, DECLINED);
    expect(declined.decision).toMatchObject({ outcome: 'declined', redirect: `${BASE}/public/orders/pay/${token}?betaling=afvist` });
    expect(await order(id)).toMatchObject({ payment_status: 'pending', payment_id: null });
    expect(await visitor().orders.payLink({ token })).toMatchObject({ state: 'payable', lastAttempt: 'failed' });
    await payOnTestPage(token);
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['failed', 'paid']);
    expect(await order(id)).toMatchObject({ payment_status: 'paid', payment_id: (await paymentsOf(id))[1].id });
  });
});

describe('capture-payment', () => {
  it('captures only an authorized payment, once, through the provider', async () => {
    const id = await approvedOrder();
    const { token } = await sendLink(id, 'manual');
    await refusedWith(() => staff.orders.capturePayment({ id }), ORDER_MSG.nothingToCapture);
    await payOnTestPage(token);
    const [payment] = await paymentsOf(id);
    expect(payment).toMatchObject({ status: 'authorized', capture: 'manual' });
    expect(await order(id)).toMatchObject({ payment_status: 'authorized' });
    expect(await visitor().orders.payLink({ token })).toMatchObject({ state: 'authorized' });

    calls.log.test.length = 0;
    expect(await staff.orders.capturePayment({ id })).toEqual({ id, paymentStatus: 'paid', message: ORDER_MSG.paymentCaptured });
    expect(calls.log.test).toEqual([`capture ${payment.transaction_id} all`]);
    expect(await order(id)).toMatchObject({ payment_status: 'paid' });
    expect((await paymentsOf(id))[0]).toMatchObject({ status: 'paid', captured_amount: payment.amount });
    expect((await auditOf(id)).filter((a) => a.startsWith('payment:') || a === 'capture')).toEqual(['payment:authorized', 'payment:paid', 'capture']);
    await refusedWith(() => staff.orders.capturePayment({ id }), ORDER_MSG.nothingToCapture);
    expect(calls.log.test).toHaveLength(1);
  });
});

describe('the demo orders', () => {
  it('carry the payments behind their payment status: the authorized one can be captured', async () => {
    const demo = await owner().selectFrom('orders').selectAll().where('client_id', '=', ids.clientId).where('order_number', '<=', 9).orderBy('order_number').execute();
    for (const o of demo.filter((x) => ['authorized', 'paid', 'refunded'].includes(x.payment_status))) {
      expect(o.payment_id, `order ${o.order_number}`).not.toBeNull();
      expect((await paymentsOf(o.id)).map((p) => p.status)).toEqual([o.payment_status]);
    }
    const authorized = demo.find((x) => x.payment_status === 'authorized');
    expect(authorized).toBeTruthy();
    expect(await staff.orders.capturePayment({ id: authorized!.id })).toMatchObject({ paymentStatus: 'paid', message: ORDER_MSG.paymentCaptured });
  });
});

describe('cancelling an order with money in', () => {
  it('refunds a paid order once through the provider; the refund cannot be repeated', async () => {
    const id = await approvedOrder();
    const { token } = await sendLink(id);
    await payOnTestPage(token);
    const [payment] = await paymentsOf(id);
    calls.log.test.length = 0;
    expect(await staff.orders.cancel({ id })).toMatchObject({ status: 'cancelled', message: ORDER_MSG.cancelled });
    expect(calls.log.test).toEqual([`refund ${payment.transaction_id} ${payment.amount}`]);
    expect(await order(id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    expect((await paymentsOf(id))[0]).toMatchObject({ status: 'refunded', refunded_amount: payment.amount });
    await refusedWith(() => staff.orders.cancel({ id }), ORDER_MSG.cancelNotDraftOrCancelled);
    expect(calls.log.test).toHaveLength(1);
    expect(await visitor().orders.payLink({ token })).toMatchObject({ state: 'closed', paymentStatus: 'refunded' });
  });

  it('releases an authorization instead (no money ever moved)', async () => {
    const id = await approvedOrder();
    const { token } = await sendLink(id, 'manual');
    await payOnTestPage(token);
    const [payment] = await paymentsOf(id);
    calls.log.test.length = 0;
    await staff.orders.cancel({ id });
    expect(calls.log.test).toEqual([`cancel ${payment.transaction_id}`]);
    expect(await order(id)).toMatchObject({ status: 'cancelled', payment_status: 'cancelled' });
    expect((await paymentsOf(id))[0]).toMatchObject({ status: 'cancelled', refunded_amount: 0 });
  });

  it('a paid order reopened for editing cannot be deleted', async () => {
    const id = await approvedOrder();
    await payOnTestPage((await sendLink(id)).token);
    await staff.orders.edit({ id });
    await refusedWith(() => staff.orders.delete({ id }), ORDER_MSG.deletePaid);
  });
});

describe('the order as a payment purpose', () => {
  it('a second payment of the same order is flagged for a refund, never kept', async () => {
    const id = await approvedOrder();
    const { token } = await sendLink(id);
    // Two tabs: both start a payment before either pays.
    const a = await visitor().orders.payStart({ token });
    const b = await visitor().orders.payStart({ token });
    if (a.kind !== 'redirect' || b.kind !== 'redirect') throw new Error('redirect expected');
    const pay = (start: { url: string }) => visitor().payments.testDecide({ token: start.url.split('/pay/test/')[1], decision: 'pay', card: CARD });
    await pay(a);
    await pay(b);
    const [first, second] = await paymentsOf(id);
    expect(first).toMatchObject({ status: 'paid', needs_attention: null });
    expect(second).toMatchObject({ status: 'paid', needs_attention: PAYMENT_MSG.unfulfillable });
    expect(await order(id)).toMatchObject({ payment_status: 'paid', payment_id: first.id });
    expect((await auditOf(id)).filter((x) => x.startsWith('payment:'))).toEqual(['payment:paid']);
  });

  it('money for a cancelled, deleted or changed order is flagged, and the order left as it is', async () => {
    const cancelled = await approvedOrder();
    const c = await sendLink(cancelled);
    const started = await visitor().orders.payStart({ token: c.token });
    await staff.orders.cancel({ id: cancelled });
    if (started.kind !== 'redirect') throw new Error('redirect expected');
    await visitor().payments.testDecide({ token: started.url.split('/pay/test/')[1], decision: 'pay', card: CARD });
    expect((await paymentsOf(cancelled))[0]).toMatchObject({ status: 'paid', needs_attention: PAYMENT_MSG.unfulfillable });
    expect(await order(cancelled)).toMatchObject({ status: 'cancelled', payment_status: 'cancelled', payment_id: null });

    const deleted = await approvedOrder();
    const d = await visitor().orders.payStart({ token: (await sendLink(deleted)).token });
    await staff.orders.cancel({ id: deleted });
    await staff.orders.delete({ id: deleted });
    if (d.kind !== 'redirect') throw new Error('redirect expected');
    await visitor().payments.testDecide({ token: d.url.split('/pay/test/')[1], decision: 'pay', card: CARD });
    expect((await paymentsOf(deleted))[0]).toMatchObject({ status: 'paid', needs_attention: PAYMENT_MSG.unfulfillable });

    // Reopened and changed while the buyer paid the old total.
    const changed = await approvedOrder();
    const e = await visitor().orders.payStart({ token: (await sendLink(changed)).token });
    await staff.orders.edit({ id: changed });
    await staff.orders.update({ ...orderInput(ids), id: changed, orderLines: [{ title: 'Ny linje', price: '10', amount: 1 }] });
    if (e.kind !== 'redirect') throw new Error('redirect expected');
    await visitor().payments.testDecide({ token: e.url.split('/pay/test/')[1], decision: 'pay', card: CARD });
    expect((await paymentsOf(changed))[0]).toMatchObject({ status: 'paid', needs_attention: PAYMENT_MSG.unfulfillable });
    expect(await order(changed)).toMatchObject({ status: 'draft', payment_status: 'pending', payment_id: null });
  });
});

describe('REST: POST /api/orders/{id}/send-paymentlink and /capture-payment', () => {
  it('in SPEC envelopes, with the link paid over HTTP as the contact’s browser does; another club gets 404 with nothing changed', async () => {
    const cookie = await t.login(DEMO_USERS.staff);
    const post = (url: string, body: unknown = {}, c: string | null = cookie) => t.request('POST', url, { ...(c ? { cookie: c } : {}), body });
    const id = await approvedOrder();

    const sent = await post(`/api/orders/${id}/send-paymentlink`, { capture: 'manual' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, result: id, message: ORDER_MSG.paymentLinkSent, data: { email: await contactEmail(ids.contact) } });
    const token = ((await mails('order-paymentlink')).at(-1)?.text.match(/\/public\/orders\/pay\/(\S+)/) ?? [])[1];
    expect(token).toBeTruthy();

    // The contact's browser, with no session: the page, Betal, the test provider's page.
    const page = await t.app.inject({ method: 'GET', url: `/trpc/orders.payLink?input=${encodeURIComponent(JSON.stringify({ token }))}`, headers: ORIGIN_HEADERS });
    expect(page.statusCode).toBe(200);
    expect(page.json().result.data).toMatchObject({ state: 'payable' });
    const start = await post('/trpc/orders.payStart', { token }, null);
    const url = start.json().result.data.url as string;
    expect(url).toMatch(/^http:\/\/localhost:3000\/pay\/test\//);
    const paid = await post('/trpc/payments.testDecide', { token: url.split('/pay/test/')[1], decision: 'pay', card: CARD }, null);
    expect(paid.json().result.data).toMatchObject({ outcome: 'approved', redirect: `http://localhost:3000/public/orders/pay/${token}?betaling=ok` });
    expect((await t.request('GET', `/api/orders/${id}`, { cookie })).json().result).toMatchObject({ paymentStatus: 'authorized', payments: [{ status: 'authorized' }] });

    const nabo = await createSession(t.database.db, (await owner().selectFrom('users').select('id').where('email', '=', DEMO_USERS.admin).executeTakeFirstOrThrow()).id, {
      remember: false,
      clientId: await clubId(t.database, 'Nabo BK'),
    });
    const foreign = `klubhus_session=${nabo.token}`;
    const before = await moneySnapshot();
    for (const path of ['send-paymentlink', 'capture-payment']) {
      const r = await post(`/api/orders/${id}/${path}`, {}, foreign);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ success: false, error: MSG.notFound });
    }
    expect(await moneySnapshot()).toBe(before);

    const captured = await post(`/api/orders/${id}/capture-payment`);
    expect(captured.json()).toEqual({ success: true, result: id, paymentStatus: 'paid', message: ORDER_MSG.paymentCaptured });
    const again = await post(`/api/orders/${id}/capture-payment`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: ORDER_MSG.nothingToCapture });
    const draft = (await post('/api/orders/update', orderInput(ids))).json().result as number;
    const notApproved = await post(`/api/orders/${draft}/send-paymentlink`);
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json()).toEqual({ success: false, error: ORDER_MSG.paymentLinkOnlyApproved });
  });
});

/** A club paying with Stripe or OnPay: its keys in settings and the orders module's feature on. */
async function useProvider(clientId: number, provider: 'stripe' | 'onpay', settings: Record<string, string>) {
  await owner()
    .updateTable('clients')
    .set({ settings: sql`settings || ${JSON.stringify({ [provider]: settings })}::jsonb` })
    .where('id', '=', clientId)
    .execute();
  const mod = await owner().selectFrom('modules').select('id').where('alias', '=', 'orders').executeTakeFirstOrThrow();
  const row = await owner().selectFrom('client_modules').select('features').where('client_id', '=', clientId).where('module_id', '=', mod.id).executeTakeFirstOrThrow();
  const features = (row.features as { alias: string; active: boolean }[]).map((f) => ({ ...f, active: f.alias === provider }));
  await owner().updateTable('client_modules').set({ features: json(features) }).where('client_id', '=', clientId).where('module_id', '=', mod.id).execute();
}

describe('other providers, on recorded answers (no network)', () => {
  let nabo: number;
  let admin: OrdersCaller;
  let contact: number;
  beforeAll(async () => {
    nabo = await clubId(t.database, 'Nabo BK');
    admin = await callerFor(t, DEMO_USERS.admin, 'Nabo BK');
    contact = await owner()
      .transaction()
      .execute(async (trx) => {
        await setScope(trx, nabo, null);
        return (await trx.insertInto('contacts').values({ client_id: nabo, firstname: 'Nina', lastname: 'Nabo', email: 'nina@nabobk.dk' }).returning('id').executeTakeFirstOrThrow()).id;
      });
  });
  const naboOrder = () => approvedOrder(admin, { contactId: contact, orderLines: [{ title: 'Sponsorpakke', price: '1.000', amount: 2 }] });

  it('Stripe: Elements gets the client secret and the publishable key; the signed webhook pays once; cancelling refunds through Stripe once', async () => {
    const secret = 'whsec_nabo';
    await useProvider(nabo, 'stripe', { secretKey: 'sk_test_nabo', publishableKey: 'pk_test_nabo', webhookSecret: secret });
    const id = await naboOrder();
    const { token } = await sendLink(id, 'auto', admin);
    expect(await visitor().orders.payLink({ token })).toMatchObject({ provider: 'stripe', state: 'payable' });
    calls.log.stripe.length = 0;
    const start = await visitor().orders.payStart({ token });
    expect(start).toMatchObject({ kind: 'client-secret', clientSecret: expect.stringMatching(/^pi_link_\d+_secret_x$/), publishableKey: 'pk_test_nabo', returnUrl: `${BASE}/public/orders/pay/${token}?betaling=ok` });
    const total = Number((await order(id)).total);
    const [created] = calls.log.stripe;
    expect(created.url).toBe('https://api.stripe.com/v1/payment_intents');
    const [payment] = await paymentsOf(id);
    expect(Object.fromEntries(new URLSearchParams(created.body))).toMatchObject({ amount: String(total), currency: 'dkk', capture_method: 'automatic', 'metadata[reference]': payment.reference });

    const body = JSON.stringify({
      id: 'evt_nabo_paid',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: payment.transaction_id, object: 'payment_intent', amount: total, amount_received: total, currency: 'dkk', metadata: { reference: payment.reference } } },
    });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/webhooks/stripe?club=${nabo}`,
        payload: body,
        headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) },
      });
    expect((await send()).json()).toEqual({ received: true, outcome: 'applied' });
    for (let i = 0; i < 5; i++) expect((await send()).json().outcome).toBe('duplicate');
    expect(await order(id)).toMatchObject({ payment_status: 'paid', payment_id: payment.id });
    expect(await mails('order-receipt', 'nina@nabobk.dk')).toHaveLength(1);

    calls.log.stripe.length = 0;
    await admin.orders.cancel({ id });
    expect(calls.log.stripe.map((c) => [c.url, new URLSearchParams(c.body).get('payment_intent')])).toEqual([['https://api.stripe.com/v1/refunds', payment.transaction_id]]);
    expect(await order(id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
  });

  it('OnPay: the signed accept parameters on the return authorize the order once (the callback after changes nothing); capture through OnPay’s API', async () => {
    const windowSecret = 'onpay-nabo';
    await useProvider(nabo, 'onpay', { gatewayId: '1234567', windowSecret, apiToken: 'tok', website: 'https://nabobk.dk' });
    const id = await naboOrder();
    const { token } = await sendLink(id, 'manual', admin);
    const start = await visitor().orders.payStart({ token });
    if (start.kind !== 'form') throw new Error('form expected');
    expect(start.action).toBe(ONPAY_WINDOW_URL);
    expect(start.fields.onpay_hmac_sha1).toBe(onpayHmac(start.fields, windowSecret));
    expect(start.fields.onpay_accepturl).toBe(`${BASE}/public/orders/pay/${token}?betaling=ok`);

    const accept: Record<string, string> = {
      onpay_uuid: '11111111-2222-3333-4444-555555555555',
      onpay_number: '1000123',
      onpay_reference: start.fields.onpay_reference,
      onpay_amount: start.fields.onpay_amount,
      onpay_currency: '208',
      onpay_method: 'card',
      onpay_cardtype: 'visa',
      onpay_cardmask: '457199XXXXXX0001',
      onpay_errorcode: '0',
    };
    const signed = { ...accept, onpay_hmac_sha1: onpayHmac(accept, windowSecret) };
    // A forged return (the amount altered) is ignored; the page still offers Betal.
    expect(await visitor().orders.payReturn({ token, query: { ...signed, onpay_amount: '1' } })).toMatchObject({ state: 'payable' });
    expect(await visitor().orders.payReturn({ token, query: signed })).toMatchObject({ state: 'authorized', paymentStatus: 'authorized' });
    const callback = await t.app.inject({ method: 'GET', url: `/api/webhooks/onpay?club=${nabo}&${new URLSearchParams(signed)}` });
    expect(callback.json().outcome).toBe('duplicate');
    expect(await order(id)).toMatchObject({ payment_status: 'authorized' });

    calls.log.onpay.length = 0;
    expect((await admin.orders.capturePayment({ id })).paymentStatus).toBe('paid');
    expect(calls.log.onpay).toEqual([`https://api.onpay.io/v1/transaction/${accept.onpay_uuid}/capture`]);
  });
});
