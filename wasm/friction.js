// friction.js: the one JavaScript wrapper around the WebAssembly build of the
// friction core. It owns every byte of wasm memory: callers pass and receive
// plain numbers, objects and typed arrays; core errors become thrown Errors
// carrying the core's message. Objects that hold wasm memory (LookupTable,
// Simulation) have free(); everything else frees before it returns.
//
//   import { loadFrictionCore } from './friction.js';
//   const core = await loadFrictionCore({ wasmBinary });     // bytes of friction_core.wasm
//   const y = core.phiZ({ kind: 'stribeck', Fs: 2.5, Fc: 0.4, vs: 0.06, D: 4.5, alpha: 1 },
//                       1 / 55, Float64Array.of(0.01, 0.1));
import createFrictionCore from '../build/wasm/friction_core.mjs';

export const LAW_KINDS = ['coulomb-viscous', 'stribeck', 'rational'];

const F64 = 8;

function lawArgs(law) {
  const kind = typeof law.kind === 'number' ? law.kind : LAW_KINDS.indexOf(law.kind);
  if (kind < 0) throw new Error(`unknown law kind '${law.kind}'; use one of ${LAW_KINDS.join(', ')}`);
  const num = (v) => (v === undefined || v === null ? 0 : Number(v));
  return [kind, num(law.Fs), num(law.Fc), num(law.vs), num(law.D), law.alpha === undefined ? 1 : num(law.alpha)];
}

export class FrictionCore {
  constructor(mod) {
    this._m = mod;
    this._scenarios = null;
  }

  // --- memory helpers: every allocation is released in a finally block
  _alloc(bytes) {
    const p = this._m._malloc(Math.max(bytes, 8));
    if (!p) throw new Error(`out of wasm memory (asked for ${bytes} bytes)`);
    return p;
  }
  _free(p) { if (p) this._m._free(p); }
  _f64() { return this._m.HEAPF64; } // re-read after every call that may grow memory
  _str(p) { return this._m.UTF8ToString(p); }
  _error() { return this._str(this._m._fxb_last_error()); }

  /** Bytes of wasm heap in use (for leak checks). */
  heapUsed() { return this._m._fxb_heap_used(); }

  // --- laws and transforms
  /** null when the law is valid with this Z, otherwise the core's message. */
  checkLaw(law, Z) {
    return this._m._fxb_law_check(...lawArgs(law), Number(Z)) ? this._error() : null;
  }

  _eval(law, Z, which, xs) {
    const x = xs instanceof Float64Array ? xs : Float64Array.from(xs);
    const n = x.length;
    let px = 0, py = 0;
    try {
      px = this._alloc(n * F64);
      py = this._alloc(n * F64);
      this._f64().set(x, px / F64);
      if (this._m._fxb_law_eval(...lawArgs(law), Number(Z), which, px, py, n)) throw new Error(this._error());
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
  phiPlus0(law) { return this._m._fxb_phi_plus0(...lawArgs(law)); }
  lambertW0(x) { return this._m._fxb_lambert_w0(Number(x)); }

  /** An error-bounded look-up table of Φ_Z; call free() when done. */
  lookupTable(law, Z, tol) {
    const p = this._m._fxb_lut_new(...lawArgs(law), Number(Z), Number(tol));
    if (!p) throw new Error(this._error());
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
        const choices = [];
        for (let c = 0; c < nChoices; c++) choices.push(this._str(m._fxb_param_text(i, j, 3 + c)));
        params.push({
          name: this._str(m._fxb_param_text(i, j, 0)),
          unit: this._str(m._fxb_param_text(i, j, 1)),
          help: this._str(m._fxb_param_text(i, j, 2)),
          def: m._fxb_param_num(i, j, 0),
          min: m._fxb_param_num(i, j, 1),
          max: m._fxb_param_num(i, j, 2),
          integer: m._fxb_param_num(i, j, 4) !== 0,
          choices: nChoices ? choices : null,
        });
      }
      const cols = [];
      for (let j = 0; j < nCols; j++) {
        cols.push({ name: this._str(m._fxb_col_text(i, j, 0)), unit: this._str(m._fxb_col_text(i, j, 1)),
                    help: this._str(m._fxb_col_text(i, j, 2)) });
      }
      out.push({ index: i, name: this._str(m._fxb_scn_text(i, 0)), summary: this._str(m._fxb_scn_text(i, 1)),
                 params, cols, stateBytes: m._fxb_scn_num(i, 2) });
    }
    this._scenarios = out;
    return out;
  }

  scenario(name) {
    const s = this.scenarios().find((x) => x.name === name);
    if (!s) throw new Error(`unknown scenario '${name}'; known: ${this.scenarios().map((x) => x.name).join(', ')}`);
    return s;
  }

  /** Parameter values of a scenario: defaults overridden by `values`
   *  ({ name: number | choiceName }). Throws naming a bad name or value. */
  scenarioParams(name, values = {}) {
    const s = this.scenario(name);
    const p = new Float64Array(s.params.length);
    s.params.forEach((q, j) => { p[j] = q.def; });
    for (const [key, raw] of Object.entries(values)) {
      const j = s.params.findIndex((q) => q.name === key);
      if (j < 0) throw new Error(`${name} has no parameter '${key}'`);
      const q = s.params[j];
      let v = raw;
      if (q.choices && typeof raw === 'string') {
        v = q.choices.indexOf(raw);
        if (v < 0) throw new Error(`${name}: ${key} = '${raw}' is not one of: ${q.choices.join(', ')}`);
      }
      p[j] = Number(v);
    }
    return p;
  }

  /** A running simulation of scenario `name`; call free() when done. */
  simulation(name, values = {}) {
    const s = this.scenario(name);
    return new Simulation(this, s, this.scenarioParams(name, values));
  }
}

export class LookupTable {
  constructor(core, ptr) { this._core = core; this._p = ptr; }
  get bytes() { this._live(); return this._core._m._fxb_lut_bytes(this._p); }
  _live() { if (!this._p) throw new Error('look-up table used after free()'); }
  eval(xs) {
    this._live();
    const core = this._core, x = xs instanceof Float64Array ? xs : Float64Array.from(xs);
    let px = 0, py = 0;
    try {
      px = core._alloc(x.length * F64);
      py = core._alloc(x.length * F64);
      core._f64().set(x, px / F64);
      core._m._fxb_lut_eval(this._p, px, py, x.length);
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
    const core = this._core;
    let pp = 0;
    try {
      pp = core._alloc(params.length * F64);
      core._f64().set(params, pp / F64);
      if (core._m._fxb_scn_init(this.info.index, this._aligned(), pp)) throw new Error(core._error());
      this.params = Float64Array.from(params);
      this.done = false;
    } finally {
      core._free(pp);
    }
  }

  _aligned() { return (this._state + 15) & ~15; }

  /** Advances up to n rows. Returns { rows: Float64Array (count × cols), count, done }.
   *  Throws the core's message (naming the step and state) if the state stopped being finite. */
  step(n) {
    if (!this._state) throw new Error('simulation used after free()');
    const core = this._core, nc = this.cols.length;
    if (n > this._rowsCap) {
      core._free(this._rows);
      this._rows = core._alloc(n * nc * F64);
      this._rowsCap = n;
    }
    const k = core._m._fxb_scn_step(this.info.index, this._aligned(), this._rows, n);
    const count = k < 0 ? -1 - k : k;
    const rows = core._f64().slice(this._rows / F64, this._rows / F64 + count * nc);
    if (k < 0) {
      this.done = true;
      const err = new Error(core._error());
      err.rows = rows;
      throw err;
    }
    if (count < n) this.done = true;
    return { rows, count, done: this.done };
  }

  free() {
    const core = this._core;
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
  return new FrictionCore(mod);
}
