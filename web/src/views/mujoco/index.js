// mujoco/index.js: the "In MuJoCo" view: real MuJoCo in the page
// (npm @mujoco/mujoco, loaded when the view opens, load.js) runs the pendulum
// bench of an actuator preset or a fitted params file (the core's MJCF) and a
// two-link arm with geared joints, live side by side under three treatments
// (sim.js): (A) MuJoCo's frictionloss written every step (the bench's (A):
// MuJoCo's own joint when native params are in hand, liveNative; the side
// text and the lesson box say so), (B) the same with noslip, (C) the core's
// implicit friction (fric_joint.h through the wasm bindings: one definition
// of the step, the native adapter's). Roles: benchSide.js (the side panel),
// runs.js (a system's three runs made, the bench's native (A)),
// models.js (the systems, URL state), sim.js (one MuJoCo run), figures.js
// (badges, sag, creep, cost, the charts), picture.js (the bench and the arm
// drawn live, per treatment), replay.js (a log through MuJoCo
// under each treatment beside the bench's replay), identSection.js (a robot's
// servos from its own recording), yourRobot.js (a robot's
// MJCF and meshes dropped in, (A) as written beside (C) adopted, in 3D:
// robot.js runs them, robot3d.js draws them), text.js (the lesson,
// the MJCF box); this file wires them to web/src/live/loop.js and runBar.js.
import { t, lang } from '../../i18n/index.js';
import { el, symbolNodes } from '../../dom.js';
import { viewLayout, messageBox } from '../../layout.js';
import { runBar } from '../../runBar.js';
import { liveLoop } from '../../live/loop.js';
import { setHook, clearHook } from '../../testHooks.js';
import { loadMujoco, mujocoUrl } from './load.js';
import { startWorker } from '../../offline.js';
import { benchSide } from './benchSide.js';
import { liveNative, systemSims, advanceRuns } from './runs.js';
import { DT, STEP_BUDGET_MS, CHUNK_STEPS, ARM_Q0, readModel, saveState as writeState,
  armMjcf, armLaw, withKeyframe, benchVector, fittedFile } from '../../mujoco/models.js';
import { figureTable, sagCharts, figuresOf } from './figures.js';
import { mjcfBox, introText } from './text.js';
import { mujocoPicture } from './picture.js';
import { mujocoReplay } from './replay.js';
import { ownModel } from './own.js';
import { robotSection } from './yourRobot.js';

export { LESSON } from './text.js';

export function mount(container, { core, state, showError }) {
  const m = readModel(core, state);
  const { side, charts: mainCol } = viewLayout(container, t('mujoco.title'), introText(false));
  // the introduction says what the bench's (A) runs (restart: native or the budget)
  const intro = side.querySelector(':scope > p.note');
  intro.id = 'mujoco-intro';
  let introNative = false;
  const sayIntro = (native) => {
    if (native !== introNative) intro.replaceChildren(...symbolNodes(introText(native)));
    introNative = native;
  };
  container.classList.add('mujoco-view');
  const saveState = () => writeState(m, state, loop.paused);

  const { playBtn, stepBtn, resetBtn, clock } = runBar(container, {
    name: 'mujoco', what: t('mujoco.runbar.what'), step: 'dt', speed: m.speed, onSpeed: (x) => { m.speed = x; saveState(); } });

  // --- side: the bench (actuator, model, gains, mass) and the two start states (benchSide.js)
  const { fittedNote, liveNote, switched } = benchSide(side, { core, m, on: { saveState, restart: () => restart(), rerun: () => replay.rerun() } });

  const own = ownModel(side, { onRun: () => restart() });

  // --- main: errors, the figures of the six runs, the charts, the MJCF, the replay
  const errBox = Object.assign(messageBox(), { id: 'mujoco-error' });
  const loadNote = el('div', { className: 'note', id: 'mujoco-loading', textContent: t('mujoco.loading') });
  mainCol.append(el('section', { className: 'chart-box mujoco-runs', 'aria-label': t('mujoco.runs.aria') }, loadNote, errBox));
  const pic = mujocoPicture(mainCol, { runs: () => runs, q0: () => m.q0Deg * Math.PI / 180, custom: () => !!own.model });
  const table = figureTable(mainCol);
  const charts = sagCharts(mainCol, showError);
  const mjcf = mjcfBox(mainCol);

  let mj = null, runs = [], disposed = false, failed = false;
  const frameStats = setHook('mujoco', 'frameStats', []);
  const figures = () => figuresOf(runs, m);
  setHook('mujoco', 'figures', figures);
  const replay = mujocoReplay(mainCol, { core, m, mj: () => mj, showError, onNative: () => { saveState(); restart(); } });
  // your robot (an MJCF with its meshes), (A) as written beside (C) adopted, in 3D (yourRobot.js)
  const yourRobot = robotSection(mainCol, { core, state, fitted: () => m.fitted, native: () => replay.native() });
  // your robot's servos identified from its own recording, in a worker (identSection.js): its
  // code loads with the view, not with the page's first visit; the section takes its place here
  let yourServos = null;
  const identPlace = document.createComment('identSection');
  mainCol.append(identPlace);
  import('./identSection.js').then(({ identSection }) => {
    if (!disposed) yourServos = identSection({ append: (node) => identPlace.replaceWith(node) }, { core, state, carry: (what) => yourRobot.carry(what), mujocoUrl,
      // the worker named here, in the page's bundle (tools/dist.mjs rewrites the name to its hashed one; a lazy chunk names none)
      startIdent: () => startWorker('mjident.worker.js', { type: 'module' }, `?lang=${lang}`) });
  }).catch((e) => showError(String(e?.message ?? e)));

  function fail(msg) {
    failed = true;
    errBox.textContent = msg;
    errBox.hidden = false;
    paint(true);   // the table and clock of no runs: dashes, not the last runs' figures
  }
  function freeRuns() { runs.forEach((r) => r.sims.forEach((s) => s.free())); runs = []; }

  /** The six runs from t = 0: (pendulum, arm) × (A, B, C). */
  function restart() {
    if (!mj || disposed) return;
    loop.restart();
    freeRuns();
    failed = false;
    errBox.hidden = true;
    fittedNote.textContent = m.fitted ? [t('mujoco.fitted', { model: JSON.parse(m.fitted).model ?? t('mujoco.fitted.model') }),
      ...(() => { try { return fittedFile(m).warnings; } catch { return []; } })()].join(' ') : switched();
    liveNote.textContent = '';
    let bench, pend;
    try {
      bench = benchVector(m);
      pend = withKeyframe(core.mujoco.benchMjcf(bench), m.q0Deg * Math.PI / 180);
    } catch (e) {
      fail(t('mujoco.bench.bad', { message: e.message }));
      return;
    }
    const arm = own.model ? own.model.xml : armMjcf();
    mjcf.show({ pendulum: pend, arm });
    // (A) of the bench as MuJoCo's own joint when native params are in hand
    // (the picker or mujoco.native): the fitted native parameters, not a
    // per-step budget written into frictionloss; the arm keeps its law.
    // Each system is parsed once, its treatments made from copies of the model.
    const nat = liveNative(core, m, () => replay.nativeParams(), bench);
    try {
      runs.push({ id: 'pendulum', sims: systemSims(mj, core, pend, [{ name: 'joint', params: bench }], nat.sim), q0: [m.q0Deg * Math.PI / 180] });
      const law = armLaw(m.armFs);
      if (own.model && !own.model.joints.length) throw new Error(t('mujoco.own.noJoint'));
      const sims = systemSims(mj, core, arm, (own.model ? own.model.joints : ['j1', 'j2']).map((name) => ({ name, law })));
      runs.push({ id: 'arm', sims, q0: own.model ? sims[0].joints.map((j) => j.q0) : ARM_Q0 });
    } catch (e) {
      freeRuns();
      fail(e.message);
      return;
    }
    liveNote.textContent = nat.text;
    liveNote.dataset.native = nat.sim ? '1' : '';
    sayIntro(!!nat.sim);
    charts.reset(runs);
    paint(true);
  }

  const advance = (n) => advanceRuns(runs, charts, n);

  let textAt = 0;
  function paint(all = true) {
    const now = performance.now();
    if (all || now - textAt > 250) {
      textAt = now;
      const f = figures();
      clock.textContent = t('mujoco.clock', { t: (f.t ?? 0).toFixed(3), dt: DT, state: loop.paused ? t('mujoco.clock.paused') : t('mujoco.clock.speed', { x: m.speed }) });
      table.paint(f);
      pic.show(f);
    }
    pic.draw(all);   // once per animation frame, only the canvases that changed
    charts.paint();
  }

  playBtn.addEventListener('click', () => loop.togglePause());
  stepBtn.addEventListener('click', () => loop.step());
  resetBtn.addEventListener('click', () => restart());
  const loop = liveLoop({ playBtn, paused: m.paused, h: () => DT, speed: () => m.speed,
    live: () => runs.length > 0, ended: () => failed, advance, paint, onPause: () => saveState(), frameStats,
    budgetMs: STEP_BUDGET_MS, chunk: CHUNK_STEPS });

  loadMujoco().then(async (mod) => {
    // a frame drawn between MuJoCo's own start (its module made: ~1 s of the
    // page's thread on a loaded machine) and the six runs' making, so the two
    // never hold the page in one piece (a hidden tab, with no frames: 0.2 s)
    await new Promise((r) => { requestAnimationFrame(() => setTimeout(r, 0)); setTimeout(r, 200); });
    if (disposed) return;
    mj = mod;
    loadNote.textContent = t('mujoco.version', { v: mj.mj_versionString() });
    setHook('mujoco', 'version', mj.mj_versionString());
    restart();
    replay.ready();
  }).catch((e) => { if (!disposed) { loadNote.textContent = ''; fail(e.message); } });

  return {
    dispose() {
      disposed = true;
      loop.dispose();
      charts.dispose();
      pic.dispose();
      replay.dispose();
      yourRobot.dispose();
      yourServos?.dispose();
      freeRuns();
      clearHook('mujoco', 'frameStats', frameStats);
      clearHook('mujoco', 'figures', figures);
    },
    actions: {
      togglePause: () => loop.togglePause(),
      step: () => loop.step(),
      reset: () => restart(),
      legend: [[t('page.key.space'), t('pendulum.keys.space')], ['S', t('pendulum.keys.s')], ['R', t('pendulum.keys.r')]],
    },
  };
}
