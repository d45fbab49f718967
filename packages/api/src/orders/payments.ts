import { type Database, type Tx, withClub } from '@klubhus/db';
import {
  formatDKK,
  ORDER_MSG,
  ORDER_PAY_MSG,
  type OrderStatus,
  orderPaymentStatus,
  type PaymentAttemptState,
  type PaymentStatus,
  paymentOpen,
  type TOrderPayLink,
  type TOrderPayStart,
  wireKroner,
  type ZOrderSendPaymentLinkRequest,
} from '@klubhus/domain';
import { PaymentProviderError } from '@klubhus/integrations';
import { TRPCError } from '@trpc/server';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { loadActiveModules } from '../clubs/context';
import { fail } from '../lib/errors';
import { escapeHtml, linkMail, queueMail } from '../lib/mail';
import { generateToken, hashToken } from '../lib/tokens';
import { clubProviderKind, clubSettings } from '../payments/providers';
import { capturePayment, type PaymentFeatures, type PaymentRow, receiveNotification, refundPayment, registerPaymentPurpose, releasePayment, startPayment } from '../payments/service';
import { audit, lockOrder, storedLines } from './shared';

/**
 * Orders paid by card (SPEC §7 send-paymentlink and capture-payment; issue 13 item 5): a payment
 * link mailed to the order's contact opens a public page that starts a payment with the club's
 * provider; the provider's verified notification moves the payment, and the order follows it here,
 * in one place (orderPaymentStatus). Staff capture an authorized payment; cancelling an order with
 * money in releases or refunds it through the provider.
 *
 * Locks are always taken payment first, then order — a provider's notification locks its payment
 * and then calls this purpose — so a notification and a cancellation never wait on each other in
 * a circle.
 */

type Club = { clientId: number; userId: number };
type NoUser = { clientId: number; userId: null };
type PaymentLike = NonNullable<PaymentRow>;

export const ORDER_PAY_PATH = '/public/orders/pay/';
export const payLinkUrl = (baseUrl: string, token: string) => `${baseUrl.replace(/\/$/, '')}${ORDER_PAY_PATH}${token}`;

/** A provider's refusal (capture, refund, start) as a Danish 502, the provider's text kept as the cause. */
async function atProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw fail.badGateway(ORDER_MSG.providerRefused(error.message), error);
    throw error;
  }
}

/* ------------------------------------------------------------------ the purpose: an order follows its payment */

/** The club's own mail for a paid order (settings.orders.confirmationEmailSubject/Template, placeholders {{firstname}}, {{lastname}}, {{orderNumber}}, {{total}}), else the standard text. */
async function receiptMail(trx: Tx, clientId: number, o: { order_number: number; total: number; contact_id: number | null; email: string | null; firstname: string | null; lastname: string | null }) {
  const contact = o.contact_id
    ? await trx.selectFrom('contacts').select(['firstname', 'lastname', 'email']).where('client_id', '=', clientId).where('id', '=', o.contact_id).executeTakeFirst()
    : undefined;
  const to = contact?.email ?? o.email;
  if (!to) return;
  const club = await trx.selectFrom('clients').select(['name', 'settings']).where('id', '=', clientId).executeTakeFirstOrThrow();
  const settings = ((club.settings ?? {}) as { orders?: { confirmationEmailSubject?: unknown; confirmationEmailTemplate?: unknown } }).orders ?? {};
  const total = formatDKK(Number(o.total));
  const values: Record<string, string> = {
    firstname: escapeHtml(contact?.firstname ?? o.firstname ?? ''),
    lastname: escapeHtml(contact?.lastname ?? o.lastname ?? ''),
    orderNumber: String(o.order_number),
    total: escapeHtml(total),
  };
  const fill = (t: string) => t.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => values[k] ?? m);
  const template = typeof settings.confirmationEmailTemplate === 'string' && settings.confirmationEmailTemplate.trim() ? settings.confirmationEmailTemplate : null;
  const subject =
    typeof settings.confirmationEmailSubject === 'string' && settings.confirmationEmailSubject.trim()
      ? fill(settings.confirmationEmailSubject).replace(/<[^>]*>/g, '')
      : ORDER_PAY_MSG.receiptSubject(o.order_number, club.name);
  const html = template ? fill(template) : `<p>Hej ${values.firstname}</p><p>${escapeHtml(ORDER_PAY_MSG.receiptLead(o.order_number, total))}</p>`;
  const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
  await queueMail(trx, { to, subject, html, text, kind: 'order-receipt' });
}

/**
 * The first money of a payment for an order (runs once per payment, under the payment's row lock):
 * the order takes the payment as its own when it can still be delivered — approved (or reopened
 * while the buyer paid), no other payment through, and the amount still the order's total — and
 * the follow-up (the receipt mail) goes once. Otherwise 'unfulfillable': the payment is flagged
 * for a refund and the order is left as it is.
 */
export async function fulfilOrder(trx: Tx, clientId: number, orderId: number, payment: PaymentLike): Promise<'ok' | 'unfulfillable'> {
  const o = await trx.selectFrom('orders').selectAll().where('client_id', '=', clientId).where('id', '=', orderId).forUpdate().executeTakeFirst();
  if (!o || (o.status !== 'approved' && o.status !== 'draft')) return 'unfulfillable';
  if (o.payment_id !== payment.id && !paymentOpen(o.payment_status)) return 'unfulfillable';
  if (payment.amount !== Number(o.total)) return 'unfulfillable';
  // Taken from a clean slate: a payment released earlier (cancelled) does not hold the new one back.
  const status = orderPaymentStatus('pending', payment.status) ?? 'pending';
  await trx.updateTable('orders').set({ payment_id: payment.id, payment_status: status, updated_at: new Date() }).where('client_id', '=', clientId).where('id', '=', o.id).execute();
  await audit(trx, { clientId, userId: null } satisfies NoUser, o, `payment:${status}`, o.status, o.status);
  await receiptMail(trx, clientId, o);
  return 'ok';
}

/** Every later move of the order's own payment (capture, refund, release), mapped by orderPaymentStatus: forward only, so repeats change nothing. */
export async function followOrderPayment(trx: Tx, clientId: number, orderId: number, payment: PaymentLike, to: PaymentAttemptState) {
  const o = await trx.selectFrom('orders').selectAll().where('client_id', '=', clientId).where('id', '=', orderId).forUpdate().executeTakeFirst();
  if (!o || o.payment_id !== payment.id) return;
  const next = orderPaymentStatus(o.payment_status, to);
  if (!next) return;
  await trx.updateTable('orders').set({ payment_status: next, updated_at: new Date() }).where('client_id', '=', clientId).where('id', '=', o.id).execute();
  await audit(trx, { clientId, userId: null } satisfies NoUser, o, `payment:${next}`, o.status, o.status);
}

registerPaymentPurpose('order', { fulfil: fulfilOrder, statusChanged: followOrderPayment });

/* ------------------------------------------------------------------ staff: send a link, capture, cancel */

/**
 * POST /{id}/send-paymentlink: an approved order with nothing paid yet and something to pay gets a
 * link (160 random bits, only its hash stored) mailed through the outbox to its contact — or, with
 * no contact, to the order's own e-mail. A contact without an e-mail is refused, never replaced.
 */
export async function sendPaymentLink(trx: Tx, club: Club, input: z.output<typeof ZOrderSendPaymentLinkRequest>, baseUrl: string) {
  const { clientId } = club;
  const o = await lockOrder(trx, clientId, input.id);
  if (o.status !== 'approved') throw fail.conflict(ORDER_MSG.paymentLinkOnlyApproved);
  if (!paymentOpen(o.payment_status)) throw fail.conflict(ORDER_MSG.alreadyPaid);
  if (Number(o.total) <= 0) throw fail.conflict(ORDER_MSG.nothingToPay);
  let to: string;
  let name: string | null;
  if (o.contact_id) {
    const c = await trx.selectFrom('contacts').select(['firstname', 'email']).where('client_id', '=', clientId).where('id', '=', o.contact_id).executeTakeFirstOrThrow();
    if (!c.email) throw fail.badRequest(ORDER_MSG.contactNoEmail);
    to = c.email;
    name = c.firstname;
  } else if (o.email) {
    to = o.email;
    name = o.firstname;
  } else throw fail.badRequest(ORDER_MSG.noRecipient);
  const token = `${clientId}-${generateToken()}`;
  await trx
    .insertInto('order_payment_links')
    .values({ client_id: clientId, order_id: o.id, token_hash: hashToken(token), capture: input.capture, sent_to: to, created_by: club.userId })
    .execute();
  const clubName = (await trx.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirstOrThrow()).name;
  const mail = linkMail({
    greeting: name ? `Hej ${name}` : 'Hej',
    lines: [ORDER_PAY_MSG.mailLead(o.order_number, formatDKK(Number(o.total)))],
    link: payLinkUrl(baseUrl, token),
    linkText: ORDER_PAY_MSG.mailLink,
  });
  await queueMail(trx, { to, subject: ORDER_PAY_MSG.mailSubject(o.order_number, clubName), ...mail, kind: 'order-paymentlink' });
  await audit(trx, club, o, 'paymentlink', o.status, o.status);
  return { id: o.id, email: to, message: ORDER_MSG.paymentLinkSent };
}

/** POST /{id}/capture-payment: the order's authorized payment captured through its provider (only then). */
export async function captureOrderPayment(trx: Tx, club: Club, orderId: number, baseUrl: string) {
  const { clientId } = club;
  const peek = await trx.selectFrom('orders').select(['payment_id', 'payment_status']).where('client_id', '=', clientId).where('id', '=', orderId).executeTakeFirst();
  if (!peek) throw fail.notFound();
  if (!peek.payment_id || peek.payment_status !== 'authorized') throw fail.conflict(ORDER_MSG.nothingToCapture);
  await atProvider(() => capturePayment(trx, clientId, peek.payment_id as number, baseUrl));
  const o = await lockOrder(trx, clientId, orderId);
  await audit(trx, club, o, 'capture', o.status, o.status);
  return { id: o.id, paymentStatus: o.payment_status, message: ORDER_MSG.paymentCaptured };
}

/** `paymentFirst = false` exists only for the control run of the lock-order concurrency test (it must deadlock). */
export const orderLockOrder = { paymentFirst: true };

/** Before a cancellation locks the order: its payment's row, so the two are locked in the notifications' order. */
export async function lockOrderPayment(trx: Tx, clientId: number, orderId: number) {
  if (!orderLockOrder.paymentFirst) return;
  const peek = await trx.selectFrom('orders').select('payment_id').where('client_id', '=', clientId).where('id', '=', orderId).executeTakeFirst();
  if (peek?.payment_id) await trx.selectFrom('payments').select('id').where('client_id', '=', clientId).where('id', '=', peek.payment_id).forUpdate().execute();
}

/** A cancelled order's money goes back: an authorization is released, a payment refunded (what is left of it), once. */
export async function settleCancelledPayment(trx: Tx, clientId: number, paymentId: number, baseUrl: string) {
  const p = await trx.selectFrom('payments').select(['status', 'captured_amount', 'refunded_amount']).where('client_id', '=', clientId).where('id', '=', paymentId).executeTakeFirst();
  if (p?.status === 'authorized') await atProvider(() => releasePayment(trx, clientId, paymentId, baseUrl));
  else if (p?.status === 'paid' && p.captured_amount > p.refunded_amount) await atProvider(() => refundPayment(trx, clientId, paymentId, baseUrl));
}

/** An order's payments (newest first) and the links sent, for the order screen. */
export async function orderPayments(trx: Tx, clientId: number, orderId: number) {
  const payments = await trx
    .selectFrom('payments')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('purpose_type', '=', 'order')
    .where('purpose_id', '=', orderId)
    .orderBy('id', 'desc')
    .execute();
  const links = await trx
    .selectFrom('order_payment_links')
    .select(['sent_to', 'capture', 'created_at'])
    .where('client_id', '=', clientId)
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .execute();
  return {
    payments: payments.map((p) => ({
      id: p.id,
      reference: p.reference,
      provider: p.provider,
      status: p.status,
      amount: wireKroner(p.amount) ?? 0,
      capturedAmount: wireKroner(p.captured_amount) ?? 0,
      refundedAmount: wireKroner(p.refunded_amount) ?? 0,
      needsAttention: p.needs_attention,
      createdAt: new Date(p.created_at).toISOString(),
    })),
    paymentLinks: links.map((l) => ({ sentTo: l.sent_to, capture: l.capture, createdAt: new Date(l.created_at).toISOString() })),
  };
}

/* ------------------------------------------------------------------ the public page a link opens */

/** The club a token names, when it is an active club with the orders module on; its payment features. */
async function linkClub(db: Kysely<Database>, token: string) {
  const clientId = Number(token.split('-')[0]);
  const club = await db.selectFrom('clients').select(['id', 'name']).where('id', '=', clientId).where('active', '=', true).executeTakeFirst();
  if (!club) throw fail.notFound();
  return club;
}

async function openLink(trx: Tx, clientId: number, token: string, lock: boolean) {
  const orders = (await loadActiveModules(trx, clientId)).find((m) => m.module.alias === 'orders');
  if (!orders) throw fail.notFound();
  const link = await trx.selectFrom('order_payment_links').selectAll().where('client_id', '=', clientId).where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!link) throw fail.notFound();
  let q = trx.selectFrom('orders').selectAll().where('client_id', '=', clientId).where('id', '=', link.order_id);
  if (lock) q = q.forUpdate();
  const order = await q.executeTakeFirst();
  if (!order) throw fail.notFound();
  const active = (alias: string) => orders.module.features.some((f) => f.alias === alias && f.active);
  return { link, order, features: { stripe: active('stripe'), onpay: active('onpay') } satisfies PaymentFeatures };
}

function linkState(status: OrderStatus, payment: PaymentStatus): TOrderPayLink['state'] {
  if (payment === 'paid') return 'paid';
  if (payment === 'authorized') return 'authorized';
  return status === 'approved' && paymentOpen(payment) ? 'payable' : 'closed';
}

/** GET the page behind a payment link: the club, the order's lines and totals, and whether it can be paid. Unknown or foreign tokens: 404. */
export async function payLinkPage(db: Kysely<Database>, token: string): Promise<TOrderPayLink> {
  const club = await linkClub(db, token);
  return withClub(db, { clientId: club.id }, async (trx) => {
    const { order, features } = await openLink(trx, club.id, token, false);
    const lines = (await storedLines(trx, club.id, [order.id])).get(order.id) ?? [];
    const contact = order.contact_id
      ? await trx.selectFrom('contacts').select(['firstname', 'lastname']).where('client_id', '=', club.id).where('id', '=', order.contact_id).executeTakeFirst()
      : undefined;
    const last = await trx
      .selectFrom('payments')
      .select('status')
      .where('client_id', '=', club.id)
      .where('purpose_type', '=', 'order')
      .where('purpose_id', '=', order.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const name = contact ? `${contact.firstname} ${contact.lastname}`.trim() : [order.firstname, order.lastname].filter(Boolean).join(' ') || null;
    return {
      clubName: club.name,
      orderNumber: order.order_number,
      state: linkState(order.status, order.payment_status),
      paymentStatus: order.payment_status,
      name,
      lines: lines.map((l) => ({
        title: l.title,
        amount: Number(l.amount),
        total: wireKroner(Math.round((l.price + l.options.reduce((s, op) => s + op.price, 0)) * Number(l.amount)) - l.discount) ?? 0,
        options: l.options.map((op) => op.title),
      })),
      subtotal: wireKroner(Number(order.subtotal)) ?? 0,
      vat: wireKroner(Number(order.vat)) ?? 0,
      total: wireKroner(Number(order.total)) ?? 0,
      provider: (await clubProviderKind(trx, club.id, features)).kind,
      lastAttempt: last?.status === 'failed' || last?.status === 'cancelled' ? last.status : null,
    };
  });
}

/**
 * Betal on the link's page: a new payment attempt of the order's total with the club's provider,
 * under the order's row lock (two tabs start one after the other, and a second payment that still
 * went through is flagged by fulfilOrder, never kept). The buyer returns to the link's page.
 */
export async function payLinkStart(db: Kysely<Database>, baseUrl: string, token: string): Promise<TOrderPayStart> {
  const club = await linkClub(db, token);
  return withClub(db, { clientId: club.id }, async (trx) => {
    const { link, order, features } = await openLink(trx, club.id, token, true);
    const state = linkState(order.status, order.payment_status);
    if (state === 'paid' || state === 'authorized') throw fail.conflict(ORDER_MSG.alreadyPaid);
    if (state !== 'payable' || Number(order.total) <= 0) throw fail.conflict(ORDER_PAY_MSG.closed);
    const page = payLinkUrl(baseUrl, token);
    const started = await atProvider(() =>
      startPayment(trx, club.id, features, baseUrl, {
        purposeType: 'order',
        purposeId: order.id,
        amount: Number(order.total),
        capture: link.capture,
        returnUrl: `${page}?betaling=ok`,
        declineUrl: `${page}?betaling=afvist`,
        description: ORDER_PAY_MSG.heading(order.order_number),
        email: link.sent_to,
      }),
    );
    const start = started.start;
    if (start.kind === 'client-secret') {
      const publishableKey = (await clubSettings(trx, club.id)).stripe?.publishableKey;
      if (!publishableKey) throw fail.badGateway(ORDER_MSG.providerRefused('Stripe mangler den offentlige nøgle'));
      return { kind: 'client-secret', clientSecret: start.clientSecret, publishableKey, returnUrl: `${page}?betaling=ok` };
    }
    return start;
  });
}

/**
 * The buyer is back on the link's page: what the provider put on the return URL (OnPay's signed
 * accept parameters) is verified and applied exactly like its callback — whichever arrives first
 * counts, the other changes nothing. Anything that does not verify is ignored (the callback still
 * comes). Answers the page as it now is.
 */
export async function payLinkReturn(db: Kysely<Database>, baseUrl: string, token: string, query: Record<string, string>): Promise<TOrderPayLink> {
  const club = await linkClub(db, token);
  if (Object.keys(query).some((k) => k.startsWith('onpay_'))) {
    // The token must open this club's link before anything is applied in its name.
    await withClub(db, { clientId: club.id }, (trx) => openLink(trx, club.id, token, false));
    try {
      await receiveNotification(db, baseUrl, 'onpay', club.id, { rawBody: '', headers: {}, query });
    } catch (error) {
      if (!(error instanceof TRPCError) || (error.code !== 'BAD_REQUEST' && error.code !== 'NOT_FOUND')) throw error;
    }
  }
  return payLinkPage(db, token);
}
