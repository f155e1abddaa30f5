// pendulum/charts.js: the pendulum view's rolling charts (web/src/liveCharts.js:
// Chart.js in a worker on OffscreenCanvases; a frame only hands over the
// steps in view): angle, velocity and friction torque of each treatment, and
// their datasets. The chart worker's update times are a test hook
// (window.__fx.pendulum.chartWorkerStats).
import { t } from '../../i18n/index.js';
import { SIDE_COLORS } from '../../charts.js';
import { liveChartSet } from '../../liveCharts.js';
import { setHook, clearHook } from '../../testHooks.js';
import { ZOOM_S } from './state.js';

/** charts(parent, m, { series(), sims(), names(), who(i) (the letter of simulation i), showError }):
 *  { set (the liveChartSet), setDatasets(), dispose() }. */
export function charts(parent, m, { series, sims, names, who = (i) => (i ? 'B' : 'A'), showError }) {
  const chartStats = setHook('pendulum', 'chartWorkerStats', []);
  const tAt = (name) => (series()[0]?.row ? series()[0].row[m.col(sims()[0], name)] : 0);
  const set = liveChartSet(parent, {
    what: 'pendulum',
    boxes: [
      { title: t('pendulum.chart.angle'), description: t('pendulum.chart.angle.desc'), height: 190, fileName: 'pendulum-angle' },
      { title: t('pendulum.chart.velocity'), description: t('pendulum.chart.velocity.desc'), height: 170, fileName: 'pendulum-velocity' },
      { title: t('pendulum.chart.friction'), description: t('pendulum.chart.friction.desc'), height: 190, fileName: 'pendulum-friction' },
    ],
    axes: [{ yText: 'θ [rad]' }, { yText: 'θ̇ [rad/s]' }, { yText: 'τf [N·m]', budget: true }],
    showError,
    onStats(ms) {
      chartStats.push(...ms);
      if (chartStats.length > 2000) chartStats.splice(0, 1000);
    },
    range() {
      const tEnd = tAt('t');
      const span = m.zoom ? Math.min(ZOOM_S, m.windowS) : m.windowS;
      return { x0: Math.max(0, tEnd - span), x1: Math.max(span, tEnd), budget: tAt('budget') };
    },
  });
  const [qChart, dqChart, tfChart] = set.charts;

  // The datasets: one curve per treatment and chart (every step of the window);
  // the goal curve only for a moving goal (a constant one is on the picture);
  // the friction budget ±τf^m of treatment A is drawn as two lines at its
  // current value (budgetLines), not as curves: fewer points per chart update.
  function setDatasets() {
    const nm = names();
    const moving = !m.isConstantGoal();
    // the arrays of every step; paint() hands the chart the steps in view
    const put = set.setDatasets;
    const sr = series();
    put(qChart, sr.flatMap((s, i) => [
      { label: `θ ${who(i)} (${nm[i]})`, data: s.q, color: SIDE_COLORS[i] },
      ...(i === 0 && moving ? [{ label: t('pendulum.chart.goal'), data: s.goal, color: '#888', dash: [4, 3] }] : []),
    ]));
    put(dqChart, sr.map((s, i) => ({ label: `θ̇ ${who(i)} (${nm[i]})`, data: s.dq, color: SIDE_COLORS[i] })));
    put(tfChart, sr.map((s, i) => ({ label: `τf ${who(i)} (${nm[i]})`, data: s.tf, color: SIDE_COLORS[i] })));
  }

  return {
    set, setDatasets,
    dispose() { set.dispose(); clearHook('pendulum', 'chartWorkerStats', chartStats); },
  };
}
