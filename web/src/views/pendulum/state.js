// pendulum/state.js: the pendulum view's model: its constants, the values of
// the `bench` scenario (from the URL, by parameter name), the second
// treatment, the speed and zoom, and the URL state written back.
import { paramIndex } from '../../../../wasm/friction.js';
import { stateParam, stateFlag } from '../../refusal.js';

export const SETUP = ['actuator', 'model', 'trajectory', 'goal', 'kp', 'mass', 'length', 'dt', 'karnopp_eps'];
// The view's own defaults (not the core's): a constant goal under gravity, where
// the explicit treatment chatters and creeps while implicit and clip hold still.
export const VIEW_DEFAULTS = { trajectory: 'goal', goal: 1.2, friction: 'implicit' };
export const WINDOW_S = 1;             // rolling plot window [s] ...
export const WINDOW_STEPS = 6000;      // ... or this many steps, if fewer (small dt)
export const ZOOM_S = 0.2;             // the zoomed window [s]
export const HISTORY_S = 60;           // CSV history [s] ...
export const HISTORY_ROWS = 120000;    // ... or this many steps, if fewer
export const CHUNK_STEPS = 2000;       // steps per treatment in one call of the core
export const STEP_BUDGET_MS = 3;       // simulation time per animation frame, at most
export const STEPS_LIMIT = 9e9;        // the core refuses duration/dt > 1e10 steps
export const GOAL_NUDGE = 0.05;        // goal change of one arrow key [rad]
// a new actuator, model or dt, or a new initial state, starts again at t = 0;
// anything else acts on the running simulation at once
export const RESTART = new Set(['actuator', 'model', 'dt', 'q0', 'dq0']);

/** The model of the view: the scenario's info and values (URL state, by
 *  name; the view sets duration and every), treatment B, speed, pause, zoom. */
export function readModel(core, state) {
  const info = core.scenario.find('bench');
  const values = core.scenario.params('bench', VIEW_DEFAULTS);
  info.params.forEach((p, j) => { values[j] = stateParam(state, p.name, p, values[j], info.name); });
  const fricIdx = paramIndex(info, 'friction');
  const fricChoices = info.params[fricIdx].choices;
  let fricB = fricChoices.indexOf(state.get('friction_b', 'explicit'));
  if (fricB < 0) fricB = fricChoices.indexOf('explicit');
  const m = {
    core, info, values, fricIdx, fricChoices, fricB,
    dtIdx: paramIndex(info, 'dt'),
    compare: stateFlag(state, 'compare', true),
    speed: state.getNumber('speed', 1),
    paused: stateFlag(state, 'paused', false),
    zoom: stateFlag(state, 'zoom', false),
    windowS: WINDOW_S,
    col: (sim, name) => sim.cols.indexOf(name),
    val: (name) => values[paramIndex(info, name)],
    treatmentOf: (i) => (i === 0 ? values[fricIdx] : m.fricB),
    /** The values with treatment `friction`. */
    paramsWith(friction) {
      const p = Float64Array.from(values);
      p[fricIdx] = friction;
      return p;
    },
    /** The run never ends in practice: the longest duration the core accepts for dt. */
    endless() {
      const j = paramIndex(info, 'duration');
      values[j] = Math.min(info.params[j].max, STEPS_LIMIT * values[m.dtIdx]);
      values[paramIndex(info, 'every')] = 1;
    },
    isConstantGoal() {
      return info.params[paramIndex(info, 'trajectory')].choices[values[paramIndex(info, 'trajectory')]] === 'goal';
    },
  };
  return m;
}

/** Every parameter by name (not duration and every), B, speed, pause, zoom. */
export function saveState(m, state, paused) {
  const out = { compare: m.compare ? 1 : 0, friction_b: m.fricChoices[m.fricB], speed: m.speed, paused: paused ? 1 : 0, zoom: m.zoom ? 1 : 0 };
  m.info.params.forEach((p, j) => {
    if (p.name === 'duration' || p.name === 'every') return;
    out[p.name] = p.choices ? p.choices[m.values[j]] : m.values[j];
  });
  state.set(out);
}
