import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../json';
import type { AuditEntryColumns, ClubRowColumns, CounterColumns, CreatedAt, DocumentLineColumns, Ore, Timestamp, TotalsColumns } from './columns';


export type OrderStatus = 'cart' | 'draft' | 'approved' | 'cancelled';
export type PaymentStatus = 'pending' | 'authorized' | 'paid' | 'refunded' | 'cancelled';

/** SPEC §3 Invoicing, amounts in øre. */
export interface OrderInvoicingJson {
  type: 'single' | 'recurring' | 'rates';
  prePaymentDate: string | null;
  invoiceDate: string | null;
  amount: number | null;
  intervals: number | null;
  startDate: string | null;
  intervalFee: number | null;
  customPeriods: { date: string; amount: number }[];
  rateFee: number | null;
  splitPayments: boolean;
}

/** An extra-info answer of a line or an order: a title with one value or several. */
export interface OrderExtraInfoJson {
  title: string;
  value?: string | null;
  values?: string[];
}

export interface OrderCountersTable extends CounterColumns {
  /** The club's orders (a trigger counts inserts and deletes): the unfiltered list's total. */
  order_count: Generated<number>;
}

export interface OrdersTable extends ClubRowColumns, TotalsColumns {
  order_number: number;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  payment_status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  phone: string | null;
  description: string | null;
  internal: string | null;
  additional: string | null;
  extra_info: Json<OrderExtraInfoJson[]>;
  company_id: number | null;
  contact_id: number | null;
  contract_id: number | null;
  category_id: number | null;
  order_discount: Ore;
  additional_fee: Ore;
  invoicing: ColumnType<OrderInvoicingJson | null, string | null | undefined, string | null>;
  /** Custom field values by field id (SPEC §3 fieldValues). */
  field_values: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Timestamp;
  /** The payment attempt that paid (or authorized) the order: its paymentStatus follows this one. */
  payment_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderLinesTable extends ClubRowColumns, DocumentLineColumns {
  order_id: number;
  product_id: number | null;
  variant_id: number | null;
  extra_info: Json<OrderExtraInfoJson[]>;
  sorting: Generated<number>;
}

export interface OrderLineOptionsTable extends ClubRowColumns {
  line_id: number;
  product_id: number | null;
  variant_id: number | null;
  title: string;
  sku: string | null;
  price: Ore;
  pre_payment: Generated<boolean>;
  sorting: Generated<number>;
}

export interface OrderAuditTable extends AuditEntryColumns {
  order_id: number;
  order_number: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
}

/** A payment link mailed to an order's contact: the SHA-256 of its token, never the token. */
export interface OrderPaymentLinksTable extends ClubRowColumns {
  order_id: number;
  token_hash: string;
  capture: 'auto' | 'manual';
  sent_to: string;
  created_by: number | null;
  created_at: CreatedAt;
}

/** The order list's search text of one order, kept by triggers (migration 0018); read only through order_search_ids / order_search_page. */
export interface OrderSearchTable {
  client_id: number;
  order_id: number;
  order_number: number;
  text: string;
}

export interface OrderTables {
  order_counters: OrderCountersTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_line_options: OrderLineOptionsTable;
  order_audit: OrderAuditTable;
  order_payment_links: OrderPaymentLinksTable;
  order_search: OrderSearchTable;
}
