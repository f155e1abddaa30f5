// sw.test.mjs: the offline package's service worker (web/sw.js) keeps and
// answers only the bytes the build named, run in Node's vm with a fake
// server, a fake Cache Storage and Node's own WebCrypto (the worker's
// crypto.subtle.digest). The reference is independent of the worker: the
// manifest's SHA-256 is computed here by node:crypto from the fixture's
// bytes, the way tools/dist.mjs computes it.
//   install    a same-size other copy answered once: refused, fetched again
//              (bypassing the HTTP cache), the genuine one kept; answered
//              every time: the install fails and nothing is kept
//   fetch      a truncated or same-size other copy of a file of the lists
//              asked by the page: a network error, not kept; the genuine one
//              later: answered and kept
//   update     a copy an older version kept with other bytes: not carried
//              over (fetched from the server); a genuine one: carried over
//   fill       a copy that never verifies: the state says unavailable,
//              why 'integrity', never 'ready'
//   mutations  1,000 random copies of a file's size (one byte changed, or
//              all random): none kept
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import crypto from 'node:crypto';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SW = fs.readFileSync(path.join(ROOT, 'web/sw.js'), 'utf8');
const SCOPE = 'https://school.example/fx/';

const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');
const bytes = (s) => Buffer.from(s);
/** The package's files (name → bytes) of the fixture. */
function fixture() {
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
function cacheStorage() {
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
function worker(dist, server, { active = false, storage = cacheStorage() } = {}) {
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

/** Bytes of the same size as b, other content. */
const other = (b) => { const o = Buffer.from(b); o.write('globalThis.__bad = 1;//'); return o; };

test('install: a same-size other copy answered once is refused and fetched again bypassing the HTTP cache; the genuine one is kept', async () => {
  const { files, dist, chunkName } = fixture();
  const w = worker(dist, (n, k) => (n === chunkName && k === 1 ? other(files[n]) : files[n === './' ? 'index.html' : n]));
  await w.fire('install');
  assert.deepEqual(await w.kept(chunkName), files[chunkName]);
  assert.deepEqual(w.asked.filter((a) => a.name === chunkName).map((a) => a.mode), ['no-cache', 'reload']);
});

test('install: a copy that is never the genuine one fails the install and is not kept', async () => {
  const { files, dist, chunkName } = fixture();
  const w = worker(dist, (n) => (n === chunkName ? other(files[n]) : files[n === './' ? 'index.html' : n]));
  await assert.rejects(w.fire('install'), (e) => e.code === 'integrity');
  assert.equal(await w.kept(chunkName), undefined);
});

test('fetch: a truncated French table asked by the page is answered as a network error and not kept; the genuine one later is answered and kept', async () => {
  const { files, dist, frName } = fixture();
  let good = false;
  const w = worker(dist, (n) => (n === frName && !good ? files[n].subarray(0, files[n].length >> 1) : files[n === './' ? 'index.html' : n]));
  await w.fire('install');
  const bad = await w.fire('fetch', { request: w.request(frName) });
  assert.equal(bad.type, 'error');
  assert.equal(await w.kept(frName), undefined);
  // the same with a same-size other copy
  const w2 = worker(dist, (n) => (n === frName ? other(files[n]) : files[n === './' ? 'index.html' : n]));
  await w2.fire('install');
  assert.equal((await w2.fire('fetch', { request: w2.request(frName) })).type, 'error');
  assert.equal(await w2.kept(frName), undefined);
  good = true;
  const res = await w.fire('fetch', { request: w.request(frName) });
  assert.equal(res.status, 200);
  assert.deepEqual(Buffer.from(await res.arrayBuffer()), files[frName]);
  assert.deepEqual(await w.kept(frName), files[frName]);
});

test('update: an older version\'s copy with other bytes is not carried over (fetched from the server); a genuine one is', async () => {
  const { files, dist, frName } = fixture();
  const storage = cacheStorage();
  const old = await storage.open('friction-explorer-v1');
  await old.put(new URL(frName, SCOPE).href, new Response(other(files[frName])));
  await old.put(new URL('mujoco.0123456789/mujoco.js', SCOPE).href, new Response(files['mujoco.0123456789/mujoco.js']));
  const w = worker(dist, (n) => files[n === './' ? 'index.html' : n], { active: true, storage });
  await w.fire('install');
  assert.deepEqual(await w.kept(frName), files[frName]);
  assert.deepEqual(await w.kept('mujoco.0123456789/mujoco.js'), files['mujoco.0123456789/mujoco.js']);
  assert.equal(w.asked.filter((a) => a.name === frName).length, 1, 'the French table is fetched from the server');
  assert.equal(w.asked.filter((a) => a.name === 'mujoco.0123456789/mujoco.js').length, 0, 'MuJoCo is carried over');
});

test('fill: a file that never verifies leaves the state unavailable (why integrity), never ready', async () => {
  const { files, dist, frName } = fixture();
  const w = worker(dist, (n) => (n === frName ? other(files[n]) : files[n === './' ? 'index.html' : n]));
  await w.fire('install');
  await w.fire('message', { data: { type: 'fill' } });
  const last = w.said.at(-1);
  assert.equal(last.state, 'unavailable');
  assert.equal(last.why, 'integrity');
  assert.ok(!w.said.some((m) => m.state === 'ready'));
});

test('1,000 random copies of a file\'s size (one byte changed, or all random) are each refused', async () => {
  const { files, dist, chunkName } = fixture();
  const g = files[chunkName];
  let k = 0;
  const copy = () => {
    const b = Buffer.from(g);
    if (k % 2) crypto.randomFillSync(b); else { const i = crypto.randomInt(b.length); b[i] ^= 1 + crypto.randomInt(255); }
    return b;
  };
  let b = null;
  const w = worker(dist, (n) => (n === chunkName ? b : files[n === './' ? 'index.html' : n]));
  for (k = 0; k < 1000; k++) {
    b = copy();
    const res = await w.fire('fetch', { request: w.request(chunkName) });
    assert.equal(res.type, 'error', `copy ${k} answered`);
    assert.equal(await w.kept(chunkName), undefined, `copy ${k} kept`);
  }
});
