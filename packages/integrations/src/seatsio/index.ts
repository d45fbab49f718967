/**
 * seats.io (INTEGRATIONS.md §4): the alternative to the built-in seat-map engine when a club has
 * the `seatsio` feature and its keys. Holds, bookings and releases of an event's objects by hold
 * token, as the built-in engine does them; the browser renders the chart with the public key.
 * Tested on recorded responses (no network here).
 */

export type SeatsioRegion = 'eu' | 'na' | 'sa' | 'oc';

type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export interface SeatsioOptions {
  /** The workspace secret key (server side only). */
  secretKey: string;
  region: SeatsioRegion;
  fetch?: FetchLike;
  /** Waits between retries of a 429 (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
}

/** A refusal of seats.io: its first error code (ILLEGAL_STATUS_CHANGE: a seat is not free for this token). */
export class SeatsioError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface SeatsioObject {
  label: string;
  status: string;
  categoryKey: string | null;
  holdToken: string | null;
  channel: string | null;
}

export interface SeatsioHoldToken {
  holdToken: string;
  expiresAt: string;
  expiresInSeconds: number;
}

/** The seats.io SDK's backoff on 429: 400 ms × 2ⁿ, five times. */
const RETRIES = 5;

export function seatsioClient(opts: SeatsioOptions) {
  const base = `https://api-${opts.region}.seatsio.net`;
  const doFetch = opts.fetch ?? (globalThis.fetch as unknown as FetchLike);
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const auth = `Basic ${Buffer.from(`${opts.secretKey}:`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const res = await doFetch(`${base}${path}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (res.status === 429 && attempt < RETRIES) {
        await sleep(400 * 2 ** attempt);
        continue;
      }
      const data = (await res.json().catch(() => ({}))) as { errors?: { code: string; message: string }[]; messages?: string[] };
      if (!res.ok) {
        const first = data.errors?.[0];
        throw new SeatsioError(first?.code ?? 'GENERAL_ERROR', res.status, first?.message ?? data.messages?.[0] ?? `seats.io answered ${res.status}`);
      }
      return data as T;
    }
  }

  const objects = (result: { objects?: Record<string, Partial<SeatsioObject>> }): SeatsioObject[] =>
    Object.entries(result.objects ?? {}).map(([label, o]) => ({
      label: o.label ?? label,
      status: o.status ?? 'free',
      categoryKey: o.categoryKey === undefined || o.categoryKey === null ? null : String(o.categoryKey),
      holdToken: o.holdToken ?? null,
      channel: o.channel ?? null,
    }));
  const action = (eventKey: string) => `/events/${encodeURIComponent(eventKey)}/actions`;

  return {
    /** Creates the seats.io event of a chart (POST /events); its objects start free. */
    createEvent(chartKey: string, eventKey: string, name?: string): Promise<{ id: number; key: string; chartKey: string }> {
      return call('POST', '/events', { chartKey, eventKey, ...(name ? { name } : {}) });
    },
    /** A hold token of `minutes` (seats.io's default 15; at most 2 hours in all). */
    createHoldToken(minutes?: number): Promise<SeatsioHoldToken> {
      return call('POST', '/hold-tokens', minutes === undefined ? {} : { expiresInMinutes: minutes });
    },
    /** Holds all the objects for the token, or none (seats.io refuses the whole request). */
    async hold(eventKey: string, labels: string[], holdToken: string, channelKeys: string[] = ['NO_CHANNEL']): Promise<SeatsioObject[]> {
      return objects(await call('POST', `${action(eventKey)}/hold?expand=objects`, { objects: labels, holdToken, channelKeys }));
    },
    /** Frees objects: those the token holds, or (without a token) booked ones — an order's cancellation. */
    async release(eventKey: string, labels: string[], holdToken?: string): Promise<SeatsioObject[]> {
      return objects(await call('POST', `${action(eventKey)}/release?expand=objects`, holdToken ? { objects: labels, holdToken } : { objects: labels }));
    },
    /** Books objects the token holds (book first, then charge). */
    async book(eventKey: string, labels: string[], holdToken: string, orderId?: string): Promise<SeatsioObject[]> {
      return objects(await call('POST', `${action(eventKey)}/book?expand=objects`, { objects: labels, holdToken, ...(orderId ? { orderId } : {}) }));
    },
    /** The objects' status (free, reservedByToken, booked, …). */
    async objectInfos(eventKey: string, labels: string[]): Promise<SeatsioObject[]> {
      const query = labels.map((l) => `label=${encodeURIComponent(l)}`).join('&');
      const infos = await call<Record<string, Partial<SeatsioObject>>>('GET', `/events/${encodeURIComponent(eventKey)}/objects?${query}`);
      return objects({ objects: infos });
    },
    /** The chart's categories (the seat categories of ticket products). */
    async chartCategories(chartKey: string): Promise<{ key: string; label: string; color: string; accessible: boolean }[]> {
      const r = await call<{ categories: { key: string | number; label: string; color: string; accessible?: boolean }[] }>('GET', `/charts/${encodeURIComponent(chartKey)}/categories`);
      return r.categories.map((c) => ({ key: String(c.key), label: c.label, color: c.color, accessible: c.accessible ?? false }));
    },
  };
}

export type SeatsioClient = ReturnType<typeof seatsioClient>;
