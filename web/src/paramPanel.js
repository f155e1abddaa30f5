// paramPanel.js: builds labelled controls for a scenario's parameters straight
// from the core's descriptions (label, unit, valid range, practical slider
// range, help, choices and their help), so every view shows the same names,
// units and ranges as `friction list`.
//
// Preset-backed parameters (p.preset: −1 means "the preset's value", the
// bench's kp, vin, friction coefficients, kt, R, armature) never show −1:
// a "preset" checkbox sits beside the field. Ticked (value −1), the field is
// disabled and shows the value the simulation uses (info.resolvePresets);
// unticked, typed values in 0 … max apply. The slider of such a parameter
// cannot use one static range for every actuator (kp is 32 on an MX-64 and
// 400 on an XL330), so it spans, around the resolved preset value v:
//   linear slider  0 … 4·v
//   log slider     v/10 … 10·v
// (clamped to the valid range), and the core's static lo … hi when v is 0
// or unknown. The span is recomputed when the preset changes (actuator,
// model) only while the box is ticked, so a dragged value never jumps.
//
// A change the view refuses after applying it (onChange returns the reason,
// e.g. the core refused a live retune) is taken back: values[j] returns to
// the value in use, the control shows it, and the reason stands beside it
// (controls.js). The view writes the URL only for a change it accepted.
import { numberControl, choiceControl } from './controls.js';
import { tParam, tChoiceLabel } from './i18n/index.js';

// panels sharing one values array refresh each other's preset values (the
// actuator may sit in one panel and the coefficients in another)
const panelsOf = new WeakMap();

/** Slider span of a preset-backed parameter p around its resolved value v. */
function presetSpan(p, v) {
  if (!(Number.isFinite(v) && v > 0)) return [p.lo, p.hi];
  return p.log ? [v / 10, Math.min(10 * v, p.max)] : [0, Math.min(4 * v, p.max)];
}

/** Controls for `names` (in that order) of scenario `info`, appended to parent.
 *  values: Float64Array indexed like info.params (read and written).
 *  onChange(name, value) after a valid edit (values[j] already holds it);
 *  returning a non-empty string refuses it (see above). labels: { name: text } overrides
 *  the core's label. Returns { byName, set(name, v) }. */
export function paramPanel(parent, info, values, names, onChange, labels = {}) {
  const byName = {};
  const presets = [];   // { j, p, ctl, on, pv } of preset-backed controls
  const resolved = () => {
    if (!info.resolvePresets) return null;
    try { return info.resolvePresets(values); } catch { return null; }  // the view reports init errors
  };
  const refreshPresets = () => {
    if (!presets.length) return;
    const r = resolved();
    for (const it of presets) {
      const on = values[it.j] === -1, pv = r ? r[it.j] : undefined;
      if (on === it.on && pv === it.pv) continue;
      it.on = on;
      it.pv = pv;
      if (on) it.ctl.setSpan(...presetSpan(it.p, pv));
      it.ctl.setPreset(on, pv);
    }
  };
  const refreshAll = () => { for (const panel of panelsOf.get(values) || []) panel.refreshPresets(); };
  /** values[j] = v, then the view's onChange; a refusal (a string) puts the
   *  value before back and is returned to the control. */
  const changed = (name, j, v) => {
    const was = values[j];
    values[j] = v;
    refreshAll();
    const why = onChange(name, v);
    if (typeof why === 'string' && why) {
      values[j] = was;
      refreshAll();
      return why;
    }
    return '';
  };
  const r0 = resolved();
  for (const name of names) {
    const j = info.params.findIndex((p) => p.name === name);
    if (j < 0) continue;
    const p = info.params[j];
    // the label, help and choices' helps of the table (the core's English for
    // a scenario not in it yet)
    const label = labels[name] || tParam(info.name, name, 'label', p.label || p.name);
    const help = tParam(info.name, name, 'help', p.help);
    let ctl;
    if (p.choices) {
      ctl = choiceControl({
        label,
        help,
        choices: p.choices.map((c, k) => ({ value: c, label: tChoiceLabel(c), help: p.choiceHelp?.[k] && tParam(info.name, name, `choice.${c}`, p.choiceHelp[k]) })),
        value: p.choices[values[j]] ?? p.choices[0],
        onChange: (v) => changed(name, j, p.choices.indexOf(v)),
      });
    } else if (p.preset) {
      const pv = r0 ? r0[j] : undefined;
      const [sliderMin, sliderMax] = presetSpan(p, values[j] === -1 ? pv : values[j]);
      ctl = numberControl({
        label, unit: p.unit, min: Math.max(p.min, 0), max: p.max, value: values[j] === -1 ? pv : values[j],
        log: p.log, integer: p.integer, help, sliderMin, sliderMax,
        presetValue: pv, usePreset: values[j] === -1,
        onInput: (v) => changed(name, j, v),
        onPreset: (on, v) => changed(name, j, on ? -1 : v),
      });
      presets.push({ j, p, ctl, on: values[j] === -1, pv });
    } else {
      ctl = numberControl({
        label, unit: p.unit, min: p.min, max: p.max, value: values[j], log: p.log, integer: p.integer,
        help, sliderMin: p.lo ?? p.min, sliderMax: p.hi ?? p.max,
        onInput: (v) => changed(name, j, v),
      });
    }
    ctl.el.dataset.param = name;
    byName[name] = ctl;
    parent.append(ctl.el);
  }
  const self = { refreshPresets };
  if (!panelsOf.has(values)) panelsOf.set(values, new Set());
  panelsOf.get(values).add(self);
  return {
    byName,
    set(name, v) {
      const j = info.params.findIndex((p) => p.name === name);
      if (j < 0) return;
      values[j] = v;
      for (const panel of panelsOf.get(values)) panel.refreshPresets();
      const ctl = byName[name];
      if (!ctl) return;
      const p = info.params[j];
      if (p.choices) ctl.value = p.choices[v];
      else if (!(p.preset && v === -1)) ctl.value = v;
    },
  };
}

