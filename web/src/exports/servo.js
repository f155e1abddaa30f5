// exports/servo.js: a servo's params file (params/<actuator>/m<k>.json) and
// the bench vector of a servo: the core's writer and reader
// (core.io.paramsText, core.io.paramsRead), the motor constants beside the
// friction coefficients, the model an actuator switch picks.

import { what, scenarioParamsToObject } from './json.js';
import { t } from '../i18n/index.js';

/** The motor constants of a params file, beside the friction coefficients:
 *  the keys of params/<actuator>/m<k>.json and of the bench scenario. */
export const SERVO_CONSTANTS = ['kt', 'R', 'armature', 'q_offset'];
/** The STS3215's firmware keys of bam main (target smoothing, duty gain
 *  factor): in the servo beside SERVO_CONSTANTS, written by the core's
 *  writer where they differ from a plain servo's. */
export const STS3215_CONSTANTS = ['error_gain_ratio', 'max_velocity'];
/** Every firmware key a params file may carry after q_offset (the core's
 *  writer, fric_io_params_write: each written when > 0 with bam's name, the
 *  Go1's error_gain_ratio as "ratio"): the STS3215's, the firmware current
 *  limiter max_current, current_limit, max_torque. */
export const FIRMWARE_CONSTANTS = [...STS3215_CONSTANTS, 'max_current', 'current_limit', 'max_torque'];

/** The params file (params/<actuator>/m<k>.json) of a preset of
 *  core.bench.presets() with friction coefficients `friction` ({model, K_c,
 *  …}), motor constants `servo` ({kt, R, armature, q_offset}; default the
 *  preset's) and the integrator they assume ('bam', the default, or
 *  'mujoco'): the core's writer (core.io.paramsText), byte for byte what
 *  `friction fit --out` writes for the same numbers. */
export function presetParamsText(core, preset, friction = preset.friction, servo = preset.servo, integrator = 'bam', carry = []) {
  return core.io.paramsText({ actuator: preset.actuator, servo,
    friction: { ...friction, model: friction.model ?? preset.model }, integrator, carry });
}

/** The model choice (0-based: 0 = m1) of `actuator` nearest to `now` among
 *  those it has a published preset of (`now` when it has that one, or none
 *  at all: a servo of one's own): what an actuator switch picks, so that the
 *  bench stays buildable. */
export function nearestModel(core, actuator, now) {
  const have = core.bench.presets().filter((p) => p.actuator === actuator).map((p) => p.model - 1);
  if (!have.length || have.includes(now)) return now;
  return have.reduce((a, b) => (Math.abs(b - now) < Math.abs(a - now) ? b : a));
}

/** The bench scenario's parameter vector of a servo: actuator, model
 *  (1..6), motor constants `servo`, friction coefficients `friction`
 *  ({K_c, …}; a coefficient left out keeps "the preset") and the integrator
 *  they assume ('bam', the default, or 'mujoco'). */
export function servoBenchVector(core, { actuator, model, servo, friction, integrator = 'bam' }) {
  const byName = { actuator, model: `m${model}`, integrator };
  SERVO_CONSTANTS.forEach((k) => { byName[k] = servo[k]; });
  STS3215_CONSTANTS.forEach((k) => { if (servo[k] !== undefined) byName[k] = servo[k]; });
  core.bench.servoCoefs().slice(1).forEach((c) => { if (friction[c.field] !== undefined) byName[c.key] = friction[c.field]; });
  return core.scenario.params('bench', byName);
}

/** The params file of the bench vector `values` (resolved by the core): its
 *  actuator, model, motor constants (kt, R, armature, q_offset), its
 *  firmware keys (FIRMWARE_CONSTANTS, those set) and every
 *  coefficient the model uses, by the core's writer (core.io.paramsText,
 *  byte for byte `friction fit --out`'s for the same numbers). */
export function servoParamsText(core, values, carry = []) {
  const o = scenarioParamsToObject(core.scenario.find('bench'), core.bench.resolve(values));
  const friction = { model: Number(o.model.slice(1)) };
  core.bench.servoCoefs().slice(1).forEach((c) => { friction[c.field] = o[c.key]; });
  // the integrator the numbers assume travels with them (a file names it when it is mujoco)
  return core.io.paramsText({ actuator: o.actuator, servo: Object.fromEntries([...SERVO_CONSTANTS, ...FIRMWARE_CONSTANTS].map((k) => [k, o[k]])),
    friction, integrator: o.integrator, carry });
}

/** A pasted params file object → { index (in core.bench.presets(); −1:
 *  none published), actuator, model (1..6), friction ({model, K_c, …}), servo
 *  ({kt, R, armature, q_offset}), given (the motor constants the file gives),
 *  carry and warnings (core.io.paramsFile: the keys the core does not model) }:
 *  the preset its actuator and model name, with every key the file gives read
 *  by the core (core.io.paramsRead: the CLI's rules and messages; the bench's
 *  other settings, a pendulum export, are checked and not used); what the
 *  file leaves out is the preset's. A model with no published preset (a fit
 *  of a servo of one's own) takes the file's values alone: the core names
 *  what is missing. Throws one sentence for an unknown actuator, model, key
 *  or value. */
export function presetFromObject(core, obj) {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    throw new Error(t('export.preset.object', { found: what(obj) }));
  }
  const presets = core.bench.presets();
  // the reference's other names for an actuator ("sts3250" is the sts3215):
  // the core's one alias table (fric_bench_actuator_resolve)
  const { model } = obj;
  const actuator = core.bench.actuatorOf(obj.actuator) ?? obj.actuator;
  const index = presets.findIndex((p) => p.actuator === actuator && `m${p.model}` === model);
  const bench = core.scenario.find('bench');
  const own = index < 0 && bench.params.find((q) => q.name === 'actuator').choices.includes(actuator)
    && bench.params.find((q) => q.name === 'model').choices.includes(model);
  if (index < 0 && !own) {
    throw new Error(t('export.preset.none', { actuator: JSON.stringify(actuator), model: JSON.stringify(model),
      presets: [...new Set(presets.map((p) => p.actuator))].map((a) => {
        const ms = presets.filter((p) => p.actuator === a).map((p) => p.model);
        return `${a} m${ms.length > 1 ? `${ms[0]}–m${ms.at(-1)}` : ms[0]}`;
      }).join(', ') }));
  }
  // the preset's values (−1: the preset; q_offset: the preset's) where the file gives none
  const base = core.scenario.params('bench', { actuator, model, q_offset: own ? 0 : presets[index].servo.q_offset });
  // a key the core does not model is carried (core.io.paramsFile), with the core's warning
  const read = core.io.paramsFile(obj, 'paste', base);
  const x = core.bench.resolve(read.values);
  const names = bench.params.map((q) => q.name);
  const k = Number(model.slice(1));
  const friction = { model: k };
  for (const c of core.bench.servoCoefs().slice(1)) friction[c.field] = x[names.indexOf(c.key)];
  const servo = Object.fromEntries([...SERVO_CONSTANTS, ...STS3215_CONSTANTS].map((key) => [key, x[names.indexOf(key)]]));
  const integrator = bench.params.find((q) => q.name === 'integrator').choices[x[names.indexOf('integrator')]];
  return { index, actuator, model: k, friction, servo, integrator, given: SERVO_CONSTANTS.filter((key) => key in obj),
    carry: read.carry, warnings: read.warnings };
}
