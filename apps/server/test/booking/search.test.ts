import { type Tx, withClub } from '@klubhus/db';
import { untilLockWaiters } from '@klubhus/db/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { flushOrderSearchAllClubs, orderSearchFlush } from '../../../../packages/api/src/orders/searchFlush';
import { bookingFixtures, useTestApp } from '../support/app';
import { guest, openEvent, payOnTestPage } from './helpers';

/**
 * A booking's order in the staff order list's search (migration 0023): its search rows are written
 * after the booking's commit, out of the event's lock, yet the order is found as soon as the booking
 * has answered — paid (the rows follow the COMMIT in the same write) and free (flushed after the
 * commit) — and a paid booking's payment row is written with the booking. An order a crash left
 * without its rows is written by the job runner's sweep, as it is then; the flush never writes into
 * another club; a change of the order while it is flushed is never lost.
 */
const app = useTestApp(bookingFixtures('Søgetest'));
const owner = () => app.t.database.owner;
/** Orders without search rows. */
const missing = async () =>
  Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_search s WHERE s.client_id = o.client_id AND s.order_id = o.id)`.execute(owner())).rows[0].n,
  );
const searchIds = async (search: string) => (await app.staff.orders.list({ search, perPage: 100 })).rows.map((r) => r.id);

/** An order inserted as a booking's transaction inserts it (its search rows deferred), with no flush after: what a crash leaves. */
async function deferredOrder(clientId: number, lastname: string) {
  return withClub(app.t.database.db, { clientId }, async (trx) => {
    await sql`SELECT set_config('app.order_search', 'deferred', true)`.execute(trx);
    const number = await sql<{ n: number }>`INSERT INTO order_counters AS c (client_id, last_number) VALUES (${clientId}, 1)
      ON CONFLICT (client_id) DO UPDATE SET last_number = c.last_number + 1 RETURNING last_number AS n`.execute(trx);
    return (await trx.insertInto('orders').values({ client_id: clientId, order_number: Number(number.rows[0].n), status: 'draft', firstname: 'Kurt', lastname, email: 'kurt@example.dk' }).returning('id').executeTakeFirstOrThrow()).id;
  });
}

describe('a booking’s order in the order search', () => {
  it('a paid booking is found by the staff search as soon as it answers; its payment row was written with it', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Søgbar kamp', [{ productId: app.single, title: 'Ståplads', price: '120', public: true }]);
    const r = await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }], { lastname: 'Søgbarsen', email: 'sogbar@example.dk' }));
    expect(r).toMatchObject({ status: 'draft', total: 120 });
    expect(await searchIds('søgbarsen')).toEqual([r.orderId]);
    expect(await searchIds('SOGBAR@EXAMPLE')).toEqual([r.orderId]);
    expect(await missing()).toBe(0);
    const booking = await owner().selectFrom('event_bookings').select('id').where('order_id', '=', r.orderId).executeTakeFirstOrThrow();
    const payments = await owner().selectFrom('payments').select(['reference', 'status', 'amount', 'purpose_type']).where('purpose_id', '=', booking.id).where('purpose_type', '=', 'booking').execute();
    expect(payments).toEqual([{ reference: `k${app.demo}-b${booking.id}-1`, status: 'pending', amount: 12000, purpose_type: 'booking' }]);
    // The payment started from that row is paid as before.
    await payOnTestPage(app.v, r.payment);
    expect((await owner().selectFrom('orders').select('status').where('id', '=', r.orderId).executeTakeFirstOrThrow()).status).toBe('approved');
  });

  it('a free booking is found as soon as it answers', async () => {
    const eventId = await openEvent(app.staff, app.typeId, 'Gratis søgbar', [{ productId: app.single, title: 'Fribillet', price: '0', public: true }]);
    const r = await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 2 }], { lastname: 'Fribilletsen' }));
    expect(r).toMatchObject({ status: 'approved' });
    expect(await searchIds('fribilletsen')).toEqual([r.orderId]);
    expect(await missing()).toBe(0);
  });

  it('an order a crash left without search rows is written by the sweep as it is then (renamed meanwhile); a deleted one needs nothing', async () => {
    const id = await deferredOrder(app.demo, 'Køsen');
    const gone = await deferredOrder(app.demo, 'Slettesen');
    expect(await missing()).toBe(2);
    expect(await searchIds('køsen')).toEqual([]);
    // A change before the flush updates no search row; the sweep reads the order as changed.
    await owner().updateTable('orders').set({ lastname: 'Omdøbtsen' }).where('id', '=', id).execute();
    await owner().deleteFrom('orders').where('id', '=', gone).execute();
    expect(await missing()).toBe(1);
    expect(await flushOrderSearchAllClubs(app.t.database.db)).toBe(1);
    expect(await missing()).toBe(0);
    expect(await searchIds('omdøbtsen')).toEqual([id]);
    expect(await searchIds('køsen')).toEqual([]);
    // Flushed orders follow later changes through the triggers as before.
    await owner().updateTable('orders').set({ lastname: 'Sidstesen' }).where('id', '=', id).execute();
    expect(await searchIds('sidstesen')).toEqual([id]);
  });

  it('the flush writes only its own club’s rows and refuses a transaction scoped to another club', async () => {
    const nabo = (await owner().selectFrom('clients').select('id').where('name', '=', 'Nabo BK').executeTakeFirstOrThrow()).id;
    const theirs = await deferredOrder(nabo, 'Naboköen');
    // Scoped to Demo IF: Nabo BK's orders are neither read nor written.
    await expect(withClub(app.t.database.db, { clientId: app.demo }, (trx) => sql`SELECT order_search_flush(${nabo}::int, NULL)`.execute(trx))).rejects.toThrow(/another club/);
    const flushed = await withClub(app.t.database.db, { clientId: app.demo }, (trx) => sql<{ n: number }>`SELECT order_search_flush(${app.demo}::int, ARRAY[${theirs}]::int[]) AS n`.execute(trx));
    expect(flushed.rows[0].n).toBe(0);
    expect(await missing()).toBe(1);
    await flushOrderSearchAllClubs(app.t.database.db);
    expect(await owner().selectFrom('order_search').select('client_id').where('order_id', '=', theirs).execute()).toEqual([{ client_id: nabo }]);
  });
});

/** Runs `work` in a transaction (the owner's, or `open`'s) and keeps it open, its locks held, until `commit` is called. */
async function heldOpen(work: (trx: Tx) => Promise<unknown>, open: (fn: (trx: Tx) => Promise<void>) => Promise<void> = (fn) => owner().transaction().execute(fn)) {
  let commit!: () => void;
  const held = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let done!: () => void;
  const worked = new Promise<void>((resolve) => {
    done = resolve;
  });
  const committed = open(async (trx) => {
    await work(trx);
    done();
    await held;
  });
  await worked;
  return {
    commit: () => {
      commit();
      return committed;
    },
  };
}

describe.runIf(process.env.DATABASE_URL)('an order changed while it is flushed (PostgreSQL)', () => {
  it('a change first: the flush waits for it and reads the order as changed', async () => {
    const id = await deferredOrder(app.demo, 'Førstesen');
    const change = await heldOpen((trx) => trx.updateTable('orders').set({ lastname: 'Ændretsen' }).where('id', '=', id).execute());
    const flush = withClub(app.t.database.db, { clientId: app.demo }, (trx) => orderSearchFlush(app.demo, [id]).execute(trx));
    await untilLockWaiters(owner(), 1).finally(change.commit);
    expect((await flush).rows[0].flushed).toBe(1);
    expect(await searchIds('ændretsen')).toEqual([id]);
    expect(await searchIds('førstesen')).toEqual([]);
  });

  it('a change while a flush that read the order before it is not yet committed: the change waits and updates the row the flush wrote', async () => {
    const id = await deferredOrder(app.demo, 'Læstsen');
    const flush = await heldOpen(
      (trx) => orderSearchFlush(app.demo, [id]).execute(trx),
      (fn) => withClub(app.t.database.db, { clientId: app.demo }, fn),
    );
    const change = owner().updateTable('orders').set({ lastname: 'Senerensen' }).where('id', '=', id).execute();
    await untilLockWaiters(owner(), 1).finally(flush.commit);
    await change;
    expect(await searchIds('senerensen')).toEqual([id]);
    expect(await searchIds('læstsen')).toEqual([]);
  });
});

describe.runIf(process.env.DATABASE_URL)('a company renamed while one of its orders is written (migration 0026: the names are read FOR SHARE; PostgreSQL)', () => {
  const company = async (name: string) => (await app.staff.companies.update({ name, status: 1, phone: '12345678' })).id;

  it('an order saved by staff during the rename waits for it and is found by the new name only', async () => {
    const companyId = await company('Gammelnavn Tømrer ApS');
    const rename = await heldOpen((trx) => trx.updateTable('companies').set({ name: 'Nynavn Tømrer ApS' }).where('id', '=', companyId).execute());
    const saved = app.staff.orders.update({ orderLines: [{ title: 'Sponsorat', price: '1.000', amount: 1 }], firstname: 'Rita', lastname: 'Omdøbsen', email: 'rita@example.dk', companyId });
    // Without the lock the order is saved at once with the old name, and the rename never sees it.
    await untilLockWaiters(owner(), 1, 5_000).finally(rename.commit);
    const { id } = await saved;
    expect(await searchIds('nynavn tømrer')).toEqual([id]);
    expect(await searchIds('gammelnavn')).toEqual([]);
  });

  it('a booking’s order flushed during the rename: the flush waits for it and writes the new name', async () => {
    const companyId = await company('Førnavn VVS ApS');
    const id = await deferredOrder(app.demo, 'Flushsen');
    await owner().updateTable('orders').set({ company_id: companyId }).where('id', '=', id).execute();
    await owner().deleteFrom('order_search').where('order_id', '=', id).execute();
    const rename = await heldOpen((trx) => trx.updateTable('companies').set({ name: 'Efternavn VVS ApS' }).where('id', '=', companyId).execute());
    const flush = withClub(app.t.database.db, { clientId: app.demo }, (trx) => orderSearchFlush(app.demo, [id]).execute(trx));
    await untilLockWaiters(owner(), 1, 5_000).finally(rename.commit);
    expect((await flush).rows[0].flushed).toBe(1);
    expect(await searchIds('efternavn vvs')).toEqual([id]);
    expect(await searchIds('førnavn')).toEqual([]);
  });
});

describe('a paid booking with OnPay (its start is local: the row is written with the booking)', () => {
  it('the payment row is the booking’s first attempt and the OnPay form is signed with its reference', async () => {
    const windowSecret = 'onpay-demo';
    const settings = { gatewayId: '7654321', windowSecret, apiToken: 'tok', website: 'https://demo.dk' };
    const before = await owner().selectFrom('clients').select('settings').where('id', '=', app.demo).executeTakeFirstOrThrow();
    const mod = await owner().selectFrom('modules').select('id').where('alias', '=', 'orders').executeTakeFirstOrThrow();
    const row = await owner().selectFrom('client_modules').select('features').where('client_id', '=', app.demo).where('module_id', '=', mod.id).executeTakeFirstOrThrow();
    const setFeatures = (features: unknown) =>
      owner().updateTable('client_modules').set({ features: JSON.stringify(features) as never }).where('client_id', '=', app.demo).where('module_id', '=', mod.id).execute();
    await owner().updateTable('clients').set({ settings: sql`settings || ${JSON.stringify({ onpay: settings })}::jsonb` }).where('id', '=', app.demo).execute();
    await setFeatures((row.features as { alias: string; active: boolean }[]).map((f) => ({ ...f, active: f.alias === 'onpay' })));
    try {
      const eventId = await openEvent(app.staff, app.typeId, 'OnPay-kamp', [{ productId: app.single, title: 'Ståplads', price: '80', public: true }]);
      const r = await app.v.booking.book(guest(eventId, [{ productId: app.single, amount: 1 }], { lastname: 'Onpaysen' }));
      const booking = await owner().selectFrom('event_bookings').select('id').where('order_id', '=', r.orderId).executeTakeFirstOrThrow();
      const reference = `k${app.demo}-b${booking.id}-1`;
      expect(await owner().selectFrom('payments').select(['reference', 'provider', 'status', 'amount']).where('purpose_type', '=', 'booking').where('purpose_id', '=', booking.id).execute()).toEqual([
        { reference, provider: 'onpay', status: 'pending', amount: 8000 },
      ]);
      const start = r.payment as { kind: string; fields: Record<string, string> };
      expect(start.kind).toBe('form');
      expect(start.fields.onpay_reference).toBe(reference);
      expect(start.fields.onpay_amount).toBe('8000');
      expect(await searchIds('onpaysen')).toEqual([r.orderId]);
    } finally {
      await owner().updateTable('clients').set({ settings: JSON.stringify(before.settings) as never }).where('id', '=', app.demo).execute();
      await setFeatures(row.features);
    }
  });
});
