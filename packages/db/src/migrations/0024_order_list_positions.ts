import { type Kysely, sql } from 'kysely';
import { enableTenancy } from './helpers';

/**
 * The order list on 100,000 orders (issue 13: p95 < 50 ms): the three kinds of call that still cost
 * more than page 1 (measured per call, EXPLAIN ANALYZE as the app role; page 1: 0.10 ms).
 *
 * 1. Page 500 unsearched (OFFSET 4,990, Number desc): 0.41 ms, an index-only walk of 5,000 entries of
 *    orders_number_key. order_list_blocks: per club, the number of its orders in each block of 128
 *    numbers (block = order_number >> 7), kept by triggers on every insert and delete (once per
 *    statement) and change of number or club, in the writer's transaction. A far page sums the blocks from the page's end of
 *    the numbers until it passes the offset (about offset / 128 rows), then walks at most 128
 *    entries of orders_number_key inside that block. Exact whatever the numbers are (deleted ones,
 *    gaps, an import's): it counts the rows there are, it never assumes a number exists.
 *
 * 2. A search of digits only ("99123": an order number, or part of an address): the trigram index
 *    (the long lists of digit trigrams, 0.3–0.5 ms). order_search_words gets a third kind of entry:
 *    for every maximal run of the digits 0–9 in the text, each of its suffixes (its first ten digits,
 *    a search has at most ten here), after '%'. Digits D occur in a text exactly when they begin
 *    a suffix of one of its digit runs, so the orders of the range ['%' || D, '%' || D || U+10FFFF)
 *    are the text's matches, exactly; with the order numbered D they are the search's. '%' is no
 *    letter or digit and no '@': the other two kinds of entry never fall in such a range.
 *
 * 3. A common word whose page is walked along the numbers ("gartner", "isenkram": 19–31 ms). The
 *    walk's statement is planned with the search as a constant; LIKE's estimate for a long pattern
 *    is a handful of rows, so the planner read every order of the club and sorted them instead of
 *    walking order_search_number_idx. The walk is only taken when more than the cap match and the
 *    page ends within a quarter of the cap, so the walk is the plan: enable_sort is off for it alone.
 *    And a search of exactly two words (most company terms: "bager jensen") read its pairs twice, to
 *    count them and to list them; now it reads them once when there are no more than the cap.
 *
 * 4. Each call planned most of the function's statements for its own values (plpgsql's custom plans):
 *    about 0.1 ms of a first page's search. The branches already choose the way for each kind of
 *    search, and the statements are written so that a generic plan takes the same indexes (ranges,
 *    not LIKE, on the words and pairs; ANY of an array, not IN): they now run their generic plans,
 *    planned once per connection (plan_cache_mode). Medians per call, the rotating bench terms:
 *    company 0.39 -> 0.32 ms, e-mail 0.17 -> 0.07, numbers 0.11 -> 0.07, surnames 0.25 -> 0.23.
 *    A page far into a common search sorts every match: that statement keeps custom plans.
 */
export async function up(db: Kysely<any>): Promise<void> {
  /* ---------------------------------------------------------------- 1. blocks of numbers */
  // n in the key's index: the sum is an index-only scan (page 500: ~40 entries). Without it each
  // block's row is fetched from the heap (0.175 ms for page 500 against 0.10). The table is small
  // (one row per 128 orders), so autovacuum soon clears the index entries an update leaves behind.
  await sql`
    CREATE TABLE order_list_blocks (
      client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
      block integer NOT NULL,
      n integer NOT NULL,
      PRIMARY KEY (client_id, block) INCLUDE (n)
    )`.execute(db);
  await enableTenancy(db, 'order_list_blocks', { compositeKey: false });
  // Run as the writer, like the search table's triggers (the app role under its club's policy).
  // Inserts and deletes once per statement, by their transition tables: an import's or a seed's
  // 100,000 orders are one upsert per block, not 100,000 updates of the same rows.
  await sql`
    CREATE FUNCTION order_list_blocks_added() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    BEGIN
      INSERT INTO public.order_list_blocks (client_id, block, n)
      SELECT a.client_id, a.order_number >> 7, count(*) FROM added a GROUP BY 1, 2
      ON CONFLICT (client_id, block) DO UPDATE SET n = order_list_blocks.n + excluded.n;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION order_list_blocks_removed() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    BEGIN
      UPDATE public.order_list_blocks k SET n = k.n - r.n
      FROM (SELECT d.client_id, d.order_number >> 7 AS block, count(*)::int AS n FROM removed d GROUP BY 1, 2) r
      WHERE k.client_id = r.client_id AND k.block = r.block;
      RETURN NULL;
    END $$`.execute(db);
  // A changed number (or club): rare, one row at a time.
  await sql`
    CREATE FUNCTION order_list_blocks_moved() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    BEGIN
      UPDATE public.order_list_blocks SET n = n - 1 WHERE client_id = OLD.client_id AND block = OLD.order_number >> 7;
      INSERT INTO public.order_list_blocks (client_id, block, n) VALUES (NEW.client_id, NEW.order_number >> 7, 1)
      ON CONFLICT (client_id, block) DO UPDATE SET n = order_list_blocks.n + 1;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER order_list_blocks_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION order_list_blocks_added()`.execute(db);
  await sql`
    CREATE TRIGGER order_list_blocks_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS removed
    FOR EACH STATEMENT EXECUTE FUNCTION order_list_blocks_removed()`.execute(db);
  await sql`
    CREATE TRIGGER order_list_blocks_update AFTER UPDATE OF order_number, client_id ON orders FOR EACH ROW
    WHEN (OLD.order_number IS DISTINCT FROM NEW.order_number OR OLD.client_id IS DISTINCT FROM NEW.client_id)
    EXECUTE FUNCTION order_list_blocks_moved()`.execute(db);
  await sql`
    INSERT INTO order_list_blocks (client_id, block, n)
    SELECT client_id, order_number >> 7, count(*) FROM orders GROUP BY 1, 2`.execute(db);

  /* ---------------------------------------------------------------- 2. digit suffixes among the words */
  await sql`
    CREATE OR REPLACE FUNCTION order_search_words_of(searched text) RETURNS SETOF text LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $$
      SELECT w FROM regexp_split_to_table(searched, '[^[:alnum:]]+') w WHERE length(w) >= 3
      UNION
      SELECT '@' || reverse(m[1]) FROM regexp_matches(searched, '([[:alnum:]]+)@', 'g') m
      UNION
      SELECT '%' || left(substr(d[1], i), 10) FROM regexp_matches(searched, '([0-9]+)', 'g') d, generate_series(1, length(d[1])) i
    $$`.execute(db);
  // The same statement written out (migration 0022: a SQL function with SET is neither inlined nor kept planned).
  await sql`
    CREATE OR REPLACE FUNCTION order_search_words_row() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        DELETE FROM public.order_search_words WHERE client_id = OLD.client_id AND order_id = OLD.order_id;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        INSERT INTO public.order_search_words (client_id, word, order_id)
        SELECT NEW.client_id, w, NEW.order_id FROM (
          SELECT w FROM regexp_split_to_table(NEW.text, '[^[:alnum:]]+') w WHERE length(w) >= 3
          UNION
          SELECT '@' || reverse(m[1]) FROM regexp_matches(NEW.text, '([[:alnum:]]+)@', 'g') m
          UNION
          SELECT '%' || left(substr(d[1], i), 10) FROM regexp_matches(NEW.text, '([0-9]+)', 'g') d, generate_series(1, length(d[1])) i) x;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    INSERT INTO order_search_words (client_id, word, order_id)
    SELECT DISTINCT s.client_id, '%' || left(substr(d[1], i), 10), s.order_id
    FROM order_search s, regexp_matches(s.text, '([0-9]+)', 'g') d, generate_series(1, length(d[1])) i`.execute(db);

  /* ---------------------------------------------------------------- 3. the search's page */
  /*
   * order_search_page (migration 0022) with the digits, the walk's plan and the pairs read once; its
   * answer is unchanged. `digits` is '%' and the search when it is one to ten digits 0–9.
   */
  await sql`
    CREATE OR REPLACE FUNCTION order_search_page(search text, num integer, descending boolean, lim integer, skip integer, cap integer)
    RETURNS TABLE (ids integer[], total integer, capped boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 1 SET search_path = pg_catalog, public SET enable_seqscan = off SET enable_sort = on
    SET plan_cache_mode = force_generic_plan AS $$
    DECLARE
      club integer := NULLIF(current_setting('app.client_id', true), '')::int;
      lowered text := lower(search);
      pattern text := '%' || replace(replace(replace(lowered, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%';
      upto integer := greatest(cap, skip + lim);
      digits text := CASE WHEN lowered ~ '^[0-9]{1,10}$' THEN '%' || lowered END;
      prefix text := CASE WHEN lowered ~ '^[[:alnum:]]{3,}$' THEN lowered END;
      at_prefix text := '@' || reverse(substring(lowered FROM '^(?:.*[^[:alnum:]])?([[:alnum:]]{3,})@'));
      first_two text[] := regexp_match(lowered, '^[^[:alnum:]]*([[:alnum:]]+)([^[:alnum:]]+)([[:alnum:]]+)');
      pair_from text := '#' || reverse(first_two[1]);
      pair_key text := '#' || reverse(first_two[1]) || chr(1) || first_two[2] || first_two[3];
      pair_tail text := first_two[2] || first_two[3];
      exact_pair boolean := lowered ~ '^[[:alnum:]]+[^[:alnum:]]+[[:alnum:]]+$';
      second_two text[] := regexp_match(lowered, '^[^[:alnum:]]*[[:alnum:]]+[^[:alnum:]]+([[:alnum:]]+)([^[:alnum:]]+)([[:alnum:]]+)');
      second_key text := '#' || reverse(second_two[1]) || chr(1) || second_two[2] || second_two[3];
      usable boolean := false;
      listed boolean := false;
      candidates integer[];
      numbers integer[];
      found integer[];
      n integer := 0;
      entries integer;
    BEGIN
      IF first_two IS NOT NULL THEN
        -- Range (b) is read before it is filtered: at most 2,000 entries, else the pairs are not used.
        SELECT count(*) <= 2000 INTO usable FROM (SELECT 1 FROM public.order_search_pairs w
          WHERE w.client_id = club AND w.pair >= pair_from || chr(2) AND w.pair < pair_from || chr(1114111) LIMIT 2001) x;
      END IF;
      IF digits IS NOT NULL THEN
        -- The orders of the digits' suffixes are the text's matches: upto + 1 different ones prove
        -- "more than upto"; no more than upto entries are all of them, listed with the numbered order.
        candidates := ARRAY(SELECT w.order_id FROM public.order_search_words w
          WHERE w.client_id = club AND w.word >= digits AND w.word < digits || chr(1114111) LIMIT upto + 1);
        IF cardinality(candidates) <= upto THEN
          SELECT array_agg(s.order_id ORDER BY CASE WHEN descending THEN -s.order_number ELSE s.order_number END) INTO found
          FROM public.order_search s WHERE s.client_id = club AND (s.order_id = ANY(candidates) OR s.order_number = num);
          listed := true;
        ELSE
          SELECT count(DISTINCT c) INTO n FROM unnest(candidates) c;
        END IF;
      ELSIF prefix IS NOT NULL THEN
        -- upto + 1 entries, all of different orders, prove it; entries of one order under two words
        -- ("jens": 'jens' and 'jensen') need a longer look.
        SELECT count(DISTINCT w.order_id), count(*) INTO n, entries FROM (SELECT w.order_id FROM public.order_search_words w
          WHERE w.client_id = club AND w.word >= prefix AND w.word < prefix || chr(1114111) LIMIT upto + 1) w;
        IF n <= upto AND entries > upto THEN
          SELECT count(DISTINCT w.order_id) INTO n FROM (SELECT w.order_id FROM public.order_search_words w
            WHERE w.client_id = club AND w.word >= prefix AND w.word < prefix || chr(1114111) LIMIT 4 * (upto + 1)) w;
        END IF;
      ELSIF exact_pair AND usable THEN
        -- Two runs and what is between them, nothing else: the orders of the two ranges are the matches,
        -- their numbers in the entries (one number, one order of the club). The first upto + 1 entries
        -- are read once, their distinct numbers sorted in the page's order: fewer entries are all of
        -- them, and only the page's numbers are looked up; upto + 1 numbers prove "more than upto".
        SELECT array_agg(DISTINCT e.k ORDER BY e.k), count(*) INTO numbers, entries FROM (
          SELECT CASE WHEN descending THEN -p.order_number ELSE p.order_number END AS k FROM (
              SELECT w.order_number FROM public.order_search_pairs w
                WHERE w.client_id = club AND w.pair >= pair_key AND w.pair < pair_key || chr(1114111)
              UNION ALL
              SELECT w.order_number FROM public.order_search_pairs w
                WHERE w.client_id = club AND w.pair >= pair_from || chr(2) AND w.pair < pair_from || chr(1114111)
                AND left(substr(w.pair, strpos(w.pair, chr(1)) + 1), length(pair_tail)) = pair_tail
            LIMIT upto + 1) p) e;
        n := coalesce(cardinality(numbers), 0);
        IF entries <= upto THEN
          RETURN QUERY SELECT coalesce(array_agg(s.order_id ORDER BY CASE WHEN descending THEN -s.order_number ELSE s.order_number END), '{}'), n, false
            FROM public.order_search s WHERE s.client_id = club
            AND s.order_number = ANY(ARRAY(SELECT CASE WHEN descending THEN -k ELSE k END FROM unnest(numbers[skip + 1 : skip + lim]) k));
          RETURN;
        ELSIF n <= upto THEN
          -- One order under two of the entries: all of them, without duplicates, up to upto + 1.
          SELECT array_agg(m.order_id ORDER BY CASE WHEN descending THEN -m.order_number ELSE m.order_number END) INTO found
          FROM (SELECT DISTINCT p.order_id, p.order_number FROM (
              SELECT w.order_id, w.order_number FROM public.order_search_pairs w
                WHERE w.client_id = club AND w.pair >= pair_key AND w.pair < pair_key || chr(1114111)
              UNION ALL
              SELECT w.order_id, w.order_number FROM public.order_search_pairs w
                WHERE w.client_id = club AND w.pair >= pair_from || chr(2) AND w.pair < pair_from || chr(1114111)
                AND left(substr(w.pair, strpos(w.pair, chr(1)) + 1), length(pair_tail)) = pair_tail
            ) p LIMIT upto + 1) m;
          listed := true;
          n := coalesce(cardinality(found), 0);
        END IF;
      END IF;
      IF n > upto THEN
        NULL; -- more than upto, proven by the words or the pairs: the page below
      ELSIF listed THEN
        NULL; -- every match, from the digits or the pairs
      ELSIF at_prefix IS NOT NULL THEN
        SELECT array_agg(m.order_id ORDER BY CASE WHEN descending THEN -m.order_number ELSE m.order_number END) INTO found
        FROM (SELECT s.order_id, s.order_number FROM public.order_search s
              WHERE s.client_id = club AND s.order_id = ANY(ARRAY(SELECT w.order_id FROM public.order_search_words w
                WHERE w.client_id = club AND w.word >= at_prefix AND w.word < at_prefix || chr(1114111)))
              AND (s.text || '') LIKE pattern LIMIT upto + 1) m;
      ELSE
        candidates := NULL;
        IF second_two IS NOT NULL THEN
          -- Three runs or more: the second is a whole run of the text, followed by the same characters
          -- and a run that begins with the third (range (a) of the second and third runs, no (b)).
          candidates := ARRAY(SELECT w.order_id FROM public.order_search_pairs w
            WHERE w.client_id = club AND w.pair >= second_key AND w.pair < second_key || chr(1114111) LIMIT 3001);
        END IF;
        IF usable AND (candidates IS NULL OR cardinality(candidates) > 3000) THEN
          -- Two runs or more, and more around them: the pairs' orders are candidates, rechecked.
          candidates := ARRAY(SELECT p.order_id FROM (
              SELECT w.order_id FROM public.order_search_pairs w
                WHERE w.client_id = club AND w.pair >= pair_key AND w.pair < pair_key || chr(1114111)
              UNION ALL
              SELECT w.order_id FROM public.order_search_pairs w
                WHERE w.client_id = club AND w.pair >= pair_from || chr(2) AND w.pair < pair_from || chr(1114111)
                AND left(substr(w.pair, strpos(w.pair, chr(1)) + 1), length(pair_tail)) = pair_tail
            ) p LIMIT 3001);
        END IF;
        IF cardinality(candidates) <= 3000 THEN
          SELECT array_agg(m.order_id ORDER BY CASE WHEN descending THEN -m.order_number ELSE m.order_number END) INTO found
          FROM (SELECT s.order_id, s.order_number FROM public.order_search s
                WHERE s.client_id = club AND s.order_id = ANY(candidates) AND (s.text || '') LIKE pattern LIMIT upto + 1) m;
        ELSIF search ~ '[[:alnum:]]{3}' THEN
          SELECT array_agg(m.order_id ORDER BY CASE WHEN descending THEN -m.order_number ELSE m.order_number END) INTO found
          FROM (SELECT s.order_id, s.order_number FROM public.order_search s
                WHERE s.client_id = club AND (s.text LIKE pattern OR s.order_number = num) LIMIT upto + 1) m;
        ELSE
          SELECT array_agg(m.order_id ORDER BY CASE WHEN descending THEN -m.order_number ELSE m.order_number END) INTO found
          FROM (SELECT s.order_id, s.order_number FROM public.order_search s
                WHERE s.client_id = club AND ((s.text || '') LIKE pattern OR s.order_number = num) LIMIT upto + 1) m;
        END IF;
      END IF;
      IF n <= upto THEN
        n := coalesce(cardinality(found), 0);
        IF n <= upto THEN
          RETURN QUERY SELECT coalesce(found[skip + 1 : skip + lim], '{}'), n, false;
          RETURN;
        END IF;
      END IF;
      IF (skip + lim) * 4 <= upto THEN
        -- The walk along the numbers is the plan (see above): a sort of every match is not offered.
        PERFORM set_config('enable_sort', 'off', true);
        IF descending THEN
          SELECT array_agg(w.order_id) INTO found FROM (SELECT s.order_id FROM public.order_search s
            WHERE s.client_id = club AND ((s.text || '') LIKE pattern OR s.order_number = num) ORDER BY s.order_number DESC LIMIT lim OFFSET skip) w;
        ELSE
          SELECT array_agg(w.order_id) INTO found FROM (SELECT s.order_id FROM public.order_search s
            WHERE s.client_id = club AND ((s.text || '') LIKE pattern OR s.order_number = num) ORDER BY s.order_number LIMIT lim OFFSET skip) w;
        END IF;
      ELSE
        -- A page far into a common search sorts every match: planned for its search (a generic plan
        -- of these took 17-28 ms for page 100 of "rasmu" against 7-8).
        PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
        IF search ~ '[[:alnum:]]{3}' THEN
          SELECT array_agg(w.order_id) INTO found FROM (SELECT s.order_id FROM public.order_search s
            WHERE s.client_id = club AND (s.text LIKE pattern OR s.order_number = num)
            ORDER BY CASE WHEN descending THEN -s.order_number ELSE s.order_number END LIMIT lim OFFSET skip) w;
        ELSE
          SELECT array_agg(w.order_id) INTO found FROM (SELECT s.order_id FROM public.order_search s
            WHERE s.client_id = club AND ((s.text || '') LIKE pattern OR s.order_number = num)
            ORDER BY CASE WHEN descending THEN -s.order_number ELSE s.order_number END LIMIT lim OFFSET skip) w;
        END IF;
      END IF;
      RETURN QUERY SELECT coalesce(found, '{}'), upto, true;
    END $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
