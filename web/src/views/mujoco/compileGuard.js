// mujoco/compileGuard.js: a dropped robot parsed and compiled in a Web
// Worker (workers/mjcompile.js, its own MuJoCo 3.14) under a time limit:
// a file that would run MuJoCo for minutes or kill it (the core's text
// check, mjcfCheck.js, bounds what it can see; this bounds what it cannot)
// is ended with one sentence and the page never stops answering. The page
// takes the compiled model in MuJoCo's binary form (MJB: loaded without a
// parse, robotFiles.js useCompiled), so its own thread never parses the
// MJCF either (nor builds the meshes' hulls: the SO-101 takes seconds).
// The worker is kept between drops (MuJoCo loads once) and replaced after
// a time-out or a failure of its MuJoCo.
// __fx.mujoco.compileGuard: { limitMs, loadMs, last } (the tests may lower
// limitMs; last: the last compile's { outcome, ms }).
import { t } from '../../i18n/index.js';
import { hook } from '../../testHooks.js';
import { mujocoUrl } from './load.js';
import { useCompiled } from '../../mujoco/robotFiles.js';

/** The limits [ms]: the compile (after MuJoCo has loaded in the worker:
 *  120 s; the SO-101's meshes take 16–53 s on this busy 2-core machine,
 *  a 300-deep chain (past the core's text check) runs for minutes; the
 *  page answers meanwhile, the limit is when to give up), and MuJoCo's
 *  own load in it. */
export const GUARD = hook('mujoco', 'compileGuard', { limitMs: 120_000, loadMs: 60_000, last: null });

let worker = null, seq = 0;

function endWorker(w) {
  w.terminate();
  if (worker === w) worker = null;
}

/**
 * Compiles the drop (Map of relative path → Uint8Array, main file `main`)
 * in the worker for the page's MuJoCo mj: resolves { outcome: 'done' |
 * 'refused' | 'skipped', ms } ('done': the model is the page's, cached for
 * loadRobotFiles and createRobotPair; 'refused': MuJoCo refused the file in
 * the worker, quickly: the page's own compile says why in its language;
 * 'skipped': no worker could run, the page compiles alone, the core's text
 * check still applied); rejects with one sentence when the compile passed
 * the time limit or killed the worker's MuJoCo.
 */
export function compileGuarded(mj, files, main) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let w;
    try {
      w = worker || (worker = new Worker('mjcompile.worker.js', { type: 'module' }));
    } catch {
      resolve({ outcome: 'skipped', ms: 0 });
      return;
    }
    const id = ++seq;
    let timer = 0;
    const finish = (ok, x) => {
      clearTimeout(timer);
      w.onmessage = null;
      w.onerror = null;
      GUARD.last = { outcome: ok ? x.outcome : 'stopped', ms: performance.now() - t0 };
      if (ok) resolve(x); else reject(x);
    };
    const limit = (ms, key) => {
      clearTimeout(timer);
      timer = setTimeout(() => { endWorker(w); finish(false, new Error(t(key, { s: Math.round(ms / 1000) }))); }, ms);
    };
    limit(GUARD.loadMs, 'robot.err.workerLoad');
    w.onmessage = (e) => {
      const m = e.data;
      if (m.id !== id) return;
      if (m.type === 'loaded') limit(GUARD.limitMs, 'robot.err.timeout');
      else if (m.type === 'done') {
        try {
          take(mj, files, main, m);
          finish(true, { outcome: 'done', ms: m.ms });
        } catch (err) {
          finish(false, err);
        }
      }
      else if (m.type === 'failed' && m.died) { endWorker(w); finish(false, new Error(t('robot.err.died', { message: m.message }))); }
      else if (m.type === 'failed') finish(true, { outcome: 'refused', ms: performance.now() - t0 });
    };
    // the worker itself could not run (its script or MuJoCo did not load): the page compiles alone
    w.onerror = (e) => { e.preventDefault?.(); endWorker(w); finish(true, { outcome: 'skipped', ms: 0 }); };
    const { bytes, index } = pack(files);
    w.postMessage({ id, bytes, index, main, mujocoUrl: mujocoUrl() }, [bytes.buffer]);
  });
}

/** The worker's model (MJB) loaded in the page's MuJoCo and cached:
 *  written to Emscripten's own file system (a copy: MjVFS.addBuffer takes
 *  about 0.7 s a MB, the SO-101's 67 MB model would take 46 s), read by
 *  mj_loadModel (1.5 s for the SO-101 on a busy 2-core machine). */
let taken = 0;
function take(mj, files, main, m) {
  const file = `/friction-explorer-${++taken}.mjb`, vfs = new mj.MjVFS();
  try {
    mj.FS.writeFile(file, m.mjb);
    useCompiled(mj, files, main, mj.MjModel.mj_loadModel(file, vfs), new Map(m.classes));
  } finally {
    vfs.delete();
    try { mj.FS.unlink(file); } catch { /* not written */ }
  }
}

/** The drop's files in one buffer (transferred to the worker: one copy;
 *  a structured clone of the Map took 0.7 s for the SO-101's 15 MB):
 *  { bytes, index [[path, offset, length]] }. */
function pack(files) {
  let n = 0;
  for (const b of files.values()) n += b.byteLength;
  const bytes = new Uint8Array(n), index = [];
  let at = 0;
  for (const [p, b] of files) {
    bytes.set(b, at);
    index.push([p, at, b.byteLength]);
    at += b.byteLength;
  }
  return { bytes, index };
}
