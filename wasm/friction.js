// friction.js: the one JavaScript wrapper around the WebAssembly build of the
// friction core. It owns every byte of wasm memory: callers pass and receive
// plain numbers, objects and typed arrays; core errors become thrown Errors
// carrying the core's message, its status (`code`, the fric_status name such
// as 'FRIC_E_NO_TRANSFORM') and the parameter at fault (`param`, its name, or
// null). The tables below (law names, servo coefficients, treatments) are the
// core's own, read when the module loads, with the layouts of the structs
// that cross the boundary (fxb_boundary in wasm/bindings.c, built from the
// FRIC_*_FIELDS tables of core/include): the wrapper reads and writes those
// structs by field name, never by a slot number of its own. Every call that
// moves memory goes through one helper (FrictionCore._call: allocate, copy
// in, call, copy out, free in finally, a failure thrown with the core's
// message). Objects that hold wasm memory (LookupTable, Simulation, Log,
// FitBatch, Fit) have free(); everything else frees before it returns.
//
// Every argument of every public function is checked before any wasm memory is
// touched (type, finiteness, integer-ness, array length against what the C side
// reads, bytes against the wasm heap): a bad one throws a TypeError (wrong type)
// or RangeError (wrong value) whose message names the argument and the accepted
// range, with code 'FRIC_E_PARAM_RANGE' and param (the argument's name). The C
// bindings check counts again (wasm/bindings.c, defence in depth).
//
// The API is grouped as the core's headers are (one object per header, built
// in the FrictionCore constructor; each calls the core's private helpers):
//
//   core.law       friction.h      check, problem, fieldRanges, fields, phi, phiZ,
//                                  phiZApprox, phiPlus0, lambertW0, lookupTable
//   core.scenario  fric_scenario.h list, find, params, simulation
//   core.bench     fric_bench.h,   presets, resolve, servo, replay, servoCoefs,
//                                  actuatorOf, actuatorNote
//                  fric_servo.h
//   core.io        fric_io.h       loadLog, checkLog, resampleDt, paramsText, paramsRead
//   core.regions   fric_regions.h  polyline, grid, at
//   core.fit       fric_fit.h      defaults, paramKeys, paramUsed, contains, embed,
//                                  chainStart, presetParams, space, spaceProblem,
//                                  benchParams, paramsText, splitKp, splitAlternate, caution,
//                                  rigCaution, batch, create
//   core.mujoco    fric_joint.h    benchMjcf, joint (the MuJoCo adapter's per-joint step,
//                                  MuJoCo-free: MuJoCo is its own wasm module), adapter
//                                  (its orchestration: fric_mujoco_core), logDrive
//   core.robot     fric_robot.h    mapParse, create (the robot layer: wasm/robot.js)
//   core           (wasm heap)     heapUsed, heapStats (leak and integrity checks)
//
//   import { loadFrictionCore } from './friction.js';
//   const core = await loadFrictionCore({ wasmBinary });     // bytes of friction_core.wasm
//   const y = core.law.phiZ({ kind: 'stribeck', Fs: 2.5, Fc: 0.4, vs: 0.06, D: 4.5, alpha: 1 },
//                       1 / 55, Float64Array.of(0.01, 0.1));
import createFrictionCore from '../build/wasm/friction_core.mjs';
import { RobotApi } from './robot.js';

/** A fit summary { trainMae, holdoutMae (null: none), logs, evaluations } as
 *  the bindings' fit[4], or null when fit is undefined or null. */
function fitSummary(fit) {
  if (fit === undefined || fit === null) return null;
  obj('fit', fit, 'the fit summary { trainMae, holdoutMae, logs, evaluations }');
  return Float64Array.of(numberType('fit.trainMae', fit.trainMae),
    fit.holdoutMae === null || fit.holdoutMae === undefined ? NaN : numberType('fit.holdoutMae', fit.holdoutMae),
    num('fit.logs', fit.logs, { min: 0, max: 1e9 - 1, integer: true }),
    num('fit.evaluations', fit.evaluations, { min: 0, max: 1e15 - 1, integer: true }));
}

/** Law names indexed by fric_kind ('coulomb-viscous', 'stribeck', 'rational'). Filled at load. */
export const LAW_KINDS = [];
/** Fields a law check names (fric_law_field: 'Fs', 'Fc', 'vs', 'D', 'alpha', 'Z'). Filled at load. */
export const LAW_FIELDS = [];
/** The 14 numbers of a servo friction model (Duclusaud M1-M6), in binding order:
 *  'model', 'K_c', …, 'K_v'. Filled at load. */
export const SERVO_KEYS = [];
/** The same 14 as params-file keys: 'model', 'friction_base', …, 'friction_viscous'. Filled at load. */
export const SERVO_FILE_KEYS = [];
/** The bench's friction treatments ('implicit', 'clip', 'explicit', 'karnopp'). Filled at load. */
export const TREATMENTS = [];
/** The MuJoCo adapter's treatments (fric_mujoco_treatment: 'implicit',
 *  'frictionloss', 'noslip'). Filled at load. */
export const MJ_TREATMENTS = [];
/** The MuJoCo adapter's numbers: { noslipIterations (FRIC_MUJOCO_NOSLIP_ITERATIONS),
 *  maxJoints (FRIC_MUJOCO_MAX_JOINTS) }. Filled at load. */
export const MJ_CONSTANTS = {};
/** The bench's integrators, the position update a model is fitted and run
 *  with (fric_bench_integrator: 'bam', the reference's q + q̇'·dt + ½·a·dt²,
 *  the default; 'mujoco', MuJoCo's Euler q + q̇'·dt). Filled at load. */
export const INTEGRATORS = [];
/** The structs that cross the boundary: { name: { size, fields: [[field, unit,
 *  kind, offset, count], …] } } (fxb_boundary). Filled at load. */
export const LAYOUTS = {};
/** The core's other name tables (log keys, io codes, fit parameters) and the
 *  numbers the wrapper sizes things by (fxb_boundary). Filled at load. */
export const TABLES = {}, CONSTANTS = {};

/** An Error with the core's status name and the parameter at fault. */
export function coreError(message, code, param = null) {
  const e = new Error(message);
  e.code = code;
  e.param = param;
  return e;
}

const F64 = 8;

/** Every wasm allocation of one call stays below 2^31 bytes: a wasm32 _malloc
 *  takes an i32, so a larger count would wrap (wasm/bindings.c FXB_MAX_BYTES). */
export const MAX_BYTES = 2 ** 31;

// ----------------------------------------------------- argument checks
/** A TypeError or RangeError naming the argument, with the code and param
 *  of the core's errors. */
function argError(Ctor, param, message) {
  const e = new Ctor(message);
  e.code = 'FRIC_E_PARAM_RANGE';
  e.param = param;
  return e;
}

/** A short, safe description of any value for a message. */
function show(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  switch (typeof v) {
    case 'string': return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
    case 'number': return String(v);
    case 'bigint': return `${String(v)}n`;
    case 'undefined': return 'undefined';
    case 'object': return ArrayBuffer.isView(v) ? `a ${v.constructor.name}` : 'an object';
    default: return `a ${typeof v}`;
  }
}

function rangeText(min, max) {
  if (min === -Infinity && max === Infinity) return 'a finite number';
  if (max === Infinity) return min === Number.MIN_VALUE ? 'a finite number > 0' : `a finite number >= ${min}`;
  if (min === -Infinity) return `a finite number <= ${max}`;
  return `${min} … ${max}`;
}

/** v as a checked number: a TypeError unless typeof v is 'number', a
 *  RangeError for NaN, for ±Infinity (unless finite: false), unless whole
 *  (integer: true) and unless within [min, max]. */
function num(name, v, { min = -Infinity, max = Infinity, integer = false, finite = true } = {}) {
  const want = `${integer ? 'a whole number in ' : ''}${rangeText(min, max)}`;
  if (typeof v !== 'number') throw argError(TypeError, name, `${name} must be a number (${want}), found ${show(v)}.`);
  if (Number.isNaN(v) || (finite && !Number.isFinite(v))) throw argError(RangeError, name, `${name} = ${v} is not finite; it must be ${want}.`);
  if (integer && !Number.isInteger(v)) throw argError(RangeError, name, `${name} = ${v} must be ${want}.`);
  if (v < min || v > max) {
    throw argError(RangeError, name, `${name} = ${v} ${Number.isFinite(min) && Number.isFinite(max) ? 'is outside' : 'must be'} ${rangeText(min, max)}.`);
  }
  return v;
}

/** v when typeof v is 'number' (NaN and ±Infinity included: for values whose
 *  range the core checks and names in its own message), else a TypeError. */
function numberType(name, v) {
  if (typeof v !== 'number') throw argError(TypeError, name, `${name} must be a number, found ${show(v)}.`);
  return v;
}

/** The largest count of items of `bytes` each that one call may allocate. */
const maxItems = (bytes) => Math.floor((MAX_BYTES - 1) / bytes);

/** xs (an Array or typed array of finite numbers) as a Float64Array, its
 *  length checked first: exactly `length` when given, else at most
 *  maxItems(itemBytes) (the call's wasm buffers per element). */
function f64s(name, xs, { length, itemBytes = F64, names } = {}) {
  if (!Array.isArray(xs) && !(ArrayBuffer.isView(xs) && !(xs instanceof DataView))) {
    throw argError(TypeError, name, `${name} must be an array or typed array of numbers, found ${show(xs)}.`);
  }
  const n = xs.length;
  if (length !== undefined && n !== length) {
    throw argError(RangeError, name, `${name} has ${n} values; it must have exactly ${length}`
      + `${names ? ` (${names.slice(0, 6).join(', ')}${names.length > 6 ? ', …' : ''})` : ''}.`);
  }
  const most = maxItems(itemBytes);
  if (n > most) {
    throw argError(RangeError, name, `${name} has ${n} values; at most ${most} are accepted (each call's wasm buffers stay below 2^31 bytes).`);
  }
  if (xs instanceof Float64Array) {
    for (let i = 0; i < n; i++) if (!Number.isFinite(xs[i])) num(`${name}[${i}]`, xs[i]);
    return xs;
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = xs[i];
    out[i] = typeof v === 'number' && Number.isFinite(v) ? v : num(`${name}[${i}]`, v);
  }
  return out;
}

/** A non-null, non-array object (or a TypeError naming it). */
function obj(name, v, what) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw argError(TypeError, name, `${name} must be ${what}, found ${show(v)}.`);
  return v;
}

/** The C arguments (kind, Fs, Fc, vs, D, alpha) of a law object. Fields left
 *  out (undefined or null) are 0 (alpha: 1); the core checks the values
 *  (finite, ranges: fric_law_check) and names the field at fault. */
function lawArgs(law) {
  obj('law', law, 'a law object { kind, Fs, Fc, vs, D, alpha }');
  let kind = law.kind;
  if (typeof kind === 'string') {
    kind = LAW_KINDS.indexOf(law.kind);
    if (kind < 0) throw coreError(`unknown law kind '${law.kind}'; use one of ${LAW_KINDS.join(', ')}`, 'FRIC_E_UNKNOWN_NAME', 'kind');
  } else if (typeof kind !== 'number') {
    throw argError(TypeError, 'law.kind', `law.kind must be a law name (${LAW_KINDS.join(', ')}) or its index, found ${show(kind)}.`);
  } else if (!Number.isInteger(kind) || kind < 0 || kind >= LAW_KINDS.length) {
    throw argError(RangeError, 'law.kind', `law.kind = ${kind} is not a known law; use one of ${LAW_KINDS.join(', ')} or its index 0 … ${LAW_KINDS.length - 1}.`);
  }
  const field = (k, def) => (law[k] === undefined || law[k] === null ? def : numberType(`law.${k}`, law[k]));
  return [kind, field('Fs', 0), field('Fc', 0), field('vs', 0), field('D', 0), field('alpha', 1)];
}

// ------------------------------------------- arguments of FrictionCore._call
// A number (or a handle) is passed as it is; these describe the buffers.
/** A typed array copied into wasm memory for the call. */
const inp = (a) => ({ in: a });
/** n items of typed-array type T that the call writes, returned after it. */
const out = (T, n) => ({ out: T, n });
/** A struct of layout `name` (LAYOUTS) that the call writes, returned decoded. */
const outStruct = (name) => ({ struct: name });
/** The text s as a NUL-terminated UTF-8 string. */
const cstr = (s) => ({ in: Uint8Array.from([...new TextEncoder().encode(s), 0]) });

/** snake_case to camelCase ('max_err' → 'maxErr'). */
const camel = (k) => k.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** The firmware keys of a params file after q_offset, in fxb_params_write's
 *  order (fric_io_params_file): written when > 0, with bam's key names. */
const PARAMS_FIRMWARE_KEYS = ['error_gain_ratio', 'max_velocity', 'max_current', 'current_limit', 'max_torque'];

/** core.law: friction.h: law checks, Φ, Φ_Z, Φ̂_Z, look-up tables. */
class LawApi {
  constructor(core) { this._core = core; }

  /** null when the law is valid with this Z, otherwise the core's message. */
  check(law, Z) {
    const p = this.problem(law, Z);
    return p ? p.message : null;
  }

  /** The accepted range of every law field and of Z, from the core's one
   *  table (friction.h): { Fs: [lo, hi], Fc: …, vs, D, alpha, Z }. */
  fieldRanges() {
    const out = {};
    LAW_FIELDS.forEach((name, i) => { out[name] = [this._core._m._fxb_law_field_range(i, 0), this._core._m._fxb_law_field_range(i, 1)]; });
    return out;
  }

  /** The law fields ('Fs', 'Fc', 'vs', 'D', 'alpha') a law kind uses, in order. */
  fields(kind) {
    const k = lawArgs({ kind })[0];
    return LAW_FIELDS.filter((_, i) => this._core._m._fxb_law_field_used(k, i) !== 0);
  }

  /** null when the law is valid with this Z, otherwise { code, param, message }
   *  (code 'FRIC_E_NO_TRANSFORM' when Kikuuwe's eq. 15 fails; param 'Fs', …, 'Z'). */
  problem(law, Z) {
    // Z may be ±Infinity or NaN here (1/0 from a view): the core reports it as the problem
    const args = lawArgs(law);
    if (!this._core._m._fxb_law_check(...args, numberType('Z', Z))) return null;
    const e = this._core._fail(LAW_FIELDS);
    return { code: e.code, param: e.param, message: e.message };
  }

  _eval(law, Z, which, xs) {
    const args = lawArgs(law);
    numberType('Z', Z);      // its range (finite, > 0) is the core's check, named 'Z'
    const x = f64s('xs', xs, { itemBytes: 2 * F64 });
    return this._core._call('fxb_law_eval', [...args, Z, which, inp(x), out(Float64Array, x.length), x.length],
      { names: LAW_FIELDS }).out[0];
  }

  /** Φ(v) for each v. Throws the core's message for an invalid law, and for a
   *  v whose Φ(v) would pass the largest double (code FRIC_E_NONFINITE,
   *  param 'D'; so do phiZ, phiZApprox (param 'Z' where Z·D > 1: it grows as
   *  |x|/Z there, eq. 46) and a table's eval: the core's fric_law_eval). */
  phi(law, vs) { return this._eval(law, 1, 0, vs); }

  /** Exact Φ_Z(x) (Kikuuwe Theorem 1). */
  phiZ(law, Z, xs) { return this._eval(law, Z, 1, xs); }

  /** Kikuuwe's approximation Φ̂_Z (eq. 46). */
  phiZApprox(law, Z, xs) { return this._eval(law, Z, 2, xs); }

  /** Φ(+0): the static friction level [N]. */
  phiPlus0(law) {
    const args = lawArgs(law);
    // the law's own check (fric_law_check_params: Z plays no part), no points
    if (this._core._m._fxb_law_eval(...args, 1, 0, 0, 0, 0)) throw this._core._fail(LAW_FIELDS);
    return this._core._m._fxb_phi_plus0(...args);
  }

  /** W0(x), the principal branch of Lambert W, for a finite x >= −1/e (W0 of
   *  the largest double is about 703.2); NaN, ±Infinity (W0(+∞) = ∞ is a limit,
   *  not a value), non-numbers and x < −1/e are refused. */
  lambertW0(x) { return this._core._m._fxb_lambert_w0(num('x', x, { min: -1 / Math.E })); }

  /** An error-bounded look-up table of Φ_Z; call free() when done. */
  lookupTable(law, Z, tol) {
    const args = lawArgs(law);
    // ranges: the core's (Z with the law, tol > 0 finite), named in its messages
    const p = this._core._m._fxb_lut_new(...args, numberType('Z', Z), numberType('tol', tol));
    if (!p) throw this._core._fail(LAW_FIELDS);
    return new LookupTable(this._core, p);
  }
}

/** core.scenario: fric_scenario.h: the simulated systems (name, summary, title,
 *  blurb), their parameters and columns. */
class ScenarioApi {
  constructor(core) { this._core = core; }

  /** Every simulated system with its parameters and columns (plain objects),
   *  read from the core's registry through the layouts. */
  list() {
    if (this._scenarios) return this._scenarios;
    const m = this._core._m, out = [];
    for (let i = 0; i < m._fxb_scn_count(); i++) {
      const s = this._core._read('scenario', m._fxb_scn_at(i));
      const params = [];
      for (let j = 0; j < s.n_params; j++) {
        const q = this._core._read('param_info', s.params + j * LAYOUTS.param_info.size);
        const n = q.choices ? q.n_choices : 0;
        const choiceHelp = this._core._strs(q.choice_help, n);
        const lo = q.lo, hi = q.hi;
        params.push({
          name: q.name,
          unit: q.unit,
          help: q.help,
          // Presentation (the core may leave it out: fall back to name, min..max).
          label: q.label || q.name,
          def: q.def,
          min: q.min,
          max: q.max,
          lo: lo < hi ? lo : q.min,
          hi: lo < hi ? hi : q.max,
          log: q.log !== 0 && lo > 0 && lo < hi,
          preset: q.preset !== 0,
          integer: q.integer !== 0,
          // a figure `case` other than custom fixes this value
          fixedByCase: q.fixed_by_case !== 0,
          choices: n ? this._core._strs(q.choices, n) : null,
          choiceHelp: n && choiceHelp.length === n && choiceHelp.every((h) => h) ? choiceHelp : null,
        });
      }
      const cols = [];
      for (let j = 0; j < s.n_cols; j++) {
        const { name, unit, help } = this._core._read('col_info', s.cols + j * LAYOUTS.col_info.size);
        cols.push({ name, unit, help });
      }
      // title and blurb: the registry's words for a view that picks the scenario by name
      const sc = { index: i, name: s.name, summary: s.summary, title: s.title, blurb: s.blurb, params, cols, stateBytes: s.state_bytes,
                   shapePoints: s.shape ? CONSTANTS.scenario_max_shape : 0 };
      // The bench's preset-backed parameters (−1 = the preset's value):
      // resolvePresets(values) gives every value as the simulation uses it.
      if (sc.name === 'bench') sc.resolvePresets = (values) => this._core.bench.resolve(values);
      out.push(sc);
    }
    this._scenarios = out;
    return out;
  }

  find(name) {
    if (typeof name !== 'string') throw argError(TypeError, 'name', `the scenario name must be a string (${this.list().map((x) => x.name).join(', ')}), found ${show(name)}.`);
    const s = this.list().find((x) => x.name === name);
    if (!s) throw coreError(`unknown scenario '${name}'; known: ${this.list().map((x) => x.name).join(', ')}`, 'FRIC_E_UNKNOWN_NAME');
    return s;
  }

  /** Parameter values of a scenario: defaults overridden by `values`
   *  ({ name: number | choiceName }). Throws naming a bad name or value. */
  params(name, values = {}) {
    const s = this.find(name);
    obj('values', values, 'an object { name: number | choice name }');
    const p = new Float64Array(s.params.length);
    s.params.forEach((q, j) => { p[j] = q.def; });
    for (const [key, raw] of Object.entries(values)) {
      const j = s.params.findIndex((q) => q.name === key);
      if (j < 0) throw coreError(`${name} has no parameter '${key}'`, 'FRIC_E_UNKNOWN_NAME', key);
      const q = s.params[j];
      let v = raw;
      if (q.choices && typeof raw === 'string') {
        v = q.choices.indexOf(raw);
        if (v < 0) throw coreError(`${name}: ${key} = '${raw}' is not one of: ${q.choices.join(', ')}`, 'FRIC_E_UNKNOWN_NAME', key);
      }
      // the value's range is the core's check at init (it names the parameter)
      p[j] = num(key, v);
    }
    return p;
  }

  /** A running simulation of scenario `name`; call free() when done. */
  simulation(name, values = {}) {
    const s = this.find(name);
    return new Simulation(this._core, s, this.params(name, values));
  }
}

/** core.bench: fric_bench.h, fric_servo.h: servo presets, the bench scenario, replay of a log. */
class BenchApi {
  constructor(core) { this._core = core; }

  /** The bench scenario's parameter names, in vector order. */
  _names() { return this._core.scenario.find('bench').params.map((q) => q.name); }

  /** Identified servo presets: [{ actuator, dir, model, friction: {model, K_c, …},
   *  servo: { kt, R, armature, q_offset } }] (the values of params/<dir>/m<k>.json). */
  presets() {
    if (this._presets) return this._presets;
    const m = this._core._m, out = [];
    for (let i = 0; i < m._fxb_preset_count(); i++) {
      const { actuator, dir, friction, servo: { kt, R, armature, q_offset, error_gain_ratio, max_velocity } } = this._core._read('bench_preset', m._fxb_preset_at(i));
      // the file's motor constants, and the STS3215 firmware's (1 and 0 for the others)
      out.push({ actuator, dir, model: friction.model, friction,
        servo: { kt, R, armature, q_offset, error_gain_ratio, max_velocity } });
    }
    this._presets = out;
    return out;
  }

  /** The bench scenario's parameter vector with every −1 (preset) resolved. */
  resolve(params) {
    const names = this._names();
    const x = f64s('params', params, { length: names.length, names });
    return this._core._call('fxb_bench_resolve', [inp(x), x.length, out(Float64Array, x.length)], { names }).out[0];
  }

  /** The servo the bench parameters resolve to: { control: 'voltage'|'current',
   *  kt [N·m/A], R [Ω], armature [kg·m²], q_offset [rad], error_gain [1/rad],
   *  max_pwm, d_gain, max_amps [A], max_volts [V], kp, vin [V] }. */
  servo(params) {
    const names = this._names();
    const x = f64s('params', params, { length: names.length, names });
    const d = this._core._call('fxb_bench_servo', [inp(x), x.length, outStruct('bench_def')], { names }).out[0];
    // the actuator's own defaults are not part of the answer: kp and vin are the bench's
    const servo = Object.fromEntries(Object.entries(d.servo).filter(([k]) => k !== 'vin_default' && k !== 'kp_default'));
    return { ...servo, control: servo.control === 1 ? 'current' : 'voltage', kp: d.kp, vin: d.vin };
  }

  /** Replays a recorded log (the parsed BAM JSON object) with the bench
   *  parameters; returns { mae, maxErr, samples, dt, resampled, reversals,
   *  t, simQ, logQ, goal }: logQ and goal are the recorded series that is
   *  scored (the core's resampling, fric_io_log_sample). A refused log throws
   *  as io.checkLog. */
  replay(params, log, source = 'log') {
    const names = this._names();
    const x = f64s('params', params, { length: names.length, names });
    return this._core._withLog(log, source, (L) => {
      L._live();
      const samples = L.samples, cap = Math.max(1, samples), F = Float64Array;
      const { out: [simQ, r] } = this._core._call('fxb_bench_replay',
        [inp(x), x.length, out(F, cap), cap, outStruct('bench_replay_result'), L._h], { names });
      const { out: [t, logQ, goal] } = this._core._call('fxb_log_series', [L._h, out(F, cap), out(F, cap), out(F, cap), 0, 0, cap]);
      const part = (a) => a.slice(0, samples);
      return { mae: r.mae, maxErr: r.max_err, samples: r.samples, dt: r.dt, resampled: r.resampled !== 0,
        reversals: r.reversals, t: part(t), simQ: part(simQ), logQ: part(logQ), goal: part(goal) };
    });
  }

  /** The bench actuator a log's `motor` field names (fric_bench_actuator_resolve:
   *  case, '-', '.' and white space ignored; aliases such as "sts3250" →
   *  'sts3215', the CLI's table), or null when none (or motor is not a string). */
  actuatorOf(motor) {
    if (typeof motor !== 'string') return null;
    const { rc } = this._core._call('fxb_actuator_resolve', [cstr(motor)], { ok: () => true });
    return rc ? this._core._str(rc) : null;
  }

  /** The core's one sentence when a log's `motor` field is not the actuator's
   *  own name but resolves to it (fric_bench_actuator_note: "sts3250" →
   *  sts3215, as `friction fit` prints it), or null. */
  actuatorNote(motor) {
    if (typeof motor !== 'string') return null;
    const { rc, out: [text] } = this._core._call('fxb_actuator_note', [cstr(motor), out(Uint8Array, 512), 512], { ok: () => true });
    return rc > 0 ? new TextDecoder().decode(text.subarray(0, Math.min(rc, 511))) : null;
  }

  /** The servo friction model's numbers, in binding order, as the core defines them:
   *  [{ field: 'K_c', key: 'friction_base', positive, models: [1, …, 6] }, …] (index 0: the model). */
  servoCoefs() {
    const m = this._core._m;
    return SERVO_KEYS.map((field, i) => ({
      field, key: SERVO_FILE_KEYS[i], positive: m._fxb_servo_coef(1, i, 1) !== 0,
      models: [1, 2, 3, 4, 5, 6].filter((k) => m._fxb_servo_coef(k, i, 0) !== 0),
    }));
  }
}

/** core.io: fric_io.h: pendulum logs checked by the core's rules. */
class IoApi {
  constructor(core) { this._core = core; }

  /** Hands the parsed log (JSON.parse's value) to the core's io rules as plain
   *  arrays (fric_io_log_raw: each value with its JSON kind) and returns the
   *  checked log as a Log (free() it when done; it keeps the arrays it views).
   *  A refused log throws an Error whose message is the core's and which
   *  carries code ("missing", "dt", … the fric_io_code names), status
   *  'FRIC_E_LOG_INVALID', field and entry (−1: the header). */
  loadLog(log, source = 'log') {
    const head = TABLES.log_head_keys, entry = TABLES.log_entry_keys;
    // a JSON value's kind, as fric_io_kind numbers it
    const K = Object.fromEntries(TABLES.io_kinds.map((name, i) => [name, i]));
    const kindOf = (v) => K[v === undefined ? 'absent' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool'
      : typeof v === 'string' ? 'string' : Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'object' ? 'object' : 'null'];
    const root = kindOf(log), obj = root === K.object ? log : {};
    const hk = Uint8Array.from(head, (k) => kindOf(obj[k]));
    const h = Float64Array.from({ length: CONSTANTS.log_head_numbers }, (_, i) => (typeof obj[head[i]] === 'number' ? obj[head[i]] : 0));
    const entries = Array.isArray(obj.entries) ? obj.entries : [];
    const n = entries.length, E = entry.length, VOLTS = entry.indexOf('input_volts');
    // per entry: E values and kinds, its kind, a scratch int, 4 series of the replay
    const most = maxItems(E * (F64 + 1) + 1 + 4 + 4 * F64);
    if (n > most) throw argError(RangeError, 'log.entries', `log.entries has ${n} entries; at most ${most} are accepted (each call's wasm buffers stay below 2^31 bytes).`);
    const ek = new Uint8Array(n), kind = new Uint8Array(E * n), value = new Float64Array(E * n);
    let unknown = Object.keys(obj).find((k) => !head.includes(k)), unknownEntry = -1;
    for (let k = 0; k < n; k++) {
      const e = entries[k];
      ek[k] = kindOf(e);
      value[VOLTS * n + k] = NaN;
      if (ek[k] !== K.object) continue;
      for (let f = 0; f < E; f++) {
        const v = e[entry[f]], kd = kindOf(v);
        kind[f * n + k] = kd;
        if (kd === K.number || kd === K.bool) value[f * n + k] = Number(v);
      }
      if (unknown === undefined) {
        const u = Object.keys(e).find((x) => !entry.includes(x));
        if (u !== undefined) { unknown = u; unknownEntry = k; }
      }
    }
    // the checked log views its arrays: they live as long as the Log (not _call's temporaries)
    const ptrs = [];
    let err = 0;
    try {
      const put = (a) => { const p = this._core._put(a); ptrs.push(p); return p; };
      const str = (x) => (typeof x === 'string' ? put(cstr(x).in) : 0);
      err = this._core._alloc(LAYOUTS.io_error.size);
      const h0 = this._core._m._fxb_log_load(root, put(hk), put(h), str(obj.motor), str(obj.trajectory), n, put(ek),
        put(kind), put(value), str(unknown), unknownEntry, str(String(source)), put(new Int32Array(Math.max(n, 1))), err);
      if (!h0) {
        // code: the io library's code (FRIC_IO_…, more specific than the
        // status FRIC_E_LOG_INVALID); param: the field at fault
        const e = this._core._read('io_error', err);
        const fail = coreError(this._core._error(), TABLES.io_codes[e.code], e.field || null);
        fail.status = 'FRIC_E_LOG_INVALID';
        fail.field = e.field;
        fail.entry = e.entry;
        throw fail;
      }
      const L = new Log(this._core, h0, ptrs.splice(0));
      return L;
    } finally {
      this._core._free(err);
      ptrs.forEach((p) => this._core._free(p));
    }
  }

  /** The text of a params file (fric_io_params_write, the writer of
   *  `friction fit --out`: its key order and number format) for
   *  { actuator, servo: { kt, R, armature, q_offset }, friction: { model, K_c, … },
   *  fit?: { trainMae, holdoutMae (null: none), logs, evaluations } }.
   *  The core checks the values and names the one at fault. */
  paramsText({ actuator, servo, friction, fit, integrator = 'bam', carry = [] } = {}) {
    const name = this._core._fitActuator(actuator);
    obj('servo', servo, 'the servo numbers { kt, R, armature, q_offset, error_gain_ratio?, max_velocity?, max_current?, current_limit?, max_torque? }');
    obj('friction', friction, `the servo friction numbers { ${SERVO_KEYS.slice(0, 4).join(', ')}, … }`);
    // the firmware keys are optional: 0 or absent is not written (Go1's
    // error_gain_ratio is written as bam's "ratio": the core's one alias)
    const s = Float64Array.from(['kt', 'R', 'armature', 'q_offset', ...PARAMS_FIRMWARE_KEYS],
      (k, i) => (i >= 4 && servo[k] === undefined ? 0 : numberType(`servo.${k}`, servo[k])));
    const c = Float64Array.from(SERVO_KEYS, (k) => numberType(`friction.${k}`, friction[k] ?? 0));
    const f = fitSummary(fit);
    // the file's order: kt, R, armature, q_offset, then the coefficients from K_c
    // (error_gain_ratio and max_velocity, when written, follow q_offset; the
    // core names them in its message)
    const names = ['kt', 'R', 'armature', 'q_offset', ...SERVO_KEYS.slice(1)];
    const ig = this._core._integrator(integrator);
    const cp = this._carryPut(carry);
    try {
      for (let cap = 1024; ;) {
        const args = [cstr(name), inp(s), inp(c), f ? inp(f) : 0, ig, cp, out(Uint8Array, cap), cap];
        const { rc, out: [text] } = this._core._call('fxb_params_write', args, { names, ok: (n) => n >= 0 });
        if (rc < cap) return new TextDecoder().decode(text.subarray(0, rc));
        cap = rc + 1;
      }
    } finally {
      this._core._free(cp);
    }
  }

  /** carry ([{ key, json }], as paramsFile gives it) as a core carry in
   *  wasm memory (the caller frees it; 0 for none), each pair checked by the
   *  core (fric_io_params_carry_add: too many, too long, a key of the file). */
  _carryPut(carry) {
    if (!Array.isArray(carry)) throw argError(TypeError, 'carry', 'carry must be an array of { key, json } (paramsFile\'s carry).');
    if (!carry.length) return 0;
    const core = this._core, n = CONSTANTS.params_carry_bytes, cp = core._put(new Uint8Array(n));
    const ptrs = [];
    try {
      const put = (a) => { const p = core._put(a); ptrs.push(p); return p; };
      const err = core._alloc(LAYOUTS.io_error.size);
      ptrs.push(err);
      const src = put(cstr('carry').in);
      for (const { key, json } of carry) {
        if (core._m._fxb_params_carry_add(cp, put(cstr(String(key)).in), put(cstr(String(json)).in), src, err)) throw core._fail([]);
      }
      return cp;
    } catch (e) {
      core._free(cp);
      throw e;
    } finally {
      ptrs.forEach((q) => core._free(q));
    }
  }

  /** A params file (JSON.parse's object) read as paramsRead does, but a key
   *  the core does not model (bam's forks write e.g. command_delay) is not
   *  refused: it is carried ({ key, json: its JSON text }) for paramsText's
   *  carry, which writes it back unchanged, with the core's one warning
   *  sentence. Returns { values (the bench's vector), carry, warnings }. */
  paramsFile(params, source = 'params', base = undefined) {
    return this._paramsRead(params, source, base, true);
  }

  /** The bench scenario's parameter vector from a params file (JSON.parse's
   *  object), key by key through fric_io_params_set: the CLI's rules and
   *  messages (`friction run bench params=FILE`; source names the file). Keys
   *  the file leaves out keep base's values (default: the bench's defaults).
   *  A refused key throws the core's message, with code (the status),
   *  param and field (the key). */
  paramsRead(params, source = 'params', base = undefined) {
    return this._paramsRead(params, source, base, false).values;
  }

  _paramsRead(params, source, base, carrying) {
    obj('params', params, 'a params file object { "kt": …, "model": "m4", … }');
    const info = this._core.scenario.find('bench'), names = info.params.map((q) => q.name);
    const x = base === undefined ? this._core.scenario.params('bench') : f64s('base', base, { length: names.length, names });
    const K = Object.fromEntries(TABLES.io_kinds.map((k, i) => [k, i]));
    const kindOf = (v) => K[typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : typeof v === 'string' ? 'string'
      : Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'object' ? 'object' : 'null'];
    const core = this._core, ptrs = [];
    try {
      const put = (a) => { const p = core._put(a); ptrs.push(p); return p; };
      const p = put(x), err = core._alloc(LAYOUTS.io_error.size);
      ptrs.push(err);
      const src = put(cstr(String(source)).in);
      const cp = carrying ? put(new Uint8Array(CONSTANTS.params_carry_bytes)) : 0;
      const carry = [], warnings = [];
      for (const [key, v] of Object.entries(params)) {
        const kind = kindOf(v);
        const k = put(cstr(key).in), str = typeof v === 'string' ? put(cstr(v).in) : 0;
        // the value's JSON text, carried when the core does not model the key
        const json = carrying ? put(cstr(JSON.stringify(v) ?? 'null').in) : 0;
        const rc = carrying ? core._m._fxb_params_key(p, x.length, cp, k, kind, typeof v === 'number' ? v : 0, str, json, src, err)
          : core._m._fxb_params_set(p, x.length, k, kind, typeof v === 'number' ? v : 0, str, src, err);
        if (rc === 1) {
          const e = core._fail(names), detail = core._read('io_error', err);
          e.field = detail.field || key;
          e.param = e.param ?? e.field;
          throw e;
        }
        if (rc === 2) {
          const note = put(new Uint8Array(512));
          core._m._fxb_params_carry_note(k, src, note, 512);
          warnings.push(core._str(note));
        }
      }
      for (let i = 0; carrying; i++) {
        const kp = core._m._fxb_params_carry_at(cp, i, 0);
        if (!kp) break;
        carry.push({ key: core._str(kp), json: core._str(core._m._fxb_params_carry_at(cp, i, 1)) });
      }
      return { values: core._get(Float64Array, p, x.length), carry, warnings };
    } finally {
      ptrs.forEach((q) => core._free(q));
    }
  }

  /** Checks a parsed log by the core's rules (the same as `friction replay`);
   *  returns its sample count, or throws (see io.loadLog). */
  checkLog(log, source = 'log') {
    return this._core._withLog(log, source, (L) => L.samples);
  }

  /** The step a raw log (no header dt) is resampled to [s] (FRIC_IO_RESAMPLE_DT). */
  get resampleDt() { return CONSTANTS.io_resample_dt; }
}

/** core.mujoco: fric_joint.h: the MuJoCo adapter's per-joint friction step
 *  without MuJoCo (core/mujoco/mujoco_adapter.c calls the same step natively).
 *  In the page MuJoCo is its own wasm module (npm @mujoco/mujoco): the caller
 *  reads MuJoCo's arrays, calls Joint.step or Joint.loss with plain numbers
 *  and writes the result back. */
class MujocoApi {
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
      const n = this._core._call('fxb_bench_mjcf', [inp(x), x.length, h, 0, 0], { names, ok: (rc) => rc >= 0 }).rc;
      const { out: [text] } = this._core._call('fxb_bench_mjcf', [inp(x), x.length, h, out(Uint8Array, n + 1), n + 1],
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
        const init = (lh) => core._call('fxb_joint_servo_init', [p, inp(x), x.length, lh, h, q0], { names });
        if (log) core._withLog(log, source, (L) => { L._live(); init(L._h); });
        else init(0);
      } else {
        core._call('fxb_joint_law_init', [p, ...lawArgs(law), h, q0], { names: LAW_FIELDS });
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
    const M = Float64Array.of(num('model.h', model.h), num('model.integrator', model.integrator, { integer: true }),
      model.anyDamping ? 1 : 0, num('model.noslipIterations', model.noslipIterations ?? 0, { min: 0, integer: true }),
      model.minvUnknown ? 1 : 0);
    const fields = ['type', 'frictionloss', 'damping', 'armature', 'minv', 'q0'];
    const J = Float64Array.from(jointModels.flatMap((jm, i) => {
      obj(`jointModels[${i}]`, jm, 'a joint { type, frictionloss, damping, armature, minv, q0 }');
      return fields.map((f) => numberType(`jointModels[${i}].${f}`, jm[f] ?? 0));
    }));
    const ptrs = [];
    const keep = (p) => { ptrs.push(p); return p; };
    let p = 0, buf = 0;
    try {
      const defs = keep(core._alloc(CONSTANTS.mj_def_size * Math.max(1, n)));
      joints.forEach((spec, i) => {
        obj(`joints[${i}]`, spec, 'a joint { name, params | law, log }');
        const name = keep(core._put(cstr(String(spec.name ?? '')).in));
        if (spec.params) {
          const names = this._names();
          const x = f64s(`joints[${i}].params`, spec.params, { length: names.length, names });
          const [lo, hi] = spec.goalRange ?? [0, 0];
          const def = (lh) => core._call('fxb_mj_def_servo', [defs, i, name, inp(x), x.length, lh,
            numberType(`joints[${i}].goalRange[0]`, lo), numberType(`joints[${i}].goalRange[1]`, hi), spec.held ? 1 : 0], { names });
          if (spec.log) core._withLog(spec.log, spec.source ?? 'log', (L) => { L._live(); def(L._h); });
          else def(0);
        } else {
          core._m._fxb_mj_def_law(defs, i, name, ...lawArgs(spec.law ?? {}));
        }
      });
      p = core._alloc(CONSTANTS.mj_core_size);
      const { out: [writes] } = core._call('fxb_mj_init', [p, inp(M), inp(J), defs, n, t, out(Float64Array, 2 * n + 2)], { names: LAW_FIELDS });
      buf = core._alloc(F64 * Math.max(1, n) * (TABLES.mj_step_inputs.length + 2));
      core._m.HEAPF64.fill(0, buf / F64, buf / F64 + n * (TABLES.mj_step_inputs.length + 2));
      return new Adapter(core, p, buf, n, writes);
    } catch (e) {
      core._free(p);
      core._free(buf);
      throw e;
    } finally {
      ptrs.forEach((q) => core._free(q));
    }
  }

  /** What a replay drives a simulator with, per scored sample
   *  (fric_io_log_sample): { t, q, goal, speed, torqueEnable } (Float64Arrays). */
  logDrive(log, source = 'log') {
    return this._core._withLog(log, source, (L) => {
      L._live();
      const n = L.samples, cap = Math.max(1, n), F = Float64Array;
      const { out: [t, q, goal, speed, te] } = this._core._call('fxb_log_series',
        [L._h, out(F, cap), out(F, cap), out(F, cap), out(F, cap), out(F, cap), cap]);
      const part = (a) => a.slice(0, n);
      return { t: part(t), q: part(q), goal: part(goal), speed: part(speed), torqueEnable: part(te) };
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
    this._core._call('fxb_joint_prepare', [this._p, num('Z', Z, { min: Number.MIN_VALUE })], { names: LAW_FIELDS });
  }
  /** Per step (no checks: the view calls these a thousand times a second). */
  setZ(Z) { this._core._m._fxb_joint_set_z(this._p, Z); }
  goal(g, torqueEnable = 1) { this._core._m._fxb_joint_goal(this._p, g, torqueEnable ? 1 : 0); }
  /** IMPLICIT: the force to add to the dof, τm + f [N·m]. */
  step(q, v, vFree, tauE) { return this._core._m._fxb_joint_step(this._p, q, v, vFree, tauE); }
  /** FRICTIONLOSS/NOSLIP: dof_frictionloss at the state [N·m] (tauM: add it to the dof). */
  loss(q, v, tauE) { return this._core._m._fxb_joint_loss(this._p, q, v, tauE); }
  restLoss() { this._live(); return this._core._m._fxb_joint_rest_loss(this._p); }
  damping() { this._live(); return this._core._m._fxb_joint_damping(this._p); }
  /** The last step's friction [N·m], motor torque [N·m], budget [N·m] and stuck flag. */
  get tauF() { return this._core._f64()[(this._p + this._off.tau_f) / F64]; }
  get tauM() { return this._core._f64()[(this._p + this._off.tau_m) / F64]; }
  get budget() { return this._core._f64()[(this._p + this._off.budget) / F64]; }
  get stuck() { return this._core._m.HEAP32[(this._p + this._off.stuck) / 4] !== 0; }
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
  constructor(core, p, buf, n, writes) {
    this._core = core;
    this._p = p;
    this._buf = buf;
    this.n = n;
    /** What the model gets at the start, per joint: dof_frictionloss, dof_damping [N·m, N·m·s/rad]. */
    this.frictionloss = writes.slice(0, n);
    this.damping = writes.slice(n, 2 * n);
    /** What opt.noslip_iterations gets. */
    this.noslipIterations = writes[2 * n];
    /** 0: the exact one-joint step (the caller gives minv, qacc_smooth,
     *  qfrc_smooth, qfrc_constraint); else the semi-implicit step (the load's
     *  parts and the last step's qacc, qfrc_smooth). */
    this.several = writes[2 * n + 1];
    this._views = null;
    this.joints = Array.from({ length: n }, (_, i) => new Joint(core, core._m._fxb_mj_joint(p, i), false));
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
      const names = TABLES.mj_step_inputs;
      this._views = { heap: heap.buffer, in: Object.fromEntries(names.map((name, k) => [name, at(k)])),
        out: { force: at(names.length), frictionloss: at(names.length + 1) } };
    }
    return this._views;
  }
  /** The step's inputs by name (q, v, minv, qacc_smooth, qfrc_smooth,
   *  qfrc_constraint, qacc, qfrc_passive, qfrc_bias, qfrc_applied,
   *  qfrc_actuator, goal), each n values: what fric_mujoco_step_in reads
   *  (goal: NaN where the joint has no goal source). */
  inputs() { return this._arrays().in; }
  /** The last step's results: force (add to qfrc_passive), frictionloss (the dof's, loss treatments). */
  outputs() { return this._arrays().out; }
  /** One step (no checks, no allocation: the view calls it a thousand times a second). */
  step() { this._core._m._fxb_mj_step(this._p, this._buf, this._buf + F64 * this.n * TABLES.mj_step_inputs.length); }
  goal(i, g, torqueEnable = 1) { this._core._m._fxb_mj_goal(this._p, i, g, torqueEnable ? 1 : 0); }
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

/** core.regions: fric_regions.h: static/drive/backdrive regions. */
class RegionsApi {
  constructor(core) { this._core = core; }

  _law(law) {
    // law: { kind: 'servo', friction: {model, K_c, …} } or { kind: 'screw', eta1, eta2, eta1s, eta2s, tau_c, b_v }
    // (fields left out: the default shown; the values' ranges are the core's check).
    // A screw travels as its fric_screw fields in the layout's order.
    obj('law', law, "a regions law { kind: 'servo', friction } or { kind: 'screw', eta1, eta2, … }");
    const field = (o, pre, k, def) => numberType(`${pre}${k}`, o[k] ?? def);
    if (law.kind === 'screw') {
      const def = { eta1s: law.eta1, eta2s: law.eta2, tau_c: 0, b_v: 0 };
      return [1, Float64Array.from(LAYOUTS.screw.fields, ([k]) => field(law, 'law.', k, def[k]))];
    }
    if (law.kind !== 'servo' && law.kind !== undefined) {
      throw argError(RangeError, 'law.kind', `law.kind = ${show(law.kind)} is not a regions law; use 'servo' or 'screw'.`);
    }
    obj('law.friction', law.friction, `the servo friction numbers { ${SERVO_KEYS.slice(0, 4).join(', ')}, … }`);
    return [0, Float64Array.from(SERVO_KEYS, (k) => field(law.friction, 'law.friction.', k, 0))];
  }

  /** Static/drive/backdrive boundaries over τm ∈ [−T, T] at velocity dtheta:
   *  { tauM, lo, hi } (±Infinity where unbounded). Throws the core's message. */
  polyline(law, dtheta, T, n = 200) {
    const [kind, c] = this._law(law);
    num('dtheta', dtheta);
    num('T', T, { min: Number.MIN_VALUE });
    num('n', n, { min: 2, max: 1e7, integer: true });   // the core's sample bound (regions_plot.c)
    const cap = n + 80, F = Float64Array, names = kind === 0 ? SERVO_KEYS : [];
    this._core._call('fxb_regions_check', [kind, inp(c), c.length, dtheta], { names });
    const { rc: count, out: [tauM, lo, hi] } = this._core._call('fxb_regions_polyline',
      [kind, inp(c), c.length, dtheta, T, n, out(F, cap), out(F, cap), out(F, cap), cap], { names, ok: (rc) => rc >= 0 });
    return { tauM: tauM.slice(0, count), lo: lo.slice(0, count), hi: hi.slice(0, count) };
  }

  /** Region codes (0 static, 1 drive, 2 backdrive) on an nx × ny grid of
   *  cell centres over [−T, T]², row 0 at τe = +T (any finite T > 0, up to
   *  the largest double). Throws the core's message for an invalid law. */
  grid(law, dtheta, T, nx, ny) {
    const [kind, c] = this._law(law);
    num('dtheta', dtheta);
    num('T', T, { min: Number.MIN_VALUE });
    num('nx', nx, { min: 1, max: maxItems(1), integer: true });
    num('ny', ny, { min: 1, max: maxItems(1), integer: true });
    if (nx * ny > maxItems(1)) {
      throw argError(RangeError, 'nx', `nx·ny = ${nx}·${ny} = ${nx * ny} cells; at most ${maxItems(1)} are accepted (one byte each, below 2^31 bytes).`);
    }
    return this._core._call('fxb_regions_grid', [kind, inp(c), c.length, dtheta, T, nx, ny, out(Uint8Array, nx * ny)],
      { names: kind === 0 ? SERVO_KEYS : [] }).out[0];
  }

  /** 'static', 'drive', 'backdrive' or 'invalid' (a point no region holds) at
   *  (τm, τe). Throws the core's message for an invalid law. */
  at(law, dtheta, tauM, tauE) {
    const [kind, c] = this._law(law);
    num('dtheta', dtheta);
    num('tauM', tauM);
    num('tauE', tauE);
    // an invalid law is refused with the core's message (not answered 'invalid')
    this._core._call('fxb_regions_check', [kind, inp(c), c.length, dtheta], { names: kind === 0 ? SERVO_KEYS : [] });
    const r = this._core._call('fxb_regions_classify', [kind, inp(c), c.length, dtheta, tauM, tauE], { ok: () => true }).rc;
    return ['static', 'drive', 'backdrive'][r] || 'invalid';
  }
}

/** core.fit: fric_fit.h: identification (batch of logs, search space, ask/tell).
 *  Parameter vectors p are FIT_N numbers in the order of paramKeys() (the
 *  params-file keys: kt, R, armature, q_offset, friction_base, …). */
class FitApi {
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
    return this._core._m._fxb_fit_default_budget(this._core._fitModel('model', model));
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
    if (actuator === undefined) return this.paramKeys().map((_, i) => this._core._m._fxb_fit_rel(0, k, i) !== 0);
    const a = this._core._fitActuator(actuator);
    return this.paramKeys().map((_, i) => this._core._call('fxb_fit_param_applies', [cstr(a), k, i], { ok: () => true }).rc !== 0);
  }

  /** true when a fitted `big` can start from a fitted `small` unchanged (fric_fit_contains). */
  contains(big, small) {
    return this._core._m._fxb_fit_rel(1, this._core._fitModel('big', big), this._core._fitModel('small', small)) !== 0;
  }

  /** p of model `big` from p of model `small` (fric_fit_embed); throws when big does not contain small. */
  embed(small, p, big) {
    const names = this._core._fitNames(), N = names.length;
    const a = this._core._fitModel('small', small), b = this._core._fitModel('big', big);
    const x = f64s('p', p, { length: N, names });
    return this._core._call('fxb_fit_embed', [a, inp(x), b, out(Float64Array, N)], { names }).out[0];
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
    const { rc: from, out: [start] } = this._core._call('fxb_fit_chain_start', [k, inp(loss), inp(best), out(Float64Array, N)],
      { names, ok: (rc) => rc >= 0 });
    return { from, start: from ? start : null };
  }

  /** The params file of fit vector p of (actuator, model) fitted with
   *  integrator (INTEGRATORS; 'bam' the default, not written), the text
   *  `friction fit --out` writes for it (fric_fit_params_file, the one
   *  conversion, then the one writer); fit: { trainMae, holdoutMae, logs,
   *  evaluations } or undefined. */
  paramsText(p, actuator, model, fit, integrator = 'bam') {
    const names = this._core._fitNames(), N = names.length, k = this._core._fitModel('model', model);
    const x = f64s('p', p, { length: N, names });
    const f = fitSummary(fit), ig = this._core._integrator(integrator);
    for (let cap = 1024; ;) {
      const args = [cstr(this._core._fitActuator(actuator)), k, ig, inp(x), f ? inp(f) : 0, out(Uint8Array, cap), cap];
      const { rc, out: [text] } = this._core._call('fxb_fit_params_write', args, { names, ok: (n) => n >= 0 });
      if (rc < cap) return new TextDecoder().decode(text.subarray(0, rc));
      cap = rc + 1;
    }
  }

  /** The published parameters of (actuator, model) as a vector (fric_fit_preset_params). */
  presetParams(actuator, model) {
    const names = this._core._fitNames(), N = names.length, k = this._core._fitModel('model', model);
    return this._core._call('fxb_fit_preset_params', [cstr(this._core._fitActuator(actuator)), k, out(Float64Array, N)], { names }).out[0];
  }

  /** The default search space of (actuator, model) (fric_fit_space_default):
   *  { lo, hi, value: Float64Array, free: boolean[], used: boolean[] } indexed like fit.paramKeys(). */
  space(actuator, model) {
    const names = this._core._fitNames(), N = names.length, k = this._core._fitModel('model', model), F = Float64Array;
    const { out: [lo, hi, fr, value] } = this._core._call('fxb_fit_space_default',
      [cstr(this._core._fitActuator(actuator)), k, out(F, N), out(F, N), out(F, N), out(F, N)], { names });
    return { lo, hi, free: Array.from(fr, (v) => v !== 0), value, used: this.paramUsed(k, actuator) };
  }

  /** null when the space is usable for the model (fric_fit_space_check), else
   *  { message, param } (param: the parameter's key). */
  spaceProblem(model, space) {
    const k = this._core._fitModel('model', model);
    if (!this._core._call('fxb_fit_space_check', [k, ...this._space(space)], { ok: () => true }).rc) return null;
    const e = this._core._fail(this._core._fitNames());
    return { message: e.message, param: e.param };
  }

  /** The bench scenario's parameter vector that replays fit vector p of
   *  (actuator, model) with the fit's treatment (clip) and integrator
   *  (INTEGRATORS, 'bam' the default): for bench.replay, so that a candidate
   *  can be watched on a log (kp, mass, length, vin and dt come from the log). */
  benchParams(p, actuator, model, integrator = 'bam') {
    const names = this._core._fitNames(), N = names.length, k = this._core._fitModel('model', model);
    const x = f64s('p', p, { length: N, names });
    const n = this._core.scenario.find('bench').params.length, ig = this._core._integrator(integrator);
    return this._core._call('fxb_fit_bench_params', [cstr(this._core._fitActuator(actuator)), k, inp(x),
      TREATMENTS.indexOf('clip'), ig, out(Float64Array, n), n], { names }).out[0];
  }

  /** Marks the logs whose header kp equals kp (fric_fit_split_kp): Uint8Array of 0/1. */
  splitKp(logs, kp, sources) {
    num('kp', kp);
    return this._withLogs(logs, sources, (hs) => this._core._call('fxb_fit_split_kp',
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
      return this._core._call('fxb_fit_caution', [inp(hs), hs.length, inp(v), t, vm, out(Uint8Array, 2048), 2048], { ok: (n) => n >= 0 });
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
      return this._core._call('fxb_fit_rig_caution', [inp(hs), hs.length, inp(v), k, out(Uint8Array, 1024), 1024], { ok: (n) => n >= 0 });
    });
    return rc > 0 ? new TextDecoder().decode(text.subarray(0, Math.min(rc, 1023))) : null;
  }

  /** Uint8Array: 1 for the logs of the alternate split's validation half
   *  (fric_fit_split_alternate: the rank of the log's kp plus the index of its
   *  trajectory is odd, so every kp and every trajectory is in both halves). */
  splitAlternate(logs, sources) {
    return this._withLogs(logs, sources, (hs) => this._core._call('fxb_fit_split_alternate',
      [inp(hs), hs.length, out(Uint8Array, hs.length)], { ok: (rc) => rc >= 0 }).out[0]);
  }

  /** The logs (parsed BAM JSON objects) as one batch (fric_fit_batch_create:
   *  each log checked by io's rules and resampled once); call free() when
   *  done. A refused log throws as io.checkLog, with .index (which log) and
   *  .source (its name). */
  batch(logs, sources) {
    const h = this._withLogs(logs, sources,
      (hs) => this._core._call('fxb_fit_batch_new', [inp(hs), hs.length], { ok: (rc) => rc !== 0 }).rc);
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
    const space = this._space(def.space), actuator = cstr(this._core._fitActuator(def.actuator));
    const f = this._core._call('fxb_fit_new', [batch._h, actuator, k, ig, ...space, budget, seed, sigma0, restarts, st ? inp(st) : 0],
      { names, ok: (rc) => rc !== 0 }).rc;
    return new Fit(this._core, f, batch);
  }
}

export class FrictionCore {
  constructor(mod) {
    this._m = mod;
    // the groups, one per core header (see the table at the top of this file)
    this.law = new LawApi(this);
    this.scenario = new ScenarioApi(this);
    this.bench = new BenchApi(this);
    this.io = new IoApi(this);
    this.regions = new RegionsApi(this);
    this.fit = new FitApi(this);
    this.mujoco = new MujocoApi(this);
    this.robot = new RobotApi(this);     // fric_robot.h: wasm/robot.js
  }

  // --- memory helpers: every allocation is released in a finally block
  _alloc(bytes) {
    // the callers check their counts first (naming the argument); this is the last guard
    if (!Number.isInteger(bytes) || bytes < 0 || bytes >= MAX_BYTES) {
      throw argError(RangeError, 'bytes', `a wasm allocation of ${bytes} bytes was refused (at most ${MAX_BYTES - 1}).`);
    }
    const p = this._m._malloc(Math.max(bytes, 8));
    if (!p) throw new Error(`out of wasm memory (asked for ${bytes} bytes)`);
    return p;
  }
  _free(p) { if (p) this._m._free(p); }
  _f64() { return this._m.HEAPF64; } // re-read after every call that may grow memory
  _str(p) { return this._m.UTF8ToString(p); }
  _error() { return this._str(this._m._fxb_last_error()); }
  /** The last core failure as an Error: message, code (status name) and
   *  param (names[index] of the parameter at fault, or null). */
  _fail(names = []) {
    const m = this._m, j = m._fxb_last_param();
    return coreError(this._error(), this._str(m._fxb_status_name(m._fxb_last_status())),
      j >= 0 && j < names.length ? names[j] : null);
  }

  /** A copy of typed array a in new wasm memory (the caller frees it). */
  _put(a) {
    const p = this._alloc(a.byteLength);
    this._m.HEAPU8.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), p);
    return p;
  }

  /** n items of typed-array type T at p, copied out. */
  _get(T, p, n) { return new T(this._m.HEAPU8.slice(p, p + n * T.BYTES_PER_ELEMENT).buffer); }

  /** The struct of layout `name` at p as an object keyed by its fields
   *  (nested structs as objects, arrays as Float64Array, char pointers as
   *  strings, '' for NULL; pointers as numbers). */
  _read(name, p) {
    const o = {};
    for (const [field, , kind, offset, count] of LAYOUTS[name].fields) o[field] = this._value(kind, p + offset, count);
    return o;
  }

  _value(kind, a, count) {
    const v = new DataView(this._m.HEAPU8.buffer);
    switch (kind) {
      case 'f64': return count === 1 ? v.getFloat64(a, true) : Float64Array.from({ length: count }, (_, i) => v.getFloat64(a + 8 * i, true));
      case 'i32': return v.getInt32(a, true);
      case 'u32': case 'ptr': case 'strs': return v.getUint32(a, true);
      case 'i64': return Number(v.getBigInt64(a, true));
      case 'u64': return Number(v.getBigUint64(a, true));
      case 'str': { const s = v.getUint32(a, true); return s ? this._str(s) : ''; }
      case 'chars': return this._m.UTF8ToString(a, count);
      default: return this._read(kind, a);
    }
  }

  /** The n strings of a `strs` field (a pointer to n char pointers; NULL ones give ''). */
  _strs(p, n) { return Array.from({ length: p ? n : 0 }, (_, i) => this._value('str', p + 4 * i, 1)); }

  /**
   * The one marshalling path: calls export `fn` with args (numbers and
   * handles as they are; inp, out, outStruct and cstr buffers allocated and
   * copied in first), then copies the outputs out and frees every buffer in
   * a finally block. ok(rc) false (default: rc !== 0 fails) throws the
   * core's message (_fail(names)). Returns { rc, out: [each out / outStruct, in order] }.
   */
  _call(fn, args, { names = [], ok = (rc) => rc === 0 } = {}) {
    const ptrs = [], outs = [];
    try {
      const argv = args.map((a) => {
        if (typeof a === 'number') return a;
        const p = a.in ? this._put(a.in) : this._alloc(a.out ? a.n * a.out.BYTES_PER_ELEMENT : LAYOUTS[a.struct].size);
        ptrs.push(p);
        if (!a.in) outs.push({ ...a, p });
        return p;
      });
      const rc = this._m[`_${fn}`](...argv);
      if (!ok(rc)) throw this._fail(names);
      return { rc, out: outs.map((o) => (o.struct ? this._read(o.struct, o.p) : this._get(o.out, o.p, o.n))) };
    } finally {
      ptrs.forEach((p) => this._free(p));
    }
  }

  /** Bytes of wasm heap in use (for leak checks). */
  heapUsed() { return this._m._fxb_heap_used(0); }
  /** malloc's counters (for heap-integrity checks): { used, free } bytes. */
  heapStats() { return { used: this._m._fxb_heap_used(0), free: this._m._fxb_heap_used(1) }; }

  /** Runs fn(Log) with the parsed log loaded, then frees it. */
  _withLog(log, source, fn) {
    const L = this.io.loadLog(log, source);
    try {
      return fn(L);
    } finally {
      L.free();
    }
  }


  _fitNames() { return this.fit.paramKeys().map((k) => k.key); }

  /** 1..6 from a model given as 'm4', 'M4' or 4 (a RangeError naming `name` otherwise). */
  _fitModel(name, v) {
    let k = v;
    if (typeof v === 'string' && /^[mM][1-6]$/.test(v)) k = Number(v.slice(1));
    if (typeof k !== 'number' && typeof v !== 'string') throw argError(TypeError, name, `${name} must be a model m1 … m6 (or 1 … 6), found ${show(v)}.`);
    if (!Number.isInteger(k) || k < 1 || k > 6) throw argError(RangeError, name, `${name} = ${show(v)} is not a model; use m1 … m6 (or 1 … 6).`);
    return k;
  }

  /** The index of an integrator name (INTEGRATORS); a bad one names the
   *  argument and the choices. */
  _integrator(v) {
    const k = INTEGRATORS.indexOf(v);
    if (k < 0) throw coreError(`integrator = ${show(v)} is not one of the bench's integrators: use ${INTEGRATORS.join(' or ')}.`, 'FRIC_E_PARAM_RANGE', 'integrator');
    return k;
  }

  _fitActuator(v) {
    if (typeof v !== 'string' || !v) {
      throw argError(TypeError, 'actuator', `actuator must be an actuator name such as 'xl330', found ${show(v)}.`);
    }
    return v;
  }


}

/** A checked log in wasm memory (io.loadLog): the core's handle and the arrays
 *  it views. free() releases both; a freed log refuses every use. */
export class Log {
  constructor(core, h, ptrs) {
    this._core = core;
    this._h = h;
    this._ptrs = ptrs;
  }
  _live() { if (!this._h) throw new Error('log used after free()'); }
  /** The samples the replay scores (fric_io_log_samples). */
  get samples() { this._live(); return this._core._m._fxb_log_samples(this._h); }
  free() {
    if (this._h) {
      this._core._m._fxb_log_free(this._h);
      this._ptrs.forEach((p) => this._core._free(p));
      this._h = 0;
      this._ptrs = [];
    }
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
    const { out: [loss, mae] } = core._call('fxb_fit_losses',
      [this._h, cstr(core._fitActuator(actuator)), k, core._integrator(integrator), inp(x), count, out(F, count), out(F, count * this.logs)], { names });
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
    const { out: [loss] } = core._call('fxb_fit_losses_fast',
      [this._h, cstr(core._fitActuator(actuator)), k, core._integrator(integrator), inp(x), count, out(F, count), out(F, count * this.logs)], { names });
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
    const call = (free) => core._call('fxb_fit_sensitivity', [this._h, cstr(core._fitActuator(actuator)), k, ig,
      lo, hi, inp(free), value, inp(x), tol, out(F, 6 * N), out(F, 1)], { names }).out;
    const range = (o, i) => ({ key: names[i], index: i, value: x[i], lower: o[6 * i], upper: o[6 * i + 1],
      lowerClamped: o[6 * i + 2] !== 0, upperClamped: o[6 * i + 3] !== 0, logScale: o[6 * i + 5] !== 0 });
    const free = Float64Array.from(space.free, (v) => (v ? 1 : 0));
    if (!onParam) {
      const [o, base] = call(free);
      const ranges = [];
      for (let i = 0; i < N; i++) if (o[6 * i + 4]) ranges.push(range(o, i));
      return { base: base[0], threshold: base[0] * (1 + tol), tolerance: tol, ranges };
    }
    const idx = [...free.keys()].filter((i) => free[i]), ranges = [];
    let b = NaN;
    for (const i of idx) {
      const one = new F(N);
      one[i] = 1;
      const [o, base] = call(one);
      b = base[0];
      ranges.push(range(o, i));
      onParam(ranges.length, idx.length, ranges[ranges.length - 1]);
    }
    if (!idx.length) b = this.loss(x, actuator, model);
    return { base: b, threshold: b * (1 + tol), tolerance: tol, ranges };
  }
  free() { if (this._h) { this._core._m._fxb_fit_batch_free(this._h); this._h = 0; } }
}

/** A fit in progress (fit.create): ask() the candidates, tell() their losses. */
export class Fit {
  constructor(core, f, batch) {
    this._core = core;
    this._f = f;
    this.batch = batch;
    this.lambdaMax = core._m._fxb_fit_lambda_max(f);
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
    const k = core._m._fxb_fit_ask(this._f, this._P, this.lambdaMax);
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
    return this._core._call('fxb_fit_tell', [this._f, inp(x)], { ok: () => true }).rc;
  }

  /** Cancel: the next ask() returns null. */
  stop() { this._live(); this._core._m._fxb_fit_stop(this._f); }

  /** { generation, run, lambda, evals, budget, steps, bestLoss, genBestLoss,
   *  sigma, clamped, done (0 running, else a stop reason), doneName, best,
   *  stage, stages, stageModel, racer, racing, attempt, attempts, phase }
   *  (fric_fit_progress, its fields in camelCase; phase:
   *  fric_fit_progress_phase, "try 1 of 2, stage 1 of 3: M3, racer 2 of 2,
   *  first run"). */
  progress() {
    this._live();
    const core = this._core;
    const p = core._call('fxb_fit_progress', [this._f, outStruct('fit_progress')]).out[0];
    const o = Object.fromEntries(Object.entries(p).map(([k, v]) => [camel(k), v]));
    o.doneName = o.done ? core._str(core._m._fxb_fit_stop_name(o.done)) : '';
    const { rc, out: [text] } = core._call('fxb_fit_phase', [this._f, out(Uint8Array, 256), 256], { ok: (n) => n >= 0 });
    o.phase = new TextDecoder().decode(text.subarray(0, Math.min(rc, 255)));
    return o;
  }

  free() {
    if (this._f) {
      this._core._m._fxb_fit_free(this._f);
      this._core._free(this._P);
      this._f = 0;
      this._P = 0;
    }
  }
}

export class LookupTable {
  constructor(core, ptr) { this._core = core; this._p = ptr; }
  get bytes() { this._live(); return this._core._m._fxb_lut_bytes(this._p); }
  _live() { if (!this._p) throw new Error('look-up table used after free()'); }
  eval(xs) {
    this._live();
    const x = f64s('xs', xs, { itemBytes: 2 * F64 });
    // a value beyond the largest double is the core's refusal (fric_law_eval), param 'D'
    return this._core._call('fxb_lut_eval', [this._p, inp(x), out(Float64Array, x.length), x.length],
      { names: LAW_FIELDS }).out[0];
  }
  free() { if (this._p) { this._core._m._fxb_lut_free(this._p); this._p = 0; } }
}

export class Simulation {
  constructor(core, info, params) {
    this._core = core;
    this.info = info;
    this.cols = info.cols.map((c) => c.name);
    this.params = params;
    this._state = core._alloc(info.stateBytes + 16);
    this._rowsCap = 0;
    this._rows = 0;
    this._shape = 0;
    this.done = false;
    try {
      this.reset(params);
    } catch (e) {
      this.free();
      throw e;
    }
  }

  /** Restart from the initial state, optionally with new parameter values. */
  reset(params = this.params) {
    this._live();
    const names = this._names();
    const x = f64s('params', params, { length: names.length, names });
    this._core._call('fxb_scn_init', [this.info.index, this._aligned(), inp(x), x.length], { names });
    this.params = Float64Array.from(x);
    this.done = false;
  }

  /** Applies new parameter values without restarting (throws if the scenario
   *  cannot, or a value is invalid; the simulation then keeps its old values). */
  retune(params) {
    this._live();
    const names = this._names();
    const x = f64s('params', params, { length: names.length, names });
    this._core._call('fxb_scn_retune', [this.info.index, this._aligned(), inp(x), x.length], { names });
    this.params = Float64Array.from(x);
  }

  _aligned() { return (this._state + 15) & ~15; }
  _live() { if (!this._state) throw new Error('simulation used after free()'); }
  _names() { return this.info.params.map((q) => q.name); }

  /** Advances up to n rows. Returns { rows: Float64Array (count × cols), count, done }.
   *  Throws the core's message (naming the step and state) if the state stopped being finite. */
  step(n) {
    this._live();
    const core = this._core, nc = this.cols.length;
    // rows of nc doubles each, one buffer below 2^31 bytes
    num('n', n, { min: 1, max: maxItems(nc * F64), integer: true });
    if (n > this._rowsCap) {
      core._free(this._rows);
      this._rows = 0;
      this._rowsCap = 0;
      this._rows = core._alloc(n * nc * F64);
      this._rowsCap = n;
    }
    const k = core._m._fxb_scn_step(this.info.index, this._aligned(), this._rows, n);
    const count = k < 0 ? -1 - k : k;
    const rows = core._f64().slice(this._rows / F64, this._rows / F64 + count * nc);
    if (k < 0) {
      this.done = true;
      const err = core._fail(this._names());
      err.rows = rows;
      throw err;
    }
    if (count < n) this.done = true;
    return { rows, count, done: this.done };
  }

  /** The mechanism's picture after the last step: a Float64Array of
   *  (x, y, mark) triples, x and y in metres (a chain: its joints from the
   *  base to the tip, mark 1 stuck / 0 slipping in the last step, −1 at the
   *  tip), or null when the scenario has none (its columns are the picture). */
  shape() {
    this._live();
    const core = this._core, max = this.info.shapePoints;
    if (!max) return null;
    if (!this._shape) this._shape = core._alloc(max * 3 * F64);
    const k = core._m._fxb_scn_shape(this.info.index, this._aligned(), this._shape, max);
    if (k < 0) return null;
    return core._f64().slice(this._shape / F64, this._shape / F64 + 3 * k);
  }

  free() {
    const core = this._core;
    core._free(this._shape);
    this._shape = 0;
    core._free(this._rows);
    core._free(this._state);
    this._rows = 0;
    this._state = 0;
    this._rowsCap = 0;
  }
}

/** Loads the wasm module. options.wasmBinary: the bytes of friction_core.wasm
 *  (Node: fs.readFileSync; browser: fetched by the caller, which can show progress). */
export async function loadFrictionCore(options = {}) {
  const mod = await createFrictionCore(options);
  const core = new FrictionCore(mod);
  // the boundary's description (layouts, tables, constants), once per page
  // (every module instance has the same)
  if (!LAW_KINDS.length) {
    const n = mod._fxb_boundary(0, 0);
    const [text] = core._call('fxb_boundary', [out(Uint8Array, n + 1), n + 1], { ok: (rc) => rc === n }).out;
    const b = JSON.parse(new TextDecoder().decode(text.subarray(0, n)));
    Object.assign(LAYOUTS, b.layouts);
    Object.assign(TABLES, b.tables);
    Object.assign(CONSTANTS, b.constants);
    LAW_KINDS.push(...TABLES.law_kinds);
    LAW_FIELDS.push(...TABLES.law_fields);
    SERVO_KEYS.push(...TABLES.servo_fields);
    SERVO_FILE_KEYS.push(...TABLES.servo_keys);
    TREATMENTS.push(...TABLES.treatments);
    MJ_TREATMENTS.push(...TABLES.mj_treatments);
    MJ_CONSTANTS.noslipIterations = CONSTANTS.mj_noslip_iterations;
    MJ_CONSTANTS.maxJoints = CONSTANTS.mj_max_joints;
    INTEGRATORS.push(...TABLES.integrators);
  }
  return core;
}
