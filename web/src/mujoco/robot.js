// mujoco/robot.js: a robot of one's own (an MJCF and its mesh files) with
// identified servos, in two copies (no DOM: the view, the headless runner
// tools/robot.mjs and the Node tests use it):
//   (A) the file as written: its frictionloss, damping and actuators;
//   (C) adopted: the file's frictionloss and damping removed, the servo's
//       armature, each actuator on an adopted joint a goal source (its ctrl
//       the servo's goal, its own force off), and the core's implicit
//       friction.
// The robot layer is the core's (core.robot, fric_robot.h, the one the
// command line's `friction mujoco --adopt` runs natively): reading the
// joints and actuators, the adoption and its model edits, the starting-goal
// rule, the creep ring and the per-joint rows. This file copies MuJoCo's
// arrays in and out of it (robotRecords, the edits, the goals, the rows),
// steps MuJoCo (sim.js attachSim, with the robot's own adapter), and keeps
// what is JavaScript's: the files, MuJoCo's VFS and compile, the servos'
// resolution, the sentences.
// MuJoCo 3.14 (npm @mujoco/mujoco) loads the files from its virtual file
// system and says each joint's MJCF default class (its model spec), so a
// mapping can name a class (class:sts3215=sts3215/m1).
import { attachSim } from './sim.js';
import { MJ_CONSTANTS, MJ_JOINT_TYPES as JOINT_TYPES } from '../../../wasm/friction.js';
// the sentences a person reads: t() (i18n/, keys robot.err.*, robot.note.*,
// robot.report.*): the page's language in the page, English in Node
// (tools/robot.mjs, the tests), where i18n/index.js has no window
import { t, tCore } from '../i18n/index.js';
import { fmtNumber } from '../format.js';
import { ROBOT_LIMITS, pickMain, checkSize, compiled, planOf } from './robotFiles.js';
import { mjEnums } from './mjEnums.js';
import { writeNativeEdit } from './nativeEdit.js';
import { isNativeObject, nativeFromObject } from '../nativeFile.js';

// the limits, the main file and the CSVs live beside this file; re-exported for its callers
export { ROBOT_LIMITS, pickMain } from './robotFiles.js';
export { robotTableCsv, robotReportCsv, robotCsvComments } from './robotCsv.js';

/** The default start of every door (the core's FRIC_ROBOT_START_KEY: the
 *  first keyframe when the model has one, else −1, its reference pose qpos0;
 *  at the file's own timestep unless asked). */
export const startKeyframe = (nkey) => (nkey > MJ_CONSTANTS.startKey ? MJ_CONSTANTS.startKey : -1);

/** The joints' frictionloss force alone [N·m per dof]: MuJoCo's constraint
 *  rows of type mjCNSTR_FRICTION_DOF (efc_id the dof, its Jacobian row 1 on
 *  that dof), without the contacts, limits and equalities qfrc_constraint
 *  also holds. */
function frictionForce(mj, m, d, out) {
  out.fill(0);
  const type = d.efc_type, id = d.efc_id, force = d.efc_force, FRICTION_DOF = mjEnums(mj).cnstrFrictionDof;
  for (let r = 0; r < d.nefc; r++) if (type[r] === FRICTION_DOF) out[id[r]] += force[r];
  return out;
}
// a number for a sentence: 4 significant digits; ±Infinity (a range without a limit) as ±∞
const fmt = (x, d = 4) => (Number.isFinite(x) ? Number(x.toPrecision(d)).toString() : x === Infinity ? '∞' : x === -Infinity ? '−∞' : String(x));

/** The parent classes of cls, nearest first, each ended by '\n' (null: none). */
function ancestryOf(parents, cls) {
  let out = '';
  for (let c = parents.get(cls), n = 0; c && n < 1000; c = parents.get(c), n++) out += `${c}\n`;
  return out || null;
}

/** The robot layer's records of a compiled model (core.robot.create):
 *  MuJoCo's arrays copied, each joint's class from the spec and its parent
 *  classes from the default tree, the joints a tendon wraps or a joint
 *  equality names, the actuators' names. */
function robotRecords(mj, m, names, classes, parents = new Map(), actNames = []) {
  const { wrapJoint: WRAP_JOINT, eqJoint: EQ_JOINT } = mjEnums(mj);
  const dofadr = m.jnt_dofadr, qposadr = m.jnt_qposadr, type = m.jnt_type;
  const fl = m.dof_frictionloss, damping = m.dof_damping, armature = m.dof_armature;
  const tendon = new Set(), equality = new Set();
  for (let w = 0; w < m.nwrap; w++) if (m.wrap_type[w] === WRAP_JOINT) tendon.add(m.wrap_objid[w]);
  for (let e = 0; e < m.neq; e++) if (m.eq_type[e] === EQ_JOINT) { equality.add(m.eq_obj1id[e]); equality.add(m.eq_obj2id[e]); }
  const joints = names.map((name, i) => {
    const cls = classes.get(name) ?? null;
    return { name, cls, type: type[i], dofadr: dofadr[i], qposadr: qposadr[i],
      frictionloss: fl[dofadr[i]], damping: damping[dofadr[i]], armature: armature[dofadr[i]],
      ancestry: cls ? ancestryOf(parents, cls) : null, tendon: tendon.has(i) ? 1 : 0, equality: equality.has(i) ? 1 : 0 };
  });
  const trntype = m.actuator_trntype, trnid = m.actuator_trnid, gaintype = m.actuator_gaintype, biastype = m.actuator_biastype;
  const gainprm = m.actuator_gainprm, biasprm = m.actuator_biasprm, gear = m.actuator_gear;
  const forcerange = m.actuator_forcerange, ctrlrange = m.actuator_ctrlrange;
  const actuators = Array.from({ length: m.nu }, (_, k) => {
    const fr = [forcerange[2 * k], forcerange[2 * k + 1]], cr = [ctrlrange[2 * k], ctrlrange[2 * k + 1]];
    // MuJoCo 3's bindings do not expose actuator_forcelimited/ctrllimited
    // (a bool array): a range lo < hi is limited (autolimits, MuJoCo 3's default)
    return { trntype: trntype[k], trnid: trnid[2 * k], gaintype: gaintype[k], biastype: biastype[k],
      gainprm: Array.from(gainprm.subarray(10 * k, 10 * k + 3)), biasprm: Array.from(biasprm.subarray(10 * k, 10 * k + 3)),
      gear: gear[6 * k], forcelimited: fr[0] < fr[1] ? 1 : 0, forcerange: fr, ctrllimited: cr[0] < cr[1] ? 1 : 0, ctrlrange: cr,
      name: actNames[k] ?? null, dyntype: m.actuator_dyntype[k] };
  });
  return { model: { njnt: m.njnt, nu: m.nu, nq: m.nq, nv: m.nv, timestep: m.opt.timestep, integrator: m.opt.integrator,
    gravity: Array.from(m.opt.gravity) }, joints, actuators };
}

/** The joints' names of m ('' unnamed). */
const namesOf = (mj, m) => Array.from({ length: m.njnt }, (_, i) => mj.mj_id2name(m, mjEnums(mj).objJoint, i) || '');
/** The actuators' names of m ('' unnamed). */
const actNamesOf = (mj, m) => Array.from({ length: m.nu }, (_, k) => mj.mj_id2name(m, mjEnums(mj).objActuator, k) || '');

/** What the model says of its joints, actuators and keyframes (each
 *  joint's actuator and each actuator's kind: the robot layer's). */
function describe(mj, core, m, classes, parents) {
  const names = namesOf(mj, m);
  const robot = core.robot.create(robotRecords(mj, m, names, classes, parents, actNamesOf(mj, m)));
  try {
    const range = m.jnt_range, type = m.jnt_type, trntype = m.actuator_trntype, trnid = m.actuator_trnid;
    const joints = names.map((name, i) => {
      const lo = range[2 * i], hi = range[2 * i + 1];
      return { name, cls: classes.get(name) ?? null, type: JOINT_TYPES[type[i]] ?? 'unknown',
        range: lo < hi ? [lo, hi] : null, act: robot.jointActuator(i) };
    });
    const keyframes = Array.from({ length: m.nkey }, (_, k) => ({ name: mj.mj_id2name(m, mj.mjtObj.mjOBJ_KEY.value, k) || `key ${k}`,
      qpos: m.key_qpos.slice(k * m.nq, (k + 1) * m.nq) }));
    const actuators = Array.from({ length: m.nu }, (_, k) => ({ name: mj.mj_id2name(m, mjEnums(mj).objActuator, k) || `actuator ${k}`,
      joint: trntype[k] === mjEnums(mj).trnJoint ? names[trnid[2 * k]] ?? null : null, kind: robot.actuatorKind(k).kind }));
    return { joints, classes: [...new Set(joints.map((j) => j.cls).filter(Boolean))], actuators, keyframes, nq: m.nq };
  } finally {
    robot.free();
  }
}

/**
 * Loads a drop (Map of relative path → Uint8Array) in MuJoCo: { main, info }
 * (info: joints [{ name, cls, type, range, act }], classes, actuators,
 * keyframes, nq). Throws one sentence: too large, no MJCF, an MJCF that does
 * not parse, a mesh file missing from the drop.
 */
export function loadRobotFiles(mj, core, files, main) {
  checkSize(core, files, main);
  const path = pickMain(files, main);
  // the files' plan (robotFiles.js planOf: readRobot's, its text bounded by the core's check before MuJoCo parses it, once)
  const plan = planOf(files, path, core);
  const { m, classes } = compiled(mj, files, path);
  return { main: path, info: describe(mj, core, m, classes, plan.defaults) };
}

/** Every entry of q a finite number. */
function finiteQpos(q) {
  for (let i = 0; i < q.length; i++) if (!Number.isFinite(q[i])) return false;
  return true;
}

/** The mapping's entries (the core's parser: core.robot.mapParse); entries
 *  given whole ([{ kind, target, servo }], robotMapping.js mappingEntries)
 *  as they are: the core checks them when they are set (core.robot.mapSet). */
export function parseMapping(core, text) {
  if (Array.isArray(text)) return text;
  try {
    return core.robot.mapParse(text);
  } catch (e) {
    throw new Error(t('robot.err.mapping', { message: e.message.replace(/^adopt: /, '') }), { cause: e });
  }
}

/**
 * The bench vector of a servo named in a mapping (the core's syntax,
 * core.robot.servoParse): a preset 'actuator/mK' (the core's presets) or
 * '@name' of servos (a params-file object or a fit, checked by the core:
 * core.io.servoFile; source, the name its sentences give the file, default
 * the key); a native params file ("model": "native": what the
 * identification writes per joint) resolves to { native: its parameters }
 * (MuJoCo's own servo, fric_native.h, checked by the core:
 * nativeFromObject). Throws one sentence.
 */
export function resolveServo(core, servo, servos = {}, source = undefined) {
  let s;
  try {
    s = core.robot.servoParse(servo);
  } catch (e) {
    throw new Error(tCore(e), { cause: e });
  }
  if (s.kind === 'named') {
    const key = s.name, p = servos[key];
    if (!p) throw new Error(t('robot.err.noParams', { servo, key, list: Object.keys(servos).join(', ') || t('robot.err.none') }));
    let json = p;
    if (typeof p === 'string') {
      try { json = JSON.parse(p); } catch (e) { throw new Error(t('robot.err.notJson', { key, message: e.message }), { cause: e }); }
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new Error(t('robot.err.noObject', { key }));
    if (isNativeObject(json)) {
      let r;
      try {
        r = nativeFromObject(core, json, t);
      } catch (e) {
        throw new Error(t('robot.err.nativeFile', { key: source ?? key, message: e.message }), { cause: e });
      }
      return { native: r.params, actuator: r.actuator, label: t('robot.report.nativeLabel', { actuator: r.actuator, key }), warnings: [] };
    }
    // the core's check of a servo's params file, every door's (core.io.servoFile:
    // `friction replay --params`'s): actuator and model named, the servo
    // buildable; refused in the core's sentence, which names the file (source)
    let r;
    try {
      r = core.io.servoFile(json, source ?? key);
    } catch (e) {
      throw new Error(e.message, { cause: e });
    }
    return { values: r.values, actuator: r.actuator, label: `${r.actuator} M${r.model} (${key})`, warnings: r.warnings };
  }
  try {
    const values = core.scenario.params('bench', { actuator: s.name, model: `m${s.model}` });
    // the presets the servo leans on resolve (the core's parser found the preset)
    core.bench.resolve(values);
    return { values, actuator: s.name, label: `${s.name} M${s.model}` };
  } catch (e) {
    throw new Error(t('robot.err.servo', { servo, message: e.message }), { cause: e });
  }
}

/** One copy of the robot: the model, its data at the start, and its rows. */
function makeCopy(mj, files, main, keyframe) {
  const c = compiled(mj, files, main);
  const m = new mj.MjModel(c.m), classes = c.classes;   // a copy: adoption writes into (C)'s
  const d = new mj.MjData(m);
  resetTo(mj, m, d, keyframe);
  return { m, d, classes };
}

/** The diagonal of MuJoCo's mass matrix at dof (MuJoCo 3's sparse d.M: a
 *  row's last entry is its diagonal) [kg·m²], at d's pose (after mj_forward). */
const massDiagonal = (m, d, dof) => d.M[m.M_rowadr[dof] + m.M_rownnz[dof] - 1];

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
 * servos: { name: params-file object or text } for '@name'; sources: {
 * name: the file's name as its door names it (the page's chosen file,
 * tools/robot.mjs's --params path) } for the core's sentences, the key
 * when absent; keyframe: −1
 * (qpos0) or a keyframe index (null: the default start, startKeyframe); keepArmature: the file's armature stays;
 * kp: the firmware gain of every servo (null: each servo's own);
 * timestep: the physics step of both copies [s] (null: the file's own).
 * The goal of every actuated and adopted joint starts at the keyframe's
 * angle. Throws one sentence (the previous pair is the caller's to keep).
 */
export function createRobotPair(mj, core, { files, main, mapping, servos = {}, sources = {}, keyframe = null, keepArmature = false, kp = null, timestep = null }) {
  checkSize(core, files, main);
  if (timestep != null && !(Number.isFinite(timestep) && timestep >= ROBOT_LIMITS.minTimestep && timestep <= ROBOT_LIMITS.maxTimestep)) {
    throw new Error(t('robot.err.timestep', { dt: timestep, lo: ROBOT_LIMITS.minTimestep, hi: ROBOT_LIMITS.maxTimestep }));
  }
  const path = pickMain(files, main);
  // the files' plan (robotFiles.js planOf: readRobot's, its text bounded by the core's check before MuJoCo parses it, once)
  const plan = planOf(files, path, core);
  const entries = parseMapping(core, mapping);
  const resolved = entries.map((e) => resolveServo(core, e.servo, servos, sources[e.servo.slice(1)]));
  if (kp != null) {
    // the firmware gain of every servo (the paper's low and high gains)
    const info = core.scenario.find('bench'), at = info.params.findIndex((p) => p.name === 'kp');
    const { min, max } = info.params[at];
    if (!(Number.isFinite(kp) && kp >= min && kp <= max)) throw new Error(t('robot.err.kp', { kp, lo: min, hi: max }));
    // (a native file's kp is MuJoCo's, stated at its own firmware gain: kept)
    for (const r of resolved) if (!r.native) { r.values = Float64Array.from(r.values); r.values[at] = kp; r.label += ` kp ${kp}`; }
  }
  // a class named after a servo (the SO-101's sts3215) takes that servo's
  // models (the core's rule, core.robot.classServoCheck)
  entries.forEach((e, k) => {
    try {
      core.robot.classServoCheck(e, resolved[k].actuator);
    } catch (err) {
      throw new Error(tCore(err), { cause: err });
    }
  });
  const nkey = compiled(mj, files, path).m.nkey;
  if (keyframe == null) keyframe = startKeyframe(nkey);
  // a keyframe the model does not have: one sentence (never qpos0 in silence)
  if (keyframe >= nkey) throw new Error(t('robot.err.keyframe', { k: keyframe, main: path, n: nkey, range: nkey ? ` (0 … ${nkey - 1})` : '' }));
  const A = makeCopy(mj, files, path, keyframe);
  const fileStep = A.m.opt.timestep;   // [s] the file's own
  if (timestep != null) A.m.opt.timestep = timestep;
  let C = null, simC = null, robot = null;
  try {
    C = makeCopy(mj, files, path, keyframe);
    if (timestep != null) C.m.opt.timestep = timestep;
    const names = namesOf(mj, C.m);
    robot = core.robot.create(robotRecords(mj, C.m, names, C.classes, plan.defaults, actNamesOf(mj, C.m)));
    let adoption;
    try {
      // the start pose's keyframe, named in a refusal as the MJCF writes it
      if (keyframe >= 0 && keyframe < C.m.nkey) robot.startKey(mj.mj_id2name(C.m, mj.mjtObj.mjOBJ_KEY.value, keyframe) || '', keyframe);
      if (Array.isArray(mapping)) robot.mapSet(mapping); else robot.map(mapping);
      adoption = robot.adopt({ servos: resolved.map((r) => (r.native ? { native: r.native } : r.values)), keepArmature, qpos: C.d.qpos });
    } catch (e) {
      throw new Error(t('robot.err.adoption', { message: e.message.replace(/^adopt: /, '') }), { cause: e });
    }
    // the adoption's edits written into copy C: friction and damping out,
    // the armature, the goal sources' own force off (gain and bias 0), and
    // the integrator (the implicit friction predicts MuJoCo's Euler step;
    // said in the report); a native joint's set (MuJoCo's own servo, the
    // core's edit), then the model's constants as a compiled file has them
    const { adopted, edits, skipped, integrator } = adoption;
    for (const e of edits) {
      if (e.native) { writeNativeEdit(C.m, e.dof, e.act, e.native); continue; }
      C.m.dof_frictionloss[e.dof] = e.frictionloss;
      C.m.dof_damping[e.dof] = e.damping;
      C.m.dof_armature[e.dof] = e.armature;
      if (e.act >= 0) {
        C.m.actuator_gainprm.fill(0, 10 * e.act, 10 * e.act + 10);
        C.m.actuator_biasprm.fill(0, 10 * e.act, 10 * e.act + 10);
      }
    }
    if (C.m.opt.integrator !== integrator.run) C.m.opt.integrator = integrator.run;
    if (edits.some((e) => e.native)) mj.mj_setConst(C.m, C.d);   // dof_invweight0 with the new armature
    resetTo(mj, C.m, C.d, keyframe);
    // the adapter is the robot's (its servos resolved once, by the adoption)
    // the goal sources only (a velocity's, intvelocity's or damper's ctrl is no goal)
    // (the core's joints only: MuJoCo's own servo runs a native one; the core's come first)
    const spec = { treatment: 'implicit', joints: adopted.filter((a) => !a.native).map((a) => ({ name: names[a.joint], act: a.actGoal ? a.act : -1 })),
      adapter: (x) => robot.attach(x) };
    simC = attachSim(mj, core, C.m, C.d, spec);
    const reattach = (old) => { old.free(); return attachSim(mj, core, C.m, C.d, spec); };
    const rows = adopted.map((a, i) => ({ index: a.joint, name: names[a.joint], cls: C.classes.get(names[a.joint]) ?? null,
      servo: resolved[a.entry].label, entry: entries[a.entry], removed: a.removed, armature: a.armature,
      actuator: a.act >= 0 ? { index: a.act, kind: a.actKind, kp: a.kp, kv: a.kv, forceRange: a.forceRange, gear: a.gear, goal: a.actGoal } : null,
      goalRange: a.goalRange, adapterIndex: a.native ? -1 : i, tendon: a.tendon, equality: a.equality, native: a.native }));
    const pair = makePair(mj, A, C, simC, robot, rows, keyframe, reattach);
    // the joints a class or '*' passed over (a slide, ball or free joint: bam's servos are rotary)
    pair.skipped = skipped.map((x) => { const e = entries[x.entry];
      return { joint: names[x.joint], type: x.type, target: e.kind === 'all' ? '*' : `${e.kind === 'class' ? 'class:' : ''}${e.target}` }; });
    // each key a params file of the mapping carries (not modelled: a fork's
    // command_delay), the core's sentence, as the picker and the CLI say it
    pair.carried = [...new Set(resolved.flatMap((r) => r.warnings ?? []))];
    pair.integrator = integrator.file === integrator.run ? null : t('robot.note.integrator', { integrator: integrator.fileName });
    pair.fileTimestep = fileStep;
    // MuJoCo's own copy (A) at its step: a position servo through its gear
    // diverges past the core's stable step (fric_robot_step_caution), the
    // dof's inertia read from (A) at the start pose (its own armature)
    pair.unstable = adopted.map((a, i) => {
      const dof = A.m.jnt_dofadr[a.joint];
      return robot.stepCaution(i, massDiagonal(A.m, A.d, dof) - A.m.dof_armature[dof], A.m.opt.timestep);
    }).filter(Boolean).map((c) => tCore(c));
    pair.timestepNote = timestep == null || timestep === fileStep ? null
      : t('robot.note.timestep', { ms: fmt(timestep * 1e3), khz: fmt(1 / timestep / 1e3), file: fmt(fileStep * 1e3) });
    return pair;
  } catch (e) {
    simC?.free();
    robot?.free();
    for (const x of [C, A]) if (x) { x.d.delete(); x.m.delete(); }
    throw e;
  }
}

/** The pair's stepping, goals and table over the two copies: the robot
 *  layer's rule, ring and rows (core.robot) with MuJoCo's arrays copied in
 *  and out. */
function makePair(mj, A, C, simC, robot, rows, keyframe, reattach) {
  const fric = new Float64Array(A.m.nv);   // (A)'s frictionloss force per dof [N·m]
  const fricC = new Float64Array(C.m.nv);  // (C)'s: a native joint's is MuJoCo's own
  const pair = {
    A: { m: A.m, d: A.d, label: '(A) file as written' },
    C: { m: C.m, d: C.d, label: '(C) adopted', sim: simC },
    rows, keyframe, steps: 0,
    get time() { return C.d.time; },
    /** The goal of joint name [rad] (the robot layer's rule: A's
     *  position-like actuator's ctrl; C's goal source, or the servo's goal). */
    setGoal(name, rad) {
      robot.setGoal(robot.jointFind(name), rad, A.d.ctrl, C.d.ctrl);
    },
    goal(name) { return robot.goal(robot.jointFind(name)); },
    /** Back to keyframe k (−1: qpos0), goals at its angles, the lag cleared. */
    setKeyframe(k) {
      resetTo(mj, A.m, A.d, k);
      resetTo(mj, C.m, C.d, k);
      pair.keyframe = k;
      pair.steps = 0;
      robot.reset();
      // the core's state (the several-joint lag, the servos' goals and
      // counters) starts again from the held system at the keyframe
      simC = reattach(simC);
      pair.C.sim = simC;
      robot.startGoals(C.d.qpos, A.d.ctrl, C.d.ctrl);
    },
    /** n steps of both copies; a copy whose position leaves the finite
     *  range (an option gravity of −1e308, a gain MuJoCo's step cannot
     *  hold) stops the run with one sentence naming the copy and the time,
     *  as the command line stops (mujoco: "left the finite range"). */
    step(n = 1) {
      for (let s = 0; s < n; s++) {
        mj.mj_step(A.m, A.d);
        simC.step(1);
        pair.steps++;
        const a = finiteQpos(A.d.qpos), c = finiteQpos(C.d.qpos);
        if (!a || !c) {
          throw new Error(t('robot.err.nonfinite', { which: t(!a && !c ? 'robot.err.nonfinite.both' : !a ? 'robot.err.nonfinite.A' : 'robot.err.nonfinite.C'),
            t: fmtNumber(A.d.time) }));
        }
        if (robot.tick()) robot.record(A.d.qpos, C.d.qpos);
      }
    },
    /** Per adopted joint, for A and C: { joint, servo, state, q, sag_mrad,
     *  creep_mrad_s, tau_m, tau_f } (the robot layer's rows, fric_robot.h:
     *  sag goal − q; creep the mean speed over the last
     *  MJ_CONSTANTS.creepWindow s (the core's FRIC_ROBOT_CREEP_WINDOW); A's motor torque its actuator's, its
     *  friction MuJoCo's frictionloss force on the dof alone (no contact,
     *  limit or equality: frictionForce); C's the core's). */
    table() {
      const n = rows.length;
      const a = robot.rows(n, 0, { qpos: A.d.qpos, qvel: A.d.qvel, qfrcActuator: A.d.qfrc_actuator, qfrcConstraint: frictionForce(mj, A.m, A.d, fric) });
      const c = robot.rows(n, 1, { qpos: C.d.qpos, qvel: C.d.qvel, qfrcActuator: C.d.qfrc_actuator, qfrcConstraint: frictionForce(mj, C.m, C.d, fricC) });
      const row = (r, x, servo) => ({ joint: r.name, servo, state: x.stick ? 'STICK' : 'SLIP', q: x.q, sag_mrad: x.sag_mrad,
        creep_mrad_s: x.creep_mrad_s, tau_m: x.tau_m, tau_f: x.tau_f });
      return { A: rows.map((r, i) => row(r, a[i], 'file')), C: rows.map((r, i) => row(r, c[i], r.servo)) };
    },
    /** The adoption report as lines of text (what was removed and replaced). */
    report() {
      // what becomes of the actuator's ctrl, as the command line's report says it
      const act = (a) => {
        if (!a) return t('robot.report.noAct');
        if (a.kind === 'damper' && !a.goal) return t('robot.report.actDamper', { kv: fmt(a.kv) });
        if (!a.goal) return t('robot.report.actSpeed', { kind: a.kind, kp: fmt(a.kp), kv: fmt(a.kv) });
        return t('robot.report.act', { kind: a.kind, kp: fmt(a.kp), kv: fmt(a.kv), lo: fmt(a.forceRange[0]), hi: fmt(a.forceRange[1]) })
          + (a.gear !== 1 ? t('robot.report.gear', { gear: fmt(a.gear) }) : '');
      };
      const notes = rows.filter((r) => !r.native).flatMap((r) => [r.tendon ? t('robot.note.tendon', { joint: r.name }) : null,
        r.equality ? t('robot.note.equality', { joint: r.name }) : null]).filter(Boolean)
        .concat((pair.skipped ?? []).map((x) => t('robot.note.skipped', x)), pair.carried ?? []);
      // a native joint: MuJoCo's own servo, the values its model got
      const native = (r) => t('robot.report.native', { joint: r.name, cls: r.cls ? t('robot.report.cls', { cls: r.cls }) : '', servo: r.servo,
        fl: fmt(r.native.frictionloss, 6), damping: fmt(r.native.damping, 6), armature: fmt(r.native.armature, 6), kp: fmt(r.native.kp, 6),
        kv: fmt(r.native.kv, 6), force: r.native.limited ? t('robot.report.nativeForce', { lo: fmt(r.native.forcerange[0]), hi: fmt(r.native.forcerange[1]) })
          : t('robot.report.nativeUnlimited'), file: `${fmt(r.removed.frictionloss)}, ${fmt(r.removed.damping)}, ${fmt(r.armature.file)}` });
      return [pair.startLine(), pair.timestepNote, pair.integrator, ...(pair.unstable ?? [])].filter(Boolean).concat(rows.map((r) => (r.native ? native(r) : t('robot.report.line', { joint: r.name,
        cls: r.cls ? t('robot.report.cls', { cls: r.cls }) : '', servo: r.servo, fl: fmt(r.removed.frictionloss), damping: fmt(r.removed.damping),
        armature: fmt(r.armature.used), from: r.armature.kept ? t('robot.report.armKept') : t('robot.report.armServo', { file: fmt(r.armature.file) }),
        act: act(r.actuator) }))), notes);
    },
    /** The report's first line: the start (keyframe and physics step) and the default rule of every door. */
    startLine() {
      const k = pair.keyframe, h = A.m.opt.timestep;
      const start = k < 0 ? t('robot.report.start.qpos0') : t('robot.report.start.key', { name: mj.mj_id2name(A.m, mj.mjtObj.mjOBJ_KEY.value, k) || String(k), k });
      return t('robot.report.start', { start, ms: fmt(h * 1e3), step: h === pair.fileTimestep ? t('robot.report.step.file')
        : t('robot.report.step.asked', { file: fmt(pair.fileTimestep * 1e3) }) });
    },
    free() {
      simC.free();
      robot.free();
      for (const x of [C, A]) { x.d.delete(); x.m.delete(); }
    },
  };
  robot.startGoals(C.d.qpos, A.d.ctrl, C.d.ctrl);
  return pair;
}
