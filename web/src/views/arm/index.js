// arm/index.js: the "Robot arm" view (seed paper "Fast Forward
// Dynamics Simulation of Robot Manipulators with Highly Frictional Gears").
// Two simulations of one chain scenario (arm1, arm2-ground, chain; core/system/
// chain_scn.c) run side by side with two step methods (A: semi-implicit, B:
// implicit by default; web/src/live/run.js), live at the scenario's h = 1 ms:
// each animation frame runs the steps that the elapsed time × speed calls
// for, within a budget (web/src/live/loop.js), like the pendulum view. Roles:
// state.js (model, URL state), draw/arm.js (a canvas per method), charts.js (the
// rolling charts, drawn by the pendulum's chart worker), input.js (targets by
// keys and drag), readouts.js (the rows kept and the words); this file wires
// them.
//
// The `chain` scenario's columns hold only q_1, q_n and the tip; its n links
// and each joint's stick/slip flag are drawn from the scenario's shape (every
// joint position and flag after the last step, Simulation.shape(),
// fric_scenario.shape).
import { t, tChoiceLabel } from '../../i18n/index.js';
import { choiceControl } from '../../controls.js';
import { el } from '../../dom.js';
import { viewLayout, messageBox } from '../../layout.js';
import { runBar } from '../../runBar.js';
import { paramPanel } from '../../paramPanel.js';
import { liveLoop, liveViewHandle } from '../../live/loop.js';
import { liveRun } from '../../live/run.js';
import { setHook } from '../../testHooks.js';
import { SCENARIOS, CHUNK_STEPS, STEP_BUDGET_MS, HIDDEN, FRONT, RESTART,
  readModel, loadScenario, saveState as writeState } from './state.js';
import { pictures } from '../../draw/arm.js';
import { charts } from './charts.js';
import { targetInput } from './input.js';
import { onRows, writeText } from './readouts.js';

/** What to notice and what to try (the defaults: arm2-ground, A semi-implicit
 *  with the exact Φ_Z joint step, B implicit). Checked against the simulation. */
export const LESSON = {
  notice: t('arm.lesson.notice'),
  // the steps build on each other: each one's setup is the URL state reached
  // by following the steps before it in order (layout.js lessonFrame); every
  // number is checked against `friction run` by tests/web/e2e.d/lessons.mjs
  tryThis: [
    { text: t('arm.lesson.step1'), setup: {}, chart: '.charts > .chart-box:nth-child(3)' },
    { text: t('arm.lesson.step2'), setup: {} },
    { text: t('arm.lesson.step3'), setup: { method_b: 'coupled' } },
    { text: t('arm.lesson.step4'), setup: {} },
    { text: t('arm.lesson.step5'), setup: { 'arm2-ground.q2_d': 0 } },
  ],
};

export function mount(container, { core, state, showError }) {
  const m = readModel(core, state);
  const { methods, v } = m;
  const saveState = () => writeState(m, state, loop.paused);

  const { side, charts: mainCol } = viewLayout(container, t('arm.title'), t('arm.intro'));
  container.classList.add('arm-view');

  // --- run bar (web/src/runBar.js)
  const { playBtn, stepBtn, resetBtn, clock } = runBar(container, {
    name: 'arm', what: t('arm.runbar.what'), step: 'h', speed: m.speed, onSpeed: (x) => { m.speed = x; saveState(); } });

  // --- side: scenario, methods, parameters
  const head1 = document.createElement('h3');
  head1.textContent = t('arm.head.scenario');
  const scnCtl = choiceControl({ label: t('arm.scenario'), choices: SCENARIOS.map((s) => ({ value: s, label: `${s}: ${t(`arm.scenario.${s}`)}` })), value: m.scn,
    onChange: (x) => { m.scn = x; state.set({ scenario: x }); setupScenario(); } });
  const aCtl = choiceControl({ label: t('arm.methodA'), choices: methods.map((c) => ({ value: c, label: tChoiceLabel(c) })), value: methods[m.methodA],
    onChange: (x) => { m.methodA = methods.indexOf(x); restart(); } });
  const bCtl = choiceControl({ label: t('arm.methodB'), choices: methods.map((c) => ({ value: c, label: tChoiceLabel(c) })), value: methods[m.methodB],
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
    'aria-label': t('arm.canvas.aria', { who: i ? 'B' : 'A' }) }));
  const endMsg = Object.assign(messageBox(), { id: 'arm-end' });
  const status = el('div', { className: 'readout', id: 'arm-status', 'aria-live': 'off' });
  // when each method's corners first touched the ground and since when all
  // its joints read STICK, as text (the lesson's times)
  const events = el('div', { className: 'readout', id: 'arm-events', 'aria-live': 'off' });
  mainCol.append(el('section', { className: 'chart-box arm-run', 'aria-label': t('arm.box.aria') },
    el('div', { className: 'arm-pics' }, ...canvases), endMsg, status, events));
  // the view's state, shared with readouts.js
  const a = { m, clock, status, events,
    seen: [],     // per method: { touch: [t of corner 1, corner 2] (NaN: not yet), stickSince (null: a joint slips) }
    series: [],   // --- the run: methods A and B (web/src/live/run.js)
    shownRows: [] };
  const chartSet = charts(mainCol, m, { series: () => a.series, sims: () => run.sims, showError });
  const frameStats = setHook('arm', 'frameStats', []);
  // steps with both contact corners active (for the browser test's frame timing)
  const contactRows = a.contactRows = setHook('arm', 'contactRows', [{ both: 0, all: 0 }, { both: 0, all: 0 }]);
  const run = a.run = liveRun({
    core, scenario: () => m.scn, count: () => 2, params: (i) => m.paramsWith(m.methodOf(i)),
    sideMsg, endMsg, loop: () => loop,
    onRetuned() { saveState(); if (loop.paused) paint(); },
    failed(i, e) {
      showError(t('arm.failed', { who: i ? 'B' : 'A', message: e.message }));
      return t('arm.failed.end', { who: i ? 'B' : 'A' });
    },
    doneText: () => t('wellposed.done'),
    onRows: (i, res, sim) => onRows(a, i, res, sim),
  });
  // the rows of the last text refresh (a.shownRows): the clock, the status
  // line and the numbers under the arms are this one sample
  const pic = pictures(canvases, m, { sims: () => run.sims, series: () => a.series, shown: (i) => a.shownRows[i] || null });

  function setupScenario() {
    loadScenario(m, state);
    const { info, values } = m;
    paramBox.replaceChildren();
    const names = info.params.map((p) => p.name).filter((n) => !HIDDEN.has(n));
    const main = FRONT.filter((n) => names.includes(n));
    const rest = names.filter((n) => !main.includes(n));
    const h = document.createElement('h3');
    h.textContent = t('arm.head.gains');
    paramBox.append(h);
    panel = paramPanel(paramBox, info, values, main, onParam);
    const det = document.createElement('details');
    const sum = document.createElement('summary');
    sum.textContent = t('arm.head.more');
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
    a.seen = run.sims.map(() => ({ touch: [NaN, NaN], stickSince: null }));
    const k = m.plotKeys();
    a.series = run.sims.map(() => ({ q: k.q.map(() => []), fn: k.fn.map(() => []), tf: k.tf.map(() => []), row: null }));
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
      a.shownRows = a.series.map((s) => s.row);
      writeText(a);
    }
    canvases.forEach((_, i) => pic.draw(i));
    chartSet.set.paint();
  }

  // a target the core refuses (not expected: the targets stay in their ranges) is said in the side column
  const input = targetInput(canvases, m, { panel: () => panel, xform: pic.xform,
    retune: () => { const why = retune(); sideMsg.hidden = !why; sideMsg.textContent = why; } });
  playBtn.addEventListener('click', () => loop.togglePause());
  stepBtn.addEventListener('click', () => loop.step());
  resetBtn.addEventListener('click', () => restart());

  // the fixed-step clock (web/src/live/loop.js), before the first run
  const loop = a.loop = liveLoop({ playBtn, paused: m.paused, h: () => v('dt'), speed: () => m.speed,
    live: () => run.sims.length > 0, ended: () => !!run.ended, advance: (n) => run.advance(n), paint,
    onPause: () => saveState(), frameStats, budgetMs: STEP_BUDGET_MS, chunk: CHUNK_STEPS });
  setupScenario();

  return liveViewHandle({ loop, restart, nudgeGoal: input.nudgeGoal,
    legend: [[t('page.key.space'), t('pendulum.keys.space')], ['S', t('pendulum.keys.s')], ['R', t('pendulum.keys.r')], ['← →', t('arm.keys.arrows')],
      [t('arm.key.drag'), t('arm.keys.drag')]],
    parts: [pic, run, chartSet.set], hooks: [['arm', 'frameStats', frameStats], ['arm', 'contactRows', contactRows]] });
}
