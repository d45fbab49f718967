import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../json';
import type { AuditEntryColumns, ClubRowColumns, CounterColumns, CreatedAt, DocumentLineColumns, Ore, Timestamp, TotalsColumns } from './columns';
import type { OrderExtraInfoJson, OrderInvoicingJson } from './orders';

/** A date column: read as 'YYYY-MM-DD' text (connect.ts), written as text. */
type DateText = ColumnType<string | null, string | null | undefined, string | null>;

export type ContractStatus = 'draft' | 'renewal' | 'approved' | 'cancelled';
export type AgreementStatus = 'unsent' | 'sent' | 'signed' | 'renegotiation';
export type ContractPdfStatus = 'none' | 'pending' | 'ready' | 'failed';

/** An option of a contract line, price in øre. */
export interface ContractLineOptionJson {
  productId: number | null;
  variantId: number | null;
  title: string;
  sku: string | null;
  price: number;
  prePayment: boolean;
}

export type ContractCountersTable = CounterColumns;

export interface ContractsTable extends ClubRowColumns, TotalsColumns {
  contract_number: number;
  status: ColumnType<ContractStatus, ContractStatus | undefined, ContractStatus>;
  agreement_status: ColumnType<AgreementStatus, AgreementStatus | undefined, AgreementStatus>;
  category_id: number | null;
  description: string | null;
  internal: string | null;
  season_id: number | null;
  start_date: DateText;
  end_date: DateText;
  no_end_date: Generated<boolean>;
  renew_date: DateText;
  order_discount: Ore;
  additional_fee: Ore;
  invoicing: ColumnType<OrderInvoicingJson | null, string | null | undefined, string | null>;
  field_values: Json<Record<string, unknown>>;
  additional: string | null;
  contract_description: string | null;
  supplemental_description: string | null;
  company_id: number | null;
  contact_id: number | null;
  owner_id: number | null;
  renewed_from_id: number | null;
  version: Generated<number>;
  pdf_key: string | null;
  pdf_version: number | null;
  pdf_status: ColumnType<ContractPdfStatus, ContractPdfStatus | undefined, ContractPdfStatus>;
  pdf_error: string | null;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Timestamp;
}

export interface ContractLinesTable extends ClubRowColumns, DocumentLineColumns {
  contract_id: number;
  product_id: number | null;
  had_product: Generated<boolean>;
  variant_id: number | null;
  category_line: Generated<boolean>;
  seat_category_id: string | null;
  options: Json<ContractLineOptionJson[]>;
  extra_info: Json<OrderExtraInfoJson[]>;
  sorting: Generated<number>;
}

export interface ContractAuditTable extends AuditEntryColumns {
  contract_id: number;
  contract_number: number;
  from_status: string | null;
  to_status: string | null;
  detail: string | null;
}

export interface ContractSignRequestsTable extends ClubRowColumns {
  contract_id: number;
  token_hash: string;
  contract_version: number;
  unsigned_key: string | null;
  unsigned_sha256: string | null;
  /** The unsigned document with the signature drawn on its last page (what the evidence page's second hash names). */
  stamped_key: string | null;
  stamped_sha256: string | null;
  signed_key: string | null;
  signed_sha256: string | null;
  sent_to: string;
  signer_name: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  used_at: Timestamp | null;
}

export interface ContractSignTrailTable extends ClubRowColumns {
  contract_id: number;
  request_id: number | null;
  event: 'sent' | 'opened' | 'signed' | 'refused';
  at: CreatedAt;
  ip: string | null;
  user_agent: string | null;
  name: string | null;
  email: string | null;
  sha256: string | null;
  detail: string | null;
}

export interface ContractTables {
  contract_counters: ContractCountersTable;
  contracts: ContractsTable;
  contract_lines: ContractLinesTable;
  contract_audit: ContractAuditTable;
  contract_sign_requests: ContractSignRequestsTable;
  contract_sign_trail: ContractSignTrailTable;
}
