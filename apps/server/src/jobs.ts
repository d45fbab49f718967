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

/** Starts the runner with a worker for each handler. */
export async function startJobRunner(database: DatabaseHandle, handlers: Record<string, JobHandler>, opts: JobRunnerOptions = {}): Promise<JobRunner> {
  const boss = bossFor(database);
  boss.on('error', opts.onError ?? ((error) => console.error('job runner:', error.message)));
  await boss.start();
  const done = new Map<string, number>();
  for (const [name, handler] of Object.entries(handlers)) {
    await boss.createQueue(name, { name, retryLimit: opts.retries ?? 3, retryDelay: 5 });
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
