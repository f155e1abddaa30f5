// mujoco/robotWorker.js: the "Your robot" pair run in a Web Worker
// (workers/mjrobot.js: its own MuJoCo 3.14 and friction core), so the
// page's thread never calls MuJoCo for the robot: the
// drop's parse and compile, the model's load (the SO-101's 67 MB model took
// the page 5–8 s on its thread), the adoption, the steps. The page sends
// commands, each under a time limit, and keeps what the worker sends back
// (remotePair: the interface of robot.js's pair, with the last frame's
// state). A command past its limit, or a MuJoCo that dies in the worker,
// ends the worker (terminate); the next command makes another, so the next
// drop works without a reload.
// __fx.mujoco.compileGuard: { limitMs (the load's parse and compile, the
// adoption), loadMs (MuJoCo's own load in the worker), stepMs (any other
// command), last: the last load's { outcome, ms }, kill(): the worker ended
// as if it had crashed (a test) }.
import { t, lang } from '../../i18n/index.js';
import { hook } from '../../testHooks.js';
import { mujocoUrl, LOADER } from './load.js';
import { startWorker } from '../../offline.js';

/** The limits [ms]: the compile and the adoption (after MuJoCo has loaded
 *  in the worker: 120 s; the SO-101's meshes take 16–53 s on this busy
 *  2-core machine, a 300-deep chain past the core's text check runs for
 *  minutes), MuJoCo's own load in the worker, and every other command (a
 *  frame's steps, a goal, a keyframe: milliseconds; 20 s is a worker that
 *  no longer answers). */
export const GUARD = hook('mujoco', 'compileGuard', { limitMs: 120_000, loadMs: 60_000, stepMs: 20_000, last: null,
  kill() { if (worker) lose(worker, diedError('the worker was ended by a test: __fx.mujoco.compileGuard.kill()')); } });

// the worker's bundle (tools/dist.mjs rewrites this name to its hashed one)
const WORKER = 'mjrobot.worker.js';
let worker = null, seq = 0, made = 0, pairs = 0, drops = 0;
let longs = 0;               // loads and adoptions under way
const pending = new Map();   // id → { resolve, reject, timer }
const live = new Set();      // the pairs not freed (remotePair), each told when its worker is lost

/** An Error of a worker that is gone (died: the page's mujocoLost says so;
 *  whole: the message is a whole sentence, a time limit's or a failed
 *  load's, else MuJoCo's own words). */
function diedError(message, whole = false) {
  const e = new Error(message);
  e.died = true;
  e.whole = whole;
  return e;
}

/** Worker w ended and forgotten; every command waiting on it rejects with err. */
function lose(w, err) {
  w.terminate();
  if (worker === w) worker = null;
  for (const [id, p] of pending) if (p.w === w) { clearTimeout(p.timer); pending.delete(id); p.done(); p.reject(err); }
  for (const p of live) if (p.w === w) p.lost(err);
}

function start() {
  if (worker) return worker;
  // a worker made after one was lost is a MuJoCo instance the page made again (load.js LOADER.instances)
  if (made++ > 0) LOADER.instances++;
  const w = startWorker(WORKER, { type: 'module' }, `?lang=${lang}`);
  w.onmessage = (e) => {
    const m = e.data, p = pending.get(m.id);
    if (!p) return;
    if (m.type === 'loaded') { p.limit(p.ms); return; }
    clearTimeout(p.timer);
    pending.delete(m.id);
    p.done();
    if (m.type === 'done') p.resolve(m);
    else if (m.died) { lose(w, diedError(m.message)); p.reject(diedError(m.message)); }
    else p.reject(new Error(m.message));
  };
  w.onerror = (e) => { e.preventDefault?.(); lose(w, diedError(t('robot.err.worker', { message: e.message || 'error' }))); };
  worker = w;
  return w;
}

/**
 * Command cmd (with the fields of msg) to the worker: resolves with its
 * answer, rejects with one sentence (the worker's), or with an Error whose
 * `died` is true when the worker was ended (its MuJoCo failed, or the
 * command passed its limit: timeoutKey's sentence, with {s} its seconds).
 * ms: the command's limit once MuJoCo is loaded in the worker (before that,
 * GUARD.loadMs).
 */
export function command(cmd, msg = {}, { ms = GUARD.stepMs, timeoutKey = 'robot.err.stepTimeout', transfer = [] } = {}) {
  return new Promise((resolve, reject) => {
    let w;
    try {
      w = start();
    } catch (e) {
      reject(diedError(t('robot.err.worker', { message: e.message })));
      return;
    }
    const id = ++seq;
    const p = { w, resolve, reject, ms, timer: 0 };
    p.limit = (limit, key = timeoutKey) => {
      clearTimeout(p.timer);
      p.timer = setTimeout(() => lose(w, diedError(t(key, { s: Math.round(limit / 1000), cmd }), true)), limit);
    };
    // a load or an adoption: first MuJoCo's own load in the worker, then
    // its own limit (the worker's 'loaded'); another command waits behind
    // any load or adoption under way (the worker does one thing at a time)
    const long = cmd === 'load' || cmd === 'adopt';
    if (long) longs++;
    p.done = () => { if (long) longs--; };
    p.limit(long ? GUARD.loadMs : ms + (longs ? GUARD.loadMs + GUARD.limitMs : 0), long ? 'robot.err.workerLoad' : timeoutKey);
    pending.set(id, p);
    const failNext = LOADER.failNext;
    LOADER.failNext = null;
    w.postMessage({ id, cmd, mujocoUrl: mujocoUrl(), failNext, ...msg }, transfer);
  });
}

/**
 * The drop (Map of relative path → Uint8Array, main file `main`) loaded in
 * the worker: its files packed into one buffer (transferred: no copy),
 * compiled under GUARD.limitMs: { main, info } (robot.js loadRobotFiles's),
 * load (the worker's id of the drop, for adoptInWorker).
 * Rejects with one sentence; a timeout or a failed MuJoCo ends the worker
 * (the error's `died`).
 */
export async function loadInWorker(files, main) {
  const t0 = performance.now();
  const { bytes, index } = pack(files);
  try {
    const r = await command('load', { load: ++drops, bytes, index, main }, { ms: GUARD.limitMs, timeoutKey: 'robot.err.timeout', transfer: [bytes.buffer] });
    GUARD.last = { outcome: 'done', ms: r.ms };
    return { main: r.main, info: r.info, load: drops };
  } catch (e) {
    GUARD.last = { outcome: e.died ? 'stopped' : 'refused', ms: performance.now() - t0 };
    // MuJoCo died reading the file: said as such (robot.err.died)
    throw e.died && !e.whole ? diedError(t('robot.err.died', { message: e.message }), true) : e;
  }
}

/**
 * A pair adopted in the worker (robot.js createRobotPair's options but the
 * files, which the worker has: load, loadInWorker's id of them; mapping,
 * servos, sources, keyframe, timestep; joints: every joint's name, for the
 * goals): a remotePair.
 */
export async function adoptInWorker(opts) {
  const pairId = ++pairs;
  const r = await command('adopt', { ...opts, pairId }, { ms: GUARD.limitMs, timeoutKey: 'robot.err.adoptTimeout' });
  return remotePair(r, pairId);
}

/** The drop's files in one buffer: { bytes, index [[path, offset, length]] }. */
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

/**
 * The worker's pair as the page uses robot.js's: A and C ({ m, d }: the
 * model's arrays the picture reads, the geoms' poses of the last frame,
 * written in place), rows, report(), table(), goal(), time, steps,
 * keyframe; setGoal, setKeyframe (a Promise), step(n) (queued: at most one
 * step command in flight, the steps asked meanwhile added to the next, at
 * most `maxSteps`), free(). onError(e): a command that failed; onFrame():
 * a frame has come.
 */
function remotePair(r, id) {
  const m = { ...r.scene, opt: { timestep: r.timestep } };
  const copy = (k) => ({ geom_xpos: new Float64Array(r.frame[k].geom_xpos), geom_xmat: new Float64Array(r.frame[k].geom_xmat), xanchor: r.xanchor[k] });
  const A = { m, d: copy('A') }, C = { m, d: copy('C') };
  let state = r.frame, epoch = 0, inFlight = false, asked = 0, freed = false, gone = null, hullsAsked = null;
  const w = worker;
  /** A command of this pair: refused at once (gone's error) when its worker was lost. */
  const ask = (cmd, msg) => (gone ? Promise.reject(gone) : command(cmd, { pair: id, ...msg }));
  const take = (f, at) => {
    if (freed || at !== epoch) return;   // a frame of before a keyframe change: gone
    state = f;
    A.d.geom_xpos.set(f.A.geom_xpos); A.d.geom_xmat.set(f.A.geom_xmat);
    C.d.geom_xpos.set(f.C.geom_xpos); C.d.geom_xmat.set(f.C.geom_xmat);
    pair.onFrame?.();
  };
  const send = () => {
    if (inFlight || !asked || freed || longs) return;   // no steps queued behind a load: they would wait its whole time
    const n = asked, at = epoch;
    asked = 0;
    inFlight = true;
    ask('step', { n }).then((f) => { inFlight = false; take(f, at); send(); },
      (e) => { inFlight = false; asked = 0; if (!freed) pair.onError?.(e); });
  };
  const pair = {
    A, C, rows: r.rows, fileTimestep: r.fileTimestep, timestepNote: r.timestepNote, integrator: r.integrator, carried: r.carried, skipped: r.skipped,
    unstable: r.unstable,
    maxSteps: Math.max(1, Math.ceil(0.1 / r.timestep)),   // 0.1 s of physics: what a frame's loop (live/loop.js) asks at most
    onError: null,
    w,
    /** Its worker was lost (err: why): the pair is gone, said once through onError. */
    lost(err) {
      if (gone) return;
      gone = err;
      live.delete(pair);
      if (!freed) pair.onError?.(err);
    },
    onFrame: null,   // called when a frame has come (a Step of a paused run shows it)
    get time() { return state.time; },
    get steps() { return state.steps; },
    get keyframe() { return state.keyframe; },
    get busy() { return inFlight || asked > 0; },
    report: () => r.report,
    table: () => state.table,
    goal: (name) => state.goals[name],
    setGoal(name, rad) {
      state.goals = { ...state.goals, [name]: rad };
      const at = epoch;
      ask('goal', { name, rad }).then((f) => take(f, at), (e) => { if (!freed) pair.onError?.(e); });
    },
    /** Back to keyframe k; resolves when the worker is there (the time 0 at once). */
    async setKeyframe(k) {
      const at = ++epoch;
      asked = 0;
      state = { ...state, time: 0, steps: 0, keyframe: k };
      take(await ask('keyframe', { k }), at);
    },
    step(n = 1) {
      asked = Math.min(pair.maxSteps, asked + n);
      send();
    },
    /** The convex hulls of the model's meshes (the picture's light meshes),
     *  made in the worker once (its 'hulls', under the load's time limit):
     *  resolves when m.hulls (mesh id → triangle corners) is there. */
    hulls() {
      hullsAsked ??= gone ? Promise.reject(gone)
        : command('hulls', { pair: id }, { ms: GUARD.limitMs, timeoutKey: 'robot.err.timeout' }).then((x) => { m.hulls = new Map(x.hulls); });
      return hullsAsked;
    },
    /** The wall time of n steps of both copies in the worker [ms] (for the tests). */
    async timeSteps(n) {
      const at = epoch, x = await ask('time', { n });
      take(x.frame, at);
      return x.ms;
    },
    free() {
      if (freed) return;
      freed = true;
      live.delete(pair);
      if (!gone && worker === w) command('free', { pair: id }).catch(() => { /* the worker is gone: so is the pair */ });
    },
  };
  live.add(pair);
  return pair;
}
