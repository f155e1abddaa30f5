// pendulum/native.js: MuJoCo's native joint of a params file (pasted in the
// export panel, or a native fit's link) run live as simulation N beside A and
// B: the core's scenario bench-native (what `friction run bench-native
// params=FILE` runs) on this bench's trajectory, goal, load and gain, when the
// file's actuator is the bench's.
import { t } from '../../i18n/index.js';
import { paramIndex } from '../../../../wasm/friction.js';

/** The native file's actuator is the bench's: its trace runs; else the one sentence why not. */
export function nativeOff(p) {
  const { core, native, info, values, actIdx } = p;
  if (!native) return '';
  const own = info.params[actIdx].choices[values[actIdx]], of = core.bench.actuatorOf(native.actuator);
  return of === own ? '' : t('pendulum.native.otherActuator', { of: native.actuator, own });
}
/** The index of the native simulation, or -1 when none runs. */
export const nativeAt = (p) => (p.native && !nativeOff(p) ? (p.m.compare ? 2 : 1) : -1);
/** The bench-native vector of the native file on this bench (the kp the bench resolves to is the log_kp). */
export function nativeVector(p) {
  const { core, native, info, values } = p;
  const r = core.bench.resolve(values), at = (name) => r[paramIndex(info, name)];
  const keep = ['trajectory', 'goal', 'mass', 'length', 'arm_mass', 'dt', 'duration', 'every', 'q0', 'dq0'];
  return core.scenario.params('bench-native', { ...native.params, actuator: core.bench.actuatorOf(native.actuator),
    ...Object.fromEntries(keep.map((k) => [k, at(k)])), log_kp: at('kp') });
}
