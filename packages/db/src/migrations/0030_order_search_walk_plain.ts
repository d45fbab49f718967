import { type Kysely, sql } from 'kysely';

/**
 * A common search's page walked along the numbers matches the text as it is (issue 13: the order
 * list's p95 < 50 ms).
 *
 * The walk (order_search_page, migration 0029: page 1 of "bager", of "jensen") reads the club's
 * search rows down order_search_number_idx until the page is full, matching each row's text. It
 * matched (s.text || '') LIKE pattern, a copy of every row's text, to keep the planner off the
 * trigram index; but the walk is planned with enable_sort off, and a bitmap of the trigram index
 * cannot give rows in number order without a sort, so the copy only cost. Walking 214 rows for
 * "bager" on 100,000 orders: 112-134 µs a walk with the copy, 61-76 µs without (3,000 walks each,
 * alternating). The statements that read a short search's matches keep the copy (a text without a
 * trigram would read the whole GIN index).
 *
 * Only the walk's two statements change: the function as it stands with them replaced, refused
 * unless both are found.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    DO $$
    DECLARE
      def text := pg_get_functiondef('public.order_search_page(text, integer, boolean, integer, integer, integer)'::regprocedure);
      walk text := '((s.text || '''') LIKE pattern OR s.order_number = num) ORDER BY s.order_number ';
      plain text := '(s.text LIKE pattern OR s.order_number = num) ORDER BY s.order_number ';
    BEGIN
      IF (length(def) - length(replace(def, walk, ''))) / length(walk) <> 2 THEN
        RAISE EXCEPTION 'order_search_page: the walk''s two statements were not found';
      END IF;
      EXECUTE replace(replace(def, walk, plain),
        '-- The walk along the numbers is the plan (see above): a sort of every match is not offered.',
        '-- The walk along the numbers is the plan (see above): a sort of every match is not offered, so the' || chr(10) ||
        '        -- trigram index (a bitmap, in no order) is not either, and the text is matched as it is (migration 0030).');
    END $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations only go forward');
}
