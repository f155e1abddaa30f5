// fig1.js (bundled to build/web/fig1.worker.js): the paper's Fig. 1 B/C
// (web/src/mujoco/fig1.js fig1Steps: the 2R arm on its triangle path,
// M1 then M4 at one firmware gain) off the page's thread, in its own
// MuJoCo 3.14 and core wasm instances. MuJoCo is imported from the URL the
// page gives (load.js mujocoUrl: the explorer's own folder, hashed by make
// dist), the core from friction_core.wasm beside this file.
//
// Messages in:
//   { type: 'run', id, kp, mujocoUrl, files? }   files: [[relative path,
//       Uint8Array]] of the 2r_mx folder; absent: the last run's (MuJoCo
//       compiled its meshes once)
//   { type: 'cancel', id }   stops job id within about 50 ms
// Messages out (each with the job's id):
//   { type: 'progress', frac }          frac of the two runs (M1, then M4)
//   { type: 'done', fig, ms, loadMs }   fig: fig1Steps's figure (its arrays
//       transferred); ms: the two runs' wall time in the worker [ms],
//       loadMs: before them, loading MuJoCo and the core and compiling the
//       arm's meshes (the first run's; about 0 once done) [ms]
//   { type: 'cancelled' } | { type: 'failed', message }
import { CORE_WASM, coreFrom, mujocoFrom } from '../coreLoad.js';
import { fig1Steps } from '../mujoco/fig1.js';
import { t, tCore } from '../i18n/index.js';

const SLICE_MS = 50;      // work between two looks at the message queue [ms]
const REPORT_MS = 100;    // progress messages at most this often [ms]
const cancelled = new Set();
const pause = () => new Promise((r) => setTimeout(r, 0));
let engines = null;       // Promise of [mj, core]
let files = null;         // the 2R arm's files (Map), kept between runs

function load(mujocoUrl) {
  engines = engines || Promise.all([
    mujocoFrom(mujocoUrl, t),
    fetch(CORE_WASM).then((r) => {
      if (!r.ok) throw new Error(t('mujoco.fig1.coreFetch', { status: r.status }));
      return r.arrayBuffer();
    }).then((b) => coreFrom(CORE_WASM, new Uint8Array(b), t)),
  ]).catch((e) => { engines = null; throw e; });
  return engines;
}

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'cancel') { cancelled.add(m.id); return; }
  if (m.type === 'run') {
    // the core's sentence in the page's language (the worker's URL names it: ?lang=)
    run(m).catch((err) => self.postMessage({ type: 'failed', id: m.id, message: err?.id ? tCore(err) : String(err?.message ?? err) }))
      .finally(() => cancelled.delete(m.id));
  }
};

async function run(m) {
  const t0 = performance.now();
  const [mj, core] = await load(m.mujocoUrl);
  if (m.files) files = new Map(m.files);
  if (!files) throw new Error(t('mujoco.fig1.noFiles'));
  const it = fig1Steps(mj, core, files, { kp: m.kp });
  // the first step of the generator compiles the meshes (MuJoCo, once per files)
  let first = true, loadMs = 0, t1 = 0;
  let slice = performance.now(), reported = 0;
  try {
    for (;;) {
      const r = it.next();
      if (first) {
        // the load and the compile, less the one chunk of steps the first call also ran (negligible)
        first = false;
        t1 = performance.now();
        loadMs = t1 - t0;
      }
      if (r.done) {
        const fig = r.value, ms = performance.now() - t1;
        const buffers = [fig.t, ...fig.path, ...fig.q.m1, ...fig.q.m4].map((a) => a.buffer);
        self.postMessage({ type: 'done', id: m.id, fig, ms, loadMs }, buffers);
        return;
      }
      const now = performance.now();
      if (now - reported > REPORT_MS) {
        reported = now;
        self.postMessage({ type: 'progress', id: m.id, frac: r.value.frac });
      }
      if (now - slice > SLICE_MS) {
        await pause();
        slice = performance.now();
        if (cancelled.has(m.id)) {
          self.postMessage({ type: 'cancelled', id: m.id });
          return;
        }
      }
    }
  } finally {
    it.return();   // a cancelled or failed run frees its MuJoCo copies
  }
}
