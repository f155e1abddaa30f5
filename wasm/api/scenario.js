// scenario.js: core.scenario (fric_scenario.h at the wasm wall,
// wasm/bindings_scenario.c): the simulated systems, their parameters and
// columns, and a running Simulation.
import { LAYOUTS, CONSTANTS, coreError, F64, argError, show, num, maxItems, f64s, obj, inp, caller } from './base.js';

/** The exports this group calls, each with its C parameters (wasm/bindings_*.c):
 *  call() refuses an export not listed here or a wrong count of arguments. */
export const SIGNATURES = {
  fxb_scn_count: '',
  fxb_scn_at: 'i',
  fxb_scn_init: 'i state p n',
  fxb_scn_retune: 'i state p n',
  fxb_scn_step: 'i state rows n',
  fxb_scn_shape: 'i state xyf max',
};
const call = caller(SIGNATURES);

/** core.scenario: fric_scenario.h: the simulated systems (name, summary, title,
 *  blurb), their parameters and columns. */
/** The index of parameter `name` in a scenario's info (core.scenario.find(…).params), −1 if absent. */
export function paramIndex(info, name) {
  return info.params.findIndex((p) => p.name === name);
}

export class ScenarioApi {
  constructor(core) { this._core = core; }

  /** Every simulated system with its parameters and columns (plain objects),
   *  read from the core's registry through the layouts. */
  list() {
    if (this._scenarios) return this._scenarios;
    const out = [];
    for (let i = 0; i < call.value(this._core, 'fxb_scn_count'); i++) {
      const s = this._core._read('scenario', call.value(this._core, 'fxb_scn_at', i));
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
    call(this._core, 'fxb_scn_init', [this.info.index, this._aligned(), inp(x), x.length], { names });
    this.params = Float64Array.from(x);
    this.done = false;
  }

  /** Applies new parameter values without restarting (throws if the scenario
   *  cannot, or a value is invalid; the simulation then keeps its old values). */
  retune(params) {
    this._live();
    const names = this._names();
    const x = f64s('params', params, { length: names.length, names });
    call(this._core, 'fxb_scn_retune', [this.info.index, this._aligned(), inp(x), x.length], { names });
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
    const k = call.value(core, 'fxb_scn_step', this.info.index, this._aligned(), this._rows, n);
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
    const k = call.value(core, 'fxb_scn_shape', this.info.index, this._aligned(), this._shape, max);
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
