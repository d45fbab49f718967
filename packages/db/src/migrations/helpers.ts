import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/** The role the application runs as: neither table owner nor BYPASSRLS. */
export const APP_ROLE = 'klubhus_app';

/** `current_setting` of the club, NULL when unset: policies built on it fail closed. */
export const CURRENT_CLUB = sql.raw(`NULLIF(current_setting('app.client_id', true), '')::int`);
export const CURRENT_USER = sql.raw(`NULLIF(current_setting('app.user_id', true), '')::int`);

/**
 * Makes a table club-owned: row-level security enabled and forced, a policy
 * that only sees and writes rows of the club set for the transaction, and the
 * `(client_id, id)` key that composite foreign keys point at.
 * Every table with a client_id column must go through this (a test checks it).
 */
export async function enableTenancy(db: Kysely<any>, table: string, opts: { compositeKey?: boolean; references?: ClubReferences } = {}) {
  const t = sql.table(table);
  if (opts.compositeKey !== false) {
    await sql`ALTER TABLE ${t} ADD CONSTRAINT ${sql.raw(`${table}_client_id_id_key`)} UNIQUE (client_id, id)`.execute(db);
  }
  await sql`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`.execute(db);
  await sql`ALTER TABLE ${t} FORCE ROW LEVEL SECURITY`.execute(db);
  await sql`CREATE POLICY club_isolation ON ${t} USING (client_id = ${CURRENT_CLUB}) WITH CHECK (client_id = ${CURRENT_CLUB})`.execute(db);
  for (const [column, [target, onDelete]] of Object.entries(opts.references ?? {})) {
    await clubForeignKey(db, table, column, target, onDelete);
  }
}

type OnDelete = 'cascade' | 'set null' | 'restrict';

/** The club foreign keys of a table, column → [referenced table, ON DELETE], made in this order. */
export type ClubReferences = Record<string, readonly [target: string, onDelete: OnDelete]>;

/** `id` identity + `client_id` referencing clients, the start of every club-owned table. */
export function clubTable(db: Kysely<any>, table: string) {
  return db.schema
    .createTable(table)
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'));
}

/**
 * The start of a club-owned table without an id of its own (a link table, or one keyed otherwise):
 * `client_id` referencing clients; its key is the caller's.
 */
export function clubTableWithoutId(db: Kysely<any>, table: string) {
  return db.schema.createTable(table).addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'));
}

/**
 * A per-club counter for gapless numbers (orders, invoices, contracts): one row per club, taken under
 * its row lock by `nextNumber` in the transaction that uses the number. Never a sequence.
 */
export async function clubCounterTable(db: Kysely<any>, table: string) {
  await db.schema
    .createTable(table)
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('last_number', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await enableTenancy(db, table, { compositeKey: false });
}

type TableBuilder = CreateTableBuilder<any, any>;

/** `created_at` and `updated_at`, both now() when the row is made. */
export function withTimestamps(t: TableBuilder): TableBuilder {
  return t
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}

/** The totals a sales document stores as the domain's orderTotals computed them (øre). */
export function withTotals(t: TableBuilder): TableBuilder {
  return t
    .addColumn('subtotal', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('discount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('vat', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0));
}

/** The editing fields of a sales document's line (SPEC §3), shared by order and contract lines. */
export function withDocumentLine(t: TableBuilder): TableBuilder {
  return t
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sku', 'text')
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('product').check(sql`type IN ('product', 'ticket', 'seat-ticket')`))
    .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('amount', sql`numeric(12,2)`, (c) => c.notNull().defaultTo(1))
    .addColumn('discount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pre_payment', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('vat_exempt', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('description', 'text')
    .addColumn('seat', 'text')
    .addColumn('seat_event_id', 'integer');
}

/** Who did what, when: the columns every audit table has after its record's id and number. */
export function withAuditEntry(t: TableBuilder): TableBuilder {
  return t
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('action', 'text', (c) => c.notNull());
}

/** The company and contact a sale or booking is for: nulled when they are deleted. */
export const BUYER_REFERENCES = { company_id: ['companies', 'set null'], contact_id: ['contacts', 'set null'] } as const satisfies ClubReferences;

/** The product and variant a line was sold from: nulled when they are deleted (the line keeps its copy). */
export const PRODUCT_REFERENCES = { product_id: ['products', 'set null'], variant_id: ['product_variants', 'set null'] } as const satisfies ClubReferences;

/**
 * Tenancy, foreign keys and indexes of a sales document's lines (order_lines, contract_lines): the
 * document's lines in their order, and the lines of a product.
 */
export async function enableDocumentLineTenancy(db: Kysely<any>, table: string, documentColumn: string, documentTable: string) {
  await enableTenancy(db, table, {
    references: { [documentColumn]: [documentTable, 'cascade'], ...PRODUCT_REFERENCES, seat_event_id: ['events', 'set null'] },
  });
  const document = documentColumn.replace(/_id$/, '');
  await sql.raw(`CREATE INDEX ${table}_${document}_idx ON ${table} (client_id, ${documentColumn}, sorting)`).execute(db);
  await sql.raw(`CREATE INDEX ${table}_product_idx ON ${table} (client_id, product_id) WHERE product_id IS NOT NULL`).execute(db);
}

/**
 * Tenancy and index of a record's history (an audit, a signing trail): no foreign key to the record, so
 * its rows stay when the record is deleted; read per record in time order.
 */
export async function enableHistoryTenancy(db: Kysely<any>, table: string, recordColumn: string) {
  await enableTenancy(db, table);
  const record = recordColumn.replace(/_id$/, '');
  await sql.raw(`CREATE INDEX ${table}_${record}_idx ON ${table} (client_id, ${recordColumn}, at)`).execute(db);
}

/**
 * A link between rows of two club tables (a company's contacts, a list's members): keyed
 * (client_id, a, b), gone with either side, and indexed for reading it from b's side.
 */
export async function createClubLinkTable(db: Kysely<any>, table: string, [a, aTable]: [string, string], [b, bTable]: [string, string]) {
  await clubTableWithoutId(db, table)
    .addColumn(a, 'integer', (c) => c.notNull())
    .addColumn(b, 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint(`${table}_pkey`, ['client_id', a, b])
    .execute();
  await enableTenancy(db, table, { compositeKey: false, references: { [a]: [aTable, 'cascade'], [b]: [bTable, 'cascade'] } });
  await sql.raw(`CREATE INDEX ${table}_${b.replace(/_id$/, '')}_idx ON ${table} (client_id, ${b})`).execute(db);
}

/** A foreign key that can only point at a row of the same club. */
export async function clubForeignKey(
  db: Kysely<any>,
  table: string,
  column: string,
  target: string,
  onDelete: OnDelete = 'cascade',
) {
  // ON DELETE SET NULL must only null the referencing column, never client_id.
  const action = onDelete === 'set null' ? `SET NULL (${column})` : onDelete.toUpperCase();
  await sql
    .raw(
      `ALTER TABLE ${table} ADD CONSTRAINT ${table}_${column}_fkey FOREIGN KEY (client_id, ${column}) REFERENCES ${target} (client_id, id) ON DELETE ${action}`,
    )
    .execute(db);
}
