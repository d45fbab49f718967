import { type Kysely, sql } from 'kysely';
import { clubForeignKey, enableTenancy } from './helpers';

/**
 * The order list's search (issue 13: 100,000 orders, p95 < 50 ms) on a narrow table of its own.
 *
 * What the search matches is unchanged: case-insensitive substring of the buyer's name
 * ("firstname lastname"), the buyer's e-mail, the company's name and the contact's name
 * ("firstname lastname"), or the order's number exactly. Before, order_search_ids (migration 0011)
 * matched those fields where they live — two trigram indexes on orders plus the companies and
 * contacts tables, OR'ed — and the list then fetched every match again from orders by id to count
 * it and sort it: 130 ms for a common surname (8,333 matches of 100,000).
 *
 * Now each order has one row in order_search: (client_id, order_id, order_number, text), text the
 * four fields lowercased and joined by U+001F (a character no search box sends, so a search never
 * matches across two fields). A GIN index over (client_id, text gin_trgm_ops) — btree_gin gives the
 * integer a GIN operator class — finds a club's matches without reading other clubs' entries, and
 * the recheck reads ~1,250 narrow pages instead of orders' ~3,000 wide ones. The list's count and
 * its page of a search come from this table in one scan (order_search_page).
 *
 * Triggers keep it in step, whatever path writes: an order's insert, its change of name, e-mail,
 * company, contact or number, a company's rename and a contact's rename (an order's company or
 * contact removed is the foreign key's SET NULL, an UPDATE of orders, so the first trigger). An
 * order's delete cascades.
 *
 * Row-level security keeps a trigram index from the app role's own queries (LIKE is not leakproof:
 * the policy is checked on every row first, so a Seq Scan); the two functions read the table as
 * their owner, only the club the transaction is scoped to (the policy's own condition), and answer
 * ids the list then reads under its policy. Without pg_trgm or btree_gin the indexes are left out
 * and the same functions answer by scanning the club's rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const available = new Set(
    (await sql<{ name: string }>`SELECT name FROM pg_available_extensions WHERE name IN ('pg_trgm', 'btree_gin')`.execute(db)).rows.map((r) => r.name),
  );
  const indexed = available.has('pg_trgm') && available.has('btree_gin');
  if (indexed) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
  }

  // The searched text of one order: the same four fields the list's search always matched (the
  // backfill and the renames use it; order_search_row builds the same text itself).
  await sql`
    CREATE FUNCTION order_search_text(club integer, firstname text, lastname text, email text, company integer, contact integer)
    RETURNS text LANGUAGE sql STABLE SET search_path = pg_catalog, public AS $$
      SELECT lower(coalesce(firstname, '') || ' ' || coalesce(lastname, '')) || chr(31) || lower(coalesce(email, ''))
        || chr(31) || coalesce((SELECT lower(c.name) FROM public.companies c WHERE c.client_id = club AND c.id = company), '')
        || chr(31) || coalesce((SELECT lower(c.firstname || ' ' || c.lastname) FROM public.contacts c WHERE c.client_id = club AND c.id = contact), '')
    $$`.execute(db);

  await sql`
    CREATE TABLE order_search (
      client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
      order_id integer NOT NULL,
      order_number integer NOT NULL,
      text text NOT NULL,
      PRIMARY KEY (client_id, order_id)
    )`.execute(db);
  await enableTenancy(db, 'order_search', { compositeKey: false });
  await clubForeignKey(db, 'order_search', 'order_id', 'orders', 'cascade');
  await sql`CREATE INDEX order_search_number_idx ON order_search (client_id, order_number)`.execute(db);
  if (indexed) {
    // fastupdate off: a search never scans a pending list of recent orders' entries.
    await sql`CREATE INDEX order_search_text_trgm ON order_search USING gin (client_id, text gin_trgm_ops) WITH (fastupdate = off)`.execute(db);
  }
  // The old per-field indexes served only the old search.
  await sql`DROP INDEX IF EXISTS orders_name_trgm`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_email_trgm`.execute(db);
  await sql`DROP FUNCTION IF EXISTS order_search_ids(text)`.execute(db);

  await sql`
    INSERT INTO order_search (client_id, order_id, order_number, text)
    SELECT o.client_id, o.id, o.order_number, order_search_text(o.client_id, o.firstname, o.lastname, o.email, o.company_id, o.contact_id)
    FROM orders o`.execute(db);

  // Triggers: they run as whoever writes the order (the app role under its club's policy, or the owner).
  // The text is built here rather than by calling order_search_text: a SQL function called from
  // plpgsql is planned on every call, which made an order's insert four times slower (0.8 against
  // 0.2 ms, measured on PostgreSQL); these statements keep their plans.
  await sql`
    CREATE FUNCTION order_search_row() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
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
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER order_search_insert AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION order_search_row()`.execute(db);
  await sql`
    CREATE TRIGGER order_search_update AFTER UPDATE OF firstname, lastname, email, company_id, contact_id, order_number ON orders FOR EACH ROW
    WHEN (OLD.firstname IS DISTINCT FROM NEW.firstname OR OLD.lastname IS DISTINCT FROM NEW.lastname OR OLD.email IS DISTINCT FROM NEW.email
      OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.contact_id IS DISTINCT FROM NEW.contact_id OR OLD.order_number IS DISTINCT FROM NEW.order_number)
    EXECUTE FUNCTION order_search_row()`.execute(db);

  // A rename of a company or contact rewrites the text of its orders (orders_company_idx / orders_contact_idx find them).
  await sql`
    CREATE FUNCTION order_search_rename() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    BEGIN
      IF TG_TABLE_NAME = 'companies' THEN
        UPDATE public.order_search s
        SET text = public.order_search_text(o.client_id, o.firstname, o.lastname, o.email, o.company_id, o.contact_id)
        FROM public.orders o
        WHERE o.client_id = NEW.client_id AND o.company_id = NEW.id AND s.client_id = o.client_id AND s.order_id = o.id;
      ELSE
        UPDATE public.order_search s
        SET text = public.order_search_text(o.client_id, o.firstname, o.lastname, o.email, o.company_id, o.contact_id)
        FROM public.orders o
        WHERE o.client_id = NEW.client_id AND o.contact_id = NEW.id AND s.client_id = o.client_id AND s.order_id = o.id;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER order_search_company_rename AFTER UPDATE OF name ON companies FOR EACH ROW
    WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION order_search_rename()`.execute(db);
  await sql`
    CREATE TRIGGER order_search_contact_rename AFTER UPDATE OF firstname, lastname ON contacts FOR EACH ROW
    WHEN (OLD.firstname IS DISTINCT FROM NEW.firstname OR OLD.lastname IS DISTINCT FROM NEW.lastname) EXECUTE FUNCTION order_search_rename()`.execute(db);

  /*
   * The search, as the owner, within the scoped club. The search text comes raw and is lowercased
   * and escaped here. A text with no run of three letters or digits gives pg_trgm no trigram (the
   * GIN index would read all its entries): that case reads the club's rows instead ((text || '')
   * keeps the planner off the GIN index). plpgsql keeps each statement's plan per connection.
   */
  await sql`
    CREATE FUNCTION order_search_ids(search text, num integer) RETURNS SETOF integer
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
    DECLARE
      club integer := NULLIF(current_setting('app.client_id', true), '')::int;
      pattern text := '%' || replace(replace(replace(lower(search), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%';
    BEGIN
      IF search ~ '[[:alnum:]]{3}' THEN
        RETURN QUERY SELECT s.order_id FROM public.order_search s WHERE s.client_id = club AND (s.text LIKE pattern OR s.order_number = num);
      ELSE
        RETURN QUERY SELECT s.order_id FROM public.order_search s WHERE s.client_id = club AND ((s.text || '') LIKE pattern OR s.order_number = num);
      END IF;
    END $$`.execute(db);
  // One page of a search sorted by number (the list's default), with the number of matches beside each row: one scan.
  // ROWS 10 (a page): with the default estimate of 1,000 rows the list joined the page's companies and
  // contacts by hashing every company and contact of the club (a Seq Scan of 50,000 in a big club).
  await sql`
    CREATE FUNCTION order_search_page(search text, num integer, descending boolean, lim integer, skip integer) RETURNS TABLE (order_id integer, total integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 10 SET search_path = pg_catalog, public AS $$
    DECLARE
      club integer := NULLIF(current_setting('app.client_id', true), '')::int;
      pattern text := '%' || replace(replace(replace(lower(search), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%';
    BEGIN
      IF search ~ '[[:alnum:]]{3}' THEN
        IF descending THEN
          RETURN QUERY SELECT s.order_id, (count(*) OVER ())::int FROM public.order_search s
            WHERE s.client_id = club AND (s.text LIKE pattern OR s.order_number = num) ORDER BY s.order_number DESC LIMIT lim OFFSET skip;
        ELSE
          RETURN QUERY SELECT s.order_id, (count(*) OVER ())::int FROM public.order_search s
            WHERE s.client_id = club AND (s.text LIKE pattern OR s.order_number = num) ORDER BY s.order_number LIMIT lim OFFSET skip;
        END IF;
      ELSIF descending THEN
        RETURN QUERY SELECT s.order_id, (count(*) OVER ())::int FROM public.order_search s
          WHERE s.client_id = club AND ((s.text || '') LIKE pattern OR s.order_number = num) ORDER BY s.order_number DESC LIMIT lim OFFSET skip;
      ELSE
        RETURN QUERY SELECT s.order_id, (count(*) OVER ())::int FROM public.order_search s
          WHERE s.client_id = club AND ((s.text || '') LIKE pattern OR s.order_number = num) ORDER BY s.order_number LIMIT lim OFFSET skip;
      END IF;
    END $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
