// web/sw.js: the service worker of the offline package (make dist,
// tools/dist.mjs, which puts `self.FX_DIST = { version, precache, rest,
// fresh, sizes, sha256 }` before this file in the package's sw.js). Not used
// by `make serve`.
//   precache  what the page needs to open (the page, its bundles, the core's
//             wasm, the sample)
//   rest      the other files (MuJoCo, the 3D robot with three.js, the other
//             language's table, the workers that run MuJoCo): fetched in the
//             background once the page runs ('fill'), so that every view
//             works offline after one visit
//   fresh     the names that do not carry their content's hash (the page,
//             the sample): always fetched from the server, bypassing the
//             HTTP cache
//   sizes     name → bytes (the progress the page shows)
//   sha256    name → the SHA-256 of this version's bytes (64 hex digits; a
//             hashed name carries its first 10, tools/dist.mjs checks it)
// Integrity: no copy goes into the cache, and no copy is answered from the
// network to the page for a name of the lists, before its SHA-256 is the
// build's (crypto.subtle.digest): a copy that differs (a same-size answer
// of a proxy, a truncated one, an older version's) is refused and fetched
// once more bypassing the HTTP cache; if that one differs too, the file is
// missing (the page: "Not available offline: …"; the fetch: a network
// error, so the page never runs it). A copy an older version kept is taken
// only when its bytes are this version's.
// Events:
//   install   keeps `precache` in the cache of this version (a first install
//             goes on without a file it cannot have genuine: the state says
//             why, 'fill' tries again), and the files of
//             `rest` an older version kept; when an older version is active
//             (an update), also the rest of `rest`, so the new version is
//             complete before it takes over, then waits: the page says "a
//             new version is ready" and its Reload button sends 'skip-waiting'
//   activate  (once complete) deletes the caches of other versions, takes the pages
//   fetch     same-origin GETs in the scope only: a page (navigation, whatever
//             its ?view=… query) is the kept index.html (but when a newer
//             version waits and no other tab is open: that one takes over and
//             the page is asked for again once it runs it, so a reload
//             brings it), a kept file comes
//             from the cache; a file of the lists that arrives is checked,
//             then kept; anything else goes to the network
//   message   'fill': fetch what the lists lack (one run at a time); 'status':
//             the state to the page; 'skip-waiting'; 'claim': take the pages
//             it does not run yet (one opened bypassing it, Shift+Reload: the
//             page starts its workers once it runs it, web/src/offline.js). The state goes to every
//             page as { type: 'offline', state: 'ready' | 'downloading' |
//             'unavailable', got, total (bytes of the whole set), why }
//             (why: 'network', 'server', 'size', 'integrity', 'storage').
const { version, precache, rest, fresh, sizes, sha256 } = self.FX_DIST;
const PREFIX = 'friction-explorer-';
const CACHE = `${PREFIX}${version}`;
const scope = self.registration.scope;
const href = (n) => new URL(n, scope).href;
const INDEX = href('index.html');
const FRESH = new Set(fresh);
const ALL = [...precache, ...rest];
/** address → its name in the lists ('./' and 'index.html' are the page) */
const NAMES = new Map(ALL.map((n) => [href(n), n]));
const TOTAL = ALL.reduce((s, n) => s + sizes[n], 0);

/** A failure with the page's code for it (offline.why.<code>). */
const failure = (code, msg) => Object.assign(new Error(msg), { code });

/** The hex SHA-256 of bytes (an ArrayBuffer). */
async function digest(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(d, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** The bytes are those this version names `name` with. */
const genuine = async (name, bytes) => typeof sha256[name] === 'string' && (await digest(bytes)) === sha256[name];

/** A copy of `name` kept by an older version of the package whose bytes are
 *  this version's, or undefined (a copy that differs is passed over). */
async function fromOlder(name) {
  for (const k of await caches.keys()) {
    if (!k.startsWith(PREFIX) || k === CACHE) continue;
    const hit = await (await caches.open(k)).match(href(name));
    if (!hit) continue;
    const bytes = await hit.arrayBuffer();
    if (await genuine(name, bytes)) return new Response(bytes, { status: 200, headers: hit.headers });
  }
  return undefined;
}

/** One answer of the server for `name`: its bytes and headers, read piece
 *  by piece (onBytes(n) after each). */
async function fetchOnce(name, url, mode, onBytes) {
  let res;
  try {
    res = await fetch(url, { cache: mode });
  } catch (e) {
    throw failure('network', `${name}: ${e.message}`);
  }
  if (!res.ok) throw failure('server', `${name}: HTTP ${res.status}`);
  const parts = [];
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      onBytes(value.length);
    }
  } catch (e) {
    throw failure('network', `${name}: ${e.message}`);
  }
  return { bytes: await new Blob(parts).arrayBuffer(), headers: res.headers };
}

/** `name` from the server, its bytes checked against the build's SHA-256:
 *  a name without a hash bypasses the HTTP cache ('reload'), a hashed one
 *  is revalidated ('no-cache': the HTTP cache's copy when the server says it
 *  is current); a copy that differs is refused and fetched once more,
 *  bypassing the HTTP cache. onBytes(n) after each piece. url: the address
 *  asked (the page's, with its query), by default the name's. */
async function download(name, onBytes, url = href(name)) {
  let last = null;
  for (const mode of [FRESH.has(name) ? 'reload' : 'no-cache', 'reload']) {
    const { bytes, headers } = await fetchOnce(name, url, mode, onBytes);
    if (await genuine(name, bytes)) return new Response(bytes, { status: 200, headers });
    last = bytes.byteLength !== sizes[name]
      ? failure('size', `${name}: ${bytes.byteLength} bytes, this version's has ${sizes[name]}`)
      : failure('integrity', `${name}: its SHA-256 is not this version's`);
  }
  throw last;
}

/** Puts each of `names` the cache `c` lacks in it: from an older version's
 *  cache when it may, else from the server. onBytes as download's. */
async function keepAll(c, names, onBytes, older = true) {
  for (const n of names) {
    if (await c.match(href(n))) continue;
    const old = older ? await fromOlder(n) : undefined;
    try {
      await c.put(href(n), old || await download(n, onBytes));
    } catch (e) {
      if (e.code) throw e;
      throw failure('storage', `${n}: ${e.message}`);
    }
  }
}

let filling = null;     // the running 'fill', if any
let lastError = null;   // the failure of the last one
let handedTo = null;    // the waiting version a reloading page was last handed to (fetch)
// the page a reload gets while a newer version takes over (fetch)
const HANDOVER_PAGE = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">'
  + '<meta http-equiv="refresh" content="3">'
  + '<script>navigator.serviceWorker.oncontrollerchange = () => location.reload();</script>';

/** The state of this version's copy (bytes kept of the whole set). */
async function status() {
  const c = await caches.open(CACHE);
  let got = 0;
  for (const n of ALL) if (await c.match(href(n))) got += sizes[n];
  const state = got >= TOTAL ? 'ready' : filling ? 'downloading' : lastError ? 'unavailable' : 'downloading';
  return { type: 'offline', state, got, total: TOTAL, why: state === 'unavailable' ? lastError.code : null, version };
}

async function tell(msg) {
  for (const w of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) w.postMessage(msg);
}

/** Fetches what `rest` lacks, telling the pages how far it got (at most
 *  every 250 ms), then the final state. */
function fill() {
  if (filling) return filling;
  lastError = null;
  filling = (async () => {
    const c = await caches.open(CACHE);
    let { got } = await status();
    let said = 0;
    try {
      await keepAll(c, [...precache, ...rest], (n) => {
        got += n;
        if (Date.now() - said > 250) {
          said = Date.now();
          tell({ type: 'offline', state: 'downloading', got, total: TOTAL, why: null, version });
        }
      });
    } catch (e) {
      lastError = e;
    }
    filling = null;
    await tell(await status());
  })();
  return filling;
}

self.addEventListener('install', (e) => {
  e.waitUntil((async () => {
    const c = await caches.open(CACHE);
    // a file that cannot be had as this version's: an update fails (the
    // older version goes on, complete); a first install goes on without it,
    // so the page hears why ('status': "Not available offline: …") and its
    // 'fill' asks for it again
    try {
      await Promise.all(precache.map((n) => keepAll(c, [n], () => {})));
    } catch (err) {
      if (self.registration.active) throw err;
      lastError = err;
    }
    // the lazy files an older version kept that this one still names
    // (MuJoCo when it did not change): copied, never fetched again
    for (const n of rest) {
      if (await c.match(href(n))) continue;
      const old = await fromOlder(n);
      if (old) await c.put(href(n), old);
    }
    // an update: complete before it takes over (the class that had the
    // old version offline has the new one offline)
    if (self.registration.active) await keepAll(c, rest, () => {}, false);
  })());
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('message', (e) => {
  const type = e.data?.type;
  if (type === 'skip-waiting') self.skipWaiting();
  else if (type === 'fill') e.waitUntil(fill());
  else if (type === 'status') e.waitUntil(status().then((s) => e.source?.postMessage(s)));
  else if (type === 'claim') e.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin || !req.url.startsWith(scope)) return;
  if (req.mode === 'navigate') {
    e.respondWith((async () => {
      // a newer version complete and waiting, and no other tab of the
      // explorer open (the one reloading is the only window): it is told to
      // take over, and the page gets a short one that asks for itself again
      // once the newer version runs it (its controllerchange; its own
      // refresh after 3 s at the latest); so the browser's own reload brings
      // the new version, as the page's Reload button does. Once per waiting
      // version: asked for again while it has not taken over (a slow
      // machine), the page is this version's, which says a new one is ready
      // when it takes over. (A page that refreshed itself at once came back
      // to this version before the newer one had taken over, again and
      // again, and Chromium has been seen to leave such a page blank.)
      const waiting = self.registration.waiting;
      if (waiting && waiting !== handedTo && (await self.clients.matchAll({ type: 'window' })).length <= 1) {
        handedTo = waiting;
        waiting.postMessage({ type: 'skip-waiting' });
        return new Response(HANDOVER_PAGE, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
      }
      return (await caches.match(INDEX, { cacheName: CACHE })) || fetch(req);
    })());
    return;
  }
  // a worker is started with the page's language in its query (?lang=fr:
  // views/mujoco/robotWorker.js, fig1Panel.js): its script is kept once,
  // under its address without the query
  const key = /\.worker(\.[0-9a-f]+)?\.js$/.test(url.pathname) ? url.origin + url.pathname : url.href;
  const name = NAMES.get(key);
  e.respondWith(caches.match(key, { cacheName: CACHE }).then(async (hit) => {
    if (hit) return hit;
    if (name === undefined) return fetch(req);
    // a file of the lists: answered (and kept) only once its bytes are the
    // build's; else a network error, so the page never runs another copy
    try {
      const res = await download(name, () => {}, req.url);
      const copy = res.clone();   // now: the page reads res's body once it is returned
      e.waitUntil(caches.open(CACHE).then((c) => c.put(key, copy)).catch(() => {}));
      return res;
    } catch {
      return Response.error();
    }
  }));
});
