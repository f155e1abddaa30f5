// arm/charts.js: the Robot arm view's rolling charts (web/src/liveCharts.js,
// drawn by the pendulum's chart worker): joint angles with the targets as
// flat dashed lines, normal contact forces, joint friction torques.
import { t, tChoice } from '../../i18n/index.js';
import { SIDE_COLORS } from '../../charts.js';
import { liveChartSet } from '../../liveCharts.js';
import { WINDOW_S } from './state.js';

/** The symbols of the plotted columns of the core (arm2-ground, chain), in
 *  the tables' marks (web/src/dom.js): the paper's q_i, f_n, τ_f_i and the
 *  targets q_d_i. */
const SYMBOL = { q1: 'q_1', q2: 'q_2', qn: 'q_n', fn1: 'f_n_1', fn2: 'f_n_2', tau_f: 'τ_f', tau_f1: 'τ_f_1', tau_f2: 'τ_f_2', tau_fn: 'τ_f_n',
  q1_d: 'q_d_1', q2_d: 'q_d_2' };

/** charts(parent, m, { series(), sims(), showError }): { set, setDatasets() }. */
export function charts(parent, m, { series, sims, showError }) {
  let targets = []; // [{ name, data }]: the target lines of the angle chart
  const set = liveChartSet(parent, {
    what: 'arm',
    boxes: [
      { title: t('arm.chart.q'), description: t('arm.chart.q.desc'), height: 180, fileName: 'arm-angles' },
      { title: t('arm.chart.fn'), description: t('arm.chart.fn.desc'), height: 160, fileName: 'arm-normal-forces' },
      { title: t('arm.chart.tf'), description: t('arm.chart.tf.desc'), height: 170, fileName: 'arm-friction-torques' },
    ],
    axes: [{ yText: 'q [rad]' }, { yText: 'fₙ [N]' }, { yText: 'τf [N·m]' }],
    showError,
    range() {
      const tEnd = series()[0]?.row ? series()[0].row[m.col(sims()[0], 't')] : 0;
      const x0 = Math.max(0, tEnd - WINDOW_S), x1 = Math.max(WINDOW_S, tEnd);
      for (const tg of targets) tg.data.splice(0, tg.data.length, { x: x0, y: m.v(tg.name) }, { x: x1, y: m.v(tg.name) });
      return { x0, x1 };
    },
  });
  const [qChart, fnChart, tfChart] = set.charts;

  function setDatasets() {
    const k = m.plotKeys();
    // the series by their symbols (τ_f_1, not the column tau_f1), the method's name in the page's language
    const label = (name, i) => `${SYMBOL[name] ?? name} ${i ? 'B' : 'A'} (${tChoice(m.methods[m.methodOf(i)])})`;
    const lines = (key) => series().flatMap((sr, i) => k[key].map((name, j) => (
      { label: label(name, i), data: sr[key][j], color: SIDE_COLORS[i], dash: j ? [5, 3] : [] })));
    // the targets of arm2-ground as flat dashed lines (they follow a retune at once, even paused)
    targets = ['q1_d', 'q2_d'].filter(m.has).map((name) => ({ name, data: [] }));
    set.setDatasets(qChart, [...lines('q'),
      ...targets.map((tg) => ({ label: t('arm.chart.target', { name: SYMBOL[tg.name] }), data: tg.data, color: '#888', dash: [2, 4] }))]);
    set.setDatasets(fnChart, lines('fn'));
    set.setDatasets(tfChart, lines('tf'));
  }
  return { set, setDatasets };
}
