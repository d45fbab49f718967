import { createContext, createSession } from '@klubhus/api';
import { clubProcedure, createCallerFactory, router } from '@klubhus/api/trpc';
import { type DatabaseHandle, seedDemo } from '@klubhus/db';
import { openTestDatabase } from '@klubhus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A club call is one transaction: a failure anywhere in it undoes every write it made. */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.owner);
});
afterAll(() => database.close());

const testRouter = router({
  renameThenFail: clubProcedure.mutation(async ({ ctx }) => {
    await ctx.trx.updateTable('contact_lists').set({ title: 'Omdøbt' }).execute();
    throw new Error('boom');
  }),
  rename: clubProcedure.mutation(({ ctx }) => ctx.trx.updateTable('contact_lists').set({ title: 'Omdøbt' }).execute()),
});

async function callerFor(email: string) {
  const user = await database.owner.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const club = await database.owner.selectFrom('clients').select('id').where('name', '=', 'Demo IF').executeTakeFirstOrThrow();
  const { session } = await createSession(database.db, user.id, { remember: false, clientId: club.id });
  const ctx = createContext(
    { database, config: { baseUrl: 'http://localhost', secureCookies: false, dataDir: '/tmp' } },
    {
      session,
      user: { id: user.id, email: user.email, firstname: user.firstname, lastname: user.lastname, picture: null, admin: user.admin, superAdmin: user.super_admin, timeZone: user.time_zone },
    },
    { ip: '127.0.0.1', setSessionCookie() {}, clearSessionCookie() {} },
  );
  return createCallerFactory(testRouter)(ctx);
}

describe('clubProcedure', () => {
  it('rolls back the writes of a call that fails', async () => {
    const club = await database.owner.selectFrom('clients').select('id').where('name', '=', 'Demo IF').executeTakeFirstOrThrow();
    await database.owner.insertInto('contact_lists').values({ client_id: club.id, title: 'Original' }).execute();
    const caller = await callerFor('staff@demo.dk');
    await expect(caller.renameThenFail()).rejects.toThrow('boom');
    const titles = (await database.owner.selectFrom('contact_lists').select('title').execute()).map((r) => r.title);
    expect(titles).toContain('Original');
    expect(titles).not.toContain('Omdøbt');
    await caller.rename();
    expect((await database.owner.selectFrom('contact_lists').select('title').execute()).map((r) => r.title)).not.toContain('Original');
  });
});
