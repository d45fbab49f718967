import { type Kysely, sql } from 'kysely';
import { APP_ROLE, BUYER_REFERENCES, clubCounterTable, clubForeignKey, clubTable, enableDocumentLineTenancy, enableHistoryTenancy, enableTenancy, withAuditEntry, withDocumentLine, withTotals } from './helpers';

/**
 * Sponsor agreements (issue 17; SPEC §3 Contract, Contract line, §4 contract and agreement states,
 * §5 Contract, Signing).
 *
 * - contracts: every field of SPEC §3 Contract; money is bigint øre, totals stored as orderTotals
 *   computed them on every save. Numbers come from contract_counters under its row lock in the
 *   creating transaction (gapless per club, never a sequence). `version` grows on every change of
 *   the agreement's content: a signing link is bound to the version it was sent for.
 * - contract_lines: the line editing fields of SPEC §3; `had_product` remembers that a line came
 *   from a product, so a line whose product was deleted (product_id set null) shows under Slettede;
 *   `category_line` marks the line the agreement's category put there.
 * - contract_audit: who did what, when, from which status to which (kept when a draft is deleted).
 * - contract_sign_requests: a signing link mailed to the contact: the SHA-256 of its token (≥128
 *   random bits), never the token; bound to the contract version and the unsigned PDF's hash; used
 *   once.
 * - contract_sign_trail: the e-sign evidence (sent, opened, signed) — append only: UPDATE and DELETE
 *   are revoked from the app role, and the contract's deletion does not cascade into it.
 * - invoices made from an agreement's plan are unique per (contract, plan key), as for orders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await clubCounterTable(db, 'contract_counters');

  await clubTable(db, 'contracts')
    .addColumn('contract_number', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft').check(sql`status IN ('draft', 'renewal', 'approved', 'cancelled')`))
    .addColumn('agreement_status', 'text', (c) =>
      c.notNull().defaultTo('unsent').check(sql`agreement_status IN ('unsent', 'sent', 'signed', 'renegotiation')`),
    )
    .addColumn('category_id', 'integer')
    .addColumn('description', 'text')
    .addColumn('internal', 'text')
    .addColumn('season_id', 'integer')
    .addColumn('start_date', 'date')
    .addColumn('end_date', 'date')
    .addColumn('no_end_date', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('renew_date', 'date')
    .addColumn('order_discount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('additional_fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('invoicing', 'jsonb')
    .addColumn('field_values', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('additional', 'text')
    .addColumn('contract_description', 'text')
    .addColumn('supplemental_description', 'text')
    .addColumn('company_id', 'integer')
    .addColumn('contact_id', 'integer')
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('renewed_from_id', 'integer')
    .$call(withTotals)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('pdf_key', 'text')
    .addColumn('pdf_version', 'integer')
    .addColumn('pdf_status', 'text', (c) => c.notNull().defaultTo('none').check(sql`pdf_status IN ('none', 'pending', 'ready', 'failed')`))
    .addColumn('pdf_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('contracts_number_check', sql`contract_number > 0`)
    .addCheckConstraint('contracts_dates_check', sql`end_date IS NULL OR start_date IS NULL OR end_date >= start_date`)
    .execute();
  await enableTenancy(db, 'contracts', {
    references: { ...BUYER_REFERENCES, category_id: ['order_categories', 'set null'], season_id: ['seasons', 'set null'], renewed_from_id: ['contracts', 'set null'] },
  });
  await sql`CREATE UNIQUE INDEX contracts_number_key ON contracts (client_id, contract_number)`.execute(db);
  await sql`CREATE INDEX contracts_status_idx ON contracts (client_id, status, contract_number)`.execute(db);
  await sql`CREATE INDEX contracts_company_idx ON contracts (client_id, company_id) WHERE company_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX contracts_renew_idx ON contracts (client_id, renew_date) WHERE renew_date IS NOT NULL`.execute(db);
  await sql`CREATE INDEX contracts_pdf_pending_idx ON contracts (client_id) WHERE pdf_status = 'pending'`.execute(db);

  await clubTable(db, 'contract_lines')
    .addColumn('contract_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer')
    .addColumn('had_product', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('variant_id', 'integer')
    .addColumn('category_line', 'boolean', (c) => c.notNull().defaultTo(false))
    .$call(withDocumentLine)
    .addColumn('seat_category_id', 'text')
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('extra_info', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('sorting', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await enableDocumentLineTenancy(db, 'contract_lines', 'contract_id', 'contracts');

  await clubTable(db, 'contract_audit')
    .addColumn('contract_id', 'integer', (c) => c.notNull())
    .addColumn('contract_number', 'integer', (c) => c.notNull())
    .$call(withAuditEntry)
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('detail', 'text')
    .execute();
  await enableHistoryTenancy(db, 'contract_audit', 'contract_id');

  await clubTable(db, 'contract_sign_requests')
    .addColumn('contract_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('contract_version', 'integer', (c) => c.notNull())
    .addColumn('unsigned_key', 'text')
    .addColumn('unsigned_sha256', 'text')
    .addColumn('stamped_key', 'text')
    .addColumn('stamped_sha256', 'text')
    .addColumn('signed_key', 'text')
    .addColumn('signed_sha256', 'text')
    .addColumn('sent_to', 'text', (c) => c.notNull())
    .addColumn('signer_name', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .execute();
  await enableTenancy(db, 'contract_sign_requests', { references: { contract_id: ['contracts', 'cascade'] } });
  await sql`CREATE UNIQUE INDEX contract_sign_requests_token_key ON contract_sign_requests (token_hash)`.execute(db);
  await sql`CREATE INDEX contract_sign_requests_contract_idx ON contract_sign_requests (client_id, contract_id)`.execute(db);

  // Append-only evidence. No foreign keys that could cascade a delete into it.
  await clubTable(db, 'contract_sign_trail')
    .addColumn('contract_id', 'integer', (c) => c.notNull())
    .addColumn('request_id', 'integer')
    .addColumn('event', 'text', (c) => c.notNull().check(sql`event IN ('sent', 'opened', 'signed', 'refused')`))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('sha256', 'text')
    .addColumn('detail', 'text')
    .execute();
  await enableHistoryTenancy(db, 'contract_sign_trail', 'contract_id');
  await sql.raw(`REVOKE UPDATE, DELETE, TRUNCATE ON contract_sign_trail FROM ${APP_ROLE}`).execute(db);

  await clubForeignKey(db, 'invoices', 'contract_id', 'contracts', 'set null');
  await clubForeignKey(db, 'orders', 'contract_id', 'contracts', 'set null');
  await sql`CREATE UNIQUE INDEX invoices_contract_plan_key ON invoices (client_id, contract_id, plan_key) WHERE plan_key IS NOT NULL AND contract_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX invoices_contract_idx ON invoices (client_id, contract_id) WHERE contract_id IS NOT NULL`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
