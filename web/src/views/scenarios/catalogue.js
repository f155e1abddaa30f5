// scenarios/catalogue.js: the systems of the Scenarios view (which scenario,
// its controls, plots and overlay; its title and text are the core's
// registry's, fric_scenario's title and blurb, read in index.js), the
// lesson, and the view's constants and number formats (web/src/format.js).
import { fmtNumber } from '../../format.js';

export const DEG = 180 / Math.PI;
export const BUCKETS = 2000;              // envelope buckets over the run's time
export const CSV_LIMIT = 200 * 1024 * 1024; // the browser's full-rate CSV stops here
export const DEBOUNCE_MS = 250;
export const REDRAW_MS = 500;             // chart redraws while a run streams in

export const num = (v, d = 4) => fmtNumber(v, { digits: d, small: 0, big: Infinity });

export const SCENARIOS = [
  {
    name: 'joint-step',
    overlay: { param: 'law', values: ['coulomb-viscous', 'stribeck', 'rational'] },
    controls: ['case', 'friction', 'integral', 'kp', 'kv', 'lambda', 'M', 'K', 'B', 'T', 'duration'],
    plots: [
      { title: 'Joint angle q', cols: ['q'], ref: 'q_d', scale: DEG, unit: 'deg' },
      { title: 'Reference torque τr', cols: ['tau_r'], unit: 'N·m' },
      { title: 'Friction torque τf', cols: ['tau_f'], unit: 'N·m' },
    ],
    summary: (last, complete) => `q = ${(last.q * DEG).toFixed(2)}°${complete && last.stuck === 1 ? ', stuck (stopped)' : `, ${last.stuck === 1 ? 'stuck' : 'moving'}`}`,
  },
  {
    name: 'model-a',
    overlay: { param: 'T', values: [0.001, 0.004], label: (v) => `T = ${v * 1000} ms` },
    controls: ['case', 'friction', 'law', 'v0', 'h', 'M', 'duration'],
    plots: [
      { title: 'Velocity v', cols: ['v'], unit: 'm/s' },
      { title: 'Friction force f', cols: ['f'], unit: 'N' },
    ],
    summary: (last) => `v = ${num(last.v, 3)} m/s, reversals ${last.reversals}`,
  },
  {
    name: 'two-contacts',
    overlay: { param: 'friction', values: ['implicit', 'explicit'] },
    controls: ['law', 'amp', 'omega', 'M1', 'M2', 'K1', 'K2', 'Kc', 'Bc', 'T', 'duration'],
    plots: [
      { title: 'Velocities v1, v2', cols: ['v1', 'v2'], unit: 'm/s' },
      { title: 'Friction forces f1, f2', cols: ['f1', 'f2'], unit: 'N' },
    ],
    summary: (last) => `reversals ${last.reversals1} / ${last.reversals2}`,
  },
  {
    name: 'models-bd',
    overlay: null,
    controls: ['case', 'model', 'K', 'M', 'zeta', 'T', 'duration', 'law', 'friction'],
    plots: [
      { title: 'Output force h', cols: ['h', 'h_alt'], unit: 'N' },
      { title: 'Velocity v', cols: ['v', 'v_alt'], unit: 'm/s' },
    ],
    summary: (last) => `reversals ${last.reversals} (original) / ${last.reversals_alt} (alternative)`,
  },
  {
    name: 'screw',
    overlay: { param: 'friction', values: ['implicit', 'explicit'] },
    controls: ['eta1', 'eta2', 'J_zz', 'm', 'l', 'g', 'tau_amp', 'omega', 'tau_c', 'b_v', 'dt', 'duration'],
    plots: [
      { title: 'Velocity dq', cols: ['dq'], unit: 'rad/s' },
      { title: 'Acceleration ddq', cols: ['ddq'], unit: 'rad/s²' },
      { title: 'Friction torque τf', cols: ['tau_f'], unit: 'N·m' },
    ],
    summary: (last) => `reversals ${last.reversals}`,
  },
  {
    name: 'xy-table',
    overlay: { param: 'friction', values: ['implicit', 'explicit'] },
    controls: ['solver', 'm1', 'm2', 'mu', 'F1_amp', 'F1_omega', 'F2_amp', 'F2_omega', 'dt', 'duration'],
    plots: [
      { title: 'Velocity v (x-axis)', cols: ['v'], unit: 'm/s' },
      { title: 'Friction f and normal force F_N', cols: ['f', 'F_N'], unit: 'N' },
    ],
    summary: (last) => `reversals ${last.reversals}`,
  },
  {
    name: 'carriage-screw',
    overlay: { param: 'switching', values: ['fixed', 'events'] },
    controls: ['tau_m', 'F0', 'F_rate', 'mc', 'mL', 'J', 'l', 'eta1', 'eta2', 'eta1s', 'eta2s', 'dt', 'duration'],
    plots: [
      { title: 'Screw velocity θ̇', cols: ['dtheta'], unit: 'rad/s' },
      { title: 'Motor torque τ_m and the dead band of eq. 26', cols: ['tau_m', 'band_lo', 'band_hi'], unit: 'N·m' },
      { title: 'Carriage force F', cols: ['F'], unit: 'N' },
    ],
    summary: (last) => `${last.mode > 0 ? 'driving' : last.mode < 0 ? 'backdriving' : 'held'}, breakaways ${last.breakaways}`,
  },
];

export const LESSON = {
  notice: 'Every run goes to its end and every step is drawn: each chart keeps the smallest and largest value of '
    + 'each of 2000 time slices, so chattering shows as a band, never as a slow false pattern.',
  // each step starts by picking its scenario at its defaults (what following the
  // steps before it leaves there): its setup picks it (layout.js lessonFrame);
  // every number is checked against `friction run` by tests/web/e2e.d/lessons.mjs
  tryThis: [
    { setup: { scenario: 'model-a' }, text: 'Pick the model A block and set the treatment to explicit: where the implicit element holds exactly v = 0, '
      + 'the velocity chatters between ⟦−8⟧ and ⟦+7⟧ mm/s (⟦38⟧ reversals at T = 1 ms).' },
    { setup: { scenario: 'models-bd' }, text: 'Pick models B and D and raise K to 7.5·10⁶ N/m: the delayed alternative diverges and the run stops at '
      + 't = ⟦0.154⟧ s with the core\'s message, while model B holds ⟦10.1⟧ N.' },
    { setup: { scenario: 'joint-step' }, text: 'Pick the compliant joint and compare the laws: with stiction (Stribeck, rational) it sticks, at ⟦71.86⟧° '
      + 'and ⟦70.55⟧°; Coulomb-viscous is still creeping at ⟦72.94⟧° at 5 s.' },
    { setup: { scenario: 'screw' }, text: 'Pick the screw drive and set g to 9.81 m/s²: the implicit treatment holds the load in the dead band '
      + '(q̇ = 0 exactly, ⟦398⟧ steps between ⟦0.178⟧ and ⟦0.698⟧ s), the explicit one chatters there: ⟦192⟧ reversals against ⟦2⟧.' },
    { setup: { scenario: 'joint-step' }, text: 'Pick the joint, set T to 1e-6 s and watch the progress bar (Cancel would stop a run, and the summary '
      + 'say where): Coulomb-viscous and Stribeck run 5 million steps each to t = 5 s, then the rational law is refused '
      + '(1/Z = K·T + B = ⟦50.005⟧ is below the ⟦53⟧ its drop needs, Kikuuwe eq. 15).' },
  ],
};
