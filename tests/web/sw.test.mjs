// sw.test.mjs: the offline package's service worker (web/sw.js) keeps and
// answers only the bytes the build named, run in Node's vm with a fake
// server, a fake Cache Storage and Node's own WebCrypto (the worker's
// crypto.subtle.digest). The reference is independent of the worker: the
// manifest's SHA-256 is computed here by node:crypto from the fixture's
// bytes, the way tools/dist.mjs computes it.
//   install    a same-size other copy answered once: refused, fetched again
//              (bypassing the HTTP cache), the genuine one kept; answered
//              every time: nothing kept, an update's install fails, a first
//              install goes on and its state says why
//   fetch      a truncated or same-size other copy of a file of the lists
//              asked by the page: a network error, not kept; the genuine one
//              later: answered and kept
//   update     a copy an older version kept with other bytes: not carried
//              over (fetched from the server); a genuine one: carried over
//   fill       a copy that never verifies: the state says unavailable,
//              why 'integrity', never 'ready'
//   fuzz       tests/fuzz/sw_fuzz.mjs for 3 s from a fixed seed (random
//              answers, older caches and event orders): no copy kept or
//              answered with other bytes
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCOPE, fixture, cacheStorage, worker } from './sw_harness.mjs';
import { fuzzSw } from '../fuzz/sw_fuzz.mjs';

/** Bytes of the same size as b, other content. */
const other = (b) => { const o = Buffer.from(b); o.write('globalThis.__bad = 1;//'); return o; };

test('install: a same-size other copy answered once is refused and fetched again bypassing the HTTP cache; the genuine one is kept', async () => {
  const { files, dist, chunkName } = fixture();
  const w = worker(dist, (n, k) => (n === chunkName && k === 1 ? other(files[n]) : files[n === './' ? 'index.html' : n]));
  await w.fire('install');
  assert.deepEqual(await w.kept(chunkName), files[chunkName]);
  assert.deepEqual(w.asked.filter((a) => a.name === chunkName).map((a) => a.mode), ['no-cache', 'reload']);
});

test('install: a copy that is never the genuine one is not kept; an update fails, a first install goes on and says why', async () => {
  const { files, dist, chunkName } = fixture();
  const server = (n) => (n === chunkName ? other(files[n]) : files[n === './' ? 'index.html' : n]);
  const update = worker(dist, server, { active: true });
  await assert.rejects(update.fire('install'), (e) => e.code === 'integrity');
  assert.equal(await update.kept(chunkName), undefined);
  const first = worker(dist, server);
  await first.fire('install');
  assert.equal(await first.kept(chunkName), undefined);
  await first.fire('message', { data: { type: 'status' }, source: { postMessage: (m) => first.said.push(m) } });
  assert.equal(first.said.at(-1).state, 'unavailable');
  assert.equal(first.said.at(-1).why, 'integrity');
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

test('the fuzz of the cache decisions (tests/fuzz/sw_fuzz.mjs), 3 s from a fixed seed: no copy kept or answered with other bytes, no ready without every file', async () => {
  const { runs, broken } = await fuzzSw({ seconds: 3, seed: 7 });
  assert.ok(runs >= 5, `only ${runs} runs`);
  assert.deepEqual(broken, []);
});
