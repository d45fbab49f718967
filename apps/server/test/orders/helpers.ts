import { DEMO_USERS, setScope } from '@klubhus/db';
import type { TOrderUpdateRequest } from '@klubhus/domain';
import { sql } from 'kysely';
import { callerAt, type TestApp } from '../helpers';
import { expectRefused, rowsOf } from '../support/refusals';

/** A tRPC caller for a demo user with the given club as the session's club. */
export const callerFor = (t: TestApp, email: string = DEMO_USERS.admin, clubName = 'Demo IF') => callerAt(t, email, clubName, t.dataDir);
export type OrdersCaller = Awaited<ReturnType<typeof callerFor>>;

/**
 * `count` orders of one buyer in a club at once, as the owner (an import's bulk insert), numbered
 * after the club's last; the insert's statement trigger counts them (migration 0025).
 */
export async function bulkOrders(t: TestApp, club: number, lastname: string, count: number) {
  await t.database.owner.transaction().execute(async (trx) => {
    await setScope(trx, club, null);
    const last = (await trx.selectFrom('order_counters').select('last_number').where('client_id', '=', club).executeTakeFirst())?.last_number ?? 0;
    await sql`INSERT INTO orders (client_id, order_number, status, payment_status, firstname, lastname, email)
      SELECT ${club}, ${last} + g, 'draft', 'pending', 'Kaj', ${lastname}, 'k' || g || '.' || lower(${lastname}) || '@bulk.dk'
      FROM generate_series(1, ${count}) g`.execute(trx);
    await trx.updateTable('order_counters').set({ last_number: last + count }).where('client_id', '=', club).execute();
  });
}

export const ORDER_TABLES = ['order_counters', 'orders', 'order_lines', 'order_line_options', 'order_audit'] as const;

/** Every orders row of every club, as text: equal before and after means nothing changed. */
export async function ordersSnapshot(t: TestApp): Promise<string> {
  return JSON.stringify(await rowsOf(t, ORDER_TABLES));
}

/** Expects the call to be refused with exactly this Danish message, and that nothing in `snapshot` (the orders tables) changed. */
export const refused = (t: TestApp, fn: () => Promise<unknown>, message: string, snapshot = () => ordersSnapshot(t)) => expectRefused(fn, message, snapshot);

/** Ids of demo catalogue rows by title. */
export async function demoIds(t: TestApp, clubName = 'Demo IF') {
  const club = await t.database.owner.selectFrom('clients').select('id').where('name', '=', clubName).executeTakeFirstOrThrow();
  const product = async (title: string) =>
    (await t.database.owner.selectFrom('products').select('id').where('client_id', '=', club.id).where('title', '=', title).executeTakeFirstOrThrow()).id;
  const jersey = await product('Klubtrøje');
  const medium = await t.database.owner
    .selectFrom('product_variants')
    .select('id')
    .where('client_id', '=', club.id)
    .where('product_id', '=', jersey)
    .where('title', '=', 'Medium')
    .executeTakeFirstOrThrow();
  const company = await t.database.owner.selectFrom('companies').select('id').where('client_id', '=', club.id).orderBy('id').executeTakeFirstOrThrow();
  const contact = await t.database.owner.selectFrom('contacts').select('id').where('client_id', '=', club.id).orderBy('id').executeTakeFirstOrThrow();
  return { clientId: club.id, jersey, medium: medium.id, parking: await product('Parkering'), seasonCard: await product('Sæsonkort'), company: company.id, contact: contact.id };
}

/** A valid draft order with a line, a variant and an option. */
export const orderInput = (ids: Awaited<ReturnType<typeof demoIds>>, extra: Partial<TOrderUpdateRequest> = {}): TOrderUpdateRequest => ({
  firstname: 'Jens',
  lastname: 'Jensen',
  email: 'jens@example.dk',
  companyId: ids.company,
  contactId: ids.contact,
  orderLines: [
    { productId: ids.jersey, variantId: ids.medium, title: 'Klubtrøje – Medium', price: '499', amount: '2' },
    { productId: ids.seasonCard, title: 'Sæsonkort', price: '1.800,00', amount: 1, discount: '100', seat: 'A-12', options: [{ productId: ids.parking, title: 'Parkering', price: '300' }] },
  ],
  ...extra,
});

/** The status of an order, read as owner (null when gone). */
export async function statusOf(t: TestApp, id: number) {
  return (await t.database.owner.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Puts an order into a status directly (the shop makes carts; no staff call does). */
export async function forceStatus(t: TestApp, id: number, status: 'cart' | 'draft' | 'approved' | 'cancelled') {
  await t.database.owner.updateTable('orders').set({ status }).where('id', '=', id).execute();
}
