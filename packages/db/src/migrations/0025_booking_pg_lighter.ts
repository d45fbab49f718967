import { type Kysely, sql } from 'kysely';

/** The advisory lock class of an order's search rows (migration 0023; the second key is the order's id). */
const ORDER_SEARCH_LOCK = sql.raw(`hashtext('klubhus.order_search')`);

/**
 * What PostgreSQL does for one public booking, less (issue 14: ≥300 bookings/s on two cores). Measured
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
 *
 * 2. Foreign keys to clients that a composite one already carries. Every inserted row checks each of
 *    its foreign keys (a SELECT … FOR KEY SHARE of the parent, run through SPI), and client_id →
 *    clients locks the one row every booking of the club locks too (a MultiXact when bookings run
 *    side by side). Where the row has a composite key (client_id, parent) → parent (client_id, id)
 *    with the parent column NOT NULL, that key already says both: the parent exists and is the same
 *    club's, and the parent's own club key (ON DELETE CASCADE, down to clients) makes the club exist
 *    and its deletion reach the row. Dropped for:
 *      order_lines (order_id → orders), order_line_options (line_id → order_lines),
 *      event_bookings (event_id → events, order_id → orders), event_tickets (event_id → events),
 *      event_capacity (event_id → events), order_search (order_id → orders).
 *    4 of a booking's ~27 checks, 5 with its flush. A test inserts an orphan and another club's
 *    row into each of them and sees both refused.
 *
 * 3. event_bookings_held_idx (held_until WHERE state = 'held', migration 0012), which every paid
 *    booking inserts into, is read by nothing: every statement on held bookings names its club (the
 *    policy asks it) and, the booking's and the expiry job's, is answered by event_bookings_event_held_idx
 *    (client_id, event_id, held_until WHERE state = 'held', migration 0017).
 *
 * 4. The club's order count (order_counters.order_count, migration 0011) follows inserts and deletes
 *    of orders once per statement, in the statement triggers that keep order_list_blocks (migration
 *    0024), instead of a row trigger: a booking's order was one plpgsql call and one upsert of the
 *    counter row more (the row its statement has just advanced), and an import's 100,000 orders were
 *    100,000 updates of it. The counter row before the blocks, as before.
 */
/** The tables whose client_id → clients a NOT NULL composite key to a club-owned parent carries (point 2). */
const CARRIED_CLUB_KEYS = ['order_lines', 'order_line_options', 'event_bookings', 'event_tickets', 'event_capacity', 'order_search'];

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

  for (const table of CARRIED_CLUB_KEYS) {
    await sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_client_id_fkey`).execute(db);
  }

  await sql`DROP INDEX event_bookings_held_idx`.execute(db);

  await sql`DROP TRIGGER orders_count_rows ON orders`.execute(db);
  await sql`DROP FUNCTION orders_count_rows()`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION order_list_blocks_added() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    BEGIN
      INSERT INTO public.order_counters (client_id, last_number, order_count)
      SELECT a.client_id, 0, count(*) FROM added a GROUP BY 1
      ON CONFLICT (client_id) DO UPDATE SET order_count = order_counters.order_count + excluded.order_count;
      INSERT INTO public.order_list_blocks (client_id, block, n)
      SELECT a.client_id, a.order_number >> 7, count(*) FROM added a GROUP BY 1, 2
      ON CONFLICT (client_id, block) DO UPDATE SET n = order_list_blocks.n + excluded.n;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION order_list_blocks_removed() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    BEGIN
      UPDATE public.order_counters c SET order_count = c.order_count - r.n
      FROM (SELECT d.client_id, count(*)::int AS n FROM removed d GROUP BY 1) r
      WHERE c.client_id = r.client_id;
      UPDATE public.order_list_blocks k SET n = k.n - r.n
      FROM (SELECT d.client_id, d.order_number >> 7 AS block, count(*)::int AS n FROM removed d GROUP BY 1, 2) r
      WHERE k.client_id = r.client_id AND k.block = r.block;
      RETURN NULL;
    END $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
