import pg from 'pg';
import { nameRepeatedQueries, namedOn, reserveName, type StatementCounter, type StatementNames } from './prepared';

/**
 * Connections shared by one-trip reads. A one-trip read is one implicit transaction: prepared
 * statements bound and executed, then one Sync (pipeline.ts, ImplicitBatch). It needs no connection
 * of its own between its statements, so such reads of many calls go out on a few shared connections
 * without waiting for each other: the reads of one turn of the event loop leave in one write per connection, and
 * PostgreSQL answers them in order. A call that takes a pool connection for them pays a checkout, a
 * release and a write and a read of its own; here those are shared.
 *
 * Never anything but implicit transactions on these connections: a statement sent between another's
 * BEGIN and COMMIT would run inside it. The statements are prepared here in the background the
 * first time a read asks for them (a Parse and a Sync); until then the read takes the pool's way.
 */
export class SharedReads {
  readonly #clients: (Shared | null)[];
  /** Per slot: no new connection before this time (performance.now()) after one failed to open. */
  readonly #retryAt: number[];
  #closed = false;

  constructor(
    private readonly open: () => pg.Client,
    private readonly names: StatementNames,
    private readonly counter: StatementCounter,
    size: number,
  ) {
    this.#clients = Array.from({ length: size }, () => null);
    this.#retryAt = Array.from({ length: size }, () => 0);
  }

  /**
   * A connection with every text prepared, the one with the fewest reads in flight; null when none
   * has them all yet (they are then prepared where they are missing, for the next reads) or none is
   * connected (a missing connection is opened, for the next reads).
   */
  pick(texts: readonly string[]): { client: pg.Client; names: string[]; send: (batch: object) => void; settled: () => void } | null {
    if (this.#closed) return null;
    let best: Shared | null = null;
    let bestNames: string[] | null = null;
    for (let i = 0; i < this.#clients.length; i++) {
      const shared = this.#clients[i] ?? this.#connect(i);
      if (!shared?.ready) continue;
      const names = texts.map((text) => namedOn(shared.client, text));
      if (names.every((n): n is string => n !== null)) {
        if (!best || shared.inFlight < best.inFlight) {
          best = shared;
          bestNames = names;
        }
      } else this.#prepare(shared, texts);
    }
    if (!best || !bestNames) return null;
    const chosen = best;
    chosen.inFlight++;
    return { client: chosen.client, names: bestNames, send: (batch) => this.#send(chosen, batch), settled: () => chosen.inFlight-- };
  }

  /**
   * Whether a read failed because its connection did — the server ended it (class 57P, operator
   * intervention, or 08, connection exception) or it is gone — rather than for its statements: it
   * was not answered, and may go the pool's way.
   */
  lost(client: pg.Client, error: unknown): boolean {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && (code.startsWith('57P') || code.startsWith('08'))) return true;
    return !this.#clients.some((shared) => shared?.client === client && shared.ready);
  }

  /**
   * Writes a read's messages, held with the other reads of this turn of the event loop: the socket
   * is corked until setImmediate, after the loop has run every callback of its poll (the calls whose
   * requests came in together), so their reads leave in one write.
   */
  #send(shared: Shared, batch: object): void {
    const stream = (shared.client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
    if (!shared.corked) {
      shared.corked = true;
      stream.cork();
      setImmediate(() => {
        shared.corked = false;
        stream.uncork();
      });
    }
    shared.client.query(batch as never);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#clients.map((shared) => shared?.client.end().catch(() => {})));
  }

  /** Opens slot i's connection, unless the last attempt failed less than RETRY_MS ago. */
  #connect(i: number): Shared | null {
    if (performance.now() < this.#retryAt[i]) return null;
    const client = this.open();
    const shared: Shared = { client, ready: false, inFlight: 0, preparing: new Set(), corked: false };
    this.#clients[i] = shared;
    nameRepeatedQueries(client, this.names, this.counter);
    let opened = false;
    const drop = () => {
      // It never opened: the server refused or is away, so the next attempt waits a little.
      if (!opened && this.#clients[i] === shared) this.#retryAt[i] = performance.now() + RETRY_MS;
      shared.ready = false;
      if (this.#clients[i] === shared) this.#clients[i] = null;
    };
    // A connection the server ends (restart, terminate) is dropped; the next pick opens another.
    client.on('error', drop);
    client.on('end', drop);
    client.connect().then(
      () => {
        opened = true;
        shared.ready = !this.#closed;
        if (this.#closed) client.end().catch(() => {});
      },
      drop,
    );
    return shared;
  }

  /** Prepares the texts this connection lacks (each once at a time), under the pool's names for them. */
  #prepare(shared: Shared, texts: readonly string[]): void {
    for (const text of texts) {
      if (shared.preparing.has(text) || namedOn(shared.client, text)) continue;
      // Named by the pool (a text seen twice) and a place left on this connection: else nothing to prepare.
      const name = reserveName(shared.client, text);
      if (!name) continue;
      shared.preparing.add(text);
      shared.client.query(new PrepareOnly(name, text, () => shared.preparing.delete(text)) as never);
    }
  }
}

/** How long a slot waits after its connection failed to open. */
const RETRY_MS = 1000;

interface Shared {
  client: pg.Client;
  ready: boolean;
  /** Reads sent and not yet answered. */
  inFlight: number;
  /** Texts being prepared now. */
  preparing: Set<string>;
  /** Writes are held until setImmediate (see #send). */
  corked: boolean;
}

type PgQuery = { name?: string; text?: string };
const PgQuery = (pg as unknown as { Query: new (config: object) => PgQuery }).Query;

/**
 * Parse and Sync: prepares a named statement without running it. pg records the name as prepared
 * on the connection when PostgreSQL confirms the Parse (its parseComplete handling reads the
 * active query's name and text). Not a statement a call sent: it counts as none.
 */
class PrepareOnly extends PgQuery {
  readonly statementCount = 0;

  constructor(name: string, text: string, done: () => void) {
    super({ name, text, callback: done });
  }

  submit(connection: { parse(config: { name: string; text: string; types: unknown[] }): void; sync(): void }): null {
    connection.parse({ name: this.name as string, text: this.text as string, types: [] });
    connection.sync();
    return null;
  }
}
