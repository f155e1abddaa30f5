// wellposed/state.js: the well-posedness view's constants and URL state: the
// map's values under "map.<parameter>", the screw's under "screw.<parameter>".

import { stateParam } from '../../refusal.js';

export const SIM = 'screw-selflock';
// the map's controls in front (μ and the inertias); the rest folded
export const MAP_FRONT = ['mu', 'D11', 'D12', 'D22'];
export const SIM_FRONT = ['J'];
export const SIM_HIDDEN = new Set(['duration', 'every']);
export const SIM_RESTART = new Set(['dt', 'q0', 'dq0', 'switching', 'rule', 'event_tol']);
export const WINDOW_S = 4;              // rolling plot window [s]
export const CHUNK_STEPS = 500;         // steps in one call of the core
export const STEP_BUDGET_MS = 6;        // simulation time per animation frame, at most
export const J_NUDGE = 5;               // J change of one arrow key [kg·m²]
export const LOG_KEEP = 8;              // rule actions listed

/** Parameter values of scenario `info` from the URL slice (prefix.name). */
export function valuesFromState(core, info, state, prefix, hidden = new Set()) {
  const values = core.scenario.params(info.name, {});
  info.params.forEach((p, j) => { if (!hidden.has(p.name)) values[j] = stateParam(state, `${prefix}.${p.name}`, p, values[j], info.name); });
  return values;
}

/** The speed, pause and both scenarios' values (not the screw's duration and every). */
export function saveState(state, { speed, paused, mapInfo, mapValues, simInfo, simValues }) {
  const out = { speed, paused: paused ? 1 : 0 };
  mapInfo.params.forEach((p, j) => { out[`map.${p.name}`] = p.choices ? p.choices[mapValues[j]] : mapValues[j]; });
  simInfo.params.forEach((p, j) => {
    if (SIM_HIDDEN.has(p.name)) return;
    out[`screw.${p.name}`] = p.choices ? p.choices[simValues[j]] : simValues[j];
  });
  state.set(out);
}
