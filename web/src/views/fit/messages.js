// fit/messages.js: the coordinator's messages of a fit run (run.js) drawn:
// the progress bar and line, the best-so-far MAE per generation (the chart
// redrawn at most every CHART_MS), the best candidate's replay (progress.js),
// each model's result (results.js, with the core's caution), the end of the
// run and a failure.
import { t, tCore } from '../../i18n/index.js';
import { COLORS } from '../../charts.js';
import { fmtMae, fmtTime } from './text.js';
import { isNative, modelName } from '../../fitModels.js';

/** Where the search stands (the core's fric_fit_progress_phase: "first run",
 *  "restart 2", …) in the page's language: its parts, each a sentence of
 *  the core (fric_fit_progress_phase_part), joined as the core joins them. */
const phaseText = (m) => (m.phaseParts?.length ? m.phaseParts.map(tCore).join(', ') : m.phase);

const CHART_MS = 200;          // the MAE chart is redrawn at most this often while fitting

/** The coordinator's onmessage for the job thisJob (st.job when it started)
 *  on nTrain training logs; a message of another job is left alone. The run's
 *  parts (run.js): st the view's state, prog (progress.js), res
 *  (results.js), container (the view's dataset), caution(m) (the core's
 *  caution on a model), stopWorkers(), setRunning(on), fail(message). */
export function coordinatorMessages({ st, prog, res, container, caution, stopWorkers, setRunning, fail }, thisJob, nTrain) {
  const { bar, progText, maeChart, drawTrace } = prog;
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
  return (e) => {
    if (st.job !== thisJob) return;
    const m = e.data;
    if (m.type === 'ready') {
      container.dataset.readySeconds = String((performance.now() - st.job.t0) / 1000);
      progText.textContent = t('fit.ready', { workers: m.workers, n: nTrain, steps: m.steps });
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
}
