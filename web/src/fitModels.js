// fitModels.js: the models the Fit view fits: M1–M6 (numbers, core.fit) and
// MuJoCo's own joint, 'native' (core.native, fric_native.h). A result's best
// is an array: a fit vector (core.fit.paramKeys order) for M1–M6, the
// native parameters in core.native.keys() order for native. Used by the
// page and by the fit's coordinator worker (no i18n here).

export const NATIVE = 'native';
export const MODELS = [1, 2, 3, 4, 5, 6, NATIVE];
export const isNative = (k) => k === NATIVE;
/** How a model is named beside the others (the CLI's names): M1…M6, native. */
export const modelName = (k) => (isNative(k) ? NATIVE : `M${k}`);
/** A model's value in the URL and the model choice: m1…m6, native. */
/** The free parameters of a search space that its model uses (a space
 *  lists every key of the actuator; a model uses some). */
export const freeCount = (s) => s.free.filter((f, i) => f && s.used[i]).length;
export const modelValue = (k) => (isNative(k) ? NATIVE : `m${k}`);
/** The model of a URL value (m1…m6, native), or null. */
export function modelOf(v) {
  if (String(v) === NATIVE) return NATIVE;
  const k = Number(String(v).replace(/^m/, ''));
  return k >= 1 && k <= 6 && Number.isInteger(k) ? k : null;
}
/** The native parameters object of a native result's best array. */
export const nativeParams = (core, best) => Object.fromEntries(core.native.keys().map((k, i) => [k, best[i]]));

/** A parsed log replayed with a result's best: { t, logQ, goal, simQ, mae, maxErr }.
 *  The native model's positions come from core.native.replay (the same
 *  samples as the bench's replay, fric_native_replay); the log's own series
 *  from the bench's replay of the actuator's default M1 vector. */
export function replayBest(core, best, actuator, model, integrator, log, source) {
  if (!isNative(model)) return core.bench.replay(core.fit.benchParams(best, actuator, model, integrator), log, source);
  const base = core.bench.replay(core.fit.benchParams(core.fit.space(actuator, 1).value, actuator, 1, 'bam'), log, source);
  const n = core.native.replay(nativeParams(core, best), log, source);
  return { t: base.t, logQ: base.logQ, goal: base.goal, simQ: n.simQ, mae: n.mae, maxErr: n.maxErr };
}

/** The native fit of the Fit view's worker (fitCoordinator.js), as `friction
 *  fit --model native` runs it, one CMA-ES generation at a time:
 *  core.native.fitter (fric_native_fitter, the actuator's default box; fric_native_fit
 *  is this loop run to its end) on the training FitBatch from the CLI's
 *  start (core.native.fitStart), budget evaluations, seed. Yields the
 *  progress (core.native NativeFit.progress()) after each generation; the
 *  last is the fit's end. */
export function* fitNativeSteps(core, train, { actuator, budget, seed }) {
  const fit = core.native.fitter(train, { start: core.native.fitStart(actuator), budget, seed, actuator });
  try {
    for (let done = 0; !done;) {
      done = fit.step();
      yield fit.progress();
    }
  } finally {
    fit.free();
  }
}

/** A native params object as a result's best array (core.native.keys() order). */
export const nativeBest = (core, params) => core.native.keys().map((k) => params[k]);

/** The result of a native fit from its last progress pr: { best (array),
 *  train, valid, evals, generations }: train the fit's loss
 *  (fric_native_loss, the mean of the logs' replay MAEs, what `friction
 *  replay` of its params file scores), valid the same on the validation
 *  FitBatch (null: none). */
export function nativeResult(core, pr, valid) {
  return { best: nativeBest(core, pr.best), train: pr.bestLoss,
    valid: valid ? core.native.losses(valid, [pr.best])[0].loss : null, evals: pr.evals, generations: pr.generation };
}

/** fitNativeSteps run to its end: nativeResult of its last progress. */
export function fitNative(core, train, valid, options) {
  let pr = null;
  for (pr of fitNativeSteps(core, train, options)) { /* to the end */ }
  return nativeResult(core, pr, valid);
}
