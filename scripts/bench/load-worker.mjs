// The load generator runs in a process of its own, so the bench process's CPU time is the server's
// alone (Node CPU per call) and the two never share an event loop. Started by index.ts with fork();
// takes its settings as one IPC message and answers with one.
import autocannon from 'autocannon';

process.once('message', async ({ url, connections, duration, request, cookies, paths, rate }) => {
  let next = 0;
  let nextPath = 0;
  let bad = 0;
  const latencies = [];
  const instance = autocannon({
    url,
    connections,
    duration,
    // An offered rate (requests/s over all connections), or as fast as the answers come.
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        ...request,
        setupRequest: (req) => {
          if (cookies.length) req.headers = { ...req.headers, cookie: cookies[next++ % cookies.length] };
          // Rotating paths (distinct searches): a different one on every request.
          if (paths?.length) req.path = paths[nextPath++ % paths.length];
          return req;
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, time) => {
    latencies.push(time);
    if (status < 200 || status >= 300) bad++;
  });
  const r = await instance;
  process.send({ rps: r.requests.total / r.duration, total: r.requests.total, errors: r.errors + r.timeouts + bad, latencies }, () => process.exit(0));
});
