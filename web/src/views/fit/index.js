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
// (the result tables and exports), text.js (number formats); this file
// builds the side panel and runs the fit.
import { t, tParam } from '../../i18n/index.js';
import { viewLayout, messageBox } from '../../layout.js';
import { numberControl, choiceControl } from '../../controls.js';
import { budgetField } from './budget.js';
import { COLORS } from '../../charts.js';
import { dropZone, sampleFile } from '../../dropZone.js';
import { el } from '../../dom.js';
import { hook } from '../../testHooks.js';
import { fmtMae, fmtTime } from './text.js';
import { logsList } from './logs.js';
import { searchSpace } from './space.js';
import { resultsSection } from './results.js';
import { progressSection } from './progress.js';
import { kept, newResults, watchExports, shownResult, clearLogs } from './store.js';

// The steps run on the bundled sample (samples/, simulated by the core with the
// published XL330 M6 preset): each step's Set up loads it when no log is
// present (the URL key `sample`) and sets the controls; the numbers quoted are
// those of `friction fit … samples/xl330-sin_sin-simulated.json` at the same
// model, budget and seed (tests/web/e2e.d/lessons-fit.mjs follows the steps in
// order and checks each against the CLI).
const SAMPLE_STEP = { sample: 1, actuator: 'xl330', seed: 1, holdout: 'none' };
export const LESSON = {
  notice: t('fit.lesson.notice'),
  tryThis: [
    { text: t('fit.lesson.step1'), setup: { ...SAMPLE_STEP, model: 'm1', budget: 1000 } },
    { text: t('fit.lesson.step2'), setup: { ...SAMPLE_STEP, model: 'm4', budget: 2000 } },
    { text: t('fit.lesson.step3'), setup: { ...SAMPLE_STEP, model: 'm6', budget: 1000 } },
    { text: t('fit.lesson.step4'), setup: { ...SAMPLE_STEP, model: 'm1', budget: 1000 } },
    { text: t('fit.lesson.step5'), setup: { ...SAMPLE_STEP, model: 'm1', budget: 1000 } },
  ],
};

const CHART_MS = 200;          // the MAE chart is redrawn at most this often while fitting

/** Live fit workers (a test hook, window.__fx.fit.workers: the e2e test counts them after Cancel). */
const live = hook('fit', 'workers', new Set());

export function mount(container, { core, state }) {
  const bench = core.scenario.find('bench');
  const actuators = bench.params.find((p) => p.name === 'actuator').choices;
  const presets = core.bench.presets();
  const keys = core.fit.paramKeys();
  const fitActuators = actuators.filter((a) => presets.some((p) => p.actuator === a));

  let actuator = state.get('actuator', 'xl330');
  if (!fitActuators.includes(actuator)) actuator = fitActuators[0];
  let model = Number(String(state.get('model', 'm4')).replace(/^m/, ''));
  if (!(model >= 1 && model <= 6)) model = 4;
  let seed = state.getNumber('seed', 1);
  let holdout = state.get('holdout', 'none');
  // the position update the fit replays with (the bench's integrator choice,
  // fric_bench_integrator): bam the reference's, mujoco MuJoCo's Euler
  const integ = bench.params.find((p) => p.name === 'integrator');
  let integrator = state.get('integrator', integ.choices[0]);
  if (!integ.choices.includes(integrator)) integrator = integ.choices[0];
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
    get job() { return job; },
    get results() { return results; },
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
  const rigWarn = el('p', { className: 'msg-warn', id: 'fit-rig-warning', role: 'status', hidden: true, lang: 'en' });
  const clearBtn = el('button', { type: 'button', id: 'fit-clear' }, t('fit.clear'));
  clearBtn.title = t('fit.clear.title');
  side.append(drop, clearBtn, err, warn);

  const actCtl = choiceControl({ label: t('fit.actuator'), value: actuator,
    choices: fitActuators.map((a) => ({ value: a })), onChange: (v) => { actuator = v; save(); spaceUi.renderBounds(); } });
  const modelCtl = choiceControl({ label: t('fit.model'), value: `m${model}`,
    choices: [1, 2, 3, 4, 5, 6].map((k) => ({ value: `m${k}`, label: t('fit.model.choice', { k, n: core.fit.space(actuator, k).free.filter(Boolean).length }) })),
    onChange: (v) => { model = Number(v.slice(1)); save(); spaceUi.renderBounds(); budgetUi.onModel(model); renderRig(); } });
  const holdCtl = choiceControl({ label: t('fit.hold'), value: 'none', choices: [{ value: 'none', label: t('fit.hold.ticked') }],
    help: t('fit.hold.help'), onChange: (v) => { holdout = v; logsUi.applyHoldout(); save(); } });
  const integCtl = choiceControl({ label: t('fit.integ'), value: integrator,
    choices: integ.choices.map((c, k) => ({ value: c, label: c === integ.choices[0] ? t('fit.integ.default', { c }) : c, help: integ.choiceHelp?.[k] && tParam('bench', 'integrator', `choice.${c}`, integ.choiceHelp[k]) })),
    help: t('fit.integ.help'),
    onChange: (v) => { integrator = v; save(); } });
  integCtl.el.id = 'fit-integrator';
  const budgetUi = budgetField({ core, state, model, save });
  const budgetCtl = budgetUi.ctl;
  const seedCtl = numberControl({ label: t('fit.seed'), min: 0, max: 2 ** 31, value: seed, integer: true, sliderMin: 0, sliderMax: 100,
    help: t('fit.seed.help'), onInput: (v) => { seed = v; save(); } });
  const fitBtn = el('button', { type: 'button', id: 'fit-run', className: 'primary' }, t('fit.run'));
  const allBtn = el('button', { type: 'button', id: 'fit-all' }, t('fit.all'));
  allBtn.title = t('fit.all.title');
  const cancelBtn = el('button', { type: 'button', id: 'fit-cancel', disabled: true }, t('fit.cancel'));
  side.append(el('h3', {}, t('fit.head')), actCtl.el, modelCtl.el, integCtl.el, holdCtl.el, budgetCtl.el, budgetUi.note, seedCtl.el,
    el('div', { className: 'row', role: 'toolbar', 'aria-label': t('fit.toolbar.aria') }, fitBtn, allBtn, cancelBtn), runErr, rigWarn);

  function save() {
    state.set({ actuator, model: `m${model}`, budget: budgetUi.value, seed, holdout, space: spaceUi.spaceText() || null,
      integrator: integrator === integ.choices[0] ? null : integrator });
  }


  // ----------------------------------------------------------- logs list (logs.js)
  // the logs and the search space fold away while a fit runs (they are locked
  // then), so that its progress and charts are in view; they unfold after it
  const logsUi = logsList(charts, { core, logs, fitActuators, holdCtl, actCtl, err, warn, st, save,
    on: { renderBounds: () => spaceUi.renderBounds(), renderOverlayChoices: () => { renderOverlayChoices(); renderRig(); } } });
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
  const { progBox, bar, progText, maeChart, overlay, overlaySel, renderOverlayChoices, drawTrace } = prog;

  // ------------------------------------------------------------- results (results.js)
  const res = resultsSection(charts, { core, keys, presets, st, logs });
  // ----------------------------------------------------------------- run
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
    drop.classList.toggle('disabled', on);
    if (on) container.dataset.fit = 'running';
    logsUi.lockLogs();
    spaceUi.table.querySelectorAll('input').forEach((x) => { x.disabled = on; });
  }

  function stopWorkers() {
    if (!job) return;
    job.folded.forEach((d) => { d.open = true; });
    job.workers.forEach((w) => { w.terminate(); live.delete(w); });
    job = null;
  }

  function fail(message) {
    stopWorkers();
    setRunning(false);
    container.dataset.fit = 'failed';
    runErr.textContent = message;
    runErr.hidden = false;
  }

  /** The one-rig-setup warning of the model chosen on the training logs
   *  (core.fit.rigCaution), shown under the Fit buttons before a fit. */
  function renderRig() {
    let text = null;
    try {
      if (logs.length) text = core.fit.rigCaution(logs.map((l) => l.log), logs.map((l) => l.name), logs.map((l) => l.valid), model);
    } catch { /* a refused log is said by the logs list */ }
    rigWarn.textContent = text || '';
    rigWarn.hidden = !text;
  }

  /** The core's caution on a finished model (fric_fit_caution, the line
   *  `friction fit` prints under its table), or null. */
  function caution(m) {
    try {
      return core.fit.caution(logs.map((l) => l.log), logs.map((l) => l.name), logs.map((l) => l.valid), m.train, m.valid);
    } catch { return null; }
  }

  function start(chain) {
    err.hidden = true;
    runErr.hidden = true;
    if (!logs.length) { fail(t('fit.noLogs')); return; }
    const train = [], valid = [];
    logs.forEach((l, i) => (l.valid ? valid : train).push(i));
    if (!train.length) {
      fail(t('fit.allValid', { n: logs.length }));
      return;
    }
    const models = chain ? [1, 2, 3, 4, 5, 6] : [model];
    let runs;
    try {
      runs = models.map((k) => {
        const space = spaceUi.spaceOf(k);
        const problem = core.fit.spaceProblem(k, space);
        if (problem) throw new Error(`M${k}: ${problem.message}`);
        return { model: k, budget: budgetUi.of(k), space: { lo: Array.from(space.lo), hi: Array.from(space.hi), free: space.free, value: Array.from(space.value) } };
      });
    } catch (e) {
      fail(t('fit.space.bad', { message: e.message }));
      return;
    }
    const W = Math.max(1, Math.min(64, navigator.hardwareConcurrency || 2));
    const texts = logs.map((l) => l.text), names = logs.map((l) => l.name);
    const coordinator = new Worker('fitCoordinator.worker.js', { type: 'module' });
    const workers = [coordinator];
    const ports = [];
    for (let k = 0; k < W; k++) {
      const w = new Worker('fitEval.worker.js', { type: 'module' });
      workers.push(w);
      const ch = new MessageChannel();
      w.postMessage({ type: 'init', port: ch.port1, logs: train.map((i) => texts[i]), sources: train.map((i) => names[i]) }, [ch.port1]);
      ports.push(ch.port2);
    }
    workers.forEach((w) => {
      live.add(w);
      w.onerror = (e) => fail(t('fit.worker.failed', { message: e.message || t('fit.noMessage') }));
    });
    const folded = [logsUi.box, spaceUi.box].filter((d) => d.open);
    folded.forEach((d) => { d.open = false; });
    job = { folded, workers, coordinator, chain, t0: performance.now(), runs: models, nTrain: train.length, nValid: valid.length, W,
      // what a result's sensitivity ranges are computed on: its search space and training logs
      spaces: Object.fromEntries(runs.map((x) => [x.model, x.space])), trainNames: train.map((i) => names[i]) };
    results = newResults();
    res.resBox.hidden = true;
    res.allBox.hidden = true;
    res.bars.box.hidden = true;
    prog.lastBest = null;
    maeChart.chart.data.datasets = [];
    maeChart.update();
    bar.value = 0;
    delete progText.dataset.evals;
    delete progText.dataset.best;
    progText.textContent = W > 1 ? t('fit.starting', { n: W }) : t('fit.starting.one');
    container.dataset.workers = String(W);
    setRunning(true);
    progBox.scrollIntoView({ block: 'nearest' });
    const thisJob = job;
    // the chart is redrawn at most every CHART_MS (a frame of the page stays short)
    let chartQueued = false, chartAt = 0;
    const queueChart = () => {
      if (chartQueued) return;
      chartQueued = true;
      setTimeout(() => requestAnimationFrame(() => {
        chartQueued = false;
        chartAt = performance.now();
        if (job === thisJob) maeChart.update();
      }), Math.max(0, CHART_MS - (performance.now() - chartAt)));
    };
    coordinator.onmessage = (e) => {
      if (job !== thisJob) return;
      const m = e.data;
      if (m.type === 'ready') {
        container.dataset.readySeconds = String((performance.now() - job.t0) / 1000);
        progText.textContent = t('fit.ready', { workers: m.workers, n: train.length, steps: m.steps });
      } else if (m.type === 'progress') {
        const idx = job.runs.indexOf(m.model);
        bar.value = (idx + Math.min(1, m.evals / m.budget)) / job.runs.length;
        const elapsed = (performance.now() - job.t0) / 1000;
        const frac = bar.value;
        const eta = frac > 0.02 ? elapsed * (1 - frac) / frac : NaN;
        progText.textContent = t('fit.progress', { model: m.model, of: job.runs.length > 1 ? t('fit.progress.of', { i: idx + 1, n: job.runs.length }) : '',
          evals: m.evals, budget: m.budget, gen: m.generation, phase: m.phase, lambda: m.lambda, mae: fmtMae(m.bestLoss),
          elapsed: fmtTime(elapsed), left: Number.isFinite(eta) ? t('fit.progress.left', { t: fmtTime(eta) }) : '' });
        progText.dataset.evals = String(m.evals);
        progText.dataset.best = String(m.bestLoss);
        let ds = maeChart.chart.data.datasets.find((d) => d.model === m.model);
        if (!ds) {
          ds = { label: `M${m.model}`, model: m.model, data: [], borderColor: COLORS[(m.model - 1) % COLORS.length] };
          maeChart.chart.data.datasets.push(ds);
        }
        if (Number.isFinite(m.bestLoss)) ds.data.push({ x: m.generation, y: m.bestLoss });
        queueChart();
        if (Number.isFinite(m.bestLoss)) prog.lastBest = { p: m.best, model: m.model, loss: m.bestLoss, integrator };
      } else if (m.type === 'trace') {
        drawTrace(m);
      } else if (m.type === 'model-done') {
        maeChart.update();
        const r = { ...m, actuator, nTrain: job.nTrain, nValid: job.nValid, caution: caution(m),
          space: job.spaces[m.model], trainNames: job.trainNames };
        results.push(r);
        prog.lastBest = { p: m.best, model: m.model, loss: m.train, integrator: m.integrator };
        if (!job.chain) res.showResult(r);
        res.renderAll();
      } else if (m.type === 'done') {
        const seconds = (performance.now() - job.t0) / 1000;
        bar.value = 1;
        const last = results[results.length - 1];
        progText.textContent = t('fit.done', { what: results.length > 1 ? t('fit.done.models', { n: results.length }) : `M${last.model}`,
          time: fmtTime(seconds), w: job.W, evals: results.reduce((n, r) => n + r.evals, 0) });
        container.dataset.seconds = String(seconds);
        container.dataset.evalSeconds = String(m.evalSeconds);
        container.dataset.workerSeconds = String(m.seconds);
        const { chain: wasChain } = job;
        stopWorkers();
        setRunning(false);
        container.dataset.fit = 'done';
        if (wasChain) {
          const best = results.filter((r) => Number.isFinite(r.valid)).reduce((a, b) => (!a || b.valid < a.valid ? b : a), null);
          res.showResult(best || results[results.length - 1], best
            ? t('fit.shown.best', { model: best.model, n: results.length, mae: fmtMae(best.valid) })
            : t('fit.shown.last', { model: results[results.length - 1].model }));
        }
      } else if (m.type === 'failed') {
        fail(t('fit.stopped', { message: m.message }));
      }
    };
    coordinator.postMessage({ type: 'start', ports, logs: texts, sources: names, train, valid, actuator, integrator, runs, seed, chain,
      overlay: Math.max(0, Number(overlaySel.value) || 0) }, ports);
  }

  fitBtn.addEventListener('click', () => start(false));
  allBtn.addEventListener('click', () => start(true));
  cancelBtn.addEventListener('click', () => {
    if (!job) return;
    stopWorkers();
    setRunning(false);
    container.dataset.fit = 'cancelled';
    progText.textContent += t('fit.cancelled');
  });

  logsUi.renderHoldChoices();
  // the search space of the URL (shared links keep the user's bounds)
  const badSpace = spaceUi.readSpace(state.get('space', ''));
  const spaceProblem = edits.size ? core.fit.spaceProblem(model, spaceUi.spaceOf(model)) : null;
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
