/**
 * PostgreSQL's CPU over a run, for the cost scripts (booking-cost.ts, orders-cost.ts): the backends
 * serving this database other than the asking connection (the app's pool), read from /proc when the
 * server is on this machine (utime + stime in clock ticks, 100 a second on Linux).
 */
import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';

export async function backendPids(owner: Kysely<any>): Promise<number[]> {
  const r = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(owner);
  return r.rows.map((x) => x.pid);
}

/** Milliseconds of CPU the backends have used so far; NaN when the server is not on this machine. */
export function backendCpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      return Number.NaN;
    }
  }, 0);
}
