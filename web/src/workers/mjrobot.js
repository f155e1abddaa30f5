// mjrobot.js (bundled to build/web/mjrobot.worker.js): the In MuJoCo view's
// "Your robot" pair in a Web Worker with its own MuJoCo 3.14 and its own
// friction core: the drop's parse and compile, the model's
// description, the adoption through the core's wasm (robot.js
// createRobotPair), the steps, goals, keyframes and tables. The page
// (views/mujoco/robotWorker.js) sends commands, each under a time limit, and
// draws what it is sent back; a command that runs too long, or a MuJoCo that
// dies here, ends this worker (terminate) and the page makes another: the
// page's thread never runs MuJoCo for the robot, so no robot file can freeze
// or kill it. The worker's sentences are the page's (i18n/index.js reads the
// language from this worker's URL, ?lang=).
//
// Messages in: { id, cmd, ... } with cmd
//   'load'     { load, bytes, index: [[path, offset, length]], main, mujocoUrl, failNext }
//              the drop's files in one buffer (robotWorker.js pack): compiled, described
//   'adopt'    { load, pairId, mapping, servos, sources, keyframe, timestep, joints }: of the drop `load`: a new pair (the old one freed once it stands)
//   'goal'     { pair, name, rad }    'keyframe' { pair, k }  'step' { pair, n }
//   'time'     { pair, n }: the wall time of n steps [ms] (for the tests)
//   'hulls'    { pair }: the convex hulls of the pair's meshes (mujoco/hulls.js: [[mesh id,
//              Float32Array of triangle corners], ...], transferred), made once per drop: the
//              3D picture's light meshes, never computed on the page's thread
//   'free'     { pair }: the pair freed (pair: the page's id of it, adopt's pairId;
//              a command naming a pair replaced since is refused, free ignored)
// Messages out (each with the command's id):
//   { type: 'loaded' }                     MuJoCo is loaded here; the command starts
//   { type: 'done', ... }                  the command's answer (see answer())
//   { type: 'failed', message, died }      one sentence; died: MuJoCo itself failed (an
//                                          abort, a trap): this worker is no longer usable
import { listen } from '../workerInbox.js';   // first: it keeps what arrives while the table loads
import { CORE_WASM, coreFrom, mujocoFrom } from '../coreLoad.js';
import { loadRobotFiles, createRobotPair } from '../mujoco/robot.js';
import { mujocoDied } from '../mujoco/mjcfCheck.js';
import { meshHulls } from '../mujoco/hulls.js';
import { mjEnums } from '../mujoco/mjEnums.js';
import { t, tCore } from '../i18n/index.js';

let engine = null;   // Promise of { mj, core }
let pair = null;
// the drops loaded here, by the page's id of each (its 'load' command's
// `load`): the running pair's and the latest (a drop loaded but refused at
// its adoption leaves the running robot's files for its next adoption)
const loads = new Map();   // load id → { files, main }

async function loadCore() {
  const r = await fetch(CORE_WASM);
  if (!r.ok) throw new Error(`could not load ${CORE_WASM}: HTTP ${r.status}`);
  return coreFrom(CORE_WASM, new Uint8Array(await r.arrayBuffer()), t);
}

/** mj with its function `name` made to fail once as MuJoCo's abort does (the page's test hook, load.js LOADER.failNext). */
function arm(mj, name) {
  const f = name ? mj[name] : null;
  if (typeof f !== 'function') return;
  mj[name] = () => {
    mj[name] = f;
    throw new Error(`Aborted(native code called abort()) (a test: __fx.mujoco.loader.failNext ${name})`);
  };
}

// the model's arrays the 3D picture reads (robot3d.js), copied once
const SCENE_FIELDS = ['geom_aabb', 'geom_dataid', 'geom_group', 'geom_matid', 'geom_rgba', 'geom_type', 'geom_size', 'mat_rgba',
  'mesh_face', 'mesh_faceadr', 'mesh_facenormal', 'mesh_facenum', 'mesh_graph', 'mesh_graphadr', 'mesh_normal', 'mesh_normaladr',
  'mesh_normalnum', 'mesh_vert', 'mesh_vertadr', 'mesh_vertnum', 'jnt_type'];

/** The pair's state a frame shows: the time, steps, goals, table, and both copies' geom poses. */
function frame() {
  const goals = Object.fromEntries(pair.allJoints.map((name) => [name, pair.goal(name)]));
  return { time: pair.time, steps: pair.steps, keyframe: pair.keyframe, goals, table: pair.table(),
    A: { geom_xpos: pair.A.d.geom_xpos.slice(), geom_xmat: pair.A.d.geom_xmat.slice() },
    C: { geom_xpos: pair.C.d.geom_xpos.slice(), geom_xmat: pair.C.d.geom_xmat.slice() } };
}

/** The new pair as the page keeps it: its rows, report, notes, the model's arrays for the picture, the first frame. */
function described(p, mj) {
  // the picture compares geom types by the loaded MuJoCo's own enums
  const m = p.A.m, scene = { ngeom: m.ngeom, njnt: m.njnt, enums: mjEnums(mj) };
  for (const f of SCENE_FIELDS) scene[f] = m[f].slice();
  return { rows: p.rows, report: p.report(), keyframe: p.keyframe, fileTimestep: p.fileTimestep, timestep: m.opt.timestep,
    timestepNote: p.timestepNote, integrator: p.integrator, carried: p.carried, skipped: p.skipped, unstable: p.unstable, scene,
    xanchor: { A: p.A.d.xanchor.slice(), C: p.C.d.xanchor.slice() }, frame: frame() };
}

const COMMANDS = {
  load(m, mj, core) {
    const drop = new Map(m.index.map(([p, at, n]) => [p, m.bytes.subarray(at, at + n)]));
    const t0 = performance.now();
    const got = loadRobotFiles(mj, core, drop, m.main);
    for (const k of loads.keys()) if (k !== pair?.load) loads.delete(k);
    loads.set(m.load, { files: drop, main: got.main });
    return { main: got.main, info: got.info, ms: performance.now() - t0 };
  },
  adopt(m, mj, core) {
    const drop = loads.get(m.load);
    if (!drop) throw new Error(t('robot.err.gone'));
    const { files, main } = drop;
    const made = createRobotPair(mj, core, { files, main, mapping: m.mapping, servos: m.servos, sources: m.sources, keyframe: m.keyframe,
      timestep: m.timestep });
    pair?.free();
    pair = made;
    pair.id = m.pairId;
    pair.load = m.load;
    // every joint's goal the page's sliders show (robot.js goal: the robot layer's, by name)
    pair.allJoints = m.joints ?? [];
    return described(pair, mj);
  },
  goal(m) { current(m).setGoal(m.name, m.rad); return frame(); },
  keyframe(m) { current(m).setKeyframe(m.k); return frame(); },
  step(m) { current(m).step(m.n); return frame(); },
  time(m) { const t0 = performance.now(); current(m).step(m.n); return { ms: performance.now() - t0, frame: frame() }; },
  hulls(m, mj) {
    const p = current(m), drop = loads.get(p.load);
    const hulls = drop?.hulls ?? meshHulls(mj, p.A.m);
    if (drop) drop.hulls = hulls;
    return { hulls: hulls.map(([id, a]) => [id, a.slice()]) };   // copies sent: the drop keeps its own for the next adoption
  },
  free(m) { if (pair && pair.id === m.pair) { pair.free(); pair = null; } return {}; },
};

/** The pair command m names (the page's id of it); a command of a pair
 *  already replaced is refused (never applied to the next one). */
function current(m) {
  if (!pair || pair.id !== m.pair) throw new Error(`no pair ${m.pair} in this worker`);
  return pair;
}

listen(async (e) => {
  const m = e.data, { id } = m;
  const transfer = [];
  try {
    engine = engine || Promise.all([mujocoFrom(m.mujocoUrl, t), loadCore()])
      .catch((err) => { engine = null; throw err; });
    const [mj, core] = await engine;
    if (m.cmd === 'load' || m.cmd === 'adopt') self.postMessage({ type: 'loaded', id });
    arm(mj, m.failNext);
    const out = await COMMANDS[m.cmd](m, mj, core);
    const f = out.frame ?? (m.cmd === 'free' || m.cmd === 'load' || m.cmd === 'hulls' ? null : out);
    if (f?.A) transfer.push(f.A.geom_xpos.buffer, f.A.geom_xmat.buffer, f.C.geom_xpos.buffer, f.C.geom_xmat.buffer);
    // the model's arrays for the picture (the SO-101's meshes: megabytes) moved, not copied on the page's thread
    if (out.scene) for (const x of SCENE_FIELDS) transfer.push(out.scene[x].buffer);
    if (out.hulls) for (const [, a] of out.hulls) transfer.push(a.buffer);
    self.postMessage({ type: 'done', id, ...out }, transfer);
  } catch (err) {
    // the core's sentence (a size, an MJCF check) in the page's language
    self.postMessage({ type: 'failed', id, message: err?.id ? tCore(err) : String(err?.message ?? err), died: mujocoDied(err) });
  }
});
