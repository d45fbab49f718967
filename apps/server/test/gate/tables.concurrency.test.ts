import { barrier } from '@klubhus/db/testing';
import { TABLE_MSG } from '@klubhus/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeLocks } from '../../../../packages/api/src/gate/tables';
import { danishMessage } from '../catalogue/helpers';
import { createTestApp, type TestApp } from '../helpers';
import { type Caller, callerFor, eventWithTickets, type Visitor, visitorOf } from './helpers';

/**
 * A table never seats more than it holds when two people place guests at its last seat at once
 * (issue 16, SPEC §4), on PostgreSQL: placing counts the seats under the table's row lock. The
 * control (placeLocks.enabled = false: count, wait for the other, write) must overfill the table.
 */
let t: TestApp;
let a: Caller;
let b: Caller;
let v: Visitor;

beforeAll(async () => {
  t = await createTestApp();
  a = await callerFor(t, 'staff@demo.dk');
  b = await callerFor(t, 'admin@demo.dk');
  v = visitorOf(t);
}, 120_000);
afterAll(() => {
  placeLocks.enabled = true;
  placeLocks.between = async () => {};
  return t.close();
});

const ticketIds = async (codes: string[]) => (await t.database.owner.selectFrom('event_tickets').select('id').where('code', 'in', codes).orderBy('id').execute()).map((r) => r.id);
const seatedAt = async (tableId: number) => (await t.database.owner.selectFrom('event_table_seats').select('id').where('table_id', '=', tableId).execute()).length;

describe.runIf(process.env.DATABASE_URL)('placing at the last seat at once (PostgreSQL)', () => {
  it('two guests for one seat: one placed, one refused with the Danish text; the unlocked control seats both', async () => {
    const { eventId, codes } = await eventWithTickets(a, v, t, 'Sidste plads', 4, { hasTables: true });
    const ids = await ticketIds(codes);
    const race = async (tableId: number, guests: number[]) =>
      Promise.allSettled([a.gate.place({ id: eventId, tableId, ticketIds: [guests[0]] }), b.gate.place({ id: eventId, tableId, ticketIds: [guests[1]] })]);

    const locked = (await a.gate.saveTable({ id: eventId, title: 'Enkeltbord', seats: 1 })).id;
    placeLocks.between = barrier(2, 300);
    const r = await race(locked, ids.slice(0, 2));
    placeLocks.between = async () => {};
    expect(r.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(r.flatMap((x) => (x.status === 'rejected' ? [danishMessage(x.reason)] : []))).toEqual([TABLE_MSG.tableFull]);
    expect(await seatedAt(locked)).toBe(1);

    const control = (await a.gate.saveTable({ id: eventId, title: 'Kontrolbord', seats: 1 })).id;
    placeLocks.enabled = false;
    placeLocks.between = barrier(2, 2000);
    try {
      const c = await race(control, ids.slice(2, 4));
      expect(c.filter((x) => x.status === 'fulfilled')).toHaveLength(2);
      expect(await seatedAt(control)).toBe(2);
    } finally {
      placeLocks.enabled = true;
      placeLocks.between = async () => {};
    }
  });
});
