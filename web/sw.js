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
//   message   { type: 'keep', urls }: the page's own list of what it fetched
//             (main.js); a file under `lazy` among them that is not kept yet
//             is fetched again and kept. A first visit straight to the In
//             MuJoCo view, or in French, fetches MuJoCo or the French table
//             before this worker controls the page, so those requests never
//             reach `fetch` above.
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

/** url (a URL) is a file of this package that is kept when it first arrives. */
const isLazy = (url) => url.origin === self.location.origin && url.href.startsWith(scope)
  && lazy.some((p) => url.href.slice(scope.length).split('?')[0].startsWith(p));

self.addEventListener('message', (e) => {
  if (e.data?.type !== 'keep' || !Array.isArray(e.data.urls)) return;
  e.waitUntil(caches.open(CACHE).then(async (c) => {
    for (const u of e.data.urls) {
      let url;
      try { url = new URL(u); } catch { continue; }
      if (!isLazy(url) || await c.match(url.href)) continue;
      try { await c.add(url.href); } catch { /* offline now: kept when it next arrives */ }
    }
  }));
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin || !req.url.startsWith(scope)) return;
  if (req.mode === 'navigate') {
    e.respondWith(caches.match(INDEX, { cacheName: CACHE }).then((hit) => hit || fetch(req)));
    return;
  }
  e.respondWith(caches.match(url.href, { cacheName: CACHE }).then((hit) => {
    if (hit) return hit;
    return fetch(req).then((res) => {
      if (res.ok && isLazy(url)) {
        const copy = res.clone();
        e.waitUntil(caches.open(CACHE).then((c) => c.put(url.href, copy)));
      }
      return res;
    });
  }));
});
