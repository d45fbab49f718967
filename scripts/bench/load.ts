import { fork } from 'node:child_process';

/** `paths`: requests go through these in turn (one per request) instead of `path` each time. */
export type LoadRequest = { method: string; path: string; paths?: string[]; body?: string; cookies?: string[]; headers?: Record<string, string> };

/**
 * Loads the app from a child process (load-worker.mjs, cookies rotating): as fast as the answers
 * come back (closed loop, autocannon), or at an offered `rate` of requests/s over the connections,
 * evenly paced with latency counted from when each request was due; `burst` offers the rate the way
 * autocannon's overallRate does (each second's quota sent at once), only to compare.
 */
export function load(url: string, connections: number, duration: number, requests: LoadRequest, rate?: number, burst = false) {
  const child = fork(new URL('./load-worker.mjs', import.meta.url), { stdio: 'inherit' });
  return new Promise<{ rps: number; total: number; errors: number; latencies: number[]; cpuMs?: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as never));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`load generator exited with ${code}`)));
    child.send({
      url,
      connections,
      duration,
      rate,
      burst,
      cookies: requests.cookies ?? [],
      paths: requests.paths ?? [],
      request: { method: requests.method, path: requests.path, body: requests.body, headers: { 'content-type': 'application/json', origin: url, ...requests.headers } },
    });
  });
}


/** The p-th percentile of numbers (latencies), in any order. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  // Sorted here: several parts passed their latencies in the order measured (their p95 was then a
  // sample from the run, not the 95th percentile).
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
