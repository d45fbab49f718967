import type { DatabaseHandle } from '@klubhus/db';
import PgBoss from 'pg-boss';

/**
 * The one job runner of the app: pg-boss in its own schema of the app's database, on PostgreSQL
 * and on the embedded database alike (there through the session lock every Kysely connection
 * holds, see ownerSql). Any number of app processes run it: a job is handed to one worker at a
 * time (SKIP LOCKED), a failed one is retried, and handlers are written to be safe when they run
 * again (they look at the rows, not at the job: delivered mails are marked sent, and so on).
 */

/** The app's jobs, by queue name. */
export const JOBS = {
  /** Delivers the queued e-mails of the outbox (deliverOutbox). */
  outbox: 'outbox-deliver',
  /** Sends due invitation reminders (remindAllClubs): once per invite and interval. */
  reminders: 'event-reminders',
  /** Frees seats whose hold ran out (expireHoldsAllClubs). */
  holdExpiry: 'seat-hold-expiry',
  /** Makes the drafts of invoicing plans whose date has come (runInvoicePlansAllClubs): once per plan entry. */
  invoicePlans: 'invoice-plans',
  /** Renders booked invoices' PDFs on the warm browser (renderPendingInvoicePdfs): never in a request. */
  invoicePdfs: 'invoice-pdfs',
  /** Renders agreements' PDFs with the club's contract settings (renderPendingContractPdfs). */
  contractPdfs: 'contract-pdfs',
  /** Books booked invoices in e-conomic and retries failures (syncEconomicAllClubs). */
  economic: 'economic-sync',
  /** Cancels bookings whose hold ran out before they were paid (expireBookingsAllClubs). */
  bookingExpiry: 'booking-hold-expiry',
  /** Writes the missing search rows of orders a booking left without them (flushOrderSearchAllClubs): a booking flushes its own after its commit. */
  orderSearch: 'order-search-flush',
} as const;

export type JobHandler = () => Promise<unknown>;

export interface JobRunner {
  /** Asks for a run of `name` soon: at most one per `seconds` across every process (pg-boss throttling). */
  nudge(name: string, seconds?: number): Promise<void>;
  /** Runs of a job so far that ended, in this process. */
  done(name: string): number;
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  /** How often a worker asks for work, seconds (pg-boss's minimum is 0.5). */
  pollingSeconds?: number;
  /** Failed runs are retried this many times. */
  retries?: number;
  onError?: (error: Error) => void;
}

/** The pg-boss instance of a database: its own small pool on PostgreSQL, the shared session on PGlite. */
function bossFor(database: DatabaseHandle): PgBoss {
  const schema = 'pgboss';
  if (database.url) return new PgBoss({ connectionString: database.url, max: 3, schema, application_name: 'klubhus-jobs' });
  if (!database.ownerSql) throw new Error('the embedded database offers no SQL outside Kysely for the job runner');
  const ownerSql = database.ownerSql;
  return new PgBoss({ db: { executeSql: (text, values) => ownerSql(text, values ?? []) }, schema });
}

/**
 * Creates a queue; two processes starting at once on a fresh database can deadlock in pg-boss's
 * create_queue (each inserting the other's queue row): the loser tries again (the queue is then there).
 */
async function createQueueRetrying(boss: PgBoss, name: string, options: PgBoss.Queue) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await boss.createQueue(name, options);
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/** Starts the runner with a worker for each handler. */
export async function startJobRunner(database: DatabaseHandle, handlers: Record<string, JobHandler>, opts: JobRunnerOptions = {}): Promise<JobRunner> {
  const boss = bossFor(database);
  boss.on('error', opts.onError ?? ((error) => console.error('job runner:', error.message)));
  await boss.start();
  const done = new Map<string, number>();
  for (const [name, handler] of Object.entries(handlers)) {
    await createQueueRetrying(boss, name, { name, retryLimit: opts.retries ?? 3, retryDelay: 5 });
    await boss.work(name, { pollingIntervalSeconds: opts.pollingSeconds ?? 2 }, async () => {
      try {
        await handler();
      } finally {
        done.set(name, (done.get(name) ?? 0) + 1);
      }
    });
  }
  return {
    async nudge(name, seconds = 5) {
      await boss.sendThrottled(name, {}, {}, seconds);
    },
    done: (name) => done.get(name) ?? 0,
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
