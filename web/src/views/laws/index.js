// laws/index.js: the friction law Φ(v) beside its implicit transform Φ_Z(v*)
// (Kikuuwe et al. 2006, Theorem 1; Cisneros et al. for Stribeck and the
// rational law), with the static band, Kikuuwe's approximation (eq. 46), the
// look-up table and its error against the tolerance. Roles: problem.js (the
// law's validity and its fix), curves.js (the curves and the table); this
// file builds the controls and charts and wires them.
import { numberControl, choiceControl, toggleControl } from '../../controls.js';
import { fmt } from '../../format.js';
import { viewLayout } from '../../layout.js';
import { lineBox } from '../../charts.js';
import { el } from '../../dom.js';
import { exportPanel, checkObject, reloadWithState } from '../../exports.js';
import { LAW_KINDS, LAW_FIELDS } from '../../../../wasm/friction.js';
import { t } from '../../i18n/index.js';
import { stateParam, stateFlag } from '../../refusal.js';
import { problemBox, showProblem } from './problem.js';
import { drawCurves } from './curves.js';

// The laws are the core's (LAW_KINDS, filled when the core loads); these
// are only their labels with the papers' equations.
const LAW_LABELS = {
  'coulomb-viscous': t('laws.law.coulomb-viscous'),
  stribeck: t('laws.law.stribeck'),
  rational: t('laws.law.rational'),
};

// Defaults: the harmonic-drive joint of Cisneros et al. (Figs. 3, 4, 7, 8).
// min/max: the hard range a typed value must meet — for the law's own fields
// (Fs, Fc, vs, D, alpha) the core's accepted ranges replace them at mount
// (core.law.fieldRanges(), the one table of friction.h); lo/hi: the practical
// range the slider spans (log: the slider moves in log10). The law's own
// validity (Fs >= Fc, Kikuuwe's eq. 15) is the core's check.
const VIEW_PARAMS = [
  { key: 'Fs', label: t('laws.param.Fs'), unit: 'N', min: 1e-6, max: 1e6, lo: 0.1, hi: 10, def: 2.5, log: true },
  { key: 'Fc', label: t('laws.param.Fc'), unit: 'N', min: 0, max: 1e6, lo: 0, hi: 5, def: 0.4 },
  { key: 'vs', label: t('laws.param.vs'), unit: 'm/s', min: 1e-9, max: 1e3, lo: 1e-3, hi: 1, def: 0.06, log: true },
  { key: 'D', label: t('laws.param.D'), unit: 'N·s/m', min: 0, max: 1e6, lo: 0, hi: 20, def: 4.5 },
  { key: 'alpha', label: t('laws.param.alpha'), unit: '', min: 1, max: 10, lo: 1, hi: 6, def: 1 },
  { key: 'K', label: t('laws.param.K'), unit: 'N/m', min: 0, max: 1e9, lo: 10, hi: 1e6, def: 5000, log: true },
  { key: 'B', label: t('laws.param.B'), unit: 'N·s/m', min: 0, max: 1e6, lo: 0, hi: 200, def: 50 },
  { key: 'T', label: t('laws.param.T'), unit: 's', min: 1e-7, max: 0.1, lo: 1e-5, hi: 0.01, def: 0.001, log: true },
  { key: 'vmax', label: t('laws.param.vmax'), unit: 'm/s', min: 1e-6, max: 100, lo: 1e-3, hi: 1, def: 0.3, log: true },
  { key: 'tol', label: t('laws.param.tol'), unit: '', min: 1e-12, max: 0.1, lo: 1e-10, hi: 1e-3, def: 1e-6, log: true },
];

// The steps build on each other: each one's setup is the URL state reached by
// following the steps before it in order from the defaults (layout.js
// lessonFrame), and its numbers are what the view shows then (checked against
// `friction eval` and closed forms by tests/web/e2e.d/lessons.mjs).
const MAIN_CHART = '.charts > .chart-box:nth-child(1)';
export const LESSON = {
  notice: t('laws.lesson.notice'),
  tryThis: [
    { text: t('laws.lesson.step1'), setup: {}, chart: MAIN_CHART },
    { text: t('laws.lesson.step2'), setup: { B: 0, K: 32000 }, chart: MAIN_CHART },
    { text: t('laws.lesson.step3'), setup: { B: 0, K: 32000, alpha: 6 }, chart: MAIN_CHART },
    { text: t('laws.lesson.step4'), setup: { B: 0, K: 32000, alpha: 6, law: 'coulomb-viscous' },
      chart: '.charts > .chart-box:nth-child(2)' },
  ],
};

export function mount(container, { core, state }) {
  const ranges = core.law.fieldRanges();
  const PARAMS = VIEW_PARAMS.map((p) => (ranges[p.key] ? { ...p, min: ranges[p.key][0], max: ranges[p.key][1] } : p));
  const LAWS = LAW_KINDS.map((value) => ({ value, label: LAW_LABELS[value] || value }));
  // a law the core does not know is refused (said on the page, the host's
  // fx:error, naming the known ones), never taken silently as stribeck
  const names = LAWS.map((l) => l.value);
  const values = { law: names[stateParam(state, 'law', { min: 0, max: names.length - 1, choices: names }, names.indexOf('stribeck'))] };
  // a value outside its range is refused (said on the page), not clamped
  for (const p of PARAMS) values[p.key] = stateParam(state, p.key, p, p.def);
  const show = {
    approx: stateFlag(state, 'approx', false),
    lut: stateFlag(state, 'lut', true),
  };

  const { side, charts } = viewLayout(container, t('laws.title'), t('laws.intro'));
  const lawCtl = choiceControl({ label: t('laws.law'), choices: LAWS, value: values.law, onChange: (v) => { values.law = v; relayout(); redraw(); } });
  side.append(lawCtl.el);

  const ctls = {};
  const elemHead = el('h3', { textContent: t('laws.head.element') });
  const zLine = el('div', { className: 'readout', 'aria-live': 'polite' });
  const plotHead = el('h3', { textContent: t('laws.head.plot') });
  side.append(el('h3', { textContent: t('laws.law') }));
  for (const p of PARAMS) {
    const c = numberControl({ label: p.label, unit: p.unit, min: p.min, max: p.max, sliderMin: p.lo, sliderMax: p.hi,
      value: values[p.key], log: p.log, onInput: (v) => { values[p.key] = v; redraw(); } });
    ctls[p.key] = c;
    if (p.key === 'K') side.append(elemHead);
    if (p.key === 'vmax') side.append(zLine, plotHead);
    side.append(c.el);
  }
  const approxCtl = toggleControl({ label: t('laws.approx'), value: show.approx, onChange: (v) => { show.approx = v; redraw(); } });
  const lutCtl = toggleControl({ label: t('laws.lut'), value: show.lut, onChange: (v) => { show.lut = v; redraw(); } });
  side.append(approxCtl.el, lutCtl.el);
  // the law's validity message and its fix sit in the chart they concern (problem.js)
  const pb = problemBox();

  const main = lineBox(charts, {
    title: t('laws.chart.main'),
    description: t('laws.chart.main.desc'),
    fileName: 'law-and-transform',
    xName: 'v [m/s]',
    xText: 'v, v* [m/s]',
    yText: t('laws.chart.main.y'),
  });
  const err = lineBox(charts, {
    title: t('laws.chart.err'),
    description: t('laws.chart.err.desc'),
    height: 220,
    fileName: 'table-error',
    xName: 'v* [m/s]',
    xText: 'v* [m/s]',
    yText: t('laws.chart.err.y'),
    y: { type: 'logarithmic', ticks: { callback: (v) => (Number.isInteger(Math.log10(v)) ? Number(v).toExponential(0) : '') } },
  });
  main.box.insertBefore(pb.box, main.box.querySelector('.canvas-wrap'));
  const lutInfo = document.createElement('div');
  lutInfo.className = 'readout';
  lutInfo.setAttribute('aria-live', 'polite');
  err.box.append(lutInfo);
  // the view's state and elements, shared by its roles (problem.js, curves.js)
  const lv = { core, values, show, PARAMS, ctls, zLine, lutInfo, main, err, pb, redraw: () => redraw() };

  function law() {
    return { kind: values.law, Fs: values.Fs, Fc: values.Fc, vs: values.vs, D: values.D, alpha: values.alpha };
  }

  function relayout() {
    const used = core.law.fields(values.law);   // the core says which fields the law uses
    for (const p of PARAMS) {
      if (!LAW_FIELDS.includes(p.key)) continue;
      ctls[p.key].el.hidden = !used.includes(p.key);
    }
  }

  function redraw() {
    state.set({ law: values.law, ...Object.fromEntries(PARAMS.map((p) => [p.key, values[p.key]])),
      approx: show.approx ? 1 : 0, lut: show.lut ? 1 : 0 });
    const l = law();
    const Z = 1 / (values.K * values.T + values.B);
    zLine.textContent = t('laws.z', { Z: fmt(Z), invZ: fmt(1 / Z) });
    if (showProblem(lv, l, Z)) return;
    drawCurves(lv, l, Z);
  }

  relayout();
  redraw();
  // research exports (exports.js): the law, its coefficients and Z (derived:
  // a pasted Z is not applied, K, T and B set it)
  exportPanel(side, {
    fileName: 'laws',
    getParams: () => ({ law: values.law, ...Object.fromEntries(PARAMS.map((p) => [p.key, values[p.key]])), Z: 1 / (values.K * values.T + values.B) }),
    setParams: (obj) => reloadWithState(state, checkObject(obj, [{ key: 'law', choices: LAWS.map((l) => l.value) }, ...PARAMS, { key: 'Z', readOnly: true }])),
  });
  return { dispose() { main.chart.destroy(); err.chart.destroy(); } };
}
