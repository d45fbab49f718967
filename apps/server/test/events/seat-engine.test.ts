import { type Tx, withClub } from '@klubhus/db';
import { saveChart } from '../../../../packages/api/src/seating/charts';
import { EVENT_MSG, SEATING_MSG, ZSeatingPlan } from '@klubhus/domain';
import { describe, expect, it } from 'vitest';
import { type SeatEngine, seatEngineFor } from '../../../../packages/api/src/seating/engine';
import { clubId } from '../helpers';
import { callerFor, eventInput, refused } from './helpers';
import { useTestApp } from '../support/app';

/**
 * One seat engine for booking, whoever keeps the seats: the event's own seat map, or seats.io for a
 * club with the seatsio feature and its keys (tested on responses as INTEGRATIONS.md §4 records them).
 */
const app = useTestApp(async (t) => {
  const call = await callerFor(t, 'staff@demo.dk');
  return { call, demo: await clubId(t.database, 'Demo IF'), typeId: (await call.eventTypes.update({ title: 'Motorer' })).id };
});

const inClub = <T>(fn: (trx: Tx) => Promise<T>) => withClub(app.t.database.db, { clientId: app.demo }, fn);

/** Answers in order, recording each request. */
function recorded(...answers: { status: number; body: unknown }[]) {
  const requests: { url: string; method: string; body: any }[] = [];
  const fetch = async (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
    requests.push({ url, method: init.method, body: init.body === undefined ? undefined : JSON.parse(init.body) });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected request ${init.method} ${url}`);
    return { ok: answer.status < 400, status: answer.status, json: async () => answer.body };
  };
  return { fetch, requests };
}

const failure = async (work: Promise<unknown>) => work.then(() => null, (e: Error & { code?: string }) => ({ code: e.code, message: e.message }));

describe('the built-in engine', () => {
  it('holds, refuses a taken seat, books and releases through the event', async () => {
    const plan = ZSeatingPlan.parse({
      categories: [{ key: 'A', label: 'Tribune', color: '#3372f9' }],
      sections: [{ key: 'A', name: 'A', rows: [{ label: '1', seats: ['1', '2', '3'].map((n) => ({ number: n, position: { x: Number(n) * 10, y: 0 }, category: 'A' })) }] }],
    });
    const chartId = await inClub((trx) => saveChart(trx, app.demo, { name: 'Motorstadion', plan }).then((r) => r.id));
    const e = await app.call.events.update({ ...eventInput(app.typeId, { title: 'Indbygget' }), hasSeating: true, seating: { chartId } });
    const engine = (trx: Tx) => seatEngineFor(trx, { clientId: app.demo, seatsio: false }, e.id);
    const a = await inClub(async (trx) => {
      const eng: SeatEngine = await engine(trx);
      expect(eng.kind).toBe('builtin');
      const hold = await eng.newHold(600);
      expect(hold.expiresAt.getTime()).toBeGreaterThan(Date.now() + 590_000);
      expect(await eng.hold(hold.token, ['A-1-2', 'A-1-1'], null)).toEqual(['A-1-1', 'A-1-2']);
      return hold.token;
    });
    const other = await inClub(async (trx) => (await engine(trx)).newHold());
    expect(await failure(inClub(async (trx) => (await engine(trx)).hold(other.token, ['A-1-2'], null)))).toEqual({ code: 'CONFLICT', message: SEATING_MSG.seatTaken });
    expect(await inClub(async (trx) => (await engine(trx)).book(a, ['A-1-1']))).toEqual(['A-1-1']);
    await inClub(async (trx) => (await engine(trx)).release(a, ['A-1-2']));
    expect(await inClub(async (trx) => (await engine(trx)).hold(other.token, ['A-1-2'], null))).toEqual(['A-1-2']);
  });

  it('an event without a seat map has no seats to take', async () => {
    const e = await app.call.events.update(eventInput(app.typeId, { title: 'Uden pladser' }));
    expect(await failure(inClub((trx) => seatEngineFor(trx, { clientId: app.demo, seatsio: false }, e.id)))).toEqual({ code: 'BAD_REQUEST', message: SEATING_MSG.noSeatMap });
  });
});

describe('seats.io', () => {
  it('makes the seats.io event once from the chart key, then holds, books, releases and unbooks there; refusals in Danish', async () => {
    await app.t.database.owner
      .updateTable('clients')
      .set({ settings: { seatsio: { secretKey: 'hemmelig', publicKey: 'offentlig', region: 'eu' } } as never })
      .where('id', '=', app.demo)
      .execute();
    const e = await app.call.events.update({ ...eventInput(app.typeId, { title: 'Seats.io-kamp' }), hasSeating: true, seating: { chartKey: 'stadion-chart' } });
    expect((await app.call.events.get({ id: e.id })).seating).toMatchObject({ chartKey: 'stadion-chart', seatsioEventKey: null, eventId: null });
    const eventKey = `klubhus-${app.demo}-${e.id}`;
    const r = recorded(
      { status: 201, body: { id: 1, key: eventKey, chartKey: 'stadion-chart' } },
      { status: 200, body: { holdToken: 'wvXbB9MlHt', expiresAt: '2031-01-01T12:15:00.000Z', expiresInSeconds: 900 } },
      { status: 200, body: { objects: { 'A-3': { label: 'A-3', status: 'reservedByToken', holdToken: 'wvXbB9MlHt' } } } },
      { status: 400, body: { errors: [{ code: 'ILLEGAL_STATUS_CHANGE', message: 'reservedByToken is not a valid status for A-3' }] } },
      { status: 200, body: { objects: { 'A-3': { label: 'A-3', status: 'booked' } } } },
      { status: 500, body: { errors: [{ code: 'GENERAL_ERROR', message: 'boom' }] } },
      { status: 200, body: { objects: { 'A-3': { label: 'A-3', status: 'free' } } } },
    );
    const engine = (trx: Tx) => seatEngineFor(trx, { clientId: app.demo, seatsio: true }, e.id, { fetch: r.fetch });
    await inClub(async (trx) => {
      const eng = await engine(trx);
      expect(eng.kind).toBe('seatsio');
      const hold = await eng.newHold(15 * 60);
      expect(hold).toEqual({ token: 'wvXbB9MlHt', expiresAt: new Date('2031-01-01T12:15:00.000Z') });
      expect(await eng.hold(hold.token, ['A-3'], 'company:7')).toEqual(['A-3']);
    });
    expect(r.requests[0]).toEqual({ url: 'https://api-eu.seatsio.net/events', method: 'POST', body: { chartKey: 'stadion-chart', eventKey, name: 'Seats.io-kamp' } });
    expect(r.requests[1]).toMatchObject({ url: 'https://api-eu.seatsio.net/hold-tokens', body: { expiresInMinutes: 15 } });
    expect(r.requests[2].body).toEqual({ objects: ['A-3'], holdToken: 'wvXbB9MlHt', channelKeys: ['company:7'] });
    expect((await app.call.events.get({ id: e.id })).seating.seatsioEventKey).toBe(eventKey);

    // The event is made once: later engines go straight to it.
    expect(await failure(inClub(async (trx) => (await engine(trx)).hold('anden', ['A-3'], null)))).toEqual({ code: 'CONFLICT', message: SEATING_MSG.seatTaken });
    expect(r.requests[3]).toMatchObject({ url: `https://api-eu.seatsio.net/events/${eventKey}/actions/hold?expand=objects`, body: { channelKeys: ['NO_CHANNEL'] } });
    expect(await inClub(async (trx) => (await engine(trx)).book('wvXbB9MlHt', ['A-3'], 'ordre-1'))).toEqual(['A-3']);
    expect(await failure(inClub(async (trx) => (await engine(trx)).release('wvXbB9MlHt', ['A-3'])))).toEqual({ code: 'BAD_GATEWAY', message: SEATING_MSG.seatsioFailed });
    // An order's cancellation frees the seat it bought: a release without a hold token.
    expect(await inClub(async (trx) => (await engine(trx)).unbook(['A-3']))).toBe(1);
    expect(r.requests[6]).toEqual({ url: `https://api-eu.seatsio.net/events/${eventKey}/actions/release?expand=objects`, method: 'POST', body: { objects: ['A-3'] } });
    expect(r.requests.filter((q) => q.url.endsWith('/events'))).toHaveLength(1);

    // Once the seats.io event exists, its chart stays.
    await refused(app.t, () => app.call.events.update({ ...eventInput(app.typeId, { id: e.id, title: 'Seats.io-kamp' }), hasSeating: true, seating: { chartKey: 'andet-chart' } }), EVENT_MSG.seatsioChartLocked);

    // Without the feature (or the keys) the club is on the built-in engine.
    expect(await failure(inClub((trx) => seatEngineFor(trx, { clientId: app.demo, seatsio: false }, e.id)))).toEqual({ code: 'BAD_REQUEST', message: SEATING_MSG.noSeatMap });
  });
});
