// regions.js: core.regions (fric_regions.h at the wasm wall,
// wasm/bindings_regions.c): static/drive/backdrive regions of a servo or a
// screw.
import { SERVO_KEYS, LAYOUTS, argError, show, num, numberType, maxItems, obj, inp, out, caller } from './base.js';

/** The exports this group calls, each with its C parameters (wasm/bindings_*.c):
 *  call() refuses an export not listed here or a wrong count of arguments. */
export const SIGNATURES = {
  fxb_regions_check: 'kind c nc dtheta',
  fxb_regions_classify: 'kind c nc dtheta tau_m tau_e',
  fxb_regions_polyline: 'kind c nc dtheta T n tm lo hi cap',
  fxb_regions_grid: 'kind c nc dtheta T nx ny out',
};
const call = caller(SIGNATURES);

/** core.regions: fric_regions.h: static/drive/backdrive regions. */
export class RegionsApi {
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
    call(this._core, 'fxb_regions_check', [kind, inp(c), c.length, dtheta], { names });
    const { rc: count, out: [tauM, lo, hi] } = call(this._core, 'fxb_regions_polyline',
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
    return call(this._core, 'fxb_regions_grid', [kind, inp(c), c.length, dtheta, T, nx, ny, out(Uint8Array, nx * ny)],
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
    call(this._core, 'fxb_regions_check', [kind, inp(c), c.length, dtheta], { names: kind === 0 ? SERVO_KEYS : [] });
    const r = call(this._core, 'fxb_regions_classify', [kind, inp(c), c.length, dtheta, tauM, tauE], { ok: () => true }).rc;
    return ['static', 'drive', 'backdrive'][r] || 'invalid';
  }
}
