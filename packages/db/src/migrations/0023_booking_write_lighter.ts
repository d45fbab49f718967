import { type Kysely, sql } from 'kysely';
import { clubForeignKey, enableTenancy } from './helpers';

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
 * A transaction that sets `app.order_search` to 'queued' (the public booking does, in its first
 * statement) has the insert trigger of orders put the new order's id in order_search_queue, one narrow
 * row, instead of building its search rows. order_search_flush(club, ids) builds them: it takes the
 * queued rows (DELETE … RETURNING: of two flushes of one order the second waits for the first and then
 * finds nothing) and inserts their orders' search rows from the orders as they are then (the table's
 * own triggers add the words and the pairs). The booking calls it for its order right behind its
 * commit, in the same request (dialect/pipeline.ts commitWithThen), so the order is found as
 * soon as the booking has answered; the job runner flushes what a crash left (ids null: the club's
 * whole queue).
 *
 * A change of a queued order's name or e-mail finds no search row to update: its trigger then takes
 * the queue row (FOR UPDATE) — waiting for a flush that has it, then updating the row that flush
 * wrote; or holding it, so that a flush waits and reads the order as changed. A deleted order takes
 * its queue row with it (cascade).
 *
 * The flush runs as its caller, under row-level security: it scopes its own transaction to the club
 * when nothing is scoped yet (the booking's flush is one statement outside a transaction) and refuses
 * a transaction scoped to another club.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS event_tickets_event_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_name_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_email_idx`.execute(db);

  await sql`
    CREATE TABLE order_search_queue (
      client_id integer NOT NULL,
      order_id integer NOT NULL,
      PRIMARY KEY (client_id, order_id)
    )`.execute(db);
  await enableTenancy(db, 'order_search_queue', { compositeKey: false });
  await clubForeignKey(db, 'order_search_queue', 'order_id', 'orders', 'cascade');

  // order_search_row (migration 0018) with the queue: an insert in a transaction that asked for it
  // queues the order; everything else is as it was.
  await sql`
    CREATE OR REPLACE FUNCTION order_search_row() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    DECLARE
      company text;
      contact text;
      searched text;
    BEGIN
      IF TG_OP = 'INSERT' AND current_setting('app.order_search', true) = 'queued' THEN
        INSERT INTO public.order_search_queue (client_id, order_id) VALUES (NEW.client_id, NEW.id);
        RETURN NULL;
      END IF;
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
          -- No search row: the order is queued (its flush will read it as changed) or a flush that read it
          -- before this change is writing its row. Wait for that flush (it holds the queue row), then
          -- update what it wrote.
          PERFORM 1 FROM public.order_search_queue q WHERE q.client_id = NEW.client_id AND q.order_id = NEW.id FOR UPDATE;
          UPDATE public.order_search SET order_number = NEW.order_number, text = searched WHERE client_id = NEW.client_id AND order_id = NEW.id;
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);

  // The text is order_search_row's, written out (a SQL function per row is planned per call: 0018).
  await sql`
    CREATE FUNCTION order_search_flush(club integer, ids integer[]) RETURNS integer
    LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    DECLARE
      scoped text := NULLIF(current_setting('app.client_id', true), '');
      taken integer[];
      n integer;
    BEGIN
      IF scoped IS NULL THEN
        -- Called alone (the booking's flush, a statement of its own): its own transaction, scoped here.
        -- It need not wait for its WAL to reach the disk: lost in a crash, the queue row is back with
        -- it and the sweep writes the rows again.
        PERFORM set_config('app.client_id', club::text, true);
        PERFORM set_config('synchronous_commit', 'off', true);
      ELSIF scoped <> club::text THEN
        RAISE EXCEPTION 'order_search_flush: the transaction is scoped to another club';
      END IF;
      -- The queue rows first (a second flush of an order waits here, then finds nothing), then the orders
      -- read in a statement of their own: its snapshot is taken after any wait, so an order changed by a
      -- transaction that held its queue row (order_search_row) is read as changed.
      -- Two statements, so that each keeps a plan that fits it: the booking's takes its rows by key,
      -- never walking the club's entries (a queue that every booking writes and empties is full of dead ones).
      IF ids IS NULL THEN
        WITH q AS (DELETE FROM public.order_search_queue WHERE client_id = club RETURNING order_id)
        SELECT array_agg(q.order_id) INTO taken FROM q;
      ELSE
        WITH q AS (DELETE FROM public.order_search_queue WHERE client_id = club AND order_id = ANY(ids) RETURNING order_id)
        SELECT array_agg(q.order_id) INTO taken FROM q;
      END IF;
      IF taken IS NULL THEN
        RETURN 0;
      END IF;
      INSERT INTO public.order_search (client_id, order_id, order_number, text)
      SELECT o.client_id, o.id, o.order_number,
        lower(coalesce(o.firstname, '') || ' ' || coalesce(o.lastname, '')) || chr(31) || lower(coalesce(o.email, ''))
          || chr(31) || coalesce((SELECT lower(c.name) FROM public.companies c WHERE c.client_id = club AND c.id = o.company_id), '')
          || chr(31) || coalesce((SELECT lower(c.firstname || ' ' || c.lastname) FROM public.contacts c WHERE c.client_id = club AND c.id = o.contact_id), '')
      FROM public.orders o WHERE o.client_id = club AND o.id = ANY(taken)
      ON CONFLICT (client_id, order_id) DO NOTHING;
      GET DIAGNOSTICS n = ROW_COUNT;
      RETURN n;
    END $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
