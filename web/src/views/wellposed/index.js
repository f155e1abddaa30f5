// wellposed/index.js: the "Well-posedness" view (P. E. Dupont, "The Effect of
// Friction on the Forward Dynamics Problem", §3.2 and §4.2; sheet
// ../shared/specs/dupont-forward-dynamics.md §2 and §5). Once a friction force
// depends on the joint forces, the accelerations appear on both sides of the
// equations of motion and the forward dynamics can have one, no, or several
// solutions. The view shows both halves of that point:
//
// 1. The map of the `solutions-2dof` scenario: every point of the grid over
//    r = τ − h coloured by the number of accelerations that satisfy eq. 10
//    (found by exhaustive enumeration of the sign hypotheses, fric_fd_solve
//    with FRIC_FD_ALL), beside the verdict of the determinant test
//    (fric_fd_unique_test: unique for every r iff all 2^m determinants have
//    one sign). The grid is the scenario's own output, one row per point, so
//    the picture is what `friction run solutions-2dof` writes. It is
//    recomputed when μ, the inertias D or the friction rows change: the
//    changes of one animation frame are coalesced into one run. The default
//    61 × 61 grid costs well under a frame on the page's thread (the time is
//    shown under the map), so no worker is needed; a grid that takes longer
//    than a frame is recomputed on a trailing 150 ms debounce instead of at
//    every slider event.
//    The classes have words and patterns besides colours (Okabe–Ito
//    palette, light / hatched / dotted), so the map reads in grey scale and
//    for colour-blind readers. Hover or click a cell (or the arrow keys on the
//    focused map) for r, the count and the first solution.
// 2. The `screw-selflock` scenario live: a self-locking screw (Kd/l = 1.5,
//    η2 = −2) whose motor inertia J decides the sign of J + M/η2 (§4.2:
//    unique iff > 0). Each step's solution count and status are charted; the
//    rule that continues the run when the count is not one (an impulsive stop
//    for none, the solution continuous with the previous step for several,
//    fric_fd_rule in core/include/fric_fd.h) is marked on a timeline strip and
//
// Roles: state.js (constants, URL state), side.js (the parameters and
// exports), classes.js (the map's classes), map.js (the map), screw.js (the
// live screw's panel and words), rules.js (the rule's actions in words),
// strip.js (the timeline); this file wires them and runs the screw
// (web/src/live/run.js, web/src/live/loop.js).
import { stateFlag } from '../../refusal.js';
import { t } from '../../i18n/index.js';
import { viewLayout } from '../../layout.js';
import { COLORS } from '../../charts.js';
import { runBar } from '../../runBar.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { liveLoop, liveViewHandle } from '../../live/loop.js';
import { liveRun } from '../../live/run.js';
import { setHook } from '../../testHooks.js';
import { SIM, SIM_HIDDEN, SIM_RESTART, CHUNK_STEPS, STEP_BUDGET_MS, J_NUDGE,
  valuesFromState, saveState as writeState } from './state.js';
import { MAP, mapSection } from './map.js';
import { drawStrip } from './strip.js';
import { sideColumn } from './side.js';
import { screwPanel, screwCharts, simParams, screwRows, writeJLine, showStop, writeText } from './screw.js';


/** What to notice and what to try (the defaults of both scenarios; the
 *  numbers are those of `friction run solutions-2dof` and
 *  `friction run screw-selflock`, checked by tests/web/e2e.d/wellposed.mjs). */
export const LESSON = {
  notice: t('wellposed.lesson.notice'),
  tryThis: [
    { text: t('wellposed.lesson.step1'), setup: {} },
    { text: t('wellposed.lesson.step2'), setup: { 'map.mu': 0.46 } },
    { text: t('wellposed.lesson.step3'), setup: { 'map.D22': 1.4 } },
    { text: t('wellposed.lesson.step4'), setup: { 'map.D22': 1.4 } },
    { text: t('wellposed.lesson.step5'), setup: { 'map.D22': 1.4, 'screw.J': 30 } },
  ],
};

export function mount(container, { core, state, showError }) {
  const mapInfo = core.scenario.find(MAP);
  const simInfo = core.scenario.find(SIM);
  const mapValues = valuesFromState(core, mapInfo, state, 'map');
  const simValues = valuesFromState(core, simInfo, state, 'screw', SIM_HIDDEN);
  // the view's state, shared by its roles (side.js, screw.js)
  const w = { core, state, mapInfo, mapValues, simInfo, simValues, speed: state.getNumber('speed', 1) };
  const saveState = () => writeState(state, { speed: w.speed, paused: loop.paused, mapInfo, mapValues, simInfo, simValues });

  const { side, charts: mainCol } = viewLayout(container, t('wellposed.title'), t('wellposed.intro'));
  container.classList.add('wellposed-view');

  // --- run bar of the live screw (web/src/runBar.js): first in the view
  const { playBtn, stepBtn, resetBtn, clock } = runBar(container, {
    name: 'wellposed', what: t('wellposed.runbar.what'), step: 'h', speed: w.speed, onSpeed: (v) => { w.speed = v; saveState(); } });
  w.clock = clock;

  // --- side: the map's parameters, then the screw's (side.js)
  const { mapMsg, simPanel, simMsg } = sideColumn(side, w, () => map.scheduleMap(), onSimParam);

  // ================================================================ the map
  const map = mapSection(mainCol, { core, state, mapInfo, mapValues, mapMsg, showError, saveState });

  // ====================================================== the live screw
  Object.assign(w, screwPanel(mainCol));
  const { strip, runBox, endMsg, notice, logList } = w;

  // the screw's last row, the row before, the rule's actions, the time reached
  // restSince: the time of the first row of the stretch the screw is held at
  // rest (null: moving); lastRest: that of the last such stretch (null: none yet)
  const sim = w.sim = { cols: [], row: null, prev: null, events: [], lastT: 0, restSince: null, lastRest: null };
  const series = w.series = { dq: [], ddq: [], n: [], st: [] };
  const chartSet = screwCharts(mainCol, w, showError);
  const [motionChart, countChart] = chartSet.charts;
  const setDatasets = chartSet.setDatasets;

  const sv = w.sv = (name) => simValues[paramIndex(simInfo, name)];
  w.col = (name) => sim.cols.indexOf(name);

  const frameStats = setHook('wellposed', 'frameStats', []);
  setHook('wellposed', 'events', sim.events);
  const run = liveRun({
    core, scenario: () => SIM, params: () => simParams(w), sideMsg: simMsg, endMsg, loop: () => loop,
    onRetuned() { saveState(); writeJLine(w); if (loop.paused) paint(true); },
    failed: (i, e) => { showStop(w, sim.lastT, e.message); return t('wellposed.failed', { message: e.message }); },
    doneText: () => t('wellposed.done'),
    onRetuneError(e) {
      if (e.code !== 'FRIC_E_UNSUPPORTED') return false;
      restart();
      return true;
    },
    onRows: (i, res) => screwRows(w, res),
  });

  function restart() {
    run.restart();
    if (run.sims.length) sim.cols = run.sims[0].cols;
    sim.row = null;
    sim.lastT = 0;
    sim.events.length = 0;
    sim.prev = null;
    sim.restSince = sim.lastRest = null;
    series.dq = []; series.ddq = []; series.n = []; series.st = [];
    setDatasets(motionChart, [{ label: 'q̇ [rad/s]', data: series.dq, color: COLORS[0] },
      { label: 'q̈ [rad/s²]', data: series.ddq, color: COLORS[1], dash: [5, 3] }]);
    setDatasets(countChart, [{ label: t('wellposed.ds.found'), data: series.n, color: COLORS[3] },
      { label: t('wellposed.ds.status'), data: series.st, color: COLORS[4], dash: [4, 4] }]);
    notice.textContent = '';
    notice.className = 'wellposed-notice';
    logList.replaceChildren();
    // the row of t = 0 first (a row holds the state at the start of its
    // step), so that the first Step reads t = h, as in the other live views
    if (run.sims.length) run.advance(1);
    else { showStop(w, 0, run.ended); endMsg.hidden = true; }  // the core's sentence on the panel, once
    saveState();
    writeJLine(w);
    paint(true);
  }

  /** A screw parameter changed: '' or the core's refusal of the live change
   *  (paramPanel then takes it back; the run and the URL keep the values in use). */
  function onSimParam(name) {
    if (SIM_RESTART.has(name) || !run.sims.length) { restart(); return ''; }
    return run.retune();
  }

  let textAt = 0;
  function paint(all = false) {
    drawStrip(strip, runBox, { series, sim });
    chartSet.paint();
    const now = performance.now();
    if (all || now - textAt > 250) { textAt = now; writeText(w); }
  }

  /** ← →: the motor inertia J, across J + M/η2 = 0. */
  function nudgeGoal(sign) {
    const p = simInfo.params[paramIndex(simInfo, 'J')];
    const was = sv('J');
    const v = Math.min(p.hi ?? p.max, Math.max(p.lo ?? p.min, was + Math.sign(sign) * J_NUDGE));
    simPanel.set('J', v);
    const why = onSimParam('J');
    if (why) simPanel.set('J', was);   // refused: J stays the value in use
    simMsg.hidden = !why;
    simMsg.textContent = why;
  }
  playBtn.addEventListener('click', () => loop.togglePause());
  stepBtn.addEventListener('click', () => loop.step());
  resetBtn.addEventListener('click', () => restart());
  const stripResize = new ResizeObserver(() => drawStrip(strip, runBox, { series, sim }));
  stripResize.observe(strip);

  // the fixed-step clock of the screw (web/src/live/loop.js), before its first run
  const loop = w.loop = liveLoop({ playBtn, paused: stateFlag(state, 'paused', false), h: () => sv('dt'), speed: () => w.speed,
    live: () => run.sims.length > 0, ended: () => !!run.ended, advance: (n) => run.advance(n), paint,
    onPause: () => saveState(), frameStats, budgetMs: STEP_BUDGET_MS, chunk: CHUNK_STEPS });
  map.computeMap(false);
  restart();

  return liveViewHandle({ loop, restart, nudgeGoal,
    legend: [[t('page.key.space'), t('wellposed.keys.space')], ['S', t('pendulum.keys.s')], ['R', t('pendulum.keys.r')], ['← →', t('wellposed.keys.arrows')]],
    parts: [map, () => stripResize.disconnect(), run, chartSet],
    hooks: [['wellposed', 'frameStats', frameStats], ['wellposed', 'events', sim.events]] });
}
