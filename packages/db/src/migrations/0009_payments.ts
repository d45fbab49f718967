import { type Kysely, sql } from 'kysely';
import { clubTable, clubTableWithoutId, enableTenancy, withTimestamps } from './helpers';

/**
 * Card payments (issue 13): one row per payment attempt with the provider's id, its state and
 * amounts, and every provider notification it received — keyed by (provider, event id), so a
 * notification repeated any number of times is applied once. app_secrets keeps the installation's
 * own secrets (the built-in test provider's signing key), shared by every app process.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await clubTable(db, 'payments')
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider IN ('test', 'stripe', 'onpay')`))
    .addColumn('transaction_id', 'text')
    .addColumn('purpose_type', 'text', (c) => c.notNull())
    .addColumn('purpose_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('DKK'))
    .addColumn('capture', 'text', (c) => c.notNull().check(sql`capture IN ('auto', 'manual')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status IN ('pending', 'authorized', 'paid', 'failed', 'cancelled', 'refunded')`))
    .addColumn('captured_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('card', 'jsonb')
    .addColumn('fulfilled_at', 'timestamptz')
    .addColumn('needs_attention', 'text')
    .$call(withTimestamps)
    .execute();
  await enableTenancy(db, 'payments');
  await db.schema.createIndex('payments_purpose_idx').on('payments').columns(['client_id', 'purpose_type', 'purpose_id']).execute();

  await clubTableWithoutId(db, 'payment_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_events_pkey', ['provider', 'event_id'])
    .execute();
  await enableTenancy(db, 'payment_events', { compositeKey: false });

  // A contact's saved cards: the provider's reference only (a Stripe payment method, an OnPay
  // subscription), with what the contact recognises the card by. Never a card number.
  await clubTable(db, 'contact_payment_cards')
    .addColumn('contact_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider IN ('test', 'stripe', 'onpay')`))
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('card_type', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull().check(sql`last4 ~ '^[0-9]{4}$'`))
    .addColumn('exp_month', 'integer', (c) => c.notNull().check(sql`exp_month BETWEEN 1 AND 12`))
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenancy(db, 'contact_payment_cards', { references: { contact_id: ['contacts', 'cascade'] } });
  await sql`CREATE UNIQUE INDEX contact_payment_cards_ref ON contact_payment_cards (client_id, provider, provider_ref)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
