// robot.js: core.robot, the robot layer (fric_robot.h,
// wasm/bindings_robot.c) for the explorer's "Your robot"
// (web/src/mujoco/robot.js). The caller copies MuJoCo's numbers in as named
// records (the layouts robot_model, robot_joint, robot_actuator,
// mujoco_model, mujoco_joint_model) and MuJoCo's arrays (qpos, ctrl, qvel,
// qfrc_*) as the arrays they are; what comes back is read through the
// layouts (mujoco_map_entry, mujoco_adopted, robot_edit, robot_row). A Robot
// holds its wasm memory (the handle and its scratch arrays, allocated once)
// until free().
//
// core.js mounts RobotApi as core.robot.
import { LAYOUTS, TABLES, CONSTANTS, MJ_TREATMENTS, MJ_ACT_KINDS as ACT_KINDS, MJ_JOINT_TYPES as JOINT_TYPES, MJ_MAP_KINDS as MAP_KINDS, F64, argError, caller, coreError, cstr, out, records } from './base.js';
import { Adapter } from './mujoco.js';
import { nativeEdit } from './native.js';

/** The exports this group calls, each with its C parameters (wasm/bindings_robot.c):
 *  call() refuses an export not listed here or a wrong count of arguments. */
export const SIGNATURES = {
  fxb_robot_create: 'm j a',
  fxb_robot_destroy: 'r',
  fxb_robot_joint_actuator: 'r j',
  fxb_robot_actuator_kind: 'r k',
  fxb_robot_actuator_kp: 'r k',
  fxb_robot_actuator_kv: 'r k',
  fxb_robot_joint_find: 'r name',
  fxb_robot_start_key: 'r key index',
  fxb_robot_nskip: 'r',
  fxb_robot_skipped: 'r i',
  fxb_map_parse: 'text out cap',
  fxb_robot_servo_parse: 'servo out',
  fxb_robot_class_servo_check: 'e actuator',
  fxb_robot_map: 'r text',
  fxb_robot_map_set: 'r map n',
  fxb_robot_map_entry: 'r k',
  fxb_robot_adopt: 'r servos np nservos keep_armature qpos natives native',
  fxb_robot_adopted: 'r i',
  fxb_robot_edit: 'r i',
  fxb_robot_def: 'r i',
  fxb_robot_integrator_run: 'r',
  fxb_robot_integrator_file: 'r',
  fxb_robot_integrator_name: 'i',
  fxb_robot_step_caution: 'r i inertia h buf cap',
  fxb_robot_note: 'r k buf cap',
  fxb_robot_report: 'r i k servo buf cap',
  fxb_robot_attach: 'r m jm treatment',
  fxb_robot_core: 'r',
  fxb_robot_several: 'r',
  fxb_robot_noslip_iterations: 'r',
  fxb_robot_start_goals: 'r qpos ctrl_a ctrl_c',
  fxb_robot_set_goal: 'r j goal ctrl_a ctrl_c',
  fxb_robot_goal: 'r j',
  fxb_robot_tick: 'r',
  fxb_robot_record: 'r qpos_a qpos_c',
  fxb_robot_reset: 'r',
  fxb_robot_row: 'r i c qpos qvel qfrc_actuator qfrc_constraint out',
};
const call = caller(SIGNATURES);


/** core.robot: fric_robot.h. */
export class RobotApi {
  constructor(core) { this._core = core; }

  /** The mapping's text (fric_mujoco_map_parse): entries "TARGET=SERVO"
   *  separated by ',', ';' or line breaks, TARGET a joint's name, class:NAME
   *  or *. Returns [{ kind: 'joint'|'class'|'all', target, servo }]; throws
   *  the core's sentence. */
  mapParse(text) {
    const core = this._core, L = LAYOUTS.mujoco_map_entry, cap = CONSTANTS.mj_map_max;
    const out = core._alloc(L.size * cap);
    try {
      const n = call(core, 'fxb_map_parse', [cstr(String(text ?? ''), 'mapping'), out, cap], { ok: (r) => r >= 0 }).rc;
      return Array.from({ length: n }, (_, k) => entry(core._read('mujoco_map_entry', out + k * L.size)));
    } finally {
      core._free(out);
    }
  }

  /** A mapping's servo as written (fric_robot_servo_parse, every door's
   *  syntax): { kind: 'preset', name: the actuator, model: K } of
   *  "ACTUATOR/mK" (a preset of the core), or { kind: 'named', name } of
   *  "@NAME" (a params file or fit the door gives). Throws the core's
   *  sentence (ids robot.servo_syntax, robot.servo_no_actuator,
   *  robot.servo_no_preset). */
  servoParse(servo) {
    const core = this._core, out = core._alloc(LAYOUTS.robot_servo.size);
    try {
      call(core, 'fxb_robot_servo_parse', [cstr(String(servo ?? ''), 'servo'), out], { ok: (r) => r === 0 });
      const r = core._read('robot_servo', out);
      return r.kind === 0 ? { kind: 'preset', name: r.name, model: r.model } : { kind: 'named', name: r.name };
    } finally {
      core._free(out);
    }
  }

  /** The class → servo rule (fric_robot_class_servo_check): entry { kind,
   *  target, servo } (as mapParse gives it) mapped to a servo of actuator
   *  `actuator`; a class named after a servo takes that servo's models.
   *  Throws the core's sentence (id robot.class_servo). */
  classServoCheck(entry, actuator) {
    call(this._core, 'fxb_robot_class_servo_check', [records('mujoco_map_entry', [{ kind: MAP_KINDS.indexOf(entry?.kind),
      target: String(entry?.target ?? ''), servo: String(entry?.servo ?? '') }]),
      cstr(String(actuator ?? ''), 'actuator')], { ok: (r) => r === 0 });
  }

  /** The robot of a compiled model: model { njnt, nu, nq, nv, timestep,
   *  integrator, gravity[3] }, joints [{ name, cls (null: not known), type, dofadr,
   *  qposadr, frictionloss, damping, armature, ancestry (the parent classes,
   *  each ended by '\n'), tendon, equality }], actuators [{ trntype, trnid,
   *  gaintype, biastype, gainprm[3], biasprm[3], gear, forcelimited,
   *  forcerange[2], ctrllimited, ctrlrange[2], name, dyntype }] (fric_robot_create).
   *  Returns a Robot; free() it. */
  create({ model, joints, actuators }) {
    const core = this._core;
    if (!Array.isArray(joints) || joints.length !== model?.njnt) throw argError(RangeError, 'joints', `joints must be an array of model.njnt = ${model?.njnt} joints.`);
    if (!Array.isArray(actuators) || actuators.length !== model.nu) throw argError(RangeError, 'actuators', `actuators must be an array of model.nu = ${model.nu} actuators.`);
    for (const k of ['nq', 'nv']) if (!(Number.isInteger(model[k]) && model[k] >= 0)) throw argError(RangeError, `model.${k}`, `model.${k} must be a count >= 0.`);
    const p = call(core, 'fxb_robot_create', [records('robot_model', [model]), records('robot_joint', joints), records('robot_actuator', actuators)],
      { ok: (r) => r !== 0 }).rc;
    return new Robot(core, p, model);
  }
}

const entry = (e) => ({ kind: MAP_KINDS[e.kind], target: e.target, servo: e.servo });

/** A robot in wasm memory (fric_robot): the handle and its scratch arrays
 *  (qpos of both copies, their ctrl, a copy's qvel and forces, a row),
 *  allocated once here. */
export class Robot {
  constructor(core, p, model) {
    this._core = core;
    this._p = p;
    this.njnt = model.njnt;
    this.nu = model.nu;
    const nq = Math.max(1, model.nq), nu = Math.max(1, model.nu), nv = Math.max(1, model.nv);
    this._n = { nq, nu, nv };
    // one block: qposA, qposC [nq], ctrlA, ctrlC [nu], qvel, qfrcActuator, qfrcConstraint [nv], a row
    const sizes = [nq, nq, nu, nu, nv, nv, nv, Math.ceil(LAYOUTS.robot_row.size / F64)];
    this._buf = core._alloc(F64 * sizes.reduce((a, b) => a + b, 0));
    let at = this._buf;
    [this._qa, this._qc, this._ca, this._cc, this._qv, this._fa, this._fc, this._row] = sizes.map((n) => { const q = at; at += F64 * n; return q; });
  }
  _live() { if (!this._p) throw new Error('robot used after free()'); }
  /** a (a typed array, or null) into wasm memory at q. */
  _in(q, a) { if (a) this._core._f64().set(a, q / F64); }
  /** The wasm memory at q back into a (written in place). */
  _out(q, a) { if (a) a.set(this._core._f64().subarray(q / F64, q / F64 + a.length)); }

  /** Joint j's actuator (the last whose transmission is the joint), −1 none. */
  jointActuator(j) { this._live(); return call.value(this._core, 'fxb_robot_joint_actuator', this._p, j); }
  /** Actuator k's { kind: 'motor'|'position'|'general'|'velocity'|'intvelocity'|'damper', kp, kv } (fric_mujoco_actuator_kind). */
  actuatorKind(k) {
    this._live();
    return { kind: ACT_KINDS[call.value(this._core, 'fxb_robot_actuator_kind', this._p, k)], kp: call.value(this._core, 'fxb_robot_actuator_kp', this._p, k), kv: call.value(this._core, 'fxb_robot_actuator_kv', this._p, k) };
  }
  /** The joint called name, −1 none. */
  jointFind(name) {
    this._live();
    return call(this._core, 'fxb_robot_joint_find', [this._p, cstr(String(name), 'name')], { ok: () => true }).rc;
  }

  /** The start pose's keyframe for the adoption's sentences (fric_robot_start_key):
   *  its name ('' unnamed) and index; index < 0 (or name null): qpos0. */
  startKey(name, index) {
    this._live();
    call(this._core, 'fxb_robot_start_key', [this._p, cstr(String(name ?? ''), 'name'), name == null ? -1 : index], { ok: () => true });
  }

  /** The mapping's text into the robot: its entries (as mapParse); throws the core's sentence. */
  map(text) {
    this._live();
    const core = this._core;
    const n = call(core, 'fxb_robot_map', [this._p, cstr(String(text ?? ''), 'mapping')], { ok: (r) => r >= 0 }).rc;
    return Array.from({ length: n }, (_, k) => entry(core._read('mujoco_map_entry', call.value(core, 'fxb_robot_map_entry', this._p, k))));
  }

  /** The mapping's entries given whole ([{ kind: 'joint'|'class'|'all',
   *  target, servo }], as map returns them; fric_robot_map_set): a name
   *  holding ',', '=' or ';' that the text cannot carry. Returns the
   *  entries as the core keeps them; throws the core's sentence (or one for
   *  a name longer than the core holds). */
  mapSet(entries) {
    this._live();
    const core = this._core;
    entries.forEach((e, k) => {
      for (const f of ['target', 'servo']) {
        const [, , , , count] = core._row('mujoco_map_entry', f);
        // said at the core's door as its sentences are ("adopt: " its recorded prefix)
        if (new TextEncoder().encode(String(e[f] ?? '')).length >= count) {
          throw coreError(`adopt: mapping entry ${k + 1}'s ${f} is longer than ${count - 1} bytes.`, 'FRIC_E_PARAM_RANGE', `entries[${k}].${f}`, { prefix: 'adopt: '.length });
        }
      }
    });
    const got = call(core, 'fxb_robot_map_set', [this._p, records('mujoco_map_entry', entries.map((e) => ({ kind: MAP_KINDS.indexOf(e.kind),
      target: String(e.target ?? ''), servo: String(e.servo ?? '') }))), entries.length], { ok: (r) => r >= 0 }).rc;
    return Array.from({ length: got }, (_, k) => entry(core._read('mujoco_map_entry', call.value(core, 'fxb_robot_map_entry', this._p, k))));
  }

  /** The adoption (fric_robot_adopt_native): servos[k] the bench vector of
   *  entry k (names: the bench's parameter names), or { native: params }
   *  (a native params object: MuJoCo's own servo, fric_native.h), qpos the
   *  start pose of copy (C). Returns { adopted: [{ joint, entry, removed: {
   *  frictionloss, damping }, armature: { file, used, kept }, act, actKind,
   *  kp, kv, forceRange, goalRange, gear, actGoal (its ctrl the goal),
   *  tendon, equality, native (null, or the edit MuJoCo's own servo gets:
   *  core.native.edit' object) }] (the core's joints, then the native
   *  ones), edits: [{ dof, frictionloss, damping, armature, act, native
   *  (null, or the edit) }], skipped:
   *  [{ joint, entry, type }] (a slide, ball or free joint a class or '*'
   *  passed over), integrator: { run, file, fileName } }; throws the core's
   *  sentence. */
  adopt({ servos, keepArmature = false, qpos }) {
    this._live();
    const core = this._core, names = core.bench._names(), np = names.length;
    const sv = new Float64Array(np * Math.max(1, servos.length));
    const isNative = servos.map((x) => x != null && !ArrayBuffer.isView(x) && !Array.isArray(x) && typeof x.native === 'object');
    servos.forEach((x, k) => {
      if (isNative[k]) return;
      if (x.length !== np) throw argError(RangeError, `servos[${k}]`, `servos[${k}] has ${x.length} numbers; it must have the bench's ${np}.`);
      sv.set(x, np * k);
    });
    const natives = isNative.some(Boolean)
      ? records('native_params', servos.map((x, k) => core.native._fields(isNative[k] ? x.native : {}))) : 0;
    const n = call(core, 'fxb_robot_adopt', [this._p, { in: sv }, np, servos.length, keepArmature ? 1 : 0, { in: Float64Array.from(qpos) },
      natives, natives ? { in: Uint8Array.from(isNative, Number) } : 0], { names, ok: (r) => r >= 0 }).rc;
    const edits = Array.from({ length: n }, (_, i) => {
      const e = core._read('robot_edit', call.value(core, 'fxb_robot_edit', this._p, i));
      return { dof: e.dof, frictionloss: e.frictionloss, damping: e.damping, armature: e.armature, act: e.act, native: e.native ? nativeEdit(e.set) : null };
    });
    const adopted = Array.from({ length: n }, (_, i) => {
      const a = core._read('mujoco_adopted', call.value(core, 'fxb_robot_adopted', this._p, i)), def = call.value(core, 'fxb_robot_def', this._p, i);
      return { joint: a.joint, entry: a.entry, removed: { frictionloss: a.removed_frictionloss, damping: a.removed_damping },
        armature: { file: a.armature_file, used: a.armature, kept: a.armature_kept !== 0 }, act: a.act,
        actKind: a.act_kind < 0 ? null : ACT_KINDS[a.act_kind], kp: a.act_kp, kv: a.act_kv, forceRange: [a.act_force_lo, a.act_force_hi],
        // a native joint has no servo def: its goal is clamped by MuJoCo to its actuator's ctrlrange
        goalRange: def ? ['goal_lo', 'goal_hi'].map((f) => core._field('mujoco_joint_def', def, f)) : [0, 0],
        gear: a.gear, actGoal: a.act_goal !== 0, tendon: a.tendon !== 0, equality: a.equality !== 0, native: edits[i].native };
    });
    const skipped = Array.from({ length: call.value(core, 'fxb_robot_nskip', this._p) }, (_, i) => {
      const s = core._read('mujoco_skipped', call.value(core, 'fxb_robot_skipped', this._p, i));
      return { joint: s.joint, entry: s.entry, type: JOINT_TYPES[s.type] ?? 'unknown' };
    });
    const file = call.value(core, 'fxb_robot_integrator_file', this._p), fileName = call.value(core, 'fxb_robot_integrator_name', file);
    return { adopted, edits, skipped, integrator: { run: call.value(core, 'fxb_robot_integrator_run', this._p), file, fileName: fileName ? core._str(fileName) : String(file) } };
  }

  /** Adopted joint i's caution for copy (A), the file as written, at step h
   *  [s] (fric_robot_step_caution): inertia [kg·m²] its dof's diagonal of M
   *  at the start pose less the dof's armature. { message, id, values } (the
   *  core's English sentence, its id and named values: tCore renders it in
   *  the page's language) when MuJoCo's own step diverges there, else null. */
  stepCaution(i, inertia, h) {
    this._live();
    const core = this._core;
    const { rc, out: [text] } = call(core, 'fxb_robot_step_caution', [this._p, i, inertia, h, out(Uint8Array, 1024), 1024], { ok: (n) => n >= 0 });
    return rc > 0 ? { message: new TextDecoder().decode(text.subarray(0, Math.min(rc, 1023))), ...core.sentence() } : null;
  }

  /** Adopted row i's line of the adoption report (fric_robot_report, the
   *  command line's too), servo the page's name of the row's servo: its
   *  pieces, each { message, id, values } for tCore, in order (a door joins
   *  them with "; "). */
  reportLine(i, servo) {
    this._live();
    const core = this._core, all = [];
    for (let k = 0; ; k++) {
      const { rc, out: [text] } = call(core, 'fxb_robot_report', [this._p, i, k, cstr(String(servo), 'servo'), out(Uint8Array, 1024), 1024], { ok: (n) => n >= 0 });
      if (rc <= 0) return all;
      all.push({ message: new TextDecoder().decode(text.subarray(0, Math.min(rc, 1023))), ...core.sentence() });
    }
  }

  /** The adoption's notes (fric_robot_note: a tendon, an equality, a
   *  joint a class or '*' passed over), each { message, id, values } for
   *  tCore, in the core's order. */
  notes() {
    this._live();
    const core = this._core, all = [];
    for (let k = 0; ; k++) {
      const { rc, out: [text] } = call(core, 'fxb_robot_note', [this._p, k, out(Uint8Array, 1024), 1024], { ok: (n) => n >= 0 });
      if (rc <= 0) return all;
      all.push({ message: new TextDecoder().decode(text.subarray(0, Math.min(rc, 1023))), ...core.sentence() });
    }
  }

  /** The adapter of copy (C) (fric_robot_attach) from the model as (C) has
   *  it now: model { h, integrator, anyDamping, noslipIterations,
   *  minvUnknown }, jointModels [{ type, frictionloss, damping, armature,
   *  minv, q0 }] per adopted joint, the treatment (a name of MJ_TREATMENTS).
   *  Returns an Adapter on the robot's own state (its free() leaves the
   *  state to the robot); throws the core's sentence ("mujoco: ..."). */
  attach({ model, jointModels, treatment }) {
    this._live();
    const core = this._core, t = MJ_TREATMENTS.indexOf(treatment);
    if (t < 0) throw argError(RangeError, 'treatment', `treatment ${treatment} is not one of ${MJ_TREATMENTS.join(', ')}.`);
    call(core, 'fxb_robot_attach', [this._p, records('mujoco_model', [{ h: model.h, integrator: model.integrator, any_damping: model.anyDamping ? 1 : 0,
      noslip_iterations: model.noslipIterations ?? 0, minv_unknown: model.minvUnknown ? 1 : 0 }]), records('mujoco_joint_model', jointModels), t]);
    const n = jointModels.length, inputs = TABLES.mj_step_inputs.length, outputs = TABLES.mj_step_outputs.length;
    const buf = core._alloc(F64 * Math.max(1, n) * (inputs + outputs));
    core._f64().fill(0, buf / F64, buf / F64 + n * (inputs + outputs));
    // what the model gets at the start (frictionloss, damping, noslip_iterations, the step) the Adapter reads from the state
    const a = new Adapter(core, call.value(core, 'fxb_robot_core', this._p), buf, n);
    // the state is the robot's: free() releases the arrays and the views only
    a.free = () => { if (a._p) { a.joints.forEach((j) => j.free()); core._free(a._buf); a._p = 0; a._views = null; } };
    return a;
  }

  /** The starting goals (fric_robot_start_goals: the one rule): qposC the
   *  pose of copy (C); ctrlA and ctrlC (MuJoCo's d.ctrl of each copy, or
   *  null) written in place. */
  startGoals(qposC, ctrlA, ctrlC) {
    this._live();
    this._in(this._qc, qposC);
    this._in(this._ca, ctrlA);
    this._in(this._cc, ctrlC);
    call.value(this._core, 'fxb_robot_start_goals', this._p, this._qc, ctrlA ? this._ca : 0, ctrlC ? this._cc : 0);
    this._out(this._ca, ctrlA);
    this._out(this._cc, ctrlC);
  }
  /** Joint j's goal [rad] by the same rule (fric_robot_set_goal); throws
   *  the core's sentence (nothing changed) for a goal not finite or beyond
   *  ±FRIC_ROBOT_GOAL_MAX, or j not a joint. */
  setGoal(j, goal, ctrlA, ctrlC) {
    this._live();
    this._in(this._ca, ctrlA);
    this._in(this._cc, ctrlC);
    if (call.value(this._core, 'fxb_robot_set_goal', this._p, j, goal, ctrlA ? this._ca : 0, ctrlC ? this._cc : 0)) throw this._core._fail();
    this._out(this._ca, ctrlA);
    this._out(this._cc, ctrlC);
  }
  /** Joint j's goal [rad]. */
  goal(j) { this._live(); return call.value(this._core, 'fxb_robot_goal', this._p, j); }

  /** After each step: true when a creep sample is due (then record()). */
  tick() { return call.value(this._core, 'fxb_robot_tick', this._p) !== 0; }
  /** Both copies' qpos into the creep ring. */
  record(qposA, qposC) {
    this._in(this._qa, qposA);
    this._in(this._qc, qposC);
    call.value(this._core, 'fxb_robot_record', this._p, qposA ? this._qa : 0, this._qc);
  }
  /** The ring and the step count emptied. */
  reset() { this._live(); call.value(this._core, 'fxb_robot_reset', this._p); }

  /** The rows of n adopted joints of copy c (0: A, 1: C) from its arrays
   *  { qpos, qvel, qfrcActuator, qfrcConstraint } (fric_robot_row_of):
   *  [{ stick, q, sag_mrad, creep_mrad_s, tau_m, tau_f }]. */
  rows(n, c, { qpos, qvel, qfrcActuator = null, qfrcConstraint = null }) {
    this._live();
    const core = this._core;
    this._in(this._qa, qpos);
    this._in(this._qv, qvel);
    this._in(this._fa, qfrcActuator);
    this._in(this._fc, qfrcConstraint);
    return Array.from({ length: n }, (_, i) => {
      if (call.value(core, 'fxb_robot_row', this._p, i, c, this._qa, this._qv, this._fa, this._fc, this._row)) throw core._fail();
      return core._read('robot_row', this._row);
    });
  }

  /** Frees the handle and its arrays (the adapter attach() gave is freed first by its owner). */
  free() {
    if (this._p) {
      call.value(this._core, 'fxb_robot_destroy', this._p);
      this._core._free(this._buf);
      this._p = 0;
    }
  }
}
