import { type Kysely, sql } from 'kysely';

/**
 * The order list's search of two words or more ("anne jensen", "bager jensen") through the words table
 * (migration 0022) instead of the trigram index (issue 13: p95 < 50 ms). Measured (100,000 orders,
 * order_search_page per call, hot): such a search cost 2.3–4.9 ms, the GIN bitmap of every match of
 * its trigrams; they are a fifth of the bench's rotating surname terms and two thirds of its company terms.
 *
 * order_search_words now also holds, for every two adjacent runs A and B of letters or digits of an
 * order's text (runs of any length, maximal; S the characters between them, none a letter or digit),
 * the entry '#' || reverse(A) || chr(1) || S || B. The first chr(1) of an entry is the one after
 * reverse(A). Let a search (lowercased) begin, after any other characters, with the run t1, then the
 * characters s1 (none a letter or digit), then the run t2. If the search is a substring of a text:
 * t1 is followed by another character, so in the text t1 ends a run A; s1 is all the characters
 * between A and the next run B (it is followed by t2's first letter or digit); B begins with t2. So the
 * text has the entry '#' || reverse(A) || chr(1) || s1 || B, and either
 *   (a) A = t1: the entry begins '#' || reverse(t1) || chr(1) || s1 || t2, or
 *   (b) A is longer: the entry begins '#' || reverse(t1) and a letter or digit (above chr(2) in byte
 *       order), and what follows its first chr(1) begins s1 || t2.
 * The orders of both ranges are a superset of the matches, each rechecked with the search's LIKE on
 * its text as the '@' path does (up to 10,000 entries: a first run of a letter or two that ends many
 * longer runs can reach far more; beyond that the trigram index as before). When the search is exactly
 * t1 || s1 || t2 the converse holds too (such an entry puts t1 || s1 || t2 in the text): the orders of
 * the two ranges are the matches, and upto + 1 distinct ones among the first upto + 1 entries prove
 * "more than upto" without reading a text. Exact whatever the characters: the byte order argument is
 * migration 0022's (no run holds U+10FFFF), and only runs decide where an entry's parts end.
 * The triggers and order_search_words_of build these entries with the others; the existing texts are
 * backfilled here. An order's entries grow from ~9 to ~16 (100,000 orders: 0.87 to 1.64 million).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION order_search_words_of(searched text) RETURNS SETOF text LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $$
      SELECT w FROM regexp_split_to_table(searched, '[^[:alnum:]]+') w WHERE length(w) >= 3
      UNION
      SELECT '@' || reverse(m[1]) FROM regexp_matches(searched, '([[:alnum:]]+)@', 'g') m
      UNION
      SELECT '#' || reverse(p.a) || chr(1) || p.sep || p.b FROM (
        SELECT r.m[1] AS a, r.m[2] AS sep, lead(r.m[1]) OVER (ORDER BY r.i) AS b FROM regexp_matches(searched, '([[:alnum:]]+)([^[:alnum:]]*)', 'g') WITH ORDINALITY r(m, i)) p
      WHERE p.b IS NOT NULL
    $$`.execute(db);
  // The same statement as order_search_words_of, written out (migration 0022: a SQL function with SET is not inlined).
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
          SELECT '#' || reverse(p.a) || chr(1) || p.sep || p.b FROM (
            SELECT r.m[1] AS a, r.m[2] AS sep, lead(r.m[1]) OVER (ORDER BY r.i) AS b FROM regexp_matches(NEW.text, '([[:alnum:]]+)([^[:alnum:]]*)', 'g') WITH ORDINALITY r(m, i)) p
          WHERE p.b IS NOT NULL) x;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    INSERT INTO order_search_words (client_id, word, order_id)
    SELECT DISTINCT s.client_id, '#' || reverse(p.a) || chr(1) || p.sep || p.b, s.order_id FROM order_search s, LATERAL (
      SELECT r.m[1] AS a, r.m[2] AS sep, lead(r.m[1]) OVER (ORDER BY r.i) AS b FROM regexp_matches(s.text, '([[:alnum:]]+)([^[:alnum:]]*)', 'g') WITH ORDINALITY r(m, i)) p
    WHERE p.b IS NOT NULL`.execute(db);

  /*
   * order_search_page (migration 0022) with the pairs: a search of exactly two runs proves "more than
   * upto" by its entries; a search of two runs or more without the '@' path takes its candidates from
   * them. Its answer is unchanged.
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
      pair text := '#' || reverse(first_two[1]);
      pair_key text := '#' || reverse(first_two[1]) || chr(1) || first_two[2] || first_two[3];
      pair_tail text := first_two[2] || first_two[3];
      exact_pair boolean := lowered ~ '^[[:alnum:]]+[^[:alnum:]]+[[:alnum:]]+$';
      candidates integer[];
      found integer[];
      n integer := 0;
      entries integer;
    BEGIN
      IF prefix IS NOT NULL THEN
        -- upto + 1 entries, all of different orders, prove it; entries of one order under two words
        -- ("jens": 'jens' and 'jensen') need a longer look.
        SELECT count(DISTINCT w.order_id), count(*) INTO n, entries FROM (SELECT w.order_id FROM public.order_search_words w
          WHERE w.client_id = club AND w.word >= prefix AND w.word < prefix || chr(1114111) LIMIT upto + 1) w;
        IF n <= upto AND entries > upto THEN
          SELECT count(DISTINCT w.order_id) INTO n FROM (SELECT w.order_id FROM public.order_search_words w
            WHERE w.client_id = club AND w.word >= prefix AND w.word < prefix || chr(1114111) LIMIT 4 * (upto + 1)) w;
        END IF;
      ELSIF exact_pair THEN
        -- Two runs and what is between them, nothing else: every order of the pairs' ranges is a match.
        SELECT count(DISTINCT p.order_id) INTO n FROM (
            SELECT w.order_id FROM public.order_search_words w
              WHERE w.client_id = club AND w.word >= pair_key AND w.word < pair_key || chr(1114111)
            UNION ALL
            SELECT w.order_id FROM public.order_search_words w
              WHERE w.client_id = club AND w.word >= pair || chr(2) AND w.word < pair || chr(1114111)
              AND left(substr(w.word, strpos(w.word, chr(1)) + 1), length(pair_tail)) = pair_tail
          LIMIT upto + 1) p;
      END IF;
      IF n > upto THEN
        NULL; -- more than upto, proven by the words: the page below
      ELSIF at_prefix IS NOT NULL THEN
        SELECT array_agg(m.order_id ORDER BY CASE WHEN descending THEN -m.order_number ELSE m.order_number END) INTO found
        FROM (SELECT s.order_id, s.order_number FROM public.order_search s
              WHERE s.client_id = club AND s.order_id = ANY(ARRAY(SELECT w.order_id FROM public.order_search_words w
                WHERE w.client_id = club AND w.word >= at_prefix AND w.word < at_prefix || chr(1114111)))
              AND (s.text || '') LIKE pattern LIMIT upto + 1) m;
      ELSE
        IF pair IS NOT NULL THEN
          -- (a) the first run whole, then the separator and the second's start; (b) a longer run ending
          -- in the first, then the same after the entry's chr(1). More than 10,000 entries: the statements below.
          candidates := ARRAY(SELECT p.order_id FROM (
              SELECT w.order_id FROM public.order_search_words w
                WHERE w.client_id = club AND w.word >= pair_key AND w.word < pair_key || chr(1114111)
              UNION ALL
              SELECT w.order_id FROM public.order_search_words w
                WHERE w.client_id = club AND w.word >= pair || chr(2) AND w.word < pair || chr(1114111)
                AND left(substr(w.word, strpos(w.word, chr(1)) + 1), length(pair_tail)) = pair_tail
            ) p LIMIT 10001);
        END IF;
        IF cardinality(candidates) <= 10000 THEN
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
