// sw_fuzz.mjs: fuzz of the offline package's service worker's cache
// decisions (web/sw.js), run in Node's vm by tests/web/sw_harness.mjs.
//
//   node tests/fuzz/sw_fuzz.mjs [--seconds S] [--seed K]
//
// Each run: a fixture package (its SHA-256 computed by node:crypto), an
// older version's cache holding random copies of some of its files (genuine,
// same size with other bytes, truncated, longer), and a server that answers
// each request at random (genuine, one byte changed, all bytes random at the
// same size, truncated, longer, empty, HTTP 404, a network error); then a
// random sequence of the worker's events (install, the page's fetch of any
// file, 'fill', 'status', activate). After every event:
//   - every copy in this version's cache has the build's SHA-256;
//   - every answer of the fetch handler that is not an error has it too;
//   - a state 'ready' said to the page means every file is kept.
// libFuzzer (make fuzz's C targets) cannot drive JavaScript; this is make
// fuzz's Node part for the worker, beside wrapper_fuzz.mjs. Exit 1 when an
// invariant broke (the seed and the run are printed: --seed K replays it).
import crypto from 'node:crypto';
import { SCOPE, fixture, cacheStorage, worker, sha } from '../web/sw_harness.mjs';
import { rng } from '../web/rng.mjs';


/** A copy of genuine bytes b as the fuzz's server or an older cache may hold it. */
function copyOf(b, r) {
  const k = Math.floor(r() * 7);
  const o = Buffer.from(b);
  if (k === 0 || k === 1) return o;                                 // genuine (twice as likely)
  if (k === 2) { o[Math.floor(r() * o.length)] ^= 1 + Math.floor(r() * 255); return o; }
  if (k === 3) { for (let i = 0; i < o.length; i++) o[i] = Math.floor(r() * 256); return o; }
  if (k === 4) return o.subarray(0, Math.floor(r() * o.length));
  if (k === 5) return Buffer.concat([o, Buffer.from([Math.floor(r() * 256)])]);
  return Buffer.alloc(0);
}

/** Runs the fuzz for `seconds` (at least one run) from `seed`: { runs, events, broken: [sentences] }. */
export async function fuzzSw({ seconds = 10, seed = 1 } = {}) {
  const end = Date.now() + seconds * 1000;
  let runs = 0, events = 0;
  const broken = [];
  do {
    const runSeed = (seed * 1_000_003 + runs) >>> 0;
    const r = rng(runSeed);
    const { files, dist } = fixture();
    const names = [...dist.precache, ...dist.rest].filter((n) => n !== './');
    const bytesOf = (n) => files[n === './' ? 'index.html' : n];
    const storage = cacheStorage();
    if (r() < 0.6) {
      const old = await storage.open('friction-explorer-v1');
      for (const n of names) if (r() < 0.5) await old.put(new URL(n, SCOPE).href, new Response(copyOf(bytesOf(n), r)));
    }
    const w = worker(dist, (n) => {
      const x = r();
      if (x < 0.08) return new Error('network down');
      if (x < 0.12) return null;
      return copyOf(bytesOf(n), r);
    }, { active: r() < 0.5, storage });
    const fail = (what) => broken.push(`seed ${seed}, run ${runs} (run seed ${runSeed}): ${what}`);
    const check = async (after) => {
      for (const n of names) {
        const kept = await w.kept(n);
        if (kept && sha(kept) !== dist.sha256[n]) fail(`after ${after}, ${n} kept with other bytes (${kept.length} B)`);
      }
      if (w.said.some((m) => m.state === 'ready')) {
        for (const n of names) if (!(await w.kept(n))) fail(`after ${after}, 'ready' said with ${n} not kept`);
      }
    };
    const steps = 1 + Math.floor(r() * 8);
    for (let i = 0; i < steps && !broken.length; i++) {
      const k = Math.floor(r() * 5);
      let what = '';
      try {
        if (k === 0) { what = 'install'; await w.fire('install'); }
        else if (k === 1 || k === 2) {
          const n = names[Math.floor(r() * names.length)];
          what = `fetch ${n}`;
          const res = await w.fire('fetch', { request: w.request(n) });
          if (res && res.type !== 'error') {
            const got = Buffer.from(await res.arrayBuffer());
            if (sha(got) !== dist.sha256[n]) fail(`the fetch of ${n} answered other bytes (${got.length} B)`);
          }
        } else if (k === 3) { what = 'fill'; await w.fire('message', { data: { type: 'fill' } }); }
        else { what = 'activate'; await w.fire('activate'); }
      } catch (e) {
        // a refused install is the worker's answer to a server that never sent
        // the genuine copy; anything else thrown is a finding
        if (!(what === 'install' && e && (e.code === 'integrity' || e.code === 'size' || e.code === 'network' || e.code === 'server'))) {
          fail(`${what} threw ${e?.stack || e}`);
        }
      }
      events++;
      await check(what);
    }
    runs++;
  } while (Date.now() < end && !broken.length);
  return { runs, events, broken };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const opt = (name, def) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : def; };
  const seconds = Number(opt('--seconds', 15));
  const seed = Number(opt('--seed', crypto.randomInt(1, 2 ** 31)));
  const { runs, events, broken } = await fuzzSw({ seconds, seed });
  console.log(`sw fuzz: ${runs} runs, ${events} events of the service worker in ${seconds} s (seed ${seed}): ${broken.length ? broken.length : 'no'} invariant broken`);
  for (const b of broken.slice(0, 5)) console.log(`  ${b}`);
  process.exit(broken.length ? 1 : 0);
}
