// controls.js: labelled parameter controls. A numeric control is a slider
// paired with a number field, showing the unit and the valid range; typing
// an out-of-range or non-numeric value marks the field and keeps the last
// good value (nothing lost on bad input).
let uid = 0;

function fmt(v) {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  return a !== 0 && (a < 1e-3 || a >= 1e5) ? v.toExponential(3) : String(Number(v.toPrecision(6)));
}

/**
 * numberControl({ label, unit, min, max, value, log, help, onInput, sliderMin, sliderMax })
 * min/max: the valid range (the number field accepts all of it);
 * sliderMin/sliderMax: the practical range the slider spans (default min/max;
 * it widens to include a typed value). log: the slider moves in log10(value).
 * Returns { el, value (get/set), setRange(min, max), setMessage(text) }.
 */
export function numberControl(opts) {
  const id = `ctl-${++uid}`;
  let { min, max } = opts;
  let sMin = opts.sliderMin ?? min, sMax = opts.sliderMax ?? max;
  const log = !!opts.log && sMin > 0;
  const steps = 1000;
  let value = opts.value;

  const el = document.createElement('div');
  el.className = 'ctl';
  const label = document.createElement('label');
  label.htmlFor = `${id}-n`;
  const name = document.createElement('span');
  name.textContent = opts.label;
  const unit = document.createElement('span');
  unit.className = 'unit';
  label.append(name, unit);
  const slider = document.createElement('input');
  slider.type = 'range';
  slider.min = 0;
  slider.max = steps;
  slider.step = 1;
  slider.setAttribute('aria-label', `${opts.label} slider`);
  const num = document.createElement('input');
  num.type = 'number';
  num.id = `${id}-n`;
  num.step = 'any';
  const msg = document.createElement('div');
  msg.className = 'ctl-msg';
  msg.id = `${id}-m`;
  msg.setAttribute('aria-live', 'polite');
  num.setAttribute('aria-describedby', msg.id);
  if (opts.help) { el.title = opts.help; }
  el.append(label, slider, num, msg);

  const widen = (v) => {
    if (v < sMin && (!log || v > 0)) sMin = v;
    if (v > sMax) sMax = v;
  };
  const toSlider = (v) => {
    const t = log ? (Math.log10(v) - Math.log10(sMin)) / (Math.log10(sMax) - Math.log10(sMin)) : (v - sMin) / (sMax - sMin);
    return Math.round(Math.min(1, Math.max(0, t)) * steps);
  };
  const fromSlider = (s) => {
    const t = s / steps;
    const v = log ? 10 ** (Math.log10(sMin) + t * (Math.log10(sMax) - Math.log10(sMin))) : sMin + t * (sMax - sMin);
    return Math.min(max, Math.max(min, Number(v.toPrecision(4))));
  };
  const paintRange = () => {
    unit.textContent = `${opts.unit ? `[${opts.unit}] ` : ''}${fmt(min)} … ${fmt(max)}`;
    unit.className = 'unit range';
    num.min = min;
    num.max = max;
  };
  const show = () => {
    widen(value);
    slider.value = toSlider(value);
    num.value = fmt(value);
    el.classList.remove('invalid');
    msg.textContent = '';
  };
  paintRange();
  show();

  slider.addEventListener('input', () => {
    value = fromSlider(Number(slider.value));
    num.value = fmt(value);
    el.classList.remove('invalid');
    msg.textContent = '';
    opts.onInput?.(value);
  });
  num.addEventListener('input', () => {
    const v = Number(num.value);
    if (num.value.trim() === '' || !Number.isFinite(v)) {
      el.classList.add('invalid');
      msg.textContent = `${opts.label}: '${num.value}' is not a number; keeping ${fmt(value)}.`;
      return;
    }
    if (v < min || v > max) {
      el.classList.add('invalid');
      msg.textContent = `${opts.label} must be in ${fmt(min)} … ${fmt(max)} ${opts.unit || ''}; keeping ${fmt(value)}.`;
      return;
    }
    value = v;
    widen(value);
    slider.value = toSlider(value);
    el.classList.remove('invalid');
    msg.textContent = '';
    opts.onInput?.(value);
  });
  num.addEventListener('change', () => { if (el.classList.contains('invalid')) show(); });

  return {
    el,
    get value() { return value; },
    set value(v) { value = v; show(); },
    setRange(lo, hi) { min = lo; max = hi; sMin = Math.max(sMin, lo); sMax = Math.min(sMax, hi); paintRange(); show(); },
    setMessage(text) { msg.textContent = text || ''; el.classList.toggle('invalid', !!text); },
    setDisabled(flag) { num.disabled = flag; slider.disabled = flag; el.classList.toggle('disabled', flag); },
    input: num,
    slider,
  };
}

/** choiceControl({ label, choices: [{ value, label }], value, onChange }) */
export function choiceControl(opts) {
  const id = `ctl-${++uid}`;
  const el = document.createElement('div');
  el.className = 'ctl-choice';
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = opts.label;
  const sel = document.createElement('select');
  sel.id = id;
  for (const c of opts.choices) {
    const o = document.createElement('option');
    o.value = c.value;
    o.textContent = c.label ?? c.value;
    sel.append(o);
  }
  sel.value = opts.value;
  sel.addEventListener('change', () => opts.onChange?.(sel.value));
  el.append(label, sel);
  return {
    el,
    get value() { return sel.value; },
    set value(v) { sel.value = v; },
    setDisabled(flag) { sel.disabled = flag; el.classList.toggle('disabled', flag); },
    select: sel,
  };
}

/** A checkbox with a label. */
export function toggleControl({ label, value, onChange }) {
  const id = `ctl-${++uid}`;
  const el = document.createElement('div');
  el.className = 'ctl-choice';
  const wrap = document.createElement('label');
  wrap.htmlFor = id;
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.id = id;
  box.checked = !!value;
  box.addEventListener('change', () => onChange?.(box.checked));
  wrap.append(box, document.createTextNode(` ${label}`));
  el.append(wrap);
  return { el, get value() { return box.checked; }, set value(v) { box.checked = !!v; }, input: box };
}

export { fmt };
