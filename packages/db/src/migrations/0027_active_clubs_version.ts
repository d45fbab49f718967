import { type Kysely, sql } from 'kysely';

/**
 * One number for what the storefront's club choice depends on: the active clubs, their urls and
 * their context versions. Every public call and every booking checked that by reading all active
 * clubs (the booking's first statement hashed them all): a cost that grew with every club of the
 * installation. A statement trigger on clients now bumps active_clubs.version whenever a club is
 * added or removed, or its active flag, url or context version is written — by the app, a migration
 * or by hand — in the same transaction; reading it is one row. Bumped for a write that changed
 * nothing, it only makes the next call read the clubs again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE active_clubs (only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row), version bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO active_clubs (version) VALUES (1)`.execute(db);
  await sql`CREATE FUNCTION active_clubs_bump() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    BEGIN
      UPDATE public.active_clubs SET version = version + 1;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER clients_active_clubs AFTER INSERT OR DELETE OR UPDATE OF active, url, context_version ON clients
    FOR EACH STATEMENT EXECUTE FUNCTION active_clubs_bump()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
