/**
 * One payment interface for every card payment in Klubhus (bookings, webshop, payment links,
 * subscriptions), with three providers behind it: the built-in test provider (no network), Stripe
 * PaymentIntents and the OnPay payment window (INTEGRATIONS.md §2–3). Amounts are øre, currency DKK.
 */

export type PaymentProviderKind = 'test' | 'stripe' | 'onpay';

export interface StartPayment {
  /** Our reference of the payment (unique per attempt; OnPay: [a-zA-Z0-9-.]{1,36}). */
  reference: string;
  /** Øre. */
  amount: number;
  /** 'manual': authorize now, capture later (capture-payment); 'auto': charged at once. */
  capture: 'auto' | 'manual';
  /** Where the buyer's browser returns after paying, after declining or cancelling, and where the provider calls back. */
  returnUrl: string;
  declineUrl: string;
  callbackUrl: string;
  description?: string;
  email?: string | null;
}

/** How the buyer's browser pays. */
export type PaymentStart =
  | { kind: 'redirect'; url: string }
  | { kind: 'form'; action: string; fields: Record<string, string> }
  | { kind: 'client-secret'; clientSecret: string; transactionId: string };

export type PaymentEventStatus = 'authorized' | 'paid' | 'failed' | 'cancelled' | 'refunded';

/** A verified notification from a provider (webhook, callback or signed redirect), in one shape. */
export interface PaymentEvent {
  provider: PaymentProviderKind;
  /** Unique per notification: the same notification repeated has the same id (de-duplication). */
  eventId: string;
  reference: string;
  /** The provider's id of the payment (Stripe PaymentIntent, OnPay transaction uuid, test payment id). */
  transactionId: string;
  status: PaymentEventStatus;
  /** Øre the event is about (authorized, captured or refunded). */
  amount: number;
  currency: string;
  card?: { type: string | null; mask: string | null; expMonth: number | null; expYear: number | null };
}

export interface IncomingNotification {
  /** The body's raw bytes exactly as received (signatures are over them). */
  rawBody: Buffer | string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | undefined>;
}

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  start(payment: StartPayment): Promise<PaymentStart>;
  /** Verifies a notification; null for a genuine notification of no interest. Forged or stale: PaymentVerificationError. */
  verify(notification: IncomingNotification): PaymentEvent | null;
  capture(transactionId: string, amount?: number): Promise<void>;
  refund(transactionId: string, amount?: number): Promise<void>;
  /** Releases an authorization that will not be captured (no money moves). */
  cancel(transactionId: string): Promise<void>;
}

/** A notification whose signature does not hold (forged, altered, stale): answer 400, change nothing. */
export class PaymentVerificationError extends Error {}

/** A provider refused or failed a call (capture, refund, start). */
export class PaymentProviderError extends Error {
  constructor(
    readonly provider: PaymentProviderKind,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export const header = (headers: IncomingNotification['headers'], name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};
