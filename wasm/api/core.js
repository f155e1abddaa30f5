// core.js: FrictionCore, the object loadFrictionCore (wasm/friction.js)
// returns: one group per core header (core.law, core.scenario, core.bench,
// core.io, core.regions, core.fit, core.mujoco: wasm/api/<group>.js), and
// the private helpers every group calls: the memory helpers, the one
// marshalling path _call, the last failure as an Error (_fail), the struct
// reader (_read, through LAYOUTS).
import { LAW_KINDS, LAW_FIELDS, SERVO_KEYS, SERVO_FILE_KEYS, TREATMENTS, MJ_TREATMENTS, MJ_CONSTANTS, MJ_ACT_KINDS, MJ_JOINT_TYPES, MJ_MAP_KINDS, INTEGRATORS, LAYOUTS,
  TABLES, CONSTANTS, F64, coreError, namedValues, MAX_BYTES, argError, show, out, cstr, caller } from './base.js';
import { LawApi } from './law.js';
import { ScenarioApi } from './scenario.js';
import { BenchApi } from './bench.js';
import { IoApi } from './io.js';
import { RegionsApi } from './regions.js';
import { FitApi } from './fit.js';
import { MujocoApi } from './mujoco.js';
import { RobotApi } from './robot.js';
import { NativeApi } from './native.js';
import { IdentApi } from './ident.js';

/** The exports of bindings.c this file and wasm/friction.js call (the
 *  last call's outcome, the heap's counters, the boundary's description). */
export const SIGNATURES = {
  fxb_last_error: '',
  fxb_last_status: '',
  fxb_last_param: '',
  fxb_last_id: '',
  fxb_last_values: '',
  fxb_last_prefix: '',
  fxb_sentence_id: '',
  fxb_sentence_values: '',
  fxb_status_name: 's',
  fxb_boundary: 'buf cap',
  fxb_heap_used: '',
  fxb_heap_free: '',
};
const call = caller(SIGNATURES);

export class FrictionCore {
  constructor(mod) {
    this._m = mod;
    // the groups, one per core header (see the table at the top of wasm/friction.js)
    this.law = new LawApi(this);
    this.scenario = new ScenarioApi(this);
    this.bench = new BenchApi(this);
    this.io = new IoApi(this);
    this.regions = new RegionsApi(this);
    this.fit = new FitApi(this);
    this.mujoco = new MujocoApi(this);
    this.robot = new RobotApi(this);
    this.native = new NativeApi(this);
    this.ident = new IdentApi(this);
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
  _i32() { return this._m.HEAP32; }   // the same
  _str(p) { return this._m.UTF8ToString(p); }
  _error() { return this._str(call.value(this, 'fxb_last_error')); }
  /** The last core failure as an Error: message, code (status name), param
   *  (names[index] of the parameter at fault, or null) and the message as a
   *  sentence id with named values (id, values, prefix: coreError). */
  _fail(names = []) {
    const j = call.value(this, 'fxb_last_param');
    return coreError(this._error(), this._str(call.value(this, 'fxb_status_name', call.value(this, 'fxb_last_status'))),
      j >= 0 && j < names.length ? names[j] : null,
      { id: this._str(call.value(this, 'fxb_last_id')), values: this._str(call.value(this, 'fxb_last_values')), prefix: call.value(this, 'fxb_last_prefix') });
  }
  /** The id and named values of the last sentence a text writer of the core
   *  wrote (core.fit.rigCaution's): { id, values } (id '' when none). */
  sentence() {
    return { id: this._str(call.value(this, 'fxb_sentence_id')), values: namedValues(this._str(call.value(this, 'fxb_sentence_values'))) };
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
      default: return count === 1 ? this._read(kind, a) : Array.from({ length: count }, (_, i) => this._read(kind, a + i * LAYOUTS[kind].size));
    }
  }

  /** The row [field, unit, kind, offset, count] of layout `name`. */
  _row(name, field) {
    const r = LAYOUTS[name].fields.find((f) => f[0] === field);
    if (!r) throw new Error(`layout ${name} has no field ${field}`);
    return r;
  }

  /** Field `field` of the struct of layout `name` at p (as _read gives it). */
  _field(name, p, field) {
    const [, , kind, offset, count] = this._row(name, field);
    return this._value(kind, p + offset, count);
  }

  /** The one record writer: writes values ({ field: value }) into the
   *  struct of layout `name` at p, field by field of the layout (a field
   *  values leaves undefined keeps what p holds; a key that is no field of
   *  the layout is not read). f64: a number, or for an array field an array
   *  (items left out: 0); i32, u32, ptr: a number (null: 0); chars: a text
   *  (UTF-8, NUL-ended, shorter than the array); str: an address, null
   *  (NULL) or a text copied into new wasm memory, its pointer pushed on
   *  strs for the caller to free (a text without strs is refused). */
  _write(name, p, values, strs = null) {
    for (const [field, , kind, offset, count] of LAYOUTS[name].fields) {
      const x = values[field];
      if (x === undefined) continue;
      // a view made again per field: copying a text in may grow (detach) the memory
      const v = new DataView(this._m.HEAPU8.buffer);
      switch (kind) {
        case 'f64':
          for (let k = 0; k < count; k++) v.setFloat64(p + offset + F64 * k, Number(count === 1 ? x ?? 0 : x?.[k] ?? 0), true);
          break;
        case 'i32': v.setInt32(p + offset, Number(x ?? 0), true); break;
        case 'u32': case 'ptr': v.setUint32(p + offset, Number(x ?? 0), true); break;
        case 'chars': {
          const bytes = new TextEncoder().encode(String(x));
          if (bytes.length >= count) throw argError(RangeError, `${name}.${field}`, `${name}.${field} is longer than ${count - 1} bytes.`);
          this._m.HEAPU8.fill(0, p + offset, p + offset + count);
          this._m.HEAPU8.set(bytes, p + offset);
          break;
        }
        case 'str': {
          let s = typeof x === 'number' ? x : 0;
          if (typeof x !== 'number' && x !== null) {
            if (!strs) throw new Error(`${name}.${field}: a text is written only with a list to free it`);
            s = this._put(cstr(String(x), `${name}.${field}`).in);
            strs.push(s);
          }
          new DataView(this._m.HEAPU8.buffer).setUint32(p + offset, s, true);   // after the copy
          break;
        }
        default: throw new Error(`${name}.${field} (${kind}) is not written from JavaScript`);
      }
    }
  }

  /** objs as records of layout `name` in new wasm memory, zeroed first (a
   *  field an object leaves out: 0, NULL): { p, free() } (free() releases
   *  the texts copied in too). */
  _records(name, objs) {
    const size = LAYOUTS[name].size, n = Math.max(1, objs.length), strs = [];
    const p = this._alloc(size * n);
    this._m.HEAPU8.fill(0, p, p + size * n);
    const free = () => { strs.forEach((s) => this._free(s)); this._free(p); };
    try {
      objs.forEach((o, i) => this._write(name, p + i * size, o, strs));
    } catch (e) {
      free();
      throw e;
    }
    return { p, free };
  }

  /** The n strings of a `strs` field (a pointer to n char pointers; NULL ones give ''). */
  _strs(p, n) { return Array.from({ length: p ? n : 0 }, (_, i) => this._value('str', p + 4 * i, 1)); }

  /**
   * The one marshalling path: calls export `fn` with args (numbers and
   * handles as they are; inp, out, outStruct, records and cstr buffers
   * allocated and copied in first), then copies the outputs out and frees every buffer in
   * a finally block. ok(rc) false (default: rc !== 0 fails) throws the
   * core's message (_fail(names)). Returns { rc, out: [each out / outStruct, in order] }.
   */
  _call(fn, args, { names = [], ok = (rc) => rc === 0 } = {}) {
    const ptrs = [], recs = [], outs = [];
    try {
      const argv = args.map((a) => {
        if (typeof a !== 'object' || a === null) return a;   // a number, a handle (undefined, null: as wasm reads them)
        if (a.records) { const r = this._records(a.records, a.objs); recs.push(r); return r.p; }
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
      recs.forEach((r) => r.free());
    }
  }

  /** Bytes of wasm heap in use (for leak checks). */
  heapUsed() { return call.value(this, 'fxb_heap_used'); }
  /** malloc's counters (for heap-integrity checks): { used, free } bytes. */
  heapStats() { return { used: call.value(this, 'fxb_heap_used'), free: call.value(this, 'fxb_heap_free') }; }

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

/** Reads the boundary's description (layouts, tables, constants) into
 *  base.js's tables, once per page (every module instance has the same). */
export function readBoundary(core) {
  if (LAW_KINDS.length) return;
  const n = call.value(core, 'fxb_boundary', 0, 0);
  const [text] = call(core, 'fxb_boundary', [out(Uint8Array, n + 1), n + 1], { ok: (rc) => rc === n }).out;
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
  MJ_ACT_KINDS.push(...TABLES.mj_act_kinds);
  MJ_JOINT_TYPES.push(...TABLES.mj_joint_types);
  MJ_MAP_KINDS.push(...TABLES.mj_map_kinds);
  MJ_CONSTANTS.noslipIterations = CONSTANTS.mj_noslip_iterations;
  MJ_CONSTANTS.maxJoints = CONSTANTS.mj_max_joints;
  MJ_CONSTANTS.stickSpeed = CONSTANTS.robot_stick_speed;      // [rad/s] the robot table's STICK
  MJ_CONSTANTS.creepWindow = CONSTANTS.robot_creep_window;    // [s] its creep rate's window
  MJ_CONSTANTS.maxSteps = CONSTANTS.robot_max_steps;          // the most steps a run may ask (FRIC_ROBOT_MAX_STEPS)
  MJ_CONSTANTS.startKey = CONSTANTS.robot_start_key;          // the default start's keyframe, else qpos0 (FRIC_ROBOT_START_KEY)
  MJ_CONSTANTS.printZero = CONSTANTS.robot_print_zero;        // a table's number below this is printed 0 (FRIC_ROBOT_PRINT_ZERO)
  INTEGRATORS.push(...TABLES.integrators);
}
