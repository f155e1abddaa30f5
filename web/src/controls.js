// controls.js: labelled parameter controls. A numeric control is a slider
// over a practical range paired with a text field that accepts the whole
// valid (hard) range. A typed value applies only on Enter or when the field
// loses focus; Escape restores the last good value (on a field that shows it
// already, Escape is left to the page: it closes the presentation drawer); a
// value that is not a number or lies outside the valid range is refused in
// place (the field is marked and the message names the parameter, the range
// and the value kept), so nothing half-typed ("5" of "50") ever reaches the
// simulation. A value the view refuses after it was applied (onInput returns
// the reason: the core refused a live change) is taken back: the field and
// slider show the value in use again, and the reason stands beside the field.
// A field's message clears as soon as its text is a valid value again (or a
// value is applied).
import { fmtNumber, parseNumber } from './format.js';
import { el as make, symbolNodes, symbolText } from './dom.js';
import * as i18n from './i18n/index.js';

let uid = 0;

/** Shows the sentence `key` (its {label} the control's label, with the
 *  subscripts and superscripts the label above the field has: K_c reads K
 *  with a subscript c, never "K_c") in the message element box. */
function sayWithLabel(box, key, label, vars) {
  const [before, after = ''] = i18n.t(key, { ...vars, label: '\u0001' }).split('\u0001');
  box.replaceChildren(before, ...symbolNodes(label), after);
}

// a field value or range bound, short: 1e-4 and 7.5e5 rather than 1.000e-4
// and 7.500e+5 (six significant digits, what a person types)
const fmtShort = (v) => fmtNumber(v, { round: true, plus: false, expDigits: null });

/** The elements of a numeric control (numberControl): its label, slider,
 *  field, range line, message and, with opts.onPreset, the preset box
 *  (ticked: presetOn); the slider has steps positions. */
function numberParts(opts, id, presetOn, steps) {
  const el = document.createElement('div');
  el.className = 'ctl';
  const label = document.createElement('label');
  label.htmlFor = `${id}-n`;
  label.className = 'ctl-label';
  label.replaceChildren(...symbolNodes(opts.unit ? `${opts.label} [${opts.unit}]` : opts.label));
  const slider = document.createElement('input');
  slider.type = 'range';
  slider.min = 0;
  slider.max = steps;
  slider.step = 1;
  slider.setAttribute('aria-label', symbolText(opts.label));
  const num = document.createElement('input');
  num.type = 'text';
  num.inputMode = 'decimal';
  num.autocomplete = 'off';
  num.spellcheck = false;
  num.className = 'ctl-num';
  num.id = `${id}-n`;
  const range = document.createElement('div');
  range.className = 'ctl-range';
  range.id = `${id}-r`;
  const msg = document.createElement('div');
  msg.className = 'ctl-msg';
  msg.id = `${id}-m`;
  msg.setAttribute('aria-live', 'polite');
  num.setAttribute('aria-describedby', `${range.id} ${msg.id}`);
  if (opts.help) { label.title = opts.help; num.title = opts.help; slider.title = opts.help; }
  el.append(label, slider, num);

  let presetBox = null;
  if (opts.onPreset) {
    const wrap = document.createElement('label');
    wrap.className = 'ctl-preset';
    wrap.title = i18n.t('ctl.preset.title');
    presetBox = document.createElement('input');
    presetBox.type = 'checkbox';
    presetBox.checked = presetOn;
    presetBox.setAttribute('aria-label', i18n.t('ctl.preset.aria', { label: opts.label }));
    wrap.append(presetBox, document.createTextNode(` ${i18n.t('ctl.preset')}`));
    el.append(wrap);
    el.classList.add('has-preset');
  }
  el.append(range, msg);
  return { el, slider, num, range, msg, presetBox };
}

/** The slider position (0 … steps) of value v on [sMin, sMax] (log: in log10). */
function sliderOf(v, sMin, sMax, log, steps) {
  const t = log ? (Math.log10(v) - Math.log10(sMin)) / (Math.log10(sMax) - Math.log10(sMin)) : (v - sMin) / (sMax - sMin);
  return Math.round(Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * steps);
}
/** The value of slider position s: four significant digits (or whole), in [min, max]. */
function valueOf(s, { sMin, sMax, log, steps, min, max, integer }) {
  const t = s / steps;
  const v = log ? 10 ** (Math.log10(sMin) + t * (Math.log10(sMax) - Math.log10(sMin))) : sMin + t * (sMax - sMin);
  const r = integer ? Math.round(v) : Number(v.toPrecision(4));
  return Math.min(max, Math.max(min, r));
}

/** The value of a field's text raw in [min, max] (integer: whole), or
 *  { why } when it is not valid. */
function parseTyped(raw, min, max, unitText, integer) {
  // the one parser of typed numbers (format.js: the decimal comma in French)
  let v = parseNumber(raw, i18n.decimalMark);
  if (Number.isNaN(v)) return { why: i18n.t('ctl.nan', { raw, min: fmtShort(min), max: fmtShort(max), unit: unitText }) };
  // a number beyond the doubles (1e999 reads as Infinity, 1e-400 as 0):
  // outside the range as typed, never "not a number" nor "0 is outside"
  const typed = String(raw).trim();
  if (!Number.isFinite(v) || (v === 0 && /[1-9]/.test(typed.split(/e/i)[0]) && !(min <= 0 && max >= 0))) {
    return { why: i18n.t('ctl.outside', { v: typed, min: fmtShort(min), max: fmtShort(max), unit: unitText }) };
  }
  // a bound typed as the field shows it (fmtShort: six significant digits,
  // which may round it outward: −0.174533 for −0.17453298) is that bound
  if (fmtShort(v) === fmtShort(min)) v = min;
  else if (fmtShort(v) === fmtShort(max)) v = max;
  if (!(v >= min && v <= max)) return { why: i18n.t('ctl.outside', { v: fmtShort(v), min: fmtShort(min), max: fmtShort(max), unit: unitText }) };
  if (integer && v !== Math.floor(v)) return { why: i18n.t('ctl.integer', { v: fmtShort(v), min: fmtShort(min), max: fmtShort(max) }) };
  return { v };
}

/**
 * numberControl({ label, unit, min, max, value, log, help, integer, onInput,
 *                 sliderMin, sliderMax, presetValue, usePreset, onPreset })
 * min/max: the valid range (typing accepts all of it, nothing outside);
 * sliderMin/sliderMax: the practical range the slider spans (default min/max;
 * it widens to include a typed value). log: the slider moves in log10(value).
 * onInput(value): after a committed value (Enter, blur) and while dragging;
 * a non-empty string returned is a refusal: the value goes back to the one
 * before and the string is shown beside the field.
 * onPreset(bool): given, a "preset" checkbox sits beside the field; ticked,
 * the field shows presetValue and is disabled (usePreset: initially ticked);
 * a string returned refuses the change as onInput's does.
 * Returns { el, value (get/set), preset (get), setRange(min, max) (valid range),
 *           setSpan(lo, hi) (slider range), setMessage(text), setDisabled(flag),
 *           setPreset(on, presetValue), input, slider }.
 */
export function numberControl(opts) {
  const id = `ctl-${++uid}`;
  let { min, max } = opts;
  let sMin = opts.sliderMin ?? min, sMax = opts.sliderMax ?? max;
  const log = !!opts.log && sMin > 0;
  const unitText = opts.unit ? ` ${opts.unit}` : '';
  const steps = 1000;
  let value = opts.value;
  let presetOn = !!(opts.onPreset && opts.usePreset);
  let presetValue = opts.presetValue;
  let disabled = false;

  const { el, slider, num, range, msg, presetBox } = numberParts(opts, id, presetOn, steps);

  const widen = (v) => {
    if (!Number.isFinite(v)) return;
    if (v < sMin && (!log || v > 0)) sMin = v;
    if (v > sMax) sMax = v;
  };
  const toSlider = (v) => sliderOf(v, sMin, sMax, log, steps);
  const fromSlider = (x) => valueOf(x, { sMin, sMax, log, steps, min, max, integer: opts.integer });
  const paintRange = () => {
    el.dataset.min = min;
    el.dataset.max = max;
    range.textContent = i18n.t('ctl.valid', { min: fmtShort(min), max: fmtShort(max), unit: unitText });
  };
  const shownValue = () => (presetOn ? presetValue : value);
  const paintEnabled = () => {
    num.disabled = disabled || presetOn;
    slider.disabled = disabled || presetOn;
    if (presetBox) presetBox.disabled = disabled;
    el.classList.toggle('preset-on', presetOn);
    el.classList.toggle('disabled', disabled);
  };
  const clearMessage = () => { el.classList.remove('invalid'); msg.textContent = ''; num.removeAttribute('aria-invalid'); };
  const show = () => {
    const v = shownValue();
    widen(v);
    slider.value = toSlider(v);
    slider.setAttribute('aria-valuetext', `${fmtShort(v)}${unitText}`);
    num.value = Number.isFinite(v) ? fmtShort(v) : '';
    clearMessage();
    paintEnabled();
  };
  const refuse = (why) => {
    el.classList.add('invalid');
    num.setAttribute('aria-invalid', 'true');
    sayWithLabel(msg, 'ctl.keeping', opts.label, { why, value: `${fmtShort(value)}${unitText}` });
  };
  /** The value of the field's text, or { why } when it is not valid. */
  const parse = (raw) => parseTyped(raw, min, max, unitText, opts.integer);
  /** Applies v (the view's onInput); a refusal takes it back to `was` and
   *  says why beside the field. */
  const apply = (v, was) => {
    const why = opts.onInput?.(v);
    if (typeof why === 'string' && why) {
      value = was;
      show();
      refuse(i18n.t('ctl.refused', { what: fmtShort(v), why: why.replace(/\.$/, '') }));
    }
  };
  // the field's text, checked against the valid range, applied when good
  const commit = () => {
    if (presetOn || disabled) return;
    const { v, why } = parse(num.value);
    if (why) { refuse(why); return; }
    // the value in use, typed again: nothing to apply (a refusal's reason
    // stays until the field is edited)
    if (v === value) { num.value = fmtShort(value); return; }
    const was = value;
    value = v;
    show();
    apply(v, was);
  };
  paintRange();
  show();

  slider.addEventListener('input', () => {
    const was = value;
    value = fromSlider(Number(slider.value));
    num.value = fmtShort(value);
    slider.setAttribute('aria-valuetext', `${fmtShort(value)}${unitText}`);
    clearMessage();
    apply(value, was);
  });
  num.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); commit(); }
    else if (e.key === 'Escape') {
      // the first Escape restores an edited or refused value (and keeps the
      // key); on a field that shows its value already, the key is left to the
      // page (main.js: it closes the presentation drawer)
      if (num.value === fmtShort(shownValue()) && !el.classList.contains('invalid')) return;
      e.preventDefault();
      show();
    }
  });
  // typing: a message goes as soon as the text is a valid value again
  num.addEventListener('input', () => { if (el.classList.contains('invalid') && !parse(num.value).why) clearMessage(); });
  num.addEventListener('change', commit);
  num.addEventListener('blur', commit);
  presetBox?.addEventListener('change', () => {
    const wasOn = presetOn, was = value;
    presetOn = presetBox.checked;
    // unticking starts from the preset's number, so nothing jumps
    if (!presetOn && Number.isFinite(presetValue)) value = presetValue;
    show();
    const why = opts.onPreset(presetOn, value);
    if (typeof why === 'string' && why) {
      presetOn = wasOn;
      presetBox.checked = wasOn;
      value = was;
      show();
      refuse(i18n.t('ctl.refused', { what: presetOn ? i18n.t('ctl.typed') : i18n.t('ctl.presetValue'), why: why.replace(/\.$/, '') }));
    }
  });

  return {
    el,
    get value() { return value; },
    set value(v) { value = v; show(); },
    get preset() { return presetOn; },
    setPreset(on, pv) {
      if (!presetBox) return;
      presetOn = !!on;
      presetBox.checked = presetOn;
      if (pv !== undefined) presetValue = pv;
      show();
    },
    setSpan(lo, hi) { if (lo < hi && (!log || lo > 0)) { sMin = lo; sMax = hi; show(); } },
    setRange(lo, hi) { min = lo; max = hi; sMin = Math.max(sMin, lo); sMax = Math.min(sMax, hi); paintRange(); show(); },
    setMessage(text) {
      msg.textContent = text || '';
      el.classList.toggle('invalid', !!text);
      if (text) num.setAttribute('aria-invalid', 'true'); else num.removeAttribute('aria-invalid');
    },
    setDisabled(flag) {
      disabled = !!flag;
      paintEnabled();
    },
    input: num,
    slider,
  };
}

/** choiceControl({ label, choices: [{ value, label, help }], value, help, onChange })
 *  A choice's `help` is shown under the list for the chosen option (and
 *  follows every change); `help` is the control's tooltip. onChange returning
 *  a non-empty string refuses the choice: the list goes back to the one
 *  before and the string is shown under it (until the next choice). */
export function choiceControl(opts) {
  const id = `ctl-${++uid}`;
  const el = document.createElement('div');
  el.className = 'ctl-choice';
  const label = document.createElement('label');
  label.htmlFor = id;
  label.replaceChildren(...symbolNodes(opts.label));
  const sel = document.createElement('select');
  sel.id = id;
  for (const c of opts.choices) {
    const o = document.createElement('option');
    o.value = c.value;
    o.textContent = c.label ?? c.value;
    sel.append(o);
  }
  sel.value = opts.value;
  if (opts.help) { label.title = opts.help; sel.title = opts.help; }
  el.append(label, sel);
  const helps = new Map(opts.choices.filter((c) => c.help).map((c) => [String(c.value), c.help]));
  let helpLine = null;
  if (helps.size) {
    helpLine = document.createElement('div');
    helpLine.className = 'ctl-help';
    helpLine.id = `${id}-h`;
    sel.setAttribute('aria-describedby', helpLine.id);
    el.append(helpLine);
  }
  const paintHelp = () => { if (helpLine) helpLine.replaceChildren(...symbolNodes(helps.get(sel.value) || '')); };
  paintHelp();
  const msg = make('div', { className: 'ctl-msg', id: `${id}-m`, 'aria-live': 'polite' });
  el.append(msg);
  let kept = sel.value;
  sel.addEventListener('change', () => {
    msg.textContent = '';
    el.classList.remove('invalid');
    paintHelp();
    const why = opts.onChange?.(sel.value);
    if (typeof why === 'string' && why) {
      const asked = sel.value;
      sel.value = kept;
      paintHelp();
      el.classList.add('invalid');
      sayWithLabel(msg, 'ctl.choice.refused', opts.label, { asked, why: why.replace(/\.$/, ''), kept });
      return;
    }
    kept = sel.value;
  });
  return {
    el,
    get value() { return sel.value; },
    set value(v) { sel.value = v; kept = sel.value; paintHelp(); },
    setDisabled(flag) { sel.disabled = flag; el.classList.toggle('disabled', flag); },
    select: sel,
  };
}

/** A checkbox with a label. */
export function toggleControl({ label, value, onChange }) {
  const id = `ctl-${++uid}`;
  const box = make('input', { type: 'checkbox', id, checked: !!value });
  box.addEventListener('change', () => onChange?.(box.checked));
  const el = make('div', { className: 'ctl-choice' }, make('label', { htmlFor: id }, box, ' ', ...symbolNodes(label)));
  return { el, get value() { return box.checked; }, set value(v) { box.checked = !!v; }, input: box };
}

