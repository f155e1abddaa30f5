// paramPanel.js: builds labelled controls for a scenario's parameters straight
// from the core's descriptions (name, unit, range, help, choices), so every
// view shows the same names, units and valid ranges as `friction list`.
import { numberControl, choiceControl } from './controls.js';

/** Controls for `names` (in that order) of scenario `info`, appended to parent.
 *  values: Float64Array indexed like info.params (read and written).
 *  onChange(name, value) after a valid edit. Returns { byName, set(name, v) }. */
export function paramPanel(parent, info, values, names, onChange, labels = {}) {
  const byName = {};
  for (const name of names) {
    const j = info.params.findIndex((p) => p.name === name);
    if (j < 0) continue;
    const p = info.params[j];
    const short = p.help.split(/[;(]/)[0].trim();
    const label = labels[name] || `${p.name}: ${short}`;
    let ctl;
    if (p.choices) {
      ctl = choiceControl({
        label,
        choices: p.choices.map((c) => ({ value: c, label: c })),
        value: p.choices[values[j]] ?? p.choices[0],
        onChange: (v) => { values[j] = p.choices.indexOf(v); onChange(name, values[j]); },
      });
    } else {
      // The slider spans a practical range around the current value; the
      // number field accepts the whole valid range.
      const v0 = values[j];
      const scale = Math.abs(v0) > 0 ? Math.abs(v0) : 1;
      let sliderMin, sliderMax, log = false;
      if (p.min >= 0 && v0 > 0) {
        sliderMin = Math.max(p.min, v0 / 100);
        sliderMax = Math.min(p.max, v0 * 100);
        log = sliderMin > 0 && sliderMax / sliderMin >= 100;
      } else {
        sliderMin = Math.max(p.min, -10 * scale);
        sliderMax = Math.min(p.max, 10 * scale);
      }
      if (p.integer) log = false;
      ctl = numberControl({
        label, unit: p.unit, min: p.min, max: p.max, value: v0, log, help: p.help, sliderMin, sliderMax,
        onInput: (v) => { values[j] = p.integer ? Math.round(v) : v; onChange(name, values[j]); },
      });
    }
    ctl.el.dataset.param = name;
    byName[name] = ctl;
    parent.append(ctl.el);
  }
  return {
    byName,
    set(name, v) {
      const j = info.params.findIndex((p) => p.name === name);
      if (j < 0) return;
      values[j] = v;
      const ctl = byName[name];
      if (!ctl) return;
      ctl.value = info.params[j].choices ? info.params[j].choices[v] : v;
    },
  };
}

/** Index of a parameter, -1 if absent. */
export function paramIndex(info, name) {
  return info.params.findIndex((p) => p.name === name);
}
