import { barrier } from '@klubhus/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverOutbox, type MailTransport } from '../src/outbox';
import { createTestApp, type TestApp } from './helpers';

/**
 * The outbox job may run in several processes at once: rows are claimed with FOR UPDATE SKIP
 * LOCKED, so no mail goes out twice. Concurrency claims need a server (the embedded database runs
 * one transaction at a time); npm test runs this file on PostgreSQL whenever one is reachable.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

/** A transport per run that waits, before its first mail, until every run has claimed its rows. */
function runTransports(runs: number, sent: string[]): MailTransport[] {
  const everyoneHasClaimed = barrier(runs);
  return Array.from({ length: runs }, () => {
    let first = true;
    return {
      async send(mail) {
        if (first) {
          first = false;
          await everyoneHasClaimed();
        }
        sent.push(mail.to);
      },
    };
  });
}

async function queue(prefix: string, n: number) {
  const to = Array.from({ length: n }, (_, i) => `${prefix}${i}@demo.dk`);
  await t.database.owner
    .insertInto('outbox')
    .values(to.map((address) => ({ to_address: address, subject: 'Test', html: '<p>Hej</p>', text: 'Hej', kind: 'test' })))
    .execute();
  return to;
}

describe.runIf(process.env.DATABASE_URL)('outbox delivery in three processes at once (PostgreSQL)', () => {
  it('every mail goes out exactly once', async () => {
    const to = await queue('laast', 15);
    const sent: string[] = [];
    const counts = await Promise.all(runTransports(3, sent).map((transport) => deliverOutbox(t.database.db, transport, 'noreply@klubhus.dk', 5)));
    expect(counts).toEqual([5, 5, 5]);
    expect(sent.filter((a) => a.startsWith('laast')).sort()).toEqual([...to].sort());
  });

  it('control: the same claim without the row lock sends mails twice (so the test above can fail)', async () => {
    await queue('ulaast', 15);
    const sent: string[] = [];
    await Promise.all(
      runTransports(3, sent).map((transport) =>
        t.database.db.transaction().execute(async (trx) => {
          const rows = await sql<{ id: number; to_address: string }>`
            SELECT id, to_address FROM outbox WHERE sent_at IS NULL AND to_address LIKE 'ulaast%' ORDER BY id LIMIT 5`.execute(trx);
          for (const row of rows.rows) {
            await transport.send({ from: 'noreply@klubhus.dk', to: row.to_address, subject: 'Test', html: '', text: '' });
            await trx.updateTable('outbox').set({ sent_at: new Date() }).where('id', '=', row.id).execute();
          }
        }),
      ),
    );
    expect(new Set(sent).size).toBeLessThan(sent.length);
  });
});
