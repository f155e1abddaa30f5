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
// Roles: logs.js (the logs and the hold-out), space.js (the search space),
// budget.js (the budget field and each model's default),
// progress.js (bar, MAE chart, replay of the best candidate), results.js
// (the result tables and exports), text.js (number formats), run.js (a fit
// run: the workers and their messages); this file builds the side panel and
// wires them.
import { MODELS, NATIVE, isNative, modelOf, modelValue } from '../../fitModels.js';
import { stateChoice, stateFlag } from '../../refusal.js';
import { t, tParam, tCore } from '../../i18n/index.js';
import { viewLayout, messageBox } from '../../layout.js';
import { numberControl, choiceControl, toggleControl } from '../../controls.js';
import { budgetField } from './budget.js';
import { dropZone, sampleFile, readChecked } from '../../dropZone.js';
import { el, symbolNodes } from '../../dom.js';
import { logsList } from './logs.js';
import { searchSpace } from './space.js';
import { resultsSection } from './results.js';
import { fitRun } from './run.js';
import { progressSection } from './progress.js';
import { kept, watchExports, shownResult, clearLogs } from './store.js';
import { readFrom } from '../../servoFile.js';

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

  // ---------------------------------------------------------------- side
  const drop = el('div', { id: 'fit-drop', className: 'drop-zone' });
  const hint = el('span', {}, t('fit.drop.hint'));
  const file = el('input', { type: 'file', accept: '.json,application/json', multiple: true, id: 'fit-file' });
  file.setAttribute('aria-label', t('fit.file.aria'));
  drop.append(hint, el('label', { className: 'file-pick' }, t('fit.file.pick'), file));
  const err = messageBox();
  err.id = 'fit-error';
  // a refusal of Fit / Fit all is shown under those buttons, where the eye is
  const runErr = messageBox();
  runErr.id = 'fit-run-error';
  const warn = el('div', { className: 'msg-warn', id: 'fit-warning', role: 'status', hidden: true });
  // the core's warning when every training log has one mass and length
  // (fric_fit_rig_caution, the line `friction fit` prints on stderr)
  // (the core's words: English in every language, marked so)
  const rigWarn = el('p', { className: 'msg-warn', id: 'fit-rig-warning', role: 'status', hidden: true });
  const clearBtn = el('button', { type: 'button', id: 'fit-clear' }, t('fit.clear'));
  clearBtn.title = t('fit.clear.title');
  side.append(drop, clearBtn, err, warn);

  const actCtl = choiceControl({ label: t('fit.actuator'), value: actuator,
    choices: fitActuators.map((a) => ({ value: a })), onChange: (v) => { const from = actuator; actuator = v; const dropped = spaceUi.dropEdits(from); save(); spaceUi.renderBounds(); spaceUi.say(dropped); } });
  const modelCtl = choiceControl({ label: t('fit.model'), value: modelValue(model),
    choices: MODELS.map((k) => (isNative(k) ? { value: NATIVE, label: t('fit.model.native') }
      : { value: `m${k}`, label: t('fit.model.choice', { k, n: core.fit.space(actuator, k).free.filter(Boolean).length }) })),
    onChange: (v) => { model = modelOf(v); save(); spaceUi.renderBounds(); budgetUi.onModel(model); renderRig(); renderInteg(); } });
  const holdCtl = choiceControl({ label: t('fit.hold'), value: 'none', choices: [{ value: 'none', label: t('fit.hold.ticked') }],
    help: t('fit.hold.help'), onChange: (v) => { holdout = v; logsUi.applyHoldout(); save(); } });
  const integCtl = choiceControl({ label: t('fit.integ'), value: integrator,
    choices: integ.choices.map((c, k) => ({ value: c, label: c === integ.choices[0] ? t('fit.integ.default', { c }) : c, help: integ.choiceHelp?.[k] && tParam('bench', 'integrator', `choice.${c}`, integ.choiceHelp[k]) })),
    help: t('fit.integ.help'),
    onChange: (v) => { integrator = v; renderInteg(); save(); } });
  integCtl.el.id = 'fit-integrator';
  // the treatment each integrator fits (the core's fric_bench_integrator_treatments)
  const TREATMENT_NOTE = { bam: 'fit.integ.treatment.bam', mujoco: 'fit.integ.treatment.mujoco' };
  const integNote = el('p', { className: 'note', id: 'fit-integrator-treatment' });
  /** The integrator control and its note: for the native model alone the
   *  integrator is MuJoCo's own Euler by definition (fric_native.h; the
   *  native fit takes none), so the control is disabled and the note says
   *  so; the choice is kept for the M-models. */
  function renderInteg() {
    const native = isNative(model);
    integCtl.el.querySelector('select').disabled = native;
    integCtl.el.classList.toggle('disabled', native);
    integNote.dataset.integrator = native ? NATIVE : integrator;
    integNote.textContent = t(native ? 'fit.integ.native' : TREATMENT_NOTE[integrator]);
  }
  renderInteg();
  const budgetUi = budgetField({ core, state, model, save });
  const budgetCtl = budgetUi.ctl;
  const seedCtl = numberControl({ label: t('fit.seed'), min: 0, max: 2 ** 31, value: seed, integer: true, sliderMin: 0, sliderMax: 100,
    help: t('fit.seed.help'), onInput: (v) => { seed = v; save(); } });
  const fitBtn = el('button', { type: 'button', id: 'fit-run', className: 'primary' }, t('fit.run'));
  const allBtn = el('button', { type: 'button', id: 'fit-all' }, t('fit.all'));
  allBtn.title = t('fit.all.title');
  const cancelBtn = el('button', { type: 'button', id: 'fit-cancel', disabled: true }, t('fit.cancel'));
  const allNativeCtl = toggleControl({ label: t('fit.all.native'), value: allNative, onChange: (v) => { allNative = v; save(); } });
  allNativeCtl.el.id = 'fit-all-native';
  // the params-file door (`friction fit --from`, web/src/servoFile.js): the fit starts from a file
  const fromFile = el('input', { type: 'file', accept: '.json,application/json', id: 'fit-from' });
  fromFile.setAttribute('aria-label', t('fit.from.aria'));
  const fromNote = el('span', { className: 'note', id: 'fit-from-note', role: 'status' });
  const fromClear = el('button', { type: 'button', id: 'fit-from-clear', hidden: true }, t('fit.from.clear'));
  fromClear.setAttribute('aria-label', t('fit.from.clear.aria'));
  const fromRow = el('div', { className: 'row fit-from' },
    el('label', { className: 'file-pick', title: t('fit.from.title') }, t('fit.from.pick'), fromFile), fromNote, fromClear);
  side.append(el('h3', {}, t('fit.head')), actCtl.el, modelCtl.el, fromRow, integCtl.el, integNote, holdCtl.el, budgetCtl.el, budgetUi.note, seedCtl.el,
    el('div', { className: 'row', role: 'toolbar', 'aria-label': t('fit.toolbar.aria') }, fitBtn, allBtn, cancelBtn), allNativeCtl.el, runErr, rigWarn);

  /** Takes from (servoFile.js readFrom's) as the starting point: its actuator and
   *  model chosen, as a log's motor chooses the actuator; refused (a
   *  sentence returned) when the logs are of another actuator. */
  function takeFrom(from) {
    const have = logs.find((l) => l.actuator);
    if (have && have.actuator !== from.actuator) return t('fit.from.actuator', { name: from.name, file: from.actuator, act: have.actuator });
    kept.from = from;
    lostFrom = null;
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
    spaceUi.say(dropped);
    renderRig();
    renderFrom();
    return null;
  }
  // the starting file's name is in the URL (fit.from): Back, Forward and a
  // tab switch find the file kept (store.js) under it; a reload or a shared
  // link cannot bring a file back (the page never keeps one), so its name
  // and one sentence are shown instead, and the fit starts from the defaults
  let lostFrom = null;
  const named = state.get('from', null);
  if (named !== (kept.from?.name ?? null)) {
    kept.from = null;
    lostFrom = named;
  }
  function renderFrom() {
    const f = kept.from;
    fromNote.textContent = f ? [t('fit.from.is', { name: f.name, act: f.actuator, model: f.model }), ...f.warnings].join(' ')
      : lostFrom ? t('fit.from.lost', { name: lostFrom }) : '';
    fromClear.hidden = !f && !lostFrom;
  }
  renderFrom();
  fromFile.addEventListener('change', async () => {
    const f = fromFile.files[0];
    fromFile.value = '';
    if (!f) return;
    err.hidden = true;
    try {
      const refused = takeFrom(readFrom(core, f.name, await readChecked(core, f, 'params')));
      if (refused) throw new Error(refused);
    } catch (e) {
      err.textContent = e.message;
      err.hidden = false;
    }
  });
  fromClear.addEventListener('click', () => { kept.from = null; lostFrom = null; renderFrom(); save(); });

  function save() {
    state.set({ actuator, model: modelValue(model), budget: budgetUi.value, seed, holdout, allnative: allNative ? '1' : null, space: spaceUi.spaceText() || null,
      integrator: integrator === integ.choices[0] ? null : integrator, from: kept.from?.name ?? lostFrom });
  }


  // ----------------------------------------------------------- logs list (logs.js)
  // the logs and the search space fold away while a fit runs (they are locked
  // then), so that its progress and charts are in view; they unfold after it
  const logsUi = logsList(charts, { core, logs, fitActuators, holdCtl, actCtl, err, warn, st, save,
    on: { renderBounds: () => spaceUi.renderBounds(), dropEdits: (from) => spaceUi.dropEdits(from), renderOverlayChoices: () => { renderOverlayChoices(); renderRig(); }, takeFrom } });
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
  function setRunning(on) {
    fitBtn.disabled = on;
    allBtn.disabled = on;
    cancelBtn.disabled = !on;
    actCtl.setDisabled(on);
    modelCtl.setDisabled(on);
    integCtl.setDisabled(on);
    holdCtl.setDisabled(on);
    budgetCtl.setDisabled(on);
    seedCtl.setDisabled(on);
    allNativeCtl.input.disabled = on;
    fromFile.disabled = on;
    fromClear.disabled = on;
    drop.classList.toggle('disabled', on);
    if (on) container.dataset.fit = 'running';
    logsUi.lockLogs();
    spaceUi.table.querySelectorAll('input').forEach((x) => { x.disabled = on; });
  }

  /** The one-rig-setup warning of the model chosen on the training logs
   *  (core.fit.rigCaution), shown under the Fit buttons before a fit. */
  function renderRig() {
    let text = null;
    try {
      if (logs.length && !isNative(model)) text = core.fit.rigCaution(logs.map((l) => l.log), logs.map((l) => l.name), logs.map((l) => l.valid), model);
      // the core's sentence in the page's language (English, marked so, when the table has none)
      const shown = text ? tCore({ message: text, ...core.sentence() }) : null;
      if (shown === text && text) rigWarn.lang = 'en'; else rigWarn.removeAttribute('lang');
      text = shown;
    } catch { /* a refused log is said by the logs list */ }
    rigWarn.replaceChildren(...symbolNodes(text || ''));
    rigWarn.hidden = !text;
  }

  fitBtn.addEventListener('click', () => start(false));
  allBtn.addEventListener('click', () => start(true));
  cancelBtn.addEventListener('click', () => {
    if (!job) return;
    stopWorkers();
    setRunning(false);
    container.dataset.fit = 'cancelled';
    progText.textContent = (progText.dataset.done ?? progText.textContent) + t('fit.cancelled');
  });

  renderFrom();
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
