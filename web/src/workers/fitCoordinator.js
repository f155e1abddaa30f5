// fitCoordinator.js (bundled to build/web/fitCoordinator.worker.js): runs a
// fit of the Fit view (web/src/views/fit.js) off the page's thread. It owns
// the ask/tell loop (core.fitCreate, fric_fit.h, over its own wasm
// instance); each generation's candidates are split among the evaluation
// workers (fitEval.js, one per core, each with its own wasm instance and
// the training batch), their losses gathered in candidate order and told
// back. The result does not depend on how the candidates were split (the
// CMA-ES only sees the losses, in order).
//
// Messages in (from the page):
//   { type: 'start', ports: [MessagePort], logs: [text], sources: [name],
//     train: [index], valid: [index], actuator, runs: [{ model, space }],
//     budget, seed, chain }
//       runs: one model, or M1..M6 in order; chain: each run warm-started
//       from the fitted model of lowest training loss that it contains
//       (fric_fit_contains, fric_fit_embed; the "Fit all models")
// Messages out:
//   { type: 'ready', workers, steps }           the workers hold the batch
//   { type: 'progress', model, generation, run, lambda, evals, budget,
//     bestLoss, genBestLoss, sigma, best, elapsed }     after every tell
//   { type: 'model-done', model, best, train, valid, presetTrain,
//     presetValid, evals, generations, seconds, stop, from }
//   { type: 'done', seconds } | { type: 'failed', message }
// Cancel: the page terminates this worker and every evaluation worker.
import { loadFrictionCore } from '../../../wasm/friction.js';

async function loadCore() {
  const r = await fetch('friction_core.wasm');
  if (!r.ok) throw new Error(`could not load friction_core.wasm: HTTP ${r.status}`);
  return loadFrictionCore({ wasmBinary: new Uint8Array(await r.arrayBuffer()) });
}

/** The evaluation workers behind their ports: ready() once every one holds
 *  the batch; losses(P, …) splits the candidates into contiguous chunks. */
function pool(ports, N) {
  const waiting = new Map();
  let next = 1, readyCount = 0, fail = null, onReady = null;
  ports.forEach((p) => {
    p.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'ready') {
        readyCount++;
        if (readyCount === ports.length && onReady) onReady.resolve(m.steps);
      } else if (m.type === 'losses') {
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
    ready: () => new Promise((resolve, reject) => {
      if (fail) reject(fail);
      onReady = { resolve, reject };
    }),
    async losses(P, actuator, model) {
      const count = P.length / N, W = ports.length, jobs = [];
      for (let k = 0; k < W; k++) {
        const a = Math.floor((k * count) / W), b = Math.floor(((k + 1) * count) / W);
        if (b <= a) continue;
        const id = next++;
        const part = P.slice(a * N, b * N);
        jobs.push(new Promise((resolve, reject) => {
          waiting.set(id, { resolve, reject });
          ports[k].postMessage({ type: 'eval', id, actuator, model, P: part }, [part.buffer]);
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
  const N = core.fitParamKeys().length;
  const parsed = m.logs.map((t) => JSON.parse(t));
  const pick = (idx) => idx.map((i) => parsed[i]);
  const names = (idx) => idx.map((i) => m.sources[i]);
  const train = core.fitBatch(pick(m.train), names(m.train));
  const valid = m.valid.length ? core.fitBatch(pick(m.valid), names(m.valid)) : null;
  const workers = pool(m.ports, N);
  const steps = await workers.ready();
  self.postMessage({ type: 'ready', workers: m.ports.length, steps });
  const done = [];   // { model, best, train }
  try {
    for (const r of m.runs) {
      const t1 = performance.now();
      let start = null, from = 0;
      if (m.chain) {
        for (const d of done) {
          if (core.fitContains(r.model, d.model) && (!from || d.train < done.find((x) => x.model === from).train)) from = d.model;
        }
        if (from) start = core.fitEmbed(from, done.find((x) => x.model === from).best, r.model);
      }
      const fit = core.fitCreate({ batch: train, actuator: m.actuator, model: r.model, space: r.space,
        budget: m.budget, seed: m.seed, start });
      let pr;
      try {
        for (let P = fit.ask(); P; P = fit.ask()) {
          const losses = await workers.losses(P, m.actuator, r.model);
          fit.tell(losses);
          pr = fit.progress();
          self.postMessage({ type: 'progress', model: r.model, generation: pr.generation, run: pr.run, lambda: pr.lambda,
            evals: pr.evals, budget: pr.budget, bestLoss: pr.bestLoss, genBestLoss: pr.genBestLoss, sigma: pr.sigma,
            best: Array.from(pr.best), elapsed: (performance.now() - t1) / 1000 });
        }
        pr = fit.progress();
      } finally {
        fit.free();
      }
      let preset = null;
      try { preset = core.fitPresetParams(m.actuator, r.model); } catch { /* no published preset */ }
      const lossOn = (b, p) => (b && p ? b.loss(p, m.actuator, r.model) : null);
      const res = { model: r.model, best: Array.from(pr.best), train: pr.bestLoss };
      done.push(res);
      self.postMessage({ type: 'model-done', ...res, valid: lossOn(valid, pr.best),
        presetTrain: lossOn(train, preset), presetValid: lossOn(valid, preset),
        evals: pr.evals, generations: pr.generation, seconds: (performance.now() - t1) / 1000, stop: pr.doneName, from });
    }
  } finally {
    train.free();
    if (valid) valid.free();
  }
  self.postMessage({ type: 'done', seconds: (performance.now() - t0) / 1000 });
}

self.onmessage = (e) => {
  if (e.data.type !== 'start') return;
  run(e.data).catch((err) => self.postMessage({ type: 'failed', message: err.message || String(err) }));
};
