import { type Kysely, sql } from 'kysely';

/**
 * A club's context (membership, active modules, their features, views and role rules) is cached per
 * app process and checked against clients.context_version on every club call. Triggers bump it on
 * every change of what the context is made of, so no code path can forget to, and a cached context
 * is never used past the next call after a change committed in any process.
 * Statement-level with transition tables: a bulk import of members bumps each club once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE clients ADD COLUMN context_version bigint NOT NULL DEFAULT 0`.execute(db);
  const bump = (rows: string) => `UPDATE clients SET context_version = context_version + 1 WHERE id IN (${rows}); RETURN NULL;`;
  const functions = {
    club_context_inserted: bump('SELECT client_id FROM new_rows'),
    club_context_deleted: bump('SELECT client_id FROM old_rows'),
    club_context_updated: bump('SELECT client_id FROM new_rows UNION SELECT client_id FROM old_rows'),
    // Module definitions are global: every club's context changes with them.
    club_context_modules: 'UPDATE clients SET context_version = context_version + 1; RETURN NULL;',
  };
  for (const [name, body] of Object.entries(functions)) {
    await sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} END $$`).execute(db);
  }
  for (const table of ['client_users', 'client_modules']) {
    await sql
      .raw(`CREATE TRIGGER ${table}_context_inserted AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION club_context_inserted()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_context_deleted AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
            FOR EACH STATEMENT EXECUTE FUNCTION club_context_deleted()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_context_updated AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION club_context_updated()`)
      .execute(db);
  }
  await sql
    .raw(`CREATE TRIGGER modules_context AFTER INSERT OR UPDATE OR DELETE ON modules FOR EACH STATEMENT EXECUTE FUNCTION club_context_modules()`)
    .execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
