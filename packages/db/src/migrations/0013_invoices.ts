import { type Kysely, sql } from 'kysely';
import { BUYER_REFERENCES, clubCounterTable, clubTable, enableHistoryTenancy, enableTenancy, withAuditEntry, withTotals } from './helpers';

/**
 * Invoices and credit notes (issue 15; SPEC §3 Invoice, §4 Invoice).
 *
 * - An invoice copies what was sold into its own lines when it is made (title, unit price, amount,
 *   discount, VAT exemption, the product's e-conomic number) and the club's VAT settings beside
 *   them, so later edits of products, orders or the club never change an issued invoice.
 * - Numbers: a draft has none. Booking takes the club's next number from invoice_counters, a row
 *   created or advanced under its row lock in the booking transaction (never a sequence, which
 *   leaves a gap when a transaction rolls back): numbers are unique and unbroken per club. A credit
 *   note is an invoice of type credit_note with a number of its own from the same series, negative
 *   amounts and credits_id pointing at the invoice it credits (at most one credit note each).
 * - plan_key: the entry of the order's invoicing plan a draft was made for ('single', 'rate:2', …);
 *   unique per order, so the plan job makes each draft exactly once however many processes run it.
 * - pdf_key / pdf_status: the rendered PDF in file storage, made by the PDF job (never in a request).
 * - economic_*: the e-conomic status of a booked invoice (off, pending, booked, failed), the draft
 *   number there once made, the booked number (ExternalNumber) and the last error.
 * - invoice_audit: who did what to an invoice, when (kept when a draft is deleted).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await clubCounterTable(db, 'invoice_counters');

  await clubTable(db, 'invoices')
    .addColumn('number', 'integer')
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('invoice').check(sql`type IN ('invoice', 'credit_note')`))
    .addColumn('is_draft', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_sent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_paid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('invoice_date', 'date', (c) => c.notNull())
    .addColumn('payment_date', 'date', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('booked_at', 'timestamptz')
    .addColumn('booked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text')
    .addColumn('order_id', 'integer')
    // Agreements arrive with a later issue: no foreign key yet (as orders.contract_id).
    .addColumn('contract_id', 'integer')
    .addColumn('plan_key', 'text')
    .addColumn('credits_id', 'integer')
    .addColumn('company_id', 'integer')
    .addColumn('contact_id', 'integer')
    .addColumn('collection', 'text', (c) => c.notNull().defaultTo('transfer').check(sql`collection IN ('transfer', 'card')`))
    .addColumn('recipient', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('vat_rate', sql`numeric(5,2)`, (c) => c.notNull())
    .addColumn('prices_with_vat', 'boolean', (c) => c.notNull())
    .addColumn('disable_vat', 'boolean', (c) => c.notNull())
    .$call(withTotals)
    .addColumn('pdf_key', 'text')
    .addColumn('pdf_status', 'text', (c) => c.notNull().defaultTo('none').check(sql`pdf_status IN ('none', 'pending', 'ready', 'failed')`))
    .addColumn('pdf_error', 'text')
    .addColumn('economic_status', 'text', (c) => c.notNull().defaultTo('off').check(sql`economic_status IN ('off', 'pending', 'booked', 'failed')`))
    .addColumn('economic_draft_number', 'integer')
    .addColumn('external_number', 'text')
    .addColumn('economic_error', 'text')
    .addColumn('economic_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('invoices_number_check', sql`(is_draft AND number IS NULL) OR (NOT is_draft AND number > 0)`)
    .addCheckConstraint('invoices_credit_check', sql`(type = 'credit_note') = (credits_id IS NOT NULL)`)
    .execute();
  await enableTenancy(db, 'invoices', {
    references: { order_id: ['orders', 'set null'], ...BUYER_REFERENCES, credits_id: ['invoices', 'restrict'] },
  });
  // Unique per club; also the list's default order (Number desc; drafts, without a number, first).
  await sql`CREATE UNIQUE INDEX invoices_number_key ON invoices (client_id, number)`.execute(db);
  await sql`CREATE UNIQUE INDEX invoices_plan_key ON invoices (client_id, order_id, plan_key) WHERE plan_key IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX invoices_credits_key ON invoices (client_id, credits_id) WHERE credits_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX invoices_order_idx ON invoices (client_id, order_id) WHERE order_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX invoices_company_idx ON invoices (client_id, company_id, invoice_date) WHERE company_id IS NOT NULL`.execute(db);
  // The jobs' scans across clubs: only the few rows with work left.
  await sql`CREATE INDEX invoices_pdf_pending_idx ON invoices (client_id) WHERE pdf_status = 'pending'`.execute(db);
  await sql`CREATE INDEX invoices_economic_pending_idx ON invoices (client_id) WHERE economic_status IN ('pending', 'failed')`.execute(db);

  await clubTable(db, 'invoice_lines')
    .addColumn('invoice_id', 'integer', (c) => c.notNull())
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('sku', 'text')
    .addColumn('economic_product', 'text')
    .addColumn('product_id', 'integer')
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('amount', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('vat_exempt', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await enableTenancy(db, 'invoice_lines', { references: { invoice_id: ['invoices', 'cascade'], product_id: ['products', 'set null'] } });
  await sql`CREATE INDEX invoice_lines_invoice_idx ON invoice_lines (client_id, invoice_id, sorting)`.execute(db);

  await clubTable(db, 'invoice_audit')
    .addColumn('invoice_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer')
    .$call(withAuditEntry)
    .addColumn('detail', 'text')
    .execute();
  await enableHistoryTenancy(db, 'invoice_audit', 'invoice_id');
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
