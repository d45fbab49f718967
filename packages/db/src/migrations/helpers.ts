import { type Kysely, sql } from 'kysely';

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
export async function enableTenancy(db: Kysely<any>, table: string, opts: { compositeKey?: boolean } = {}) {
  const t = sql.table(table);
  if (opts.compositeKey !== false) {
    await sql`ALTER TABLE ${t} ADD CONSTRAINT ${sql.raw(`${table}_client_id_id_key`)} UNIQUE (client_id, id)`.execute(db);
  }
  await sql`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`.execute(db);
  await sql`ALTER TABLE ${t} FORCE ROW LEVEL SECURITY`.execute(db);
  await sql`CREATE POLICY club_isolation ON ${t} USING (client_id = ${CURRENT_CLUB}) WITH CHECK (client_id = ${CURRENT_CLUB})`.execute(db);
}

/** `id` identity + `client_id` referencing clients, the start of every club-owned table. */
export function clubTable(db: Kysely<any>, table: string) {
  return db.schema
    .createTable(table)
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'));
}

/** A foreign key that can only point at a row of the same club. */
export async function clubForeignKey(
  db: Kysely<any>,
  table: string,
  column: string,
  target: string,
  onDelete: 'cascade' | 'set null' | 'restrict' = 'cascade',
) {
  // ON DELETE SET NULL must only null the referencing column, never client_id.
  const action = onDelete === 'set null' ? `SET NULL (${column})` : onDelete.toUpperCase();
  await sql
    .raw(
      `ALTER TABLE ${table} ADD CONSTRAINT ${table}_${column}_fkey FOREIGN KEY (client_id, ${column}) REFERENCES ${target} (client_id, id) ON DELETE ${action}`,
    )
    .execute(db);
}
