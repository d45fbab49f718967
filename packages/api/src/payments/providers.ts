import { randomBytes } from 'node:crypto';
import type { Database, Tx } from '@klubhus/db';
import { onpayProvider, type PaymentProvider, type PaymentProviderKind, stripeApiFromEnv, stripeProvider, testProvider } from '@klubhus/integrations';
import type { Kysely } from 'kysely';

/**
 * The club's payment provider: Stripe when its `stripe` feature is on and its keys are set
 * (clients.settings.stripe), OnPay likewise (settings.onpay), else the built-in test provider,
 * which needs no network. Secrets are read here, on the server, and never answered.
 */

export interface ClubPaymentSettings {
  stripe?: { secretKey?: string; publishableKey?: string; webhookSecret?: string };
  onpay?: { gatewayId?: string; windowSecret?: string; apiToken?: string; website?: string };
}

/** The installation's secret for the test provider's signatures: made once, shared by every process. */
export async function testProviderSecret(db: Kysely<Database> | Tx): Promise<string> {
  const existing = await db.selectFrom('app_secrets').select('value').where('name', '=', 'test-payments').executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('app_secrets')
    .values({ name: 'test-payments', value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await db.selectFrom('app_secrets').select('value').where('name', '=', 'test-payments').executeTakeFirstOrThrow()).value;
}

/** Which provider the club pays with, by its features and keys. */
export async function clubProviderKind(trx: Tx, clientId: number, features: { stripe: boolean; onpay: boolean }): Promise<{ kind: PaymentProviderKind; settings: ClubPaymentSettings }> {
  return providerKindOf(await clubSettings(trx, clientId), features);
}

/** Which provider the club pays with, from its settings (clients.settings) already read. */
export function providerKindOf(settings: ClubPaymentSettings, features: { stripe: boolean; onpay: boolean }): { kind: PaymentProviderKind; settings: ClubPaymentSettings } {
  const s = settings.stripe;
  if (features.stripe && s?.secretKey && s.webhookSecret) return { kind: 'stripe', settings };
  const o = settings.onpay;
  if (features.onpay && o?.gatewayId && o.windowSecret && o.apiToken) return { kind: 'onpay', settings };
  return { kind: 'test', settings };
}

/**
 * The provider of a kind with the club's settings (a payment keeps the provider it was started with).
 * `testSecret`: the test provider's secret when the caller read it already (null: read or make it here).
 */
export async function providerOf(trx: Tx | Kysely<Database>, kind: PaymentProviderKind, settings: ClubPaymentSettings, baseUrl: string, testSecret: string | null = null): Promise<PaymentProvider> {
  if (kind === 'stripe' && settings.stripe?.secretKey && settings.stripe.webhookSecret) {
    return stripeProvider({ secretKey: settings.stripe.secretKey, webhookSecret: settings.stripe.webhookSecret, api: stripeApiFromEnv() });
  }
  if (kind === 'onpay' && settings.onpay?.gatewayId && settings.onpay.windowSecret && settings.onpay.apiToken) {
    return onpayProvider({
      gatewayId: settings.onpay.gatewayId,
      windowSecret: settings.onpay.windowSecret,
      apiToken: settings.onpay.apiToken,
      website: settings.onpay.website ?? baseUrl,
    });
  }
  if (kind === 'test') return testProvider({ baseUrl, secret: testSecret ?? (await testProviderSecret(trx)) });
  throw new Error(`the club has no ${kind} settings`);
}

export async function clubSettings(trx: Tx, clientId: number): Promise<ClubPaymentSettings> {
  const row = await trx.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirst();
  return (row?.settings ?? {}) as ClubPaymentSettings;
}
