import { type Kysely, sql } from 'kysely';

/**
 * A booking's capacity check in the statement that takes the event's lock (issue 14: the lock is
 * held from that statement to the commit, and every round trip in between is one every other buyer
 * of the event waits for).
 *
 * booking_capacity_fits(client, event, holder, max_signups, max_company_signups, lines) answers
 * whether a booking of `lines` ([{p: product, n: units, max: the product's maxAmount,
 * cmax: its maxCompanyAmount, free: the company's free allowance, k: the units the booking priced
 * at 0}], null where a limit does not apply) fits the event's capacity counters (event_capacity) as
 * they are now:
 *   - every product: everyone's units + n ≤ max; the company's units + n ≤ cmax;
 *   - the event: everyone's units + all n ≤ max_signups; the company's ≤ max_company_signups;
 *   - a free allowance: the units still free for the company, capped at n, are k (the prices hold);
 *   - no held booking of the event has run out (those are released by the locked path first).
 * `holder` is 'company:{id}' for a company's booking, else null (no per-company limit applies).
 *
 * It is VOLATILE on purpose: under READ COMMITTED each of its statements takes a new snapshot, so
 * called from the RETURNING of the UPDATE that took the event's row lock it reads the counters as
 * the last booking committed them — not as the statement's own snapshot, taken before it waited for
 * the lock, saw them. Every change of an event's counters happens under that lock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION booking_capacity_fits(p_client integer, p_event integer, p_holder text, p_max_signups integer, p_max_company_signups integer, p_lines jsonb)
    RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      want integer;
      everyone bigint;
      mine bigint;
    BEGIN
      IF EXISTS (SELECT 1 FROM event_bookings b WHERE b.client_id = p_client AND b.event_id = p_event AND b.state = 'held' AND b.held_until <= now()) THEN
        RETURN false;
      END IF;
      IF p_max_signups IS NOT NULL OR (p_holder IS NOT NULL AND p_max_company_signups IS NOT NULL) THEN
        SELECT coalesce(sum(x.n), 0) INTO want FROM jsonb_to_recordset(p_lines) AS x(n integer);
        SELECT coalesce(sum(c.units) FILTER (WHERE c.holder = ''), 0), coalesce(sum(c.units) FILTER (WHERE c.holder = p_holder), 0) INTO everyone, mine
        FROM event_capacity c WHERE c.client_id = p_client AND c.event_id = p_event AND c.holder IN ('', coalesce(p_holder, ''));
        IF p_max_signups IS NOT NULL AND everyone + want > p_max_signups THEN
          RETURN false;
        END IF;
        IF p_holder IS NOT NULL AND p_max_company_signups IS NOT NULL AND mine + want > p_max_company_signups THEN
          RETURN false;
        END IF;
      END IF;
      RETURN NOT EXISTS (
        SELECT 1
        FROM jsonb_to_recordset(p_lines) AS x(p integer, n integer, max integer, cmax integer, free integer, k integer)
        LEFT JOIN event_capacity t ON t.client_id = p_client AND t.event_id = p_event AND t.holder = '' AND t.product_id = x.p
        LEFT JOIN event_capacity m ON m.client_id = p_client AND m.event_id = p_event AND m.holder = p_holder AND m.product_id = x.p
        WHERE (x.max IS NOT NULL AND coalesce(t.units, 0) + x.n > x.max)
          OR (x.cmax IS NOT NULL AND coalesce(m.units, 0) + x.n > x.cmax)
          OR (x.free IS NOT NULL AND least(greatest(0, x.free - coalesce(m.free_units, 0)), x.n) <> x.k));
    END $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
