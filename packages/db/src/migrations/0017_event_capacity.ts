import { type Kysely, sql } from 'kysely';
import { enableTenancy } from './helpers';

/**
 * Capacity as counters (issue 14: a booking's critical section must not count the event's tickets).
 *
 * - event_capacity: per event, catalogue product (0: a sign-up to an event without tickets) and
 *   holder ('' everyone; 'company:{id}'; 'contact:{id}' for a contact's tickets without a company),
 *   the units that take capacity — tickets held or valid — and those of them at price 0 (free
 *   allowances). A booking reads its rows under the event's row lock: a handful of rows, however
 *   many tickets the event has.
 * - Kept by a trigger on event_tickets, so every writer (bookings, cancellations, the seed, the
 *   fixtures, a future refund) keeps them equal to a recount; held → valid changes nothing. Every
 *   change of an event's live tickets happens under the event's row lock (booking/capacity.ts), so
 *   counter rows are never taken in two orders at once.
 * - A held ticket counts until its booking is cancelled: the next booking of the event cancels
 *   expired holds under the lock before it reads (event_bookings_event_held_idx finds them), and the
 *   job runner tidies the rest.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE event_capacity (
      client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
      event_id integer NOT NULL,
      product_id integer NOT NULL,
      holder text NOT NULL,
      units integer NOT NULL DEFAULT 0,
      free_units integer NOT NULL DEFAULT 0,
      PRIMARY KEY (client_id, event_id, holder, product_id),
      FOREIGN KEY (client_id, event_id) REFERENCES events (client_id, id) ON DELETE CASCADE
    )`.execute(db);
  await enableTenancy(db, 'event_capacity', { compositeKey: false });

  await sql`
    CREATE FUNCTION event_capacity_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      old_live boolean := TG_OP <> 'INSERT' AND OLD.status <> 'cancelled';
      new_live boolean := TG_OP <> 'DELETE' AND NEW.status <> 'cancelled';
      who text;
    BEGIN
      IF TG_OP = 'UPDATE' AND old_live = new_live AND OLD.event_id = NEW.event_id
        AND OLD.product_id IS NOT DISTINCT FROM NEW.product_id AND OLD.price = NEW.price
        AND OLD.company_id IS NOT DISTINCT FROM NEW.company_id AND OLD.contact_id IS NOT DISTINCT FROM NEW.contact_id THEN
        RETURN NULL;
      END IF;
      IF old_live THEN
        who := CASE WHEN OLD.company_id IS NOT NULL THEN 'company:' || OLD.company_id WHEN OLD.contact_id IS NOT NULL THEN 'contact:' || OLD.contact_id END;
        UPDATE event_capacity c SET units = c.units - 1, free_units = c.free_units - (OLD.price = 0)::int
        WHERE c.client_id = OLD.client_id AND c.event_id = OLD.event_id AND c.product_id = coalesce(OLD.product_id, 0)
          AND (c.holder = '' OR c.holder = who);
      END IF;
      IF new_live THEN
        who := CASE WHEN NEW.company_id IS NOT NULL THEN 'company:' || NEW.company_id WHEN NEW.contact_id IS NOT NULL THEN 'contact:' || NEW.contact_id END;
        INSERT INTO event_capacity AS c (client_id, event_id, product_id, holder, units, free_units)
        SELECT NEW.client_id, NEW.event_id, coalesce(NEW.product_id, 0), h, 1, (NEW.price = 0)::int
        FROM unnest(CASE WHEN who IS NULL THEN ARRAY[''] ELSE ARRAY['', who] END) AS h
        ON CONFLICT (client_id, event_id, holder, product_id)
        DO UPDATE SET units = c.units + 1, free_units = c.free_units + EXCLUDED.free_units;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER event_capacity_follow AFTER INSERT OR DELETE OR UPDATE OF status, event_id, product_id, price, company_id, contact_id
    ON event_tickets FOR EACH ROW EXECUTE FUNCTION event_capacity_follow()`.execute(db);

  // What is already there, counted once.
  await sql`
    INSERT INTO event_capacity (client_id, event_id, product_id, holder, units, free_units)
    SELECT t.client_id, t.event_id, coalesce(t.product_id, 0), h.holder, count(*), count(*) FILTER (WHERE t.price = 0)
    FROM event_tickets t
    CROSS JOIN LATERAL (
      SELECT '' AS holder
      UNION ALL
      SELECT CASE WHEN t.company_id IS NOT NULL THEN 'company:' || t.company_id ELSE 'contact:' || t.contact_id END
      WHERE t.company_id IS NOT NULL OR t.contact_id IS NOT NULL
    ) h
    WHERE t.status <> 'cancelled'
    GROUP BY 1, 2, 3, 4`.execute(db);

  // Expired holds of one event, found under its lock; an invitation's bookings.
  await sql`CREATE INDEX event_bookings_event_held_idx ON event_bookings (client_id, event_id, held_until) WHERE state = 'held'`.execute(db);
  await sql`CREATE INDEX event_bookings_invite_idx ON event_bookings (client_id, invite_id) WHERE invite_id IS NOT NULL`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
