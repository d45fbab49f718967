import { type Kysely, sql } from 'kysely';

/**
 * The companies list's Utilization column (SPEC §2) reads, per company on the page, its valid
 * tickets and how many were scanned: this index answers that from the index alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX event_tickets_company_idx ON event_tickets (client_id, company_id) INCLUDE (first_scanned_at) WHERE status = 'valid' AND company_id IS NOT NULL`.execute(
    db,
  );
}
