import { type Kysely, sql } from 'kysely';
/** The advisory lock class of an order's search rows (the second key is the order's id). */
const ORDER_SEARCH_LOCK = sql.raw(`hashtext('klubhus.order_search')`);

/**
 * What a public booking writes under the event's row lock, lighter (issue 14).
 *
 * Indexes the booking's inserts maintained for nobody: event_tickets_event_idx (migration 0014) is
 * event_tickets_number_idx (0012, unique) again, column for column; orders_name_idx and
 * orders_email_idx (0008) served the search before order_search (0018), and no statement reads them.
 *
 * The order search's rows of a booking, written after its commit instead of under the event's lock
 * (issue 14: an order's search rows — order_search with its trigram index, the words and the pairs —
 * were ~0.6 ms of PostgreSQL CPU inside the statement that holds the event's row lock).
 *
 * A transaction that sets `app.order_search` to 'deferred' (the public booking does, in its first
 * statement) inserts its orders without search rows: the insert trigger of orders does not run
 * (its WHEN). order_search_flush(club, ids) writes the missing rows of those orders, from the orders
 * as they are then (the table's own triggers add the words and the pairs). The booking calls it for
 * its order right behind its commit, in the same request (dialect/pipeline.ts commitWithThen), so the
 * order is found as soon as the booking has answered. Should that not happen (the process died in
 * between, the flush failed twice), the job runner's sweep (ids null) writes the rows of the club's
 * orders of the last day that have none.
 *
 * A flush holds an advisory lock per order (class ORDER_SEARCH_LOCK) from before it reads the order
 * to its commit. A change of an order's name or e-mail that finds no search row to update takes the
 * same lock: it waits for a flush in flight and then updates the row that flush wrote; or it holds
 * the lock, so that a flush waits and reads the order as changed. Two flushes of one order: the second
 * waits, then finds the row there (ON CONFLICT DO NOTHING). No row is written or locked for this: the
 * booking's statement stays as narrow as it can be.
 *
 * The flush runs as its caller, under row-level security: it scopes its own transaction to the club
 * when nothing is scoped yet (the booking's flush is one statement outside a transaction) and refuses
 * a transaction scoped to another club.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS event_tickets_event_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_name_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_email_idx`.execute(db);

  // order_search_row (migration 0018): an update that finds no search row waits for a flush of the order.
  await sql`
    CREATE OR REPLACE FUNCTION order_search_row() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    DECLARE
      company text;
      contact text;
      searched text;
    BEGIN
      IF NEW.company_id IS NOT NULL THEN
        SELECT lower(c.name) INTO company FROM public.companies c WHERE c.client_id = NEW.client_id AND c.id = NEW.company_id;
      END IF;
      IF NEW.contact_id IS NOT NULL THEN
        SELECT lower(c.firstname || ' ' || c.lastname) INTO contact FROM public.contacts c WHERE c.client_id = NEW.client_id AND c.id = NEW.contact_id;
      END IF;
      searched := lower(coalesce(NEW.firstname, '') || ' ' || coalesce(NEW.lastname, '')) || chr(31) || lower(coalesce(NEW.email, ''))
        || chr(31) || coalesce(company, '') || chr(31) || coalesce(contact, '');
      IF TG_OP = 'INSERT' THEN
        INSERT INTO public.order_search (client_id, order_id, order_number, text) VALUES (NEW.client_id, NEW.id, NEW.order_number, searched);
      ELSE
        UPDATE public.order_search SET order_number = NEW.order_number, text = searched WHERE client_id = NEW.client_id AND order_id = NEW.id;
        IF NOT FOUND THEN
          -- No search row: the order's rows are deferred (its flush will read it as changed) or a flush
          -- that read it before this change is writing them. Wait for that flush, then update its row.
          PERFORM pg_advisory_xact_lock(${ORDER_SEARCH_LOCK}, NEW.id);
          UPDATE public.order_search SET order_number = NEW.order_number, text = searched WHERE client_id = NEW.client_id AND order_id = NEW.id;
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  // A deferring transaction's orders get no search rows here (the WHEN spares the trigger's call too).
  await sql`DROP TRIGGER order_search_insert ON orders`.execute(db);
  await sql`
    CREATE TRIGGER order_search_insert AFTER INSERT ON orders FOR EACH ROW
    WHEN (current_setting('app.order_search', true) IS DISTINCT FROM 'deferred')
    EXECUTE FUNCTION order_search_row()`.execute(db);

  // The text is order_search_row's, written out (a SQL function per row is planned per call: 0018).
  await sql`
    CREATE FUNCTION order_search_flush(club integer, ids integer[]) RETURNS integer
    LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
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
            || chr(31) || coalesce((SELECT lower(c.name) FROM public.companies c WHERE c.client_id = club AND c.id = o.company_id), '')
            || chr(31) || coalesce((SELECT lower(c.firstname || ' ' || c.lastname) FROM public.contacts c WHERE c.client_id = club AND c.id = o.contact_id), '')
        FROM public.orders o WHERE o.client_id = club AND o.id = ANY(ids)
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
