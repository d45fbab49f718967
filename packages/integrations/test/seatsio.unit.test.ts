import { describe, expect, it } from 'vitest';
import { SeatsioError, seatsioClient } from '../src/seatsio/index';

/** Answers in the order given, recording every request (responses as INTEGRATIONS.md §4 records them). */
function recorded(...answers: { status: number; body: unknown }[]) {
  const requests: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetch = async (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
    requests.push({ url, method: init.method, headers: init.headers, body: init.body === undefined ? undefined : JSON.parse(init.body) });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected request ${init.method} ${url}`);
    return { ok: answer.status < 400, status: answer.status, json: async () => answer.body };
  };
  return { fetch, requests };
}

const heldA3 = { objects: { 'A-3': { label: 'A-3', status: 'reservedByToken', categoryKey: 1, holdToken: 'wvXbB9MlHt', channel: null } } };

describe('seats.io client', () => {
  it('creates a hold token in the EU region with the secret key as basic-auth user', async () => {
    const r = recorded({ status: 200, body: { holdToken: 'wvXbB9MlHt', expiresAt: '2026-11-24T12:15:00.000Z', expiresInSeconds: 900, workspaceKey: 'ws' } });
    const client = seatsioClient({ secretKey: 'hemmelig', region: 'eu', fetch: r.fetch });
    expect((await client.createHoldToken(15)).holdToken).toBe('wvXbB9MlHt');
    expect(r.requests[0]).toMatchObject({ url: 'https://api-eu.seatsio.net/hold-tokens', method: 'POST', body: { expiresInMinutes: 15 } });
    expect(r.requests[0].headers.authorization).toBe(`Basic ${Buffer.from('hemmelig:').toString('base64')}`);
  });

  it('holds, books and releases objects of an event by token, with channels, and reads the objects back', async () => {
    const r = recorded(
      { status: 200, body: heldA3 },
      { status: 200, body: { objects: { 'A-3': { label: 'A-3', status: 'booked', categoryKey: 1, holdToken: null } } } },
      { status: 200, body: { objects: { 'A-3': { label: 'A-3', status: 'free', categoryKey: 1 } } } },
      { status: 200, body: { 'A-3': { label: 'A-3', status: 'free', categoryKey: 1 } } },
    );
    const client = seatsioClient({ secretKey: 'k', region: 'eu', fetch: r.fetch });
    const held = await client.hold('kamp 1', ['A-3'], 'wvXbB9MlHt', ['company:7']);
    expect(held).toEqual([{ label: 'A-3', status: 'reservedByToken', categoryKey: '1', holdToken: 'wvXbB9MlHt', channel: null }]);
    expect(r.requests[0]).toMatchObject({
      url: 'https://api-eu.seatsio.net/events/kamp%201/actions/hold?expand=objects',
      body: { objects: ['A-3'], holdToken: 'wvXbB9MlHt', channelKeys: ['company:7'] },
    });
    expect((await client.book('kamp 1', ['A-3'], 'wvXbB9MlHt', 'order-42'))[0].status).toBe('booked');
    expect(r.requests[1].body).toEqual({ objects: ['A-3'], holdToken: 'wvXbB9MlHt', orderId: 'order-42' });
    expect((await client.release('kamp 1', ['A-3'], 'wvXbB9MlHt'))[0].status).toBe('free');
    expect(r.requests[2].url).toBe('https://api-eu.seatsio.net/events/kamp%201/actions/release?expand=objects');
    expect((await client.objectInfos('kamp 1', ['A-3', 'A-4']))[0].status).toBe('free');
    expect(r.requests[3]).toMatchObject({ method: 'GET', url: 'https://api-eu.seatsio.net/events/kamp%201/objects?label=A-3&label=A-4' });
  });

  it('a seat another token holds is refused with seats.io code, nothing else assumed', async () => {
    const r = recorded({
      status: 400,
      body: { errors: [{ code: 'ILLEGAL_STATUS_CHANGE', message: 'reservedByToken is not a valid status for A-3' }], messages: ['reservedByToken is not a valid status for A-3'] },
    });
    const client = seatsioClient({ secretKey: 'k', region: 'eu', fetch: r.fetch });
    const error = await client.hold('kamp', ['A-3'], 'other').catch((e) => e);
    expect(error).toBeInstanceOf(SeatsioError);
    expect(error).toMatchObject({ code: 'ILLEGAL_STATUS_CHANGE', status: 400 });
  });

  it('retries a 429 with the backoff of the seats.io SDK, then answers', async () => {
    const r = recorded({ status: 429, body: {} }, { status: 429, body: {} }, { status: 200, body: heldA3 });
    const waits: number[] = [];
    const client = seatsioClient({ secretKey: 'k', region: 'eu', fetch: r.fetch, sleep: async (ms) => void waits.push(ms) });
    expect((await client.hold('kamp', ['A-3'], 'wvXbB9MlHt')).length).toBe(1);
    expect(waits).toEqual([400, 800]);
    expect(r.requests[0].body).toMatchObject({ channelKeys: ['NO_CHANNEL'] });
  });

  it('reads a chart\'s categories with their keys as text', async () => {
    const r = recorded({ status: 200, body: { categories: [{ key: 1, label: 'Tribune', color: '#ff0000', accessible: false }, { key: 'K', label: 'Kørestol', color: '#00ff00', accessible: true }] } });
    const client = seatsioClient({ secretKey: 'k', region: 'eu', fetch: r.fetch });
    expect(await client.chartCategories('stadion')).toEqual([
      { key: '1', label: 'Tribune', color: '#ff0000', accessible: false },
      { key: 'K', label: 'Kørestol', color: '#00ff00', accessible: true },
    ]);
  });
});
