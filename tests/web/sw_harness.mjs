// sw_harness.mjs: the offline package's service worker (web/sw.js) run in
// Node's vm against a fake server, a fake Cache Storage and Node's own
// WebCrypto (the worker's crypto.subtle.digest), for tests/web/sw.test.mjs
// and the fuzz of its cache decisions (tests/fuzz/sw_fuzz.mjs). The fixture's
// SHA-256 are computed here by node:crypto, the way tools/dist.mjs does.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import crypto from 'node:crypto';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SW = fs.readFileSync(path.join(ROOT, 'web/sw.js'), 'utf8');
export const SCOPE = 'https://school.example/fx/';

export const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');
const bytes = (s) => Buffer.from(s);
/** The package's files (name → bytes) of the fixture. */
export function fixture() {
  const chunk = bytes('export const x = 1;\n'.repeat(40));
  const fr = bytes(`export default { 'offline.ready': 'Prêt hors ligne' };\n${'// table\n'.repeat(50)}`);
  const page = bytes('<!doctype html><title>fx</title>');
  const files = {
    'index.html': page, [`chunk.${sha(chunk).slice(0, 10)}.js`]: chunk,
    [`i18n-fr.${sha(fr).slice(0, 10)}.js`]: fr, 'mujoco.0123456789/mujoco.js': bytes('var mujoco = 1;\n'.repeat(30)),
  };
  const chunkName = Object.keys(files)[1], frName = Object.keys(files)[2];
  const precache = ['./', 'index.html', chunkName];
  const rest = [frName, 'mujoco.0123456789/mujoco.js'];
  const of = (n) => files[n === './' ? 'index.html' : n];
  const dist = {
    version: 'v2', precache, rest, fresh: ['./', 'index.html'],
    sizes: Object.fromEntries([...precache, ...rest].map((n) => [n, of(n).length])),
    sha256: Object.fromEntries([...precache, ...rest].map((n) => [n, sha(of(n))])),
  };
  return { files, dist, chunkName, frName };
}

/** A fake Cache Storage (name → Map(url → { bytes, headers })). */
export function cacheStorage() {
  const all = new Map();
  const keyOf = (r) => (typeof r === 'string' ? r : r.url);
  const cache = (m) => ({
    match: async (r) => { const h = m.get(keyOf(r)); return h ? new Response(h.bytes.slice(0), { headers: h.headers }) : undefined; },
    put: async (r, res) => { m.set(keyOf(r), { bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers }); },
    keys: async () => [...m.keys()].map((url) => ({ url })),
  });
  return {
    all,
    keys: async () => [...all.keys()],
    open: async (n) => { if (!all.has(n)) all.set(n, new Map()); return cache(all.get(n)); },
    delete: async (n) => all.delete(n),
    match: async (r, { cacheName } = {}) => (all.has(cacheName) ? cache(all.get(cacheName)).match(r) : undefined),
  };
}

/** The worker of dist running against server(name, n, mode) → bytes|Error
 *  (n: the how-many-th request for name; mode: the request's cache mode). */
export function worker(dist, server, { active = false, storage = cacheStorage() } = {}) {
  const handlers = {}, said = [], asked = [];
  const count = {};
  const fetch = async (url, opts = {}) => {
    const name = new URL(url).pathname.slice(new URL(SCOPE).pathname.length) || './';
    count[name] = (count[name] || 0) + 1;
    asked.push({ name, mode: opts.cache });
    const b = server(name, count[name], opts.cache);
    if (b instanceof Error) throw b;
    if (b === null) return new Response('', { status: 404 });
    return new Response(b, { status: 200, headers: { 'content-type': 'text/javascript' } });
  };
  const self = {
    FX_DIST: dist,
    registration: { scope: SCOPE, active: active ? {} : null },
    location: { origin: new URL(SCOPE).origin },
    addEventListener: (t, fn) => { handlers[t] = fn; },
    clients: { matchAll: async () => [{ postMessage: (m) => said.push(m) }], claim: async () => {} },
    skipWaiting: () => {},
  };
  vm.runInNewContext(SW, { self, caches: storage, fetch, crypto: globalThis.crypto, Response, Blob, URL, Date, console });
  /** Runs event `type` with `extra` fields; resolves when its waitUntil/respondWith promises settle. */
  const fire = async (type, extra = {}) => {
    const waits = [];
    let response;
    const e = { ...extra, waitUntil: (p) => waits.push(p), respondWith: (p) => { response = p; } };
    handlers[type](e);
    const res = response ? await response : undefined;
    // the waitUntil promises may be added while the response settles
    for (let i = 0; i < waits.length; i++) await waits[i];
    return res;
  };
  const kept = async (name) => {
    const m = storage.all.get(`friction-explorer-${dist.version}`);
    const hit = m?.get(new URL(name, SCOPE).href);
    return hit ? hit.bytes : undefined;
  };
  const request = (name) => ({ url: new URL(name, SCOPE).href, method: 'GET', mode: 'cors' });
  return { fire, kept, said, asked, storage, request };
}

