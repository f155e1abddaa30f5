// web/sw.js: the service worker of the offline package (make dist,
// tools/dist.mjs, which puts `self.FX_DIST = { version, precache, lazy }`
// before this file in the package's sw.js). Not used by `make serve`.
//   install   keeps every file of `precache` (the page, its bundles, the
//             core's wasm, the sample: names that carry their content's hash)
//             in the cache of this version
//   activate  deletes the caches of other versions, takes the open pages
//   fetch     same-origin GETs only (a request to another origin is never
//             touched): a page (navigation, whatever its ?view=… query) is
//             the kept index.html, a kept file comes from the cache; a file
//             under `lazy` (MuJoCo, 10 MB, fetched when the In MuJoCo view
//             opens; the 3D robot's bundle with three.js, fetched when its
//             section opens) is kept the first time it arrives; anything
//             else goes to the network
const { version, precache, lazy } = self.FX_DIST;
const CACHE = `friction-explorer-${version}`;
const scope = self.registration.scope;
const INDEX = new URL('index.html', scope).href;

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE)
    .then((c) => c.addAll(precache.map((n) => new URL(n, scope).href)))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('friction-explorer-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin || !req.url.startsWith(scope)) return;
  if (req.mode === 'navigate') {
    e.respondWith(caches.match(INDEX, { cacheName: CACHE }).then((hit) => hit || fetch(req)));
    return;
  }
  const rel = url.href.slice(scope.length).split('?')[0];
  e.respondWith(caches.match(url.href, { cacheName: CACHE }).then((hit) => {
    if (hit) return hit;
    return fetch(req).then((res) => {
      if (res.ok && lazy.some((p) => rel.startsWith(p))) {
        const copy = res.clone();
        e.waitUntil(caches.open(CACHE).then((c) => c.put(url.href, copy)));
      }
      return res;
    });
  }));
});
