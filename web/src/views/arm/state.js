// arm/state.js: the Robot arm view's model: its constants, the scenario
// (arm2-ground, arm1, chain) and its values from the URL (by
// "<scenario>.<parameter>"), the two methods, the speed, and what each
// scenario plots (its stick/slip words are the picture's, web/src/draw/arm.js).
import { paramIndex } from '../../../../wasm/friction.js';
import { stateParam, stateFlag } from '../../refusal.js';
import { ARM_SCENARIOS as SCENARIOS } from '../../catalogue.js';

export { SCENARIOS };
export const WINDOW_S = 4;              // rolling plot window [s]
export const CHUNK_STEPS = 500;         // steps per method in one call of the core
export const STEP_BUDGET_MS = 6;        // simulation time per animation frame, at most
export const NUDGE = 5 * Math.PI / 180; // target change of one arrow key [rad]
export const HIDDEN = new Set(['method', 'duration', 'every']);
// the controls in front, in this order (targets, n, gains, friction, μ); the rest folded
export const FRONT = ['q_d', 'q1_d', 'q2_d', 'n', 'K_P', 'K_I', 'K_D', 'tau_fs', 'tau_fk', 'C_tau', 'mu_s', 'mu_k', 'joint_step',
  'tau_side', 't_off', 'tau_ext_amp'];
// a new initial state or time step starts again at t = 0; the rest is retuned
export const RESTART = new Set(['dt', 'q0', 'dq0', 'q1_0', 'q2_0', 'pid_period']);

/** The model: m.scn, m.info, m.values (null until loadScenario), the methods. */
export function readModel(core, state) {
  let scn = state.get('scenario', 'arm2-ground');
  if (!SCENARIOS.includes(scn)) scn = 'arm2-ground';
  const info = core.scenario.find(scn);
  const methods = info.params[paramIndex(info, 'method')].choices;
  let methodA = methods.indexOf(state.get('method_a', 'semi-implicit'));
  let methodB = methods.indexOf(state.get('method_b', 'implicit'));
  if (methodA < 0) methodA = methods.indexOf('semi-implicit');
  if (methodB < 0) methodB = methods.indexOf('implicit');
  const m = {
    core, scn, info, methods, methodA, methodB, values: null,
    speed: state.getNumber('speed', 1),
    paused: stateFlag(state, 'paused', false),
    col: (sim, name) => sim.cols.indexOf(name),
    v: (name) => m.values[paramIndex(m.info, name)],
    has: (name) => m.info.params.some((p) => p.name === name),
    methodOf: (i) => (i === 0 ? m.methodA : m.methodB),
    /** The values with `method`, no end, one row per step. */
    paramsWith(method) {
      const p = Float64Array.from(m.values);
      p[paramIndex(m.info, 'method')] = method;
      const dj = paramIndex(m.info, 'duration');
      p[dj] = m.info.params[dj].max;
      p[paramIndex(m.info, 'every')] = 1;
      return p;
    },
    /** Which columns each scenario plots. */
    plotKeys() {
      if (m.scn === 'arm1') return { q: ['q', 'q_d'], fn: [], tf: ['tau_f'], ext: ['tau_ext'] };
      if (m.scn === 'arm2-ground') return { q: ['q1', 'q2'], fn: ['fn1', 'fn2'], tf: ['tau_f1', 'tau_f2'] };
      return { q: ['q1', 'qn'], fn: ['fn1', 'fn2'], tf: ['tau_f1', 'tau_fn'] };
    },
  };
  return m;
}

/** m.info and m.values of the scenario m.scn, the URL's values applied. */
export function loadScenario(m, state) {
  m.info = m.core.scenario.find(m.scn);
  m.values = m.core.scenario.params(m.scn, {});
  m.info.params.forEach((p, j) => { if (!HIDDEN.has(p.name)) m.values[j] = stateParam(state, `${m.scn}.${p.name}`, p, m.values[j], m.info.name); });
}

export function saveState(m, state, paused) {
  const out = { scenario: m.scn, method_a: m.methods[m.methodA], method_b: m.methods[m.methodB], speed: m.speed, paused: paused ? 1 : 0 };
  m.info.params.forEach((p, j) => {
    if (HIDDEN.has(p.name)) return;
    out[`${m.scn}.${p.name}`] = p.choices ? p.choices[m.values[j]] : m.values[j];
  });
  state.set(out);
}

