import { type Database, json, type PaymentAttemptStatus, type PaymentsTable, type Tx, withClub } from '@klubhus/db';
import { type IncomingNotification, type PaymentEvent, type PaymentProviderKind, PaymentVerificationError, type StartPayment } from '@klubhus/integrations';
import { type Kysely, type RawBuilder, sql, type Updateable } from 'kysely';
import { fail } from '../lib/errors';
import { type ClubPaymentSettings, clubProviderKind, clubSettings, providerKindOf, providerOf } from './providers';

/**
 * Card payments, whatever the provider: a payment row per attempt, started here and moved only by
 * verified notifications. Money moves once: a notification is recorded under (provider, event id)
 * before it is applied, in the same transaction as the payment's row lock, so a repeat — or a
 * redirect and a webhook saying the same — changes nothing; states only move forward; and the
 * purpose's follow-up (an order's tickets, mails, invoices) runs once, when the payment is first
 * authorized or paid. An amount that does not match, or a payment for something that can no
 * longer be delivered, is never silently accepted: it is flagged for staff (needs_attention).
 */

export type PaymentRow = Awaited<ReturnType<typeof lockPayment>>;

/**
 * What a payment pays for. `fulfil` runs once, in the transaction that first sees the money;
 * 'unfulfillable' flags the payment for a refund. `statusChanged` runs in the same transaction
 * every time the payment's state moves (after fulfil on the first money; on capture, refund,
 * release), so the purpose can follow it (an order's paymentStatus).
 */
export interface PaymentPurpose {
  fulfil(trx: Tx, clientId: number, purposeId: number, payment: NonNullable<PaymentRow>): Promise<'ok' | 'unfulfillable'>;
  statusChanged?(trx: Tx, clientId: number, purposeId: number, payment: NonNullable<PaymentRow>, to: PaymentAttemptStatus): Promise<void>;
}

/** Tells the payment's purpose that its state moved (in the transaction that moved it). */
async function followed(trx: Tx, clientId: number, payment: NonNullable<PaymentRow>, to: PaymentAttemptStatus) {
  await purposes.get(payment.purpose_type)?.statusChanged?.(trx, clientId, payment.purpose_id, { ...payment, status: to }, to);
}

const purposes = new Map<string, PaymentPurpose>();
/** A domain (orders, subscriptions) says what its payments do when they succeed. */
export function registerPaymentPurpose(type: string, purpose: PaymentPurpose): void {
  purposes.set(type, purpose);
}

export const PAYMENT_MSG = {
  amountMismatch: (got: number, expected: number) => `Beløbet ${got} øre passer ikke med betalingen (${expected} øre)`,
  unfulfillable: 'Betalt, men det købte kan ikke længere leveres: skal refunderes',
  notCapturable: 'Betalingen kan kun hæves, når den er godkendt.',
  notRefundable: 'Betalingen kan ikke refunderes.',
  notReleasable: 'Kun en godkendt betaling kan frigives.',
} as const;

export interface PaymentFeatures {
  stripe: boolean;
  onpay: boolean;
}

/**
 * Starts a payment attempt with the club's provider: the row first (pending), then the provider's
 * answer for the browser. The attempt's number, the row and (for the test provider) the
 * installation's signing secret are one statement; a caller that read the club's payment settings
 * already in its own transaction passes them (`settings`) and saves that read.
 */
export async function startPayment(
  trx: Tx,
  clientId: number,
  features: PaymentFeatures,
  baseUrl: string,
  input: StartInput,
  settings?: ClubPaymentSettings,
) {
  const { kind, settings: clubKeys } = settings ? providerKindOf(settings, features) : await clubProviderKind(trx, clientId, features);
  // The attempt is counted in the same statement as the row.
  const inserted = await sql<RecordedPayment>`
    INSERT INTO payments (client_id, reference, provider, purpose_type, purpose_id, amount, capture)
    SELECT ${clientId}::int, ${paymentReference(clientId, input.purposeType, sql`${input.purposeId}::int`, sql`count(*) + 1`)}, ${kind}::text, ${input.purposeType}::text, ${input.purposeId}::int, ${input.amount}::int, ${input.capture}::text
    FROM payments WHERE client_id = ${clientId} AND purpose_type = ${input.purposeType} AND purpose_id = ${input.purposeId}
    RETURNING id, reference, ${testSecretOf(kind)} AS test_secret`.execute(trx);
  return startRecordedPayment(trx, clientId, kind, clubKeys, baseUrl, input, inserted.rows[0]);
}

export type StartInput = { purposeType: string; purposeId: number; amount: number; capture: 'auto' | 'manual'; returnUrl: string; declineUrl: string; description?: string; email?: string | null };

/** A payment row as written: its id, reference and (for the test provider) the installation's signing secret, read with it. */
export type RecordedPayment = { id: number; reference: string; test_secret: string | null };

/**
 * A payment's reference, in SQL: unique across clubs, OnPay's alphabet ([a-zA-Z0-9-.]{1,36}), and
 * it names the club for the callback: k{club}-{purpose's initial}{purpose id}-{attempt}.
 */
export function paymentReference(clientId: number, purposeType: string, purposeId: RawBuilder<unknown>, attempt: RawBuilder<unknown>) {
  return sql<string>`${`k${clientId}-${purposeType.slice(0, 1)}`}::text || ${purposeId} || '-' || (${attempt})`;
}

/** The test provider's secret beside a written row (null for the other providers). */
export const testSecretOf = (kind: PaymentProviderKind) => (kind === 'test' ? sql<string | null>`(SELECT value FROM app_secrets WHERE name = 'test-payments')` : sql<string | null>`NULL::text`);

/** Whether a provider's start is local (no network call): its row may be written with what it pays for, and started after the commit. */
export const startsLocally = (kind: PaymentProviderKind) => kind === 'test' || kind === 'onpay';

/**
 * The provider's answer for the browser, for a payment whose row is written (pending). Stripe's start
 * is a network call and records the intent's id on the row (`db` is the transaction, or the database
 * when the row is committed already; the local providers write nothing).
 */
export async function startRecordedPayment(
  db: Tx | Kysely<Database>,
  clientId: number,
  kind: PaymentProviderKind,
  clubKeys: ClubPaymentSettings,
  baseUrl: string,
  input: StartInput,
  payment: RecordedPayment,
) {
  const reference = payment.reference;
  const provider = await providerOf(db, kind, clubKeys, baseUrl, payment.test_secret);
  const callbackUrl = `${baseUrl.replace(/\/$/, '')}/api/webhooks/${kind}?club=${clientId}`;
  const start = await provider.start({ ...input, reference, callbackUrl } satisfies StartPayment);
  if (start.kind === 'client-secret') await db.updateTable('payments').set({ transaction_id: start.transactionId }).where('client_id', '=', clientId).where('id', '=', payment.id).execute();
  return { paymentId: payment.id, reference, provider: kind, start };
}

async function lockPayment(trx: Tx, clientId: number, where: { reference?: string; transactionId?: string; provider: PaymentProviderKind }) {
  let q = trx.selectFrom('payments').selectAll().where('client_id', '=', clientId).where('provider', '=', where.provider);
  q = where.reference ? q.where('reference', '=', where.reference) : q.where('transaction_id', '=', where.transactionId ?? '');
  return q.forUpdate().executeTakeFirst();
}

/** The state a notification moves a payment to, or null when it changes nothing (states only go forward). */
function nextStatus(from: PaymentAttemptStatus, event: PaymentEvent['status']): PaymentAttemptStatus | null {
  switch (event) {
    case 'authorized':
      return from === 'pending' ? 'authorized' : null;
    case 'paid':
      return from === 'pending' || from === 'authorized' ? 'paid' : null;
    case 'failed':
      return from === 'pending' ? 'failed' : null;
    case 'cancelled':
      return from === 'pending' || from === 'authorized' ? 'cancelled' : null;
    case 'refunded':
      return from === 'paid' || from === 'authorized' || from === 'refunded' ? 'refunded' : null;
  }
}

export type ReceiveOutcome = 'applied' | 'duplicate' | 'ignored' | 'flagged' | 'unknown-payment';

/**
 * Applies one verified notification to its payment in the call's club transaction: recorded first
 * under (provider, event id) — a repeat is a 'duplicate' and changes nothing — then the payment's
 * row is locked and moved forward, and the purpose's follow-up runs the first time money is there.
 */
export async function applyPaymentEvent(trx: Tx, clientId: number, event: PaymentEvent): Promise<ReceiveOutcome> {
  const fresh = await trx
    .insertInto('payment_events')
    .values({ client_id: clientId, provider: event.provider, event_id: event.eventId, status: event.status, amount: event.amount, outcome: 'received' })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  if (!fresh) return 'duplicate';
  const payment =
    (event.reference ? await lockPayment(trx, clientId, { reference: event.reference, provider: event.provider }) : undefined) ??
    (event.transactionId ? await lockPayment(trx, clientId, { transactionId: event.transactionId, provider: event.provider }) : undefined);
  const record = (outcome: ReceiveOutcome) =>
    trx
      .updateTable('payment_events')
      .set({ outcome, payment_id: payment?.id ?? null })
      .where('provider', '=', event.provider)
      .where('event_id', '=', event.eventId)
      .execute()
      .then(() => outcome);
  if (!payment) return record('unknown-payment');

  const moneyIn = event.status === 'authorized' || event.status === 'paid';
  if (moneyIn && (event.amount !== payment.amount || event.currency.toUpperCase() !== payment.currency)) {
    await trx
      .updateTable('payments')
      .set({ needs_attention: PAYMENT_MSG.amountMismatch(event.amount, payment.amount), updated_at: new Date() })
      .where('client_id', '=', clientId)
      .where('id', '=', payment.id)
      .execute();
    return record('flagged');
  }
  const to = nextStatus(payment.status, event.status);
  if (!to) return record('ignored');
  const changes: Updateable<PaymentsTable> = { status: to };
  if (event.transactionId && !payment.transaction_id) changes.transaction_id = event.transactionId;
  if (to === 'paid') changes.captured_amount = event.amount;
  if (to === 'refunded') changes.refunded_amount = Math.min(payment.captured_amount || payment.amount, payment.refunded_amount + event.amount);
  if (event.card) changes.card = json(event.card);
  if (moneyIn && !payment.fulfilled_at) {
    changes.fulfilled_at = new Date();
    const purpose = purposes.get(payment.purpose_type);
    const result = purpose ? await purpose.fulfil(trx, clientId, payment.purpose_id, { ...payment, status: to }) : 'ok';
    if (result === 'unfulfillable') changes.needs_attention = PAYMENT_MSG.unfulfillable;
  }
  await trx
    .updateTable('payments')
    .set({ ...changes, updated_at: new Date() })
    .where('client_id', '=', clientId)
    .where('id', '=', payment.id)
    .execute();
  await followed(trx, clientId, payment, to);
  return record(changes.needs_attention ? 'flagged' : 'applied');
}

/**
 * A provider's notification as it arrived at /api/webhooks/{provider}?club={id}: verified with the
 * club's keys (a forged or altered one is refused before anything is written), then applied.
 */
export async function receiveNotification(
  db: Kysely<Database>,
  baseUrl: string,
  provider: PaymentProviderKind,
  clubId: number,
  notification: IncomingNotification,
): Promise<ReceiveOutcome> {
  const club = await db.selectFrom('clients').select('id').where('id', '=', clubId).where('active', '=', true).executeTakeFirst();
  if (!club) throw fail.notFound();
  return withClub(db, { clientId: club.id }, async (trx) => {
    const settings: ClubPaymentSettings = await clubSettings(trx, club.id);
    let event: PaymentEvent | null;
    try {
      event = (await providerOf(trx, provider, settings, baseUrl)).verify(notification);
    } catch (error) {
      if (error instanceof PaymentVerificationError) throw fail.badRequest('Ugyldig signatur');
      throw fail.notFound();
    }
    return event ? applyPaymentEvent(trx, club.id, event) : 'ignored';
  });
}

/** Captures an authorized payment through its provider (only then). */
export async function capturePayment(trx: Tx, clientId: number, paymentId: number, baseUrl: string, amount?: number) {
  const p = await trx.selectFrom('payments').selectAll().where('client_id', '=', clientId).where('id', '=', paymentId).forUpdate().executeTakeFirst();
  if (!p) throw fail.notFound();
  if (p.status !== 'authorized' || !p.transaction_id) throw fail.conflict(PAYMENT_MSG.notCapturable);
  const provider = await providerOf(trx, p.provider, await clubSettings(trx, clientId), baseUrl);
  await provider.capture(p.transaction_id, amount);
  // The provider's own notification may follow; it finds the payment paid already and changes nothing.
  await trx
    .updateTable('payments')
    .set({ status: 'paid', captured_amount: amount ?? p.amount, updated_at: new Date() })
    .where('client_id', '=', clientId)
    .where('id', '=', p.id)
    .execute();
  await followed(trx, clientId, p, 'paid');
}

/** Refunds a paid (or authorized) payment through its provider, the whole or a part. */
export async function refundPayment(trx: Tx, clientId: number, paymentId: number, baseUrl: string, amount?: number) {
  const p = await trx.selectFrom('payments').selectAll().where('client_id', '=', clientId).where('id', '=', paymentId).forUpdate().executeTakeFirst();
  if (!p) throw fail.notFound();
  const paidIn = p.status === 'paid' ? p.captured_amount : p.status === 'authorized' ? p.amount : 0;
  const left = paidIn - p.refunded_amount;
  const refund = amount ?? left;
  if (!p.transaction_id || left <= 0 || refund <= 0 || refund > left) throw fail.conflict(PAYMENT_MSG.notRefundable);
  const provider = await providerOf(trx, p.provider, await clubSettings(trx, clientId), baseUrl);
  await provider.refund(p.transaction_id, refund);
  await trx
    .updateTable('payments')
    .set({ status: 'refunded', refunded_amount: p.refunded_amount + refund, needs_attention: null, updated_at: new Date() })
    .where('client_id', '=', clientId)
    .where('id', '=', p.id)
    .execute();
  await followed(trx, clientId, p, 'refunded');
}

/**
 * Releases an authorized payment that will not be captured (an order cancelled before capture):
 * the provider cancels the authorization, so no money ever moves; the payment is cancelled.
 */
export async function releasePayment(trx: Tx, clientId: number, paymentId: number, baseUrl: string) {
  const p = await trx.selectFrom('payments').selectAll().where('client_id', '=', clientId).where('id', '=', paymentId).forUpdate().executeTakeFirst();
  if (!p) throw fail.notFound();
  if (p.status !== 'authorized' || !p.transaction_id) throw fail.conflict(PAYMENT_MSG.notReleasable);
  const provider = await providerOf(trx, p.provider, await clubSettings(trx, clientId), baseUrl);
  await provider.cancel(p.transaction_id);
  await trx
    .updateTable('payments')
    .set({ status: 'cancelled', needs_attention: null, updated_at: new Date() })
    .where('client_id', '=', clientId)
    .where('id', '=', p.id)
    .execute();
  await followed(trx, clientId, p, 'cancelled');
}
