import { createSession } from '@klubhus/api';
import { afterAll, beforeAll } from 'vitest';
import { callerFor, visitorOf } from '../booking/helpers';
import { clubId, createTestApp, type TestApp } from '../helpers';

/**
 * The fixtures most test files start from, made once here: the file's test app with what `setup`
 * adds to it (callers, cookies, ids), created before the file's tests and closed after them.
 * Read its fields inside tests and hooks (`app.t`, `app.staff`): they are set once beforeAll ran.
 * `teardown` runs before the app closes (to restore a switch the file turned).
 */
export function useTestApp<F extends object = Record<never, never>>(setup?: (t: TestApp) => Promise<F>, teardown?: () => void): { t: TestApp } & F {
  const app = {} as { t: TestApp } & F;
  beforeAll(async () => {
    const t = await createTestApp();
    Object.assign(app, { t }, setup ? await setup(t) : {});
  }, 120_000);
  afterAll(() => {
    teardown?.();
    return app.t?.close();
  });
  return app;
}

/** A session cookie of a demo user with `clubName` as the session's club (a foreign caller: the demo admin in Nabo BK). */
export async function sessionCookie(t: TestApp, email: string, clubName: string) {
  const user = await t.database.owner.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const { token } = await createSession(t.database.db, user.id, { remember: false, clientId: await clubId(t.database, clubName) });
  return `klubhus_session=${token}`;
}

/** The REST calls of a test file: JSON POST and GET as the staff cookie, or as the cookie given. */
export const restCalls = (app: { t: TestApp; staff: string }) => ({
  post: (url: string, body: unknown, cookie = app.staff) => app.t.request('POST', url, { cookie, body }),
  get: (url: string, cookie = app.staff) => app.t.request('GET', url, { cookie }),
});

/** The id of a demo club's product by title. */
export async function productId(t: TestApp, title: string, clubName = 'Demo IF') {
  const club = await clubId(t.database, clubName);
  return (await t.database.owner.selectFrom('products').select('id').where('client_id', '=', club).where('title', '=', title).executeTakeFirstOrThrow()).id;
}

/** The REST files' callers: a staff session cookie of the demo club, and the demo admin's with Nabo BK as the session's club (the foreign caller). */
export async function staffAndForeign(t: TestApp) {
  return { staff: await t.login('staff@demo.dk'), nabo: await sessionCookie(t, 'admin@demo.dk', 'Nabo BK') };
}

/**
 * The booking files' fixtures: the demo club's id, staff and member callers, a visitor of the
 * storefront, a new event type titled `typeTitle`, and the demo's Enkeltbillet and Sæsonkort.
 */
export function bookingFixtures(typeTitle: string) {
  return async (t: TestApp) => {
    const demo = await clubId(t.database, 'Demo IF');
    const staff = await callerFor(t, 'staff@demo.dk');
    const member = await callerFor(t, 'member@demo.dk');
    const v = visitorOf(t);
    const typeId = (await staff.eventTypes.update({ title: typeTitle })).id;
    return { demo, staff, member, v, typeId, single: await productId(t, 'Enkeltbillet'), season: await productId(t, 'Sæsonkort') };
  };
}
