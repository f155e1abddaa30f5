// mujoco/index.js: the "In MuJoCo" view: real MuJoCo in the page
// (npm @mujoco/mujoco, loaded when the view opens, load.js) runs the pendulum
// bench of an actuator preset or a fitted params file (the core's MJCF) and a
// two-link arm with geared joints, live side by side under three treatments
// (sim.js): (A) MuJoCo's frictionloss written every step (the bench's (A):
// MuJoCo's own joint when native params are in hand, liveNative; the side
// text and the lesson box say so), (B) the same with noslip, (C) the core's
// implicit friction (fric_joint.h through the wasm bindings: one definition
// of the step, the native adapter's). Roles:
// models.js (the systems, URL state), sim.js (one MuJoCo run), figures.js
// (badges, sag, creep, cost, the charts), picture.js (the bench and the arm
// drawn live, per treatment), replay.js (a log through MuJoCo
// under each treatment beside the bench's replay), identSection.js (a robot's
// servos from its own recording), yourRobot.js (a robot's
// MJCF and meshes dropped in, (A) as written beside (C) adopted, in 3D:
// robot.js runs them, robot3d.js draws them), text.js (the lesson,
// the MJCF box); this file wires them to web/src/live/loop.js and runBar.js.
import { t } from '../../i18n/index.js';
import { numberControl } from '../../controls.js';
import { el, symbolNodes } from '../../dom.js';
import { viewLayout, messageBox } from '../../layout.js';
import { runBar } from '../../runBar.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { paramPanel } from '../../paramPanel.js';
import { liveLoop } from '../../live/loop.js';
import { setHook, clearHook } from '../../testHooks.js';
import { exportPanel, scenarioParamsToObject, servoExport, nearestModel, withCarried } from '../../exports.js';
import { loadMujoco } from './load.js';
import { createSims, createNativeSim, TREATMENTS } from '../../mujoco/sim.js';
import { SETUP, DT, STEP_BUDGET_MS, CHUNK_STEPS, PLOT_EVERY, ARM_Q0, readModel, saveState as writeState,
  armMjcf, armLaw, withKeyframe, benchVector, fittedFile } from '../../mujoco/models.js';
import { figureTable, sagCharts, figuresOf } from './figures.js';
import { mjcfBox, introText } from './text.js';
import { mujocoPicture } from './picture.js';
import { mujocoReplay } from './replay.js';
import { ownModel } from './own.js';
import { robotSection } from './yourRobot.js';
import { identSection } from './identSection.js';

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

  // --- side: the bench (actuator, model, gains, mass) and the two start states
  const head = el('h3', { textContent: t('mujoco.head.bench') });
  side.append(head);
  // a new actuator drops a pasted params file (it belongs to the actuator
  // before) and takes the model nearest to the one shown that it has a preset
  // of (sts3215: M1 and M6; sts321512v: M1); a model the bench cannot be built with is refused
  // beside its field (paramPanel takes it back); an address of a model the
  // actuator has no preset of opens on the nearest one it has (readModel), said the same way
  const switchedText = (from) => t('mujoco.switched', { from: from.toUpperCase(), to: m.choice('model').toUpperCase(), act: m.choice('actuator') });
  let switched = m.switchedFrom ? switchedText(m.switchedFrom) : '';
  const panel = paramPanel(side, m.info, m.values, SETUP, (name) => {
    switched = '';
    if (name === 'actuator') {
      m.fitted = null;
      const k = paramIndex(m.info, 'model'), now = m.values[k], near = nearestModel(core, m.choice('actuator'), now);
      if (near !== now) {
        panel.set('model', near);
        switched = switchedText(m.info.params[k].choices[now]);
      }
    }
    try { benchVector(m); } catch (e) { return e.message; }
    saveState();
    restart();
    replay.rerun();
    return '';
  });
  const q0Ctl = numberControl({ label: t('mujoco.q0'), unit: '°', min: -150, max: 150, value: m.q0Deg,
    onInput: (x) => { m.q0Deg = x; saveState(); restart(); } });
  const fsCtl = numberControl({ label: t('mujoco.fs'), unit: 'N·m', min: 0.5, max: 20, value: m.armFs,
    onInput: (x) => { m.armFs = x; saveState(); restart(); } });
  const fittedNote = el('div', { className: 'note', id: 'mujoco-fitted' });
  // what the bench's (A) runs with native params in hand, or why not
  const liveNote = el('div', { className: 'note', id: 'mujoco-native-live', 'aria-live': 'polite' });
  side.append(q0Ctl.el, fsCtl.el, fittedNote, liveNote);
  exportPanel(side, {
    fileName: 'mujoco-bench', title: t('mujoco.export.title'),
    // the pasted file's keys the core does not model ride along (core.io.paramsFile's carry)
    getParams: () => withCarried(scenarioParamsToObject(m.info, benchVector(m)), fittedFile(m)?.carry ?? []),
    setParams: (obj) => {
      const ours = m.choice('actuator');
      if (obj && typeof obj.actuator === 'string' && core.bench.actuatorOf(obj.actuator) !== ours) {
        throw new Error(t('mujoco.paste.otherActuator', { file: obj.actuator, ours }));
      }
      const before = m.fitted;
      m.fitted = JSON.stringify(obj);
      try { benchVector(m); } catch (e) { m.fitted = before; throw e; }
      saveState();
      restart();
      replay.rerun();
    },
    // the servo on the bench: its MuJoCo snippet and the exact bench (exports.js)
    servo: () => { try { return servoExport(core, benchVector(m), fittedFile(m)?.carry ?? []); } catch { return null; } },
  });

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
  // your robot's servos identified from its own recording, in a worker (identSection.js)
  const yourServos = identSection(mainCol, { core, carry: (what) => yourRobot.carry(what) });

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
      ...(() => { try { return fittedFile(m).warnings; } catch { return []; } })()].join(' ') : switched;
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
    const nat = liveNative(bench);
    const make = (xml, joints, natA = null) => {
      const ids = TREATMENTS.filter((tr) => !(natA && tr.key === 'A')).map((tr) => tr.id);
      const made = createSims(mj, core, { xml, joints, treatments: ids });
      if (!natA) return made;
      let nativeA;
      try {
        nativeA = createNativeSim(mj, natA);
      } catch (e) {
        made.forEach((x) => x.free());
        throw e;
      }
      return TREATMENTS.map((tr) => (tr.key === 'A' ? nativeA : made.shift()));
    };
    try {
      runs.push({ id: 'pendulum', sims: make(pend, [{ name: 'joint', params: bench }], nat.sim), q0: [m.q0Deg * Math.PI / 180] });
      const law = armLaw(m.armFs);
      if (own.model && !own.model.joints.length) throw new Error(t('mujoco.own.noJoint'));
      const sims = make(arm, (own.model ? own.model.joints : ['j1', 'j2']).map((name) => ({ name, law })));
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

  /** The bench's (A) as MuJoCo's own joint: { sim: createNativeSim's spec
   *  (the core's bench-native MJCF of the native params on this bench, its
   *  actuator holding the start angle) or null, text: what (A) runs, or why
   *  the native params do not run (another actuator's file) }. */
  function liveNative(bench) {
    if (!m.native) return { sim: null, text: '' };
    let f;
    try { f = replay.nativeParams(); } catch (e) { return { sim: null, text: e.message.charAt(0).toUpperCase() + e.message.slice(1) }; }
    if (!f) return { sim: null, text: '' };
    const q0 = m.q0Deg * Math.PI / 180, at = (name) => bench[paramIndex(m.info, name)];
    const vec = core.scenario.params('bench-native', { ...f.params, actuator: m.choice('actuator'), trajectory: 'goal', goal: q0, q0,
      mass: at('mass'), length: at('length'), arm_mass: at('arm_mass'), dt: DT, log_kp: at('kp') });
    return { sim: { xml: withKeyframe(core.native.scenarioMjcf(vec), q0), goal: q0 }, text: t('mujoco.native.live', { act: f.actuator ?? m.choice('actuator') }) };
  }

  function advance(n) {
    for (let done = 0; done < n; done += PLOT_EVERY) {
      const k = Math.min(PLOT_EVERY, n - done);
      for (const r of runs) for (const s of r.sims) s.step(k);
      charts.push(runs);
    }
  }

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
      yourServos.dispose();
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
