import { type Kysely, sql } from 'kysely';

/**
 * The order list on 100,000 orders (issue 13: p95 < 50 ms), the rest of the way.
 *
 * 1. A searched page counts its matches only up to a cap. order_search_page (migration 0018) counted
 *    every match (count(*) OVER ()) and sorted them all for a page of ten: for a common surname 8,333
 *    rows rechecked and sorted, ~30 ms of the database per call. Now it answers one row: the page's
 *    order ids, the number of matches counted exactly up to `upto` = max(cap, the page's end), and
 *    whether there were more (`capped`: then `total` is `upto` and means "more than"). The list shows
 *    "mere end 1.000"; the pager still offers the next page (total + 1 is known to exist).
 *
 *    How, in the table's owner's function (as before, only the club the transaction is scoped to):
 *    - the matches are fetched through the trigram index at most upto + 1 of them (the bitmap heap
 *      scan stops there: ~1,000 rows rechecked instead of every match);
 *    - not more than upto: that is every match, the page is cut from them, the count is exact;
 *    - more: the search is common, so the page is found walking order_search_number_idx in the
 *      page's order and keeping the matching rows (a page near the front: about (skip + lim) ×
 *      club's orders / matches rows read, ~120 for "jensen" page 1); a page far in (its end past a
 *      quarter of upto) sorts the matches instead (the bitmap scan again, every match).
 *    The page's ids and the total come back even when the page is past the end (no second statement).
 *
 * 2. An unsearched page far in (page 500: OFFSET 4,990) walks the club's numbers in
 *    orders_number_key; with the order's id included there, that walk is an index-only scan (the
 *    page's ten rows are then read by id). The key is recreated with INCLUDE (id), same uniqueness.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE UNIQUE INDEX orders_number_id_key ON orders (client_id, order_number) INCLUDE (id)`.execute(db);
  await sql`DROP INDEX orders_number_key`.execute(db);
  await sql`ALTER INDEX orders_number_id_key RENAME TO orders_number_key`.execute(db);

  await sql`DROP FUNCTION IF EXISTS order_search_page(text, integer, boolean, integer, integer)`.execute(db);
  /*
   * A text with no run of three letters or digits gives pg_trgm no trigram (the GIN index would read
   * all its entries): those statements read the club's rows instead ((text || '') keeps the planner
   * off the GIN index). The walk always uses (text || ''): it must follow the number index, and the
   * trigram index cannot give rows in that order. Every statement here runs as a cached plan of
   * plpgsql, with the same shape for every search: the planner's choice is made by the branches.
   * enable_seqscan off: with statistics a custom plan may fetch a common search's matches by a Seq Scan
   * of the whole table (every club's rows) until it has enough (12,028 rows read for "jensen", 7.5 ms,
   * against 3.3 ms through the trigram index); in a table of many clubs that read can be far longer.
   */
  await sql`
    CREATE FUNCTION order_search_page(search text, num integer, descending boolean, lim integer, skip integer, cap integer)
    RETURNS TABLE (ids integer[], total integer, capped boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 1 SET search_path = pg_catalog, public SET enable_seqscan = off AS $$
    DECLARE
      club integer := NULLIF(current_setting('app.client_id', true), '')::int;
      pattern text := '%' || replace(replace(replace(lower(search), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%';
      upto integer := greatest(cap, skip + lim);
      found integer[];
      n integer;
    BEGIN
      IF search ~ '[[:alnum:]]{3}' THEN
        SELECT array_agg(m.order_id ORDER BY CASE WHEN descending THEN -m.order_number ELSE m.order_number END) INTO found
        FROM (SELECT s.order_id, s.order_number FROM public.order_search s
              WHERE s.client_id = club AND (s.text LIKE pattern OR s.order_number = num) LIMIT upto + 1) m;
      ELSE
        SELECT array_agg(m.order_id ORDER BY CASE WHEN descending THEN -m.order_number ELSE m.order_number END) INTO found
        FROM (SELECT s.order_id, s.order_number FROM public.order_search s
              WHERE s.client_id = club AND ((s.text || '') LIKE pattern OR s.order_number = num) LIMIT upto + 1) m;
      END IF;
      n := coalesce(cardinality(found), 0);
      IF n <= upto THEN
        RETURN QUERY SELECT coalesce(found[skip + 1 : skip + lim], '{}'), n, false;
        RETURN;
      END IF;
      IF (skip + lim) * 4 <= upto THEN
        IF descending THEN
          SELECT array_agg(w.order_id) INTO found FROM (SELECT s.order_id FROM public.order_search s
            WHERE s.client_id = club AND ((s.text || '') LIKE pattern OR s.order_number = num) ORDER BY s.order_number DESC LIMIT lim OFFSET skip) w;
        ELSE
          SELECT array_agg(w.order_id) INTO found FROM (SELECT s.order_id FROM public.order_search s
            WHERE s.client_id = club AND ((s.text || '') LIKE pattern OR s.order_number = num) ORDER BY s.order_number LIMIT lim OFFSET skip) w;
        END IF;
      ELSIF search ~ '[[:alnum:]]{3}' THEN
        SELECT array_agg(w.order_id) INTO found FROM (SELECT s.order_id FROM public.order_search s
          WHERE s.client_id = club AND (s.text LIKE pattern OR s.order_number = num)
          ORDER BY CASE WHEN descending THEN -s.order_number ELSE s.order_number END LIMIT lim OFFSET skip) w;
      ELSE
        SELECT array_agg(w.order_id) INTO found FROM (SELECT s.order_id FROM public.order_search s
          WHERE s.client_id = club AND ((s.text || '') LIKE pattern OR s.order_number = num)
          ORDER BY CASE WHEN descending THEN -s.order_number ELSE s.order_number END LIMIT lim OFFSET skip) w;
      END IF;
      RETURN QUERY SELECT coalesce(found, '{}'), upto, true;
    END $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
