// law.js: core.law (friction.h at the wasm wall, wasm/bindings_law.c): law
// checks, Φ, Φ_Z and Φ̂_Z over vectors, look-up tables (LookupTable).
import { LAW_FIELDS, CONSTANTS, F64, num, numberType, f64s, lawArgs, inp, out, caller } from './base.js';

/** The exports this group calls, each with its C parameters (wasm/bindings_*.c):
 *  call() refuses an export not listed here or a wrong count of arguments. */
export const SIGNATURES = {
  fxb_law_check: 'kind Fs Fc vs D alpha Z',
  fxb_law_eval: 'kind Fs Fc vs D alpha Z eval_what x y n',
  fxb_phi_plus0: 'kind Fs Fc vs D alpha',
  fxb_lambert_w0: 'x',
  fxb_law_field_used: 'kind field',
  fxb_law_field_lo: 'field',
  fxb_law_field_hi: 'field',
  fxb_lut_new: 'kind Fs Fc vs D alpha Z tol',
  fxb_lut_eval: 'lut x y n',
  fxb_lut_bytes: 'lut',
  fxb_lut_free: 'lut',
};
const call = caller(SIGNATURES);

/** core.law: friction.h: law checks, Φ, Φ_Z, Φ̂_Z, look-up tables. */
export class LawApi {
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
    LAW_FIELDS.forEach((name, i) => { out[name] = [call.value(this._core, 'fxb_law_field_lo', i), call.value(this._core, 'fxb_law_field_hi', i)]; });
    return out;
  }

  /** The law fields ('Fs', 'Fc', 'vs', 'D', 'alpha') a law kind uses, in order. */
  fields(kind) {
    const k = lawArgs({ kind })[0];
    return LAW_FIELDS.filter((_, i) => call.value(this._core, 'fxb_law_field_used', k, i) !== 0);
  }

  /** null when the law is valid with this Z, otherwise { code, param, message,
   *  id, values, prefix } (code 'FRIC_E_NO_TRANSFORM' when Kikuuwe's eq. 15
   *  fails; param 'Fs', …, 'Z'; the message as a sentence: coreError). */
  problem(law, Z) {
    // Z may be ±Infinity or NaN here (1/0 from a view): the core reports it as the problem
    const args = lawArgs(law);
    if (!call.value(this._core, 'fxb_law_check', ...args, numberType('Z', Z))) return null;
    const e = this._core._fail(LAW_FIELDS);
    return { code: e.code, param: e.param, message: e.message, id: e.id, values: e.values, prefix: e.prefix };
  }

  _eval(law, Z, what, xs) {
    const args = lawArgs(law);
    numberType('Z', Z);      // its range (finite, > 0) is the core's check, named 'Z'
    const x = f64s('xs', xs, { itemBytes: 2 * F64 });
    return call(this._core, 'fxb_law_eval', [...args, Z, what, inp(x), out(Float64Array, x.length), x.length],
      { names: LAW_FIELDS }).out[0];
  }

  /** Φ(v) for each v. Throws the core's message for an invalid law, and for a
   *  v whose Φ(v) would pass the largest double (code FRIC_E_NONFINITE,
   *  param 'D'; so do phiZ, phiZApprox (param 'Z' where Z·D > 1: it grows as
   *  |x|/Z there, eq. 46) and a table's eval: the core's fric_law_eval). */
  phi(law, vs) { return this._eval(law, 1, CONSTANTS.eval_phi, vs); }

  /** Exact Φ_Z(x) (Kikuuwe Theorem 1). */
  phiZ(law, Z, xs) { return this._eval(law, Z, CONSTANTS.eval_phi_z, xs); }

  /** Kikuuwe's approximation Φ̂_Z (eq. 46). */
  phiZApprox(law, Z, xs) { return this._eval(law, Z, CONSTANTS.eval_approx, xs); }

  /** Φ(+0): the static friction level [N]. */
  phiPlus0(law) {
    const args = lawArgs(law);
    // the law's own check (fric_law_check_params: Z plays no part), no points
    if (call.value(this._core, 'fxb_law_eval', ...args, 1, CONSTANTS.eval_phi, 0, 0, 0)) throw this._core._fail(LAW_FIELDS);
    return call.value(this._core, 'fxb_phi_plus0', ...args);
  }

  /** W0(x), the principal branch of Lambert W, for a finite x >= −1/e (W0 of
   *  the largest double is about 703.2); NaN, ±Infinity (W0(+∞) = ∞ is a limit,
   *  not a value), non-numbers and x < −1/e are refused. */
  lambertW0(x) { return call.value(this._core, 'fxb_lambert_w0', num('x', x, { min: -1 / Math.E })); }

  /** An error-bounded look-up table of Φ_Z; call free() when done. */
  lookupTable(law, Z, tol) {
    const args = lawArgs(law);
    // ranges: the core's (Z with the law, tol > 0 finite), named in its messages
    const p = call.value(this._core, 'fxb_lut_new', ...args, numberType('Z', Z), numberType('tol', tol));
    if (!p) throw this._core._fail(LAW_FIELDS);
    return new LookupTable(this._core, p);
  }
}

export class LookupTable {
  constructor(core, ptr) { this._core = core; this._p = ptr; }
  get bytes() { this._live(); return call.value(this._core, 'fxb_lut_bytes', this._p); }
  _live() { if (!this._p) throw new Error('look-up table used after free()'); }
  eval(xs) {
    this._live();
    const x = f64s('xs', xs, { itemBytes: 2 * F64 });
    // a value beyond the largest double is the core's refusal (fric_law_eval), param 'D'
    return call(this._core, 'fxb_lut_eval', [this._p, inp(x), out(Float64Array, x.length), x.length],
      { names: LAW_FIELDS }).out[0];
  }
  free() { if (this._p) { call.value(this._core, 'fxb_lut_free', this._p); this._p = 0; } }
}
