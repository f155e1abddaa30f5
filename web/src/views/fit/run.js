// fit/run.js: a fit run of the Fit view (index.js): the coordinator worker
// (workers/fitCoordinator.js) and N = navigator.hardwareConcurrency
// evaluation workers (workers/fitEval.js) created and wired with
// MessageChannels, the training batch sent, then the coordinator's messages
// drawn (messages.js); a failure or Cancel terminates every worker. Live
// workers are a test hook (window.__fx.fit.workers: the e2e test counts them
// after Cancel).
import { t } from '../../i18n/index.js';
import { hook } from '../../testHooks.js';
import { newResults } from './store.js';
import { fromStart } from '../../servoFile.js';
import { MODELS, isNative } from '../../fitModels.js';
import { startWorker } from '../../offline.js';
import { coordinatorMessages } from './messages.js';

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
  const { progBox, bar, progText, maeChart, overlaySel } = prog;

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
    coordinator.onmessage = coordinatorMessages({ st, prog, res, container, caution, stopWorkers, setRunning, fail }, st.job, train.length);
    coordinator.postMessage({ type: 'start', ports, logs: texts, sources: names, train, valid, actuator: st.actuator, integrator: st.integrator, runs, seed: st.seed, chain,
      overlay: Math.max(0, Number(overlaySel.value) || 0) }, ports);
  }

  return { start, stopWorkers, fail };
}
