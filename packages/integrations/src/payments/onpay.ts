import { createHmac, timingSafeEqual } from 'node:crypto';
import { type FetchLike, type PaymentProvider, PaymentProviderError, PaymentVerificationError } from './types';

/**
 * OnPay payment window v3 (INTEGRATIONS.md §2): an HMAC-SHA1 signed form the buyer's browser posts
 * to OnPay; accept, decline and callback come back as a query string signed the same way. Capture
 * and refund through OnPay's REST API with a bearer token.
 */

export const ONPAY_WINDOW_URL = 'https://onpay.io/window/v3/';
const API = 'https://api.onpay.io/v1';

/** PHP's urlencode (RFC 1738): letters, digits and _.- stay, space is '+', every other UTF-8 byte %XX. */
function phpUrlencode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.-]/.test(c)) out += c;
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The PHP SDK's generateSecret(): every onpay_* field with a value except the HMAC, sorted by key
 * byte-wise, as http_build_query builds it, lowercased, HMAC-SHA1 with the window secret, hex.
 */
export function onpayHmac(fields: Record<string, string | number | null | undefined>, secret: string): string {
  const message = Object.keys(fields)
    .filter((k) => k.startsWith('onpay_') && k !== 'onpay_hmac_sha1' && fields[k] !== null && fields[k] !== undefined)
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
    .map((k) => `${phpUrlencode(k)}=${phpUrlencode(String(fields[k]))}`)
    .join('&')
    .toLowerCase();
  return createHmac('sha1', secret).update(message).digest('hex');
}

/** The received onpay_* fields (any key containing onpay_, as the SDK validates) hold their HMAC. */
export function onpayVerify(query: Record<string, string | undefined>, secret: string): boolean {
  const given = query.onpay_hmac_sha1?.toLowerCase() ?? '';
  const fields = Object.fromEntries(Object.entries(query).filter(([k]) => k.includes('onpay_')));
  const expected = onpayHmac(fields, secret);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export interface OnpaySettings {
  gatewayId: string;
  windowSecret: string;
  /** API token (management panel) for capture and refund. */
  apiToken: string;
  /** The club's website as OnPay knows it. */
  website: string;
  fetch?: FetchLike;
}

const CURRENCY_NUMBERS: Record<string, string> = { '208': 'DKK' };

export function onpayProvider(settings: OnpaySettings): PaymentProvider {
  const doFetch = settings.fetch ?? (globalThis.fetch as unknown as FetchLike);
  /** A POST to the API; no body means the whole amount (a full capture or refund). */
  async function api(path: string, body?: unknown) {
    const res = await doFetch(`${API}/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.apiToken}`, 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) {
      const data = (await res.json().catch(() => ({}))) as { errors?: { message?: string }[] };
      throw new PaymentProviderError('onpay', res.status, data.errors?.[0]?.message ?? `OnPay answered ${res.status}`);
    }
  }
  return {
    kind: 'onpay',
    async start(p) {
      if (!/^[a-zA-Z0-9\-.]{1,36}$/.test(p.reference)) throw new PaymentProviderError('onpay', 400, `OnPay reference not allowed: ${p.reference}`);
      const fields: Record<string, string> = {
        onpay_gatewayid: settings.gatewayId,
        onpay_currency: 'DKK',
        onpay_amount: String(p.amount),
        onpay_reference: p.reference,
        onpay_accepturl: p.returnUrl,
        onpay_declineurl: p.declineUrl,
        onpay_callbackurl: p.callbackUrl,
        onpay_website: settings.website,
        onpay_language: 'da',
        onpay_method: 'card',
        onpay_3dsecure: 'forced',
      };
      return { kind: 'form', action: ONPAY_WINDOW_URL, fields: { ...fields, onpay_hmac_sha1: onpayHmac(fields, settings.windowSecret) } };
    },
    verify({ query }) {
      if (!onpayVerify(query, settings.windowSecret)) throw new PaymentVerificationError('OnPay: the HMAC does not hold');
      const uuid = query.onpay_uuid;
      const reference = query.onpay_reference;
      if (!uuid || !reference) throw new PaymentVerificationError('OnPay: uuid or reference missing');
      const errorcode = Number.parseInt(query.onpay_errorcode ?? '', 10);
      const ok = errorcode === 0;
      const currency = query.onpay_currency ?? '';
      const expMonth = Number.parseInt(query.onpay_expiry_month ?? '', 10);
      const expYear = Number.parseInt(query.onpay_expiry_year ?? '', 10);
      return {
        provider: 'onpay',
        // Accept redirect and callback are the same notification: one id, whichever comes first.
        eventId: `onpay:${uuid}:${ok ? 'authorized' : `failed-${query.onpay_errorcode}`}`,
        reference,
        transactionId: uuid,
        status: ok ? 'authorized' : 'failed',
        amount: Number.parseInt(query.onpay_amount ?? '0', 10),
        currency: CURRENCY_NUMBERS[currency] ?? currency.toUpperCase(),
        card: {
          type: query.onpay_cardtype ?? null,
          mask: query.onpay_cardmask ?? null,
          expMonth: Number.isNaN(expMonth) ? null : expMonth,
          expYear: Number.isNaN(expYear) ? null : expYear,
        },
      };
    },
    capture: (id, amount) => api(`transaction/${encodeURIComponent(id)}/capture`, amount === undefined ? undefined : { data: { amount } }),
    refund: (id, amount) => api(`transaction/${encodeURIComponent(id)}/refund`, amount === undefined ? undefined : { data: { amount } }),
    cancel: (id) => api(`transaction/${encodeURIComponent(id)}/cancel`),
  };
}
