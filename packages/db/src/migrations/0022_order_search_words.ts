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
   * order_search_page (migration 0020) with the two uses above before its own statements; its
   * answer is unchanged. `prefix` is the search when it is only letters or digits (three or more);
   * `at_prefix` is '@' and the reversed run before an '@' of the search (the last '@' with such a run)
   * when that run has three or more. A search with an '@' is never a number (num is null).
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
      END IF;
      IF n > upto THEN
        NULL; -- more than upto, proven by the words: the page below
      ELSIF at_prefix IS NOT NULL THEN
        SELECT array_agg(m.order_id ORDER BY CASE WHEN descending THEN -m.order_number ELSE m.order_number END) INTO found
        FROM (SELECT s.order_id, s.order_number FROM public.order_search s
              WHERE s.client_id = club AND s.order_id = ANY(ARRAY(SELECT w.order_id FROM public.order_search_words w
                WHERE w.client_id = club AND w.word >= at_prefix AND w.word < at_prefix || chr(1114111)))
              AND (s.text || '') LIKE pattern LIMIT upto + 1) m;
      ELSIF search ~ '[[:alnum:]]{3}' THEN
        SELECT array_agg(m.order_id ORDER BY CASE WHEN descending THEN -m.order_number ELSE m.order_number END) INTO found
        FROM (SELECT s.order_id, s.order_number FROM public.order_search s
              WHERE s.client_id = club AND (s.text LIKE pattern OR s.order_number = num) LIMIT upto + 1) m;
      ELSE
        SELECT array_agg(m.order_id ORDER BY CASE WHEN descending THEN -m.order_number ELSE m.order_number END) INTO found
        FROM (SELECT s.order_id, s.order_number FROM public.order_search s
              WHERE s.client_id = club AND ((s.text || '') LIKE pattern OR s.order_number = num) LIMIT upto + 1) m;
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
