// pendulum/controls.js: the pendulum view's controls: the run bar (first in
// the view, so first in tab order; web/src/runBar.js) with the zoom and the
// CSV button, and the side panel: treatment A and the optional B, the bench
// and servo, the preset-backed coefficients folded.
import { t, tChoiceLabel } from '../../i18n/index.js';
import { choiceControl, toggleControl } from '../../controls.js';
import { button } from '../../dom.js';
import { runBar } from '../../runBar.js';
import { paramPanel } from '../../paramPanel.js';
import { nearestModel } from '../../exports.js';
import { SETUP, ZOOM_S, HISTORY_S, RESTART } from './state.js';

/** controls(container, side, m, on): the controls, wired to
 *  on = { saveState(), paint(), restart(), retune() and probe() → '' or the core's refusal, setDatasets() }.
 *  Returns { playBtn, stepBtn, resetBtn, clock, csvBtn, panel, coefPanel, loadPresetCoefficients }. */
export function controls(container, side, m, on) {
  const { info, values, fricChoices } = m;
  const actIdx = info.params.findIndex((p) => p.name === 'actuator');
  const modelIdx = info.params.findIndex((p) => p.name === 'model');
  const zoomCtl = toggleControl({ label: t('pendulum.zoom', { s: ZOOM_S }), value: m.zoom,
    onChange: (v) => { m.zoom = v; on.saveState(); on.paint(); } });
  const csvBtn = button(t('pendulum.csv'), t('pendulum.csv.title', { s: HISTORY_S }));
  csvBtn.setAttribute('aria-label', t('pendulum.csv.aria'));
  const { playBtn, stepBtn, resetBtn, speedCtl, clock } = runBar(container, {
    name: 'pendulum', what: t('pendulum.runbar.what'), step: 'dt', speed: m.speed,
    onSpeed: (v) => { m.speed = v; on.saveState(); }, extra: [zoomCtl.el, csvBtn] });
  speedCtl.el.classList.add('pendulum-speed');

  // treatment A (the scenario's own `friction`) and the optional B
  const setupHead = document.createElement('h3');
  setupHead.textContent = t('pendulum.head.treatment');
  side.append(setupHead);
  paramPanel(side, info, values, ['friction'], () => on.restart(), { friction: t('pendulum.treatmentA') });
  const cmpCtl = toggleControl({ label: t('pendulum.compare'), value: m.compare,
    onChange: (v) => { m.compare = v; bCtl.el.hidden = !v; on.restart(); } });
  const bCtl = choiceControl({ label: t('pendulum.treatmentB'), choices: fricChoices.map((c) => ({ value: c, label: tChoiceLabel(c) })), value: fricChoices[m.fricB],
    onChange: (v) => { m.fricB = fricChoices.indexOf(v); on.restart(); } });
  bCtl.el.hidden = !m.compare;
  side.append(cmpCtl.el, bCtl.el);

  const benchHead = document.createElement('h3');
  benchHead.textContent = t('pendulum.head.bench');
  side.append(benchHead);
  // Parameters whose -1 means "the preset's value": paramPanel shows the
  // resolved number beside a ticked "preset" box; values keeps the -1.
  const PRESET_KEYS = info.params.filter((p) => p.preset).map((p) => p.name);
  // a live change the core refuses: on.retune() returns its message, and
  // paramPanel takes the change back and shows it beside the field
  // An actuator or model switch resets the preset-backed values (a log's kp
  // among them); refused, they come back with the switch.
  const panel = paramPanel(side, info, values, SETUP, (name) => {
    const swap = name === 'actuator' || name === 'model';
    const kept = swap ? PRESET_KEYS.map((k) => [k, values[info.params.findIndex((p) => p.name === k)]]) : [];
    const modelWas = values[modelIdx];
    if (name === 'actuator') pickModel();
    if (swap) loadPresetCoefficients();
    if (name === 'trajectory') on.setDatasets();
    if (!RESTART.has(name)) return on.retune();
    const why = on.probe();
    if (why) {
      if (name === 'actuator') panel.set('model', modelWas);
      for (const [k, v] of kept) (coefPanel.byName[k] ? coefPanel : panel).set(k, v);
      return why;
    }
    on.restart();
    return '';
  });
  const coefDetails = document.createElement('details');
  const coefSummary = document.createElement('summary');
  coefSummary.textContent = t('pendulum.head.coefficients');
  coefDetails.append(coefSummary);
  const rest = info.params.map((p) => p.name)
    .filter((n) => !SETUP.includes(n) && !['friction', 'duration', 'every'].includes(n));
  const coefPanel = paramPanel(coefDetails, info, values, rest, (name) => {
    if (!RESTART.has(name)) return on.retune();
    const why = on.probe();
    if (why) return why;
    on.restart();
    return '';
  });
  side.append(coefDetails);

  function loadPresetCoefficients({ keep = [] } = {}) {
    // a new actuator or model: every preset-backed value goes back to "preset"
    // (paramPanel.set refreshes the shown preset values of both panels)
    for (const name of PRESET_KEYS) if (!keep.includes(name)) (coefPanel.byName[name] ? coefPanel : panel).set(name, -1);
  }
  /** After an actuator switch: the model stays if the actuator has a preset
   *  for it, else the nearest model it has (sts3215: M1 and M6; sts321512v: M1). Returns the
   *  model switched from, or null. */
  function pickModel() {
    const now = values[modelIdx], near = nearestModel(m.core, info.params[actIdx].choices[values[actIdx]], now);
    if (near === now) return null;
    panel.set('model', near);
    return info.params[modelIdx].choices[now];
  }
  return { playBtn, stepBtn, resetBtn, clock, csvBtn, panel, coefPanel, loadPresetCoefficients, pickModel };
}
