// io.js: core.io (fric_io.h at the wasm wall, wasm/bindings_io.c): logs
// checked by the core's rules (Log, a handle), params files written and read.
import { SERVO_KEYS, LAYOUTS, TABLES, CONSTANTS, coreError, F64, argError, numberType, maxItems, f64s, obj, inp, out, cstr, PARAMS_FIRMWARE_KEYS, fitSummary, caller } from './base.js';

/** The exports this group calls, each with its C parameters (wasm/bindings_*.c):
 *  call() refuses an export not listed here or a wrong count of arguments. */
export const SIGNATURES = {
  fxb_params_write: 'actuator servo coefs fit integrator carry buf cap',
  fxb_params_set: 'p n key kind num str source err',
  fxb_params_key: 'p n carry key kind num str json source err',
  fxb_params_carry_add: 'carry key json source err',
  fxb_params_carry_key: 'carry i',
  fxb_params_carry_value: 'carry i',
  fxb_params_carry_note: 'key source buf cap',
  fxb_params_servo_init: 'p n',
  fxb_params_servo: 'p n source start',
  fxb_log_load: 'root hk h motor trajectory n ek kind value unknown unknown_entry source te err',
  fxb_io_check_size: 'kind bytes source err',
  fxb_log_free: 'lg',
  fxb_log_samples: 'lg',
  fxb_log_series: 'lg t q goal speed torque_enable cap',
  fxb_recording_check: 't goal pos n joints names period source info err',
  fxb_lerobot_rad: 'm joint source v n q raw',
  fxb_recording_csv: 'text len source info err',
  fxb_recording_name: 'r j',
  fxb_recording_series: 'r t goal pos cap',
  fxb_recording_free: 'r',
  fxb_lerobot_value: 'm joint source q n v',
  fxb_recipe: 'names lo hi joints fps seconds',
  fxb_recipe_frames: 'h',
  fxb_recipe_poses: 'h',
  fxb_recipe_goals: 'h goal cap',
  fxb_recipe_csv: 'h buf cap',
  fxb_recipe_segments: 'h buf cap',
  fxb_recipe_free: 'h',
};
const call = caller(SIGNATURES);

/** core.io: fric_io.h: pendulum logs checked by the core's rules. */
export class IoApi {
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
      const str = (x, name) => (typeof x === 'string' ? put(cstr(x, name).in) : 0);
      err = this._core._alloc(LAYOUTS.io_error.size);
      const h0 = call.value(this._core, 'fxb_log_load', root, put(hk), put(h), str(obj.motor, 'log.motor'), str(obj.trajectory, 'log.trajectory'), n, put(ek),
        put(kind), put(value), str(unknown, 'a key of the log'), unknownEntry, str(String(source), 'source'), put(new Int32Array(Math.max(n, 1))), err);
      if (!h0) {
        // code: the io library's code (FRIC_IO_…, more specific than the
        // status FRIC_E_LOG_INVALID); param: the field at fault
        const e = this._core._read('io_error', err);
        const fail = coreError(this._core._error(), TABLES.io_codes[e.code], e.field || null);
        // the message as the core's sentence (id, named values, prefix "log NAME: ")
        const said = this._core._fail();
        Object.assign(fail, { id: said.id, values: said.values, prefix: said.prefix });
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
        const args = [cstr(name, 'actuator'), inp(s), inp(c), f ? inp(f) : 0, ig, cp, out(Uint8Array, cap), cap];
        const { rc, out: [text] } = call(this._core, 'fxb_params_write', args, { names, ok: (n) => n >= 0 });
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
        if (call.value(core, 'fxb_params_carry_add', cp, put(cstr(String(key), 'a carried key').in), put(cstr(String(json), `carried key "${key}"`).in), src, err)) throw core._fail([]);
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

  /** A servo's params file (JSON.parse's object), checked as every door
   *  checks it (fric_bench_params_servo, the check of `friction replay
   *  --params`, `fit --from` and `mujoco`): read over the bench's defaults
   *  with actuator and model unset, the keys the core does not model carried
   *  with the core's sentence each, then refused in one sentence (the core's,
   *  `params SOURCE: …`) unless it names its actuator and model and the bench
   *  builds a servo of it (negative friction_base, R = 0, … refused).
   *  Returns { values, actuator (the core's name), model (1..6), carry,
   *  warnings, start (the file as a fit's vector: fric_fit_from_def, where
   *  `friction fit --from` starts) }. A refusal throws with code, param. */
  servoFile(params, source = 'params') {
    const core = this._core, names = core.scenario.find('bench').params.map((q) => q.name);
    const { out: [base] } = call(core, 'fxb_params_servo_init', [out(Float64Array, names.length), names.length]);
    const read = this._paramsRead(params, source, base, true, true);
    const N = core.fit.paramKeys().length;
    const { out: [start] } = call(core, 'fxb_params_servo', [inp(read.values), names.length, cstr(String(source), 'source'), out(Float64Array, N)], { names });
    const at = (k) => read.values[names.indexOf(k)];
    const info = core.scenario.find('bench').params;
    return { ...read, actuator: info.find((q) => q.name === 'actuator').choices[at('actuator')], model: at('model') + 1, start };
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

  _paramsRead(params, source, base, carrying, unset = false) {
    obj('params', params, 'a params file object { "kt": …, "model": "m4", … }');
    const info = this._core.scenario.find('bench'), names = info.params.map((q) => q.name);
    // unset: base is the core's (fxb_params_servo_init: actuator and model −1), taken as it is
    const x = base === undefined ? this._core.scenario.params('bench') : unset ? base : f64s('base', base, { length: names.length, names });
    const K = Object.fromEntries(TABLES.io_kinds.map((k, i) => [k, i]));
    const kindOf = (v) => K[typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : typeof v === 'string' ? 'string'
      : Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'object' ? 'object' : 'null'];
    const core = this._core, ptrs = [];
    try {
      const put = (a) => { const p = core._put(a); ptrs.push(p); return p; };
      const p = put(x), err = core._alloc(LAYOUTS.io_error.size);
      ptrs.push(err);
      const src = put(cstr(String(source), 'source').in);
      const cp = carrying ? put(new Uint8Array(CONSTANTS.params_carry_bytes)) : 0;
      const carry = [], warnings = [];
      for (const [key, v] of Object.entries(params)) {
        const kind = kindOf(v);
        const k = put(cstr(key, 'a params key').in), str = typeof v === 'string' ? put(cstr(v, `params key "${key}"`).in) : 0;
        // the value's JSON text, carried when the core does not model the key
        const json = carrying ? put(cstr(JSON.stringify(v) ?? 'null').in) : 0;
        const rc = carrying ? call.value(core, 'fxb_params_key', p, x.length, cp, k, kind, typeof v === 'number' ? v : 0, str, json, src, err)
          : call.value(core, 'fxb_params_set', p, x.length, k, kind, typeof v === 'number' ? v : 0, str, src, err);
        if (rc === 1) {
          const e = core._fail(names), detail = core._read('io_error', err);
          e.field = detail.field || key;
          e.param = e.param ?? e.field;
          throw e;
        }
        if (rc === 2) {
          const note = put(new Uint8Array(512));
          call.value(core, 'fxb_params_carry_note', k, src, note, 512);
          warnings.push(core._str(note));
        }
      }
      for (let i = 0; carrying; i++) {
        const kp = call.value(core, 'fxb_params_carry_key', cp, i);
        if (!kp) break;
        carry.push({ key: core._str(kp), json: core._str(call.value(core, 'fxb_params_carry_value', cp, i)) });
      }
      return { values: core._get(Float64Array, p, x.length), carry, warnings };
    } finally {
      ptrs.forEach((q) => core._free(q));
    }
  }

  /** The largest file of `kind` [bytes] (fric_io_max_bytes: 'log',
   *  'params', 'sensitivity', 'MJCF', 'asset', 'robot' (the robot's files
   *  together), 'recording' (a recording's CSV) or 'dataset' (a file of a
   *  LeRobot dataset)). */
  maxBytes(kind) {
    const k = TABLES.io_file_kinds.indexOf(kind);
    if (k < 0) throw argError(RangeError, 'kind', `kind must be one of ${TABLES.io_file_kinds.join(', ')}, found ${String(kind)}.`);
    return CONSTANTS[`io_max_${kind === 'sensitivity' ? 'params' : kind.toLowerCase()}_bytes`];
  }

  /** The size check of every door (fric_io_check_size, the native readers'
   *  too), before a file is read: a file of `bytes` bytes (File.size in the
   *  page, fs.stat's size in Node) of `kind` ('log', 'params',
   *  'sensitivity', 'MJCF' (a robot's MJCF text), 'asset' (a mesh, texture
   *  ... it names) or 'robot' (its files together, named by the main MJCF):
   *  TABLES.io_file_kinds), named `source`. Returns bytes; a
   *  file over its kind's limit (maxBytes) throws an Error whose message is
   *  the core's one sentence (the file, its size, the limit, what to do),
   *  with code 'FRIC_E_FILE'. */
  checkSize(kind, bytes, source = kind) {
    const k = TABLES.io_file_kinds.indexOf(kind);
    if (k < 0) throw argError(RangeError, 'kind', `kind must be one of ${TABLES.io_file_kinds.join(', ')}, found ${String(kind)}.`);
    numberType('bytes', bytes);
    const core = this._core, ptrs = [];
    try {
      const err = core._alloc(LAYOUTS.io_error.size);
      ptrs.push(err);
      const src = core._put(cstr(String(source)).in);
      ptrs.push(src);
      if (call.value(core, 'fxb_io_check_size', k, bytes, src, err)) throw core._fail(['bytes']);
      return bytes;
    } finally {
      ptrs.forEach((q) => core._free(q));
    }
  }

  /** Checks a parsed log by the core's rules (the same as `friction replay`);
   *  returns its sample count, or throws (see io.loadLog). */
  checkLog(log, source = 'log') {
    return this._core._withLog(log, source, (L) => L.samples);
  }

  // ------------------------------------------------ a robot's recording
  /** The core's refusal of a recording (io_error at err) as an Error: the
   *  core's sentence (id, values, prefix "recording SOURCE: "), code the io
   *  kind ("dt", "order", "range", …), field ("t", "pos_<joint>", …) and
   *  entry (the frame, −1: none). */
  _recordingFail(err) {
    const core = this._core, e = core._read('io_error', err);
    const fail = core._fail();
    fail.status = fail.code;
    fail.code = TABLES.io_codes[e.code];
    fail.field = e.field;
    fail.entry = e.entry;
    fail.line = e.line;
    fail.col = e.col;
    return fail;
  }

  /** Checks a recording by the core's rules (fric_recording_check, once,
   *  every door's: finite values, increasing t, no frames dropped, distinct
   *  names, angles within two turns): { t (n, s), goal and pos (n·joints,
   *  rad, frame-major), names (joints), period (s, 1/fps; 0: estimated) }.
   *  Returns { frames, joints, duration, period, rate }; a refusal throws the
   *  core's sentence (see _recordingFail). Non-finite values are handed over
   *  as they are: the core names the frame and the column. */
  recordingCheck(rec, source = 'recording') {
    return this._withRecording(rec, source, (core, args, { info, err }) => {
      if (call.value(core, 'fxb_recording_check', ...args, info, err)) throw this._recordingFail(err);
      return core._read('recording_info', info);
    });
  }

  /** The one marshalling of a recording { t, goal, pos, names, period } for
   *  the core (recordingCheck here, core.ident.recording): checked as
   *  arrays of the right lengths, copied into wasm memory, then
   *  fn(core, args, { info, err, alloc }) with args the C arguments t, goal,
   *  pos, n, joints, names, period, source; info a recording_info and err
   *  an io_error record; alloc(bytes) more memory. Everything freed after. */
  _withRecording({ t, goal, pos, names, period = 0 }, source, fn) {
    if (!Array.isArray(names) || names.some((x) => typeof x !== 'string')) throw argError(TypeError, 'names', 'names must be an array of joint names (strings).');
    const J = names.length, n = t?.length ?? 0;
    const arr = (name, a, len) => {
      if (!(Array.isArray(a) || ArrayBuffer.isView(a))) throw argError(TypeError, name, `${name} must be an array or typed array of numbers.`);
      if (a.length !== len) throw argError(RangeError, name, `${name} has ${a.length} values; it must have ${len} (frames × joints).`);
      return Float64Array.from(a);
    };
    const T = arr('t', t, n), G = arr('goal', goal, n * J), P = arr('pos', pos, n * J);
    numberType('period', period);
    const core = this._core, ptrs = [];
    try {
      const put = (a) => { const p = core._put(a); ptrs.push(p); return p; };
      const alloc = (bytes) => { const p = core._alloc(bytes); ptrs.push(p); return p; };
      const np = put(Uint32Array.from(names, (x, j) => put(cstr(x, `names[${j}]`).in)));
      const info = alloc(LAYOUTS.recording_info.size), err = alloc(LAYOUTS.io_error.size);
      const args = [put(T), put(G), put(P), n, J, J ? np : 0, period, put(cstr(String(source), 'source').in)];
      return fn(core, args, { info, err, alloc, T, P });
    } finally {
      ptrs.forEach((q) => core._free(q));
    }
  }

  /** The MJCF angles [rad] of `values` of one motor in LeRobot's unit
   *  (fric_lerobot_rad_of: through the raw count): motor { unit ('DEGREES',
   *  'RANGE_M100_100', 'RANGE_0_100' or its index), range_min, range_max,
   *  drive_mode (LeRobot's calibration), sign, raw_zero (the mapping) },
   *  checked once by the core (joint and source name it in the sentence).
   *  A Float64Array of angles, or with `withRaw` { q, raw } (raw: the servo's
   *  counts, whole numbers when the unit and the calibration are the
   *  recording's). */
  lerobotRad(motor, values, joint = 'motor', source = 'calibration', withRaw = false) {
    obj('motor', motor, 'a motor { unit, range_min, range_max, drive_mode, sign, raw_zero }');
    const unit = typeof motor.unit === 'string' ? TABLES.lerobot_units.indexOf(motor.unit) : motor.unit;
    if (!Number.isInteger(unit)) throw argError(TypeError, 'motor.unit', `motor.unit must be one of ${TABLES.lerobot_units.join(', ')}, found ${String(motor.unit)}.`);
    const core = this._core, names = ['unit', 'range_min', 'range_max', 'drive_mode', 'sign', 'raw_zero'];
    const v = Float64Array.from(values), ptrs = [];
    try {
      const m = core._alloc(LAYOUTS.lerobot_motor.size);
      ptrs.push(m);
      core._write('lerobot_motor', m, { unit, range_min: numberType('motor.range_min', motor.range_min), range_max: numberType('motor.range_max', motor.range_max),
        drive_mode: Number.isInteger(motor.drive_mode) ? motor.drive_mode : -1, sign: numberType('motor.sign', motor.sign), raw_zero: numberType('motor.raw_zero', motor.raw_zero) });
      const cap = Math.max(1, v.length);
      const { out: [q, raw] } = call(core, 'fxb_lerobot_rad', [m, cstr(String(joint), 'joint'), cstr(String(source), 'source'), inp(v), v.length,
        out(Float64Array, cap), withRaw ? out(Float64Array, cap) : 0], { names });
      return withRaw ? { q: q.subarray(0, v.length), raw: raw.subarray(0, v.length) } : q.subarray(0, v.length);
    } finally {
      ptrs.forEach((q) => core._free(q));
    }
  }

  /** The motor's `unit` (id as lerobotRad's) and its struct in wasm memory
   *  (the caller frees it). */
  _motorPut(motor) {
    obj('motor', motor, 'a motor { unit, range_min, range_max, drive_mode, sign, raw_zero }');
    const unit = typeof motor.unit === 'string' ? TABLES.lerobot_units.indexOf(motor.unit) : motor.unit;
    if (!Number.isInteger(unit)) throw argError(TypeError, 'motor.unit', `motor.unit must be one of ${TABLES.lerobot_units.join(', ')}, found ${String(motor.unit)}.`);
    const core = this._core, m = core._alloc(LAYOUTS.lerobot_motor.size);
    try {
      core._write('lerobot_motor', m, { unit, range_min: numberType('motor.range_min', motor.range_min), range_max: numberType('motor.range_max', motor.range_max),
        drive_mode: Number.isInteger(motor.drive_mode) ? motor.drive_mode : -1, sign: numberType('motor.sign', motor.sign), raw_zero: numberType('motor.raw_zero', motor.raw_zero) });
    } catch (e) {
      core._free(m);
      throw e;
    }
    return m;
  }

  /** lerobotRad's inverse: the values in LeRobot's unit of the MJCF angles
   *  `q` [rad] of one motor (fric_lerobot_raw_of_rad, fric_lerobot_value_of:
   *  through the raw count, unrounded), what LeRobot's `action` holds for
   *  those goals. A Float64Array. */
  lerobotValue(motor, q, joint = 'motor', source = 'calibration') {
    const core = this._core, a = Float64Array.from(q), m = this._motorPut(motor);
    try {
      const { out: [v] } = call(core, 'fxb_lerobot_value', [m, cstr(String(joint), 'joint'), cstr(String(source), 'source'), inp(a), a.length,
        out(Float64Array, Math.max(1, a.length))], { names: ['unit', 'range_min', 'range_max', 'drive_mode', 'sign', 'raw_zero'] });
      return v.subarray(0, a.length);
    } finally {
      core._free(m);
    }
  }

  /** The recording recipe (fric_recipe.h) for joints { names, lo, hi }
   *  (each joint's range [rad], as the MJCF's jnt_range), at `fps` for about
   *  `seconds`: { names, fps, n, poses, goal (n·joints rad, frame-major),
   *  csv (the robot player's `t,<joint>,...`, as `friction recording recipe`
   *  writes it), segments (its parts, parsed JSON) }. A refusal throws the
   *  core's sentence. */
  recipe({ names, lo, hi }, { fps = 30, seconds = 120 } = {}) {
    if (!Array.isArray(names) || names.some((x) => typeof x !== 'string')) throw argError(TypeError, 'names', 'names must be an array of joint names (strings).');
    const J = names.length;
    const arr = (name, a) => {
      if (!(Array.isArray(a) || ArrayBuffer.isView(a)) || a.length !== J) throw argError(TypeError, name, `${name} must be an array of ${J} numbers (one a joint).`);
      return Float64Array.from(a);
    };
    const L = arr('lo', lo), H = arr('hi', hi);
    numberType('fps', fps);
    numberType('seconds', seconds);
    const core = this._core, ptrs = [];
    let h = 0;
    try {
      const put = (a) => { const p = core._put(a); ptrs.push(p); return p; };
      const np = put(Uint32Array.from(names, (x, j) => put(cstr(x, `names[${j}]`).in)));
      h = call.value(core, 'fxb_recipe', J ? np : 0, put(L), put(H), J, fps, seconds);
      if (!h) throw core._fail(['names', 'lo', 'hi', 'fps', 'seconds']);
      const n = call.value(core, 'fxb_recipe_frames', h), poses = call.value(core, 'fxb_recipe_poses', h);
      const { out: [goal] } = call(core, 'fxb_recipe_goals', [h, out(Float64Array, Math.max(1, n * J)), n]);
      const text = (fn) => {
        const len = call.value(core, fn, h, 0, 0);
        const { out: [b] } = call(core, fn, [h, out(Uint8Array, len + 1), len + 1], { ok: (rc) => rc === len });
        return new TextDecoder().decode(b.subarray(0, len));
      };
      return { names: [...names], fps, n, poses, goal: goal.subarray(0, n * J), csv: text('fxb_recipe_csv'), segments: JSON.parse(text('fxb_recipe_segments')) };
    } finally {
      if (h) call.value(core, 'fxb_recipe_free', h);
      ptrs.forEach((q) => core._free(q));
    }
  }

  /** A recording's CSV text (`t, goal_<joint>, pos_<joint>`, radians) read
   *  and checked by the core's reader, the native tool's
   *  (fric_recording_create_from_csv): { names, t, goal, pos, info }. */
  recordingCsv(text, source = 'recording') {
    if (typeof text !== 'string') throw argError(TypeError, 'text', 'text must be the CSV as a string.');
    const core = this._core, bytes = cstr(text, 'the CSV').in, ptrs = [];
    let r = 0;
    try {
      const put = (a) => { const p = core._put(a); ptrs.push(p); return p; };
      const info = core._alloc(LAYOUTS.recording_info.size);
      ptrs.push(info);
      const err = core._alloc(LAYOUTS.io_error.size);
      ptrs.push(err);
      r = call.value(core, 'fxb_recording_csv', put(bytes), bytes.length - 1, put(cstr(String(source), 'source').in), info, err);
      if (!r) throw this._recordingFail(err);
      const inf = core._read('recording_info', info), n = inf.frames, J = inf.joints;
      const names = Array.from({ length: J }, (_, j) => core._str(call.value(core, 'fxb_recording_name', r, j)));
      const { out: [t, goal, pos] } = call(core, 'fxb_recording_series', [r, out(Float64Array, n), out(Float64Array, n * J), out(Float64Array, n * J), n]);
      return { names, t, goal, pos, info: inf };
    } finally {
      if (r) call.value(core, 'fxb_recording_free', r);
      ptrs.forEach((q) => core._free(q));
    }
  }

  /** The step a raw log (no header dt) is resampled to [s] (FRIC_IO_RESAMPLE_DT). */
  get resampleDt() { return CONSTANTS.io_resample_dt; }
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
  get samples() { this._live(); return call.value(this._core, 'fxb_log_samples', this._h); }
  /** The scored samples (fric_io_log_sample) as Float64Arrays of `samples`
   *  values: { t, q, goal } and, with drive, speed and torqueEnable (what
   *  bench.replay and mujoco.logDrive read). */
  _series(drive = false) {
    this._live();
    const n = this.samples, cap = Math.max(1, n), F = Float64Array, o = () => (drive ? out(F, cap) : 0);
    const { out: a } = call(this._core, 'fxb_log_series', [this._h, out(F, cap), out(F, cap), out(F, cap), o(), o(), cap]);
    const [t, q, goal, speed, te] = a.map((x) => x.slice(0, n));
    return drive ? { t, q, goal, speed, torqueEnable: te } : { t, q, goal };
  }
  free() {
    if (this._h) {
      call.value(this._core, 'fxb_log_free', this._h);
      this._ptrs.forEach((p) => this._core._free(p));
      this._h = 0;
      this._ptrs = [];
    }
  }
}
