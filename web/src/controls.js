// controls.js: labelled parameter controls. A numeric control is a slider
// over a practical range paired with a text field that accepts the whole
// valid (hard) range. A typed value applies only on Enter or when the field
// loses focus; Escape restores the last good value; a value that is not a
// number or lies outside the valid range is refused in place (the field is
// marked and the message names the parameter, the range and the value kept),
// so nothing half-typed ("5" of "50") ever reaches the simulation.
import { fmtNumber } from './format.js';
import { el as make, symbolNodes, symbolText } from './dom.js';

let uid = 0;

// a field value or range bound, short: 1e-4 and 7.5e5 rather than 1.000e-4
// and 7.500e+5 (six significant digits, what a person types)
const fmtShort = (v) => fmtNumber(v, { round: true, plus: false, expDigits: null });

// a decimal number as a person types it: 50, -0.5, .5, 1e-3, 2.5E+4
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * numberControl({ label, unit, min, max, value, log, help, integer, onInput,
 *                 sliderMin, sliderMax, presetValue, usePreset, onPreset })
 * min/max: the valid range (typing accepts all of it, nothing outside);
 * sliderMin/sliderMax: the practical range the slider spans (default min/max;
 * it widens to include a typed value). log: the slider moves in log10(value).
 * onInput(value): after a committed value (Enter, blur) and while dragging.
 * onPreset(bool): given, a "preset" checkbox sits beside the field; ticked,
 * the field shows presetValue and is disabled (usePreset: initially ticked).
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
    wrap.title = 'Use the value of the chosen actuator and model preset';
    presetBox = document.createElement('input');
    presetBox.type = 'checkbox';
    presetBox.checked = presetOn;
    presetBox.setAttribute('aria-label', `${opts.label}: use the preset value`);
    wrap.append(presetBox, document.createTextNode(' preset'));
    el.append(wrap);
    el.classList.add('has-preset');
  }
  el.append(range, msg);

  const widen = (v) => {
    if (!Number.isFinite(v)) return;
    if (v < sMin && (!log || v > 0)) sMin = v;
    if (v > sMax) sMax = v;
  };
  const toSlider = (v) => {
    const t = log ? (Math.log10(v) - Math.log10(sMin)) / (Math.log10(sMax) - Math.log10(sMin)) : (v - sMin) / (sMax - sMin);
    return Math.round(Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * steps);
  };
  const fromSlider = (s) => {
    const t = s / steps;
    const v = log ? 10 ** (Math.log10(sMin) + t * (Math.log10(sMax) - Math.log10(sMin))) : sMin + t * (sMax - sMin);
    const r = opts.integer ? Math.round(v) : Number(v.toPrecision(4));
    return Math.min(max, Math.max(min, r));
  };
  const paintRange = () => {
    el.dataset.min = min;
    el.dataset.max = max;
    range.textContent = `valid ${fmtShort(min)} … ${fmtShort(max)}${unitText}`;
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
    msg.textContent = `${opts.label}: ${why}; keeping ${fmtShort(value)}${unitText}.`;
  };
  // the field's text, checked against the valid range, applied when good
  const commit = () => {
    if (presetOn || disabled) return;
    const text = num.value.trim();
    if (!NUMBER.test(text)) {
      refuse(`'${num.value}' is not a number; give a value in ${fmtShort(min)} … ${fmtShort(max)}${unitText}`);
      return;
    }
    const v = Number(text);
    if (!(v >= min && v <= max)) {
      refuse(`${fmtShort(v)} is outside the valid range ${fmtShort(min)} … ${fmtShort(max)}${unitText}`);
      return;
    }
    if (opts.integer && v !== Math.floor(v)) {
      refuse(`${fmtShort(v)} is not a whole number (valid ${fmtShort(min)} … ${fmtShort(max)})`);
      return;
    }
    const changed = v !== value;
    value = v;
    show();
    if (changed) opts.onInput?.(value);
  };
  paintRange();
  show();

  slider.addEventListener('input', () => {
    value = fromSlider(Number(slider.value));
    num.value = fmtShort(value);
    slider.setAttribute('aria-valuetext', `${fmtShort(value)}${unitText}`);
    clearMessage();
    opts.onInput?.(value);
  });
  num.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); commit(); }
    else if (e.key === 'Escape') { e.preventDefault(); show(); }
  });
  num.addEventListener('change', commit);
  presetBox?.addEventListener('change', () => {
    presetOn = presetBox.checked;
    // unticking starts from the preset's number, so nothing jumps
    if (!presetOn && Number.isFinite(presetValue)) value = presetValue;
    show();
    opts.onPreset(presetOn, value);
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
    setMessage(text) { msg.textContent = text || ''; el.classList.toggle('invalid', !!text); },
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
 *  follows every change); `help` is the control's tooltip. */
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
  sel.addEventListener('change', () => { paintHelp(); opts.onChange?.(sel.value); });
  return {
    el,
    get value() { return sel.value; },
    set value(v) { sel.value = v; paintHelp(); },
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

