// native.js: core.native (fric_native.h at the wasm wall, wasm/bindings_native.c):
// MuJoCo's own joint on the pendulum bench (frictionloss, damping, armature,
// a position actuator kp/kv/forcerange, solreffriction, solimpfriction,
// q_offset), MuJoCo-free: its bench MJCF for a log and its replay.
import { f64s, inp, out, cstr, caller } from './base.js';

/** The exports this group calls, each with its C parameters (wasm/bindings_*.c):
 *  call() refuses an export not listed here or a wrong count of arguments. */
export const SIGNATURES = {
  fxb_native_key: 'i',
  fxb_native_defaults: 'act out',
  fxb_native_bench_mjcf: 'p n lg buf cap',
  fxb_native_replay: 'p n lg sim_q cap res',
};
const call = caller(SIGNATURES);

/** core.native: the native model's parameters are an object of the params
 *  file's keys (keys(): MuJoCo's names, FRIC_NATIVE_KEYS order). */
export class NativeApi {
  constructor(core) { this._core = core; }

  /** The params file's keys, in the core's order. */
  keys() {
    if (!this._keys) {
      const m = this._core._m, k = [];
      for (let i = 0; ; i++) {
        const p = m._fxb_native_key(i);
        if (!p) break;
        k.push(this._core._m.UTF8ToString(p));
      }
      this._keys = k;
    }
    return this._keys;
  }

  /** MuJoCo's defaults ({ key: value }), the actuator's firmware kp and q_offset when named. */
  defaults(actuator = null) {
    const keys = this.keys();
    const { out: [v] } = call(this._core, 'fxb_native_defaults', [actuator ? cstr(actuator, 'actuator') : 0,
      out(Float64Array, keys.length)], { ok: () => true });
    return Object.fromEntries(keys.map((k, i) => [k, v[i]]));
  }

  _vec(params) {
    const keys = this.keys(), d = this.defaults();
    return f64s('params', keys.map((k) => (params[k] === undefined ? d[k] : params[k])), { length: keys.length, names: keys });
  }

  /** The bench MJCF of a parsed log with the native parameters (fric_native_bench_mjcf). */
  benchMjcf(params, log, source = 'log') {
    const x = this._vec(params), names = this.keys();
    return this._core._withLog(log, source, (L) => {
      L._live();
      const n = call(this._core, 'fxb_native_bench_mjcf', [inp(x), x.length, L._h, 0, 0], { names, ok: (rc) => rc >= 0 }).rc;
      const { out: [text] } = call(this._core, 'fxb_native_bench_mjcf', [inp(x), x.length, L._h, out(Uint8Array, n + 1), n + 1],
        { names, ok: (rc) => rc === n });
      return new TextDecoder().decode(text.subarray(0, n));
    });
  }

  /** A parsed log replayed with the native parameters (fric_native_replay):
   *  { mae, maxErr, samples, held, simQ }. */
  replay(params, log, source = 'log') {
    const x = this._vec(params), names = this.keys();
    return this._core._withLog(log, source, (L) => {
      L._live();
      const cap = Math.max(1, L.samples);
      const { out: [simQ, r] } = call(this._core, 'fxb_native_replay',
        [inp(x), x.length, L._h, out(Float64Array, cap), cap, out(Float64Array, 4)], { names });
      return { mae: r[0], maxErr: r[1], samples: r[2], held: r[3], simQ: simQ.slice(0, r[2]) };
    });
  }
}
