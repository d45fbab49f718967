import { barrier } from '@klubhus/db/testing';
import { describe, expect, it } from 'vitest';
import { scanLocks } from '../../../../packages/api/src/gate/service';
import { type Caller, callerFor, confirmedScans, eventWithTickets, visitorOf } from './helpers';
import { useTestApp } from '../support/app';

/**
 * A ticket counts once however many gates scan it at the same moment (issue 16), on PostgreSQL:
 * the scan takes the ticket's row lock before it reads whether it was scanned. The control run
 * (scanLocks.enabled = false: read, wait for the other gate to read, write) must count twice, so
 * the claim can fail. The embedded database runs one transaction at a time: this file needs a server.
 */
const app = useTestApp(
  async (t) => ({ gate1: await callerFor(t, 'staff@demo.dk'), gate2: await callerFor(t, 'admin@demo.dk'), v: visitorOf(t) }),
  () => {
    scanLocks.enabled = true;
    scanLocks.between = async () => {};
  },
);

describe.runIf(process.env.DATABASE_URL)('scans at the same moment (PostgreSQL)', () => {
  it('two gates scan one ticket at once: one Bekræftet, one already scanned, counted once; the unlocked control counts twice', async () => {
    const { eventId, codes } = await eventWithTickets(app.gate1, app.v, app.t, 'Samtidig scanning', 2);
    // Each gate, having read the ticket, waits up to 300 ms for the other to read it too: under the
    // row lock the other cannot, so the first commits and the second then reads the ticket scanned.
    scanLocks.between = barrier(2, 300);
    const locked = await Promise.all([app.gate1, app.gate2].map((g) => g.gate.scan({ id: eventId, ticketId: codes[0] })));
    scanLocks.between = async () => {};
    expect(locked.map((r) => r.status).sort()).toEqual(['confirmed', 'duplicate']);
    expect(await confirmedScans(app.t, codes[0])).toBe(1);
    expect((await app.gate1.gate.overview({ id: eventId })).scanned).toBe(1);

    // Control: without the row lock both gates read the ticket unscanned before either writes.
    scanLocks.enabled = false;
    scanLocks.between = barrier(2, 2000);
    try {
      const unlocked = await Promise.all([app.gate1, app.gate2].map((g) => g.gate.scan({ id: eventId, ticketId: codes[1] })));
      expect(unlocked.map((r) => r.status)).toEqual(['confirmed', 'confirmed']);
      expect(await confirmedScans(app.t, codes[1])).toBe(2);
    } finally {
      scanLocks.enabled = true;
      scanLocks.between = async () => {};
    }
  });

  it('two gates replay the same offline queue at once: every ticket counted once, each nonce answered once', async () => {
    const { eventId, codes } = await eventWithTickets(app.gate1, app.v, app.t, 'Samtidig genafspilning', 4);
    const queue = codes.map((ticketId, i) => ({ ticketId, nonce: `queue-${eventId}-${i}-abcdef` }));
    // Another gate scanned the first ticket meanwhile (its own nonce): the queue's scan of it is a duplicate.
    await app.gate2.gate.scan({ id: eventId, ticketId: codes[0], nonce: `other-${eventId}-abcdef` });
    const replay = (g: Caller) => Promise.all(queue.map((q) => g.gate.scan({ id: eventId, ...q, gate: 'Port 3' })));
    const [a, b] = await Promise.all([replay(app.gate1), replay(app.gate1)]);
    expect(a.map((r) => r.status)).toEqual(['duplicate', 'confirmed', 'confirmed', 'confirmed']);
    expect(b.map((r) => r.status)).toEqual(['duplicate', 'confirmed', 'confirmed', 'confirmed']);
    // One answer per nonce is the original, the other its replay.
    for (let i = 0; i < queue.length; i++) expect([a[i].replayed, b[i].replayed].sort()).toEqual([false, true]);
    for (const code of codes) expect(await confirmedScans(app.t, code)).toBe(1);
    const scans = await app.t.database.owner.selectFrom('event_ticket_scans').select('nonce').where('event_id', '=', eventId).execute();
    expect(scans).toHaveLength(queue.length + 1);
  });
});
