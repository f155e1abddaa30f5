// fit/index.js: identification in the browser. Recorded pendulum logs (the BAM
// JSON of shared/data/bam/logs) are dropped on the view; a friction model
// M1–M6 of an actuator is fitted to them as Duclusaud & Passault §V-B do
// (minimise the mean over logs of each log's replay MAE with CMA-ES and
// BIPOP restarts, every free parameter searched in its [lo, hi]), by the
// core's engine (fric_fit.h) through the wasm wrapper.
//
// Threads: the page never evaluates a candidate. A coordinator worker
// (workers/fitCoordinator.js) runs ask/tell; N = navigator.hardwareConcurrency
// evaluation workers (workers/fitEval.js), each with its own wasm instance
// and the training batch, score the candidates of each generation; the page
// creates all of them, wires the evaluators to the coordinator with
// MessageChannels, and on Cancel terminates every one. The page only draws:
// the progress bar, the best-so-far MAE per generation, and (at most a few
// times a second) the best candidate's replay on one recorded log through
// the replay binding (core.bench.replay, the same C as `friction replay`).
//
// One definition of everything: the logs are read by replay.js's parseLog
// (the core's io rules), the motor → actuator table is replay.js's, the
// bounds, parameter keys and units are the core's table (core.fit.space), the
// published parameters are core.fit.presetParams, the kp hold-out is
// fric_fit_split_kp (core.fit.splitKp), the alternating split is
// fric_fit_split_alternate (core.fit.splitAlternate).
//
// Roles: side.js (the side panel's controls, locked while a fit runs),
// from.js (the params-file door), logs.js (the logs and the hold-out), space.js (the search space),
// budget.js (the budget field and each model's default),
// progress.js (bar, MAE chart, replay of the best candidate), results.js
// (the result tables and exports), text.js (number formats), run.js (a fit
// run: the workers and their messages); this file holds the view's state
// and wires them.
import { MODELS, isNative, modelOf, modelValue } from '../../fitModels.js';
import { stateChoice, stateFlag } from '../../refusal.js';
import { t } from '../../i18n/index.js';
import { viewLayout } from '../../layout.js';
import { dropZone, sampleFile } from '../../dropZone.js';
import { logsList } from './logs.js';
import { searchSpace } from './space.js';
import { resultsSection } from './results.js';
import { fitRun } from './run.js';
import { progressSection } from './progress.js';
import { kept, watchExports, shownResult, clearLogs } from './store.js';
import { fitSide } from './side.js';

// The steps run on the bundled sample (samples/, simulated by the core with the
// published XL330 M6 preset): each step's Set up loads it when no log is
// present (the URL key `sample`) and sets the controls; the numbers quoted are
// those of `friction fit … samples/xl330-sin_sin-simulated.json` at the same
// model, budget and seed (tests/web/e2e.d/lessons-fit.mjs follows the steps in
// order and checks each against the CLI).
const SAMPLE_STEP = { sample: 1, actuator: 'xl330', seed: 1, holdout: 'none' };
export const LESSON = {
  notice: t('fit.lesson.notice'),
  // "Reset to the lesson's start" loads the sample too: step 1 starts with it
  start: { ...SAMPLE_STEP },
  tryThis: [
    { text: t('fit.lesson.step1'), setup: { ...SAMPLE_STEP, model: 'm1', budget: 1000 } },
    { text: t('fit.lesson.step2'), setup: { ...SAMPLE_STEP, model: 'm4', budget: 2000 } },
    { text: t('fit.lesson.step3'), setup: { ...SAMPLE_STEP, model: 'm6', budget: 1000 } },
    { text: t('fit.lesson.step4'), setup: { ...SAMPLE_STEP, model: 'm1', budget: 1000 } },
    { text: t('fit.lesson.step5'), setup: { ...SAMPLE_STEP, model: 'm1', budget: 1000 } },
  ],
};

export function mount(container, { core, state }) {
  const bench = core.scenario.find('bench');
  const actuators = bench.params.find((p) => p.name === 'actuator').choices;
  const presets = core.bench.presets();
  const keys = core.fit.paramKeys();
  // every actuator of the core's table (the bench's choices), as `friction
  // fit` fits them: those with no published preset (waveshare_st3025, …)
  // start from the core's default space (fric_fit_space_default)
  const fitActuators = actuators;

  let actuator = stateChoice(state, 'actuator', fitActuators, fitActuators.includes('xl330') ? 'xl330' : fitActuators[0]);
  // M1–M6 or MuJoCo's own joint, 'native' (fitModels.js)
  let model = modelOf(stateChoice(state, 'model', MODELS.map(modelValue), 'm4'));
  let seed = state.getNumber('seed', 1);
  // "Fit all models" adds MuJoCo's own joint after M1–M6 when ticked (`friction fit --model all` fits it too)
  let allNative = stateFlag(state, 'allnative', false);
  let holdout = state.get('holdout', 'none');
  // the position update the fit replays with (the bench's integrator choice,
  // fric_bench_integrator): bam the reference's, mujoco MuJoCo's Euler
  const integ = bench.params.find((p) => p.name === 'integrator');
  let integrator = stateChoice(state, 'integrator', integ.choices, integ.choices[0]);
  const logs = kept.logs;  // { name, text, log, kp, trajectory, motor, samples, valid }; kept across tab switches (store.js)
  const edits = new Map(); // parameter key → { free, lo, hi, value }: the user's changes to the default space
  let job = null;          // the running fit: { workers, coordinator, … }
  let results = kept.results; // per model: the 'model-done' message (store.js)
  // the state the role files read (and logs.js sets: the actuator a log names, the hold-out)
  const st = {
    get actuator() { return actuator; }, set actuator(v) { actuator = v; },
    get model() { return model; },
    get holdout() { return holdout; }, set holdout(v) { holdout = v; },
    get integrator() { return integrator; },
    get seed() { return seed; },
    get allNative() { return allNative; },
    get job() { return job; }, set job(v) { job = v; },                 // run.js sets both
    get from() { return kept.from; },   // the params file the fit starts from (servoFile.js), or null
    get results() { return results; }, set results(v) { results = v; },
  };

  const { side, charts } = viewLayout(container, t('fit.title'), t('fit.intro'));
  container.classList.add('fit-view');
  container.dataset.input = 'files';   // charts only for the logs given (tests/web/e2e.mjs)

  // ---------------------------------------------------------------- side (side.js, from.js)
  const ui = fitSide(side, { core, state, st, fitActuators, integ, logs, container, on: {
    actuator: (v) => { const from = actuator; actuator = v; const dropped = spaceUi.dropEdits(from); save(); spaceUi.renderBounds(); ui.labelModels(); spaceUi.say(dropped); },
    model: (v) => { model = modelOf(v); save(); spaceUi.renderBounds(); budgetUi.onModel(model); renderRig(); renderInteg(); },
    hold: (v) => { holdout = v; logsUi.applyHoldout(); save(); },
    integrator: (v) => { integrator = v; renderInteg(); save(); },
    seed: (v) => { seed = v; save(); },
    allNative: (v) => { allNative = v; save(); },
    save: () => save(),
    // a params file to start from: its actuator and model taken
    fromTaken(from) {
      const was = actuator;
      actuator = from.actuator;
      const dropped = spaceUi.dropEdits(was);
      actCtl.value = actuator;
      model = from.model;
      modelCtl.value = modelValue(model);
      budgetUi.onModel(model);
      renderInteg();
      save();
      spaceUi.renderBounds();
      ui.labelModels();
      spaceUi.say(dropped);
      renderRig();
    },
    locked(running) {
      logsUi.lockLogs();
      spaceUi.table.querySelectorAll('input').forEach((x) => { x.disabled = running; });
    },
  } });
  const { drop, hint, file, err, runErr, warn, clearBtn, actCtl, modelCtl, holdCtl, budgetUi, fitBtn, allBtn, cancelBtn, from, renderInteg, renderRig, setRunning } = ui;

  function save() {
    state.set({ actuator, model: modelValue(model), budget: budgetUi.value, seed, holdout, allnative: allNative ? '1' : null, space: spaceUi.spaceText() || null,
      integrator: integrator === integ.choices[0] ? null : integrator, from: from.name() });
  }


  // ----------------------------------------------------------- logs list (logs.js)
  // the logs and the search space fold away while a fit runs (they are locked
  // then), so that its progress and charts are in view; they unfold after it
  const logsUi = logsList(charts, { core, logs, fitActuators, holdCtl, actCtl, err, warn, st, save,
    on: { renderBounds: () => { spaceUi.renderBounds(); ui.labelModels(); }, dropEdits: (from) => spaceUi.dropEdits(from), renderOverlayChoices: () => { renderOverlayChoices(); renderRig(); }, takeFrom: from.takeFrom } });
  file.addEventListener('change', () => { if (file.files.length) logsUi.addFiles([...file.files]); file.value = ''; });
  const zone = dropZone(drop, {
    onFiles: (files) => {
      if (job) { err.textContent = t('fit.busy'); err.hidden = false; return; }
      logsUi.addFiles(files);
    },
    sample: true,
    onError: (msg) => { err.textContent = msg; err.hidden = false; },
    onStray: () => { hint.textContent = t('fit.stray'); },
  });

  // a lesson step's set-up (LESSON): the sample, when no log is present
  if (state.get('sample') === '1') {
    state.set({ sample: null });
    if (!logs.length) sampleFile().then((f) => logsUi.addFiles([f])).catch((e) => { err.textContent = e.message; err.hidden = false; });
  }

  // ------------------------------------------------------- search space (space.js)
  const spaceUi = searchSpace(charts, { core, keys, edits, st, save });
  // ----------------------------------------------------------- progress (progress.js)
  const prog = progressSection(charts, { core, logs, st });
  const { bar, progText, maeChart, overlay, renderOverlayChoices } = prog;

  // ------------------------------------------------------------- results (results.js)
  const res = resultsSection(charts, { core, keys, presets, st, logs });
  // ----------------------------------------------------------------- run (run.js)
  const { start, stopWorkers } = fitRun({ core, container, logs, st, logsUi, spaceUi, budgetUi, prog, res, setRunning, err, runErr });

  fitBtn.addEventListener('click', () => start(false));
  allBtn.addEventListener('click', () => start(true));
  cancelBtn.addEventListener('click', () => {
    if (!job) return;
    stopWorkers();
    setRunning(false);
    container.dataset.fit = 'cancelled';
    progText.textContent = (progText.dataset.done ?? progText.textContent) + t('fit.cancelled');
  });

  from.render();
  logsUi.renderHoldChoices();
  // the search space of the URL (shared links keep the user's bounds)
  const badSpace = spaceUi.readSpace(state.get('space', ''));
  const spaceProblem = edits.size && !isNative(model) ? core.fit.spaceProblem(model, spaceUi.spaceOf(model)) : null;
  if (spaceProblem) edits.clear();
  spaceUi.renderBounds();
  renderRig();
  if (badSpace.length || spaceProblem) {
    spaceUi.msg.textContent = spaceProblem
      ? t('fit.link.spaceBad', { message: spaceProblem.message.replace(/\.$/, '') })
      : t('fit.link.ignored', { list: badSpace.join('; ') });
  }
  if (badSpace.length || spaceProblem) save();
  logsUi.renderLogs();
  container.dataset.fit = 'idle';
  // the work of this session (store.js): the last fit's results, shown again
  watchExports(res.resBox);
  if (results.length) {
    res.renderAll();
    res.showResult(shownResult());
    container.dataset.fit = 'done';
    bar.value = 1;
    progText.textContent = t('fit.kept');
  }
  clearBtn.addEventListener('click', () => {
    if (job || !clearLogs()) return;
    results = kept.results;
    res.resBox.hidden = true;
    res.renderAll();
    logsUi.renderHoldChoices();
    logsUi.applyHoldout();
    container.dataset.fit = 'idle';
  });
  return {
    // a tab chosen while a fit runs: leaving cancels it, so ask (store.js keeps the rest)
    leave: () => !job || window.confirm(t('fit.leave')),
    dispose() {
      stopWorkers();
      res.stopSensitivity();
      zone.dispose();
      maeChart.chart.destroy();
      overlay.chart.destroy();
      res.bars.chart.destroy();
    },
  };
}
