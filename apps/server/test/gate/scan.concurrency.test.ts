import { barrier } from '@klubhus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanLocks } from '../../../../packages/api/src/gate/service';
import { createTestApp, type TestApp } from '../helpers';
import { type Caller, callerFor, confirmedScans, eventWithTickets, type Visitor, visitorOf } from './helpers';

/**
 * A ticket counts once however many gates scan it at the same moment (issue 16), on PostgreSQL:
 * the scan takes the ticket's row lock before it reads whether it was scanned. The control run
 * (scanLocks.enabled = false: read, wait for the other gate to read, write) must count twice, so
 * the claim can fail. The embedded database runs one transaction at a time: this file needs a server.
 */
let t: TestApp;
let gate1: Caller;
let gate2: Caller;
let v: Visitor;

beforeAll(async () => {
  t = await createTestApp();
  gate1 = await callerFor(t, 'staff@demo.dk');
  gate2 = await callerFor(t, 'admin@demo.dk');
  v = visitorOf(t);
}, 120_000);
afterAll(() => {
  scanLocks.enabled = true;
  scanLocks.between = async () => {};
  return t.close();
});

describe.runIf(process.env.DATABASE_URL)('scans at the same moment (PostgreSQL)', () => {
  it('two gates scan one ticket at once: one Bekræftet, one already scanned, counted once; the unlocked control counts twice', async () => {
    const { eventId, codes } = await eventWithTickets(gate1, v, t, 'Samtidig scanning', 2);
    // Each gate, having read the ticket, waits up to 300 ms for the other to read it too: under the
    // row lock the other cannot, so the first commits and the second then reads the ticket scanned.
    scanLocks.between = barrier(2, 300);
    const locked = await Promise.all([gate1, gate2].map((g) => g.gate.scan({ id: eventId, ticketId: codes[0] })));
    scanLocks.between = async () => {};
    expect(locked.map((r) => r.status).sort()).toEqual(['confirmed', 'duplicate']);
    expect(await confirmedScans(t, codes[0])).toBe(1);
    expect((await gate1.gate.overview({ id: eventId })).scanned).toBe(1);

    // Control: without the row lock both gates read the ticket unscanned before either writes.
    scanLocks.enabled = false;
    scanLocks.between = barrier(2, 2000);
    try {
      const unlocked = await Promise.all([gate1, gate2].map((g) => g.gate.scan({ id: eventId, ticketId: codes[1] })));
      expect(unlocked.map((r) => r.status)).toEqual(['confirmed', 'confirmed']);
      expect(await confirmedScans(t, codes[1])).toBe(2);
    } finally {
      scanLocks.enabled = true;
      scanLocks.between = async () => {};
    }
  });

  it('two gates replay the same offline queue at once: every ticket counted once, each nonce answered once', async () => {
    const { eventId, codes } = await eventWithTickets(gate1, v, t, 'Samtidig genafspilning', 4);
    const queue = codes.map((ticketId, i) => ({ ticketId, nonce: `queue-${eventId}-${i}-abcdef` }));
    // Another gate scanned the first ticket meanwhile (its own nonce): the queue's scan of it is a duplicate.
    await gate2.gate.scan({ id: eventId, ticketId: codes[0], nonce: `other-${eventId}-abcdef` });
    const replay = (g: Caller) => Promise.all(queue.map((q) => g.gate.scan({ id: eventId, ...q, gate: 'Port 3' })));
    const [a, b] = await Promise.all([replay(gate1), replay(gate1)]);
    expect(a.map((r) => r.status)).toEqual(['duplicate', 'confirmed', 'confirmed', 'confirmed']);
    expect(b.map((r) => r.status)).toEqual(['duplicate', 'confirmed', 'confirmed', 'confirmed']);
    // One answer per nonce is the original, the other its replay.
    for (let i = 0; i < queue.length; i++) expect([a[i].replayed, b[i].replayed].sort()).toEqual([false, true]);
    for (const code of codes) expect(await confirmedScans(t, code)).toBe(1);
    const scans = await t.database.owner.selectFrom('event_ticket_scans').select('nonce').where('event_id', '=', eventId).execute();
    expect(scans).toHaveLength(queue.length + 1);
  });
});
