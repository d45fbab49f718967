import { DEMO_USERS, setScope } from '@klubhus/db';
import { barrier } from '@klubhus/db/testing';
import { ORDER_MSG } from '@klubhus/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { danishMessage } from '../catalogue/helpers';
import { clubId, createTestApp, type TestApp } from '../helpers';
import { callerFor, type OrdersCaller } from './helpers';

/**
 * Order numbers and status changes when many calls come at once. Concurrency claims need a server
 * (the embedded database runs one transaction at a time): npm test runs this file on PostgreSQL
 * whenever one answers. The control takes numbers the naive way, without the counter row's lock,
 * and must produce duplicates, so the first test can fail.
 */
let t: TestApp;
let call: OrdersCaller;
let demo: number;

beforeAll(async () => {
  t = await createTestApp();
  call = await callerFor(t, DEMO_USERS.admin);
  demo = await clubId(t.database, 'Demo IF');
}, 120_000);
afterAll(() => t.close());

const lastNumber = async () =>
  Number(
    (await t.database.owner.selectFrom('orders').select((eb) => eb.fn.max('order_number').as('n')).where('client_id', '=', demo).executeTakeFirstOrThrow()).n ?? 0,
  );

describe.runIf(process.env.DATABASE_URL)('orders under concurrent calls (PostgreSQL)', () => {
  it('120 concurrent creations in one club get unique numbers without gaps', async () => {
    const before = await lastNumber();
    const n = 120;
    const results = await Promise.allSettled(
      Array.from({ length: n }, (_, i) =>
        call.orders.update({ firstname: 'Samtidig', lastname: String(i), orderLines: [{ title: 'Halstørklæde', price: '149', amount: '1' }] }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const ids = results.map((r) => (r as PromiseFulfilledResult<{ id: number }>).value.id);
    const rows = await t.database.owner.selectFrom('orders').select('order_number').where('id', 'in', ids).execute();
    const numbers = rows.map((r) => r.order_number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: n }, (_, i) => before + 1 + i));
    const counter = await t.database.owner.selectFrom('order_counters').select('last_number').where('client_id', '=', demo).executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(before + n);
  }, 120_000);

  it('two staff approving (or approving and deleting) the same draft at once: one wins, the other is refused', async () => {
    for (const [a, b] of [
      ['approve', 'approve'],
      ['approve', 'delete'],
    ] as const) {
      const { id } = await call.orders.update({ firstname: 'Dobbelt' });
      const other = await callerFor(t, DEMO_USERS.admin);
      const outcomes = await Promise.allSettled([call.orders[a]({ id }), other.orders[b]({ id })]);
      const ok = outcomes.filter((o) => o.status === 'fulfilled');
      const refusedCalls = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
      expect(ok.length).toBe(1);
      // The loser saw the winner's result under the row lock: no longer a draft, or gone.
      const winner = outcomes.findIndex((o) => o.status === 'fulfilled');
      const loserAction = winner === 0 ? b : a;
      const winnerAction = winner === 0 ? a : b;
      const expected = winnerAction === 'delete' ? 'Elementet blev ikke fundet.' : loserAction === 'delete' ? ORDER_MSG.deleteOnlyDraftOrCancelled : ORDER_MSG.approveOnlyDraft;
      expect(refusedCalls.map((r) => danishMessage(r.reason))).toEqual([expected]);
      const transitions = await t.database.owner.selectFrom('order_audit').select('action').where('order_id', '=', id).where('action', '!=', 'create').execute();
      expect(transitions.length).toBe(1);
    }
  }, 60_000);

  it('control: taking the number without the counter lock gives duplicates (so the test above can fail)', async () => {
    const n = 4; // within the test pool (5 connections)
    const everyoneHasRead = barrier(n, 5_000);
    const numbers = await Promise.all(
      Array.from({ length: n }, () =>
        t.database.db.transaction().execute(async (trx) => {
          await setScope(trx, demo, null);
          const r = await sql<{ last_number: number }>`SELECT last_number FROM order_counters WHERE client_id = ${demo}`.execute(trx);
          const next = Number(r.rows[0].last_number) + 1;
          await everyoneHasRead();
          await sql`UPDATE order_counters SET last_number = ${next} WHERE client_id = ${demo}`.execute(trx);
          return next;
        }),
      ),
    );
    expect(new Set(numbers).size).toBeLessThan(numbers.length);
  }, 60_000);
});
