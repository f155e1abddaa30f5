// fitCoordinator.js (bundled to build/web/fitCoordinator.worker.js): runs a
// fit of the Fit view (web/src/views/fit/index.js) off the page's thread. It owns
// the ask/tell loop (core.fit.create, fric_fit.h, over its own wasm
// instance); each generation's candidates are split among the evaluation
// workers (fitEval.js, one per core, each with its own wasm instance and
// the training batch), their losses gathered in candidate order and told
// back. The result does not depend on how the candidates were split (the
// CMA-ES only sees the losses, in order). The workers score with the fast
// loss (the lane kernel, as the native fit does); the training MAE a model
// reports is its best candidate rescored here with the exact loss
// (fric_fit_loss, what `friction replay` scores), as fric_fit_run does.
//
// Messages in (from the page):
//   { type: 'start', ports: [MessagePort], logs: [text], sources: [name],
//     train: [index], valid: [index], actuator, integrator, runs: [{ model, budget, space, start? }],
//     seed, chain, overlay }
//       integrator: the bench's position update the loss replays with
//       ('bam' or 'mujoco', core INTEGRATORS); the preset is scored with it too
//       budget: the run's evaluations (the page's field, or the model's
//       default, fric_fit_default_budget)
//       overlay: the index of the log the best candidate is replayed on
//       runs: one model, or M1..M6 in order; chain: each run warm-started
//       from the fitted model of lowest training loss that it contains
//       (fric_fit_chain_start, the rule of `friction fit --model all`);
//       a run's start (a fit vector: a params file's, core.io.servoFile,
//       embedded in the run's model) is where it starts, as `friction fit
//       --from` (its 'model-done' says from −1)
// Messages out:
//   { type: 'ready', workers, steps }           the workers hold the batch
//   { type: 'progress', model, generation, run, phase, phaseParts, lambda, evals, budget,
//     bestLoss, genBestLoss, sigma, best, elapsed }     after every tell (the
//       native model's: after a generation of its stepped fit, run here, at
//       most every NATIVE_MS, and its first and last)
//   { type: 'trace', model, loss, index, t, logQ, goal, simQ, mae }   the best
//       candidate replayed on log `index` (core.bench.replay), when the best
//       improved, at most every TRACE_MS (and at the end of each model)
//   { type: 'model-done', model, best, train, integrator, valid, presetTrain,
//     presetValid, evals, generations, attempts, seconds, stop, from }
//       attempts: the fit's tries (fric_fit.h: 2 for M4-M6 at their default budget)
//   { type: 'done', seconds } | { type: 'failed', message }
//   { type: 'overlay', index }   (in) replay the best candidate on another log
// Cancel: the page terminates this worker and every evaluation worker.
import { CORE_WASM, coreFrom } from '../coreLoad.js';
import { isNative, fitNativeSteps, nativeBest, nativeResult, replayBest } from '../fitModels.js';

const TRACE_MS = 250;
// the native fit runs here, generation by generation (a generation takes
// about a millisecond on one log): it reports a generation at most every
// NATIVE_MS (and its first and last), so that the page's thread keeps up,
// and lets this worker's messages in (an overlay change) at each report
const NATIVE_MS = 30;
let overlay = 0, traceDue = true;

/** A turn of this worker's event loop (a message task, not a clamped timer). */
const yieldEvents = () => new Promise((resolve) => {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => { ch.port1.close(); resolve(); };
  ch.port2.postMessage(0);
});

async function loadCore() {
  const r = await fetch(CORE_WASM);
  if (!r.ok) throw new Error(`could not load ${CORE_WASM}: HTTP ${r.status}`);
  return coreFrom(CORE_WASM, new Uint8Array(await r.arrayBuffer()));
}

/** The evaluation workers behind their ports: ready() once every one holds
 *  the batch; losses(P, …) splits the candidates into contiguous chunks. */
function pool(ports, N) {
  const waiting = new Map();
  let next = 1, readyCount = 0, fail = null, onReady = null, evalMs = 0;
  ports.forEach((p) => {
    p.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'ready') {
        readyCount++;
        if (readyCount === ports.length && onReady) onReady.resolve(m.steps);
      } else if (m.type === 'losses') {
        evalMs += m.ms;
        const w = waiting.get(m.id);
        waiting.delete(m.id);
        if (w) w.resolve(m.losses);
      } else if (m.type === 'failed') {
        fail = new Error(m.message);
        if (onReady) onReady.reject(fail);
        const w = waiting.get(m.id);
        if (w) { waiting.delete(m.id); w.reject(fail); }
      }
    };
  });
  return {
    /** ms the evaluators spent on losses, summed over them */
    get evalMs() { return evalMs; },
    ready: () => new Promise((resolve, reject) => {
      if (fail) reject(fail);
      onReady = { resolve, reject };
    }),
    async losses(P, actuator, model, integrator) {
      const count = P.length / N, W = ports.length, jobs = [];
      for (let k = 0; k < W; k++) {
        const a = Math.floor((k * count) / W), b = Math.floor(((k + 1) * count) / W);
        if (b <= a) continue;
        const id = next++;
        const part = P.slice(a * N, b * N);
        jobs.push(new Promise((resolve, reject) => {
          waiting.set(id, { resolve, reject });
          ports[k].postMessage({ type: 'eval', id, actuator, model, integrator, P: part }, [part.buffer]);
        }).then((l) => ({ a, l })));
      }
      const out = new Float64Array(count);
      for (const { a, l } of await Promise.all(jobs)) out.set(l, a);
      return out;
    },
  };
}

async function run(m) {
  const t0 = performance.now();
  const core = await loadCore();
  const N = core.fit.paramKeys().length;
  const parsed = m.logs.map((t) => JSON.parse(t));
  const pick = (idx) => idx.map((i) => parsed[i]);
  const names = (idx) => idx.map((i) => m.sources[i]);
  const train = core.fit.batch(pick(m.train), names(m.train));
  const valid = m.valid.length ? core.fit.batch(pick(m.valid), names(m.valid)) : null;
  overlay = m.overlay;
  /** The best candidate replayed on the overlay log, for the page's chart. */
  const trace = (p, model, loss) => {
    traceDue = false;
    const log = parsed[overlay];
    if (!log) return;
    try {
      const r = replayBest(core, p, m.actuator, model, m.integrator, log, m.sources[overlay]);
      self.postMessage({ type: 'trace', model, loss, index: overlay, t: r.t, logQ: r.logQ, goal: r.goal, simQ: r.simQ, mae: r.mae },
        [r.t.buffer, r.logQ.buffer, r.goal.buffer, r.simQ.buffer]);
    } catch (err) {
      self.postMessage({ type: 'trace', model, loss, index: overlay, error: err.message });
    }
  };
  /** A tracer of one run: the best candidate replayed when it improved (or
   *  the overlay log changed), at most every TRACE_MS. */
  const tracer = () => {
    let traced = NaN, tracedAt = 0;
    return (p, model, loss) => {
      const now = performance.now();
      if ((traceDue || loss !== traced) && Number.isFinite(loss) && now - tracedAt >= TRACE_MS) {
        trace(p, model, loss);
        traced = loss;
        tracedAt = now;
      }
    };
  };
  const progress = (r, pr, best, t1) => self.postMessage({ type: 'progress', model: r.model, generation: pr.generation, run: pr.run,
    phase: pr.phase, phaseParts: pr.phaseParts, lambda: pr.lambda, evals: pr.evals, budget: pr.budget, bestLoss: pr.bestLoss, genBestLoss: pr.genBestLoss,
    sigma: pr.sigma, best, elapsed: (performance.now() - t1) / 1000 });
  /** The native model (fitNativeSteps: fric_native_fitter, the fit `friction
   *  fit --model native` runs, from its start, stepped here one generation
   *  at a time): a progress message per generation as the M-models' (at
   *  most every NATIVE_MS: the generations between are not sent), its
   *  training MAE the fit's loss (fric_native_loss, what `friction replay`
   *  of its file scores), its validation MAE on the same split. */
  const runNative = async (r, t1) => {
    const traceIf = tracer();
    let pr = null, shown = -Infinity;
    for (pr of fitNativeSteps(core, train, { actuator: m.actuator, budget: r.budget, seed: m.seed })) {
      if (pr.generation > 1 && !pr.done && performance.now() - shown < NATIVE_MS) continue;
      const best = nativeBest(core, pr.best);
      progress(r, pr, best, t1);
      traceIf(best, r.model, pr.bestLoss);
      await yieldEvents();
      shown = performance.now();
    }
    const f = nativeResult(core, pr, valid);
    trace(f.best, r.model, f.train);
    // no integrator: the native joint runs MuJoCo's own Euler, whatever the M-models' choice
    const res = { model: r.model, best: f.best, train: f.train, integrator: null };
    done.push(res);
    self.postMessage({ type: 'model-done', ...res, valid: f.valid, presetTrain: null, presetValid: null, evals: f.evals,
      generations: f.generations, attempts: 1, seconds: (performance.now() - t1) / 1000, stop: '', from: 0 });
  };
  const workers = pool(m.ports, N);
  const steps = await workers.ready();
  self.postMessage({ type: 'ready', workers: m.ports.length, steps });
  const done = [];   // { model, best, train }
  try {
    for (const r of m.runs) {
      const t1 = performance.now();
      if (isNative(r.model)) {
        await runNative(r, t1);
        continue;
      }
      const { from, start } = r.start ? { from: -1, start: Float64Array.from(r.start) }
        : m.chain ? core.fit.chainStart(r.model, done) : { from: 0, start: null };
      const fit = core.fit.create({ batch: train, actuator: m.actuator, model: r.model, space: r.space,
        budget: r.budget, seed: m.seed, start, integrator: m.integrator });
      let pr;
      try {
        const traceIf = tracer();
        for (let P = fit.ask(); P; P = fit.ask()) {
          const losses = await workers.losses(P, m.actuator, r.model, m.integrator);
          fit.tell(losses);
          pr = fit.progress();
          progress(r, pr, Array.from(pr.best), t1);
          traceIf(pr.best, r.model, pr.bestLoss);
        }
        pr = fit.progress();
        trace(pr.best, r.model, pr.bestLoss);
      } finally {
        fit.free();
      }
      let preset = null;
      try { preset = core.fit.presetParams(m.actuator, r.model); } catch { /* no published preset */ }
      // the published preset too is scored with the fit's integrator (the CLI's table does so)
      const lossOn = (b, p) => (b && p ? b.loss(p, m.actuator, r.model, m.integrator) : null);
      const exact = Number.isFinite(pr.bestLoss) ? lossOn(train, pr.best) : pr.bestLoss;
      const res = { model: r.model, best: Array.from(pr.best), train: exact, integrator: m.integrator };
      done.push(res);
      self.postMessage({ type: 'model-done', ...res, valid: lossOn(valid, pr.best),
        presetTrain: lossOn(train, preset), presetValid: lossOn(valid, preset),
        evals: pr.evals, generations: pr.generation, attempts: pr.attempts, seconds: (performance.now() - t1) / 1000, stop: pr.doneName, from });
    }
  } finally {
    train.free();
    if (valid) valid.free();
  }
  self.postMessage({ type: 'done', seconds: (performance.now() - t0) / 1000, evalSeconds: workers.evalMs / 1000 });
}

self.onmessage = (e) => {
  if (e.data.type === 'overlay') { overlay = e.data.index; traceDue = true; return; }
  if (e.data.type !== 'start') return;
  run(e.data).catch((err) => self.postMessage({ type: 'failed', message: err.message || String(err) }));
};
