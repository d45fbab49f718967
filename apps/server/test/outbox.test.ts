import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverOutbox, smtpTransport } from '../src/outbox';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let smtp: SMTPServer;
let port: number;
const received: { to: string; data: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c) => {
        data += c.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  smtp.close();
  await t.close();
});

describe('outbox delivery over SMTP', () => {
  it('sends queued mails once, to a real SMTP server, and marks them sent', async () => {
    await t.request('POST', '/api/forgot-password', { body: { email: 'staff@demo.dk' } });
    const transport = smtpTransport(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
    expect(await deliverOutbox(t.database.db, transport, 'Klubhus <noreply@klubhus.dk>')).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0].to).toBe('staff@demo.dk');
    expect(received[0].data).toContain('Genskab din adgangskode');
    const row = await t.database.owner.selectFrom('outbox').selectAll().where('to_address', '=', 'staff@demo.dk').executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(await deliverOutbox(t.database.db, transport, 'Klubhus <noreply@klubhus.dk>')).toBe(0);
  });

  it('keeps the error and retries later when the server is unreachable', async () => {
    await t.request('POST', '/api/forgot-password', { body: { email: 'member@demo.dk' } });
    const down = smtpTransport('smtp://127.0.0.1:1?connectionTimeout=500');
    expect(await deliverOutbox(t.database.db, down, 'noreply@klubhus.dk')).toBe(0);
    const row = await t.database.owner.selectFrom('outbox').selectAll().where('to_address', '=', 'member@demo.dk').executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.error).toBeTruthy();
  });
});
