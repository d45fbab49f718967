import { type Kysely, sql } from 'kysely';
import { BUYER_REFERENCES, clubCounterTable, clubTable, enableDocumentLineTenancy, enableHistoryTenancy, enableTenancy, PRODUCT_REFERENCES, withAuditEntry, withDocumentLine, withTotals } from './helpers';

/**
 * Orders (SPEC §3 Order, Invoicing, order line editing fields; §4 order and payment states).
 * Money is bigint øre; line amounts are numeric (number lines carry decimals). Totals are stored as
 * the domain's orderTotals computed them on every save. Order numbers come from a per-club counter
 * row taken under its row lock in the creating transaction (never a sequence: a rolled-back
 * creation must leave no gap). The audit keeps its rows when an order is deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await clubCounterTable(db, 'order_counters');

  await clubTable(db, 'orders')
    .addColumn('order_number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft').check(sql`status IN ('cart', 'draft', 'approved', 'cancelled')`))
    .addColumn('payment_status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`payment_status IN ('pending', 'authorized', 'paid', 'refunded', 'cancelled')`),
    )
    .addColumn('firstname', 'text')
    .addColumn('lastname', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('description', 'text')
    .addColumn('internal', 'text')
    .addColumn('additional', 'text')
    .addColumn('extra_info', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('company_id', 'integer')
    .addColumn('contact_id', 'integer')
    // Agreements arrive with a later issue: no foreign key yet.
    .addColumn('contract_id', 'integer')
    .addColumn('category_id', 'integer')
    .addColumn('order_discount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('additional_fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('invoicing', 'jsonb')
    .addColumn('field_values', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .$call(withTotals)
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('orders_order_number_check', sql`order_number > 0`)
    .execute();
  await enableTenancy(db, 'orders', { references: { ...BUYER_REFERENCES, category_id: ['order_categories', 'set null'] } });
  // Unique per club; also the list's default order (Number desc is this index read backwards).
  await sql`CREATE UNIQUE INDEX orders_number_key ON orders (client_id, order_number)`.execute(db);
  await sql`CREATE INDEX orders_created_idx ON orders (client_id, created_at, id)`.execute(db);
  await sql`CREATE INDEX orders_company_idx ON orders (client_id, company_id) WHERE company_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX orders_contact_idx ON orders (client_id, contact_id) WHERE contact_id IS NOT NULL`.execute(db);
  // Search: the buyer's name and e-mail, lower-cased as the list compares them.
  await sql`CREATE INDEX orders_name_idx ON orders (client_id, lower(coalesce(firstname, '') || ' ' || coalesce(lastname, '')))`.execute(db);
  await sql`CREATE INDEX orders_email_idx ON orders (client_id, lower(email))`.execute(db);

  await clubTable(db, 'order_lines')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer')
    .addColumn('variant_id', 'integer')
    .$call(withDocumentLine)
    .addColumn('extra_info', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await enableDocumentLineTenancy(db, 'order_lines', 'order_id', 'orders');

  await clubTable(db, 'order_line_options')
    .addColumn('line_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer')
    .addColumn('variant_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sku', 'text')
    .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pre_payment', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await enableTenancy(db, 'order_line_options', { references: { line_id: ['order_lines', 'cascade'], ...PRODUCT_REFERENCES } });
  await sql`CREATE INDEX order_line_options_line_idx ON order_line_options (client_id, line_id, sorting)`.execute(db);

  // Who did what to an order, when, from which status to which. No foreign key to orders: a deleted
  // order's history stays (its number with it).
  await clubTable(db, 'order_audit')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('order_number', 'integer', (c) => c.notNull())
    .$call(withAuditEntry)
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .execute();
  await enableHistoryTenancy(db, 'order_audit', 'order_id');
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
