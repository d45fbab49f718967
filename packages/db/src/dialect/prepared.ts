import type pg from 'pg';

/**
 * Named prepared statements for the queries a process sends again and again.
 *
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it anew each
 * time; for the short queries of a club call that is most of the server's work
 * (a list call: 1.10 ms of PostgreSQL CPU unnamed, 0.67 ms prepared). Here a
 * query text with parameters seen a second time gets a name, and each pooled
 * connection prepares it once. Bounded: a connection prepares at most
 * PER_CONNECTION texts (later ones run unnamed), and the pool renews a
 * connection after RENEW_AFTER_USES checkouts, which renews its statements too.
 * Names are never reused for another text (pg refuses that on a connection).
 */
export const PREPARED_LIMITS = { perConnection: 200, renewAfterUses: 20_000, knownTexts: 5_000 } as const;

/** The names of a pool's repeated texts, shared by its connections (and its shared read connections). */
export interface StatementNames {
  /** Text → name, for texts seen at least twice; text → null when seen once. */
  names: Map<string, string | null>;
  next: number;
}

/** Per client: the names it has been given to prepare, and the pool's texts (see namedOn). */
const prepared = new WeakMap<pg.ClientBase, { own: Set<string>; texts: StatementNames }>();

/** Pool options that renew connections, so their statement caches stay bounded in time too. */
export const PREPARED_POOL_OPTIONS = { maxUses: PREPARED_LIMITS.renewAfterUses } as const;

/** Statements sent, counted for the bench and the tests (a call's round trips). */
export interface StatementCounter {
  count: number;
}

/** Makes every client of the pool name its repeated parameterised queries; the names, to share (SharedReads). */
export function prepareRepeatedQueries(pool: pg.Pool, counter: StatementCounter): StatementNames {
  const texts: StatementNames = { names: new Map(), next: 1 };
  pool.on('connect', (client) => nameRepeatedQueries(client, texts, counter));
  return texts;
}

/** Makes one client name its repeated parameterised queries with `texts`' names, and count what it sends. */
export function nameRepeatedQueries(client: pg.ClientBase, texts: StatementNames, counter: StatementCounter): void {
  const own = new Set<string>();
  prepared.set(client, { own, texts });
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    // A batch of statements (pipeline.ts) counts as its statements.
    counter.count += (config as { statementCount?: number } | null)?.statementCount ?? 1;
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
      const name = nameFor(texts, config);
      if (name && takesPlace(own, name)) {
        return query({ name, text: config, values });
      }
    }
    return query(config, values, callback);
  };
}

/**
 * The name under which the client may prepare a text the pool has named (it takes one of the
 * client's places: PREPARED_LIMITS), or null: not named yet, or the client is full.
 */
export function reserveName(client: pg.ClientBase, text: string): string | null {
  const entry = prepared.get(client);
  const name = entry?.texts.names.get(text);
  return entry && name && takesPlace(entry.own, name) ? name : null;
}

/** Whether a client holds the name, or has a place left for it (PREPARED_LIMITS) and now takes it. */
function takesPlace(own: Set<string>, name: string): boolean {
  if (own.has(name)) return true;
  if (own.size >= PREPARED_LIMITS.perConnection) return false;
  own.add(name);
  return true;
}

function nameFor(texts: StatementNames, text: string): string | null {
  const known = texts.names.get(text);
  if (known !== undefined) {
    if (known !== null) return known;
    const name = `k${texts.next++}`;
    texts.names.set(text, name);
    return name;
  }
  // A process that keeps meeting new texts (ad-hoc shapes) forgets them all and starts over;
  // names keep counting up, so a text never gets the name of another.
  if (texts.names.size >= PREPARED_LIMITS.knownTexts) texts.names.clear();
  texts.names.set(text, null);
  return null;
}

/** How many statements a client has prepared (tests). */
export function preparedCount(client: pg.ClientBase): number {
  return prepared.get(client)?.own.size ?? 0;
}

/**
 * The name under which this client has prepared the text — PostgreSQL confirmed it (pg records a
 * name once its Parse succeeded) — or null: not named, or not prepared on this connection yet.
 */
export function namedOn(client: pg.ClientBase, text: string): string | null {
  const entry = prepared.get(client);
  const name = entry?.texts.names.get(text);
  if (!entry || !name || !entry.own.has(name)) return null;
  const parsed = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;
  return parsed[name] === text ? name : null;
}
