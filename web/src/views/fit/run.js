// fit/run.js: a fit run of the Fit view (index.js): the coordinator worker
// (workers/fitCoordinator.js) and N = navigator.hardwareConcurrency
// evaluation workers (workers/fitEval.js) created and wired with
// MessageChannels, the training batch sent, then the coordinator's messages
// drawn: the progress bar and line, the best-so-far MAE per generation (the
// chart redrawn at most every CHART_MS), the best candidate's replay
// (progress.js), each model's result (results.js, with the core's caution);
// a failure or Cancel terminates every worker. Live workers are a test hook
// (window.__fx.fit.workers: the e2e test counts them after Cancel).
import { t, tCore } from '../../i18n/index.js';
import { COLORS } from '../../charts.js';
import { hook } from '../../testHooks.js';
import { fmtMae, fmtTime } from './text.js';
import { newResults } from './store.js';
import { fromStart } from '../../servoFile.js';
import { MODELS, isNative, modelName } from '../../fitModels.js';
import { startWorker } from '../../offline.js';

/** Where the search stands (the core's fric_fit_progress_phase: "first run",
 *  "restart 2", …) in the page's language: its parts, each a sentence of
 *  the core (fric_fit_progress_phase_part), joined as the core joins them. */
const phaseText = (m) => (m.phaseParts?.length ? m.phaseParts.map(tCore).join(', ') : m.phase);

const CHART_MS = 200;          // the MAE chart is redrawn at most this often while fitting

/** Live fit workers (a test hook, window.__fx.fit.workers: the e2e test counts them after Cancel). */
const live = hook('fit', 'workers', new Set());

/**
 * The run of the view: start(chain) fits the model chosen (or, chain, M1–M6
 * in turn), stopWorkers() ends a run, fail(message) ends it saying why.
 * st: the view's state (index.js: actuator, model, integrator, seed, and the
 * job and results this file sets); the role files' parts it drives (logs.js,
 * space.js, budget.js, progress.js, results.js); setRunning(on) locks the
 * side panel; err, runErr: the view's message boxes.
 */
export function fitRun({ core, container, logs, st, logsUi, spaceUi, budgetUi, prog, res, setRunning, err, runErr }) {
  const { progBox, bar, progText, maeChart, overlaySel, drawTrace } = prog;

  function stopWorkers() {
    if (!st.job) return;
    st.job.folded.forEach((d) => { d.open = true; });
    st.job.workers.forEach((w) => { w.terminate(); live.delete(w); });
    st.job = null;
  }

  function fail(message) {
    stopWorkers();
    setRunning(false);
    container.dataset.fit = 'failed';
    runErr.textContent = message;
    runErr.hidden = false;
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
    const models = chain ? MODELS.filter((k) => st.allNative || !isNative(k)) : [st.model];
    // a params file to start from (`friction fit --from`, web/src/servoFile.js): one model
    // only, of the fit's actuator, of its model or one it contains
    let start = null;
    if (st.from) {
      if (chain) { fail(t('fit.from.all')); return; }
      if (isNative(st.model)) { fail(t('fit.from.native')); return; }
      try {
        start = fromStart(core, st.from, st.actuator, st.model);
      } catch (e) {
        fail(e.message);
        return;
      }
    }
    let runs;
    try {
      runs = models.map((k) => {
        // the native model is fitted in its actuator's default box (fric_native_fit_space_default)
        if (isNative(k)) return { model: k, budget: budgetUi.of(k) };
        const space = spaceUi.spaceOf(k);
        const problem = core.fit.spaceProblem(k, space);
        if (problem) throw new Error(`M${k}: ${problem.message}`);
        return { model: k, budget: budgetUi.of(k), space: { lo: Array.from(space.lo), hi: Array.from(space.hi), free: space.free, value: Array.from(space.value) },
          ...(start ? { start } : {}) };
      });
    } catch (e) {
      fail(t('fit.space.bad', { message: e.message }));
      return;
    }
    const W = Math.max(1, Math.min(64, navigator.hardwareConcurrency || 2));
    const texts = logs.map((l) => l.text), names = logs.map((l) => l.name);
    const coordinator = startWorker('fitCoordinator.worker.js', { type: 'module' });
    const workers = [coordinator];
    const ports = [];
    for (let k = 0; k < W; k++) {
      const w = startWorker('fitEval.worker.js', { type: 'module' });
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
    st.job = { folded, workers, coordinator, chain, t0: performance.now(), runs: models, nTrain: train.length, nValid: valid.length, W,
      // what a result's sensitivity ranges are computed on: its search space and training logs
      spaces: Object.fromEntries(runs.map((x) => [x.model, x.space ?? null])), trainNames: train.map((i) => names[i]),
      validNames: valid.map((i) => names[i]),
      // the starting file's name and the keys it carries (written back in the result's file)
      fromName: start ? st.from.name : null, carry: start ? st.from.carry : [] };
    st.results = newResults();
    res.resBox.hidden = true;
    res.allBox.hidden = true;
    res.bars.box.hidden = true;
    prog.lastBest = null;
    maeChart.chart.data.datasets = [];
    maeChart.update();
    bar.value = 0;
    delete progText.dataset.evals;
    delete progText.dataset.done;
    delete progText.dataset.best;
    progText.textContent = W > 1 ? t('fit.starting', { n: W }) : t('fit.starting.one');
    container.dataset.workers = String(W);
    setRunning(true);
    progBox.scrollIntoView({ block: 'nearest' });
    const thisJob = st.job;
    // the chart is redrawn at most every CHART_MS (a frame of the page stays short)
    let chartQueued = false, chartAt = 0;
    const queueChart = () => {
      if (chartQueued) return;
      chartQueued = true;
      setTimeout(() => requestAnimationFrame(() => {
        chartQueued = false;
        chartAt = performance.now();
        if (st.job === thisJob) maeChart.update();
      }), Math.max(0, CHART_MS - (performance.now() - chartAt)));
    };
    coordinator.onmessage = (e) => {
      if (st.job !== thisJob) return;
      const m = e.data;
      if (m.type === 'ready') {
        container.dataset.readySeconds = String((performance.now() - st.job.t0) / 1000);
        progText.textContent = t('fit.ready', { workers: m.workers, n: train.length, steps: m.steps });
      } else if (m.type === 'progress') {
        const idx = st.job.runs.indexOf(m.model);
        bar.value = (idx + Math.min(1, m.evals / m.budget)) / st.job.runs.length;
        const elapsed = (performance.now() - st.job.t0) / 1000;
        const frac = bar.value;
        const eta = frac > 0.02 ? elapsed * (1 - frac) / frac : NaN;
        const line = (left) => t('fit.progress', { model: modelName(m.model), of: st.job.runs.length > 1 ? t('fit.progress.of', { i: idx + 1, n: st.job.runs.length }) : '',
          evals: m.evals, budget: m.budget, gen: m.generation, phase: phaseText(m), lambda: m.lambda, mae: fmtMae(m.bestLoss),
          elapsed: fmtTime(elapsed), left });
        progText.textContent = line(Number.isFinite(eta) ? t('fit.progress.left', { t: fmtTime(eta) }) : '');
        // the line without the time left: what a Cancel keeps (fit/index.js)
        progText.dataset.done = line('');
        progText.dataset.evals = String(m.evals);
        progText.dataset.best = String(m.bestLoss);
        let ds = maeChart.chart.data.datasets.find((d) => d.model === m.model);
        if (!ds) {
          ds = { label: modelName(m.model), model: m.model, data: [], borderColor: COLORS[(isNative(m.model) ? 6 : m.model - 1) % COLORS.length] };
          maeChart.chart.data.datasets.push(ds);
        }
        if (Number.isFinite(m.bestLoss)) ds.data.push({ x: m.generation, y: m.bestLoss });
        queueChart();
        if (Number.isFinite(m.bestLoss)) prog.lastBest = { p: m.best, model: m.model, loss: m.bestLoss, integrator: st.integrator };
      } else if (m.type === 'trace') {
        drawTrace(m);
      } else if (m.type === 'model-done') {
        maeChart.update();
        const r = { ...m, actuator: st.actuator, nTrain: st.job.nTrain, nValid: st.job.nValid, caution: isNative(m.model) ? null : caution(m),
          space: st.job.spaces[m.model], trainNames: st.job.trainNames, validNames: st.job.validNames, fromName: st.job.fromName, carry: st.job.carry };
        st.results.push(r);
        prog.lastBest = { p: m.best, model: m.model, loss: m.train, integrator: m.integrator };
        if (!st.job.chain) res.showResult(r);
        res.renderAll();
      } else if (m.type === 'done') {
        const seconds = (performance.now() - st.job.t0) / 1000;
        bar.value = 1;
        const last = st.results[st.results.length - 1];
        // the native fit runs in the coordinator alone (fitCoordinator.js runNative): no evaluation workers to name
        const allNative = st.results.every((r) => isNative(r.model));
        progText.textContent = t(allNative ? 'fit.done.native' : 'fit.done', { what: st.results.length > 1 ? t('fit.done.models', { n: st.results.length }) : modelName(last.model),
          time: fmtTime(seconds), w: st.job.W, evals: st.results.reduce((n, r) => n + r.evals, 0) });
        container.dataset.seconds = String(seconds);
        container.dataset.evalSeconds = String(m.evalSeconds);
        container.dataset.workerSeconds = String(m.seconds);
        const { chain: wasChain } = st.job;
        stopWorkers();
        setRunning(false);
        container.dataset.fit = 'done';
        if (wasChain) {
          const best = st.results.filter((r) => Number.isFinite(r.valid)).reduce((a, b) => (!a || b.valid < a.valid ? b : a), null);
          res.showResult(best || st.results[st.results.length - 1], best
            ? t('fit.shown.best', { model: modelName(best.model), n: st.results.length, mae: fmtMae(best.valid) })
            : t('fit.shown.last', { model: modelName(st.results[st.results.length - 1].model) }));
        }
      } else if (m.type === 'failed') {
        fail(t('fit.stopped', { message: m.message }));
      }
    };
    coordinator.postMessage({ type: 'start', ports, logs: texts, sources: names, train, valid, actuator: st.actuator, integrator: st.integrator, runs, seed: st.seed, chain,
      overlay: Math.max(0, Number(overlaySel.value) || 0) }, ports);
  }

  return { start, stopWorkers, fail };
}
