// fit/links.js: a fit result's params file and links (results.js): the
// file `friction fit --out` writes, the bench vector of the result, and the
// links that open the Pendulum, drive and In MuJoCo views with it, in the
// page's language.
import { SERVO_CONSTANTS, STS3215_CONSTANTS, scenarioParamsToObject } from '../../exports.js';
import { getPageKey } from '../../state.js';

/** The query q as a link to another view, with the page's ?lang= when it has
 *  one: the new tab opens in the language the class sees, not the browser's. */
export function withLang(q) {
  const lang = getPageKey('lang');
  if (lang) q.set('lang', lang);
  return `?${q}`;
}

/** The files and links of the results of the view: { integratorOf(r),
 *  paramsText(r), benchVector(r), benchUrl(r), driveUrl(r), mujocoUrl(r) }. */
export function resultLinks({ core, keys, presets }) {
  const at = (r, key) => r.best[keys.findIndex((k) => k.key === key)];
  // the integrator the fit replayed with (a result kept from before the choice: bam)
  const integratorOf = (r) => r.integrator ?? 'bam';
  /** The params file of a result as `friction fit --out` writes it: the
   *  core's one conversion of a fit vector (core.fit.paramsText,
   *  fric_fit_params_file) and its one writer (the flat format of
   *  shared/data/bam/params). */
  const paramsText = (r) => core.fit.paramsText(r.best, r.actuator, r.model, undefined, integratorOf(r), r.carry ?? []);

  // the bench of a result: the core's one conversion of a fit vector
  // (core.fit.benchParams, fric_fit_bench_params), with the fit's integrator
  const benchVector = (r) => core.fit.benchParams(r.best, r.actuator, r.model, integratorOf(r));
  const benchOf = (r) => scenarioParamsToObject(core.scenario.find('bench'), benchVector(r));
  function benchUrl(r) {
    const o = benchOf(r);
    const q = new URLSearchParams({ view: 'pendulum', 'pendulum.actuator': o.actuator, 'pendulum.model': o.model });
    // the position update the model was fitted with (bam, the bench's default, is left out)
    if (o.integrator !== 'bam') q.set('pendulum.integrator', o.integrator);
    // and the friction treatment the fit scored (fric_bench_integrator_treatments:
    // clip for bam, implicit for mujoco) as treatment A: a log dropped on the
    // bench is replayed "on screen" as the fit replayed it, not under the
    // bench's default implicit treatment
    q.set('pendulum.friction', o.friction);
    // the model's parameters (the URL leaves the unused coefficients at the preset's 0)
    const used = core.fit.paramUsed(r.model, r.actuator);
    keys.forEach(({ key }, i) => { if (used[i]) q.set(`pendulum.${key}`, String(o[key])); });
    return withLang(q);
  }
  function driveUrl(r) {
    // a model with no published preset opens as "given values" (the drive view's preset=given)
    const index = presets.findIndex((p) => p.actuator === r.actuator && p.model === r.model);
    const q = new URLSearchParams(index < 0 ? { view: 'drive', 'drive.preset': 'given', 'drive.actuator': r.actuator, 'drive.model': String(r.model) }
      : { view: 'drive', 'drive.preset': String(index) });
    const coefs = core.bench.servoCoefs().slice(1);
    coefs.forEach((c) => { if (c.models.includes(r.model)) q.set(`drive.${c.field}`, String(at(r, c.key))); });
    // the fitted motor constants too: the drive view's params file and MuJoCo snippet carry them
    SERVO_CONSTANTS.forEach((k) => q.set(`drive.${k}`, String(at(r, k))));
    // and the firmware keys (an sts3215's fitted error gain ratio and smoothing
    // rate; the bench's 1 and 0 for the others): without them the drive view
    // showed, and exported, its actuator's published ones
    const bench = benchOf(r);
    STS3215_CONSTANTS.forEach((k) => q.set(`drive.${k}`, String(bench[k])));
    // and the integrator: the drive view's params file and MuJoCo exports say it
    if (integratorOf(r) !== 'bam') q.set('drive.integrator', integratorOf(r));
    return withLang(q);
  }

  // the In MuJoCo view with the fitted params file (its integrator in it): its
  // log table puts MuJoCo's MAE beside the model's own replay
  function mujocoUrl(r) {
    return withLang(new URLSearchParams({ view: 'mujoco', 'mujoco.actuator': r.actuator, 'mujoco.model': `m${r.model}`,
      'mujoco.params': JSON.stringify(JSON.parse(paramsText(r))) }));
  }

  return { integratorOf, paramsText, benchVector, benchUrl, driveUrl, mujocoUrl };
}
