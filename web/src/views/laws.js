// laws.js: the friction law Φ(v) beside its implicit transform Φ_Z(v*)
// (Kikuuwe et al. 2006, Theorem 1; Cisneros et al. for Stribeck and the
// rational law), with the static band, Kikuuwe's approximation (eq. 46), the
// look-up table and its error against the tolerance.
import { numberControl, choiceControl, toggleControl } from '../controls.js';
import { fmt } from '../format.js';
import { viewLayout, messageBox } from '../layout.js';
import { lineBox, points, COLORS } from '../charts.js';
import { el } from '../dom.js';
import { exportPanel, checkObject, reloadWithState } from '../exports.js';
import { LAW_KINDS, LAW_FIELDS } from '../../../wasm/friction.js';
import { t, tCore } from '../i18n/index.js';
import { stateParam, stateFlag } from '../refusal.js';

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

const N = 801;

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
  // the law's validity message and its fix sit in the chart they concern
  const problemBox = document.createElement('div');
  problemBox.className = 'laws-problem';
  problemBox.id = 'laws-problem';
  problemBox.hidden = true;
  const msg = messageBox();
  const fix = document.createElement('button');
  fix.type = 'button';
  fix.hidden = true;
  problemBox.append(msg, fix);

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
  main.box.insertBefore(problemBox, main.box.querySelector('.canvas-wrap'));
  // exports of an invalid state are disabled (the charts hold old curves)
  function setExports(why) {
    for (const b of [main, err]) {
      b.head.querySelectorAll('.chart-tools button').forEach((btn) => {
        btn.disabled = !!why;
        btn.title = why ? t('laws.export.off', { why }) : '';
      });
      b.head.querySelector('.chart-tools').title = why ? t('laws.export.off', { why }) : '';
    }
  }
  const lutInfo = document.createElement('div');
  lutInfo.className = 'readout';
  lutInfo.setAttribute('aria-live', 'polite');
  err.box.append(lutInfo);

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

  // The smallest K (with B and T fixed) for which Kikuuwe's condition holds:
  // found by bisection on the core's own check (monotone in K).
  function smallestValidK(l) {
    let lo = 0, hi = ctls.K ? PARAMS.find((p) => p.key === 'K').max : 1e6;
    if (core.law.check(l, 1 / (hi * values.T + values.B))) return null;
    for (let i = 0; i < 60; i++) {
      const mid = 0.5 * (lo + hi);
      if (core.law.check(l, 1 / (mid * values.T + values.B))) lo = mid; else hi = mid;
    }
    return hi;
  }

  function redraw() {
    state.set({ law: values.law, ...Object.fromEntries(PARAMS.map((p) => [p.key, values[p.key]])),
      approx: show.approx ? 1 : 0, lut: show.lut ? 1 : 0 });
    const l = law();
    const Z = 1 / (values.K * values.T + values.B);
    zLine.textContent = t('laws.z', { Z: fmt(Z), invZ: fmt(1 / Z) });
    const bad = core.law.problem(l, Z);
    const problem = bad ? tCore(bad) : null; // the core's sentence in the page's language
    msg.hidden = !problem;
    msg.textContent = problem || '';
    problemBox.hidden = !problem;
    fix.hidden = true;
    setExports(problem ? t('laws.export.invalid') : '');
    main.box.classList.toggle('greyed', !!problem);
    err.box.classList.toggle('greyed', !!problem);
    if (problem) {
      // only Kikuuwe's condition (eq. 15) can be met by a stiffer contact
      const k = bad.code === 'FRIC_E_NO_TRANSFORM' ? smallestValidK(l) : null; // null: no K helps
      if (k !== null) {
        fix.hidden = false;
        const target = Number((k * 1.05).toPrecision(3));
        fix.textContent = t('laws.setK', { K: fmt(target), k: fmt(k) });
        fix.onclick = () => { values.K = target; ctls.K.value = target; redraw(); };
      }
      // keep the last curves on screen, greyed, so nothing jumps
      main.update();
      err.update();
      lutInfo.textContent = '';
      return;
    }
    const vmax = values.vmax;
    const F0 = core.law.phiPlus0(l);
    const edge = Z * F0;
    // the band's edge as text too (the chart's legend is drawn, not text)
    zLine.textContent += t('laws.z.band', { edge: fmt(edge) });
    const xs = [];
    for (let i = 0; i < N; i++) xs.push(-vmax + (2 * vmax * i) / (N - 1));
    if (edge < vmax) xs.push(-edge, edge, -edge * (1 + 1e-9), edge * (1 + 1e-9));
    xs.push(-Number.MIN_VALUE, Number.MIN_VALUE);
    xs.sort((a, b) => a - b);
    const x = Float64Array.from(xs);
    const phi = core.law.phi(l, x);
    const phiZ = core.law.phiZ(l, Z, x);
    const ds = [
      { label: t('laws.ds.phi'), data: points(x, phi), borderColor: COLORS[0], borderWidth: 2 },
      { label: t('laws.ds.phiZ'), data: points(x, phiZ), borderColor: COLORS[1], borderWidth: 2 },
      { label: t('laws.ds.band', { edge: fmt(edge) }), csvSkip: true,
        data: [{ x: Math.max(-edge, -vmax), y: -F0 * 1.15 }, { x: Math.min(edge, vmax), y: -F0 * 1.15 }],
        borderColor: 'rgba(0,0,0,0)', backgroundColor: 'rgba(31,111,235,0.12)', fill: { value: F0 * 1.15 } },
    ];
    if (show.approx) ds.push({ label: t('laws.ds.approx'), data: points(x, core.law.phiZApprox(l, Z, x)), borderColor: COLORS[2], borderDash: [6, 4], borderWidth: 2 });

    // look-up table: Stribeck only
    const errSets = [];
    lutInfo.textContent = '';
    if (values.law === 'stribeck') {
      const tol = values.tol * values.Fs;
      let lut = null;
      try {
        lut = core.law.lookupTable(l, Z, tol);
        const yl = lut.eval(x);
        if (show.lut) ds.push({ label: t('laws.ds.table'), data: points(x, yl), borderColor: COLORS[3], borderDash: [2, 3], borderWidth: 2 });
        const xe = [];
        const span = Math.max(vmax, edge * 4);
        for (let i = 0; i < 2000; i++) xe.push((span * i) / 1999);
        const xa = Float64Array.from(xe);
        const ya = lut.eval(xa);
        const yd = core.law.phiZ(l, Z, xa);
        const e = [];
        for (let i = 0; i < xa.length; i++) {
          const d = Math.abs(ya[i] - yd[i]);
          e.push({ x: xa[i], y: d > 0 ? d : null });
        }
        errSets.push({ label: t('laws.ds.error'), data: e, borderColor: COLORS[3], borderWidth: 1.5, spanGaps: false });
        errSets.push({ label: t('laws.ds.tol', { tol: fmt(tol) }), data: [{ x: 0, y: tol }, { x: span, y: tol }], borderColor: COLORS[1], borderDash: [6, 4] });
        const bytes = lut.bytes;
        lutInfo.textContent = t('laws.lut.info', { bytes, kib: (bytes / 1024).toFixed(1), tol: fmt(tol) });
      } catch (e) {
        lutInfo.textContent = t('laws.lut.none', { message: tCore(e) });   // the binding's sentence in the page's language
      } finally {
        if (lut) lut.free();
      }
    } else {
      lutInfo.textContent = t('laws.lut.stribeckOnly');
    }
    main.chart.data.datasets = ds;
    err.chart.data.datasets = errSets;
    // no table (another law, or the core refused it): the sentence alone, no empty axes
    err.box.querySelector('.canvas-wrap').hidden = !errSets.length;
    err.head.querySelector('.chart-tools').hidden = !errSets.length;
    main.update();
    err.update();
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
