// nativeFile.js: a native params file ("model": "native", fric_native.h:
// MuJoCo's own joint; what `friction fit --model native --out` writes and
// the Fit view downloads) as the Pendulum and drive/backdrive views take it
// beside M1–M6: pasted into their export panel, or opened from a native fit
// (the Fit view's links), kept in the view's URL state under "native" (the
// file's JSON), and as the robot's views take its text (nativeFile: the
// write-back, the replay, the identification's classes). The page's one
// reader of a native file: every value is checked by the core
// (fric_native_check and the actuator's name, through core.native.paramsText,
// the file's writer); nothing here restates a rule of the core.
import { t } from './i18n/index.js';

/** The URL state key of the native file a view shows. */
export const NATIVE_KEY = 'native';
/** The keys of a native file that are not parameters: read and left. */
const META = /^(actuator|model|integrator|fit_[a-z_]+)$/;
/** Whether obj (a parsed JSON value) is a native params file: an object with "model": "native". */
export const isNativeObject = (obj) => !!obj && typeof obj === 'object' && !Array.isArray(obj) && obj.model === 'native';
/** The parameter entries of a native file object: every key but the ones above. */
const nativeParamEntries = (obj) => Object.entries(obj).filter(([k]) => !META.test(k));

/**
 * A native params file's text (source: its name for the sentences):
 * { params (the parameter keys, for core.native and core.native.classMjcf),
 * actuator (the file's, or null) }. Throws one sentence: not JSON, not a
 * native file. The values are the core's to check where they are used.
 */
export function nativeFile(text, source) {
  let obj;
  try {
    obj = JSON.parse(text);
  } catch (e) {
    throw new Error(t('robot.native.json', { file: source, message: e.message }), { cause: e });
  }
  if (!isNativeObject(obj)) throw new Error(t('robot.native.notNative', { file: source }));
  return { params: Object.fromEntries(nativeParamEntries(obj)),
    actuator: typeof obj.actuator === 'string' && obj.actuator ? obj.actuator : null };
}

/** { actuator, params } of a native params file object; throws one sentence
 *  (tr: the page's i18n t) naming what is wrong: not a native file, a key
 *  that is not one of MuJoCo's (core.native.keys()), a value that is not a
 *  number, or the core's own sentence for a value it refuses. */
export function nativeFromObject(core, obj, tr) {
  if (!isNativeObject(obj)) throw new Error(tr('native.file.notNative'));
  const keys = core.native.keys();
  const params = {};
  for (const [k, v] of nativeParamEntries(obj)) {
    if (!keys.includes(k)) throw new Error(tr('native.file.key', { key: k, keys: keys.join(', ') }));
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(tr('native.file.number', { key: k }));
    params[k] = v;
  }
  const actuator = typeof obj.actuator === 'string' ? obj.actuator : '';
  core.native.paramsText(params, actuator);   // the core's checks: throws its sentence
  return { actuator, params: { ...core.native.defaults(actuator), ...params } };
}

/** The view state's native file ({ actuator, params }), or null when there is
 *  none or it does not read (refused: left out, as a refused URL value is). */
export function nativeFromState(core, state, tr) {
  const text = state.get(NATIVE_KEY, null);
  if (text === null) return null;
  try {
    return nativeFromObject(core, JSON.parse(text), tr);
  } catch {
    state.put(NATIVE_KEY, null);
    return null;
  }
}

/** The state entry of a native file (null: none, removing it). */
export const nativeEntry = (f) => ({ [NATIVE_KEY]: f ? JSON.stringify({ model: 'native', actuator: f.actuator, ...f.params }) : null });

/** The native joint's friction in the (τm, τe) plane as the regions core
 *  takes a servo law: MuJoCo's frictionloss is one constant whatever the
 *  load (M1's K_c) and its joint damping a viscous term (M1's K_v), the
 *  conversion of the explorer's MuJoCo snippet read backwards. */
export const nativeRegionsLaw = (p) => ({ kind: 'servo', friction: { model: 1, K_c: p.frictionloss, K_v: p.damping, dtheta_s: 1, alpha: 1 } });

/** The drive view's preset shown beside a native joint of actuator: the
 *  actuator's highest published model (its load dependence the contrast),
 *  as an index of presets (core.bench.presets()), or -1 when none. */
export function nativeDrivePreset(presets, actuator) {
  let at = -1;
  presets.forEach((p, i) => { if (p.actuator === actuator && (at < 0 || p.model > presets[at].model)) at = i; });
  return at;
}
