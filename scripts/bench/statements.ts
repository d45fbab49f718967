/**
 * Statements this process sends to PostgreSQL, counted in pg itself: every call of
 * pg.Client.prototype.query is one statement sent (BEGIN and COMMIT included), whatever sent it —
 * the app's pool through Kysely, a query config object `{ name, text, values }` (a named prepared
 * statement), the limit routes' own pool; a batch of statements in one implicit transaction
 * (dialect/pipeline.ts) counts as its statements. Connecting sends no query and is not counted. The bench
 * reads the counter's difference over a run window, so nothing in the app has to count for it.
 *
 * Install before any pool connects: a pool that wraps client.query on 'connect' (the app's
 * prepared-statement naming does) binds the method it finds then.
 */
import pg from 'pg';

let sent = 0;
let installed = false;

/** Patches pg.Client once; returns the number of statements sent since. */
export function countStatements(): () => number {
  if (!installed) {
    installed = true;
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const query = proto.query;
    proto.query = function (this: pg.Client, ...args: unknown[]) {
      sent += (args[0] as { statementCount?: number } | null)?.statementCount ?? 1;
      return query.apply(this, args);
    };
  }
  return () => sent;
}
