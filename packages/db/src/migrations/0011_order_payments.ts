import { type Kysely, sql } from 'kysely';
import { clubForeignKey, clubTable, enableTenancy } from './helpers';

/**
 * Orders paid by card (issue 13 item 5): the payment that paid an order (orders.payment_id: the one
 * attempt its paymentStatus follows; a second payment for the same order is flagged for a refund),
 * and the payment links mailed to the order's contact — only the SHA-256 of each ≥160-bit token is
 * kept, so a leaked table gives no usable links.
 *
 * The order list's search (LIKE '%…%' on the buyer's name and e-mail) cannot use a btree; with
 * pg_trgm (PostgreSQL's contrib, and PGlite's, which connect.ts loads) the two expressions get
 * trigram GIN indexes. Where the extension is not available the migration leaves them out and the
 * same query still answers, only by scanning the club's orders.
 *
 * Row-level security keeps those indexes from the app's own queries: LIKE, lower() and || are not
 * leakproof, so PostgreSQL checks the policy on every row before it evaluates them (EXPLAIN shows a
 * Seq Scan however the indexes look). order_search_ids(pattern) does the text search as its owner —
 * of the club the transaction is scoped to, the very condition of the policy, and nothing else —
 * and answers the matching order ids; the list finds those on orders_pkey under its policy as
 * usual. Run by an owner that row-level security still applies to, it answers the same ids, only
 * without the indexes.
 *
 * The list's total without a search or filter is the club's number of orders, kept beside its
 * number counter (order_counters.order_count) by a trigger on every insert and delete, so the
 * first page of 100,000 orders does not count them on every call.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN payment_id integer`.execute(db);
  await clubForeignKey(db, 'orders', 'payment_id', 'payments', 'set null');

  await clubTable(db, 'order_payment_links')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('capture', 'text', (c) => c.notNull().check(sql`capture IN ('auto', 'manual')`))
    .addColumn('sent_to', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenancy(db, 'order_payment_links', { references: { order_id: ['orders', 'cascade'] } });
  await sql`CREATE INDEX order_payment_links_order_idx ON order_payment_links (client_id, order_id)`.execute(db);

  await sql`ALTER TABLE order_counters ADD COLUMN order_count integer NOT NULL DEFAULT 0`.execute(db);
  await sql`UPDATE order_counters oc SET order_count = (SELECT count(*) FROM orders o WHERE o.client_id = oc.client_id)`.execute(db);
  await sql`
    CREATE FUNCTION orders_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO order_counters (client_id, last_number, order_count) VALUES (NEW.client_id, 0, 1)
        ON CONFLICT (client_id) DO UPDATE SET order_count = order_counters.order_count + 1;
        RETURN NEW;
      END IF;
      UPDATE order_counters SET order_count = order_count - 1 WHERE client_id = OLD.client_id;
      RETURN OLD;
    END $$`.execute(db);
  await sql`CREATE TRIGGER orders_count_rows AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_count_rows()`.execute(db);

  await sql`
    CREATE FUNCTION order_search_ids(pattern text) RETURNS SETOF integer
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
      SELECT o.id FROM public.orders o
      WHERE o.client_id = NULLIF(current_setting('app.client_id', true), '')::int
        AND (lower(coalesce(o.firstname, '') || ' ' || coalesce(o.lastname, '')) LIKE pattern
          OR lower(o.email) LIKE pattern
          OR o.company_id = ANY(ARRAY(SELECT c.id FROM public.companies c
               WHERE c.client_id = NULLIF(current_setting('app.client_id', true), '')::int AND lower(c.name) LIKE pattern))
          OR o.contact_id = ANY(ARRAY(SELECT c.id FROM public.contacts c
               WHERE c.client_id = NULLIF(current_setting('app.client_id', true), '')::int AND lower(c.firstname || ' ' || c.lastname) LIKE pattern)))
    $$`.execute(db);

  const trgm = await sql<{ ok: number }>`SELECT 1 AS ok FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
  if (trgm.rows.length) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX orders_name_trgm ON orders USING gin (lower(coalesce(firstname, '') || ' ' || coalesce(lastname, '')) gin_trgm_ops)`.execute(db);
    await sql`CREATE INDEX orders_email_trgm ON orders USING gin (lower(email) gin_trgm_ops)`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
