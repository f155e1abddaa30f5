// arm/index.js: the "Robot arm" view (seed paper "Fast Forward
// Dynamics Simulation of Robot Manipulators with Highly Frictional Gears").
// Two simulations of one chain scenario (arm1, arm2-ground, chain; core/system/
// chain_scn.c) run side by side with two step methods (A: semi-implicit, B:
// implicit by default; web/src/live/run.js), live at the scenario's h = 1 ms:
// each animation frame runs the steps that the elapsed time × speed calls
// for, within a budget (web/src/live/loop.js), like the pendulum view. Roles:
// state.js (model, URL state), draw.js (a canvas per method), charts.js (the
// rolling charts, drawn by the pendulum's chart worker), input.js (targets by
// keys and drag); this file wires them.
//
// The `chain` scenario's columns hold only q_1, q_n and the tip; its n links
// and each joint's stick/slip flag are drawn from the scenario's shape (every
// joint position and flag after the last step, Simulation.shape(),
// fric_scenario.shape).
import { choiceControl } from '../../controls.js';
import { fmt } from '../../format.js';
import { el } from '../../dom.js';
import { viewLayout, messageBox } from '../../layout.js';
import { runBar } from '../../runBar.js';
import { paramPanel } from '../../paramPanel.js';
import { liveLoop, liveViewHandle } from '../../live/loop.js';
import { liveRun } from '../../live/run.js';
import { appendPoints, trimWindow } from '../../live/series.js';
import { setHook } from '../../testHooks.js';
import { SCENARIOS, WINDOW_S, CHUNK_STEPS, STEP_BUDGET_MS, HIDDEN, FRONT, RESTART,
  readModel, loadScenario, saveState as writeState, stickText } from './state.js';
import { pictures } from './draw.js';
import { charts } from './charts.js';
import { targetInput } from './input.js';

/** What to notice and what to try (the defaults: arm2-ground, A semi-implicit
 *  with the exact Φ_Z joint step, B implicit). Checked against the simulation. */
export const LESSON = {
  notice: 'Link 2 swings down and hits the ground at about 0.4 s; the motors press it into the ground (target −90°) '
    + 'until the voltage is cut at 4 s. The methods rest differently: semi-implicit (A) on one corner, about 156 N, '
    + 'joint 1 at 109.4°; implicit (B) on both corners, joint 1 creeping down to about 99° by 4 s.',
  // the steps build on each other: each one's setup is the URL state reached
  // by following the steps before it in order (layout.js lessonFrame); every
  // number is checked against `friction run` by tests/web/e2e.d/lessons.mjs
  tryThis: [
    { text: 'Normal-force chart: both methods hit at about ⟦0.4⟧ s (A at ⟦0.403⟧ s, B at ⟦0.390⟧ s); A loads corner 1 only, '
      + 'B shares the load, corner 2 from ⟦0.648⟧ s.',
    setup: {}, chart: '.charts > .chart-box:nth-child(3)' },
    { text: 'Method B = coupled (the exact coupled joint solve): it rests like A, corner 1 at about ⟦156⟧ N, joint 1 at ⟦109.4⟧°.',
      setup: {} },
    { text: 'Method B back to implicit, and watch the badges: with the joint step Φ_Z (the default), A\'s badges read STICK '
      + 'once the arm rests on the ground, from ⟦1.8⟧ s on (with paper, eq. 27 + clip 21: from ⟦2.4⟧ s); B keeps creeping (joint 1 '
      + 'sinks, joint 2 chatters about zero speed) and its joints read SLIP; paused, joint 2 may read STICK for the one '
      + 'step where its speed changes sign.',
    setup: { method_b: 'coupled' } },
    { text: 'Target q_d2 = 0, then Reset: link 2 is held clear of the ground; at 4 s it falls and touches down at about ⟦4.25⟧ s.',
      setup: {} },
    { text: 'Scenario chain (n = 10): ten links fall from horizontal; the tip lands at ⟦0.4⟧ s on one corner only, f_n of corner 2 stays 0.',
      setup: { 'arm2-ground.q2_d': 0 } },
  ],
};

export function mount(container, { core, state, showError }) {
  const m = readModel(core, state);
  const { methods, v, col } = m;
  const saveState = () => writeState(m, state, loop.paused);

  const { side, charts: mainCol } = viewLayout(container, 'Robot arm, live',
    'Geared motors with high stiction drive a planar arm that touches the ground (the seed paper "Fast Forward Dynamics '
    + 'Simulation of Robot Manipulators with Highly Frictional Gears"). The same arm runs twice: A with the proposed '
    + 'semi-implicit method (each joint\'s friction from its own scalar problem, O(n) per step), B with the implicit one '
    + '(all friction and contact forces in one problem, O(n³)). Red arrows: normal contact forces; badges: each '
    + 'joint sticks or slips; grey ghost: the target pose (drag the tip, or ← →, to move it).');
  container.classList.add('arm-view');

  // --- run bar (web/src/runBar.js)
  const { playBtn, stepBtn, resetBtn, clock } = runBar(container, {
    name: 'arm', what: 'the arm', step: 'h', speed: m.speed, onSpeed: (x) => { m.speed = x; saveState(); } });

  // --- side: scenario, methods, parameters
  const head1 = document.createElement('h3');
  head1.textContent = 'Scenario and methods';
  const scnCtl = choiceControl({ label: 'scenario', choices: SCENARIOS.map((s) => ({ value: s, label: `${s}: ${core.scenario.find(s).title}` })), value: m.scn,
    onChange: (x) => { m.scn = x; state.set({ scenario: x }); setupScenario(); } });
  const aCtl = choiceControl({ label: 'Method A (left)', choices: methods.map((c) => ({ value: c })), value: methods[m.methodA],
    onChange: (x) => { m.methodA = methods.indexOf(x); restart(); } });
  const bCtl = choiceControl({ label: 'Method B (right)', choices: methods.map((c) => ({ value: c })), value: methods[m.methodB],
    onChange: (x) => { m.methodB = methods.indexOf(x); restart(); } });
  side.append(head1, scnCtl.el, aCtl.el, bCtl.el);
  const paramBox = document.createElement('div');
  paramBox.className = 'arm-params';
  side.append(paramBox);
  const sideMsg = messageBox();
  side.append(sideMsg);
  let panel = null;

  // --- the pictures: one canvas per method
  const canvases = [0, 1].map((i) => el('canvas', { id: `arm-canvas-${i ? 'b' : 'a'}`, className: 'arm-canvas', role: 'img', tabIndex: 0,
    'aria-label': `Animated arm of method ${i ? 'B' : 'A'}; drag the arm's tip to set its target pose, or use the arrow keys to move the target of the last joint` }));
  const endMsg = Object.assign(messageBox(), { id: 'arm-end' });
  const status = el('div', { className: 'readout', id: 'arm-status', 'aria-live': 'off' });
  mainCol.append(el('section', { className: 'chart-box arm-run', 'aria-label': 'Live arms' },
    el('div', { className: 'arm-pics' }, ...canvases), endMsg, status));

  // --- the run: methods A and B (web/src/live/run.js)
  let series = [];
  const chartSet = charts(mainCol, m, { series: () => series, sims: () => run.sims, showError });
  const frameStats = setHook('arm', 'frameStats', []);
  // steps with both contact corners active (for the browser test's frame timing)
  const contactRows = setHook('arm', 'contactRows', [{ both: 0, all: 0 }, { both: 0, all: 0 }]);
  const run = liveRun({
    core, scenario: () => m.scn, count: () => 2, params: (i) => m.paramsWith(m.methodOf(i)),
    sideMsg, endMsg, loop: () => loop,
    onRetuned() { saveState(); if (loop.paused) paint(); },
    failed(i, e) {
      showError(`Method ${i ? 'B' : 'A'}: ${e.message}`);
      return `The run stopped: method ${i ? 'B' : 'A'} failed (see the message above). Press Reset to start again.`;
    },
    doneText: () => 'The run reached the end of its time. Press Reset to start again.',
    onRows(i, res, sim) {
      const k = m.plotKeys();
      const nc = sim.cols.length, s = series[i], rows = res.rows, ct = col(sim, 't');
      for (const key of ['q', 'fn', 'tf']) k[key].forEach((name, j) => appendPoints(s[key][j], rows, res.count, nc, ct, col(sim, name)));
      const c1 = col(sim, 'fn1'), c2 = col(sim, 'fn2');
      if (c1 >= 0) for (let r = 0, o = 0; r < res.count; r++, o += nc) if (rows[o + c1] > 0 && rows[o + c2] > 0) contactRows[i].both++;
      contactRows[i].all += res.count;
      if (res.count) s.row = rows.slice((res.count - 1) * nc, res.count * nc);
      trimWindow(['q', 'fn', 'tf'].flatMap((key) => s[key]), WINDOW_S, { minCut: 512 });
    },
  });
  // the rows of the last text refresh: the clock, the status line and the
  // numbers under the arms are this one sample
  let shownRows = [];
  const pic = pictures(canvases, m, { sims: () => run.sims, series: () => series, shown: (i) => shownRows[i] || null });

  function setupScenario() {
    loadScenario(m, state);
    const { info, values } = m;
    paramBox.replaceChildren();
    const names = info.params.map((p) => p.name).filter((n) => !HIDDEN.has(n));
    const main = FRONT.filter((n) => names.includes(n));
    const rest = names.filter((n) => !main.includes(n));
    const h = document.createElement('h3');
    h.textContent = 'Gains, friction, targets';
    paramBox.append(h);
    panel = paramPanel(paramBox, info, values, main, onParam);
    const det = document.createElement('details');
    const sum = document.createElement('summary');
    sum.textContent = 'Arm, motors, solver';
    det.append(sum);
    paramPanel(det, info, values, rest, onParam);
    paramBox.append(det);
    restart();
  }
  // a change the core refuses returns its message: paramPanel takes it back
  // and shows it beside the field; the URL keeps the value in use
  function onParam(name) {
    if (!RESTART.has(name)) return retune();
    const why = run.probe();
    if (why) return why;
    restart();
    return '';
  }

  function restart() {
    run.restart();
    const k = m.plotKeys();
    series = run.sims.map(() => ({ q: k.q.map(() => []), fn: k.fn.map(() => []), tf: k.tf.map(() => []), row: null }));
    chartSet.setDatasets();
    // the row of t = 0 first (a row holds the state at the start of its
    // step), so that the first Step reads t = h, as in the pendulum view
    if (run.sims.length) run.advance(1);
    saveState();
    paint();
  }

  /** The values to the running methods: '' or the core's refusal (the
   *  simulations and the URL then keep the values in use; onRetuned). */
  const retune = () => run.retune();

  let textAt = 0;
  function paint(all = true) {
    const now = performance.now();
    if (all || now - textAt > 250) {
      textAt = now;
      shownRows = series.map((s) => s.row);
      writeText();
    }
    canvases.forEach((_, i) => pic.draw(i));
    chartSet.set.paint();
  }

  function writeText() {
    const row = shownRows[0];
    const t = row ? row[col(run.sims[0], 't')] : 0;
    clock.textContent = `t = ${t.toFixed(3)} s   h = ${fmt(v('dt'))} s   ${loop.paused ? 'paused' : `${fmt(m.speed)}× real time asked`}`;
    status.textContent = run.sims.map((sim, i) => {
      const r = shownRows[i];
      if (!r) return `${i ? 'B' : 'A'} ${methods[m.methodOf(i)]}: not started`;
      const g = (name) => r[col(sim, name)];
      const qs = m.plotKeys().q.filter((n) => n !== 'q_d').map((n) => `${n} ${(g(n) * 180 / Math.PI).toFixed(1)}°`).join(', ');
      const fn = col(sim, 'fn1') >= 0 ? `, f_n ${g('fn1').toFixed(2)} / ${g('fn2').toFixed(2)} N` : '';
      return `${i ? 'B' : 'A'} ${methods[m.methodOf(i)]}: ${qs}${fn}, ${stickText(m, sim, r)}`;
    }).join('  |  ');
  }

  // a target the core refuses (not expected: the targets stay in their ranges) is said in the side column
  const input = targetInput(canvases, m, { panel: () => panel, xform: pic.xform,
    retune: () => { const why = retune(); sideMsg.hidden = !why; sideMsg.textContent = why; } });
  playBtn.addEventListener('click', () => loop.togglePause());
  stepBtn.addEventListener('click', () => loop.step());
  resetBtn.addEventListener('click', () => restart());

  // the fixed-step clock (web/src/live/loop.js), before the first run
  const loop = liveLoop({ playBtn, paused: m.paused, h: () => v('dt'), speed: () => m.speed,
    live: () => run.sims.length > 0, ended: () => !!run.ended, advance: (n) => run.advance(n), paint,
    onPause: () => saveState(), frameStats, budgetMs: STEP_BUDGET_MS, chunk: CHUNK_STEPS });
  setupScenario();

  return liveViewHandle({ loop, restart, nudgeGoal: input.nudgeGoal,
    legend: [['Space', 'pause / resume'], ['S', 'single step'], ['R', 'reset'], ['← →', 'move the target of the last joint'], ['drag', 'the arm\'s tip sets the target pose']],
    parts: [pic, run, chartSet.set], hooks: [['arm', 'frameStats', frameStats], ['arm', 'contactRows', contactRows]] });
}
