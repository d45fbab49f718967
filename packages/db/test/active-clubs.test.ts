import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/connect';
import { json } from '../src/json';
import { openTestDatabase } from '../src/testing';

/** Migration 0027: active_clubs.version moves with every change the storefront's choice of club depends on, and with nothing else. */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const version = async () => Number((await handle.owner.selectFrom('active_clubs').select('version').executeTakeFirstOrThrow()).version);

describe('active_clubs.version', () => {
  it('moves when a club is added, deactivated, given a url, has its context changed or is deleted — and not for its name', async () => {
    const moves = async (change: () => Promise<unknown>) => {
      const before = await version();
      await change();
      return (await version()) > before;
    };
    const owner = handle.owner;
    let id = 0;
    expect(await moves(async () => (id = (await owner.insertInto('clients').values({ name: 'Ny Klub', roles: json([]) }).returning('id').executeTakeFirstOrThrow()).id))).toBe(true);
    expect(await moves(() => owner.updateTable('clients').set({ url: 'https://ny.localhost' }).where('id', '=', id).execute())).toBe(true);
    expect(await moves(() => owner.updateTable('clients').set({ active: false }).where('id', '=', id).execute())).toBe(true);
    expect(await moves(() => owner.updateTable('clients').set((eb) => ({ context_version: eb('context_version', '+', 1) })).where('id', '=', id).execute())).toBe(true);
    expect(await moves(() => owner.updateTable('clients').set({ name: 'Ny Klub 2' }).where('id', '=', id).execute())).toBe(false);
    expect(await moves(() => owner.deleteFrom('clients').where('id', '=', id).execute())).toBe(true);
  });

  it('is read by the app role, one row', async () => {
    const rows = await handle.db.selectFrom('active_clubs').select('version').execute();
    expect(rows).toHaveLength(1);
  });
});
