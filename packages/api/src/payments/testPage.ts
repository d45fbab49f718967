import type { Database } from '@klubhus/db';
import { PAYMENT_PAGE_MSG, TEST_CARD_DECLINED, type ZTestPaymentDecision } from '@klubhus/domain';
import { testProvider } from '@klubhus/integrations';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { fail } from '../lib/errors';
import { testProviderSecret } from './providers';
import { receiveNotification } from './service';

/**
 * The built-in test provider's own payment page: it reads the signed token the payment was started
 * with, and on the buyer's choice calls back exactly as a real provider would — a signed
 * notification to the payment's callback URL (in-process when that is this app) — then sends the
 * buyer back to the shop. Nothing here can change a payment without a valid token.
 */

async function readPayment(db: Kysely<Database>, baseUrl: string, token: string) {
  const provider = testProvider({ baseUrl, secret: await testProviderSecret(db) });
  const payment = provider.readToken(token);
  if (!payment) throw fail.notFound();
  const club = Number(new URL(payment.callbackUrl, baseUrl).searchParams.get('club'));
  return { provider, payment, club };
}

export async function testPaymentPage(db: Kysely<Database>, baseUrl: string, token: string) {
  const { payment, club } = await readPayment(db, baseUrl, token);
  const row = await db.selectFrom('clients').select('name').where('id', '=', club).executeTakeFirst();
  if (!row) throw fail.notFound();
  return { reference: payment.reference, amount: payment.amount, description: payment.description ?? null, clubName: row.name, cancelUrl: payment.declineUrl };
}

export async function decideTestPayment(db: Kysely<Database>, baseUrl: string, input: z.output<typeof ZTestPaymentDecision>) {
  const { provider, payment, club } = await readPayment(db, baseUrl, input.token);
  const status =
    input.decision === 'cancel' ? 'cancelled' : input.card.cardNumber === TEST_CARD_DECLINED ? 'failed' : payment.capture === 'manual' ? 'authorized' : 'paid';
  const last4 = input.decision === 'pay' ? input.card.cardNumber.slice(-4) : null;
  const [month, year] = input.decision === 'pay' ? input.card.expiry.split('/').map((s) => Number(s.trim())) : [null, null];
  const { body, signature } = provider.signCallback({
    eventId: `${payment.id}:${status}`,
    reference: payment.reference,
    transactionId: payment.id,
    status,
    amount: payment.amount,
    currency: 'DKK',
    ...(last4 ? { card: { type: 'visa', mask: `XXXXXXXXXXXX${last4}`, expMonth: month, expYear: year === null ? null : 2000 + year } } : {}),
  });
  const callback = new URL(payment.callbackUrl, baseUrl);
  if (callback.origin === new URL(baseUrl).origin) {
    await receiveNotification(db, baseUrl, 'test', club, { rawBody: body, headers: { 'klubhus-signature': signature }, query: { club: String(club) } });
  } else {
    const res = await fetch(callback, { method: 'POST', headers: { 'content-type': 'application/json', 'klubhus-signature': signature }, body });
    if (!res.ok) throw fail.badGateway(PAYMENT_PAGE_MSG.unknown);
  }
  if (status === 'failed') return { outcome: 'declined' as const, message: PAYMENT_PAGE_MSG.declined, redirect: payment.declineUrl };
  if (status === 'cancelled') return { outcome: 'cancelled' as const, message: PAYMENT_PAGE_MSG.cancelled, redirect: payment.declineUrl };
  return { outcome: 'approved' as const, message: PAYMENT_PAGE_MSG.approved, redirect: payment.returnUrl };
}
