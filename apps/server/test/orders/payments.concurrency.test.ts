import { DEMO_USERS, withClub } from '@klubhus/db';
import { barrier, untilLockWaiters } from '@klubhus/db/testing';
import { testProvider } from '@klubhus/integrations';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProviderSecret } from '../../../../packages/api/src/payments/providers';
import { orderLockOrder } from '../../../../packages/api/src/orders/payments';
import { PAYMENT_MSG } from '../../../../packages/api/src/payments/service';
import { clubId, createTestApp, type TestApp } from '../helpers';
import { callerFor, demoIds, orderInput } from './helpers';

/**
 * A contact's payment lands while staff cancel the same order (PostgreSQL: the embedded database
 * runs one transaction at a time). The notification locks the payment and then the order; the
 * cancellation locks them in the same order (lockOrderPayment), so the two never wait on each other
 * in a circle: both answer, and the money ends one of two ways — refunded once (paid first), or
 * flagged for a refund (cancelled first) — never kept by a cancelled order.
 *
 * The first two runs race freely and rarely hit the window; the third forces it open (a third
 * transaction holds the order until both calls wait) and its control — the same with the pre-lock
 * switched off — deadlocks, so the pre-lock is what keeps the first answer.
 */
let t: TestApp;
let demo: number;

beforeAll(async () => {
  t = await createTestApp();
  demo = await clubId(t.database, 'Demo IF');
}, 120_000);
afterAll(() => t.close());

describe.runIf(process.env.DATABASE_URL)('a payment and a cancellation of the same order at once (PostgreSQL)', () => {
  it('ten orders: both calls answer, and each order ends refunded once or with its payment flagged', async () => {
    const staff = await callerFor(t, DEMO_USERS.staff);
    const ids = await demoIds(t);
    const provider = testProvider({ baseUrl: 'http://localhost:3000', secret: await testProviderSecret(t.database.owner) });
    const orders: { id: number; notify: () => Promise<{ statusCode: number; json(): { outcome: string } }> }[] = [];
    for (let i = 0; i < 10; i++) {
      const { id } = await staff.orders.update(orderInput(ids));
      await staff.orders.approve({ id });
      const total = Number((await t.database.owner.selectFrom('orders').select('total').where('id', '=', id).executeTakeFirstOrThrow()).total);
      // A payment the contact started from the link (its row pending), about to be paid.
      const p = await withClub(t.database.db, { clientId: demo }, (trx) =>
        trx
          .insertInto('payments')
          .values({ client_id: demo, reference: `k${demo}-o${id}-race`, provider: 'test', transaction_id: `test_race_${id}`, purpose_type: 'order', purpose_id: id, amount: total, capture: 'auto' })
          .returning(['reference', 'transaction_id'])
          .executeTakeFirstOrThrow(),
      );
      const { body, signature } = provider.signCallback({ eventId: `race-${id}`, reference: p.reference, transactionId: p.transaction_id as string, status: 'paid', amount: total, currency: 'DKK' });
      orders.push({
        id,
        notify: () => t.app.inject({ method: 'POST', url: `/api/webhooks/test?club=${demo}`, payload: body, headers: { 'content-type': 'application/json', 'klubhus-signature': signature } }),
      });
    }
    const results = await Promise.all(
      orders.map(async (o) => {
        const [paid, cancelled] = await Promise.allSettled([o.notify(), staff.orders.cancel({ id: o.id })]);
        return { id: o.id, paid, cancelled };
      }),
    );
    for (const r of results) {
      expect(r.paid.status, `order ${r.id}: the notification answered`).toBe('fulfilled');
      expect(r.cancelled.status, `order ${r.id}: the cancellation answered (no deadlock)`).toBe('fulfilled');
      const o = await t.database.owner.selectFrom('orders').select(['status', 'payment_status', 'payment_id']).where('id', '=', r.id).executeTakeFirstOrThrow();
      const p = await t.database.owner.selectFrom('payments').selectAll().where('purpose_type', '=', 'order').where('purpose_id', '=', r.id).executeTakeFirstOrThrow();
      expect(o.status).toBe('cancelled');
      if (o.payment_id) {
        // Paid first: the cancellation refunded it, once.
        expect(o.payment_status).toBe('refunded');
        expect(p).toMatchObject({ status: 'refunded', refunded_amount: p.amount, needs_attention: null });
      } else {
        // Cancelled first: the money is flagged for a refund, the order untouched by it.
        expect(o.payment_status).toBe('cancelled');
        expect(p).toMatchObject({ status: 'paid', needs_attention: PAYMENT_MSG.unfulfillable });
      }
    }
  });

  it('ten paid orders: a refund notification from the provider and a cancellation at once both answer; each payment is refunded once', async () => {
    const staff = await callerFor(t, DEMO_USERS.staff);
    const ids = await demoIds(t);
    const provider = testProvider({ baseUrl: 'http://localhost:3000', secret: await testProviderSecret(t.database.owner) });
    const paid: { id: number; refund: () => Promise<{ statusCode: number }> }[] = [];
    for (let i = 0; i < 10; i++) {
      const { id } = await staff.orders.update(orderInput(ids));
      await staff.orders.approve({ id });
      const total = Number((await t.database.owner.selectFrom('orders').select('total').where('id', '=', id).executeTakeFirstOrThrow()).total);
      const reference = `k${demo}-o${id}-paid`;
      await withClub(t.database.db, { clientId: demo }, (trx) =>
        trx.insertInto('payments').values({ client_id: demo, reference, provider: 'test', transaction_id: `test_paid_${id}`, purpose_type: 'order', purpose_id: id, amount: total, capture: 'auto' }).execute(),
      );
      const signed = (status: 'paid' | 'refunded') =>
        provider.signCallback({ eventId: `${status}-${id}`, reference, transactionId: `test_paid_${id}`, status, amount: total, currency: 'DKK' });
      const send = ({ body, signature }: { body: string; signature: string }) =>
        t.app.inject({ method: 'POST', url: `/api/webhooks/test?club=${demo}`, payload: body, headers: { 'content-type': 'application/json', 'klubhus-signature': signature } });
      expect((await send(signed('paid'))).json().outcome).toBe('applied');
      paid.push({ id, refund: () => send(signed('refunded')) });
    }
    const results = await Promise.all(paid.map(async (o) => ({ id: o.id, both: await Promise.allSettled([o.refund(), staff.orders.cancel({ id: o.id })]) })));
    for (const r of results) {
      expect(r.both.map((x) => x.status), `order ${r.id}: both answered (no deadlock)`).toEqual(['fulfilled', 'fulfilled']);
      expect((r.both[0] as PromiseFulfilledResult<{ statusCode: number }>).value.statusCode).toBe(200);
      const o = await t.database.owner.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', r.id).executeTakeFirstOrThrow();
      const p = await t.database.owner.selectFrom('payments').selectAll().where('purpose_type', '=', 'order').where('purpose_id', '=', r.id).executeTakeFirstOrThrow();
      expect(o).toEqual({ status: 'cancelled', payment_status: 'refunded' });
      expect(p).toMatchObject({ status: 'refunded', refunded_amount: p.amount });
    }
  });

  /**
   * The window forced open: a third transaction holds the order's row while the cancellation and
   * then the refund notification queue up behind it, and lets go once both wait. With the payment
   * locked first the cancellation holds the payment before it waits, so the notification waits for
   * it and both answer; without it (the control) the cancellation takes the order and then waits for
   * the payment the notification holds while the notification waits for the order: a deadlock.
   */
  async function cancelBehindHeldOrder() {
    const staff = await callerFor(t, DEMO_USERS.staff);
    const { id } = await staff.orders.update(orderInput(await demoIds(t)));
    await staff.orders.approve({ id });
    const total = Number((await t.database.owner.selectFrom('orders').select('total').where('id', '=', id).executeTakeFirstOrThrow()).total);
    const provider = testProvider({ baseUrl: 'http://localhost:3000', secret: await testProviderSecret(t.database.owner) });
    const reference = `k${demo}-o${id}-held`;
    await withClub(t.database.db, { clientId: demo }, (trx) =>
      trx.insertInto('payments').values({ client_id: demo, reference, provider: 'test', transaction_id: `test_held_${id}`, purpose_type: 'order', purpose_id: id, amount: total, capture: 'auto' }).execute(),
    );
    const send = (status: 'paid' | 'refunded') => {
      const { body, signature } = provider.signCallback({ eventId: `held-${status}-${id}`, reference, transactionId: `test_held_${id}`, status, amount: total, currency: 'DKK' });
      return t.app.inject({ method: 'POST', url: `/api/webhooks/test?club=${demo}`, payload: body, headers: { 'content-type': 'application/json', 'klubhus-signature': signature } });
    };
    expect((await send('paid')).json().outcome).toBe('applied');
    const waiting = (n: number) => untilLockWaiters(t.database.owner, n);
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const holder = withClub(t.database.db, { clientId: demo }, async (trx) => {
      await sql`SELECT id FROM orders WHERE client_id = ${demo} AND id = ${id} FOR UPDATE`.execute(trx);
      held();
      await released;
    });
    await holding;
    const cancelled = staff.orders.cancel({ id });
    await waiting(1);
    const refunded = send('refunded');
    await waiting(2);
    letGo();
    await holder;
    const [c, r] = await Promise.allSettled([cancelled, refunded]);
    return { id, cancelled: c, refunded: r };
  }

  it('with the order held by a third transaction, a cancellation queued first and a refund notification second both answer; refunded once', async () => {
    const { id, cancelled, refunded } = await cancelBehindHeldOrder();
    expect(cancelled.status).toBe('fulfilled');
    expect(refunded.status).toBe('fulfilled');
    expect((refunded as PromiseFulfilledResult<{ statusCode: number }>).value.statusCode).toBe(200);
    const o = await t.database.owner.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', id).executeTakeFirstOrThrow();
    const p = await t.database.owner.selectFrom('payments').selectAll().where('purpose_type', '=', 'order').where('purpose_id', '=', id).executeTakeFirstOrThrow();
    expect(o).toEqual({ status: 'cancelled', payment_status: 'refunded' });
    expect(p).toMatchObject({ status: 'refunded', refunded_amount: p.amount });
  });

  it('control: the same with the cancellation not locking the payment first deadlocks', async () => {
    orderLockOrder.paymentFirst = false;
    try {
      const { cancelled, refunded } = await cancelBehindHeldOrder();
      const failedStatus = refunded.status === 'fulfilled' ? (refunded.value as { statusCode: number }).statusCode : 0;
      const deadlocked = (cancelled.status === 'rejected' && /deadlock/i.test(String(cancelled.reason))) || failedStatus >= 500;
      expect(deadlocked, `cancel: ${cancelled.status}${cancelled.status === 'rejected' ? ` ${String(cancelled.reason)}` : ''}; notification: ${failedStatus}`).toBe(true);
    } finally {
      orderLockOrder.paymentFirst = true;
    }
  });

  it('control: locking the order before its payment, against a notification locking the payment first, deadlocks', async () => {
    const staff = await callerFor(t, DEMO_USERS.staff);
    const { id } = await staff.orders.update(orderInput(await demoIds(t)));
    const p = await withClub(t.database.db, { clientId: demo }, (trx) =>
      trx
        .insertInto('payments')
        .values({ client_id: demo, reference: `k${demo}-o${id}-control`, provider: 'test', purpose_type: 'order', purpose_id: id, amount: 100, capture: 'auto' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const bothHoldOne = barrier(2, 5000);
    const lock = (table: 'orders' | 'payments', rowId: number) => (trx: Parameters<Parameters<typeof withClub>[2]>[0]) =>
      sql`SELECT id FROM ${sql.table(table)} WHERE client_id = ${demo} AND id = ${rowId} FOR UPDATE`.execute(trx);
    const outcomes = await Promise.allSettled([
      withClub(t.database.db, { clientId: demo }, async (trx) => {
        await lock('payments', p.id)(trx);
        await bothHoldOne();
        await lock('orders', id)(trx);
      }),
      withClub(t.database.db, { clientId: demo }, async (trx) => {
        await lock('orders', id)(trx);
        await bothHoldOne();
        await lock('payments', p.id)(trx);
      }),
    ]);
    const failed = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(failed).toHaveLength(1);
    expect(String(failed[0].reason)).toMatch(/deadlock/);
  });
});
