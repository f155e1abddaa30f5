// friction.js: the one JavaScript wrapper around the WebAssembly build of the
// friction core. It owns every byte of wasm memory: callers pass and receive
// plain numbers, objects and typed arrays; core errors become thrown Errors
// carrying the core's message, its status (`code`, the fric_status name such
// as 'FRIC_E_NO_TRANSFORM') and the parameter at fault (`param`, its name, or
// null). The tables below (law names, servo coefficients, treatments) are the
// core's own, read when the module loads. Objects that hold wasm memory (LookupTable,
// Simulation, FitBatch, Fit) have free(); everything else frees before it returns.
//
// Every argument of every public function is checked before any wasm memory is
// touched (type, finiteness, integer-ness, array length against what the C side
// reads, bytes against the wasm heap): a bad one throws a TypeError (wrong type)
// or RangeError (wrong value) whose message names the argument and the accepted
// range, with code 'FRIC_E_PARAM_RANGE' and param (the argument's name). The C
// bindings check counts again (wasm/bindings.c, defence in depth).
//
//   import { loadFrictionCore } from './friction.js';
//   const core = await loadFrictionCore({ wasmBinary });     // bytes of friction_core.wasm
//   const y = core.phiZ({ kind: 'stribeck', Fs: 2.5, Fc: 0.4, vs: 0.06, D: 4.5, alpha: 1 },
//                       1 / 55, Float64Array.of(0.01, 0.1));
import createFrictionCore from '../build/wasm/friction_core.mjs';

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

export class FrictionCore {
  constructor(mod) {
    this._m = mod;
    this._scenarios = null;
    this._presets = null;
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

  /** Bytes of wasm heap in use (for leak checks). */
  heapUsed() { return this._m._fxb_heap_used(0); }
  /** malloc's counters (for heap-integrity checks): { used, free } bytes. */
  heapStats() { return { used: this._m._fxb_heap_used(0), free: this._m._fxb_heap_used(1) }; }

  // --- laws and transforms
  /** null when the law is valid with this Z, otherwise the core's message. */
  checkLaw(law, Z) {
    const p = this.lawProblem(law, Z);
    return p ? p.message : null;
  }

  /** The accepted range of every law field and of Z, from the core's one
   *  table (friction.h): { Fs: [lo, hi], Fc: …, vs, D, alpha, Z }. */
  lawFieldRanges() {
    const out = {};
    LAW_FIELDS.forEach((name, i) => { out[name] = [this._m._fxb_law_field_range(i, 0), this._m._fxb_law_field_range(i, 1)]; });
    return out;
  }

  /** The law fields ('Fs', 'Fc', 'vs', 'D', 'alpha') a law kind uses, in order. */
  lawFields(kind) {
    const k = lawArgs({ kind })[0];
    return LAW_FIELDS.filter((_, i) => this._m._fxb_law_field_used(k, i) !== 0);
  }

  /** null when the law is valid with this Z, otherwise { code, param, message }
   *  (code 'FRIC_E_NO_TRANSFORM' when Kikuuwe's eq. 15 fails; param 'Fs', …, 'Z'). */
  lawProblem(law, Z) {
    // Z may be ±Infinity or NaN here (1/0 from a view): the core reports it as the problem
    const args = lawArgs(law);
    if (!this._m._fxb_law_check(...args, numberType('Z', Z))) return null;
    const e = this._fail(LAW_FIELDS);
    return { code: e.code, param: e.param, message: e.message };
  }

  _eval(law, Z, which, xs) {
    const args = lawArgs(law);
    numberType('Z', Z);      // its range (finite, > 0) is the core's check, named 'Z'
    const x = f64s('xs', xs, { itemBytes: 2 * F64 });
    const n = x.length;
    let px = 0, py = 0;
    try {
      px = this._alloc(n * F64);
      py = this._alloc(n * F64);
      this._f64().set(x, px / F64);
      if (this._m._fxb_law_eval(...args, Z, which, px, py, n)) throw this._fail(LAW_FIELDS);
      return this._f64().slice(py / F64, py / F64 + n);
    } finally {
      this._free(px);
      this._free(py);
    }
  }
  /** Φ(v) for each v. Throws the core's message for an invalid law. */
  phi(law, vs) { return this._eval(law, 1, 0, vs); }
  /** Exact Φ_Z(x) (Kikuuwe Theorem 1). */
  phiZ(law, Z, xs) { return this._eval(law, Z, 1, xs); }
  /** Kikuuwe's approximation Φ̂_Z (eq. 46). */
  phiZApprox(law, Z, xs) { return this._eval(law, Z, 2, xs); }
  /** Φ(+0): the static friction level [N]. */
  phiPlus0(law) {
    const args = lawArgs(law);
    // the law's own check (fric_law_check_params: Z plays no part), no points
    if (this._m._fxb_law_eval(...args, 1, 0, 0, 0, 0)) throw this._fail(LAW_FIELDS);
    return this._m._fxb_phi_plus0(...args);
  }
  /** W0(x), the principal branch of Lambert W, for x >= −1/e (x = +Infinity
   *  gives Infinity); NaN, non-numbers and x < −1/e are refused. */
  lambertW0(x) { return this._m._fxb_lambert_w0(num('x', x, { min: -1 / Math.E, finite: false })); }

  /** An error-bounded look-up table of Φ_Z; call free() when done. */
  lookupTable(law, Z, tol) {
    const args = lawArgs(law);
    // ranges: the core's (Z with the law, tol > 0 finite), named in its messages
    const p = this._m._fxb_lut_new(...args, numberType('Z', Z), numberType('tol', tol));
    if (!p) throw this._fail(LAW_FIELDS);
    return new LookupTable(this, p);
  }

  // --- scenarios
  /** Every simulated system with its parameters and columns (plain objects). */
  scenarios() {
    if (this._scenarios) return this._scenarios;
    const m = this._m, out = [];
    for (let i = 0; i < m._fxb_scn_count(); i++) {
      const nParams = m._fxb_scn_num(i, 0), nCols = m._fxb_scn_num(i, 1);
      const params = [];
      for (let j = 0; j < nParams; j++) {
        const nChoices = m._fxb_param_num(i, j, 3);
        const text = (what) => this._str(m._fxb_param_text(i, j, what));
        const choices = [], choiceHelp = [];
        for (let c = 0; c < nChoices; c++) {
          choices.push(text(100 + c));
          choiceHelp.push(text(200 + c));
        }
        const min = m._fxb_param_num(i, j, 1), max = m._fxb_param_num(i, j, 2);
        const lo = m._fxb_param_num(i, j, 5), hi = m._fxb_param_num(i, j, 6);
        const name = text(0);
        params.push({
          name,
          unit: text(1),
          help: text(2),
          // Presentation (the core may leave it out: fall back to name, min..max).
          label: text(3) || name,
          def: m._fxb_param_num(i, j, 0),
          min,
          max,
          lo: lo < hi ? lo : min,
          hi: lo < hi ? hi : max,
          log: m._fxb_param_num(i, j, 7) !== 0 && lo > 0 && lo < hi,
          preset: m._fxb_param_num(i, j, 8) !== 0,
          integer: m._fxb_param_num(i, j, 4) !== 0,
          // a figure `case` other than custom fixes this value
          fixedByCase: m._fxb_param_num(i, j, 9) !== 0,
          choices: nChoices ? choices : null,
          choiceHelp: nChoices && choiceHelp.every((h) => h) ? choiceHelp : null,
        });
      }
      const cols = [];
      for (let j = 0; j < nCols; j++) {
        cols.push({ name: this._str(m._fxb_col_text(i, j, 0)), unit: this._str(m._fxb_col_text(i, j, 1)),
                    help: this._str(m._fxb_col_text(i, j, 2)) });
      }
      const sc = { index: i, name: this._str(m._fxb_scn_text(i, 0)), summary: this._str(m._fxb_scn_text(i, 1)),
                   params, cols, stateBytes: m._fxb_scn_num(i, 2), shapePoints: m._fxb_scn_num(i, 3) };
      // The bench's preset-backed parameters (−1 = the preset's value):
      // resolvePresets(values) gives every value as the simulation uses it.
      if (sc.name === 'bench') sc.resolvePresets = (values) => this.benchResolve(values);
      out.push(sc);
    }
    this._scenarios = out;
    return out;
  }

  scenario(name) {
    if (typeof name !== 'string') throw argError(TypeError, 'name', `the scenario name must be a string (${this.scenarios().map((x) => x.name).join(', ')}), found ${show(name)}.`);
    const s = this.scenarios().find((x) => x.name === name);
    if (!s) throw coreError(`unknown scenario '${name}'; known: ${this.scenarios().map((x) => x.name).join(', ')}`, 'FRIC_E_UNKNOWN_NAME');
    return s;
  }

  /** Parameter values of a scenario: defaults overridden by `values`
   *  ({ name: number | choiceName }). Throws naming a bad name or value. */
  scenarioParams(name, values = {}) {
    const s = this.scenario(name);
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

  // --- servo presets, bench replay, drive/backdrive regions

  /** Identified servo presets: [{ actuator, dir, model, friction: {model, K_c, …},
   *  servo: { kt, R, armature, q_offset } }] (the values of params/<dir>/m<k>.json). */
  presets() {
    if (this._presets) return this._presets;
    const m = this._m, out = [];
    const names = SERVO_KEYS, n = names.length;
    const p = this._alloc(n * F64);
    try {
      for (let i = 0; i < m._fxb_preset_count(); i++) {
        if (m._fxb_preset_friction(i, p)) throw this._fail();
        const c = this._f64().slice(p / F64, p / F64 + n);
        const friction = {};
        names.forEach((k, j) => { friction[k] = c[j]; });
        if (m._fxb_preset_servo(i, p)) throw this._fail();
        const [kt, R, armature, q_offset] = this._f64().slice(p / F64, p / F64 + 4);
        out.push({ actuator: this._str(m._fxb_preset_text(i, 0)), dir: this._str(m._fxb_preset_text(i, 1)),
                   model: c[0], friction, servo: { kt, R, armature, q_offset } });
      }
    } finally {
      this._free(p);
    }
    this._presets = out;
    return out;
  }

  /** The bench scenario's parameter vector with every −1 (preset) resolved. */
  benchResolve(params) {
    const names = this._benchNames();
    const x = f64s('params', params, { length: names.length, names }), n = x.length;
    let pin = 0, pout = 0;
    try {
      pin = this._alloc(n * F64);
      pout = this._alloc(n * F64);
      this._f64().set(x, pin / F64);
      if (this._m._fxb_bench_resolve(pin, n, pout)) throw this._fail(names);
      return this._f64().slice(pout / F64, pout / F64 + n);
    } finally {
      this._free(pin);
      this._free(pout);
    }
  }

  /** The servo the bench parameters resolve to: { control: 'voltage'|'current',
   *  kt [N·m/A], R [Ω], armature [kg·m²], q_offset [rad], error_gain [1/rad],
   *  max_pwm, d_gain, max_amps [A], max_volts [V], kp, vin [V] }. */
  benchServo(params) {
    const names = this._benchNames();
    const x = f64s('params', params, { length: names.length, names });
    let pin = 0, pout = 0;
    try {
      pin = this._alloc(x.length * F64);
      pout = this._alloc(12 * F64);
      this._f64().set(x, pin / F64);
      if (this._m._fxb_bench_servo(pin, x.length, pout)) throw this._fail(names);
      const v = this._f64().slice(pout / F64, pout / F64 + 12);
      const keys = ['control', 'kt', 'R', 'armature', 'q_offset', 'error_gain', 'max_pwm', 'd_gain', 'max_amps',
        'max_volts', 'kp', 'vin'];
      const out = {};
      keys.forEach((k, j) => { out[k] = v[j]; });
      out.control = v[0] === 1 ? 'current' : 'voltage';
      return out;
    } finally {
      this._free(pin);
      this._free(pout);
    }
  }

  /** The keys of a log's header and entries, in the core's order (fric_io.h). */
  _logKeys() {
    if (!this._keys) {
      const list = (h) => {
        const out = [];
        for (let i = 0; ; i++) {
          const k = this._str(this._m._fxb_log_key(h, i));
          if (!k) return out;
          out.push(k);
        }
      };
      this._keys = { head: list(1), entry: list(0) };
    }
    return this._keys;
  }

  /** Hands the parsed log (JSON.parse's value) to the core's io rules as plain
   *  arrays (fric_io_log_raw: each value with its JSON kind), runs fn while it
   *  is loaded, then frees everything. A refused log throws an Error whose
   *  message is the core's and which carries code ("missing", "dt", … the
   *  fric_io_code names), field and entry (−1: the header). */
  _withLog(log, source, fn) {
    const ptrs = [];
    try {
      this._putLog(log, source, ptrs);
      return fn();
    } finally {
      this._m._fxb_log_unload();
      ptrs.forEach((p) => this._free(p));
    }
  }

  /** Loads one log (see _withLog) into wasm memory; its allocations are
   *  pushed to ptrs, which the caller frees after the core is done with the
   *  log (the checked log is a view into them). */
  _putLog(log, source, ptrs) {
    const { head, entry } = this._logKeys();
    const kindOf = (v) => (v === undefined ? 0 : typeof v === 'number' ? 1 : typeof v === 'boolean' ? 2
      : typeof v === 'string' ? 3 : Array.isArray(v) ? 4 : v === null ? 6 : typeof v === 'object' ? 5 : 6);
    const root = kindOf(log), obj = root === 5 ? log : {};
    const hk = Uint8Array.from(head, (k) => kindOf(obj[k]));
    const h = new Float64Array(6);
    for (let i = 0; i < 6; i++) h[i] = typeof obj[head[i]] === 'number' ? obj[head[i]] : 0;
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
      if (ek[k] !== 5) continue;
      for (let f = 0; f < E; f++) {
        const v = e[entry[f]], kd = kindOf(v);
        kind[f * n + k] = kd;
        if (kd === 1 || kd === 2) value[f * n + k] = Number(v);
      }
      if (unknown === undefined) {
        const u = Object.keys(e).find((x) => !entry.includes(x));
        if (u !== undefined) { unknown = u; unknownEntry = k; }
      }
    }
    const put = (arr) => {
      const p = this._alloc(arr.byteLength);
      ptrs.push(p);
      this._m.HEAPU8.set(new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength), p);
      return p;
    };
    const str = (x) => (typeof x === 'string' ? put(Uint8Array.from([...new TextEncoder().encode(x), 0])) : 0);
    const rc = this._m._fxb_log_load(root, put(hk), put(h), str(obj.motor), str(obj.trajectory), n, put(ek),
      put(kind), put(value), str(unknown), unknownEntry, str(String(source)), put(new Int32Array(Math.max(n, 1))));
    if (rc) {
      // code: the io library's code (FRIC_IO_…, more specific than the
      // status FRIC_E_LOG_INVALID); param: the field at fault
      const field = this._str(this._m._fxb_log_error_text(0));
      const err = coreError(this._error(), this._str(this._m._fxb_log_error_text(1)), field || null);
      err.status = 'FRIC_E_LOG_INVALID';
      err.field = field;
      err.entry = this._m._fxb_log_error(1);
      throw err;
    }
  }

  /** Checks a parsed log by the core's rules (the same as `friction replay`);
   *  returns its sample count, or throws (see _withLog). */
  checkLog(log, source = 'log') {
    return this._withLog(log, source, () => this._m._fxb_log_samples());
  }

  /** Replays a recorded log (the parsed BAM JSON object) with the bench
   *  parameters; returns { mae, maxErr, samples, dt, resampled, reversals,
   *  t, simQ, logQ, goal }: logQ and goal are the recorded series that is
   *  scored (the core's resampling, fric_io_log_sample). A refused log throws
   *  as checkLog. */
  benchReplay(params, log, source = 'log') {
    const names = this._benchNames();
    const x = f64s('params', params, { length: names.length, names });
    return this._withLog(log, source, () => {
      const samples = this._m._fxb_log_samples(), cap = Math.max(1, samples);
      const ptrs = [];
      const alloc = (bytes) => { const p = this._alloc(bytes); ptrs.push(p); return p; };
      try {
        const pp = alloc(x.length * F64);
        this._f64().set(x, pp / F64);
        const pq = alloc(cap * F64), pt = alloc(cap * F64), pl = alloc(cap * F64), pg = alloc(cap * F64);
        const pr = alloc(8 * F64);
        if (this._m._fxb_bench_replay(pp, x.length, pq, cap, pr)) throw this._fail(names);
        if (this._m._fxb_log_series(pt, pl, pg, cap)) throw this._fail();
        const H = this._f64(), r = H.slice(pr / F64, pr / F64 + 7);
        const part = (p) => H.slice(p / F64, p / F64 + samples);
        return { mae: r[0], maxErr: r[1], samples: r[2], dt: r[3], resampled: r[4] !== 0, reversals: r[5],
          t: part(pt), simQ: part(pq), logQ: part(pl), goal: part(pg) };
      } finally {
        ptrs.forEach((p) => this._free(p));
      }
    });
  }

  _benchNames() { return this.scenario('bench').params.map((q) => q.name); }

  /** The servo friction model's numbers, in binding order, as the core defines them:
   *  [{ field: 'K_c', key: 'friction_base', positive, models: [1, …, 6] }, …] (index 0: the model). */
  servoCoefs() {
    const m = this._m;
    return SERVO_KEYS.map((field, i) => ({
      field, key: SERVO_FILE_KEYS[i], positive: m._fxb_servo_coef(1, i, 1) !== 0,
      models: [1, 2, 3, 4, 5, 6].filter((k) => m._fxb_servo_coef(k, i, 0) !== 0),
    }));
  }

  _regionsLaw(law) {
    // law: { kind: 'servo', friction: {model, K_c, …} } or { kind: 'screw', eta1, eta2, eta1s, eta2s, tau_c, b_v }
    // (fields left out: the default shown; the values' ranges are the core's check)
    obj('law', law, "a regions law { kind: 'servo', friction } or { kind: 'screw', eta1, eta2, … }");
    const field = (o, pre, k, def) => numberType(`${pre}${k}`, o[k] ?? def);
    if (law.kind === 'screw') {
      return [1, Float64Array.of(field(law, 'law.', 'eta1'), field(law, 'law.', 'eta2'), field(law, 'law.', 'eta1s', law.eta1),
        field(law, 'law.', 'eta2s', law.eta2), field(law, 'law.', 'tau_c', 0), field(law, 'law.', 'b_v', 0))];
    }
    if (law.kind !== 'servo' && law.kind !== undefined) {
      throw argError(RangeError, 'law.kind', `law.kind = ${show(law.kind)} is not a regions law; use 'servo' or 'screw'.`);
    }
    obj('law.friction', law.friction, `the servo friction numbers { ${SERVO_KEYS.slice(0, 4).join(', ')}, … }`);
    return [0, Float64Array.from(SERVO_KEYS, (k) => field(law.friction, 'law.friction.', k, 0))];
  }

  /** Static/drive/backdrive boundaries over τm ∈ [−T, T] at velocity dtheta:
   *  { tauM, lo, hi } (±Infinity where unbounded). Throws the core's message. */
  regionsPolyline(law, dtheta, T, n = 200) {
    const [kind, c] = this._regionsLaw(law);
    num('dtheta', dtheta);
    num('T', T, { min: Number.MIN_VALUE });
    num('n', n, { min: 2, max: 1e7, integer: true });   // the core's sample bound (regions_plot.c)
    const cap = n + 80;
    const ptrs = [];
    const alloc = (b) => { const p = this._alloc(b); ptrs.push(p); return p; };
    try {
      const pc = alloc(c.byteLength);
      this._f64().set(c, pc / F64);
      if (this._m._fxb_regions_check(kind, pc, c.length, dtheta)) throw this._fail(kind === 0 ? SERVO_KEYS : []);
      const ptm = alloc(cap * F64), plo = alloc(cap * F64), phi = alloc(cap * F64);
      const count = this._m._fxb_regions_polyline(kind, pc, c.length, dtheta, T, n, ptm, plo, phi, cap);
      if (count < 0) throw this._fail(kind === 0 ? SERVO_KEYS : []);
      const H = this._f64();
      return { tauM: H.slice(ptm / F64, ptm / F64 + count), lo: H.slice(plo / F64, plo / F64 + count), hi: H.slice(phi / F64, phi / F64 + count) };
    } finally {
      ptrs.forEach((p) => this._free(p));
    }
  }

  /** Region codes (0 static, 1 drive, 2 backdrive, 255 invalid) on an
   *  nx × ny grid of cell centres over [−T, T]², row 0 at τe = +T. */
  regionsGrid(law, dtheta, T, nx, ny) {
    const [kind, c] = this._regionsLaw(law);
    num('dtheta', dtheta);
    num('T', T, { min: Number.MIN_VALUE });
    num('nx', nx, { min: 1, max: maxItems(1), integer: true });
    num('ny', ny, { min: 1, max: maxItems(1), integer: true });
    if (nx * ny > maxItems(1)) {
      throw argError(RangeError, 'nx', `nx·ny = ${nx}·${ny} = ${nx * ny} cells; at most ${maxItems(1)} are accepted (one byte each, below 2^31 bytes).`);
    }
    let pc = 0, po = 0;
    try {
      pc = this._alloc(c.byteLength);
      po = this._alloc(nx * ny);
      this._f64().set(c, pc / F64);
      if (this._m._fxb_regions_grid(kind, pc, c.length, dtheta, T, nx, ny, po)) throw this._fail(kind === 0 ? SERVO_KEYS : []);
      return this._m.HEAPU8.slice(po, po + nx * ny);
    } finally {
      this._free(pc);
      this._free(po);
    }
  }

  /** 'static', 'drive', 'backdrive' or 'invalid' (a point no region holds) at
   *  (τm, τe). Throws the core's message for an invalid law. */
  regionAt(law, dtheta, tauM, tauE) {
    const [kind, c] = this._regionsLaw(law);
    num('dtheta', dtheta);
    num('tauM', tauM);
    num('tauE', tauE);
    const pc = this._alloc(c.byteLength);
    try {
      this._f64().set(c, pc / F64);
      // an invalid law is refused with the core's message (not answered 'invalid')
      if (this._m._fxb_regions_check(kind, pc, c.length, dtheta)) throw this._fail(kind === 0 ? SERVO_KEYS : []);
      const r = this._m._fxb_regions_classify(kind, pc, c.length, dtheta, tauM, tauE);
      return ['static', 'drive', 'backdrive'][r] || 'invalid';
    } finally {
      this._free(pc);
    }
  }

  // --- identification (fric_fit.h): the batch of logs, the loss, ask/tell
  // Parameter vectors p are FIT_N numbers in the order of fitParamKeys()
  // (the params-file keys: kt, R, armature, q_offset, friction_base, …).

  /** The fit's defaults (fric_fit.h): { budget [evaluations], restarts,
   *  sigma0, warmSigma0 (of each normalised range), maxLogs }. */
  fitDefaults() {
    const d = (w) => this._m._fxb_fit_default(w);
    return { budget: d(0), restarts: d(1), sigma0: d(2), warmSigma0: d(3), maxLogs: d(4) };
  }

  /** The fit's parameters in vector order: [{ key, unit }] (the core's table). */
  fitParamKeys() {
    if (!this._fitKeys) {
      const out = [];
      for (let i = 0; ; i++) {
        const key = this._str(this._m._fxb_fit_param_text(i, 0));
        if (!key) break;
        out.push({ key, unit: this._str(this._m._fxb_fit_param_text(i, 1)) });
      }
      this._fitKeys = out;
    }
    return this._fitKeys;
  }

  _fitNames() { return this.fitParamKeys().map((k) => k.key); }

  /** 1..6 from a model given as 'm4', 'M4' or 4 (a RangeError naming `name` otherwise). */
  _fitModel(name, v) {
    let k = v;
    if (typeof v === 'string' && /^[mM][1-6]$/.test(v)) k = Number(v.slice(1));
    if (typeof k !== 'number' && typeof v !== 'string') throw argError(TypeError, name, `${name} must be a model m1 … m6 (or 1 … 6), found ${show(v)}.`);
    if (!Number.isInteger(k) || k < 1 || k > 6) throw argError(RangeError, name, `${name} = ${show(v)} is not a model; use m1 … m6 (or 1 … 6).`);
    return k;
  }

  _fitActuator(v) {
    if (typeof v !== 'string' || !v) {
      throw argError(TypeError, 'actuator', `actuator must be an actuator name such as 'xl330', found ${show(v)}.`);
    }
    return v;
  }

  /** Runs fn(ptr) with the NUL-terminated text s in wasm memory. */
  _withStr(s, fn) {
    const b = new TextEncoder().encode(s);
    const p = this._alloc(b.length + 1);
    try {
      this._m.HEAPU8.set(b, p);
      this._m.HEAPU8[p + b.length] = 0;
      return fn(p);
    } finally {
      this._free(p);
    }
  }

  /** The model's parameters: [bool] per vector entry (fric_fit_param_used). */
  fitParamUsed(model) {
    const k = this._fitModel('model', model);
    return this.fitParamKeys().map((_, i) => this._m._fxb_fit_rel(0, k, i) !== 0);
  }

  /** true when a fitted `big` can start from a fitted `small` unchanged (fric_fit_contains). */
  fitContains(big, small) {
    return this._m._fxb_fit_rel(1, this._fitModel('big', big), this._fitModel('small', small)) !== 0;
  }

  /** p of model `big` from p of model `small` (fric_fit_embed); throws when big does not contain small. */
  fitEmbed(small, p, big) {
    const names = this._fitNames(), N = names.length;
    const a = this._fitModel('small', small), b = this._fitModel('big', big);
    const x = f64s('p', p, { length: N, names });
    let pin = 0, pout = 0;
    try {
      pin = this._alloc(N * F64);
      pout = this._alloc(N * F64);
      this._f64().set(x, pin / F64);
      if (this._m._fxb_fit_embed(a, pin, b, pout)) throw this._fail(names);
      return this._f64().slice(pout / F64, pout / F64 + N);
    } finally {
      this._free(pin);
      this._free(pout);
    }
  }

  /**
   * The warm start of `model` when M1..M6 are fitted in turn (fric_fit_chain_start, the
   * rule of `friction fit --model all`): done = [{ model, train, best }] of the models
   * fitted so far. Returns { from, start }: the model started from (0: cold start, start null).
   */
  fitChainStart(model, done) {
    const names = this._fitNames(), N = names.length, k = this._fitModel('model', model);
    if (!Array.isArray(done)) throw argError(TypeError, 'done', `done must be an array of { model, train, best }, not ${show(done)}.`);
    const loss = new Float64Array(6).fill(Infinity), best = new Float64Array(6 * N);
    done.forEach((d, i) => {
      const j = this._fitModel(`done[${i}].model`, d && d.model);
      if (typeof d.train !== 'number' || Number.isNaN(d.train)) throw argError(TypeError, `done[${i}].train`, `done[${i}].train must be a number (training MAE, rad), not ${show(d.train)}.`);
      loss[j - 1] = d.train;
      best.set(f64s(`done[${i}].best`, d.best, { length: N, names }), (j - 1) * N);
    });
    let pl = 0, pb = 0, ps = 0;
    try {
      pl = this._alloc(6 * F64);
      pb = this._alloc(6 * N * F64);
      ps = this._alloc(N * F64);
      this._f64().set(loss, pl / F64);
      this._f64().set(best, pb / F64);
      const from = this._m._fxb_fit_chain_start(k, pl, pb, ps);
      if (from < 0) throw this._fail(names);
      return { from, start: from ? this._f64().slice(ps / F64, ps / F64 + N) : null };
    } finally {
      this._free(pl);
      this._free(pb);
      this._free(ps);
    }
  }

  /** The published parameters of (actuator, model) as a vector (fric_fit_preset_params). */
  fitPresetParams(actuator, model) {
    const names = this._fitNames(), N = names.length, k = this._fitModel('model', model);
    return this._withStr(this._fitActuator(actuator), (pa) => {
      const p = this._alloc(N * F64);
      try {
        if (this._m._fxb_fit_preset_params(pa, k, p)) throw this._fail(names);
        return this._f64().slice(p / F64, p / F64 + N);
      } finally {
        this._free(p);
      }
    });
  }

  /** The default search space of (actuator, model) (fric_fit_space_default):
   *  { lo, hi, value: Float64Array, free: boolean[], used: boolean[] } indexed like fitParamKeys(). */
  fitSpace(actuator, model) {
    const names = this._fitNames(), N = names.length, k = this._fitModel('model', model);
    return this._withStr(this._fitActuator(actuator), (pa) => {
      const p = this._alloc(4 * N * F64);
      try {
        if (this._m._fxb_fit_space_default(pa, k, p, p + N * F64, p + 2 * N * F64, p + 3 * N * F64)) throw this._fail(names);
        const part = (j) => this._f64().slice(p / F64 + j * N, p / F64 + (j + 1) * N);
        return { lo: part(0), hi: part(1), free: Array.from(part(2), (v) => v !== 0), value: part(3),
          used: this.fitParamUsed(k) };
      } finally {
        this._free(p);
      }
    });
  }

  /** The space's four arrays in wasm memory (pushed to ptrs): [lo, hi, free, value] pointers. */
  _putSpace(space, ptrs) {
    const names = this._fitNames(), N = names.length;
    obj('space', space, 'a search space { lo, hi, free, value } (fitSpace)');
    const lo = f64s('space.lo', space.lo, { length: N, names });
    const hi = f64s('space.hi', space.hi, { length: N, names });
    const value = f64s('space.value', space.value, { length: N, names });
    const fr = space.free;
    if (!Array.isArray(fr) && !ArrayBuffer.isView(fr)) throw argError(TypeError, 'space.free', `space.free must be an array of ${N} booleans, found ${show(fr)}.`);
    if (fr.length !== N) throw argError(RangeError, 'space.free', `space.free has ${fr.length} values; it must have exactly ${N}.`);
    const free = Float64Array.from(fr, (v) => (v ? 1 : 0));
    const p = this._alloc(4 * N * F64);
    ptrs.push(p);
    [lo, hi, free, value].forEach((a, j) => this._f64().set(a, p / F64 + j * N));
    return [p, p + N * F64, p + 2 * N * F64, p + 3 * N * F64];
  }

  /** null when the space is usable for the model (fric_fit_space_check), else
   *  { message, param } (param: the parameter's key). */
  fitSpaceProblem(model, space) {
    const k = this._fitModel('model', model), ptrs = [];
    try {
      const s = this._putSpace(space, ptrs);
      if (!this._m._fxb_fit_space_check(k, ...s)) return null;
      const e = this._fail(this._fitNames());
      return { message: e.message, param: e.param };
    } finally {
      ptrs.forEach((p) => this._free(p));
    }
  }

  /** The bench scenario's parameter vector that replays fit vector p of
   *  (actuator, model) with the fit's treatment (clip): for benchReplay, so
   *  that a candidate can be watched on a log (kp, mass, length, vin and dt
   *  come from the log). */
  fitBenchParams(p, actuator, model) {
    const names = this._fitNames(), N = names.length, k = this._fitModel('model', model);
    const x = f64s('p', p, { length: N, names });
    const info = this.scenario('bench');
    const v = this.scenarioParams('bench', { actuator: this._fitActuator(actuator), model: `m${k}`, friction: 'clip' });
    names.forEach((key, i) => {
      const j = info.params.findIndex((q) => q.name === key);
      if (j < 0) throw coreError(`the bench has no parameter '${key}' for the fit's ${key}`, 'FRIC_E_UNKNOWN_NAME', key);
      v[j] = x[i];
    });
    return v;
  }

  /** Loads the parsed logs into the core's table, runs fn(), frees them. */
  _withLogs(logs, sources, fn) {
    if (!Array.isArray(logs)) throw argError(TypeError, 'logs', `logs must be an array of parsed logs, found ${show(logs)}.`);
    if (!logs.length) throw argError(RangeError, 'logs', 'logs is empty; give at least one log.');
    if (sources !== undefined && (!Array.isArray(sources) || sources.length !== logs.length)) {
      throw argError(TypeError, 'sources', `sources must be an array of ${logs.length} file names, found ${show(sources)}.`);
    }
    const ptrs = [];
    try {
      if (this._m._fxb_fit_logs_begin(logs.length)) throw this._fail();
      logs.forEach((log, i) => {
        const name = sources ? String(sources[i]) : `log ${i + 1}`;
        try {
          this._putLog(log, name, ptrs);
        } catch (e) {
          e.index = i;
          if (e.status === 'FRIC_E_LOG_INVALID') e.source = name;
          throw e;
        }
        if (this._m._fxb_fit_log_keep() < 0) throw this._fail();
      });
      return fn();
    } finally {
      this._m._fxb_fit_logs_end();
      ptrs.forEach((p) => this._free(p));
    }
  }

  /** Marks the logs whose header kp equals kp (fric_fit_split_kp): Uint8Array of 0/1. */
  fitSplitKp(logs, kp, sources) {
    num('kp', kp);
    return this._withLogs(logs, sources, () => {
      const p = this._alloc(logs.length);
      try {
        this._m._fxb_fit_split_kp(kp, p);
        return this._m.HEAPU8.slice(p, p + logs.length);
      } finally {
        this._free(p);
      }
    });
  }

  /** Uint8Array: 1 for the logs of the alternate split's validation half
   *  (fric_fit_split_alternate: the rank of the log's kp plus the index of its
   *  trajectory is odd, so every kp and every trajectory is in both halves). */
  fitSplitAlternate(logs, sources) {
    return this._withLogs(logs, sources, () => {
      const p = this._alloc(Math.max(1, logs.length));
      try {
        if (this._m._fxb_fit_split_alternate(p) < 0) throw this._fail();
        return this._m.HEAPU8.slice(p, p + logs.length);
      } finally {
        this._free(p);
      }
    });
  }

  /** The logs (parsed BAM JSON objects) as one batch (fric_fit_batch_build:
   *  each log checked by io's rules and resampled once); call free() when
   *  done. A refused log throws as checkLog, with .index (which log) and
   *  .source (its name). */
  fitBatch(logs, sources) {
    const h = this._withLogs(logs, sources, () => this._m._fxb_fit_batch_new());
    if (!h) throw this._fail();
    return new FitBatch(this, h);
  }

  /** A fit (ask/tell over CMA-ES, fric_fit_create): { batch (the training
   *  FitBatch), actuator, model, space (fitSpace), budget (evaluations),
   *  seed (0 … 2^53), sigma0 (0: the default), restarts (−1: the default),
   *  start (a vector, or null) }. Call free() when done; free the batch after. */
  fitCreate(def) {
    obj('def', def, 'a fit definition { batch, actuator, model, space, budget, seed, … }');
    const { batch, start = null } = def;
    if (!(batch instanceof FitBatch)) throw argError(TypeError, 'batch', `batch must be a FitBatch (fitBatch(logs)), found ${show(batch)}.`);
    batch._live();
    const names = this._fitNames(), N = names.length;
    const k = this._fitModel('model', def.model);
    // evaluations: a C long, 32 bits in wasm32
    const budget = num('budget', def.budget, { min: 1, max: 2 ** 31 - 1, integer: true });
    const seed = num('seed', def.seed ?? 0, { min: 0, max: 2 ** 53, integer: true });
    const sigma0 = num('sigma0', def.sigma0 ?? 0, { min: 0, max: 1 });
    const restarts = num('restarts', def.restarts ?? -1, { min: -1, max: 1000, integer: true });
    const st = start === null ? null : f64s('start', start, { length: N, names });
    const ptrs = [];
    try {
      const s = this._putSpace(def.space, ptrs);
      let ps = 0;
      if (st) {
        ps = this._alloc(N * F64);
        ptrs.push(ps);
        this._f64().set(st, ps / F64);
      }
      const f = this._withStr(this._fitActuator(def.actuator),
        (pa) => this._m._fxb_fit_new(batch._h, pa, k, ...s, budget, seed, sigma0, restarts, ps));
      if (!f) throw this._fail(names);
      return new Fit(this, f, batch);
    } finally {
      ptrs.forEach((p) => this._free(p));
    }
  }

  /** A running simulation of scenario `name`; call free() when done. */
  simulation(name, values = {}) {
    const s = this.scenario(name);
    return new Simulation(this, s, this.scenarioParams(name, values));
  }
}

/** A batch of logs for the fit's loss (fitBatch). */
export class FitBatch {
  constructor(core, h) {
    this._core = core;
    this._h = h;
    this.logs = core._m._fxb_fit_batch_num(h, 0);
    /** bench steps simulated per evaluation (Σ samples) */
    this.steps = core._m._fxb_fit_batch_num(h, 1);
  }
  _live() { if (!this._h) throw new Error('fit batch used after free()'); }

  /** The losses of count candidates P (count·FIT_N numbers, as Fit.ask gives
   *  them) under (actuator, model): { loss: Float64Array(count), mae:
   *  Float64Array(count·logs) (each log's MAE) }. +Infinity where a
   *  candidate is not a usable bench (fric_fit_loss). */
  lossesDetail(P, actuator, model) {
    this._live();
    const core = this._core, names = core._fitNames(), N = names.length;
    const k = core._fitModel('model', model);
    const x = f64s('P', P, { itemBytes: F64 + (F64 + this.logs * F64) / N });
    if (x.length % N) throw argError(RangeError, 'P', `P has ${x.length} numbers; it must hold whole candidates of ${N} (${names.slice(0, 4).join(', ')}, …).`);
    const count = x.length / N, L = this.logs;
    const ptrs = [];
    const alloc = (b) => { const p = core._alloc(b); ptrs.push(p); return p; };
    try {
      const pp = alloc(x.byteLength), po = alloc(count * F64), pm = alloc(count * L * F64);
      core._f64().set(x, pp / F64);
      const rc = core._withStr(core._fitActuator(actuator), (pa) => core._m._fxb_fit_losses(this._h, pa, k, pp, count, po, pm));
      if (rc) throw core._fail(names);
      const H = core._f64();
      return { loss: H.slice(po / F64, po / F64 + count), mae: H.slice(pm / F64, pm / F64 + count * L) };
    } finally {
      ptrs.forEach((p) => core._free(p));
    }
  }
  /** The losses of count candidates (see lossesDetail). */
  losses(P, actuator, model) { return this.lossesDetail(P, actuator, model).loss; }
  /** The loss [rad] of one vector p: the mean over the logs of each log's replay MAE. */
  loss(p, actuator, model) {
    const N = this._core.fitParamKeys().length;
    f64s('p', p, { length: N, names: this._core._fitNames() });
    return this.lossesDetail(p, actuator, model).loss[0];
  }
  free() { if (this._h) { this._core._m._fxb_fit_batch_free(this._h); this._h = 0; } }
}

/** A fit in progress (fitCreate): ask() the candidates, tell() their losses. */
export class Fit {
  constructor(core, f, batch) {
    this._core = core;
    this._f = f;
    this.batch = batch;
    this.lambdaMax = core._m._fxb_fit_lambda_max(f);
    this._N = core.fitParamKeys().length;
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
    const core = this._core;
    if (!this._count) throw argError(RangeError, 'losses', 'tell() without a pending ask(): ask for candidates first.');
    if (!Array.isArray(losses) && !ArrayBuffer.isView(losses)) throw argError(TypeError, 'losses', `losses must be an array of ${this._count} numbers, found ${show(losses)}.`);
    if (losses.length !== this._count) throw argError(RangeError, 'losses', `losses has ${losses.length} values; the last ask() gave ${this._count} candidates.`);
    const x = Float64Array.from(losses, (v, i) => numberType(`losses[${i}]`, v));
    const p = core._alloc(x.byteLength);
    try {
      core._f64().set(x, p / F64);
      this._count = 0;
      return core._m._fxb_fit_tell(this._f, p);
    } finally {
      core._free(p);
    }
  }

  /** Cancel: the next ask() returns null. */
  stop() { this._live(); this._core._m._fxb_fit_stop(this._f); }

  /** { generation, run, lambda, evals, budget, steps, bestLoss, genBestLoss,
   *  sigma, clamped, done (0 running, else a stop reason), doneName, best }. */
  progress() {
    this._live();
    const core = this._core, N = this._N;
    const p = core._alloc((11 + N) * F64);
    try {
      core._m._fxb_fit_progress(this._f, p);
      const v = core._f64().slice(p / F64, p / F64 + 11 + N);
      return { generation: v[0], run: v[1], lambda: v[2], evals: v[3], budget: v[4], steps: v[5], bestLoss: v[6],
        genBestLoss: v[7], sigma: v[8], clamped: v[9], done: v[10],
        doneName: v[10] ? core._str(core._m._fxb_fit_stop_name(v[10])) : '', best: v.slice(11) };
    } finally {
      core._free(p);
    }
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
    const core = this._core, x = f64s('xs', xs, { itemBytes: 2 * F64 });
    let px = 0, py = 0;
    try {
      px = core._alloc(x.length * F64);
      py = core._alloc(x.length * F64);
      core._f64().set(x, px / F64);
      if (core._m._fxb_lut_eval(this._p, px, py, x.length)) throw core._fail();
      return core._f64().slice(py / F64, py / F64 + x.length);
    } finally {
      core._free(px);
      core._free(py);
    }
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
    const core = this._core, names = this._names();
    const x = f64s('params', params, { length: names.length, names });
    let pp = 0;
    try {
      pp = core._alloc(x.length * F64);
      core._f64().set(x, pp / F64);
      if (core._m._fxb_scn_init(this.info.index, this._aligned(), pp, x.length)) throw core._fail(names);
      this.params = Float64Array.from(x);
      this.done = false;
    } finally {
      core._free(pp);
    }
  }

  /** Applies new parameter values without restarting (throws if the scenario
   *  cannot, or a value is invalid; the simulation then keeps its old values). */
  retune(params) {
    this._live();
    const core = this._core, names = this._names();
    const x = f64s('params', params, { length: names.length, names });
    let pp = 0;
    try {
      pp = core._alloc(x.length * F64);
      core._f64().set(x, pp / F64);
      if (core._m._fxb_scn_retune(this.info.index, this._aligned(), pp, x.length)) throw core._fail(names);
      this.params = Float64Array.from(x);
    } finally {
      core._free(pp);
    }
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
  // the core's tables, once per page (every module instance has the same)
  const fill = (arr, what) => {
    if (arr.length) return;
    for (let i = 0; ; i++) {
      const s = mod.UTF8ToString(mod._fxb_table_text(what, i));
      if (!s) break;
      arr.push(s);
    }
  };
  fill(LAW_KINDS, 0);
  fill(LAW_FIELDS, 1);
  fill(SERVO_KEYS, 2);
  fill(SERVO_FILE_KEYS, 3);
  fill(TREATMENTS, 4);
  return new FrictionCore(mod);
}
