import type { ColumnType, Generated } from 'kysely';
import type { ClubRowColumns } from './columns';
import type { Json } from '../json';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type PaymentAttemptStatus = 'pending' | 'authorized' | 'paid' | 'failed' | 'cancelled' | 'refunded';

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface PaymentsTable extends ClubRowColumns {
  /** Ours, unique across the installation: what the provider echoes back. */
  reference: string;
  provider: 'test' | 'stripe' | 'onpay';
  transaction_id: string | null;
  /** What the payment pays for ('order', later 'subscription'), and its id. */
  purpose_type: string;
  purpose_id: number;
  amount: number;
  currency: Generated<string>;
  capture: 'auto' | 'manual';
  status: Generated<PaymentAttemptStatus>;
  captured_amount: Generated<number>;
  refunded_amount: Generated<number>;
  card: Json<{ type: string | null; mask: string | null; expMonth: number | null; expYear: number | null }> | null;
  /** When the purpose's follow-up ran (once). */
  fulfilled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Why staff must look at it (an amount that does not match, a payment for something that can no longer be delivered). */
  needs_attention: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PaymentEventsTable {
  client_id: number;
  provider: string;
  event_id: string;
  payment_id: number | null;
  status: string;
  amount: number;
  /** What receiving it did: applied, ignored (no change), flagged, unknown-payment. */
  outcome: string;
  received_at: CreatedAt;
}

export interface ContactPaymentCardsTable extends ClubRowColumns {
  contact_id: number;
  provider: 'test' | 'stripe' | 'onpay';
  /** The provider's reference to the stored card (never the card number). */
  provider_ref: string;
  card_type: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
}

export interface PaymentTables {
  contact_payment_cards: ContactPaymentCardsTable;
  app_secrets: AppSecretsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
}
