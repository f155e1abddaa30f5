// format.js: the one number formatter of the page. Every number a view
// writes (read-outs, clocks, control fields, tick labels, messages) goes
// through fmtNumber with the options of its place:
//
//   fmtNumber(v)                                   6 significant digits; exponent form
//                                                  (3 digits) below 1e-3 or from 1e5 on
//   fmtNumber(v, { digits: 4, small: 0, big: Infinity })   never an exponent
//   fmtNumber(v, { small: Infinity, expDigits: 2 })         always an exponent (0 stays '0')
//
// Options:
//   digits     significant digits of the plain form, Number(v.toPrecision(digits))
//              (no trailing zeros); default 6
//   small, big the exponent form when v ≠ 0 and |v| < small or |v| ≥ big;
//              default 1e-3 and 1e5
//   expDigits  digits after the point in the exponent form (null: as many as
//              the value needs); default 3
//   round      the exponent form of the value rounded to `digits` first
//   roundTest  the test against small/big on the rounded value (default: round)
//   plus       keep the '+' of a positive exponent ('1e+5'); default true
// A value that is not finite is written as String(v).

/** v as text (see the header for the options). */
export function fmtNumber(v, { digits = 6, small = 1e-3, big = 1e5, expDigits = 3, round = false, roundTest = round,
  plus = true } = {}) {
  if (!Number.isFinite(v)) return String(v);
  const r = Number(v.toPrecision(digits));
  const a = Math.abs(roundTest ? r : v);
  if (a !== 0 && (a < small || a >= big)) {
    const e = (round ? r : v).toExponential(expDigits ?? undefined);
    return plus ? e : e.replace('e+', 'e');
  }
  return String(r);
}

/** The page's default: fmtNumber(v) (6 digits, exponent form 3 digits). */
export const fmt = (v) => fmtNumber(v);
