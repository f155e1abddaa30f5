// fit.js: core.fit (fric_fit.h at the wasm wall, wasm/bindings_fit.c):
// the identification's parameters, search space, splits and cautions,
// params files of a fit, and its runs: FitBatch (a batch of logs and their
// losses) and Fit (ask/tell).
import { TABLES, CONSTANTS, F64, argError, show, num, numberType, f64s, obj, inp, out, outStruct, cstr, camel, fitSummary, caller, phaseParts } from './base.js';

/** The exports this group calls, each with its C parameters (wasm/bindings_*.c):
 *  call() refuses an export not listed here or a wrong count of arguments. */
export const SIGNATURES = {
  fxb_fit_batch_new: 'logs n',
  fxb_fit_batch_free: 'h',
  fxb_fit_split_kp: 'logs n kp valid',
  fxb_fit_split_alternate: 'logs n valid',
  fxb_fit_caution: 'logs n valid train_mae valid_mae buf cap',
  fxb_fit_rig_caution: 'logs n valid model buf cap',
  fxb_fit_param_applies: 'actuator model i',
  fxb_fit_losses: 'h actuator model ig P count out mae',
  fxb_fit_losses_fast: 'h actuator model ig P count out ws',
  fxb_fit_param_used: 'model i',
  fxb_fit_contains: 'big small',
  fxb_fit_default_budget: 'model',
  fxb_fit_embed: 'small p_small big p_big',
  fxb_fit_chain_start: 'model loss best start',
  fxb_fit_params_write: 'actuator model ig p fit carry buf cap',
  fxb_fit_bench_params: 'actuator model p tr ig out n',
  fxb_fit_preset_params: 'actuator model p',
  fxb_fit_sensitivity: 'h actuator model ig lo hi fr val p tolerance out base',
  fxb_fit_space_default: 'actuator model lo hi fr val',
  fxb_fit_space_check: 'model lo hi fr val',
  fxb_fit_new: 'h actuator model ig lo hi fr val budget seed sigma0 restarts start',
  fxb_fit_free: 'f',
  fxb_fit_lambda_max: 'f',
  fxb_fit_ask: 'f P cap',
  fxb_fit_tell: 'f loss',
  fxb_fit_stop: 'f',
  fxb_fit_progress: 'f out',
  fxb_fit_phase: 'f buf cap',
  fxb_fit_phase_part: 'f k buf cap',
  fxb_fit_stop_name: 'reason',
};
const call = caller(SIGNATURES);

/** core.fit: fric_fit.h: identification (batch of logs, search space, ask/tell).
 *  Parameter vectors p are FIT_N numbers in the order of paramKeys() (the
 *  params-file keys: kt, R, armature, q_offset, friction_base, …). */
export class FitApi {
  constructor(core) { this._core = core; }

  /** The space as the four arguments of the C side: [lo, hi, free (0/1), value]. */
  _space(space) {
    const names = this._core._fitNames(), N = names.length;
    obj('space', space, 'a search space { lo, hi, free, value } (fit.space)');
    const lo = f64s('space.lo', space.lo, { length: N, names });
    const hi = f64s('space.hi', space.hi, { length: N, names });
    const value = f64s('space.value', space.value, { length: N, names });
    const fr = space.free;
    if (!Array.isArray(fr) && !ArrayBuffer.isView(fr)) throw argError(TypeError, 'space.free', `space.free must be an array of ${N} booleans, found ${show(fr)}.`);
    if (fr.length !== N) throw argError(RangeError, 'space.free', `space.free has ${fr.length} values; it must have exactly ${N}.`);
    return [inp(lo), inp(hi), inp(Float64Array.from(fr, (v) => (v ? 1 : 0))), inp(value)];
  }

  /** Loads each parsed log (io.loadLog), runs fn(handles: Uint32Array of the
   *  logs), frees them. A refused log throws as io.checkLog, with .index (which
   *  log) and .source (its name). */
  _withLogs(logs, sources, fn) {
    if (!Array.isArray(logs)) throw argError(TypeError, 'logs', `logs must be an array of parsed logs, found ${show(logs)}.`);
    if (!logs.length) throw argError(RangeError, 'logs', 'logs is empty; give at least one log.');
    if (sources !== undefined && (!Array.isArray(sources) || sources.length !== logs.length)) {
      throw argError(TypeError, 'sources', `sources must be an array of ${logs.length} file names, found ${show(sources)}.`);
    }
    const loaded = [];
    try {
      logs.forEach((log, i) => {
        const name = sources ? String(sources[i]) : `log ${i + 1}`;
        try {
          loaded.push(this._core.io.loadLog(log, name));
        } catch (e) {
          e.index = i;
          if (e.status === 'FRIC_E_LOG_INVALID') e.source = name;
          throw e;
        }
      });
      return fn(Uint32Array.from(loaded, (L) => L._h));
    } finally {
      loaded.forEach((L) => L.free());
    }
  }

  /** The fit's defaults (fric_fit.h): { budget [evaluations] (M1–M3, and one
   *  try of M4–M6), tries (of M4–M6), restarts, sigma0, warmSigma0 (of each
   *  normalised range), maxLogs }. */
  defaults() {
    const c = CONSTANTS;
    return { budget: c.fit_default_budget, tries: c.fit_tries, restarts: c.fit_default_restarts, sigma0: c.fit_default_sigma0,
      warmSigma0: c.fit_warm_sigma0, maxLogs: c.fit_max_logs };
  }

  /** The default budget [evaluations] of a fit of `model` (fric_fit_default_budget:
   *  M4–M6 make `tries` tries of `budget`). */
  defaultBudget(model) {
    return call.value(this._core, 'fxb_fit_default_budget', this._core._fitModel('model', model));
  }

  /** The fit's parameters in vector order: [{ key, unit }] (the core's table). */
  paramKeys() {
    if (!this._fitKeys) this._fitKeys = TABLES.fit_param_keys.map((key, i) => ({ key, unit: TABLES.fit_param_units[i] }));
    return this._fitKeys;
  }

  /** The model's parameters: [bool] per vector entry (fric_fit_param_used);
   *  with an actuator, those of that actuator (fric_fit_param_applies: its
   *  firmware constants, error_gain_ratio, max_velocity, current_limit,
   *  max_torque, only where the reference fits or holds them). */
  paramUsed(model, actuator) {
    const k = this._core._fitModel('model', model);
    if (actuator === undefined) return this.paramKeys().map((_, i) => call.value(this._core, 'fxb_fit_param_used', k, i) !== 0);
    const a = this._core._fitActuator(actuator);
    return this.paramKeys().map((_, i) => call(this._core, 'fxb_fit_param_applies', [cstr(a, 'actuator'), k, i], { ok: () => true }).rc !== 0);
  }

  /** true when a fitted `big` can start from a fitted `small` unchanged (fric_fit_contains). */
  contains(big, small) {
    return call.value(this._core, 'fxb_fit_contains', this._core._fitModel('big', big), this._core._fitModel('small', small)) !== 0;
  }

  /** p of model `big` from p of model `small` (fric_fit_embed); throws when big does not contain small. */
  embed(small, p, big) {
    const names = this._core._fitNames(), N = names.length;
    const a = this._core._fitModel('small', small), b = this._core._fitModel('big', big);
    const x = f64s('p', p, { length: N, names });
    return call(this._core, 'fxb_fit_embed', [a, inp(x), b, out(Float64Array, N)], { names }).out[0];
  }

  /**
   * The warm start of `model` when M1..M6 are fitted in turn (fric_fit_chain_start, the
   * rule of `friction fit --model all`): done = [{ model, train, best }] of the models
   * fitted so far. Returns { from, start }: the model started from (0: cold start, start null).
   */
  chainStart(model, done) {
    const names = this._core._fitNames(), N = names.length, k = this._core._fitModel('model', model);
    if (!Array.isArray(done)) throw argError(TypeError, 'done', `done must be an array of { model, train, best }, not ${show(done)}.`);
    const loss = new Float64Array(6).fill(Infinity), best = new Float64Array(6 * N);
    done.forEach((d, i) => {
      const j = this._core._fitModel(`done[${i}].model`, d && d.model);
      if (typeof d.train !== 'number' || Number.isNaN(d.train)) throw argError(TypeError, `done[${i}].train`, `done[${i}].train must be a number (training MAE, rad), not ${show(d.train)}.`);
      loss[j - 1] = d.train;
      best.set(f64s(`done[${i}].best`, d.best, { length: N, names }), (j - 1) * N);
    });
    const { rc: from, out: [start] } = call(this._core, 'fxb_fit_chain_start', [k, inp(loss), inp(best), out(Float64Array, N)],
      { names, ok: (rc) => rc >= 0 });
    return { from, start: from ? start : null };
  }

  /** The params file of fit vector p of (actuator, model) fitted with
   *  integrator (INTEGRATORS; 'bam' the default, not written), the text
   *  `friction fit --out` writes for it (fric_fit_params_file, the one
   *  conversion, then the one writer); fit: { trainMae, holdoutMae, logs,
   *  evaluations } or undefined; carry: the keys the core does not model
   *  of the file the fit started from ([{ key, json }], core.io.servoFile's),
   *  written back unchanged as `friction fit --from … --out` does. */
  paramsText(p, actuator, model, fit, integrator = 'bam', carry = []) {
    const names = this._core._fitNames(), N = names.length, k = this._core._fitModel('model', model);
    const x = f64s('p', p, { length: N, names });
    const f = fitSummary(fit), ig = this._core._integrator(integrator);
    const cp = this._core.io._carryPut(carry);
    try {
      for (let cap = 1024; ;) {
        const args = [cstr(this._core._fitActuator(actuator), 'actuator'), k, ig, inp(x), f ? inp(f) : 0, cp, out(Uint8Array, cap), cap];
        const { rc, out: [text] } = call(this._core, 'fxb_fit_params_write', args, { names, ok: (n) => n >= 0 });
        if (rc < cap) return new TextDecoder().decode(text.subarray(0, rc));
        cap = rc + 1;
      }
    } finally {
      this._core._free(cp);
    }
  }

  /** The published parameters of (actuator, model) as a vector (fric_fit_preset_params). */
  presetParams(actuator, model) {
    const names = this._core._fitNames(), N = names.length, k = this._core._fitModel('model', model);
    return call(this._core, 'fxb_fit_preset_params', [cstr(this._core._fitActuator(actuator), 'actuator'), k, out(Float64Array, N)], { names }).out[0];
  }

  /** The default search space of (actuator, model) (fric_fit_space_default):
   *  { lo, hi, value: Float64Array, free: boolean[], used: boolean[] } indexed like fit.paramKeys(). */
  space(actuator, model) {
    const names = this._core._fitNames(), N = names.length, k = this._core._fitModel('model', model), F = Float64Array;
    const { out: [lo, hi, fr, value] } = call(this._core, 'fxb_fit_space_default',
      [cstr(this._core._fitActuator(actuator), 'actuator'), k, out(F, N), out(F, N), out(F, N), out(F, N)], { names });
    return { lo, hi, free: Array.from(fr, (v) => v !== 0), value, used: this.paramUsed(k, actuator) };
  }

  /** null when the space is usable for the model (fric_fit_space_check), else
   *  { message, param } (param: the parameter's key). */
  spaceProblem(model, space) {
    const k = this._core._fitModel('model', model);
    if (!call(this._core, 'fxb_fit_space_check', [k, ...this._space(space)], { ok: () => true }).rc) return null;
    const e = this._core._fail(this._core._fitNames());
    return { message: e.message, param: e.param };
  }

  /** The bench scenario's parameter vector that replays fit vector p of
   *  (actuator, model) with the fit's integrator (INTEGRATORS, 'bam' the
   *  default) and the treatment a fit with it scores (the core's
   *  fric_bench_integrator_treatments: bam clip, mujoco implicit, what MuJoCo
   *  runs): for bench.replay, so that a candidate
   *  can be watched on a log (kp, mass, length, vin and dt come from the log). */
  benchParams(p, actuator, model, integrator = 'bam') {
    const names = this._core._fitNames(), N = names.length, k = this._core._fitModel('model', model);
    const x = f64s('p', p, { length: N, names });
    const n = this._core.scenario.find('bench').params.length, ig = this._core._integrator(integrator);
    return call(this._core, 'fxb_fit_bench_params', [cstr(this._core._fitActuator(actuator), 'actuator'), k, inp(x),
      -1, ig, out(Float64Array, n), n], { names }).out[0];
  }

  /** Marks the logs whose header kp equals kp (fric_fit_split_kp): Uint8Array of 0/1. */
  splitKp(logs, kp, sources) {
    num('kp', kp);
    return this._withLogs(logs, sources, (hs) => call(this._core, 'fxb_fit_split_kp',
      [inp(hs), hs.length, kp, out(Uint8Array, hs.length)], { ok: (rc) => rc >= 0 }).out[0]);
  }

  /** The caution a fit's result carries (fric_fit_caution, the CLI's line under
   *  its table): too few training logs (a trajectory of the logs with no
   *  training log), or a validation MAE above 1.5 × the training MAE; null
   *  when none. valid[i]: log i is held out; validMae null/NaN: none. */
  caution(logs, sources, valid, trainMae, validMae) {
    const v = Uint8Array.from(Array.isArray(valid) || ArrayBuffer.isView(valid) ? valid : [], (x) => (x ? 1 : 0));
    const t = numberType('trainMae', trainMae), vm = validMae === null || validMae === undefined ? NaN : numberType('validMae', validMae);
    const { rc, out: [text] } = this._withLogs(logs, sources, (hs) => {
      if (v.length !== hs.length) throw argError(RangeError, 'valid', `valid has ${v.length} entries; it must have one per log (${hs.length}).`);
      return call(this._core, 'fxb_fit_caution', [inp(hs), hs.length, inp(v), t, vm, out(Uint8Array, 2048), 2048], { ok: (n) => n >= 0 });
    });
    return rc > 0 ? new TextDecoder().decode(text.subarray(0, Math.min(rc, 2047))) : null;
  }

  /** The warning of a fit of `model` whose training logs all come from one rig
   *  setup (fric_fit_rig_caution, the line `friction fit` prints on stderr):
   *  one sentence naming the mass and the length, or null (M1, M2, two
   *  setups). valid[i]: log i is held out. */
  rigCaution(logs, sources, valid, model) {
    const k = this._core._fitModel('model', model);
    const v = Uint8Array.from(Array.isArray(valid) || ArrayBuffer.isView(valid) ? valid : [], (x) => (x ? 1 : 0));
    const { rc, out: [text] } = this._withLogs(logs, sources, (hs) => {
      if (v.length !== hs.length) throw argError(RangeError, 'valid', `valid has ${v.length} entries; it must have one per log (${hs.length}).`);
      return call(this._core, 'fxb_fit_rig_caution', [inp(hs), hs.length, inp(v), k, out(Uint8Array, 1024), 1024], { ok: (n) => n >= 0 });
    });
    return rc > 0 ? new TextDecoder().decode(text.subarray(0, Math.min(rc, 1023))) : null;
  }

  /** Uint8Array: 1 for the logs of the alternate split's validation half
   *  (fric_fit_split_alternate: the rank of the log's kp plus the index of its
   *  trajectory is odd, so every kp and every trajectory is in both halves). */
  splitAlternate(logs, sources) {
    return this._withLogs(logs, sources, (hs) => call(this._core, 'fxb_fit_split_alternate',
      [inp(hs), hs.length, out(Uint8Array, hs.length)], { ok: (rc) => rc >= 0 }).out[0]);
  }

  /** The logs (parsed BAM JSON objects) as one batch (fric_fit_batch_create:
   *  each log checked by io's rules and resampled once); call free() when
   *  done. A refused log throws as io.checkLog, with .index (which log) and
   *  .source (its name). */
  batch(logs, sources) {
    const h = this._withLogs(logs, sources,
      (hs) => call(this._core, 'fxb_fit_batch_new', [inp(hs), hs.length], { ok: (rc) => rc !== 0 }).rc);
    return new FitBatch(this._core, h);
  }

  /** A fit (ask/tell over CMA-ES, fric_fit_create): { batch (the training
   *  FitBatch), actuator, model, space (fit.space), budget (evaluations),
   *  seed (0 … 2^53), sigma0 (0: the default), restarts (−1: the default),
   *  start (a vector, or null), integrator (INTEGRATORS, 'bam' the default:
   *  the position update the loss replays with; score its candidates with
   *  the same) }. Call free() when done; free the batch after. */
  create(def) {
    obj('def', def, 'a fit definition { batch, actuator, model, space, budget, seed, … }');
    const { batch, start = null } = def;
    if (!(batch instanceof FitBatch)) throw argError(TypeError, 'batch', `batch must be a FitBatch (fit.batch(logs)), found ${show(batch)}.`);
    batch._live();
    const names = this._core._fitNames(), N = names.length;
    const k = this._core._fitModel('model', def.model);
    // evaluations: a C long, 32 bits in wasm32
    const budget = num('budget', def.budget, { min: 1, max: 2 ** 31 - 1, integer: true });
    const seed = num('seed', def.seed ?? 0, { min: 0, max: 2 ** 53, integer: true });
    const sigma0 = num('sigma0', def.sigma0 ?? 0, { min: 0, max: 1 });
    const restarts = num('restarts', def.restarts ?? -1, { min: -1, max: 1000, integer: true });
    const st = start === null ? null : f64s('start', start, { length: N, names });
    const ig = this._core._integrator(def.integrator ?? 'bam');
    const space = this._space(def.space), actuator = cstr(this._core._fitActuator(def.actuator), 'def.actuator');
    const f = call(this._core, 'fxb_fit_new', [batch._h, actuator, k, ig, ...space, budget, seed, sigma0, restarts, st ? inp(st) : 0],
      { names, ok: (rc) => rc !== 0 }).rc;
    return new Fit(this._core, f, batch);
  }
}

/** A batch of logs for the fit's loss (fit.batch). */
export class FitBatch {
  constructor(core, h) {
    this._core = core;
    this._h = h;
    const b = core._read('fit_batch', h);
    this.logs = b.logs;
    /** bench steps simulated per evaluation (Σ samples) */
    this.steps = b.steps;
  }
  _live() { if (!this._h) throw new Error('fit batch used after free()'); }

  /** The losses of count candidates P (count·FIT_N numbers, as Fit.ask gives
   *  them) under (actuator, model) with integrator (INTEGRATORS, 'bam' the
   *  default): { loss: Float64Array(count), mae: Float64Array(count·logs)
   *  (each log's MAE) }. +Infinity where a candidate is not a usable bench
   *  (fric_fit_loss). */
  lossesDetail(P, actuator, model, integrator = 'bam') {
    const { core, names, k, x, count } = this._candidates(P, model), F = Float64Array;
    const { out: [loss, mae] } = call(core, 'fxb_fit_losses',
      [this._h, cstr(core._fitActuator(actuator), 'actuator'), k, core._integrator(integrator), inp(x), count, out(F, count), out(F, count * this.logs)], { names });
    return { loss, mae };
  }
  /** The checked candidates P of model (lossesDetail, lossesFast). */
  _candidates(P, model) {
    this._live();
    const core = this._core, names = core._fitNames(), N = names.length;
    const k = core._fitModel('model', model);
    const x = f64s('P', P, { itemBytes: F64 + (F64 + this.logs * F64) / N });
    if (x.length % N) throw argError(RangeError, 'P', `P has ${x.length} numbers; it must hold whole candidates of ${N} (${names.slice(0, 4).join(', ')}, …).`);
    return { core, names, k, x, count: x.length / N };
  }
  /** The losses of count candidates (see lossesDetail). */
  losses(P, actuator, model, integrator = 'bam') { return this.lossesDetail(P, actuator, model, integrator).loss; }
  /** The same losses, fast (fric_fit_losses_fast: the multi-lane kernel with
   *  the core's own vector sin/exp/pow, SIMD128; within ~1e-14 relative of
   *  losses() and the same bits as the native fit's inner loop):
   *  Float64Array(count). */
  lossesFast(P, actuator, model, integrator = 'bam') {
    const { core, names, k, x, count } = this._candidates(P, model), F = Float64Array;
    const { out: [loss] } = call(core, 'fxb_fit_losses_fast',
      [this._h, cstr(core._fitActuator(actuator), 'actuator'), k, core._integrator(integrator), inp(x), count, out(F, count), out(F, count * this.logs)], { names });
    return loss;
  }
  /** The loss [rad] of one vector p: the mean over the logs of each log's replay MAE. */
  loss(p, actuator, model, integrator = 'bam') {
    const N = this._core.fit.paramKeys().length;
    f64s('p', p, { length: N, names: this._core._fitNames() });
    return this.lossesDetail(p, actuator, model, integrator).loss[0];
  }
  /** How well these logs identify each free parameter of p (fric_fit_sensitivity,
   *  the method of Rhoban/bam sensitivity.py; the loss is loss()'s): each free
   *  parameter of space alone, the others held at p, from p toward each bound
   *  of its box, 20 scan points, then 24 bisections at the first whose loss
   *  exceeds base·(1 + tolerance); the bound itself (clamped) when never.
   *  Returns { base, threshold [rad], tolerance, ranges: [{ key, index, value,
   *  lower, upper, lowerClamped, upperClamped, logScale }] } (the free
   *  parameters, logScale: the fit searches it on a log scale, in
   *  paramKeys() order). options: tolerance (default 0.03, the reference's);
   *  integrator: the model's ('bam' by default, as loss());
   *  onParam(done, total, range): called after each parameter; then the core
   *  is called once per free parameter (the space narrowed to it: the same
   *  ranges, bit for bit), so that a worker can report progress. */
  sensitivity(p, actuator, model, space, { tolerance = 0.03, onParam = null, integrator = 'bam' } = {}) {
    this._live();
    const core = this._core, names = core._fitNames(), N = names.length, F = Float64Array;
    const k = core._fitModel('model', model);
    const ig = core._integrator(integrator);
    const x = f64s('p', p, { length: N, names });
    const tol = num('tolerance', tolerance);
    if (onParam !== null && typeof onParam !== 'function') throw argError(TypeError, 'onParam', `onParam must be a function or null, found ${show(onParam)}.`);
    const [lo, hi, , value] = core.fit._space(space);   // free: per call below
    const sense = (free) => call(core, 'fxb_fit_sensitivity', [this._h, cstr(core._fitActuator(actuator), 'actuator'), k, ig,
      lo, hi, inp(free), value, inp(x), tol, out(F, 6 * N), out(F, 1)], { names }).out;
    const range = (o, i) => ({ key: names[i], index: i, value: x[i], lower: o[6 * i], upper: o[6 * i + 1],
      lowerClamped: o[6 * i + 2] !== 0, upperClamped: o[6 * i + 3] !== 0, logScale: o[6 * i + 5] !== 0 });
    const free = Float64Array.from(space.free, (v) => (v ? 1 : 0));
    if (!onParam) {
      const [o, base] = sense(free);
      const ranges = [];
      for (let i = 0; i < N; i++) if (o[6 * i + 4]) ranges.push(range(o, i));
      return { base: base[0], threshold: base[0] * (1 + tol), tolerance: tol, ranges };
    }
    const idx = [...free.keys()].filter((i) => free[i]), ranges = [];
    let b = NaN;
    for (const i of idx) {
      const one = new F(N);
      one[i] = 1;
      const [o, base] = sense(one);
      b = base[0];
      ranges.push(range(o, i));
      onParam(ranges.length, idx.length, ranges[ranges.length - 1]);
    }
    if (!idx.length) b = this.loss(x, actuator, model);
    return { base: b, threshold: b * (1 + tol), tolerance: tol, ranges };
  }
  free() { if (this._h) { call.value(this._core, 'fxb_fit_batch_free', this._h); this._h = 0; } }
}

/** A fit in progress (fit.create): ask() the candidates, tell() their losses. */
export class Fit {
  constructor(core, f, batch) {
    this._core = core;
    this._f = f;
    this.batch = batch;
    this.lambdaMax = call.value(core, 'fxb_fit_lambda_max', f);
    this._N = core.fit.paramKeys().length;
    this._P = core._alloc(Math.max(1, this.lambdaMax) * this._N * F64);
    this._count = 0;
  }
  _live() { if (!this._f) throw new Error('fit used after free()'); }

  /** The next candidates: Float64Array(count·FIT_N) (held parameters
   *  included), or null when the fit is over. */
  ask() {
    this._live();
    const core = this._core;
    const k = call.value(core, 'fxb_fit_ask', this._f, this._P, this.lambdaMax);
    if (k < 0) throw core._fail();
    this._count = k;
    return k ? core._f64().slice(this._P / F64, this._P / F64 + k * this._N) : null;
  }

  /** The losses of the last ask's candidates (NaN and +Infinity allowed:
   *  an unusable candidate); returns progress().done. */
  tell(losses) {
    this._live();
    if (!this._count) throw argError(RangeError, 'losses', 'tell() without a pending ask(): ask for candidates first.');
    if (!Array.isArray(losses) && !ArrayBuffer.isView(losses)) throw argError(TypeError, 'losses', `losses must be an array of ${this._count} numbers, found ${show(losses)}.`);
    if (losses.length !== this._count) throw argError(RangeError, 'losses', `losses has ${losses.length} values; the last ask() gave ${this._count} candidates.`);
    const x = Float64Array.from(losses, (v, i) => numberType(`losses[${i}]`, v));
    this._count = 0;
    return call(this._core, 'fxb_fit_tell', [this._f, inp(x)], { ok: () => true }).rc;
  }

  /** Cancel: the next ask() returns null. */
  stop() { this._live(); call.value(this._core, 'fxb_fit_stop', this._f); }

  /** { generation, run, lambda, evals, budget, steps, bestLoss, genBestLoss,
   *  sigma, clamped, done (0 running, else a stop reason), doneName, best,
   *  stage, stages, stageModel, racer, racing, attempt, attempts, phase }
   *  (fric_fit_progress, its fields in camelCase; phase:
   *  fric_fit_progress_phase, "try 1 of 2, stage 1 of 3: M3, racer 2 of 2,
   *  first run"). */
  progress() {
    this._live();
    const core = this._core;
    const p = call(core, 'fxb_fit_progress', [this._f, outStruct('fit_progress')]).out[0];
    const o = Object.fromEntries(Object.entries(p).map(([k, v]) => [camel(k), v]));
    o.doneName = o.done ? core._str(call.value(core, 'fxb_fit_stop_name', o.done)) : '';
    const { rc, out: [text] } = call(core, 'fxb_fit_phase', [this._f, out(Uint8Array, 256), 256], { ok: (n) => n >= 0 });
    o.phase = new TextDecoder().decode(text.subarray(0, Math.min(rc, 255)));
    o.phaseParts = phaseParts(core, call, 'fxb_fit_phase_part', this._f);
    return o;
  }

  free() {
    if (this._f) {
      call.value(this._core, 'fxb_fit_free', this._f);
      this._core._free(this._P);
      this._f = 0;
      this._P = 0;
    }
  }
}
