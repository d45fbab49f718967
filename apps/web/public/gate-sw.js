// Gate mode's service worker (issue 16). Registered only by gate mode, with the scope of one event's
// gate page (/events/{id}/gate), so the storefront and the back office are never controlled by it.
// It keeps the app shell and the page's hashed assets so gate mode opens again without a connection;
// API answers (/api, /trpc) are never kept: they always go to the network.
const CACHE = 'klubhus-gate-v1';
const SHELL = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, '/gate.webmanifest', '/gate-icon-192.png', '/gate-icon-512.png']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('klubhus-gate-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The page loaded its assets before this worker controlled it: it sends their addresses to keep.
self.addEventListener('message', (event) => {
  const urls = event.data?.type === 'cache' && Array.isArray(event.data.urls) ? event.data.urls : [];
  const same = urls.filter((u) => new URL(u, self.location.origin).pathname.startsWith('/assets/'));
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(same.map((u) => cache.match(u).then((hit) => hit || cache.add(u).catch(() => {}))))));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/trpc/')) return;
  if (url.pathname.startsWith('/assets/')) {
    // Hashed names: a kept copy is always right.
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
    return;
  }
  // The page itself (index.html for every client route) and the other files: the network first, so a
  // new release shows at once; the kept copy when there is no connection.
  const key = request.mode === 'navigate' ? SHELL : request;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
        }
        return response;
      })
      .catch(() => caches.match(key).then((hit) => hit || Response.error())),
  );
});
