import { bookInvoice } from '@klubhus/api/invoices/service';
import { setScope, withClub } from '@klubhus/db';
import { barrier } from '@klubhus/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubId, createTestApp, type TestApp } from '../helpers';

/**
 * Invoice numbers under concurrent bookings (PostgreSQL; the embedded database runs one
 * transaction at a time, so a run there proves nothing). 500 drafts of one club are booked at once
 * and a tenth of the booking transactions roll back on purpose after taking their number: the
 * numbers that remain must be 1..N, unique and without a gap. Two controls show what the counter
 * row's lock prevents: a PostgreSQL sequence leaves the rolled-back numbers as gaps, and reading
 * the last number then writing it back gives duplicates. (Run once with nextInvoiceNumber reading
 * then writing instead of its locked upsert: the first test then fails with duplicates.)
 */
let t: TestApp;
let demo: number;

beforeAll(async () => {
  t = await createTestApp();
  demo = await clubId(t.database, 'Demo IF');
}, 120_000);
afterAll(() => t.close());

/** n drafts with one line each, made directly (the shape bookInvoice needs). */
async function makeDrafts(n: number): Promise<number[]> {
  const r = await sql<{ id: number }>`
    INSERT INTO invoices (client_id, type, is_draft, invoice_date, payment_date, vat_rate, prices_with_vat, disable_vat, subtotal, vat, total, recipient)
    SELECT ${demo}, 'invoice', true, current_date, current_date + 8, 25, true, false, 8000, 2000, 10000, '{"name":"Samtidig"}'::jsonb FROM generate_series(1, ${n})
    RETURNING id`.execute(t.database.owner);
  const ids = r.rows.map((x) => x.id);
  await sql`INSERT INTO invoice_lines (client_id, invoice_id, title, price, amount) SELECT ${demo}, id, 'Linje', 10000, 1 FROM unnest(${ids}::int[]) AS id`.execute(t.database.owner);
  return ids;
}

class RolledBack extends Error {}

describe.runIf(process.env.DATABASE_URL)('invoice numbers under concurrent bookings (PostgreSQL)', () => {
  it('500 bookings at once, a tenth rolled back on purpose: numbers 1..N without gap or duplicate', async () => {
    const ids = await makeDrafts(500);
    const before = Number((await t.database.owner.selectFrom('invoice_counters').select('last_number').where('client_id', '=', demo).executeTakeFirst())?.last_number ?? 0);
    const results = await Promise.allSettled(
      ids.map((id, k) =>
        withClub(t.database.db, { clientId: demo }, async (trx) => {
          const r = await bookInvoice(trx, { clientId: demo, userId: null }, id);
          if (k % 10 === 0) throw new RolledBack(String(r.number));
          return r.number;
        }),
      ),
    );
    const failed = results.filter((r) => r.status === 'rejected' && !(r.reason instanceof RolledBack));
    expect(failed).toEqual([]);
    const rolledBack = results.filter((r) => r.status === 'rejected').length;
    expect(rolledBack).toBe(50);
    const rows = await t.database.owner.selectFrom('invoices').select('number').where('client_id', '=', demo).where('number', 'is not', null).orderBy('number').execute();
    const numbers = rows.map((r) => r.number as number);
    expect(numbers).toEqual(Array.from({ length: before + 450 }, (_, i) => i + 1));
    const counter = await t.database.owner.selectFrom('invoice_counters').select('last_number').where('client_id', '=', demo).executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(before + 450);
  }, 120_000);

  it('control: a sequence leaves the rolled-back numbers as gaps', async () => {
    await sql`CREATE SEQUENCE IF NOT EXISTS invoice_control_seq`.execute(t.database.owner);
    await sql`GRANT USAGE ON SEQUENCE invoice_control_seq TO klubhus_app`.execute(t.database.owner);
    const kept: number[] = [];
    await Promise.allSettled(
      Array.from({ length: 20 }, (_, k) =>
        t.database.db.transaction().execute(async (trx) => {
          const n = Number((await sql<{ n: string }>`SELECT nextval('invoice_control_seq') AS n`.execute(trx)).rows[0].n);
          if (k % 10 === 0) throw new RolledBack();
          kept.push(n);
        }),
      ),
    );
    kept.sort((a, b) => a - b);
    const gapless = kept.every((n, i) => i === 0 || n === kept[i - 1] + 1) && kept[0] === 1;
    expect(gapless).toBe(false);
  }, 60_000);

  it('control: reading the last number and writing it back gives duplicates', async () => {
    const n = 4; // within the test pool
    const everyoneHasRead = barrier(n, 5_000);
    const numbers = await Promise.all(
      Array.from({ length: n }, () =>
        t.database.db.transaction().execute(async (trx) => {
          await setScope(trx, demo, null);
          const r = await sql<{ last_number: number }>`SELECT last_number FROM invoice_counters WHERE client_id = ${demo}`.execute(trx);
          const next = Number(r.rows[0].last_number) + 1;
          await everyoneHasRead();
          await sql`UPDATE invoice_counters SET last_number = ${next} WHERE client_id = ${demo}`.execute(trx);
          return next;
        }),
      ),
    );
    expect(new Set(numbers).size).toBeLessThan(numbers.length);
  }, 60_000);
});
