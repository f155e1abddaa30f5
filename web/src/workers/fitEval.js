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
import { loadFrictionCore } from '../../../wasm/friction.js';

let port = null;
let batch = null;

async function init(m) {
  const bytes = await fetch('friction_core.wasm').then((r) => {
    if (!r.ok) throw new Error(`could not load friction_core.wasm: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  const core = await loadFrictionCore({ wasmBinary: new Uint8Array(bytes) });
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

self.onmessage = (e) => {
  const m = e.data;
  if (m.type !== 'init' || port) return;
  port = m.port;
  port.onmessage = onPort;
  init(m).catch((err) => port.postMessage({ type: 'failed', message: err.message || String(err) }));
};
