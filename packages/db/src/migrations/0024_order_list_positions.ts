import { type Kysely, sql } from 'kysely';
import { enableTenancy } from './helpers';

/**
 * The order list on 100,000 orders (issue 13: p95 < 50 ms): page 500 unsearched (OFFSET 4,990,
 * Number desc) cost 0.41 ms of PostgreSQL per call against page 1's 0.10 (EXPLAIN ANALYZE as the app
 * role), an index-only walk of 5,000 entries of orders_number_key.
 *
 * order_list_blocks: per club, the number of its orders in each block of 128 numbers (block =
 * order_number >> 7), kept by a trigger on every insert, delete and change of number or club, in the
 * writer's transaction. A far page sums the blocks from the page's end of the numbers until it passes
 * the offset (about offset / 128 rows), then walks at most 128 entries of orders_number_key inside
 * that block. Exact whatever the numbers are (deleted ones, gaps, an import's): it counts the rows
 * there are, it never assumes a number exists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE order_list_blocks (
      client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
      block integer NOT NULL,
      n integer NOT NULL,
      PRIMARY KEY (client_id, block) INCLUDE (n)
    )`.execute(db);
  await enableTenancy(db, 'order_list_blocks', { compositeKey: false });
  // Runs as the writer, like the search table's triggers (the app role under its club's policy).
  await sql`
    CREATE FUNCTION order_list_blocks_row() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        UPDATE public.order_list_blocks SET n = n - 1 WHERE client_id = OLD.client_id AND block = OLD.order_number >> 7;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        INSERT INTO public.order_list_blocks (client_id, block, n) VALUES (NEW.client_id, NEW.order_number >> 7, 1)
        ON CONFLICT (client_id, block) DO UPDATE SET n = order_list_blocks.n + 1;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER order_list_blocks_insert AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION order_list_blocks_row()`.execute(db);
  await sql`CREATE TRIGGER order_list_blocks_delete AFTER DELETE ON orders FOR EACH ROW EXECUTE FUNCTION order_list_blocks_row()`.execute(db);
  await sql`
    CREATE TRIGGER order_list_blocks_update AFTER UPDATE OF order_number, client_id ON orders FOR EACH ROW
    WHEN (OLD.order_number IS DISTINCT FROM NEW.order_number OR OLD.client_id IS DISTINCT FROM NEW.client_id)
    EXECUTE FUNCTION order_list_blocks_row()`.execute(db);
  await sql`
    INSERT INTO order_list_blocks (client_id, block, n)
    SELECT client_id, order_number >> 7, count(*) FROM orders GROUP BY 1, 2`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
