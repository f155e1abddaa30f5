// mujoco/robot.js: a robot of one's own (an MJCF and its mesh files) with
// identified servos, in two copies (no DOM: the view, the headless runner
// tools/robot.mjs and the Node tests use it):
//   (A) the file as written: its frictionloss, damping and actuators;
//   (C) adopted: the core's adoption (core.mujoco.adopt, fric_mujoco_adopt:
//       the file's frictionloss and damping removed, the servo's armature,
//       each actuator on an adopted joint a goal source: its ctrl the
//       servo's goal, its own force off) and the core's implicit friction
//       (sim.js attachSim: fric_mujoco_core, the orchestration the native
//       adapter drives too).
// MuJoCo 3.14 (npm @mujoco/mujoco) loads the files from its virtual file
// system and says each joint's MJCF default class (its model spec), so a
// mapping can name a class (class:sts3215=sts3215/m1).
import { attachSim, jointNames } from './sim.js';
import { csvText } from '../csv.js';
// the sentences a person reads: t() (i18n/, keys robot.err.*, robot.note.*,
// robot.report.*): the page's language in the page, English in Node
// (tools/robot.mjs, the tests), where i18n/index.js has no window
import { t } from '../i18n/index.js';

export const ROBOT_LIMITS = {
  maxBytes: 200 * 1024 * 1024,   // a drop larger than this is refused [bytes]
  stickSpeed: 1e-9,              // |q̇| at or below this is STICK [rad/s]
  creepWindow: 1,                // the creep rate's window [s]
  minTimestep: 1e-5,             // the physics step a person may ask, lowest [s]
  maxTimestep: 0.01,             // and highest [s]
};

/** The per-joint table's columns (pair.table() rows), as its CSV names them. */
const TABLE_COLUMNS = [{ name: 'copy' }, { name: 'joint' }, { name: 'servo' }, { name: 'state' }, { name: 't', unit: 's' },
  { name: 'q', unit: 'rad' }, { name: 'sag', unit: 'mrad' }, { name: 'creep', unit: 'mrad/s' }, { name: 'tau_m', unit: 'N·m' },
  { name: 'tau_f', unit: 'N·m' }];

/** The per-joint table of both copies as CSV text (csv.js, full precision):
 *  the one writer of the page's "Download CSV" and tools/robot.mjs --csv.
 *  table: pair.table(); t: the time [s]; comments: lines of what was run. */
export function robotTableCsv(table, t, comments = []) {
  const rows = [];
  for (const key of ['A', 'C']) {
    for (const r of table[key]) rows.push([key, r.joint, r.servo, r.state, t, r.q, r.sag_mrad, r.creep_mrad_s, r.tau_m, r.tau_f]);
  }
  return csvText({ comments, columns: TABLE_COLUMNS, rows });
}

/** The adoption report (pair.rows) as CSV text: per adopted joint, what was
 *  removed and what replaced it (the page's and tools/robot.mjs's). */
export function robotReportCsv(pair, comments = []) {
  const columns = [{ name: 'joint' }, { name: 'class' }, { name: 'servo' }, { name: 'removed_frictionloss', unit: 'N·m' },
    { name: 'removed_damping', unit: 'N·m·s/rad' }, { name: 'armature', unit: 'kg·m²' }, { name: 'armature_from' },
    { name: 'file_armature', unit: 'kg·m²' }, { name: 'actuator' }, { name: 'actuator_kp', unit: 'N·m/rad' },
    { name: 'actuator_kv', unit: 'N·m·s/rad' }, { name: 'forcerange_lo', unit: 'N·m' }, { name: 'forcerange_hi', unit: 'N·m' }];
  const rows = pair.rows.map((r) => [r.name, r.cls ?? '', r.servo, r.removed.frictionloss, r.removed.damping, r.armature.used,
    r.armature.kept ? 'file' : 'servo', r.armature.file, r.actuator?.kind ?? 'none', r.actuator?.kp ?? '', r.actuator?.kv ?? '',
    r.actuator?.forceRange[0] ?? '', r.actuator?.forceRange[1] ?? '']);
  return csvText({ comments: [...comments, pair.timestepNote, pair.integrator].filter(Boolean), columns, rows });
}

/** The comment lines of both CSVs: what was run (the same in the page and
 *  tools/robot.mjs for the same run, so their files can be compared). */
export function robotCsvComments(pair, { main, mapping }) {
  return [`${base(main)}: (A) the file as written, (C) adopted with the mapping ${mapping}`,
    `MuJoCo 3.14; physics step ${pair.A.m.opt.timestep} s (the file's ${pair.fileTimestep} s); from ${pair.keyframe < 0 ? 'qpos0' : `keyframe ${pair.keyframe}`}; ${pair.steps} steps`];
}

const OBJ_JOINT = 3;             // mjOBJ_JOINT
const TRN_JOINT = 0;             // mjTRN_JOINT
const JOINT_TYPES = ['free', 'ball', 'slide', 'hinge'];
const INTEGRATORS = ['Euler', 'RK4', 'implicit', 'implicitfast'];   // mjtIntegrator

/** MuJoCo's exception text without its prefix, one sentence. */
function mujocoText(e) {
  return String(e?.message ?? e).replace(/^MuJoCo Error:\s*/, '').replace(/^Loading error:\s*/, '')
    .replace(/\s+/g, ' ').trim();
}

const base = (p) => p.split('/').pop();
const dirOf = (p) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');
// a number for a sentence: 4 significant digits; ±Infinity (a range without a limit) as ±∞
const fmt = (x, d = 4) => (Number.isFinite(x) ? Number(x.toPrecision(d)).toString() : x === Infinity ? '∞' : x === -Infinity ? '−∞' : String(x));

/**
 * The main MJCF of a drop: `main` when given, else scene.xml (the shallowest),
 * else the one .xml file no other names (an <include> or a scene names the
 * robot's file). One sentence when there is none or several.
 */
export function pickMain(files, main) {
  const xmls = [...files.keys()].filter((p) => /\.xml$/i.test(p));
  if (main) {
    if (!files.has(main)) throw new Error(t('robot.err.noFile', { main, list: xmls.join(', ') || t('robot.err.none') }));
    return main;
  }
  if (xmls.length === 0) throw new Error(t('robot.err.noXml'));
  const depth = (p) => p.split('/').length;
  const scenes = xmls.filter((p) => base(p).toLowerCase() === 'scene.xml').sort((a, b) => depth(a) - depth(b));
  if (scenes.length) return scenes[0];
  const text = new Map(xmls.map((p) => [p, new TextDecoder().decode(files.get(p))]));
  const roots = xmls.filter((p) => !xmls.some((q) => q !== p && text.get(q).includes(base(p))));
  if (roots.length === 1) return roots[0];
  throw new Error(t('robot.err.manyXml', { n: roots.length || xmls.length, list: (roots.length ? roots : xmls).join(', ') }));
}

/** A relative path of the drop as MuJoCo's VFS names it (no leading './'). */
const vfsPath = (p) => p.replace(/^\.\//, '');

/** Sentence for a model that does not compile: a missing file is named. */
function loadError(e, files) {
  const text = mujocoText(e);
  const missing = /(?:opening|open|resource) file '([^']+)'/i.exec(text) ?? /file '([^']+)'/i.exec(text);
  if (missing && !files.has(vfsPath(missing[1]))) {
    return new Error(t('robot.err.missing', { file: missing[1] }), { cause: e });
  }
  return new Error(t('robot.err.load', { message: text }), { cause: e });
}

/** A virtual file system holding the drop, paths relative to the main file's folder. */
function makeVfs(mj, files, main) {
  const vfs = new mj.MjVFS();
  const dir = dirOf(main);
  for (const [p, bytes] of files) {
    const rel = p.startsWith(dir) ? p.slice(dir.length) : null;
    if (rel) vfs.addBuffer(vfsPath(rel), bytes);
  }
  return vfs;
}

/**
 * The mesh files the spec names that the drop holds elsewhere: files chosen
 * one by one lose their folders (assets/base.stl arrives as base.stl), so a
 * mesh missing at its path is taken from the one dropped file of its name.
 */
function resolveMeshes(mj, spec, vfs, files, main) {
  const dir = dirOf(main), meshdir = spec.compiler.meshdir;
  const byName = new Map();
  for (const p of files.keys()) { const b = base(p); byName.set(b, byName.has(b) ? null : p); }
  for (let el = mj.mjs_firstElement(spec, mj.mjtObj.mjOBJ_MESH); el; el = mj.mjs_nextElement(spec, el)) {
    const file = mj.mjs_asMesh(el)?.file;
    if (!file) continue;
    const want = vfsPath(meshdir && !file.startsWith('/') ? `${meshdir.replace(/\/$/, '')}/${file}` : file);
    if (files.has(dir + want)) continue;
    const found = byName.get(base(file));
    if (found) vfs.addBuffer(want, files.get(found));
  }
}

/** Loads the model of the drop: { m, classes } (each joint's MJCF default
 *  class, from the model spec; the compiled model does not keep it). Throws
 *  one sentence. */
function compile(mj, files, main) {
  const vfs = makeVfs(mj, files, main);
  let spec = null;
  try {
    try {
      spec = mj.parseXMLString(new TextDecoder().decode(files.get(main)), vfs);
    } catch (e) {
      throw loadError(e, files);
    }
    const classes = new Map();
    for (let el = mj.mjs_firstElement(spec, mj.mjtObj.mjOBJ_JOINT); el; el = mj.mjs_nextElement(spec, el)) {
      const def = mj.mjs_getDefault(el);
      classes.set(mj.mjs_getName(el), def ? mj.mjs_getName(def.element) : null);
    }
    resolveMeshes(mj, spec, vfs, files, main);
    let m;
    try {
      m = mj.mj_compile(spec, vfs);
    } catch (e) {
      throw loadError(e, files);
    }
    if (!m) throw new Error(t('robot.err.load', { message: mj.mjs_getError(spec) || t('robot.err.compile') }));
    return { m, classes };
  } finally {
    spec?.delete?.();
    vfs.delete();
  }
}

// The last drop's compiled model, kept for the copies (loadRobotFiles, then
// createRobotPair on the same files: MuJoCo builds a robot's mesh hulls once)
let cached = null;

/** The compiled model of files (cached for the same Map and main file). */
function compiled(mj, files, main) {
  if (cached && cached.mj === mj && cached.files === files && cached.main === main) return cached;
  const c = compile(mj, files, main);
  cached?.m.delete();
  cached = { mj, files, main, ...c };
  return cached;
}

/** Refuses a drop of `bytes` [bytes] over ROBOT_LIMITS.maxBytes: the one
 *  sentence the page (before reading the files), the headless runner
 *  (before reading a folder) and loadRobotFiles / createRobotPair say. */
export function checkBytes(bytes) {
  if (bytes > ROBOT_LIMITS.maxBytes) {
    throw new Error(t('robot.err.size', { mb: (bytes / 1048576).toFixed(1), max: ROBOT_LIMITS.maxBytes / 1048576 }));
  }
  return bytes;
}

/** The total size of a drop [bytes], refused above ROBOT_LIMITS.maxBytes. */
function checkSize(files) {
  let bytes = 0;
  for (const b of files.values()) bytes += b.byteLength;
  return checkBytes(bytes);
}

/** What the model says of its joints, actuators and keyframes. */
function describe(mj, core, m, classes) {
  const names = Array.from({ length: m.njnt }, (_, i) => mj.mj_id2name(m, OBJ_JOINT, i) || '');
  const acts = actuatorsByJoint(m);
  const joints = names.map((name, i) => {
    const range = m.jnt_range;
    const lo = range[2 * i], hi = range[2 * i + 1];
    return { name, cls: classes.get(name) ?? null, type: JOINT_TYPES[m.jnt_type[i]] ?? 'unknown',
      range: lo < hi ? [lo, hi] : null, act: acts[i] };
  });
  const keyframes = Array.from({ length: m.nkey }, (_, k) => ({ name: mj.mj_id2name(m, mj.mjtObj.mjOBJ_KEY.value, k) || `key ${k}`,
    qpos: m.key_qpos.slice(k * m.nq, (k + 1) * m.nq) }));
  const actuators = Array.from({ length: m.nu }, (_, k) => ({ name: mj.mj_id2name(m, mj.mjtObj.mjOBJ_ACTUATOR.value, k) || `actuator ${k}`,
    joint: m.actuator_trntype[k] === TRN_JOINT ? names[m.actuator_trnid[2 * k]] ?? null : null, kind: actuatorKind(core, m, k).kind }));
  return { joints, classes: [...new Set(joints.map((j) => j.cls).filter(Boolean))], actuators, keyframes, nq: m.nq };
}

/** Each joint's actuator index (a joint transmission; the last one), −1 none. */
function actuatorsByJoint(m) {
  const a = new Array(m.njnt).fill(-1);
  for (let k = 0; k < m.nu; k++) if (m.actuator_trntype[k] === TRN_JOINT) a[m.actuator_trnid[2 * k]] = k;
  return a;
}

/** Actuator k's kind, kp and kv: the core's classifier (the one the
 *  adoption reports with), { kind: 'motor'|'position'|'general', kp, kv }. */
function actuatorKind(core, m, k) {
  const three = (a) => Array.from(a.subarray(10 * k, 10 * k + 3));
  return core.mujoco.actuatorKind({ gaintype: m.actuator_gaintype[k], biastype: m.actuator_biastype[k],
    gainprm: three(m.actuator_gainprm), biasprm: three(m.actuator_biasprm) });
}

/**
 * Loads a drop (Map of relative path → Uint8Array) in MuJoCo: { main, info }
 * (info: joints [{ name, cls, type, range, act }], classes, actuators,
 * keyframes, nq). Throws one sentence: too large, no MJCF, an MJCF that does
 * not parse, a mesh file missing from the drop.
 */
export function loadRobotFiles(mj, core, files, main) {
  checkSize(files);
  const path = pickMain(files, main);
  const { m, classes } = compiled(mj, files, path);
  return { main: path, info: describe(mj, core, m, classes) };
}

/** The mapping's entries (the core's parser: core.mujoco.mapParse). */
export function parseMapping(core, text) {
  try {
    return core.mujoco.mapParse(text);
  } catch (e) {
    throw new Error(t('robot.err.mapping', { message: e.message.replace(/^adopt: /, '') }), { cause: e });
  }
}

/**
 * The bench vector of a servo named in a mapping: a preset 'actuator/mK'
 * (the core's presets) or '@name' of servos (a params-file object or a fit,
 * read by the core over the preset of its actuator). Throws one sentence.
 */
export function resolveServo(core, servo, servos = {}) {
  if (servo.startsWith('@')) {
    const key = servo.slice(1), p = servos[key];
    if (!p) throw new Error(t('robot.err.noParams', { servo, key, list: Object.keys(servos).join(', ') || t('robot.err.none') }));
    let json = p;
    if (typeof p === 'string') {
      try { json = JSON.parse(p); } catch (e) { throw new Error(t('robot.err.notJson', { key, message: e.message }), { cause: e }); }
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new Error(t('robot.err.noObject', { key }));
    const preset = core.scenario.params('bench', { actuator: json.actuator ?? 'sts3215', model: json.model ?? 'm1' });
    try {
      return { values: core.io.paramsFile(json, key, preset).values, actuator: json.actuator ?? 'sts3215',
        label: `${json.actuator ?? '?'} ${String(json.model ?? '').toUpperCase()} (${key})` };
    } catch (e) {
      throw new Error(t('robot.err.params', { key, message: e.message }), { cause: e });
    }
  }
  const m = /^([A-Za-z0-9_]+)\/m([1-6])$/.exec(servo);
  if (!m) throw new Error(t('robot.err.notServo', { servo }));
  try {
    const values = core.scenario.params('bench', { actuator: m[1], model: `m${m[2]}` });
    // the presets the servo leans on resolve (sts3215 has none for m4): refused
    // here, named by the servo, rather than later by the adoption
    core.bench.resolve(values);
    return { values, actuator: m[1], label: `${m[1]} M${m[2]}` };
  } catch (e) {
    throw new Error(t('robot.err.servo', { servo, message: e.message }), { cause: e });
  }
}

/** The robot's joints as the core's adoption reads them. */
function robotJoints(mj, m, d, classes) {
  const acts = actuatorsByJoint(m);
  return Array.from({ length: m.njnt }, (_, i) => {
    const dof = m.jnt_dofadr[i], k = acts[i], name = mj.mj_id2name(m, OBJ_JOINT, i) || '';
    const j = { name, cls: classes.get(name) ?? null, type: m.jnt_type[i], frictionloss: m.dof_frictionloss[dof],
      damping: m.dof_damping[dof], armature: m.dof_armature[dof], minv: 0, q0: d.qpos[m.jnt_qposadr[i]], act: k };
    if (k >= 0) {
      const fr = [m.actuator_forcerange[2 * k], m.actuator_forcerange[2 * k + 1]];
      const cr = [m.actuator_ctrlrange[2 * k], m.actuator_ctrlrange[2 * k + 1]];
      // MuJoCo 3's bindings do not expose actuator_forcelimited/ctrllimited
      // (a bool array): a range lo < hi is limited (autolimits, MuJoCo 3's default)
      Object.assign(j, { gaintype: m.actuator_gaintype[k], biastype: m.actuator_biastype[k],
        gainprm: Array.from(m.actuator_gainprm.subarray(10 * k, 10 * k + 3)), biasprm: Array.from(m.actuator_biasprm.subarray(10 * k, 10 * k + 3)),
        gear: m.actuator_gear[6 * k], forcelimited: fr[0] < fr[1], forcerange: fr, ctrllimited: cr[0] < cr[1], ctrlrange: cr });
    }
    return j;
  });
}

/** One copy of the robot: the model, its data at the start, and its rows. */
function makeCopy(mj, files, main, keyframe) {
  const c = compiled(mj, files, main);
  const m = new mj.MjModel(c.m), classes = c.classes;   // a copy: adoption writes into (C)'s
  const d = new mj.MjData(m);
  resetTo(mj, m, d, keyframe);
  return { m, d, classes };
}

/** Resets d to keyframe k (−1: the model's reference pose qpos0). */
function resetTo(mj, m, d, k) {
  if (k >= 0 && k < m.nkey) mj.mj_resetDataKeyframe(m, d, k);
  else mj.mj_resetData(m, d);
  mj.mj_forward(m, d);
}

/**
 * Two copies of the robot of a drop: pair.A (the file as written) and
 * pair.C (adopted: the mapping's servos, the implicit friction). mapping:
 * the text (class:sts3215=sts3215/m1, shoulder_pan=@fit, *=xl330/m4);
 * servos: { name: params-file object or text } for '@name'; keyframe: −1
 * (qpos0) or a keyframe index; keepArmature: the file's armature stays;
 * kp: the firmware gain of every servo (null: each servo's own);
 * timestep: the physics step of both copies [s] (null: the file's own).
 * The goal of every actuated and adopted joint starts at the keyframe's
 * angle. Throws one sentence (the previous pair is the caller's to keep).
 */
export function createRobotPair(mj, core, { files, main, mapping, servos = {}, keyframe = -1, keepArmature = false, kp = null, timestep = null }) {
  checkSize(files);
  if (timestep != null && !(Number.isFinite(timestep) && timestep >= ROBOT_LIMITS.minTimestep && timestep <= ROBOT_LIMITS.maxTimestep)) {
    throw new Error(t('robot.err.timestep', { dt: timestep, lo: ROBOT_LIMITS.minTimestep, hi: ROBOT_LIMITS.maxTimestep }));
  }
  const path = pickMain(files, main);
  const entries = parseMapping(core, mapping);
  const resolved = entries.map((e) => resolveServo(core, e.servo, servos));
  if (kp != null) {
    // the firmware gain of every servo (the paper's low and high gains)
    const info = core.scenario.find('bench'), at = info.params.findIndex((p) => p.name === 'kp');
    const { min, max } = info.params[at];
    if (!(Number.isFinite(kp) && kp >= min && kp <= max)) throw new Error(t('robot.err.kp', { kp, lo: min, hi: max }));
    for (const r of resolved) { r.values = Float64Array.from(r.values); r.values[at] = kp; r.label += ` kp ${kp}`; }
  }
  // a class named after a servo (the SO-101's sts3215) takes that servo's
  // models: its presets, files and fits, at any supply (sts321512v is bam's
  // STS3215 at 12 V)
  entries.forEach((e, k) => {
    const servo = e.kind === 'class' ? core.bench.actuatorOf(e.target) : null;
    if (servo && !String(core.bench.actuatorOf(resolved[k].actuator) ?? resolved[k].actuator).startsWith(servo)) {
      throw new Error(t('robot.err.classServo', { cls: e.target, servo: e.servo, actuator: resolved[k].actuator }));
    }
  });
  const A = makeCopy(mj, files, path, keyframe);
  const fileStep = A.m.opt.timestep;   // [s] the file's own
  if (timestep != null) A.m.opt.timestep = timestep;
  let C = null, simC = null;
  try {
    C = makeCopy(mj, files, path, keyframe);
    if (timestep != null) C.m.opt.timestep = timestep;
    const rj = robotJoints(mj, C.m, C.d, C.classes);
    let adopted;
    try {
      adopted = core.mujoco.adopt({ joints: rj, map: mapping, servos: resolved.map((r) => r.values), keepArmature });
    } catch (e) {
      throw new Error(t('robot.err.adoption', { message: e.message.replace(/^adopt: /, '') }), { cause: e });
    }
    // the core's decisions written into copy C: friction and damping out,
    // the armature, the goal sources' own force off (gain and bias 0)
    for (const a of adopted) {
      const dof = C.m.jnt_dofadr[a.joint];
      C.m.dof_frictionloss[dof] = 0;
      C.m.dof_damping[dof] = 0;
      C.m.dof_armature[dof] = a.armature.used;
      if (a.act >= 0) {
        C.m.actuator_gainprm.fill(0, 10 * a.act, 10 * a.act + 10);
        C.m.actuator_biasprm.fill(0, 10 * a.act, 10 * a.act + 10);
      }
    }
    // the implicit friction predicts MuJoCo's Euler step: (C) runs Euler
    // (the adopted joints' damping, the usual reason for another integrator,
    // is gone), said in the report
    const integrator = INTEGRATORS[C.m.opt.integrator] ?? String(C.m.opt.integrator);
    if (C.m.opt.integrator !== 0) C.m.opt.integrator = 0;
    resetTo(mj, C.m, C.d, keyframe);
    const spec = { treatment: 'implicit',
      joints: adopted.map((a) => ({ name: rj[a.joint].name, params: resolved[a.entry].values, act: a.act, goalRange: a.goalRange, held: true })) };
    simC = attachSim(mj, core, C.m, C.d, spec);
    const reattach = (old) => { old.free(); return attachSim(mj, core, C.m, C.d, spec); };
    const rows = adopted.map((a, i) => ({ index: a.joint, name: rj[a.joint].name, cls: rj[a.joint].cls,
      servo: resolved[a.entry].label, entry: entries[a.entry], removed: a.removed, armature: a.armature,
      actuator: a.act >= 0 ? { index: a.act, kind: a.actKind, kp: a.kp, kv: a.kv, forceRange: a.forceRange } : null,
      goalRange: a.goalRange, adapterIndex: i }));
    const pair = makePair(mj, core, A, C, simC, rows, keyframe, reattach);
    pair.integrator = integrator === 'Euler' ? null : t('robot.note.integrator', { integrator });
    pair.fileTimestep = fileStep;
    pair.timestepNote = timestep == null || timestep === fileStep ? null
      : t('robot.note.timestep', { ms: fmt(timestep * 1e3), khz: fmt(1 / timestep / 1e3), file: fmt(fileStep * 1e3) });
    return pair;
  } catch (e) {
    simC?.free();
    for (const x of [C, A]) if (x) { x.d.delete(); x.m.delete(); }
    throw e;
  }
}

/** The pair's stepping, goals and table over the two copies. */
function makePair(mj, core, A, C, simC, rows, keyframe, reattach) {
  const m = A.m, njnt = m.njnt;
  const names = jointNames(mj, m);
  const acts = actuatorsByJoint(m);
  // a position-like actuator's ctrl is its goal; a motor's is a torque (the
  // file's actuators, read before (C)'s goal sources lost their force)
  const positionLike = acts.map((k) => k >= 0 && actuatorKind(core, m, k).kind !== 'motor');
  const sample = Math.max(1, Math.round(0.01 / m.opt.timestep));         // a creep sample every 10 ms
  const span = Math.max(1, Math.round(ROBOT_LIMITS.creepWindow / (sample * m.opt.timestep)));
  const goals = new Float64Array(njnt);
  const hist = { A: new Float64Array(span * rows.length), C: new Float64Array(span * rows.length), n: 0 };
  const pair = {
    A: { m: A.m, d: A.d, label: '(A) file as written' },
    C: { m: C.m, d: C.d, label: '(C) adopted', sim: simC },
    rows, keyframe, steps: 0,
    get time() { return C.d.time; },
    /** The goal of joint name [rad]: both copies' actuator ctrl (A: a
     *  position actuator's; C: the goal source's), or the servo's goal. */
    setGoal(name, rad) {
      const i = names.indexOf(name);
      if (i < 0 || !Number.isFinite(rad)) return;
      goals[i] = rad;
      // a position-like actuator's ctrl is its goal; a motor's is a torque,
      // except on an adopted joint of (C), where it is the servo's goal
      const r = rows.find((x) => x.index === i);
      if (acts[i] >= 0) {
        if (positionLike[i]) A.d.ctrl[acts[i]] = rad;
        if (positionLike[i] || r) C.d.ctrl[acts[i]] = rad;
      }
      if (r && !r.actuator) simC.goal(r.adapterIndex, rad);
    },
    goal(name) { return goals[names.indexOf(name)]; },
    /** Back to keyframe k (−1: qpos0), goals at its angles, the lag cleared. */
    setKeyframe(k) {
      resetTo(mj, A.m, A.d, k);
      resetTo(mj, C.m, C.d, k);
      pair.keyframe = k;
      pair.steps = 0;
      hist.n = 0;
      // the core's state (the several-joint lag, the servos' goals and
      // counters) starts again from the held system at the keyframe
      simC = reattach(simC);
      pair.C.sim = simC;
      startGoals();
    },
    /** n steps of both copies. */
    step(n = 1) {
      for (let s = 0; s < n; s++) {
        mj.mj_step(A.m, A.d);
        simC.step(1);
        pair.steps++;
        if (pair.steps % sample === 0) record();
      }
    },
    /** Per adopted joint, for A and C: { joint, servo, state, sag_mrad,
     *  creep_mrad_s, tau_m, tau_f } (sag: goal − q; creep: the mean speed
     *  over the last ROBOT_LIMITS.creepWindow s; A's motor torque its
     *  actuator's, its friction MuJoCo's constraint force on the dof:
     *  frictionloss and any limit; C's the core's). */
    table() {
      const out = { A: [], C: [] };
      const filled = Math.min(hist.n, span), dt = sample * m.opt.timestep;
      rows.forEach((r, i) => {
        const dof = m.jnt_dofadr[r.index], qa = m.jnt_qposadr[r.index];
        for (const key of ['A', 'C']) {
          const c = key === 'A' ? A : C;
          const q = c.d.qpos[qa], v = c.d.qvel[dof];
          const h = hist[key];
          const last = (hist.n - 1) % span, first = (hist.n - filled) % span;
          const creep = filled > 1 ? (1e3 * (h[last * rows.length + i] - h[first * rows.length + i])) / ((filled - 1) * dt) : NaN;
          const j = key === 'C' ? simC.joints[r.adapterIndex].fric : null;
          out[key].push({ joint: r.name, servo: key === 'C' ? r.servo : 'file', state: Math.abs(v) <= ROBOT_LIMITS.stickSpeed ? 'STICK' : 'SLIP',
            q, sag_mrad: 1e3 * (goals[r.index] - q), creep_mrad_s: creep,
            tau_m: key === 'C' ? j.tauM : (acts[r.index] >= 0 ? c.d.qfrc_actuator[dof] : 0),
            tau_f: key === 'C' ? j.tauF : c.d.qfrc_constraint[dof] });
        }
      });
      return out;
    },
    /** The adoption report as lines of text (what was removed and replaced). */
    report() {
      return [pair.timestepNote, pair.integrator].filter(Boolean).concat(rows.map((r) => t('robot.report.line', { joint: r.name,
        cls: r.cls ? t('robot.report.cls', { cls: r.cls }) : '', servo: r.servo, fl: fmt(r.removed.frictionloss), damping: fmt(r.removed.damping),
        armature: fmt(r.armature.used), from: r.armature.kept ? t('robot.report.armKept') : t('robot.report.armServo', { file: fmt(r.armature.file) }),
        act: r.actuator ? t('robot.report.act', { kind: r.actuator.kind, kp: fmt(r.actuator.kp), kv: fmt(r.actuator.kv), lo: fmt(r.actuator.forceRange[0]),
          hi: fmt(r.actuator.forceRange[1]) }) : t('robot.report.noAct') })));
    },
    free() {
      simC.free();
      for (const x of [C, A]) { x.d.delete(); x.m.delete(); }
    },
  };
  function record() {
    const at = hist.n % span;
    rows.forEach((r, i) => {
      const qa = m.jnt_qposadr[r.index];
      hist.A[at * rows.length + i] = A.d.qpos[qa];
      hist.C[at * rows.length + i] = C.d.qpos[qa];
    });
    hist.n++;
  }
  function startGoals() {
    // the goals at the pose: a position-like actuator's ctrl in both copies,
    // and in (C) every adopted joint's goal source (a motor's ctrl there is
    // the servo's goal; on a joint not adopted it stays a torque: left as is)
    const adopted = new Set(rows.map((r) => r.index));
    for (let i = 0; i < njnt; i++) {
      const q = C.d.qpos[m.jnt_qposadr[i]];
      goals[i] = q;
      if (acts[i] < 0) continue;
      if (positionLike[i]) A.d.ctrl[acts[i]] = q;
      if (positionLike[i] || adopted.has(i)) C.d.ctrl[acts[i]] = q;
    }
    rows.forEach((r) => { if (!r.actuator) simC.goal(r.adapterIndex, goals[r.index]); });
  }
  startGoals();
  return pair;
}
