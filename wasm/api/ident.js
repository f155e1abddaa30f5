// ident.js: core.ident (fric_ident.h at the wasm wall, wasm/bindings_ident.c):
// a robot's servos identified from its own recording, per joint MuJoCo's
// native model (kp at the recorded firmware gain, frictionloss, damping,
// armature; kv lumped into damping). The door's MuJoCo computes what the
// tracks need (web/src/ident/tracks.js) and hands it over frame by frame;
// the per-joint simulation, the fit, the ranges and the verdicts are the
// core's, the native CLI's. Handles: IdentRecording (a recording and its
// tracks), IdentSet (the training set), IdentFit (one joint's CMA-ES).
// A joint as bam's servo with M1 or M4 (fric_ident_bam.h): IdentSet.bamJoint
// (one call), IdentSet.bamFitter (IdentBamFit: the same fit a CMA-ES
// generation a step), IdentSet.bamSimulate.
import { LAYOUTS, TABLES, CONSTANTS, argError, numberType, num, inp, out, outStruct, caller, cstr } from './base.js';

/** The exports this group calls, each with its C parameters (wasm/bindings_*.c):
 *  call() refuses an export not listed here or a wrong count of arguments. */
export const SIGNATURES = {
  fxb_ident_rec_create: 't goal pos n joints names period source info err stale',
  fxb_ident_rec_goals: 'h goal cap',
  fxb_ident_rec_motion: 'h dq ddq cap',
  fxb_ident_rec_frames: 'h k0 count M armature bias nudged',
  fxb_ident_rec_tracks: 'h inertia load stiffness cap',
  fxb_ident_rec_free: 'h',
  fxb_ident_frame_steps: 'h dt step w cap',
  fxb_ident_set_create: 'recs count o',
  fxb_ident_set_info: 'h res',
  fxb_ident_set_free: 'h',
  fxb_ident_simulate: 'h rec j p sim_q cap res',
  fxb_ident_loss: 'h j p res',
  fxb_ident_start: 'h start',
  fxb_ident_budget_each: 'h budget',
  fxb_ident_fitter_create: 'h j budget seed',
  fxb_ident_fitter_step: 'f',
  fxb_ident_fitter_stop: 'f',
  fxb_ident_fitter_free: 'f',
  fxb_ident_fitter_progress: 'f best res',
  fxb_ident_result: 'h j p train_mae evals p_out range verdict flags res',
  fxb_ident_format: 'x buf cap',
  fxb_ident_forcerange_sentence: 'flags demand_max force_floor buf cap',
  fxb_ident_bam_joint: 'h actuator model j budget seed out',
  fxb_ident_bam_fitter_create: 'h actuator model j budget seed',
  fxb_ident_bam_fitter_step: 'b',
  fxb_ident_bam_fitter_stop: 'b',
  fxb_ident_bam_fitter_free: 'b',
  fxb_ident_bam_fitter_progress: 'b best res',
  fxb_ident_bam_fitter_result: 'b out',
  fxb_ident_bam_simulate: 'h actuator model rec j p sim_q cap res',
};
/** A bam model's number: 'm1' | 'm4' (or 1, 4); another refused naming it. */
const bamModel = (model) => {
  const k = { m1: 1, m4: 4, 1: 1, 4: 4 }[String(model).toLowerCase()];
  if (!k) throw argError(RangeError, 'model', `model ${String(model)} is not m1 or m4 (bam's servo models a robot's joint is fitted with).`);
  return k;
};
const call = caller(SIGNATURES);

/** core.ident. */
export class IdentApi {
  constructor(core) { this._core = core; }

  /** The numbers of fric_ident.h: { nudge [rad] (FRIC_IDENT_NUDGE), count
   *  [rad] (one encoder count: the quantisation floor), firmwareKp
   *  (LeRobot's STS3215 P gain), budget (evaluations a joint), starts (the
   *  searches they are spread over, FRIC_IDENT_STARTS), window [s] }. */
  get constants() {
    return { nudge: CONSTANTS.ident_nudge, count: CONSTANTS.ident_count, firmwareKp: CONSTANTS.ident_firmware_kp,
      budget: CONSTANTS.ident_budget, starts: CONSTANTS.ident_starts, window: CONSTANTS.ident_window };
  }

  /** x in the core's shortest round-trip form (fric_io_format_double: the
   *  params files' and `friction ident`'s numbers). */
  format(x) {
    numberType('x', x);
    const { rc, out: [b] } = call(this._core, 'fxb_ident_format', [x, out(Uint8Array, 40), 40], { ok: () => true });
    return new TextDecoder().decode(b.subarray(0, rc));
  }

  /** Why joint result x (result's: flags, verdict) leaves forcerange
   *  unlimited, with its numbers (fric_ident_forcerange_sentence: the
   *  demand of the fitted servo, the least limit that fits as well):
   *  { message (the core's English), id, values }, or null where forcerange
   *  was fitted. */
  forcerangeSentence(x) {
    const cap = 1024;
    const { rc, out: [text] } = call(this._core, 'fxb_ident_forcerange_sentence',
      [x.flags, x.verdict.demand_max, x.verdict.force_floor, out(Uint8Array, cap), cap], { ok: (n) => n >= 0 });
    if (rc <= 0) return null;
    return { message: new TextDecoder().decode(text.subarray(0, Math.min(rc, cap - 1))), ...this._core.sentence() };
  }

  /** The fitted keys (FRIC_NATIVE_FIT_LIST: frictionloss, damping, armature, kp, kv, forcerange_hi, q_offset). */
  fitKeys() { return TABLES.native_fit_keys.slice(); }

  /** The flags' sentences by bit: [{ bit, id ('ident.no_reversal', …), text (English) }]. */
  flags() { return TABLES.ident_flag_ids.map((id, bit) => ({ bit, id, text: TABLES.ident_flag_texts[bit] })); }

  /** A recording { t (n, s), goal, pos (n·joints, rad, frame-major), names,
   *  period (s; 0: estimated) } copied into the core, checked once
   *  (fric_recording_check: the refusals every door has), its stale goals
   *  repaired (fric_ident_stale_goals: .goal holds the repaired goals,
   *  .stale their count) and its tracks made (q̇, q̈ by central
   *  differences: fric_ident_motion). An IdentRecording; free() it. A
   *  refusal throws the core's sentence. */
  recording(rec, source = 'recording') {
    return this._core.io._withRecording(rec, source, (core, args, { info, err, alloc, T, P }) => {
      const stale = alloc(8);
      const h = call.value(core, 'fxb_ident_rec_create', ...args, info, err, stale);
      if (!h) throw core.io._recordingFail(err);
      const r = new IdentRecording(core, h, { names: rec.names.slice(), n: T.length, info: core._read('recording_info', info), t: T, pos: P,
        source: String(source), stale: core._get(Float64Array, stale, 1)[0] });
      r.goal = r._goals();
      return r;
    });
  }

  /** A training set over recordings (IdentRecording, every track filled)
   *  with options { h [s] (the MJCF's timestep), window [s] (0: the core's
   *  FRIC_IDENT_WINDOW), firmwareKp (the gain the recording ran at) },
   *  checked by the core. An IdentSet; free() it before its recordings. */
  set(recordings, { h, window = 0, firmwareKp = CONSTANTS.ident_firmware_kp }) {
    if (!Array.isArray(recordings) || recordings.some((r) => !(r instanceof IdentRecording))) {
      throw argError(TypeError, 'recordings', 'recordings must be an array of IdentRecording (core.ident.recording).');
    }
    recordings.forEach((r) => r._live());
    const core = this._core, ptrs = [];
    try {
      const recs = core._put(Uint32Array.from(recordings, (r) => r._h));
      ptrs.push(recs);
      const o = core._alloc(LAYOUTS.ident_options.size);
      ptrs.push(o);
      core._write('ident_options', o, { h: numberType('h', h), window: numberType('window', window), firmware_kp: numberType('firmwareKp', firmwareKp) });
      const s = call.value(core, 'fxb_ident_set_create', recs, recordings.length, o);
      if (!s) throw core._fail();
      return new IdentSet(core, s, recordings, { h, window, firmwareKp });
    } finally {
      ptrs.forEach((q) => core._free(q));
    }
  }
}

/** A recording and its tracks in the core (core.ident.recording). */
export class IdentRecording {
  constructor(core, h, { names, n, info, t, pos, stale, source }) {
    Object.assign(this, { _core: core, _h: h, names, frames: n, info, t, pos, stale, source, goal: null });
  }
  /** The goals the identification uses (the stale ones repaired) [rad]. */
  _goals() {
    const m = Math.max(1, this.frames * this.joints);
    return call(this._core, 'fxb_ident_rec_goals', [this._h, out(Float64Array, m), Math.max(1, this.frames)]).out[0].subarray(0, this.frames * this.joints);
  }
  _live() { if (!this._h) throw new Error('ident recording used after free()'); }
  get joints() { return this.names.length; }

  /** The measured motion (fric_ident_motion): { dq [rad/s], ddq [rad/s²] }, n·joints each. */
  motion() {
    this._live();
    const m = this.frames * this.joints, cap = Math.max(1, this.frames);
    const { out: [dq, ddq] } = call(this._core, 'fxb_ident_rec_motion', [this._h, out(Float64Array, Math.max(1, m)), out(Float64Array, Math.max(1, m)), cap]);
    return { dq: dq.subarray(0, m), ddq: ddq.subarray(0, m) };
  }

  /** Frames k0 … k0 + count − 1 of the tracks from the door's MuJoCo
   *  (fric_ident_tracks_frame): M (count·J·J, the mass matrix between the
   *  recording's joints, row j col i) [kg·m²], armature (J, the file's)
   *  [kg·m²], bias and nudged (count·J, qfrc_bias and qfrc_bias with q_j +
   *  nudge) [N·m]. */
  setFrames(k0, count, { M, armature, bias, nudged }) {
    this._live();
    const J = this.joints;
    num('k0', k0, { min: 0, max: this.frames, integer: true });
    num('count', count, { min: 0, max: this.frames - k0, integer: true });
    const F = (name, a, len) => { if (!a || a.length !== len) throw argError(RangeError, name, `${name} must have ${len} values.`); return Float64Array.from(a); };
    call(this._core, 'fxb_ident_rec_frames', [this._h, k0, count, inp(F('M', M, count * J * J)), inp(F('armature', armature, J)),
      inp(F('bias', bias, count * J)), inp(F('nudged', nudged, count * J))]);
  }

  /** The tracks: { inertia [kg·m²], load [N·m], stiffness [N·m/rad] }, n·joints each. */
  tracks() {
    this._live();
    const m = Math.max(1, this.frames * this.joints), F = Float64Array;
    const { out: [inertia, load, stiffness] } = call(this._core, 'fxb_ident_rec_tracks', [this._h, out(F, m), out(F, m), out(F, m), Math.max(1, this.frames)]);
    return { inertia, load, stiffness };
  }

  /** Frame k's step at the timestep dt [s] and its weight (fric_ident_frame_steps:
   *  goal k acts from step[k]; the frame's observation is w[k]·q(step[k]) +
   *  (1 − w[k])·q(step[k] − 1), read before its goal acts): two Float64Arrays of n. */
  frameSteps(dt) {
    this._live();
    num('dt', dt, { min: Number.MIN_VALUE, max: 1 });
    const cap = Math.max(1, this.frames);
    const { out: [s, w] } = call(this._core, 'fxb_ident_frame_steps', [this._h, dt, out(Float64Array, cap), out(Float64Array, cap), cap]);
    return { step: s.subarray(0, this.frames), w: w.subarray(0, this.frames) };
  }

  free() {
    if (this._h) {
      call.value(this._core, 'fxb_ident_rec_free', this._h);
      this._h = 0;
    }
  }
}

/** A native parameter set object (params-file keys; a key left out: MuJoCo's
 *  default) as the one record native_params a call reads (core.native's). */
const rec = (core, p) => core.native._record(p);

/** fxb_ident_bam_joint's out array (5·N + 7, N the fit vector's length) as bamJoint's result. */
function bamResult(core, o) {
  const keys = core.fit.paramKeys().map((x) => x.key), N = keys.length;
  const by = (off, f) => Object.fromEntries(keys.map((k, i) => [k, f(o[off + i])]));
  return { p: o.slice(0, N), ranges: Object.fromEntries(keys.map((k, i) => [k, { lower: o[N + i], upper: o[2 * N + i] }])),
    paramFlags: by(3 * N, (x) => x), free: by(4 * N, (x) => x !== 0), flags: o[5 * N], trainMae: o[5 * N + 1],
    evals: o[5 * N + 2], gain: o[5 * N + 3], loadMin: o[5 * N + 4], loadMax: o[5 * N + 5], vin: o[5 * N + 6] };
}

/** A checked training set (core.ident.set). */
export class IdentSet {
  constructor(core, h, recordings, options) {
    Object.assign(this, { _core: core, _h: h, recordings, options });
    const { out: [r] } = call(core, 'fxb_ident_set_info', [h, out(Float64Array, 2)]);
    this.joints = r[0];
    this.steps = r[1];
  }
  _live() {
    if (!this._h) throw new Error('ident set used after free()');
    this.recordings.forEach((r) => r._live());
  }
  _joint(j) { return num('j', j, { min: 0, max: this.joints - 1, integer: true }); }

  /** Joint j of recording rec simulated with p (params object) in windows
   *  restarted from the measured state (fric_ident_simulate): { mae [rad],
   *  simQ (the simulated q at the frames) }. */
  simulate(k, j, p) {
    this._live();
    num('rec', k, { min: 0, max: this.recordings.length - 1, integer: true });
    const cap = Math.max(1, this.recordings[k].frames);
    const { out: [q, r] } = call(this._core, 'fxb_ident_simulate', [this._h, k, this._joint(j), rec(this._core, p), out(Float64Array, cap), cap, out(Float64Array, 1)],
      { names: this._core.native.keys() });
    return { mae: r[0], simQ: q.subarray(0, this.recordings[k].frames) };
  }

  /** The loss of joint j with p: the frame-weighted MAE over the set [rad] (fric_ident_loss). */
  loss(j, p) {
    this._live();
    return call(this._core, 'fxb_ident_loss', [this._h, this._joint(j), rec(this._core, p), out(Float64Array, 1)]).out[0][0];
  }

  /** Where a joint's fit starts (fric_ident_space_default): a params object. */
  start() {
    this._live();
    return call(this._core, 'fxb_ident_start', [this._h, outStruct('native_params')]).out[0];
  }

  /** The evaluations each of a joint's `constants.starts` searches gets
   *  from a whole budget (fric_ident_budget_each); a budget under one
   *  CMA-ES generation a search refused in the core's sentence. */
  budgetEach(budget) {
    this._live();
    num('budget', budget, { min: 1, max: 1e9, integer: true });
    return call(this._core, 'fxb_ident_budget_each', [this._h, budget], { ok: (rc) => rc >= 0 }).rc;
  }

  /** Joint j's fit, one CMA-ES generation a step (fric_ident_fitter; the
   *  native CLI's fric_ident_joint runs the same loop): an IdentFit; free() it. */
  fitter(j, { budget = CONSTANTS.ident_budget, seed = 1 } = {}) {
    this._live();
    num('budget', budget, { min: 1, max: 2 ** 31 - 1, integer: true });
    num('seed', seed, { min: 0, max: 2 ** 53, integer: true });
    const f = call(this._core, 'fxb_ident_fitter_create', [this._h, this._joint(j), budget, seed], { ok: (rc) => rc !== 0 }).rc;
    return new IdentFit(this, j, f);
  }

  /** Joint j's result at p (params object), the best set of its searches,
   *  their loss trainMae [rad] and evals (fric_ident_finish: what
   *  fric_ident_joint gives after its searches): { p (params object),
   *  ranges { key: { lower, upper, lowerClamped, upperClamped } } over the
   *  fitted keys, verdict (layout ident_verdict), flags (the joint's bits),
   *  paramFlags { key: bits }, trainMae [rad], evals }. */
  result(j, p, trainMae, evals) {
    this._live();
    const core = this._core, N = CONSTANTS.native_fit_n, keys = TABLES.native_fit_keys, F = Float64Array;
    const { out: [po, range, verdict, flags, res] } = call(core, 'fxb_ident_result',
      [this._h, this._joint(j), rec(core, p), numberType('trainMae', trainMae), num('evals', evals, { min: 0, integer: true }),
        outStruct('native_params'), out(F, 4 * N), outStruct('ident_verdict'), out(F, 1 + N), out(F, 2)], { names: core.native.keys() });
    const ranges = Object.fromEntries(keys.map((k, i) => [k, { lower: range[i], upper: range[N + i], lowerClamped: range[2 * N + i] !== 0, upperClamped: range[3 * N + i] !== 0 }]));
    return { p: po, ranges, verdict, flags: flags[0], paramFlags: Object.fromEntries(keys.map((k, i) => [k, flags[1 + i]])),
      trainMae: res[0], evals: res[1] };
  }

  /** Joint j identified as bam's servo (fric_ident_bam_joint: the
   *  searches, the ranges and the verdict in one call): model 'm1' | 'm4',
   *  actuator (a core actuator's name), budget, seed as fitter's. { p
   *  (Float64Array in core.fit.paramKeys() order, what core.fit.paramsText
   *  writes), ranges { key: { lower, upper } }, paramFlags { key: bits },
   *  free { key: fitted }, flags (the joint's bits), trainMae [rad], evals,
   *  gain (the effective gain [N·m/rad]), loadMin, loadMax [N·m], vin (the
   *  actuator's supply [V]) }. */
  bamJoint(j, { model = 'm1', actuator = 'sts3215', budget = CONSTANTS.ident_budget, seed = 1 } = {}) {
    this._live();
    const core = this._core, N = core.fit.paramKeys().length;
    num('budget', budget, { min: 1, max: 1e7, integer: true });
    num('seed', seed, { min: 0, max: 2 ** 53, integer: true });
    const { out: [o] } = call(core, 'fxb_ident_bam_joint',
      [this._h, cstr(String(actuator), 'actuator'), bamModel(model), this._joint(j), budget, seed, out(Float64Array, 5 * N + 7)]);
    return bamResult(core, o);
  }

  /** Joint j's bam fit a CMA-ES generation a step (fric_ident_bam_fitter:
   *  bamJoint's searches, which run this loop to its end; the same options):
   *  an IdentBamFit; free() it. */
  bamFitter(j, { model = 'm1', actuator = 'sts3215', budget = CONSTANTS.ident_budget, seed = 1 } = {}) {
    this._live();
    num('budget', budget, { min: 1, max: 1e7, integer: true });
    num('seed', seed, { min: 0, max: 2 ** 53, integer: true });
    const b = call(this._core, 'fxb_ident_bam_fitter_create', [this._h, cstr(String(actuator), 'actuator'), bamModel(model), this._joint(j), budget, seed],
      { ok: (rc) => rc !== 0 }).rc;
    return new IdentBamFit(this, j, b);
  }

  /** Joint j of recording k simulated as bam's servo with p (a fit vector,
   *  core.fit.paramKeys() order) of model and actuator, the other joints'
   *  measured motion as input (fric_ident_bam_simulate): { mae [rad], simQ
   *  (the simulated position at each frame [rad]) }, as simulate()'s. */
  bamSimulate(k, j, p, { model = 'm1', actuator = 'sts3215' } = {}) {
    this._live();
    num('rec', k, { min: 0, max: this.recordings.length - 1, integer: true });
    const N = this._core.fit.paramKeys().length;
    const x = Float64Array.from(p);
    if (x.length !== N) throw argError(RangeError, 'p', `p has ${x.length} values; a fit vector has ${N}.`);
    const cap = Math.max(1, this.recordings[k].frames);
    const { out: [q, r] } = call(this._core, 'fxb_ident_bam_simulate', [this._h, cstr(String(actuator), 'actuator'), bamModel(model), k, this._joint(j), inp(x),
      out(Float64Array, cap), cap, out(Float64Array, 1)]);
    return { mae: r[0], simQ: q.subarray(0, this.recordings[k].frames) };
  }

  free() {
    if (this._h) {
      call.value(this._core, 'fxb_ident_set_free', this._h);
      this._h = 0;
    }
  }
}

/** One joint's fit in progress (IdentSet.fitter). */
export class IdentFit {
  constructor(set, j, f) { Object.assign(this, { set, j, _f: f, _core: set._core }); }
  _live() {
    if (!this._f) throw new Error('ident fit used after free()');
    this.set._live();
  }
  /** One generation: 0 while the search goes on, else the stop reason. */
  step() { this._live(); return call(this._core, 'fxb_ident_fitter_step', [this._f], { ok: (rc) => rc >= 0 }).rc; }
  /** Cancel: the next step() tells nothing and returns the stop reason. */
  stop() { this._live(); call.value(this._core, 'fxb_ident_fitter_stop', this._f); }
  /** { evals, budget, generation, bestLoss [rad], done, best (params object) }. */
  progress() {
    this._live();
    const { out: [b, r] } = call(this._core, 'fxb_ident_fitter_progress', [this._f, outStruct('native_params'), out(Float64Array, 5)]);
    return { evals: r[0], budget: r[1], generation: r[2], bestLoss: r[3], done: r[4], best: b };
  }
  free() {
    if (this._f) {
      call.value(this._core, 'fxb_ident_fitter_free', this._f);
      this._f = 0;
    }
  }
}

/** Joint j's bam fit in progress (IdentSet.bamFitter). */
export class IdentBamFit {
  constructor(set, j, b) { Object.assign(this, { set, j, _b: b, _core: set._core }); }
  _live() {
    if (!this._b) throw new Error('ident bam fit used after free()');
    this.set._live();
  }
  /** One generation: 0 while a search goes on, else the stop reason. */
  step() { this._live(); return call(this._core, 'fxb_ident_bam_fitter_step', [this._b], { ok: (rc) => rc >= 0 }).rc; }
  /** Cancel: the next step() tells nothing and returns the stop reason; result() is of the best so far. */
  stop() { this._live(); call.value(this._core, 'fxb_ident_bam_fitter_stop', this._b); }
  /** { evals, budget (every search's), generation, bestLoss [rad], done, search (the one running), best (a fit vector) }. */
  progress() {
    this._live();
    const N = this._core.fit.paramKeys().length;
    const { out: [b, r] } = call(this._core, 'fxb_ident_bam_fitter_progress', [this._b, out(Float64Array, N), out(Float64Array, 6)]);
    return { evals: r[0], budget: r[1], generation: r[2], bestLoss: r[3], done: r[4], search: r[5], best: b.slice() };
  }
  /** The best set's ranges and verdict (fric_ident_bam_fitter_result): IdentSet.bamJoint's result. */
  result() {
    this._live();
    const N = this._core.fit.paramKeys().length;
    const { out: [o] } = call(this._core, 'fxb_ident_bam_fitter_result', [this._b, out(Float64Array, 5 * N + 7)]);
    return bamResult(this._core, o);
  }
  free() {
    if (this._b) {
      call.value(this._core, 'fxb_ident_bam_fitter_free', this._b);
      this._b = 0;
    }
  }
}
