// catalogue.js: the registered scenarios (the core's fric_scenario registry)
// the views show, below the views so the Node tests read them
// (tests/web/wrapper.test.mjs: each names a registered scenario and keeps no
// title or text of its own). SCENARIOS: the systems of the Scenarios view
// (which scenario, its controls, plots, overlay and summary line; its title
// and text are the registry's, fric_scenario's title and blurb, read in
// views/scenarios/index.js; the texts: i18n/ scenarios.*; number formats:
// web/src/format.js). ARM_SCENARIOS: the Robot arm view's
// (views/arm/state.js).
import { fmtNumber, symbolText } from './format.js';
import { t } from './i18n/index.js';

export const DEG = 180 / Math.PI;

export const num = (v, d = 4) => fmtNumber(v, { digits: d, small: 0, big: Infinity });
/** A velocity [m/s] in whole mm/s with its sign ("−8", "+7", "0"). */
const mmps = (v) => { const x = Math.round(v * 1000); return x === 0 ? '0' : `${x < 0 ? '−' : '+'}${Math.abs(x)}`; };

// How a chart writes a plotted column (its axis title, its legend): by the
// paper's symbol when the column is named after one (tau_r: Cisneros et al.'s
// τ_r; dq, ddq: q̇, q̈; dtheta: θ̇), else by its name; the `_x` marks drawn
// plain (format.js symbolText: q_d as qd), as the chart titles write them.
// The CSV keeps the columns' names.
const COLUMN_SYMBOL = { tau_r: 'τ_r', tau_f: 'τ_f', tau_m: 'τ_m', dq: 'q̇', ddq: 'q̈', dtheta: 'θ̇' };
/** A plotted column as a chart writes it. */
export const columnLabel = (c) => symbolText(COLUMN_SYMBOL[c] ?? c);

export const SCENARIOS = [
  {
    name: 'joint-step',
    overlay: { param: 'law', values: ['coulomb-viscous', 'stribeck', 'rational'] },
    controls: ['case', 'friction', 'integral', 'kp', 'kv', 'lambda', 'M', 'K', 'B', 'T', 'duration'],
    plots: [
      { title: t('scenarios.plot.joint-step.1'), cols: ['q'], ref: 'q_d', scale: DEG, unit: 'deg' },
      { title: t('scenarios.plot.joint-step.2'), cols: ['tau_r'], unit: 'N·m' },
      { title: t('scenarios.plot.joint-step.3'), cols: ['tau_f'], unit: 'N·m' },
    ],
    summary: (last, complete) => t('scenarios.sum.joint', { q: (last.q * DEG).toFixed(2),
      state: t(complete && last.stuck === 1 ? 'scenarios.sum.stopped' : last.stuck === 1 ? 'scenarios.sum.stuck' : 'scenarios.sum.moving') }),
  },
  {
    name: 'model-a',
    overlay: { param: 'T', values: [0.001, 0.004], label: (v) => `T = ${v * 1000} ms` },
    controls: ['case', 'friction', 'law', 'v0', 'h', 'M', 'duration'],
    plots: [
      { title: t('scenarios.plot.model-a.1'), cols: ['v'], unit: 'm/s' },
      { title: t('scenarios.plot.model-a.2'), cols: ['f'], unit: 'N' },
    ],
    // run (a finished one): after, v's range from the first reversal on, in
    // whole mm/s with its sign, the chatter band as text
    summary: (last, complete, run) => (run?.after?.v ? t('scenarios.sum.chatter', { lo: mmps(run.after.v[0]), hi: mmps(run.after.v[1]) }) : '')
      + t('scenarios.sum.modelA', { v: num(last.v, 3), n: last.reversals }),
  },
  {
    name: 'two-contacts',
    overlay: { param: 'friction', values: ['implicit', 'explicit'] },
    controls: ['law', 'amp', 'omega', 'M1', 'M2', 'K1', 'K2', 'Kc', 'Bc', 'T', 'duration'],
    plots: [
      { title: t('scenarios.plot.two-contacts.1'), cols: ['v1', 'v2'], unit: 'm/s' },
      { title: t('scenarios.plot.two-contacts.2'), cols: ['f1', 'f2'], unit: 'N' },
    ],
    summary: (last) => t('scenarios.sum.two', { a: last.reversals1, b: last.reversals2 }),
  },
  {
    name: 'models-bd',
    overlay: null,
    controls: ['case', 'model', 'K', 'M', 'zeta', 'T', 'duration', 'law', 'friction'],
    plots: [
      { title: t('scenarios.plot.models-bd.1'), cols: ['h', 'h_alt'], unit: 'N' },
      { title: t('scenarios.plot.models-bd.2'), cols: ['v', 'v_alt'], unit: 'm/s' },
    ],
    summary: (last) => t('scenarios.sum.bd', { a: last.reversals, b: last.reversals_alt }),
  },
  {
    name: 'screw',
    overlay: { param: 'friction', values: ['implicit', 'explicit'] },
    controls: ['eta1', 'eta2', 'J_zz', 'm', 'l', 'g', 'tau_amp', 'omega', 'tau_c', 'b_v', 'dt', 'duration'],
    plots: [
      { title: t('scenarios.plot.screw.1'), cols: ['dq'], unit: 'rad/s' },
      { title: t('scenarios.plot.screw.2'), cols: ['ddq'], unit: 'rad/s²' },
      { title: t('scenarios.plot.screw.3'), cols: ['tau_f'], unit: 'N·m' },
    ],
    // run (a finished one): its stuck steps (q̇ = 0 exactly) and when, as text
    summary: (last, complete, run) => (run?.stuck?.n ? t('scenarios.sum.stuckSteps', { n: run.stuck.n, t0: num(run.stuck.t0, 6), t1: num(run.stuck.t1, 6) }) : '')
      + t('scenarios.sum.reversals', { n: last.reversals }),
  },
  {
    name: 'xy-table',
    overlay: { param: 'friction', values: ['implicit', 'explicit'] },
    controls: ['solver', 'm1', 'm2', 'mu', 'F1_amp', 'F1_omega', 'F2_amp', 'F2_omega', 'dt', 'duration'],
    plots: [
      { title: t('scenarios.plot.xy-table.1'), cols: ['v'], unit: 'm/s' },
      { title: t('scenarios.plot.xy-table.2'), cols: ['f', 'F_N'], unit: 'N' },
    ],
    summary: (last) => t('scenarios.sum.reversals', { n: last.reversals }),
  },
  {
    name: 'carriage-screw',
    overlay: { param: 'switching', values: ['fixed', 'events'] },
    controls: ['tau_m', 'F0', 'F_rate', 'mc', 'mL', 'J', 'l', 'eta1', 'eta2', 'eta1s', 'eta2s', 'dt', 'duration'],
    plots: [
      { title: t('scenarios.plot.carriage-screw.1'), cols: ['dtheta'], unit: 'rad/s' },
      { title: t('scenarios.plot.carriage-screw.2'), cols: ['tau_m', 'band_lo', 'band_hi'], unit: 'N·m' },
      { title: t('scenarios.plot.carriage-screw.3'), cols: ['F'], unit: 'N' },
    ],
    summary: (last) => t('scenarios.sum.carriage', { n: last.breakaways,
      mode: t(last.mode > 0 ? 'scenarios.sum.driving' : last.mode < 0 ? 'scenarios.sum.backdriving' : 'scenarios.sum.held') }),
  },
];

export const ARM_SCENARIOS = ['arm2-ground', 'arm1', 'chain'];
