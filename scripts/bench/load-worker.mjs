// The load generator runs in a process of its own, so the bench process's CPU time is the server's
// alone (Node CPU per call) and the two never share an event loop. Started by index.ts with fork();
// takes its settings as one IPC message and answers with one.
//   - closed loop (no rate): autocannon, as fast as the answers come back;
//   - an offered rate: paced() below, not autocannon's overallRate. autocannon renews every
//     connection's per-second quota on timers that all start together, so "150/s over 100
//     connections" arrives as a burst of 100 requests at the top of each second; p95 then measures
//     how long that burst takes to drain, not the latency of a steady 150/s.
import http from 'node:http';
import autocannon from 'autocannon';

process.once('message', async (settings) => {
  const r = settings.rate && !settings.burst ? await paced(settings) : await closedLoop(settings);
  process.send(r, () => process.exit(0));
});

function rotate(cookies, paths) {
  let next = 0;
  let nextPath = 0;
  return {
    cookie: () => (cookies.length ? cookies[next++ % cookies.length] : undefined),
    // Rotating paths (distinct searches): a different one on every request.
    path: (fallback) => (paths?.length ? paths[nextPath++ % paths.length] : fallback),
  };
}

/**
 * Seconds of load before a closed-loop run is measured, on the same connections: the generator's
 * own start (a fresh process: its JIT, 64 connections opened at once) made the first two seconds of
 * every run slower than the rest (page 1: p50 70 ms in its first 1,000 answers, 28–44 ms after),
 * which no steady load of 64 connections shows.
 */
const WARM_UP_S = 2;

/**
 * As fast as the answers come back; or, with `burst`, autocannon's own overallRate (kept to compare
 * with earlier runs). The requests are built once, and each connection goes through them in turn:
 * the sessions (and the rotating paths) change on every request. A per-request setupRequest made autocannon
 * build every request anew — CPU this generator took from the server it measures, on the same cores.
 * Answers in the first WARM_UP_S seconds are not counted; errors are, from the start.
 */
async function closedLoop({ url, connections, duration, request, cookies, paths, rate, burst }) {
  let bad = 0;
  let counted = 0;
  const latencies = [];
  let cpu0 = null;
  let measuredFrom = Number.POSITIVE_INFINITY;
  const instance = autocannon({
    url,
    connections,
    duration: WARM_UP_S + duration,
    ...(burst && rate ? { overallRate: rate } : {}),
    requests: builtRequests(request, cookies, paths),
  });
  const started = performance.now();
  const warm = setTimeout(() => {
    measuredFrom = performance.now();
    cpu0 = process.cpuUsage();
  }, WARM_UP_S * 1000);
  instance.on('response', (_client, status, _bytes, time) => {
    if (status < 200 || status >= 300) bad++;
    if (performance.now() < measuredFrom) return;
    counted++;
    latencies.push(time);
  });
  const r = await instance;
  clearTimeout(warm);
  const seconds = (performance.now() - (Number.isFinite(measuredFrom) ? measuredFrom : started)) / 1000;
  const cpu = process.cpuUsage(cpu0 ?? undefined);
  return { rps: counted / seconds, total: counted, errors: r.errors + r.timeouts + bad, latencies, cpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, counted) };
}

/**
 * The sessions and paths as fixed requests (no setupRequest): with P paths and C sessions, lcm(P, C)
 * requests, request i going to path i mod P with session i mod C, so each recurs as evenly as before.
 */
function builtRequests(request, cookies, paths) {
  const p = Math.max(1, paths?.length ?? 0);
  const c = Math.max(1, cookies.length);
  const gcd = (a, b) => (b ? gcd(b, a % b) : a);
  const n = (p * c) / gcd(p, c);
  return Array.from({ length: n }, (_, i) => ({
    ...request,
    path: paths?.length ? paths[i % p] : request.path,
    headers: cookies.length ? { ...request.headers, cookie: cookies[i % c] } : request.headers,
  }));
}

/**
 * An open load at `rate` requests/s: request i is due at start + i/rate, sent on one of
 * `connections` kept-alive sockets (opened before the clock starts, used in turn). Its latency is
 * counted from when it was due, not from when a socket was free, so a server that falls behind
 * shows it in full (no coordinated omission). Requests still unanswered 30 s after the last one was
 * due count as errors.
 */
async function paced({ url, connections, duration, rate, request, cookies, paths }) {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections, scheduling: 'fifo' });
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers = { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  const next = rotate(cookies, paths);
  const send = (path, cookie) =>
    new Promise((resolve) => {
      const req = http.request({ agent, hostname, port, method: request.method, path, headers: cookie ? { ...headers, cookie } : headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
        res.on('error', () => resolve(0));
      });
      req.on('error', () => resolve(0));
      req.end(body);
    });
  // Open the sockets first (health checks, all at once), so the run does not pay for connecting.
  await Promise.all(Array.from({ length: connections }, () => send('/api/health')));

  const latencies = [];
  let errors = 0;
  let answered = 0;
  const interval = 1000 / rate;
  const start = performance.now();
  const due = Math.floor(duration * rate);
  const inFlight = [];
  await new Promise((resolve) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      for (; i < due && start + i * interval <= now; i++) {
        const dueAt = start + i * interval;
        inFlight.push(
          send(next.path(request.path), next.cookie()).then((status) => {
            latencies.push(performance.now() - dueAt);
            answered++;
            if (status < 200 || status >= 300) errors++;
          }),
        );
      }
      if (i >= due) return resolve();
      setTimeout(tick, Math.max(0, start + i * interval - performance.now()));
    };
    tick();
  });
  await Promise.race([Promise.all(inFlight), new Promise((r) => setTimeout(r, 30_000))]);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return { rps: answered / Math.max(duration, elapsed), total: answered, errors: errors + (due - answered), latencies };
}
