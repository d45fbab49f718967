import { createCaller, createContext, createSession, type EconomicFactory } from '@klubhus/api';
import { DEMO_USERS, withClub } from '@klubhus/db';
import { clubId, type TestApp } from '../helpers';
import { demoIds, orderInput } from '../orders/helpers';
import { rowsOf } from '../support/refusals';

/** A tRPC caller for a demo user in a club, with the e-conomic clients the test gives. */
export async function invoiceCaller(t: TestApp, opts: { email?: string; club?: string; economic?: EconomicFactory } = {}) {
  const clientId = await clubId(t.database, opts.club ?? 'Demo IF');
  const u = await t.database.owner.selectFrom('users').selectAll().where('email', '=', opts.email ?? DEMO_USERS.admin).executeTakeFirstOrThrow();
  const { session } = await createSession(t.database.db, u.id, { remember: false, clientId });
  const ctx = createContext(
    { database: t.database, config: { baseUrl: 'http://localhost', secureCookies: false, dataDir: t.dataDir }, economic: opts.economic },
    {
      session,
      user: { id: u.id, email: u.email, firstname: u.firstname, lastname: u.lastname, picture: u.picture, admin: u.admin, superAdmin: u.super_admin, timeZone: u.time_zone },
    },
    { ip: '127.0.0.1', setSessionCookie() {}, clearSessionCookie() {} },
  );
  return createCaller(ctx);
}
export type InvoiceCaller = Awaited<ReturnType<typeof invoiceCaller>>;

export const INVOICE_TABLES = ['invoice_counters', 'invoices', 'invoice_lines', 'invoice_audit', 'outbox'] as const;

/** Every invoice row of every club (and the outbox), as text: equal before and after means nothing changed. */
export async function invoicesSnapshot(t: TestApp): Promise<string> {
  return JSON.stringify(await rowsOf(t, INVOICE_TABLES));
}

/** An approved order of the demo club (with a product line, a variant, an option and a discount), and its id. */
export async function approvedOrder(call: InvoiceCaller, t: TestApp, extra: Parameters<typeof orderInput>[1] = {}) {
  const ids = await demoIds(t);
  const { id } = await call.orders.update(orderInput(ids, extra));
  await call.orders.approve({ id });
  return { id, ids };
}

/** Runs fn in the club's transaction (row-level security as the app sees it). */
export const inClub = <T>(t: TestApp, clientId: number, fn: Parameters<typeof withClub<T>>[2]) => withClub(t.database.db, { clientId }, fn);
