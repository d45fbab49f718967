import { type Kysely, sql } from 'kysely';
import { enableTenancy } from './helpers';

/**
 * The order list's search, cheaper where the trigram index is costly (issue 13: p95 < 50 ms).
 *
 * Measured (100,000 orders, EXPLAIN ANALYZE of the statements in order_search_page): the count up to
 * 1,001 matches of a common word costs its Bitmap Index Scan on order_search_text_trgm — a GIN scan
 * builds the bitmap of every match before the first row is counted (8,333 for "jensen": 2.0 ms of the
 * 2.6; "bager" 0.8 of 1.3) — and the club's entry of btree_gin (every order of the club) is
 * intersected with each trigram's list. An e-mail ("kunde4711@", 1 match) reads the long lists of the
 * trigrams every address shares ("kun", "und", "nde": 0.9 ms). No LIMIT shortens a bitmap.
 *
 * order_search_words: the words of each order's search text, (client_id, word, order_id), its key a
 * btree in byte order (COLLATE "C") that a range scan answers per club and stops where asked:
 *   - every run of three or more letters or digits of the text, as it is (the text is lowercased);
 *   - for every '@' of the text, '@' and the run of letters or digits just before it, reversed
 *     ("kunde4711@gmail.com" gives '@1174ednuk'): the end of an address's local part as a prefix.
 * A trigger on order_search keeps it in step with every write of that table (an order's insert and
 * change, a company's or contact's rename, an order's delete: the search table's own triggers and
 * cascade), in the writer's transaction. Both uses below are exact, never an estimate:
 *   1. A search of only letters or digits (three or more) is a substring of every word it begins:
 *      distinct orders with such a word are matches. When upto + 1 distinct orders are found that
 *      way (an index-only range scan of upto + 1 entries; further only when one order has two such
 *      words), "more than upto" is proven without the trigram index; the page is then walked along
 *      the numbers as before. Fewer: the count is made as before.
 *   2. A search with an '@' after a run X of three or more letters or digits (X is the whole run
 *      within the search): every match has an '@' in its text preceded by a run ending with X, so the
 *      orders with a word beginning '@' || reverse(X) are all candidates; each is rechecked with the
 *      search's LIKE on its text. The matches are those, counted as before. The candidates go to
 *      order_search's key as an array, not a join or IN: plpgsql's generic plan of IN walked the club's
 *      numbers instead (41 ms for "kunde4711@" on 100,000 orders, 0.08 ms with its custom plan).
 * The prefix is a range [p, p || U+10FFFF) of the key (exact in byte order: no run contains U+10FFFF),
 * which a cached generic plan of plpgsql also takes as the index's bounds (LIKE with a parameter would not).
 * Searches of two words or more: order_search_pairs, below.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE order_search_words (
      client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
      word text COLLATE "C" NOT NULL,
      order_id integer NOT NULL,
      PRIMARY KEY (client_id, word, order_id)
    )`.execute(db);
  await enableTenancy(db, 'order_search_words', { compositeKey: false });
  // An order's words are found by its id when its text changes or it is deleted.
  await sql`CREATE INDEX order_search_words_order_idx ON order_search_words (client_id, order_id)`.execute(db);

  // The words of one search text (the trigger and the backfill).
  await sql`
    CREATE FUNCTION order_search_words_of(searched text) RETURNS SETOF text LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $$
      SELECT w FROM regexp_split_to_table(searched, '[^[:alnum:]]+') w WHERE length(w) >= 3
      UNION
      SELECT '@' || reverse(m[1]) FROM regexp_matches(searched, '([[:alnum:]]+)@', 'g') m
    $$`.execute(db);
  // Runs as the writer (the app role under its club's policy, or the owner), like the search table's triggers.
  // The words are built here, the same statement as order_search_words_of, not by calling it: a SQL
  // function with SET is neither inlined nor kept planned, and planning it on every order made an
  // order's insert 0.25 ms dearer instead of 0.09 (measured: 3,000 inserts in PostgreSQL). A test
  // checks the table against order_search_words_of after every kind of write.
  await sql`
    CREATE FUNCTION order_search_words_row() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        DELETE FROM public.order_search_words WHERE client_id = OLD.client_id AND order_id = OLD.order_id;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        INSERT INTO public.order_search_words (client_id, word, order_id)
        SELECT NEW.client_id, w, NEW.order_id FROM (
          SELECT w FROM regexp_split_to_table(NEW.text, '[^[:alnum:]]+') w WHERE length(w) >= 3
          UNION
          SELECT '@' || reverse(m[1]) FROM regexp_matches(NEW.text, '([[:alnum:]]+)@', 'g') m) x;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER order_search_words_insert AFTER INSERT ON order_search FOR EACH ROW EXECUTE FUNCTION order_search_words_row()`.execute(db);
  await sql`
    CREATE TRIGGER order_search_words_update AFTER UPDATE OF text, order_id, client_id ON order_search FOR EACH ROW
    WHEN (OLD.text IS DISTINCT FROM NEW.text OR OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.client_id IS DISTINCT FROM NEW.client_id)
    EXECUTE FUNCTION order_search_words_row()`.execute(db);
  await sql`CREATE TRIGGER order_search_words_delete AFTER DELETE ON order_search FOR EACH ROW EXECUTE FUNCTION order_search_words_row()`.execute(db);

  await sql`
    INSERT INTO order_search_words (client_id, word, order_id)
    SELECT s.client_id, w, s.order_id FROM order_search s, order_search_words_of(s.text) w`.execute(db);

  /*
   * The order list's search of two words or more ("anne jensen", "bager jensen") without the trigram
   * index (issue 13: p95 < 50 ms). Measured (100,000 orders, order_search_page per call, hot): such a
   * search cost 2.3–4.9 ms, the GIN bitmap of every match of its trigrams; they are a fifth of the
   * bench's rotating surname terms and two thirds of its company terms.
   *
   * order_search_pairs: for every two adjacent runs A and B of letters or digits of an order's text
   * (runs of any length, maximal; S the characters between them, none a letter or digit), the entry
   * '#' || reverse(A) || chr(1) || S || B, with the order's number (the key a btree in byte order,
   * COLLATE "C", the number included: read index-only). The first chr(1) of an entry is the one after
   * reverse(A). Let a search (lowercased) begin, after any other characters, with the run t1, then the
   * characters s1 (none a letter or digit), then the run t2. If the search is a substring of a text:
   * t1 is followed by another character, so in the text t1 ends a run A; s1 is all the characters
   * between A and the next run B (it is followed by t2's first letter or digit); B begins with t2. So the
   * text has the entry '#' || reverse(A) || chr(1) || s1 || B, and either
   *   (a) A = t1: the entry begins '#' || reverse(t1) || chr(1) || s1 || t2, or
   *   (b) A is longer: the entry begins '#' || reverse(t1) and a letter or digit (above chr(2) in byte
   *       order), and what follows its first chr(1) begins s1 || t2.
   * So the orders of both ranges are a superset of the matches. When the search is exactly t1 || s1 || t2
   * the converse holds (such an entry puts t1 || s1 || t2 in the text): they are the matches, counted and
   * ordered by the entries' numbers without reading a text. Otherwise (a third run, or other characters
   * before or after) each candidate is rechecked with the search's LIKE on its text, as the '@' path
   * does, up to 3,000 of them (~1 µs each; more: the trigram index). With a third run t3 the candidates
   * come first from the second and third runs: t2 is then a whole run of the text, followed by the same
   * characters s2 and a run beginning with t3, so the entry begins '#' || reverse(t2) || chr(1) || s2 || t3
   * (range (a) alone). Range (b) is filtered after it is read: when it has more than 2,000
   * entries (a first run like "e" or "sen" that ends many longer runs) the pairs are not used and the
   * search goes through the trigram index as before. Exact whatever the characters: the byte order
   * argument is the words' (no run holds U+10FFFF), and only runs decide where an entry's parts end.
   * Kept by triggers on order_search like the words above (also on a change of the number), in the
   * writer's transaction; a test checks the table against order_search_pairs_of after every kind of write.
   */
  await sql`
    CREATE TABLE order_search_pairs (
      client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
      pair text COLLATE "C" NOT NULL,
      order_id integer NOT NULL,
      order_number integer NOT NULL,
      PRIMARY KEY (client_id, pair, order_id) INCLUDE (order_number)
    )`.execute(db);
  await enableTenancy(db, 'order_search_pairs', { compositeKey: false });
  await sql`CREATE INDEX order_search_pairs_order_idx ON order_search_pairs (client_id, order_id)`.execute(db);

  // The pairs of one search text (the backfill, and the test that checks the table).
  await sql`
    CREATE FUNCTION order_search_pairs_of(searched text) RETURNS SETOF text LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $$
      SELECT DISTINCT '#' || reverse(p.a) || chr(1) || p.sep || p.b FROM (
        SELECT r.m[1] AS a, r.m[2] AS sep, lead(r.m[1]) OVER (ORDER BY r.i) AS b FROM regexp_matches(searched, '([[:alnum:]]+)([^[:alnum:]]*)', 'g') WITH ORDINALITY r(m, i)) p
      WHERE p.b IS NOT NULL
    $$`.execute(db);
  // The same statement written out (as for the words above: a SQL function with SET is neither inlined nor kept planned).
  await sql`
    CREATE FUNCTION order_search_pairs_row() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        DELETE FROM public.order_search_pairs WHERE client_id = OLD.client_id AND order_id = OLD.order_id;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        INSERT INTO public.order_search_pairs (client_id, pair, order_id, order_number)
        SELECT DISTINCT NEW.client_id, '#' || reverse(p.a) || chr(1) || p.sep || p.b, NEW.order_id, NEW.order_number FROM (
          SELECT r.m[1] AS a, r.m[2] AS sep, lead(r.m[1]) OVER (ORDER BY r.i) AS b FROM regexp_matches(NEW.text, '([[:alnum:]]+)([^[:alnum:]]*)', 'g') WITH ORDINALITY r(m, i)) p
        WHERE p.b IS NOT NULL;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER order_search_pairs_insert AFTER INSERT ON order_search FOR EACH ROW EXECUTE FUNCTION order_search_pairs_row()`.execute(db);
  await sql`
    CREATE TRIGGER order_search_pairs_update AFTER UPDATE OF text, order_id, client_id, order_number ON order_search FOR EACH ROW
    WHEN (OLD.text IS DISTINCT FROM NEW.text OR OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.client_id IS DISTINCT FROM NEW.client_id
      OR OLD.order_number IS DISTINCT FROM NEW.order_number)
    EXECUTE FUNCTION order_search_pairs_row()`.execute(db);
  await sql`CREATE TRIGGER order_search_pairs_delete AFTER DELETE ON order_search FOR EACH ROW EXECUTE FUNCTION order_search_pairs_row()`.execute(db);

  await sql`
    INSERT INTO order_search_pairs (client_id, pair, order_id, order_number)
    SELECT s.client_id, p, s.order_id, s.order_number FROM order_search s, order_search_pairs_of(s.text) p`.execute(db);

  /*
   * order_search_page (migration 0020) with the words and the pairs; its answer is unchanged.
   * `prefix` is the search when it is only letters or digits (three or more); `at_prefix` is '@' and
   * the reversed run before an '@' of the search (the last '@' with such a run) when that run has three
   * or more (a search with an '@' is never a number: num is null). A search of exactly two runs proves
   * "more than upto" by its pairs; a search of two runs or more without the '@' path takes its
   * candidates from them.
   */
  await sql`
    CREATE OR REPLACE FUNCTION order_search_page(search text, num integer, descending boolean, lim integer, skip integer, cap integer)
    RETURNS TABLE (ids integer[], total integer, capped boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 1 SET search_path = pg_catalog, public SET enable_seqscan = off AS $$
    DECLARE
      club integer := NULLIF(current_setting('app.client_id', true), '')::int;
      lowered text := lower(search);
      pattern text := '%' || replace(replace(replace(lowered, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%';
      upto integer := greatest(cap, skip + lim);
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
      found integer[];
      n integer := 0;
      entries integer;
    BEGIN
      IF first_two IS NOT NULL THEN
        -- Range (b) is read before it is filtered: at most 2,000 entries, else the pairs are not used.
        SELECT count(*) <= 2000 INTO usable FROM (SELECT 1 FROM public.order_search_pairs w
          WHERE w.client_id = club AND w.pair >= pair_from || chr(2) AND w.pair < pair_from || chr(1114111) LIMIT 2001) x;
      END IF;
      IF prefix IS NOT NULL THEN
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
        -- their numbers in the entries. upto + 1 different ones among the first upto + 1 entries prove
        -- "more than upto"; else all of them (up to upto + 1) are listed in the page's order.
        SELECT count(DISTINCT p.order_id) INTO n FROM (
            SELECT w.order_id FROM public.order_search_pairs w
              WHERE w.client_id = club AND w.pair >= pair_key AND w.pair < pair_key || chr(1114111)
            UNION ALL
            SELECT w.order_id FROM public.order_search_pairs w
              WHERE w.client_id = club AND w.pair >= pair_from || chr(2) AND w.pair < pair_from || chr(1114111)
              AND left(substr(w.pair, strpos(w.pair, chr(1)) + 1), length(pair_tail)) = pair_tail
          LIMIT upto + 1) p;
        IF n <= upto THEN
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
        NULL; -- every match, from the pairs
      ELSIF at_prefix IS NOT NULL THEN
        SELECT array_agg(m.order_id ORDER BY CASE WHEN descending THEN -m.order_number ELSE m.order_number END) INTO found
        FROM (SELECT s.order_id, s.order_number FROM public.order_search s
              WHERE s.client_id = club AND s.order_id = ANY(ARRAY(SELECT w.order_id FROM public.order_search_words w
                WHERE w.client_id = club AND w.word >= at_prefix AND w.word < at_prefix || chr(1114111)))
              AND (s.text || '') LIKE pattern LIMIT upto + 1) m;
      ELSE
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
