import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type DatabaseHandle, openDatabase } from '@klubhus/db';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, type JobRunner, startJobRunner } from '../src/jobs';
import { deliverOutbox, smtpTransport } from '../src/outbox';
import { createTestApp, type TestApp } from './helpers';

/**
 * The job runner (pg-boss) on the database of the run — PostgreSQL, or the embedded database through
 * its session lock — with two runners on one database, as two app processes would have: on
 * PostgreSQL the second has its own pool.
 */
let t: TestApp;
let secondDb: DatabaseHandle | null = null;
let second: DatabaseHandle;
const runners: JobRunner[] = [];

/** Waits for a condition, polling; fails with `what` after `ms`. */
async function until(what: string, condition: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  secondDb = t.database.url ? await openDatabase({ databaseUrl: t.database.url, migrate: false, poolSize: 3 }) : null;
  second = secondDb ?? t.database;
}, 120_000);
afterAll(async () => {
  for (const r of runners) await r.stop();
  await secondDb?.close();
  await t.close();
});

describe('the job runner', () => {
  it('runs a job asked for by both processes once per window, on either runner, and counts every run', async () => {
    let runs = 0;
    const handler = async () => {
      runs++;
    };
    const a = await startJobRunner(t.database, { 'test-count': handler }, { pollingSeconds: 0.5 });
    const b = await startJobRunner(second, { 'test-count': handler }, { pollingSeconds: 0.5 });
    runners.push(a, b);
    // Both processes ask within one window (an hour, so the asks never straddle the start of a new one): one run between them.
    await Promise.all([a.nudge('test-count', 3600), b.nudge('test-count', 3600), a.nudge('test-count', 3600)]);
    await until('the run', () => a.done('test-count') + b.done('test-count') >= 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs).toBe(1);
  }, 60_000);

  it('retries a failing job until it succeeds', async () => {
    let attempts = 0;
    const runner = await startJobRunner(
      t.database,
      {
        'test-flaky': async () => {
          attempts++;
          if (attempts < 2) throw new Error('first try fails');
        },
      },
      { pollingSeconds: 0.5, retries: 2, onError: () => {} },
    );
    runners.push(runner);
    await runner.nudge('test-flaky', 3600);
    // retryDelay is 5 s: the second attempt comes after it.
    await until('the retry', () => attempts >= 2, 30_000);
    expect(attempts).toBe(2);
  }, 60_000);
});

describe('outbox delivery as a job', () => {
  let smtp: SMTPServer;
  let port: number;
  const received: string[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => smtp.close());

  it('delivers every queued mail exactly once with two processes running the job', async () => {
    const to = Array.from({ length: 12 }, (_, i) => `modtager${i}@demo.dk`);
    await t.database.owner
      .insertInto('outbox')
      .values(to.map((address) => ({ to_address: address, subject: 'Test', html: '<p>Hej</p>', text: 'Hej', kind: 'test' })))
      .execute();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
    const from = 'Klubhus <noreply@klubhus.dk>';
    const a = await startJobRunner(t.database, { [JOBS.outbox]: () => deliverOutbox(t.database.db, transport, from, 5) }, { pollingSeconds: 0.5 });
    const b = await startJobRunner(second, { [JOBS.outbox]: () => deliverOutbox(second.db, transport, from, 5) }, { pollingSeconds: 0.5 });
    runners.push(a, b);
    const unsent = async () =>
      Number((await t.database.owner.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('sent_at', 'is', null).executeTakeFirstOrThrow()).n);
    // Each process keeps asking (a batch is 5 mails); the runner makes it one run per second window.
    await until('every mail sent', async () => {
      await Promise.all([a.nudge(JOBS.outbox, 1), b.nudge(JOBS.outbox, 1)]);
      return (await unsent()) === 0;
    });
    expect(received.filter((r) => r.startsWith('modtager')).sort()).toEqual([...to].sort());
  }, 60_000);
});
