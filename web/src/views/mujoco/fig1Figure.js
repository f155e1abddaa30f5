// mujoco/fig1Figure.js: the figure of one gain of the Fig. 1 B/C
// sub-section (fig1Panel.js): the table of max and mean |Δq| and the
// tracking RMS per joint, panel B (q(t) of M1 and M4 with the path, a chart
// per joint) and panel C (q(M1) − q(M4) [mrad]), the charts made once.
import { el } from '../../dom.js';
import { lineBox, COLORS } from '../../charts.js';
import { t } from '../../i18n/index.js';
import { FIG1 } from '../../mujoco/fig1.js';

const mrad = (x) => (1e3 * x).toFixed(2);
const SERVO_LABEL = ['MX-106', 'MX-64'];

/** The figure's place: its table in figures, its charts in charts, its
 *  sentence on the status line. Returns { show(result): the time drawing it
 *  took [ms], dispose() }. */
export function fig1Figure(figures, charts, status) {
  let boxes = null;
  /** The figure of one gain: its table and the charts B and C. */
  function show({ fig, ms, loadMs }) {
    const t0 = performance.now();
    const s = fig.stats;
    status.textContent = t('mujoco.fig1.status.done', { kp: fig.kp, seconds: fig.seconds, time: (ms / 1e3).toFixed(2), dt: fig.dt })
      + (loadMs > 50 ? ` ${t('mujoco.fig1.status.load', { load: (loadMs / 1e3).toFixed(1) })}` : '');
    const th = (x) => el('th', { scope: 'col', textContent: x });
    const row = (name, x) => el('tr', {}, el('th', { scope: 'row', textContent: name }),
      ...[x.maxDiff, x.meanDiff, x.rms.m1, x.rms.m4].map((v) => el('td', { textContent: mrad(v) })));
    figures.replaceChildren(el('table', { className: 'replay-table', id: 'mujoco-fig1-table' },
      el('caption', { textContent: t('mujoco.fig1.caption', { kp: fig.kp }) }),
      el('thead', {}, el('tr', {}, th(t('mujoco.fig1.th.joint')), th(t('mujoco.fig1.th.max')), th(t('mujoco.fig1.th.mean')),
        th(t('mujoco.fig1.th.rmsM1')), th(t('mujoco.fig1.th.rmsM4')))),
      el('tbody', {}, ...s.perJoint.map((j, i) => row(`${j.joint} (${SERVO_LABEL[i]})`, j)), row(t('mujoco.fig1.both'), s))),
    el('p', { className: 'note', id: 'mujoco-fig1-summary', textContent: t('mujoco.fig1.figures', { kp: fig.kp, max: mrad(s.maxDiff),
      mean: mrad(s.meanDiff), rmsM1: mrad(s.rms.m1), rmsM4: mrad(s.rms.m4) }) }));
    figures.hidden = false;
    charts.hidden = false;
    if (!boxes) boxes = makeCharts();
    // every step goes to the charts; Chart.js's decimation (chartSetup.js)
    // draws each line as a min-max envelope per pixel
    const pts = (ys, scale = 1, minus = null) => Array.from(fig.t, (x, k) => ({ x, y: scale * (minus ? ys[k] - minus[k] : ys[k]) }));
    FIG1.joints.forEach((j, i) => {
      const c = boxes.B[i].chart;
      c.data.datasets = [
        { label: t('mujoco.fig1.path'), data: pts(fig.path[i]), borderColor: '#57606a', borderDash: [5, 4], borderWidth: 1 },
        { label: 'M1', data: pts(fig.q.m1[i]), borderColor: COLORS[0], borderWidth: 1.5 },
        { label: 'M4', data: pts(fig.q.m4[i]), borderColor: COLORS[1], borderWidth: 1.5 },
      ];
      c.update('none');
    });
    const c = boxes.C.chart;
    c.data.datasets = FIG1.joints.map((j, i) => ({ label: `${j} (${SERVO_LABEL[i]})`, data: pts(fig.q.m1[i], 1e3, fig.q.m4[i]),
      borderColor: COLORS[3 + i], borderWidth: 1.5 }));
    c.update('none');
    return performance.now() - t0;
  }

  function makeCharts() {
    const decimation = { enabled: true, algorithm: 'min-max' };
    const pair = el('div', { className: 'mujoco-fig1-b' });
    charts.append(pair);
    const B = FIG1.joints.map((j, i) => lineBox(pair, { title: t('mujoco.fig1.chartB', { joint: j, servo: SERVO_LABEL[i] }),
      description: t('mujoco.fig1.chartB.description', { joint: j }), height: 220, fileName: `fig1-b-${j}`, xName: 't [s]',
      xText: 't [s]', yText: 'q [rad]', plugins: { decimation } }));
    const C = lineBox(charts, { title: t('mujoco.fig1.chartC'), description: t('mujoco.fig1.chartC.description'), height: 200,
      fileName: 'fig1-c', xName: 't [s]', xText: 't [s]', yText: 'q(M1) − q(M4) [mrad]', plugins: { decimation } });
    return { B, C };
  }

  return {
    show,
    dispose() {
      boxes?.B.forEach((b) => b.chart.destroy());
      boxes?.C.chart.destroy();
    },
  };
}
