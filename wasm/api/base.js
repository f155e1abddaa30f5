// base.js: what every group of the wrapper shares (wasm/api/<group>.js;
// wasm/friction.js, the entry point, puts them together): the core's tables
// read at load (fxb_boundary: law names, servo coefficients, treatments,
// layouts), the argument checks every public function runs before wasm
// memory is touched (num, f64s, obj, lawArgs: a TypeError or RangeError
// naming the argument), the descriptions of _call's buffers (inp, out,
// outStruct, cstr) and caller(), the one way a group calls the exports of
// its signature table.

/** A fit summary { trainMae, holdoutMae (null: none), logs, evaluations } as
 *  the bindings' fit[4], or null when fit is undefined or null. */
export function fitSummary(fit) {
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
 *  maxJoints (FRIC_MUJOCO_MAX_JOINTS), and the robot table's stickSpeed [rad/s]
 *  (FRIC_ROBOT_STICK_SPEED), creepWindow [s] (FRIC_ROBOT_CREEP_WINDOW) and maxSteps, the
 *  most steps a run may ask (FRIC_ROBOT_MAX_STEPS), startKey, the default start's
 *  keyframe when the model has one, else qpos0 (FRIC_ROBOT_START_KEY), and printZero,
 *  a table's number printed 0 below it (FRIC_ROBOT_PRINT_ZERO) }. Filled at load. */
export const MJ_CONSTANTS = {};
/** The MuJoCo adapter's names, the core's (fric_adapter.h): actuator kinds by
 *  FRIC_MUJOCO_ACT_* ('motor', 'position', …), joint types by
 *  FRIC_MUJOCO_JNT_* = MuJoCo's mjtJoint ('free', 'ball', 'slide', 'hinge'),
 *  mapping entry kinds by fric_mujoco_map_kind ('joint', 'class', 'all'). Filled at load. */
export const MJ_ACT_KINDS = [], MJ_JOINT_TYPES = [], MJ_MAP_KINDS = [];
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

/** An Error with the core's status name and the parameter at fault, and the
 *  message as a sentence of the core (fric_error): id ('' when the message
 *  has none: a user interface shows the message), values ({ name: text },
 *  each as the English message writes it) and prefix (the message's first
 *  `prefix` characters precede the sentence: a caller's "name: "). */
export function coreError(message, code, param = null, { id = '', values = '', prefix = 0 } = {}) {
  const e = new Error(message);
  e.code = code;
  e.param = param;
  e.id = id;
  e.values = namedValues(values);
  // the prefix counts UTF-8 bytes of the C message
  e.prefix = prefix > 0 ? new TextDecoder().decode(new TextEncoder().encode(message).subarray(0, prefix)) : '';
  return e;
}

/** fric_error.values ("name=text" entries separated by FRIC_VALUE_SEP, the
 *  core's character, CONSTANTS.value_sep from the boundary) as an object { name: text }. */
export function namedValues(text) {
  const o = {};
  for (const entry of text ? text.split(String.fromCharCode(CONSTANTS.value_sep)) : []) {
    const k = entry.indexOf('=');
    if (k > 0) o[entry.slice(0, k)] = entry.slice(k + 1);
  }
  return o;
}

export const F64 = 8;

/** Every wasm allocation of one call stays below 2^31 bytes: a wasm32 _malloc
 *  takes an i32, so a larger count would wrap (wasm/bindings.c FXB_MAX_BYTES). */
export const MAX_BYTES = 2 ** 31;

// ----------------------------------------------------- argument checks
/** A TypeError or RangeError naming the argument, with the code and param
 *  of the core's errors. */
export function argError(Ctor, param, message) {
  const e = new Ctor(message);
  e.code = 'FRIC_E_PARAM_RANGE';
  e.param = param;
  return e;
}

/** A short, safe description of any value for a message. */
export function show(v) {
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
export function num(name, v, { min = -Infinity, max = Infinity, integer = false, finite = true } = {}) {
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
export function numberType(name, v) {
  if (typeof v !== 'number') throw argError(TypeError, name, `${name} must be a number, found ${show(v)}.`);
  return v;
}

/** The largest count of items of `bytes` each that one call may allocate. */
export const maxItems = (bytes) => Math.floor((MAX_BYTES - 1) / bytes);

/** xs (an Array or typed array of finite numbers) as a Float64Array, its
 *  length checked first: exactly `length` when given, else at most
 *  maxItems(itemBytes) (the call's wasm buffers per element). */
export function f64s(name, xs, { length, itemBytes = F64, names } = {}) {
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
export function obj(name, v, what) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw argError(TypeError, name, `${name} must be ${what}, found ${show(v)}.`);
  return v;
}

/** The C arguments (kind, Fs, Fc, vs, D, alpha) of a law object. Fields left
 *  out (undefined or null) are 0 (alpha: 1); the core checks the values
 *  (finite, ranges: fric_law_check) and names the field at fault. */
export function lawArgs(law) {
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
export const inp = (a) => ({ in: a });
/** n items of typed-array type T that the call writes, returned after it. */
export const out = (T, n) => ({ out: T, n });
/** A struct of layout `name` (LAYOUTS) that the call writes, returned decoded. */
export const outStruct = (name) => ({ struct: name });
/** objs ({ field: value } each) as records of layout `name` the call reads,
 *  written by the one record writer (FrictionCore._write, texts copied in
 *  and freed after the call). */
export const records = (name, objs) => ({ records: name, objs });
/** The text s as a NUL-terminated UTF-8 string: every string the wrapper
 *  hands to C goes through here. A string holding a NUL (U+0000) is refused,
 *  a RangeError naming the argument `name`: C would read it cut there (a
 *  mapping, an actuator or joint name silently shortened). */
export function cstr(s, name = 'a text') {
  const at = s.indexOf('\0');
  if (at >= 0) {
    throw argError(RangeError, name, `${name} holds a NUL character (U+0000) at index ${at}; `
      + 'the core reads a text only up to its first NUL, so it is refused: remove it.');
  }
  return { in: Uint8Array.from([...new TextEncoder().encode(s), 0]) };
}

/** snake_case to camelCase ('max_err' → 'maxErr'). */
export const camel = (k) => k.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** The firmware keys of a params file after q_offset, in fxb_params_write's
 *  order (fric_io_params_file): written when > 0, with bam's key names. */
export const PARAMS_FIRMWARE_KEYS = ['error_gain_ratio', 'max_velocity', 'max_current', 'current_limit', 'max_torque'];

/** A group's caller over its signature table SIGNATURES ({ export: 'its C
 *  parameters, space-separated' }, the names of wasm/bindings*.c, checked
 *  against them by tests/web/boundary.test.mjs): call(core, export, args,
 *  options) is core._call after the export and the count of args are
 *  checked against the table, so that a group calls no export it does not
 *  declare; every call of an export goes through it (no module calls
 *  core._m's exports itself). */
export function caller(table) {
  const params = Object.fromEntries(Object.entries(table).map(([fn, s]) => [fn, s ? s.split(' ') : []]));
  const call = (core, fn, args, options) => {
    const want = params[fn];
    if (!want) throw new Error(`${fn} is not in the group's signature table`);
    if (args.length !== want.length) throw new Error(`${fn} takes ${want.length} arguments (${want.join(', ')}), given ${args.length}`);
    return core._call(fn, args, options);
  };
  /** call.value(core, export, ...args): the return of an export that is its
   *  answer (a value, a count, a handle, a predicate; a refusal the caller
   *  reads itself), through call with no outcome checked. */
  call.value = (core, fn, ...args) => call(core, fn, args, ANSWER).rc;
  return call;
}
const ANSWER = { ok: () => true };

/** The phase's parts (fric_fit_progress_phase_part, by a binding `fn` of a
 *  fit handle `h`): [{ message, id, values }], each a sentence of the core
 *  for the page's language (tCore); joined by ", " they are the phase. */
export function phaseParts(core, callFn, fn, h) {
  const parts = [];
  for (let k = 0; k < 8; k++) {
    const { rc, out: [text] } = callFn(core, fn, [h, k, out(Uint8Array, 96), 96], { ok: (n) => n >= 0 });
    if (rc <= 0) break;
    parts.push({ message: new TextDecoder().decode(text.subarray(0, Math.min(rc, 95))), ...core.sentence() });
  }
  return parts;
}

/** Defines `progress.phaseParts` as a getter that calls parts() on its first
 *  read and keeps what it gave: a progress whose parts no one reads (a
 *  generation the Fit coordinator does not post) costs no binding call. */
export function lazyPhaseParts(progress, parts) {
  let kept = null;
  return Object.defineProperty(progress, 'phaseParts', { enumerable: true, get: () => (kept ??= parts()) });
}
