// mujoco/figures.js: what the "In MuJoCo" view reads off its six runs: per
// system and treatment the STICK/SLIP badge of each joint (|q̇| < 1e-9 rad/s:
// MuJoCo's constraint never gives exactly 0, the core's step gives rounding
// residue of 1e-17), the sag θ₀ − θ [mrad], its largest value so far, the
// creep rate −θ̇ [mrad/s] (0 for a held joint: below the badge's threshold
// the residue is no motion, and the table says "0 (held)") and the cost per step (the wall time of MuJoCo's
// step with the treatment, µs, over the last calls); the tables
// that show them and the rolling
// sag charts (web/src/liveCharts.js).
import { SIDE_COLORS } from '../../charts.js';
import { liveChartSet } from '../../liveCharts.js';
import { Point, trimWindow } from '../../live/series.js';
import { el } from '../../dom.js';
import { t } from '../../i18n/index.js';
import { fmtNumber } from '../../format.js';
import { TREATMENTS, simLabel } from '../../mujoco/sim.js';
import { WINDOW_S } from '../../mujoco/models.js';

export const STICK_V = 1e-9;             // [rad/s] the badge's threshold

/** The figures of the runs now: { t, pendulum: { A: …, B: …, C: … }, arm: … }. */
export function figuresOf(runs, m) {
  const out = { t: runs[0]?.sims[0]?.t ?? 0, q0Deg: m.q0Deg };
  for (const r of runs) {
    out[r.id] = {};
    r.sims.forEach((s, k) => {
      const joints = s.joints.map((j, i) => {
        const q = s.q(i), v = s.v(i);
        const stuck = Math.abs(v) < STICK_V;
        return { name: j.name, q, v, q0: r.q0[i], sag: (r.q0[i] - q) * 1e3, creep: stuck ? 0 : -v * 1e3, stuck,
          maxDrift: Math.max(s.maxDrift?.[i] ?? 0, Math.abs(q - r.q0[i])), tauF: j.fric.tauF, budget: j.fric.budget };
      });
      out[r.id][TREATMENTS[k].key] = { treatment: s.treatment ?? TREATMENTS[k].id, label: simLabel(s, k), joints, steps: s.steps,
        usPerStep: s.usPerStep };
    });
  }
  return out;
}

export const f3 = (x) => fmtNumber(x, { digits: 3 });
/** A joint's creep rate as the table and the picture write it [mrad/s]: 0 (held) under STICK. */
export const creepValue = (j) => (j.stuck ? t('mujoco.held') : f3(j.creep));

/** Two tables, bench and arm (side by side when there is room): one row per treatment. */
export function figureTable(parent) {
  const th = (text) => el('th', { textContent: text });
  const make = (id, what) => {
    const body = el('tbody');
    const tbl = el('table', { className: 'replay-table', id },
      el('thead', {}, el('tr', {}, th(what), ...t('mujoco.table.cols').split('|').map(th))), body);
    return { tbl, body };
  };
  const bench = make('mujoco-table-bench', t('mujoco.table.bench')), arm = make('mujoco-table-arm', t('mujoco.table.arm'));
  parent.append(el('section', { className: 'chart-box', id: 'mujoco-table', 'aria-label': t('mujoco.table.aria') },
    el('h3', { textContent: t('mujoco.table.head') }),
    el('div', { className: 'mujoco-tables' }, bench.tbl, arm.tbl),
    el('p', { className: 'note', textContent: t('mujoco.table.note', { v: STICK_V }) })));
  const badge = (stuck) => el('span', { className: `badge ${stuck ? 'stick' : 'slip'}`, textContent: stuck ? t('pendulum.picture.stick') : t('pendulum.picture.slip') });
  const rows = (body, key, f) => body.replaceChildren(...TREATMENTS.map((tm) => {
    const r = f[key]?.[tm.key];
    const tr = el('tr', { dataset: { treatment: r?.treatment ?? tm.id } }, el('td', { textContent: r?.label ?? tm.label }));
    if (!r) { tr.append(el('td', { colSpan: 4, textContent: '—' })); return tr; }
    tr.append(el('td', {}, ...r.joints.map((j) => badge(j.stuck))),
      el('td', { textContent: r.joints.map((j) => f3(j.sag)).join(' / ') }),
      el('td', { textContent: r.joints.map(creepValue).join(' / ') }),
      // no step timed yet (t = 0, or a paused run just restarted): a dash, not NaN
      el('td', { textContent: Number.isFinite(r.usPerStep) ? f3(r.usPerStep) : '—' }));
    return tr;
  }));
  return { paint(f) { rows(bench.body, 'pendulum', f); rows(arm.body, 'arm', f); } };
}

/** The rolling sag charts of the bench and of the arm's joint 1, one line per treatment. */
export function sagCharts(parent, showError) {
  let series = [];   // [run][treatment]: points { x: t, y: sag mrad }
  let tEnd = 0;
  const set = liveChartSet(parent, {
    what: 'MuJoCo',
    boxes: [
      { title: t('mujoco.chart.bench'), description: t('mujoco.chart.bench.desc'), height: 170, fileName: 'mujoco-bench-sag' },
      { title: t('mujoco.chart.arm'), description: t('mujoco.chart.arm.desc'), height: 170, fileName: 'mujoco-arm-sag' },
    ],
    axes: [{ yText: t('mujoco.chart.y') }, { yText: t('mujoco.chart.y') }],
    showError,
    range: () => ({ x0: Math.max(0, tEnd - WINDOW_S), x1: Math.max(WINDOW_S, tEnd) }),
  });
  return {
    reset(runs) {
      tEnd = 0;
      series = runs.map(() => TREATMENTS.map(() => []));
      runs.forEach((_, c) => {
        set.setDatasets(set.charts[c], TREATMENTS.map((tm, k) => ({ label: simLabel(runs[c].sims[k], k), color: SIDE_COLORS[k], data: series[c][k] })));
      });
      runs.forEach((r) => r.sims.forEach((s) => { s.maxDrift = r.q0.map(() => 0); }));
    },
    /** A point of every run now; the largest drift of each joint kept on the sim. */
    push(runs) {
      runs.forEach((r, c) => r.sims.forEach((s, k) => {
        s.joints.forEach((j, i) => { s.maxDrift[i] = Math.max(s.maxDrift[i], Math.abs(s.q(i) - r.q0[i])); });
        tEnd = s.t;
        series[c]?.[k]?.push(new Point(s.t, (r.q0[0] - s.q(0)) * 1e3));
      }));
      series.forEach((lists) => trimWindow(lists, WINDOW_S, { minCut: 200 }));
    },
    paint: () => set.paint(),
    dispose: () => set.dispose(),
  };
}
