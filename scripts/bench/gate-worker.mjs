// The gates of `npm run bench -- gate`, in a process of their own (so the bench process's event loop
// is the server's alone). Takes one IPC message: the app's address, the event, one cookie per gate and
// a schedule of scans (at ms after the start, gate, code); sends each scan at its time (open loop: a
// slow answer never delays the next scan) as the web app's httpBatchLink sends gate.scan, each gate on
// its own keep-alive agent, and answers with one message: per scan its latency, HTTP status and the
// scan's status (confirmed, duplicate, ...).
import http from 'node:http';

process.once('message', async ({ url, eventId, cookies, schedule }) => {
  const { hostname, port } = new URL(url);
  const agents = cookies.map(() => new http.Agent({ keepAlive: true, maxSockets: 8 }));
  const results = new Array(schedule.length);
  let lateMs = 0;
  let start = 0;
  const one = (i) =>
    new Promise((resolve) => {
      const { gate, code, nonce } = schedule[i];
      const body = JSON.stringify({ 0: { id: eventId, ticketId: code, nonce, scannedAt: new Date().toISOString(), gate: `Port ${gate + 1}` } });
      const t0 = performance.now();
      const req = http.request(
        {
          agent: agents[gate],
          hostname,
          port,
          method: 'POST',
          path: '/trpc/gate.scan?batch=1',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: url, cookie: cookies[gate] },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => {
            let status = null;
            try {
              status = JSON.parse(text)[0]?.result?.data?.status ?? null;
            } catch {
              // not JSON: counted as an error by its HTTP status or null status
            }
            results[i] = { ms: performance.now() - t0, http: res.statusCode, status, code, from: t0 - start, to: performance.now() - start };
            resolve();
          });
        },
      );
      req.on('error', (e) => {
        results[i] = { ms: performance.now() - t0, http: 0, status: null, code, from: t0 - start, to: performance.now() - start, error: e.message };
        resolve();
      });
      req.end(body);
    });
  const pending = [];
  start = performance.now();
  for (let i = 0; i < schedule.length; i++) {
    const wait = schedule[i].at - (performance.now() - start);
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    lateMs = Math.max(lateMs, performance.now() - start - schedule[i].at);
    pending.push(one(i));
  }
  const sentIn = performance.now() - start;
  await Promise.all(pending);
  const elapsed = performance.now() - start;
  for (const a of agents) a.destroy();
  process.send({ results, sentInMs: sentIn, elapsedMs: elapsed, lateMs }, () => process.exit(0));
});
