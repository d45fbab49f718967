import type { ColumnType, Generated } from 'kysely';

// Column types and column groups shared by several tables (the club row; the sales documents' orders,
// contracts, invoices). Internal to the schema: index.ts does not re-export this file.

/** The start of every club-owned table with an id of its own (migrations/helpers.ts clubTable). */
export interface ClubRowColumns {
  id: Generated<number>;
  client_id: number;
}

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** bigint øre (both drivers read int8 as a number: connect.ts). */
export type Ore = ColumnType<number, number | undefined, number>;
/** numeric(12,2): read as a number, written as a number or string. */
export type Quantity = ColumnType<number, number | string | undefined, number | string>;

export type LineType = 'product' | 'ticket' | 'seat-ticket';

/** A per-club counter row for gapless numbers (migrations/helpers.ts clubCounterTable). */
export interface CounterColumns {
  client_id: number;
  last_number: Generated<number>;
}

/** The totals a sales document stores as orderTotals computed them (migrations/helpers.ts withTotals). */
export interface TotalsColumns {
  subtotal: Ore;
  discount: Ore;
  vat: Ore;
  total: Ore;
}

/** The editing fields of an order or contract line (migrations/helpers.ts withDocumentLine). */
export interface DocumentLineColumns {
  title: string;
  sku: string | null;
  type: ColumnType<LineType, LineType | undefined, LineType>;
  price: Ore;
  amount: Quantity;
  discount: Ore;
  pre_payment: Generated<boolean>;
  vat_exempt: Generated<boolean>;
  description: string | null;
  seat: string | null;
  seat_event_id: number | null;
}

/** Who did what, when (migrations/helpers.ts withAuditEntry). */
export interface AuditEntryColumns extends ClubRowColumns {
  user_id: number | null;
  at: CreatedAt;
  action: string;
}
