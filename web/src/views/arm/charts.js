// arm/charts.js: the Robot arm view's rolling charts (web/src/liveCharts.js,
// drawn by the pendulum's chart worker): joint angles with the targets as
// flat dashed lines, normal contact forces, joint friction torques.
import { COLORS } from '../../charts.js';
import { liveChartSet } from '../../liveCharts.js';
import { WINDOW_S } from './state.js';

/** charts(parent, m, { series(), sims(), showError }): { set, setDatasets() }. */
export function charts(parent, m, { series, sims, showError }) {
  let targets = []; // [{ name, data }]: the target lines of the angle chart
  const set = liveChartSet(parent, {
    what: 'arm',
    boxes: [
      { title: 'Joint angles q', description: 'Joint angles of both methods over the last seconds', height: 180, fileName: 'arm-angles' },
      { title: 'Normal contact forces f_n', description: 'Normal forces of the two contact corners for both methods', height: 160, fileName: 'arm-normal-forces' },
      { title: 'Joint (gear) friction torques τ_f', description: 'Gear friction torques of both methods', height: 170, fileName: 'arm-friction-torques' },
    ],
    axes: [{ yText: 'q [rad]' }, { yText: 'f_n [N]' }, { yText: 'τ_f [N·m]' }],
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
    const label = (name, i) => `${name} ${i ? 'B' : 'A'} (${m.methods[m.methodOf(i)]})`;
    const put = (c, key) => {
      const list = [];
      series().forEach((sr, i) => k[key].forEach((name, j) => {
        list.push({ label: label(name, i), data: sr[key][j], color: COLORS[i], dash: j ? [5, 3] : [] });
      }));
      c.mirror.sources = list.map((d) => d.data);
      c.mirror.data.datasets = list.map((d) => ({ label: d.label, data: [] }));
      set.worker.postMessage({ type: 'datasets', index: c.index, datasets: list.map((d) => ({ label: d.label, color: d.color, dash: d.dash })) });
    };
    put(qChart, 'q');
    // the targets of arm2-ground as flat dashed lines (they follow a retune at once, even paused)
    targets = ['q1_d', 'q2_d'].filter(m.has).map((name) => ({ name, data: [] }));
    if (targets.length) {
      qChart.mirror.sources.push(...targets.map((tg) => tg.data));
      qChart.mirror.data.datasets.push(...targets.map((tg) => ({ label: `${tg.name} target`, data: [] })));
      set.worker.postMessage({ type: 'datasets', index: 0, datasets: [
        ...series().flatMap((sr, i) => k.q.map((name, j) => ({ label: label(name, i), color: COLORS[i], dash: j ? [5, 3] : [] }))),
        ...targets.map((tg) => ({ label: `${tg.name} target`, color: '#888', dash: [2, 4] }))] });
    }
    put(fnChart, 'fn');
    put(tfChart, 'tf');
  }
  return { set, setDatasets };
}
