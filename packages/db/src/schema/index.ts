import type { CatalogueTables } from './catalogue';
import type { ContractTables } from './contracts';
import type { CrmTables } from './crm';
import type { EventTables } from './events';
import type { FoundationTables } from './foundation';
import type { GateTables } from './gate';
import type { InvoiceTables } from './invoices';
import type { PaymentTables } from './payments';
import type { OrderTables } from './orders';
import type { SeatingTables } from './seating';

export * from './catalogue';
export * from './contracts';
export * from './crm';
export * from './events';
export * from './foundation';
export * from './gate';
export * from './invoices';
export * from './payments';
export * from './orders';
export * from './seating';

/**
 * Every table of the database: one interface per domain, each in its own file
 * beside this one, joined here.
 */
export interface Database extends FoundationTables, CrmTables, CatalogueTables, SeatingTables, EventTables, OrderTables, PaymentTables, InvoiceTables, GateTables, ContractTables {}
