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
// joints and actuators, the mapping and the servo syntax, the class →
// servo rule, the adoption and its model edits, the starting-goal rule, the
// creep ring, the per-joint rows and the notes. This file reads the servos'
// files, writes the edits into copy (C) and steps MuJoCo (sim.js
// attachSim, with the robot's own adapter); robotModel.js copies MuJoCo's
// arrays into the core's records, robotPair.js the goals and rows in and
// out and says the report.
// MuJoCo 3.14 (npm @mujoco/mujoco) loads the files from its virtual file
// system and says each joint's MJCF default class (its model spec), so a
// mapping can name a class (class:sts3215=sts3215/m1).
import { attachSim } from './sim.js';
import { MJ_CONSTANTS } from '../../../wasm/friction.js';
// the sentences a person reads: t() (i18n/, keys robot.err.*, robot.note.*,
// robot.report.*): the page's language in the page, English in Node
// (tools/robot.mjs, the tests), where i18n/index.js has no window
import { t, tCore, tCoreAfterDoor } from '../i18n/index.js';
import { ROBOT_LIMITS, pickMain, checkSize, compiled, planOf } from './robotFiles.js';
import { fmt, robotRecords, namesOf, actNamesOf, describe, makeCopy, massDiagonal, resetTo } from './robotModel.js';
import { mjEnums, nameOf } from './mjEnums.js';
import { makePair } from './robotPair.js';
import { writeNativeEdit } from './nativeEdit.js';
import { isNativeObject, nativeFromObject } from '../nativeFile.js';

// the limits, the main file and the CSVs live beside this file; re-exported for its callers
export { ROBOT_LIMITS, pickMain } from './robotFiles.js';
export { robotTableCsv, robotReportCsv, robotCsvComments } from './robotCsv.js';

/** The default start of every door (the core's FRIC_ROBOT_START_KEY: the
 *  first keyframe when the model has one, else −1, its reference pose qpos0;
 *  at the file's own timestep unless asked). */
export const startKeyframe = (nkey) => (nkey > MJ_CONSTANTS.startKey ? MJ_CONSTANTS.startKey : -1);

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

/** The mapping's entries (the core's parser: core.robot.mapParse); entries
 *  given whole ([{ kind, target, servo }], robotMapping.js mappingEntries)
 *  as they are: the core checks them when they are set (core.robot.mapSet). */
export function parseMapping(core, text) {
  if (Array.isArray(text)) return text;
  try {
    return core.robot.mapParse(text);
  } catch (e) {
    throw new Error(t('robot.err.mapping', { message: tCoreAfterDoor(e) }), { cause: e });
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
      if (keyframe >= 0 && keyframe < C.m.nkey) robot.startKey(nameOf(mj, C.m, mjEnums(mj).objKey, keyframe), keyframe);
      if (Array.isArray(mapping)) robot.mapSet(mapping); else robot.map(mapping);
      adoption = robot.adopt({ servos: resolved.map((r) => (r.native ? { native: r.native } : r.values)), keepArmature, qpos: C.d.qpos });
    } catch (e) {
      throw new Error(t('robot.err.adoption', { message: tCoreAfterDoor(e) }), { cause: e });
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

