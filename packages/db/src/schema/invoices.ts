import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../json';
import type { AuditEntryColumns, ClubRowColumns, CounterColumns, CreatedAt, Ore, Timestamp, TotalsColumns } from './columns';

/** numeric: read as a number, written as a number or string. */
type Numeric = ColumnType<number, number | string, number | string>;
/** A date column: read as 'YYYY-MM-DD' text (connect.ts), written as text. */
type DateText = ColumnType<string, string, string>;

export type InvoiceType = 'invoice' | 'credit_note';
export type InvoicePdfStatus = 'none' | 'pending' | 'ready' | 'failed';
export type InvoiceEconomicStatus = 'off' | 'pending' | 'booked' | 'failed';
export type InvoiceCollection = 'transfer' | 'card';

/** Who an invoice is addressed to, copied when it is made (company or buyer, and the contact). */
export interface InvoiceRecipientJson {
  name: string;
  attention?: string | null;
  address?: string | null;
  zipCode?: string | null;
  city?: string | null;
  cvr?: string | null;
  ean?: string | null;
  email?: string | null;
}

export type InvoiceCountersTable = CounterColumns;

export interface InvoicesTable extends ClubRowColumns, TotalsColumns {
  number: number | null;
  type: ColumnType<InvoiceType, InvoiceType | undefined, InvoiceType>;
  is_draft: Generated<boolean>;
  is_sent: Generated<boolean>;
  is_paid: Generated<boolean>;
  invoice_date: DateText;
  payment_date: DateText;
  paid_at: Timestamp | null;
  sent_at: Timestamp | null;
  booked_at: Timestamp | null;
  booked_by: number | null;
  title: string | null;
  order_id: number | null;
  contract_id: number | null;
  plan_key: string | null;
  credits_id: number | null;
  company_id: number | null;
  contact_id: number | null;
  collection: ColumnType<InvoiceCollection, InvoiceCollection | undefined, InvoiceCollection>;
  recipient: Json<InvoiceRecipientJson>;
  vat_rate: Numeric;
  prices_with_vat: boolean;
  disable_vat: boolean;
  pdf_key: string | null;
  pdf_status: ColumnType<InvoicePdfStatus, InvoicePdfStatus | undefined, InvoicePdfStatus>;
  pdf_error: string | null;
  economic_status: ColumnType<InvoiceEconomicStatus, InvoiceEconomicStatus | undefined, InvoiceEconomicStatus>;
  economic_draft_number: number | null;
  external_number: string | null;
  economic_error: string | null;
  economic_attempts: Generated<number>;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Timestamp;
}

export interface InvoiceLinesTable extends ClubRowColumns {
  invoice_id: number;
  sorting: Generated<number>;
  title: string;
  description: string | null;
  sku: string | null;
  economic_product: string | null;
  product_id: number | null;
  price: Ore;
  amount: Numeric;
  discount: Ore;
  vat_exempt: Generated<boolean>;
}

export interface InvoiceAuditTable extends AuditEntryColumns {
  invoice_id: number;
  number: number | null;
  detail: string | null;
}

export interface InvoiceTables {
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_audit: InvoiceAuditTable;
}
