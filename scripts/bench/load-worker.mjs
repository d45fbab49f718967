// The load generator runs in its own thread so it does not share the app's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, connections, duration, request, cookies } = workerData;
let next = 0;
let bad = 0;
const latencies = [];
let finish;
const done = new Promise((resolve, reject) => {
  finish = (err, result) => (err ? reject(err) : resolve(result));
});
const instance = autocannon(
  {
  url,
  connections,
  duration,
  requests: [
    {
      ...request,
      setupRequest: (req) => {
        if (cookies.length) req.headers = { ...req.headers, cookie: cookies[next++ % cookies.length] };
        return req;
      },
    },
  ],
  },
  (err, result) => finish(err, result),
);
instance.on('response', (_client, status, _bytes, time) => {
  latencies.push(time);
  if (status < 200 || status >= 300) bad++;
});
const r = await done;
// Inside a worker autocannon returns its histograms encoded: count and time our own figures.
parentPort.postMessage({ rps: r.totalCompletedRequests / r.duration, total: r.totalCompletedRequests, errors: r.errors + r.timeouts + bad, latencies });
