import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/connect';
import { withClub } from '../src/tenancy';
import { openTestDatabase } from '../src/testing';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await sql`CREATE TABLE counters (id int PRIMARY KEY, value int NOT NULL)`.execute(handle.owner);
  await sql`GRANT SELECT, UPDATE ON counters TO klubhus_app`.execute(handle.owner);
  await sql`INSERT INTO counters VALUES (1, 100)`.execute(handle.owner);
});
afterAll(() => handle.close());

describe('database', () => {
  it('serialises ten concurrent FOR UPDATE decrements without losing one', async () => {
    await Promise.all(
      Array.from({ length: 10 }, () =>
        handle.db.transaction().execute(async (trx) => {
          const row = await sql<{ value: number }>`SELECT value FROM counters WHERE id = 1 FOR UPDATE`.execute(trx);
          // Yield so the other transactions get every chance to interleave.
          await new Promise((r) => setTimeout(r, 5));
          const result = await sql`UPDATE counters SET value = ${row.rows[0].value - 1} WHERE id = 1`.execute(trx);
          expect(Number(result.numAffectedRows)).toBe(1);
        }),
      ),
    );
    const after = await sql<{ value: number }>`SELECT value FROM counters WHERE id = 1`.execute(handle.db);
    expect(after.rows[0].value).toBe(90);
  });

  it('runs the app role without owner or BYPASSRLS rights', async () => {
    const role = await sql<{ rolbypassrls: boolean; rolsuper: boolean }>`
      SELECT rolbypassrls, rolsuper FROM pg_roles WHERE rolname = current_user`.execute(handle.db);
    expect(role.rows[0]).toEqual({ rolbypassrls: false, rolsuper: false });
  });

  it('forces a club policy on every table that has client_id', async () => {
    const unprotected = await sql<{ relname: string }>`
      SELECT c.relname FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'client_id' AND NOT a.attisdropped
      WHERE c.relkind = 'r'
        AND (NOT c.relrowsecurity OR NOT c.relforcerowsecurity
             OR NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid))`.execute(handle.owner);
    expect(unprotected.rows.map((r) => r.relname)).toEqual([]);
    const tables = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM information_schema.columns WHERE column_name = 'client_id' AND table_schema = 'public'`.execute(
      handle.owner,
    );
    expect(tables.rows[0].n).toBeGreaterThan(0);
  });

  it('returns nothing and refuses writes when no club is set', async () => {
    const a = await handle.owner.insertInto('clients').values({ name: 'A' }).returning('id').executeTakeFirstOrThrow();
    const b = await handle.owner.insertInto('clients').values({ name: 'B' }).returning('id').executeTakeFirstOrThrow();
    const mod = await handle.owner
      .insertInto('modules')
      .values({ name: 'M', alias: 'm-test', icon: 'box', features: '[]', views: '[]', components: '[]', acl_rules: '[]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const c of [a, b]) {
      await handle.owner
        .insertInto('client_modules')
        .values({ client_id: c.id, module_id: mod.id, custom_views: '[]', custom_components: '[]', role_acls: '[]', features: '[]' })
        .execute();
    }
    expect(await handle.db.selectFrom('client_modules').selectAll().execute()).toEqual([]);
    const seen = await withClub(handle.db, { clientId: a.id }, (trx) => trx.selectFrom('client_modules').select('client_id').execute());
    expect(seen).toEqual([{ client_id: a.id }]);
    await expect(
      withClub(handle.db, { clientId: a.id }, (trx) =>
        trx
          .insertInto('client_modules')
          .values({ client_id: b.id, module_id: mod.id, custom_views: '[]', custom_components: '[]', role_acls: '[]', features: '[]' })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });
});
