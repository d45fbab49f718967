import { type Kysely, sql } from 'kysely';

/** The advisory lock class of an order's search rows (migration 0023; the second key is the order's id). */
const ORDER_SEARCH_LOCK = sql.raw(`hashtext('klubhus.order_search')`);

/**
 * An order's search text never keeps a company's or contact's old name.
 *
 * The text holds the names of the order's company and contact (migration 0018). A rename rewrites the
 * text of the orders it can see (order_search_rename); an order inserted (or its search rows flushed,
 * migration 0023) while the rename was under way read the old name, and the rename could not see that
 * order yet: its text kept the old name for good. The names are now read FOR SHARE, which waits for a
 * rename in progress and then reads the new name (a locking read takes the row's latest version), and
 * makes a rename that comes later wait for the order's transaction, whose order its trigger then sees
 * (each statement of a plpgsql trigger takes a fresh snapshot). Only orders that have a company or
 * contact lock anything; a guest's booking locks nothing more.
 *
 * order_search_row (0023) and order_search_flush (0025) restated with FOR SHARE on those two reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION order_search_row() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    DECLARE
      company text;
      contact text;
      searched text;
    BEGIN
      IF NEW.company_id IS NOT NULL THEN
        SELECT lower(c.name) INTO company FROM public.companies c WHERE c.client_id = NEW.client_id AND c.id = NEW.company_id FOR SHARE;
      END IF;
      IF NEW.contact_id IS NOT NULL THEN
        SELECT lower(c.firstname || ' ' || c.lastname) INTO contact FROM public.contacts c WHERE c.client_id = NEW.client_id AND c.id = NEW.contact_id FOR SHARE;
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
              ELSE coalesce((SELECT lower(c.name) FROM public.companies c WHERE c.client_id = club AND c.id = o.company_id FOR SHARE), '') END
            || chr(31) || CASE WHEN o.contact_id IS NULL THEN ''
              ELSE coalesce((SELECT lower(c.firstname || ' ' || c.lastname) FROM public.contacts c WHERE c.client_id = club AND c.id = o.contact_id FOR SHARE), '') END
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
