// native.js: core.native (fric_native.h at the wasm wall, wasm/bindings_native.c):
// MuJoCo's own joint on the pendulum bench (frictionloss, damping, armature,
// a position actuator kp/kv/forcerange, solreffriction, solimpfriction,
// q_offset), MuJoCo-free: its bench MJCF for a log and its replay, the fit,
// the params file, the MJCF <default> class and the edit a robot's model
// gets for a native joint.
import { CONSTANTS, LAYOUTS, argError, show, f64s, obj, numberType, inp, out, outStruct, records, cstr, caller, num, phaseParts, lazyPhaseParts } from './base.js';

/** The exports this group calls, each with its C parameters (wasm/bindings_*.c):
 *  call() refuses an export not listed here or a wrong count of arguments. */
export const SIGNATURES = {
  fxb_native_defaults: 'act out',
  fxb_native_bench_mjcf: 'p lg buf cap',
  fxb_native_replay: 'p lg sim_q cap res',
  fxb_native_losses: 'h P count loss mae',
  fxb_native_fit: 'h start budget seed act best res',
  fxb_native_fitter_create: 'h start budget seed act',
  fxb_native_fitter_step: 'f',
  fxb_native_fitter_progress: 'f best res phase cap',
  fxb_native_fitter_phase_part: 'f k buf cap',
  fxb_native_fitter_stop: 'f',
  fxb_native_fitter_free: 'f',
  fxb_native_fit_start: 'act out',
  fxb_native_params_text: 'p act fit buf cap',
  fxb_native_scenario_mjcf: 'p n buf cap',
  fxb_native_class: 'p name kp dialect document buf cap',
  fxb_native_edit: 'p firmware_kp out',
};
const call = caller(SIGNATURES);

/** core.native: the native model's parameters are an object of the params
 *  file's keys (keys(): MuJoCo's names, FRIC_NATIVE_KEYS order). */
export class NativeApi {
  constructor(core) { this._core = core; }

  /** The params file's keys, in the core's order (the fields of the record
   *  native_params: FRIC_NATIVE_KEYS through the boundary's layouts). */
  keys() { return (this._keys ??= LAYOUTS.native_params.fields.map(([key]) => key)); }

  /** The units of keys(), in the same order ('' for none; FRIC_NATIVE_KEYS). */
  units() { return (this._units ??= LAYOUTS.native_params.fields.map(([, unit]) => unit)); }

  /** The evaluations `friction fit --model native` spends by default (FRIC_NATIVE_FIT_BUDGET). */
  defaultBudget() { return CONSTANTS.native_fit_budget; }

  /** Where `friction fit --model native` starts for the actuator ({ key: value }):
   *  its defaults with the fitted keys at the centre of the actuator's box
   *  (q_offset 0, the others at the geometric centre). */
  fitStart(actuator) {
    return call(this._core, 'fxb_native_fit_start', [cstr(actuator, 'actuator'), outStruct('native_params')], { ok: () => true }).out[0];
  }

  /** The native params file of params for actuator (fric_native_params_write,
   *  the file `friction fit --model native --out` writes), with the fit's
   *  metadata fit = { train, valid (null: none), logs, evals } or none. */
  paramsText(params, actuator, fit = null) {
    const x = this._record(params), names = this.keys();
    const meta = fit ? [fit.train, Number.isFinite(fit.valid) ? fit.valid : NaN, fit.logs, fit.evals] : null;
    const args = (buf, cap) => [x, cstr(actuator, 'actuator'), meta ? inp(Float64Array.from(meta)) : 0, buf, cap];
    const n = call(this._core, 'fxb_native_params_text', args(0, 0), { names, ok: (rc) => rc >= 0 }).rc;
    const { out: [text] } = call(this._core, 'fxb_native_params_text', args(out(Uint8Array, n + 1), n + 1), { names, ok: (rc) => rc === n });
    return new TextDecoder().decode(text.subarray(0, n));
  }

  /** MuJoCo's defaults ({ key: value }), the actuator's firmware kp and q_offset when named. */
  defaults(actuator = null) {
    return call(this._core, 'fxb_native_defaults', [actuator ? cstr(actuator, 'actuator') : 0, outStruct('native_params')],
      { ok: () => true }).out[0];
  }

  /** params ({ key: value }, a key left out: MuJoCo's default) checked, as
   *  the fields of a record native_params. */
  _fields(params) {
    const keys = this.keys(), d = this.defaults();
    const x = f64s('params', keys.map((k) => (params[k] === undefined ? d[k] : params[k])), { length: keys.length, names: keys });
    return Object.fromEntries(keys.map((k, i) => [k, x[i]]));
  }

  /** params as the one record native_params a call reads. */
  _record(params) { return records('native_params', [this._fields(params)]); }

  /** MuJoCo's native parameters { frictionloss, damping, armature, kp,
   *  firmware_kp, kv, forcerange_lo, forcerange_hi, solreffriction_*,
   *  solimpfriction_*, q_offset } (keys(); a key left out is MuJoCo's
   *  default, defaults()) as an MJCF <default> class
   *  (fric_native_class_mjcf): name, kp the firmware gain MuJoCo's kp is
   *  written for (default the set's firmware_kp), mujoco 3 (<position kp
   *  kv>) or 2 (2.2.2's <general>), document true: a whole file to include,
   *  false: the <default class> element alone. A refused set throws the
   *  core's sentence (naming the key). */
  classMjcf(params, { name, kp = null, mujoco = 3, document = true } = {}) {
    obj('params', params, 'an object of native parameters { frictionloss, damping, ... }');
    const keys = this.keys();
    for (const k of Object.keys(params)) {
      if (!keys.includes(k)) throw argError(RangeError, 'params', `params.${k} is not a native parameter; the keys are ${keys.join(', ')}.`);
    }
    if (mujoco !== 3 && mujoco !== 2) throw argError(RangeError, 'mujoco', `mujoco = ${show(mujoco)} must be 3 or 2 (MuJoCo 2.2.2).`);
    if (typeof name !== 'string') throw argError(TypeError, 'name', `name must be the class name, a string, found ${show(name)}.`);
    const defaults = this.defaults();
    const v = Object.fromEntries(keys.map((k) => [k, params[k] === undefined ? defaults[k] : numberType(`params.${k}`, params[k])]));
    const fw = kp === null ? v.firmware_kp : numberType('kp', kp);
    const args = (buf, cap) => [records('native_params', [v]), cstr(name, 'name'), fw, mujoco === 3 ? 0 : 1, document ? 1 : 0, buf, cap];
    const n = call(this._core, 'fxb_native_class', args(0, 0), { names: keys, ok: (rc) => rc >= 0 }).rc;
    const { out: [text] } = call(this._core, 'fxb_native_class', args(out(Uint8Array, n + 1), n + 1), { names: keys, ok: (rc) => rc === n });
    return new TextDecoder().decode(text.subarray(0, n));
  }

  /** What a robot's model gets for a joint given the native set p (params
   *  object) at the firmware gain firmwareKp (the identification's whole-arm
   *  replay, an adoption's native joint), checked by the core
   *  (fric_native_edit_of; as fric_mujoco_ident_replay natively):
   *  { frictionloss, damping, armature, solref [2], solimp [5], kp (the
   *  actuator's gain: fric_native_kp_for), kv, limited, forcerange [lo, hi] }. */
  edit(p, firmwareKp) {
    const { out: [e] } = call(this._core, 'fxb_native_edit', [this._record(p), numberType('firmwareKp', firmwareKp), outStruct('native_edit')],
      { names: this.keys() });
    return nativeEdit(e);
  }

  /** The bench MJCF of a parsed log with the native parameters (fric_native_bench_mjcf). */
  benchMjcf(params, log, source = 'log') {
    const x = this._record(params), names = this.keys();
    return this._core._withLog(log, source, (L) => {
      L._live();
      const n = call(this._core, 'fxb_native_bench_mjcf', [x, L._h, 0, 0], { names, ok: (rc) => rc >= 0 }).rc;
      const { out: [text] } = call(this._core, 'fxb_native_bench_mjcf', [x, L._h, out(Uint8Array, n + 1), n + 1],
        { names, ok: (rc) => rc === n });
      return new TextDecoder().decode(text.subarray(0, n));
    });
  }

  /** The bench MJCF of the "bench-native" scenario's parameter vector
   *  (fric_native_scenario_mjcf): what real MuJoCo runs to give that
   *  scenario's rows (the start state and the trajectory's ctrl are the
   *  caller's). */
  scenarioMjcf(params) {
    const names = this._core.scenario.find('bench-native').params.map((q) => q.name);
    const x = f64s('params', params, { length: names.length, names });
    const n = call(this._core, 'fxb_native_scenario_mjcf', [inp(x), x.length, 0, 0], { names, ok: (rc) => rc >= 0 }).rc;
    const { out: [text] } = call(this._core, 'fxb_native_scenario_mjcf', [inp(x), x.length, out(Uint8Array, n + 1), n + 1],
      { names, ok: (rc) => rc === n });
    return new TextDecoder().decode(text.subarray(0, n));
  }

  /** A parsed log replayed with the native parameters (fric_native_replay):
   *  { mae, maxErr, samples, held, simQ }. */
  replay(params, log, source = 'log') {
    const x = this._record(params), names = this.keys();
    return this._core._withLog(log, source, (L) => {
      L._live();
      const cap = Math.max(1, L.samples);
      const { out: [simQ, r] } = call(this._core, 'fxb_native_replay',
        [x, L._h, out(Float64Array, cap), cap, out(Float64Array, 4)], { names });
      return { mae: r[0], maxErr: r[1], samples: r[2], held: r[3], simQ: simQ.slice(0, r[2]) };
    });
  }

  /** The losses of native sets (objects of the params keys) on a FitBatch
   *  (core.fit.batch): [{ loss, mae: [per log] }], the mean of the logs'
   *  replay MAEs [rad] (fric_native_loss). */
  losses(batch, sets) {
    batch._live();
    const x = records('native_params', sets.map((p) => this._fields(p)));
    const n = batch.logs, F = Float64Array;
    const { out: [loss, mae] } = call(this._core, 'fxb_native_losses',
      [batch._h, x, sets.length, out(F, sets.length), out(F, sets.length * n)], { names: this.keys() });
    return sets.map((_, c) => ({ loss: loss[c], mae: Array.from(mae.subarray(c * n, (c + 1) * n)) }));
  }

  /** The native fit on a FitBatch (fric_native_fit, the default box of
   *  actuator: its q_offset box the M-models'; none: bam's [−0.1, 0.1] rad):
   *  from start (params object; its fitted keys the first mean), budget
   *  evaluations, seed. Returns { best (params object), loss [rad], evals }. */
  fit(batch, { start, budget = 12000, seed = 1, actuator = null }) {
    batch._live();
    num('budget', budget, { min: 10, max: 2 ** 31 - 1, integer: true });
    num('seed', seed, { min: 0, max: 2 ** 53, integer: true });
    const { out: [best, r] } = call(this._core, 'fxb_native_fit',
      [batch._h, this._record(start), budget, seed, actuator ? cstr(actuator, 'actuator') : 0, outStruct('native_params'),
        out(Float64Array, 2)], { names: this.keys() });
    return { best, loss: r[0], evals: r[1] };
  }

  /** The same fit one CMA-ES generation at a time (fric_native_fitter; fit()
   *  is this loop run to its end, the same bits): a NativeFit whose step()
   *  scores and tells one generation and returns progress().done (0 while
   *  the search goes on); free() it. The batch must not be freed first. */
  fitter(batch, { start, budget = 12000, seed = 1, actuator = null }) {
    batch._live();
    num('budget', budget, { min: 10, max: 2 ** 31 - 1, integer: true });
    num('seed', seed, { min: 0, max: 2 ** 53, integer: true });
    const f = call(this._core, 'fxb_native_fitter_create',
      [batch._h, this._record(start), budget, seed, actuator ? cstr(actuator, 'actuator') : 0],
      { names: this.keys(), ok: (rc) => rc !== 0 }).rc;
    return new NativeFit(this._core, f, batch, this.keys());
  }
}

/** A record native_edit (fric_native_edit, as read) as the object every
 *  door writes into a robot's model (web/src/mujoco/nativeEdit.js): { frictionloss,
 *  damping, armature, solref [2], solimp [5], kp, kv, limited (boolean),
 *  forcerange [lo, hi] }. */
export const nativeEdit = (e) => ({ frictionloss: e.frictionloss, damping: e.damping, armature: e.armature, solref: Array.from(e.solref),
  solimp: Array.from(e.solimp), kp: e.kp, kv: e.kv, limited: e.limited !== 0, forcerange: Array.from(e.forcerange) });

/** A native fit in progress (core.native.fitter). */
export class NativeFit {
  constructor(core, f, batch, keys) {
    this._core = core;
    this._f = f;
    this.batch = batch;
    this._keys = keys;
    this._parts = new Map();   // phase text → its parts (phaseParts), read once per phase
    this._unread = null;       // the phase of the last progress(), its parts perhaps not read yet
  }
  _live() {
    if (!this._f) throw new Error('native fit used after free()');
    this.batch._live();
  }
  /** The parts of `phase`, the fit's phase now or one kept before it moved
   *  on (the parts joined are the phase: one phase, one set of parts). */
  _partsOf(phase) {
    if (!this._parts.has(phase)) this._parts.set(phase, phaseParts(this._core, call, 'fxb_native_fitter_phase_part', this._f));
    return structuredClone(this._parts.get(phase));
  }
  /** Before the fit moves on (a step, a stop, free): the last progress's
   *  parts are kept, so that a progress read later gives its own state's
   *  (read from the core once per phase: "first run", then once a restart). */
  _keepParts() {
    if (this._unread !== null && !this._parts.has(this._unread)) this._partsOf(this._unread);
    this._unread = null;
  }

  /** One generation scored and told: progress().done (0 while running, else
   *  the stop reason; the same again once over). */
  step() {
    this._live();
    this._keepParts();
    return call(this._core, 'fxb_native_fitter_step', [this._f], { ok: (rc) => rc >= 0 }).rc;
  }

  /** Cancel: the next step() tells nothing and returns the stop reason. */
  stop() { this._live(); this._keepParts(); call.value(this._core, 'fxb_native_fitter_stop', this._f); }

  /** { generation, run, lambda (candidates of the last generation), evals,
   *  budget, bestLoss, genBestLoss [rad], sigma, done, best
   *  (params object, the best set so far; the start before any), phase
   *  ("first run", "restart k": fric_fit_progress_phase), phaseParts (its
   *  parts as core sentences: a getter, read from the core on the first read
   *  of a phase, lazyPhaseParts) }. */
  progress() {
    this._live();
    const { out: [best, r, text] } = call(this._core, 'fxb_native_fitter_progress',
      [this._f, outStruct('native_params'), out(Float64Array, 9), out(Uint8Array, 64), 64]);
    const phase = new TextDecoder().decode(text.subarray(0, Math.max(0, text.indexOf(0))));
    this._unread = phase;
    return lazyPhaseParts({ generation: r[0], run: r[1], lambda: r[2], evals: r[3], budget: r[4], bestLoss: r[5], genBestLoss: r[6],
      sigma: r[7], done: r[8],
      best, phase }, () => this._partsOf(phase));
  }

  free() {
    if (this._f) {
      this._keepParts();
      call.value(this._core, 'fxb_native_fitter_free', this._f);
      this._f = 0;
    }
  }
}
