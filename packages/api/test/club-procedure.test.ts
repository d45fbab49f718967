import { createContext, createSession } from '@klubhus/api';
import { clubProcedure, createCallerFactory, router } from '@klubhus/api/trpc';
import { type DatabaseHandle, seedDemo } from '@klubhus/db';
import { openTestDatabase } from '@klubhus/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

/** A club call is one transaction: a failure anywhere in it undoes every write it made. */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.owner);
});
afterAll(() => database.close());

const listed = z.object({ name: z.string().min(2, 'For kort') });
const answer = z.object({ name: z.string() });
const refusedLater = z.object({ name: z.string() }).refine(async (v) => v.name !== 'nej', 'Ikke tilladt');

const testRouter = router({
  echo: clubProcedure.input(listed).output(answer).query(({ input }) => ({ name: input.name, extra: 'væk' })),
  echoAsync: clubProcedure.input(refusedLater).output(answer).query(({ input }) => input),
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

/** A ZodError whose one issue says `message`. */
const refusal = (message: string) => expect.objectContaining({ name: 'ZodError', issues: [expect.objectContaining({ message })] });

describe("a procedure's schemas", () => {
  it('parse synchronously (zod\'s compiled path), with the same results and errors', async () => {
    const input = vi.spyOn(listed, 'parseAsync');
    const output = vi.spyOn(answer, 'parseAsync');
    const parsed = vi.spyOn(answer, 'parse');
    const caller = await callerFor('staff@demo.dk');
    // The answer is stripped to its schema, as before.
    expect(await caller.echo({ name: 'Anne' })).toEqual({ name: 'Anne' });
    await expect(caller.echo({ name: 'A' })).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: refusal('For kort') });
    expect(input).not.toHaveBeenCalled();
    expect(output).not.toHaveBeenCalled();
    expect(parsed).toHaveBeenCalledTimes(1);
  });

  it('a schema that has to wait is parsed asynchronously', async () => {
    const caller = await callerFor('staff@demo.dk');
    expect(await caller.echoAsync({ name: 'ja' })).toEqual({ name: 'ja' });
    await expect(caller.echoAsync({ name: 'nej' })).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: refusal('Ikke tilladt') });
  });
});
