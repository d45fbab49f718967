import { type Kysely, sql } from 'kysely';

/**
 * A paid booking's fast statement is its transaction's last: COMMIT is written right behind it
 * (commitWith, issue 14), so the event's lock is let go as soon as PostgreSQL commits. Behind a
 * COMMIT already on the wire, a booking that does not fit cannot go on to the locked path under the
 * lock it took: the statement raises instead, and the booking runs again on the locked path.
 *
 * booking_capacity_required(fits) answers true, or raises SQLSTATE KH001 when fits is not true
 * (booking/capacity.ts CAPACITY_REFUSED). VOLATILE: evaluated where it stands, in the RETURNING of
 * the UPDATE that took the lock, never folded ahead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION booking_capacity_required(p_fits boolean)
    RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      IF p_fits IS NOT TRUE THEN
        RAISE EXCEPTION 'the booking does not fit the event''s capacity' USING ERRCODE = 'KH001';
      END IF;
      RETURN true;
    END $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
