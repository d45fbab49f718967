import { type Kysely, sql } from 'kysely';
import { enableTenancy } from './helpers';

/**
 * Beyond this many orders a word's count is no longer raised (see below): the cap of the list's count
 * (ORDER_SEARCH_COUNT_CAP, 1,000, or the end of its last page, 1,010) with room for deletions.
 */
export const COUNTED_UP_TO = 1100;

/**
 * "More than 1,000" of a common word from one row (issue 13: the order list's p95 < 50 ms).
 *
 * A search of letters or digits proved "more than the cap" by reading cap + 1 entries of
 * order_search_words (migration 0022) and counting their distinct orders: 0.24 of the 0.29 ms of
 * PostgreSQL a search of "jensen" or "bager" cost on 100,000 orders, and 0.45 ms on a slower machine.
 *
 * order_search_word_counts: per club and word of the first kind (a run of three or more letters or
 * digits: not the '@' and '%' entries), the number of orders with that word. The words' row trigger
 * keeps it beside the words, in the writer's transaction: one order more for each word an order gains,
 * one less for each it loses (an update's words that stay are not touched), in one upsert in word
 * order, so two writers of one order each never wait for each other crosswise (a statement that writes
 * many orders — the sweep, a rename — takes them order by order; PostgreSQL would end a deadlock with
 * it by refusing one side). The invariant the search rests on: a count is
 * never more than the orders that have the word. It is exact until it reaches COUNTED_UP_TO; from
 * there it is no longer raised (a deletion still lowers it), so a common word's row is neither written
 * nor locked by the orders that keep arriving with it ("gmail", a common surname): every booking's
 * search flush would otherwise wait on the same few rows.
 *
 * order_search_page (migration 0024): a word in the search's range [prefix, prefix || U+10FFFF) with
 * more than upto orders proves the search has more than upto matches (each such order has a word the
 * search begins). Otherwise the entries are counted as before, and that answer is exact.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE order_search_word_counts (
      client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
      word text COLLATE "C" NOT NULL,
      orders integer NOT NULL,
      PRIMARY KEY (client_id, word)
    ) WITH (fillfactor = 70)`.execute(db);
  // The count is not in the key's index, and pages keep room: raising a count is then an update in
  // place (HOT), which writes no index entry — a word's row is raised by every order until the ceiling.
  await enableTenancy(db, 'order_search_word_counts', { compositeKey: false });
  await sql`
    INSERT INTO order_search_word_counts (client_id, word, orders)
    SELECT client_id, word, count(*) FROM order_search_words WHERE left(word, 1) NOT IN ('%', '@') GROUP BY 1, 2`.execute(db);

  // order_search_words_row (migration 0024) with the counts. Its words are what they were: the same
  // statements, their words returned. A new row for a word lost (none: every entry is counted) is 0.
  // Generic plans, planned once per connection (as order_search_flush's, migration 0025): the custom
  // plans plpgsql kept choosing cost 0.3 ms more per order (pgbench, one order inserted a transaction).
  await sql`
    CREATE OR REPLACE FUNCTION order_search_words_row() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, public SET plan_cache_mode = force_generic_plan AS $$
    DECLARE
      gone text[] := '{}';
      came text[] := '{}';
      club integer;
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        club := OLD.client_id;
        WITH d AS (DELETE FROM public.order_search_words WHERE client_id = OLD.client_id AND order_id = OLD.order_id RETURNING word)
        SELECT coalesce(array_agg(d.word), '{}') INTO gone FROM d WHERE left(d.word, 1) NOT IN ('%', '@');
      END IF;
      IF TG_OP <> 'DELETE' THEN
        club := NEW.client_id;
        WITH i AS (
          INSERT INTO public.order_search_words (client_id, word, order_id)
          SELECT NEW.client_id, w, NEW.order_id FROM (
            SELECT w FROM regexp_split_to_table(NEW.text, '[^[:alnum:]]+') w WHERE length(w) >= 3
            UNION
            SELECT '@' || reverse(m[1]) FROM regexp_matches(NEW.text, '([[:alnum:]]+)@', 'g') m
            UNION
            SELECT '%' || left(substr(d[1], i), 10) FROM regexp_matches(NEW.text, '([0-9]+)', 'g') d, generate_series(1, length(d[1])) i) x
          RETURNING word)
        SELECT coalesce(array_agg(i.word), '{}') INTO came FROM i WHERE left(i.word, 1) NOT IN ('%', '@');
      END IF;
      IF TG_OP = 'UPDATE' AND club <> OLD.client_id THEN
        -- Another club's words (never done by the app): the old club's counts on their own.
        UPDATE public.order_search_word_counts SET orders = greatest(orders - 1, 0) WHERE client_id = OLD.client_id AND word = ANY(gone::text[] COLLATE "C");
        gone := '{}';
      END IF;
      IF cardinality(gone) + cardinality(came) > 0 THEN
        -- excluded.orders: 1 for a word gained, 0 for one lost.
        INSERT INTO public.order_search_word_counts AS c (client_id, word, orders)
        SELECT club, x.word, x.gained FROM (
          SELECT w COLLATE "C" AS word, 1 AS gained FROM (SELECT unnest(came) EXCEPT SELECT unnest(gone)) a(w)
          UNION ALL
          SELECT w COLLATE "C", 0 FROM (SELECT unnest(gone) EXCEPT SELECT unnest(came)) g(w)) x
        -- Each word's own row, by its key. The key's collation, the words' difference by EXCEPT and a value
        -- per word (not NOT EXISTS) are what let it: otherwise the plan read every counted word of the
        -- club for each order (a FULL JOIN's coalesce is no index condition under the table's policy).
        WHERE x.gained = 0 OR coalesce((SELECT k.orders FROM public.order_search_word_counts k
          WHERE k.client_id = club AND k.word = x.word), 0) < ${sql.lit(COUNTED_UP_TO)}
        ORDER BY x.word
        ON CONFLICT (client_id, word) DO UPDATE SET orders = CASE
          WHEN excluded.orders = 0 THEN greatest(c.orders - 1, 0)
          WHEN c.orders < ${sql.lit(COUNTED_UP_TO)} THEN c.orders + 1
          ELSE c.orders END;
      END IF;
      RETURN NULL;
    END $$`.execute(db);

  // order_search_page (migration 0024), with the counts' proof before the entries' count.
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
      ELSIF prefix IS NOT NULL AND EXISTS (SELECT 1 FROM public.order_search_word_counts c
          WHERE c.client_id = club AND c.word >= prefix AND c.word < prefix || chr(1114111) AND c.orders > upto) THEN
        -- One word it begins is in more than upto orders (a count is never more than the orders): proven.
        n := upto + 1;
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
