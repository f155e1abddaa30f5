// fitEval.js (bundled to build/web/fitEval.worker.js): one evaluation worker
// of a fit in the browser (web/src/views/fit/index.js starts one per core). It has
// its own wasm instance and holds the training logs as one batch
// (core.fit.batch: every log checked by the core's io rules and resampled
// once); it scores the candidate vectors it is sent with the fit's fast
// loss (fric_fit_losses_fast: the mean over the logs of each log's replay
// MAE, computed by the multi-lane kernel in SIMD128, the same bits as the
// native fit's inner loop; the coordinator reports the exact loss).
//
// Messages in (from the page):
//   { type: 'init', port, logs: [text], sources: [name] }
//       port: the MessagePort the coordinator (fitCoordinator.js) talks on
// Messages in (on the port):
//   { type: 'eval', id, actuator, model, integrator, P }   P: Float64Array(count·FIT_N)
// Messages out (on the port):
//   { type: 'ready', logs, steps } | { type: 'losses', id, losses, ms }
//   | { type: 'failed', message }
//
// The sensitivity ranges of a fit result (results.js), a job of its own
// (no port; the page terminates the worker to cancel it):
//   in:  { type: 'sensitivity', logs: [text], sources: [name], p, actuator,
//          model, space, tolerance }
//   out: { type: 'sens-ready', logs, steps }
//        { type: 'sens-progress', done, total, key }    after each parameter
//        { type: 'sens-done', result, seconds }  (batch.sensitivity's result)
//        { type: 'sens-failed', message }
import { CORE_WASM, coreFrom } from '../coreLoad.js';

let port = null;
let batch = null;

async function loadCore() {
  const bytes = await fetch(CORE_WASM).then((r) => {
    if (!r.ok) throw new Error(`could not load ${CORE_WASM}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  return coreFrom(CORE_WASM, new Uint8Array(bytes));
}

async function init(m) {
  const core = await loadCore();
  batch = core.fit.batch(m.logs.map((t) => JSON.parse(t)), m.sources);
  port.postMessage({ type: 'ready', logs: batch.logs, steps: batch.steps });
}

function onPort(e) {
  const m = e.data;
  if (m.type !== 'eval') return;
  try {
    const t0 = performance.now();
    const losses = batch.lossesFast(m.P, m.actuator, m.model, m.integrator);
    port.postMessage({ type: 'losses', id: m.id, losses, ms: performance.now() - t0 }, [losses.buffer]);
  } catch (err) {
    port.postMessage({ type: 'failed', id: m.id, message: err.message || String(err) });
  }
}

/** The sensitivity ranges (batch.sensitivity, one core call per free
 *  parameter so that each one is reported). */
async function sensitivity(m) {
  const core = await loadCore();
  const b = core.fit.batch(m.logs.map((t) => JSON.parse(t)), m.sources);
  try {
    self.postMessage({ type: 'sens-ready', logs: b.logs, steps: b.steps });
    const t0 = performance.now();
    const result = b.sensitivity(m.p, m.actuator, m.model, m.space, { tolerance: m.tolerance, integrator: m.integrator ?? 'bam',
      onParam: (done, total, r) => self.postMessage({ type: 'sens-progress', done, total, key: r.key }) });
    self.postMessage({ type: 'sens-done', result, seconds: (performance.now() - t0) / 1000 });
  } finally {
    b.free();
  }
}

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'sensitivity') {
    sensitivity(m).catch((err) => self.postMessage({ type: 'sens-failed', message: err.message || String(err) }));
    return;
  }
  if (m.type !== 'init' || port) return;
  port = m.port;
  port.onmessage = onPort;
  init(m).catch((err) => port.postMessage({ type: 'failed', message: err.message || String(err) }));
};
