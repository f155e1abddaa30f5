// mujoco/models.js: the two systems of the "In MuJoCo" view and its URL
// state (DOM-free: tests/web/mujoco_fit.test.mjs reads a model as the view does). The pendulum bench's MJCF is the core's (fric_mujoco_bench_mjcf
// through core.mujoco.benchMjcf, the model `friction mujoco-model` writes),
// with a keyframe at the start angle; the two-link arm is the geared arm of
// tests/mujoco/test_mujoco.c (armature 0.101 kg·m², the gear-friction paper's γ²·I_M),
// with one law on both joints.
import { paramIndex } from '../../../wasm/friction.js';
import { stateParam, stateFlag } from '../refusal.js';
import { t } from '../i18n/index.js';
import { nativeFile } from '../nativeFile.js';
import { nearestModel } from '../exports/servo.js';

export const SETUP = ['actuator', 'model', 'kp', 'mass', 'length'];
export const DT = 0.001;                 // the live runs' step [s]: 1 kHz
export const WINDOW_S = 5;               // rolling chart window [s]
export const PLOT_EVERY = 10;            // a chart point every 10 steps
export const STEP_BUDGET_MS = 2.5;         // simulation time per animation frame, at most [ms]
export const CHUNK_STEPS = 3;            // steps of all six runs between two looks at the clock
export const DEFAULTS = { actuator: 'xl330', model: 'm4', q0_deg: 60, arm_fs: 7.6 };

/** The arm's joint law: Stribeck, the static level Fs [N·m] on both joints
 *  (its gravity loads at the start pose 1.2, 0.5 rad: 6.943 and 1.459 N·m). */
export const armLaw = (Fs) => ({ kind: 'stribeck', Fs, Fc: 0.8 * Fs, vs: 0.05, D: 0.1, alpha: 1 });
export const ARM_Q0 = [1.2, 0.5];

/** The two-link arm (tests/mujoco/test_mujoco.c two_link_g) at ARM_Q0. */
export function armMjcf() {
  const g = 9.80665;
  return `<mujoco model="two-link-arm">
  <!-- Two links in a vertical plane on geared hinges (armature 0.101 kg·m²):
       link 1 1.5 kg at 0.2 m (length 0.3 m), link 2 1.0 kg at 0.15 m.
       Friction attaches to j1 and j2 (fric_mujoco_init, or
       friction mujoco arm.xml --joint j1 --joint j2 law=...). -->
  <option timestep="${DT}" integrator="Euler" gravity="0 0 ${-g}"/>
  <worldbody>
    <body name="l1">
      <joint name="j1" type="hinge" axis="0 1 0" armature="0.101"/>
      <inertial pos="0 0 -0.2" mass="1.5" diaginertia="1e-9 1e-9 1e-9"/>
      <body name="l2" pos="0 0 -0.3">
        <joint name="j2" type="hinge" axis="0 1 0" armature="0.101"/>
        <inertial pos="0 0 -0.15" mass="1" diaginertia="1e-9 1e-9 1e-9"/>
      </body>
    </body>
  </worldbody>
  <keyframe><key qpos="${ARM_Q0[0]} ${ARM_Q0[1]}"/></keyframe>
</mujoco>
`;
}

/** The core's bench MJCF with a keyframe at q0 [rad] (the start the CLI
 *  takes: `friction mujoco` runs from the first keyframe). */
export function withKeyframe(xml, q0) {
  return xml.replace(/<\/mujoco>\s*$/, `  <keyframe><key qpos="${q0}"/></keyframe>\n</mujoco>\n`);
}

/** The view's model: the bench vector (URL keys by parameter name), the
 *  start angle, the arm's Fs, speed and pause. With no params file, a model
 *  the actuator has no preset of becomes the nearest one it has (what an
 *  actuator switch picks, nearestModel: the bench is built of that preset);
 *  switchedFrom names the model asked for then ('m4'), else null. */
export function readModel(core, state) {
  const info = core.scenario.find('bench');
  const base = { actuator: state.get('actuator', DEFAULTS.actuator), model: state.get('model', DEFAULTS.model) };
  let values;
  try { values = core.scenario.params('bench', base); } catch { values = core.scenario.params('bench', { actuator: DEFAULTS.actuator, model: DEFAULTS.model }); }
  // a pasted params file (fitted coefficients) travels as its JSON text
  const fitted = state.get('params', null);
  const mk = paramIndex(info, 'model'), asked = values[mk], ak = paramIndex(info, 'actuator');
  if (!fitted) values[mk] = nearestModel(core, info.params[ak].choices[values[ak]], asked);
  for (const name of ['kp', 'mass', 'length']) {
    const j = paramIndex(info, name);
    values[j] = stateParam(state, name, info.params[j], values[j], info.name);
  }
  values[paramIndex(info, 'dt')] = DT;
  // the native params (MuJoCo's own joint, a native params file's JSON text)
  // that (A) of the log replay runs and Your robot's native export writes
  const native = state.get('native', null);
  return {
    core, info, values, fitted, native,
    switchedFrom: values[mk] === asked ? null : info.params[mk].choices[asked],
    q0Deg: state.getNumber('q0_deg', DEFAULTS.q0_deg),
    armFs: state.getNumber('arm_fs', DEFAULTS.arm_fs),
    speed: state.getNumber('speed', 1),
    paused: stateFlag(state, 'paused', false),
    val: (name) => values[paramIndex(info, name)],
    choice: (name) => info.params[paramIndex(info, name)].choices[values[paramIndex(info, name)]],
  };
}

/** The native params in hand for the bench (m.native, a native params file's
 *  JSON text, from the picker or the URL key mujoco.native), as (A) runs them
 *  (the live bench's and the log replay's): { params (the actuator's defaults
 *  under the file's: firmware_kp, q_offset, as `friction mujoco` reads it),
 *  actuator (the file's, or null), source }, or null when there are none. A
 *  text that is not a native file, or a file of another actuator than the
 *  bench's, throws its one sentence. */
export function nativeInHand(m) {
  if (!m.native) return null;
  const { core } = m, source = t('mujoco.native.source'), f = nativeFile(m.native, source);
  const own = m.choice('actuator'), of = f.actuator && core.bench.actuatorOf(f.actuator);
  if (of && of !== own) throw new Error(t('mujoco.native.otherActuator', { file: source, of, own }));
  return { ...f, params: { ...core.native.defaults(of || own), ...f.params }, source };
}

export function saveState(m, state, paused) {
  state.set({ actuator: m.choice('actuator'), model: m.choice('model'), kp: m.val('kp'), mass: m.val('mass'),
    length: m.val('length'), q0_deg: m.q0Deg, arm_fs: m.armFs, speed: m.speed, paused: paused ? 1 : 0, params: m.fitted, native: m.native });
}

/** The pasted params file read by the core (core.io.paramsFile: values over
 *  the preset, the keys it does not model carried with its warnings), or
 *  null when none was pasted. */
export function fittedFile(m) {
  return m.fitted ? m.core.io.paramsFile(JSON.parse(m.fitted), 'paste', m.values) : null;
}

/** The bench vector the runs use: the fitted params file over the preset, when one was pasted. */
export function benchVector(m) {
  if (!m.fitted) return m.core.bench.resolve(m.values);
  const p = fittedFile(m).values;
  p[paramIndex(m.info, 'dt')] = DT;
  return m.core.bench.resolve(p);
}
