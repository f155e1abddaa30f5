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
//
// Two more of one place each: tickLabel, the tick labels of every linear
// chart axis (Chart.defaults in charts.js), and maeText, an angle error
// "0.0579 rad (3.32°)".
//
// The decimal mark: every text this module writes for people has the page
// language's mark ('.' in English, ',' in French: setDecimalMark, called
// once by main.js, and by a worker that draws from its page's message);
// fmtNumber(v, { mark: '.' }) writes a file's number whatever the page's
// language. The one parser of what people type is parseNumber (either mark;
// a number list, parseList, is separated by ';' when the mark is ',').

let decimalMark = '.';

/** The decimal mark of every text this module writes ('.' or ','). */
export function setDecimalMark(mark) {
  if (mark !== '.' && mark !== ',') throw new RangeError(`decimal mark '${mark}': use '.' or ','`);
  decimalMark = mark;
}
/** The page's decimal mark. */
export const getDecimalMark = () => decimalMark;

/** Text s (a number written with '.') with the page's decimal mark: every
 *  digit-point-digit of s ("30.5", "-1.5e-06"); other text is left as is.
 *  mark: the mark to write (default the page's). */
export function localNumber(s, mark = decimalMark) {
  const text = String(s);
  return mark === '.' ? text : text.replace(/(\d)\.(\d)/g, `$1${mark}$2`);
}

/** v as text (see the header for the options; mark: the decimal mark,
 *  default the page's). */
export function fmtNumber(v, { digits = 6, small = 1e-3, big = 1e5, expDigits = 3, round = false, roundTest = round,
  plus = true, mark = decimalMark } = {}) {
  if (!Number.isFinite(v)) return String(v);
  const r = Number(v.toPrecision(digits));
  const a = Math.abs(roundTest ? r : v);
  if (a !== 0 && (a < small || a >= big)) {
    const e = (round ? r : v).toExponential(expDigits ?? undefined);
    return localNumber(plus ? e : e.replace('e+', 'e'), mark);
  }
  return localNumber(String(r), mark);
}

// a number as people type it: a decimal point or comma, an optional exponent
const TYPED = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)(e[+-]?\d+)?$/i;

/** The number text `raw` writes, as people type it: '.' as the decimal
 *  mark, and ',' too when the page's mark (or `mark`) is ',' ("0,5" is 0.5
 *  in French; in English "1,000" is no number rather than 1); "−" or "-" as
 *  the minus sign; an exponent ("1e-3", "1,5E6"); surrounding spaces
 *  ignored. NaN for anything else (an empty text, "1.000,5", "1 000", two
 *  numbers). */
export function parseNumber(raw, mark = decimalMark) {
  const text = String(raw).trim().replace(/\u2212/g, '-');
  if (!TYPED.test(text) || (mark !== ',' && text.includes(','))) return NaN;
  return Number(text.replace(',', '.'));
}

/** The list separator of the page's language: ';' when its decimal mark is
 *  ',', else ','. */
export const listSeparator = (mark = decimalMark) => (mark === ',' ? ';' : ',');

/** A list of numbers as people type it: { values } or { why, item } (why
 *  'nan': item is not a number; 'ambiguous': item holds commas but is no
 *  number, with ',' the decimal mark). With the mark '.' the items are
 *  separated by ',' or ';'. With the mark ',' by ';' only: a text without
 *  ';' is one number ("0,5" is 0.5, never 0 and 5), and one that is no
 *  number but holds a ',' ("0,5,2", "0, 5") is refused as ambiguous rather
 *  than guessed. */
export function parseList(raw, mark = decimalMark) {
  const text = String(raw).trim();
  if (text === '') return { values: [] };
  const parts = mark === ',' ? text.split(';') : text.split(/[,;]/);
  const values = [];
  for (const item of parts.map((p) => p.trim()).filter((p) => p !== '')) {
    const v = parseNumber(item, mark);
    if (!Number.isFinite(v)) return { why: mark === ',' && item.includes(',') ? 'ambiguous' : 'nan', item };
    values.push(v);
  }
  return { values };
}

/** values written as a list in the page's language ("0 ; 1,5 ; 2" in French,
 *  with a no-break space before the ';' as French typography has it and the
 *  page's sentences write it; "0, 1.5, 2" in English). */
export const fmtList = (values, mark = decimalMark) =>
  values.map((v) => fmtNumber(v, { mark })).join(mark === ',' ? `\u00a0${listSeparator(mark)} ` : `${listSeparator(mark)} `);

/** The page's default: fmtNumber(v) (6 digits, exponent form 3 digits). */
export const fmt = (v) => fmtNumber(v);

/** A tick label of a linear axis for Chart.js (ticks.callback(value, index,
 *  ticks)): the labels of one axis share one form, the shortest that keeps every tick
 *  exact to a millionth of the tick spacing: fixed decimals between 1e-3 and
 *  1e5 ("0.25", "1.8", "3.86"), else an exponent with as few digits as that
 *  needs ("-1e-6", "5e-7", "2.5e+6" → "2.5e6"). So the labels of an axis
 *  never repeat and never carry the float noise of "1.0000000E-6". */
export function tickLabel(value, index, ticks) {
  const vs = ticks && ticks.length ? ticks.map((t) => t.value) : [value];
  // the spacing of the grid: the median gap (an axis's first and last tick
  // may sit off the grid, at its bounds)
  const gaps = [];
  for (let k = 1; k < vs.length; k++) gaps.push(Math.abs(vs[k] - vs[k - 1]));
  gaps.sort((x, y) => x - y);
  let step = gaps.length ? gaps[Math.floor(gaps.length / 2)] : 0;
  if (!(step > 0)) step = Math.abs(value) || 1;
  // the ticks on the grid (multiples of the step) decide the form; a bound
  // off the grid (Chart.js adds the axis's min and max) gets no label, nor
  // does a tick whose label its neighbour already shows ("1.8 1.8")
  const grid = (v) => Math.abs(v / step - Math.round(v / step)) <= 1e-6;
  const onGrid = vs.filter(grid);
  if (onGrid.length >= 2 && !grid(value)) return '';
  const form = tickForm(onGrid.length ? onGrid : vs, step);
  const text = form(value);
  return index > 0 && index < vs.length && form(vs[index - 1]) === text ? '' : localNumber(text);
}

/** The shortest form that writes every v of vs within a millionth of step. */
function tickForm(vs, step) {
  const tol = step * 1e-6, big = Math.max(...vs.map(Math.abs));
  const exact = (f) => vs.every((v) => Math.abs(Number(f(v)) - v) <= tol);
  if (big === 0 || (big >= 1e-3 && big < 1e5)) {
    for (let d = 0; d <= 15; d++) {
      const f = (v) => (v === 0 ? '0' : fixedZero(v.toFixed(d)));
      if (exact(f)) return f;
    }
  }
  for (let d = 0; d <= 15; d++) {
    const f = (v) => (v === 0 ? '0' : v.toExponential(d).replace('e+', 'e'));
    if (exact(f)) return f;
  }
  return String;
}

// "-0.00" → "0.00": a tick at zero has no sign
const fixedZero = (s) => (/^-0(\.0*)?$/.test(s) ? s.slice(1) : s);

/** x with `digits` decimals in the page's form, a value that rounds to zero
 *  without a sign ("0.0", not "-0.0": the Robot arm's q2 at rest). */
export const fixedText = (x, digits) => localNumber(fixedZero(x.toFixed(digits)));

/** An angle error in 3 significant digits, trailing zeros kept so that a
 *  column lines up ("0.0610", "3.50"); an exponent below 1e-4. */
export function sig3(v) {
  if (!Number.isFinite(v)) return String(v);
  return localNumber(v === 0 || Math.abs(v) >= 1e-4 ? v.toPrecision(3) : v.toExponential(2).replace('e+', 'e'));
}

/** A mean absolute angle error [rad] as the page writes it everywhere:
 *  "0.0579 rad (3.32°)": 3 significant digits, the degrees beside. */
export function maeText(rad) {
  if (!Number.isFinite(rad)) return String(rad);
  return `${sig3(rad)} rad (${sig3(rad * 180 / Math.PI)}°)`;
}

/** A value quoted in a sentence (a refusal, the embed API's errors), cut to
 *  QUOTE_CHARS characters and '…': a 5 MB value sent by a host comes back
 *  as one short sentence. */
export const QUOTE_CHARS = 80;
export function quote(text) {
  const s = String(text);
  return s.length > QUOTE_CHARS ? `${s.slice(0, QUOTE_CHARS)}…` : s;
}

// The core's labels write a symbol's index and exponent as `_x` and `^x`
// (one character each: K_c^s, τ_f^m, θ^d, F_C); longer runs (q_offset,
// friction_base) are names, left as they are. dom.js symbolNodes draws them
// as a subscript and a superscript.
export const SYMBOL = /_([\p{L}\p{N}])(?![\p{L}\p{N}])|\^([\p{L}\p{N}])(?![\p{L}\p{N}])/gu;

/** `text` without the `_` and `^` markers (an accessible name, a tooltip, a sentence). */
export function symbolText(text) {
  return String(text).replace(SYMBOL, (_, a, b) => a ?? b);
}
