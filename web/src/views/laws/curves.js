// laws/curves.js: the Laws view's curves: Φ(v), Φ_Z(v*) and the static band
// |v*| ≤ Z·Φ(0+) on N points (with the band's edges and 0± themselves), Kikuuwe's
// approximation (eq. 46), and for Stribeck the look-up table at its tolerance
// with its error against the direct Φ_Z.
import { t, tCore } from '../../i18n/index.js';
import { fmt } from '../../format.js';
import { points, COLORS } from '../../charts.js';

const N = 801;

/** The curves of law l at Z into the charts (lv: the view's state and elements). */
export function drawCurves(lv, l, Z) {
  const { core, values, show, zLine, lutInfo, main, err } = lv;
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
