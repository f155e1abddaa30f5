// mujoco.js: core.mujoco (fric_joint.h, fric_adapter.h at the wasm wall,
// wasm/bindings_mujoco.c): the bench as MJCF, the per-joint step (Joint),
// the adapter's orchestration of a model's joints (Adapter), MuJoCo-free
// (MuJoCo is its own wasm module); the robot layer above it is robot.js.
import { LAW_FIELDS, MJ_TREATMENTS, LAYOUTS, TABLES, F64, argError, show, num, numberType, f64s, obj, lawArgs, inp, out, cstr, caller } from './base.js';

/** The exports this group calls, each with its C parameters (wasm/bindings_*.c):
 *  call() refuses an export not listed here or a wrong count of arguments. */
export const SIGNATURES = {
  fxb_bench_mjcf: 'p n lg buf cap',
  fxb_joint_servo_init: 'j p n lg h q0',
  fxb_joint_law_init: 'j kind Fs Fc vs D alpha h q0',
  fxb_joint_prepare: 'j Z',
  fxb_joint_set_z: 'j Z',
  fxb_joint_goal: 'j goal torque_enable',
  fxb_joint_step: 'j q v v_free tau_e',
  fxb_joint_loss: 'j q v tau_e',
  fxb_joint_rest_loss: 'j',
  fxb_joint_damping: 'j',
  fxb_mj_def_law: 'd kind Fs Fc vs D alpha',
  fxb_mj_def_servo: 'd p n lg',
  fxb_mj_init: 'o model jm defs n treatment',
  fxb_mj_step: 'o in out',
  fxb_mj_goal: 'o i goal torque_enable',
  fxb_mj_joint: 'o i',
  fxb_mjcf_check: 'text len file depth0 elements out cap',
  fxb_mjcf_assets: 'text len strip out cap',
  fxb_mjcf_tags: 'text len out cap',
  fxb_mjcf_plan_new: '',
  fxb_mjcf_plan_free: 'p',
  fxb_mjcf_plan_begin: 'p main',
  fxb_mjcf_plan_next: 'p out',
  fxb_mjcf_plan_feed: 'p path text len',
  fxb_mjcf_plan_absent: 'p',
  fxb_mjcf_plan_count: 'p',
  fxb_mjcf_plan_file: 'p i out',
  fxb_mjcf_plan_class_count: 'p',
  fxb_mjcf_plan_class: 'p i out',
};
const call = caller(SIGNATURES);

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** An attribute's value as an XML reader gives it: its five entities and
 *  its numeric references decoded (as tinyxml2, MuJoCo's reader, does). */
export const xmlDecode = (v) => v.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e) => {
  if (e[0] !== '#') return ENTITIES[e] ?? m;
  const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
});

/** core.mujoco: fric_joint.h: the MuJoCo adapter's per-joint friction step
 *  without MuJoCo (core/mujoco/mujoco_adapter.c calls the same step natively).
 *  In the page MuJoCo is its own wasm module (npm @mujoco/mujoco): the caller
 *  reads MuJoCo's arrays, calls Joint.step or Joint.loss with plain numbers
 *  and writes the result back. */
export class MujocoApi {
  constructor(core) { this._core = core; }
  _names() { return this._core.bench._names(); }

  /** The pendulum bench of the bench parameters as MJCF
   *  (fric_mujoco_bench_mjcf); with a parsed log, the bench of its header
   *  and gains (fric_bench_def_from_log), the model `friction mujoco-model`
   *  writes. A refused def throws the core's message. */
  benchMjcf(params, log = null, source = 'log') {
    const names = this._names();
    const x = f64s('params', params, { length: names.length, names });
    const run = (h) => {
      const n = call(this._core, 'fxb_bench_mjcf', [inp(x), x.length, h, 0, 0], { names, ok: (rc) => rc >= 0 }).rc;
      const { out: [text] } = call(this._core, 'fxb_bench_mjcf', [inp(x), x.length, h, out(Uint8Array, n + 1), n + 1],
        { names, ok: (rc) => rc === n });
      return new TextDecoder().decode(text.subarray(0, n));
    };
    return log ? this._core._withLog(log, source, (L) => { L._live(); return run(L._h); }) : run(0);
  }

  /** A joint's friction: { params } (the bench parameters: its servo M1–M6,
   *  the log's gains with `log`) or { law } (a law object), the step h [s]
   *  and the start angle q0 [rad] (the servo's goal). Validated by the core
   *  (fric_joint_init: its messages). Returns a Joint; free() it. */
  joint({ params = null, law = null, log = null, source = 'log', h, q0 = 0 }) {
    num('h', h, { min: Number.MIN_VALUE });
    num('q0', q0);
    const core = this._core, p = core._alloc(LAYOUTS.joint.size);
    try {
      if (params) {
        const names = this._names();
        const x = f64s('params', params, { length: names.length, names });
        const init = (lh) => call(core, 'fxb_joint_servo_init', [p, inp(x), x.length, lh, h, q0], { names });
        if (log) core._withLog(log, source, (L) => { L._live(); init(L._h); });
        else init(0);
      } else {
        call(core, 'fxb_joint_law_init', [p, ...lawArgs(law), h, q0], { names: LAW_FIELDS });
      }
    } catch (e) {
      core._free(p);
      throw e;
    }
    return new Joint(core, p);
  }

  /** The adapter's orchestration (fric_mujoco_core_init): joints [{ name,
   *  params | law, log, source, goalRange, held }] (a servo: the bench
   *  parameters, with a parsed log its gains, the goal source's range, held:
   *  it has been holding its start angle; or a law), the model { h [s], integrator (MuJoCo's
   *  number), anyDamping, noslipIterations }, what the model has per joint
   *  jointModels [{ type (MuJoCo's mjtJoint), frictionloss, damping,
   *  armature, minv ((M⁻¹)_ii), q0 }] and the treatment (a name of
   *  MJ_TREATMENTS). Every refusal is the core's sentence ("mujoco: ...").
   *  Returns an Adapter; free() it. */
  adapter({ joints, model, jointModels, treatment }) {
    const core = this._core;
    if (!Array.isArray(joints)) throw argError(TypeError, 'joints', `joints must be an array, found ${show(joints)}.`);
    if (!Array.isArray(jointModels) || jointModels.length !== joints.length) {
      throw argError(RangeError, 'jointModels', `jointModels must be an array of ${joints.length} (one per joint), found ${show(jointModels)}.`);
    }
    obj('model', model, 'the model { h, integrator, anyDamping, noslipIterations, minvUnknown }');
    const t = MJ_TREATMENTS.indexOf(treatment);
    if (t < 0) throw argError(RangeError, 'treatment', `treatment ${show(treatment)} is not one of ${MJ_TREATMENTS.join(', ')}.`);
    const n = joints.length;
    // the named records (layouts mujoco_model, mujoco_joint_model), checked before any wasm memory is touched
    const M = { h: num('model.h', model.h), integrator: num('model.integrator', model.integrator, { integer: true }),
      any_damping: model.anyDamping ? 1 : 0,
      noslip_iterations: num('model.noslipIterations', model.noslipIterations ?? 0, { min: 0, integer: true }),
      minv_unknown: model.minvUnknown ? 1 : 0 };
    const fields = LAYOUTS.mujoco_joint_model.fields.map(([f]) => f);
    const J = jointModels.map((jm, i) => {
      obj(`jointModels[${i}]`, jm, `a joint { ${fields.join(', ')} }`);
      return Object.fromEntries(fields.map((f) => [f, numberType(`jointModels[${i}].${f}`, jm[f] ?? 0)]));
    });
    const ptrs = [];
    const keep = (p) => { ptrs.push(p); return p; };
    const size = (name) => LAYOUTS[name].size;
    let p = 0, buf = 0;
    try {
      const defs = keep(core._alloc(size('mujoco_joint_def') * Math.max(1, n)));
      joints.forEach((spec, i) => {
        obj(`joints[${i}]`, spec, 'a joint { name, params | law, log }');
        const d = defs + size('mujoco_joint_def') * i;
        const name = keep(core._put(cstr(String(spec.name ?? ''), `joints[${i}].name`).in));
        if (spec.params) {
          const names = this._names();
          const x = f64s(`joints[${i}].params`, spec.params, { length: names.length, names });
          const [lo, hi] = spec.goalRange ?? [0, 0];
          const range = { goal_lo: numberType(`joints[${i}].goalRange[0]`, lo), goal_hi: numberType(`joints[${i}].goalRange[1]`, hi) };
          const def = (lh) => call(core, 'fxb_mj_def_servo', [d, inp(x), x.length, lh], { names });
          if (spec.log) core._withLog(spec.log, spec.source ?? 'log', (L) => { L._live(); def(L._h); });
          else def(0);
          core._write('mujoco_joint_def', d, { joint: name, ...range, held: spec.held ? 1 : 0 });
        } else {
          call.value(core, 'fxb_mj_def_law', d, ...lawArgs(spec.law ?? {}));
          core._write('mujoco_joint_def', d, { joint: name });
        }
      });
      const m = keep(core._alloc(size('mujoco_model')));
      core._write('mujoco_model', m, M);
      const jm = keep(core._alloc(size('mujoco_joint_model') * Math.max(1, n)));
      J.forEach((x, i) => core._write('mujoco_joint_model', jm + size('mujoco_joint_model') * i, x));
      p = core._alloc(size('mujoco_core'));
      call(core, 'fxb_mj_init', [p, m, jm, defs, n, t], { names: LAW_FIELDS });
      const arrays = TABLES.mj_step_inputs.length + TABLES.mj_step_outputs.length;
      buf = core._alloc(F64 * Math.max(1, n) * arrays);
      core._f64().fill(0, buf / F64, buf / F64 + n * arrays);
      return new Adapter(core, p, buf, n);
    } catch (e) {
      core._free(p);
      core._free(buf);
      throw e;
    } finally {
      ptrs.forEach((q) => core._free(q));
    }
  }

  /** An MJCF's text checked before MuJoCo parses it (fric_mjcf_check_text:
   *  element nesting, element count, size; comments, CDATA and quoted values
   *  skipped): bytes (a Uint8Array of UTF-8 or a string), file (its name for
   *  the sentence), depth0 (0 for the main file; an include's depth0 for the
   *  file it names), elements (counted so far in the model's files).
   *  Returns { elements (after this text), includes [{ file (the file
   *  attribute as written), depth0, line }] }; a refusal throws the core's
   *  one sentence ("mjcf: <body> nested 65 deep at line …"). */
  checkMjcf(bytes, { file = '', depth0 = 0, elements = 0 } = {}) {
    const text = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
    if (!(text instanceof Uint8Array)) throw argError(TypeError, 'bytes', `bytes must be a Uint8Array or a string, found ${show(bytes)}.`);
    num('depth0', depth0, { integer: true });
    num('elements', elements, { min: 0, integer: true });
    const cap = 64;   // FRIC_MJCF_MAX_INCLUDES
    const { out: [o] } = call(this._core, 'fxb_mjcf_check', [inp(text.length ? text : new Uint8Array(1)), text.length,
      cstr(String(file), 'file'), depth0, elements, out(Int32Array, 2 + 4 * cap), cap]);
    const dec = new TextDecoder();
    const includes = Array.from({ length: o[1] }, (_, i) => ({
      file: dec.decode(text.subarray(o[2 + 4 * i], o[2 + 4 * i] + o[3 + 4 * i])), depth0: o[4 + 4 * i], line: o[5 + 4 * i] }));
    return { elements: o[0], includes };
  }

  /** The files an MJCF text (a Uint8Array of UTF-8, or a string) names
   *  for MuJoCo besides its includes (fric_mjcf_assets: the core's one
   *  table of those elements and of the <compiler>'s folders), in document
   *  order. strip: the strippath before this text (a model's earlier
   *  files). Returns { assets [{ tag, attr, value (as written: no entity
   *  decoded), folder ('mesh' or 'texture': the compiler folder it is found
   *  in), line, at (its value's byte offset in the text) }], dirs { mesh,
   *  texture: the folder this text's last <compiler> gives, { value, attr,
   *  line, at }, or null where it gives none }, strip (after this text) }. */
  mjcfAssets(bytes, { strip = false } = {}) {
    const text = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
    if (!(text instanceof Uint8Array)) throw argError(TypeError, 'bytes', `bytes must be a Uint8Array or a string, found ${show(bytes)}.`);
    const HEAD = 12;   // FXB_MJCF_HEAD
    const run = (cap) => call(this._core, 'fxb_mjcf_assets', [inp(text.length ? text : new Uint8Array(1)), text.length,
      strip ? 1 : 0, out(Int32Array, HEAD + 6 * cap), cap]).out[0];
    let o = run(16);
    if (o[0] > 16) o = run(o[0]);
    const dec = new TextDecoder(), str = (p) => this._core._str(p);
    const value = (at, len) => dec.decode(text.subarray(at, at + len));
    const FOLDERS = ['mesh', 'texture'];   // fric_mjcf_folder
    const dirs = {};
    FOLDERS.forEach((f, k) => {
      const d = o.subarray(2 + 5 * k, 7 + 5 * k);
      dirs[f] = d[2] ? { value: value(d[0], d[1]), attr: str(d[4]), line: d[3], at: d[0] } : null;
    });
    const assets = Array.from({ length: o[0] }, (_, i) => {
      const a = o.subarray(HEAD + 6 * i, HEAD + 6 * i + 6);
      return { tag: str(a[4]), attr: str(a[5]), value: value(a[0], a[1]), folder: FOLDERS[a[2]], line: a[3], at: a[0] };
    });
    return { assets, dirs, strip: o[1] !== 0 };
  }

  /** The MJCF file plan of the model whose main file is main
   *  (fric_mjcf_plan, fric_adapter.h: the files it names through its
   *  includes and compiler folders, by MuJoCo's rules), a pull loop:
   *  MjcfPlan below. free() it. Throws the core's sentence. */
  mjcfPlan(main) {
    const core = this._core;
    const p = call(core, 'fxb_mjcf_plan_new', [], { ok: (r) => r !== 0 }).rc;
    const plan = new MjcfPlan(core, p);
    try {
      call(core, 'fxb_mjcf_plan_begin', [p, cstr(String(main), 'main')]);
    } catch (e) {
      plan.free();
      throw e;
    }
    return plan;
  }

  /** The tags of an XML text (a string, or a Uint8Array of UTF-8), in
   *  document order: the core's one tag scan (fric_mjcf_tags,
   *  fric_mjcf_tag_attrs: comments, CDATA, processing instructions and
   *  <!DOCTYPE> skipped). Start tags { name, attrs: Map name → value (its
   *  five entities and numeric references decoded, as tinyxml2 does: xmlDecode),
   *  at, after, byte, line, selfClosing (written <x ... />) }; with ends,
   *  end tags too: { name, end: true, attrs (empty), at, after, byte, line }.
   *  at: the index of its '<' in the text as given (a string's UTF-16
   *  index, else the byte), after: the index past its '>' (the text's end
   *  when unclosed), byte: its '<' as a byte offset, line: 1-based. */
  xmlTags(text, { ends = false } = {}) {
    const str = typeof text === 'string';
    const bytes = str ? new TextEncoder().encode(text) : text;
    if (!(bytes instanceof Uint8Array)) throw argError(TypeError, 'text', `text must be a string or a Uint8Array, found ${show(text)}.`);
    const run = (cap) => call(this._core, 'fxb_mjcf_tags', [inp(bytes.length ? bytes : new Uint8Array(1)), bytes.length,
      out(Int32Array, cap), cap]).out[0];
    let o = run(3);
    if (o[0] > 3) o = run(o[0]);
    const TAG = 8, ATTR = 4, n = o[1];   // FXB_TAG_INTS, FXB_ATTR_INTS
    const dec = new TextDecoder(), span = (at, len) => dec.decode(bytes.subarray(at, at + len));
    // a byte offset as an index of the string (the same where the text is ASCII)
    let index = (b) => b;
    if (str && bytes.length !== text.length) {
      const map = new Int32Array(bytes.length + 1);
      let b = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.codePointAt(i);
        const w = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
        for (let k = 0; k < w; k++) map[b + k] = i;
        b += w;
        if (c >= 0x10000) i++;
      }
      map[b] = text.length;
      index = (x) => map[x];
    }
    const tags = [];
    for (let i = 0, a = 3 + n * TAG; i < n; i++) {
      const t = o.subarray(3 + i * TAG, 3 + (i + 1) * TAG);
      const attrs = new Map();
      for (let k = 0; k < t[7]; k++, a += ATTR) attrs.set(span(o[a], o[a + 1]), xmlDecode(span(o[a + 2], o[a + 3])));
      if (t[4] && !ends) continue;
      const name = span(t[2], t[3]);
      const at = index(t[0]), after = index(t[1]);
      tags.push(t[4] ? { name, end: true, attrs: new Map(), at, after, byte: t[0], line: t[6] }
        : { name, attrs, at, after, byte: t[0], line: t[6], selfClosing: t[5] === 1 });
    }
    return tags;
  }

  /** What a replay drives a simulator with, per scored sample
   *  (fric_io_log_sample): { t, q, goal, speed, torqueEnable } (Float64Arrays). */
  logDrive(log, source = 'log') {
    return this._core._withLog(log, source, (L) => {
      return L._series(true);
    });
  }
}

/** One joint's friction step in wasm memory (mujoco.joint): fric_joint.h.
 *  The per-step calls take and return plain numbers (no allocation); the
 *  last step's fields are read through the layout `joint`. */
export class Joint {
  constructor(core, p, owned = true) {
    this._core = core;
    this._p = p;
    this._owned = owned;          // false: a view into an Adapter's state (the Adapter frees it)
    const off = Object.fromEntries(LAYOUTS.joint.fields.map(([f, , , o]) => [f, o]));
    this._off = off;
  }
  _live() { if (!this._p) throw new Error('joint used after free()'); }
  /** Prepares the implicit step with Z = h·(M⁻¹)_ii [rad/(N·m·s)]; throws the core's message. */
  prepare(Z) {
    this._live();
    call(this._core, 'fxb_joint_prepare', [this._p, num('Z', Z, { min: Number.MIN_VALUE })], { names: LAW_FIELDS });
  }
  /** Per step (no checks: the view calls these a thousand times a second). */
  setZ(Z) { call.value(this._core, 'fxb_joint_set_z', this._p, Z); }
  goal(g, torqueEnable = 1) { call.value(this._core, 'fxb_joint_goal', this._p, g, torqueEnable ? 1 : 0); }
  /** IMPLICIT: the force to add to the dof, τm + f [N·m]. */
  step(q, v, vFree, tauE) { return call.value(this._core, 'fxb_joint_step', this._p, q, v, vFree, tauE); }
  /** FRICTIONLOSS/NOSLIP: dof_frictionloss at the state [N·m] (tauM: add it to the dof). */
  loss(q, v, tauE) { return call.value(this._core, 'fxb_joint_loss', this._p, q, v, tauE); }
  restLoss() { this._live(); return call.value(this._core, 'fxb_joint_rest_loss', this._p); }
  damping() { this._live(); return call.value(this._core, 'fxb_joint_damping', this._p); }
  /** The last step's friction [N·m], motor torque [N·m], budget [N·m] and stuck flag. */
  get tauF() { return this._core._f64()[(this._p + this._off.tau_f) / F64]; }
  get tauM() { return this._core._f64()[(this._p + this._off.tau_m) / F64]; }
  get budget() { return this._core._f64()[(this._p + this._off.budget) / F64]; }
  get stuck() { return this._core._i32()[(this._p + this._off.stuck) / 4] !== 0; }
  /** Every field of the layout (tau_f, tau_m, tau_e, budget, v_star, stuck, steps_stuck, reversals, Z). */
  read() { this._live(); return this._core._read('joint', this._p); }
  free() { if (this._p) { if (this._owned) this._core._free(this._p); this._p = 0; } }
}

/** The MuJoCo adapter's orchestration in wasm memory (mujoco.adapter):
 *  fric_adapter.h's fric_mujoco_core. The state and the per-step arrays are
 *  allocated once here; per step the caller fills inputs() (named
 *  Float64Array views, one value per joint: MJ step inputs), calls step()
 *  and reads outputs() { force, frictionloss }. */
export class Adapter {
  constructor(core, p, buf, n) {
    this._core = core;
    this._p = p;
    this._buf = buf;
    this.n = n;
    // what the model gets at the start, read from the state by name (layouts mujoco_core, mujoco_joint)
    const [, , , j0] = core._row('mujoco_core', 'j'), js = LAYOUTS.mujoco_joint.size;
    const joint = (i, f) => core._field('mujoco_joint', p + j0 + js * i, f);
    /** What the model gets at the start, per joint: dof_frictionloss, dof_damping [N·m, N·m·s/rad]. */
    this.frictionloss = Float64Array.from({ length: n }, (_, i) => joint(i, 'frictionloss'));
    this.damping = Float64Array.from({ length: n }, (_, i) => joint(i, 'damping'));
    /** What opt.noslip_iterations gets. */
    this.noslipIterations = core._field('mujoco_core', p, 'noslip_iterations');
    /** 0: the exact one-joint step (the caller gives minv, qacc_smooth,
     *  qfrc_smooth, qfrc_constraint); else the semi-implicit step (the load's
     *  parts and the last step's qacc, qfrc_smooth). */
    this.several = core._field('mujoco_core', p, 'several');
    this._views = null;
    this.joints = Array.from({ length: n }, (_, i) => new Joint(core, call.value(core, 'fxb_mj_joint', p, i), false));
    // the goal sources: NaN keeps each servo's goal (goal()), an adopted
    // actuator's ctrl written here each step replaces it
    this.inputs().goal.fill(NaN);
  }
  _live() { if (!this._p) throw new Error('adapter used after free()'); }
  /** The views on the arrays, made again when wasm memory grew (a grown
   *  memory detaches them). */
  _arrays() {
    const heap = this._core._f64();
    if (!this._views || this._views.heap !== heap.buffer) {
      const n = this.n, at = (k) => new Float64Array(heap.buffer, this._buf + F64 * n * k, n);
      const names = TABLES.mj_step_inputs, outs = TABLES.mj_step_outputs;
      this._views = { heap: heap.buffer, in: Object.fromEntries(names.map((name, k) => [name, at(k)])),
        out: Object.fromEntries(outs.map((name, k) => [name, at(names.length + k)])) };
    }
    return this._views;
  }
  /** The step's inputs by name (q, v, minv, qacc_smooth, qfrc_smooth,
   *  qfrc_constraint, qacc, qfrc_passive, qfrc_bias, qfrc_applied,
   *  qfrc_actuator, goal), each n values: what fric_mujoco_step_in reads
   *  (goal: NaN where the joint has no goal source). */
  inputs() { return this._arrays().in; }
  /** The last step's results by name (table mj_step_outputs): force (add
   *  to qfrc_passive), frictionloss (the dof's, loss treatments). */
  outputs() { return this._arrays().out; }
  /** One step (no checks, no allocation: the view calls it a thousand times a second). */
  step() { call.value(this._core, 'fxb_mj_step', this._p, this._buf, this._buf + F64 * this.n * TABLES.mj_step_inputs.length); }
  goal(i, g, torqueEnable = 1) { call.value(this._core, 'fxb_mj_goal', this._p, i, g, torqueEnable ? 1 : 0); }
  free() {
    if (this._p) {
      this.joints.forEach((j) => j.free());
      this._core._free(this._buf);
      this._core._free(this._p);
      this._p = 0;
      this._views = null;
    }
  }
}

/** The roles of a plan's files (fric_mjcf_role). */
const PLAN_ROLES = ['model', 'include', 'submodel', 'mesh', 'hfield', 'skin', 'flexcomp', 'texture'];

/** A plan of a model's files in wasm memory (fric_mjcf_plan): next() says
 *  which file to read ({ done, index, path, text: its bytes wanted, else
 *  its size; last: no other place follows }), feed(path, bytesOrSize) or
 *  absent() answers, file(i) and files() list them ({ role, path, source,
 *  found, same, outside, from, line, tag, attr, value, at, after, depth0,
 *  model, bytes, elements }, fric_mjcf_file; from, same, model: indices,
 *  −1 none), classes() the models' <default> classes ({ name, parent,
 *  file, line, model }, fric_mjcf_class; parent, file, model: indices). */
export class MjcfPlan {
  constructor(core, p) { this._core = core; this._p = p; }
  _live() { if (!this._p) throw new Error('MJCF plan used after free()'); }
  next() {
    this._live();
    const o = call(this._core, 'fxb_mjcf_plan_next', [this._p, out(Int32Array, 5)]).out[0];
    return { done: o[0] !== 0, index: o[1], text: o[2] !== 0, last: o[3] !== 0, path: o[0] ? null : this._core._str(o[4]) };
  }
  /** The file wanted is at path: bytes (a Uint8Array) for a text, its size [bytes] for an asset. */
  feed(path, bytes) {
    this._live();
    const text = typeof bytes === 'number' ? 0 : inp(bytes.length ? bytes : new Uint8Array(1));
    call(this._core, 'fxb_mjcf_plan_feed', [this._p, cstr(String(path), 'path'), text, typeof bytes === 'number' ? bytes : bytes.length]);
  }
  absent() { this._live(); call(this._core, 'fxb_mjcf_plan_absent', [this._p]); }
  file(i) {
    this._live();
    const core = this._core, str = (q) => core._str(q);
    const f = call(core, 'fxb_mjcf_plan_file', [this._p, i, out(Int32Array, 17)]).out[0];   // FXB_PLAN_FILE_INTS
    return { role: PLAN_ROLES[f[0]], path: str(f[1]), source: str(f[2]), found: f[3], same: f[4], outside: f[5] !== 0,
      from: f[6], line: f[7], tag: str(f[8]), attr: str(f[9]), value: str(f[10]), at: f[11], after: f[12], depth0: f[13],
      model: f[14], bytes: f[15], elements: f[16] };
  }
  files() {
    this._live();
    return Array.from({ length: call.value(this._core, 'fxb_mjcf_plan_count', this._p) }, (_, i) => this.file(i));
  }
  classes() {
    this._live();
    const core = this._core, n = call.value(core, 'fxb_mjcf_plan_class_count', this._p);
    return Array.from({ length: n }, (_, i) => {
      const c = call(core, 'fxb_mjcf_plan_class', [this._p, i, out(Int32Array, 5)]).out[0];
      return { name: core._str(c[0]), parent: c[1], file: c[2], line: c[3], model: c[4] };
    });
  }
  free() { if (this._p) { call(this._core, 'fxb_mjcf_plan_free', [this._p], { ok: () => true }); this._p = 0; } }
}
