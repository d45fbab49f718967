import { type Kysely, sql } from 'kysely';

/** The advisory lock class of an order's search rows (migration 0023; the second key is the order's id). */
const ORDER_SEARCH_LOCK = sql.raw(`hashtext('klubhus.order_search')`);

/**
 * What PostgreSQL does for one public booking, less (issue 15: ≥300 bookings/s on two cores). Measured
 * per booking with scripts/bench/booking-cost.ts (PostgreSQL's CPU) and, per statement, in psql.
 *
 * 1. order_search_flush (migration 0023), which writes a booking's search rows behind its commit, was
 *    planned on every call: plpgsql keeps a statement's custom plans while they look cheaper than its
 *    generic one, and `o.id = ANY(ids)` of a one-element array always does (a generic plan assumes ten
 *    elements). Its statements take the same indexes either way: they run their generic plans, planned
 *    once per connection (as order_search_page's do, migration 0024). Each order is read by its key,
 *    one lookup per id (a LATERAL with LIMIT: no plan may read the club's orders and filter them —
 *    the generic plan of `client_id = club AND id = ANY(ids)` did, through orders_number_key, on a
 *    table whose statistics were older than its rows; so did some custom plans: ~2,900 entries a
 *    booking in the cost script's database).
 *
 *    A company's or contact's name is looked up only when the order has one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION order_search_flush(club integer, ids integer[]) RETURNS integer
    LANGUAGE plpgsql SET search_path = pg_catalog, public SET plan_cache_mode = force_generic_plan AS $$
    DECLARE
      scoped text := NULLIF(current_setting('app.client_id', true), '');
      n integer;
    BEGIN
      IF scoped IS NULL THEN
        -- Called alone (the booking's flush, a statement of its own): its own transaction, scoped here.
        -- It need not wait for its WAL to reach the disk: lost in a crash, the rows are missing again
        -- and the sweep writes them.
        PERFORM set_config('app.client_id', club::text, true);
        PERFORM set_config('synchronous_commit', 'off', true);
      ELSIF scoped <> club::text THEN
        RAISE EXCEPTION 'order_search_flush: the transaction is scoped to another club';
      END IF;
      IF ids IS NULL THEN
        -- The sweep: the club's orders of the last day without search rows (orders_created_idx).
        ids := ARRAY(SELECT o.id FROM public.orders o WHERE o.client_id = club AND o.created_at > now() - interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM public.order_search s WHERE s.client_id = club AND s.order_id = o.id));
      END IF;
      IF cardinality(ids) IS DISTINCT FROM 0 THEN
        -- The orders' locks (in order: two flushes never wait for each other crosswise), then the orders
        -- read in a statement of its own: its snapshot is taken after any wait.
        PERFORM pg_advisory_xact_lock(${ORDER_SEARCH_LOCK}, id) FROM (SELECT DISTINCT unnest(ids) AS id ORDER BY 1) x;
        INSERT INTO public.order_search (client_id, order_id, order_number, text)
        SELECT o.client_id, o.id, o.order_number,
          lower(coalesce(o.firstname, '') || ' ' || coalesce(o.lastname, '')) || chr(31) || lower(coalesce(o.email, ''))
            || chr(31) || CASE WHEN o.company_id IS NULL THEN ''
              ELSE coalesce((SELECT lower(c.name) FROM public.companies c WHERE c.client_id = club AND c.id = o.company_id), '') END
            || chr(31) || CASE WHEN o.contact_id IS NULL THEN ''
              ELSE coalesce((SELECT lower(c.firstname || ' ' || c.lastname) FROM public.contacts c WHERE c.client_id = club AND c.id = o.contact_id), '') END
        FROM (SELECT DISTINCT unnest(ids) AS id) i
        CROSS JOIN LATERAL (SELECT * FROM public.orders o WHERE o.client_id = club AND o.id = i.id LIMIT 1) o
        ON CONFLICT (client_id, order_id) DO NOTHING;
        GET DIAGNOSTICS n = ROW_COUNT;
        RETURN n;
      END IF;
      RETURN 0;
    END $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
