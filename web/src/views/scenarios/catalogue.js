// scenarios/catalogue.js: the systems of the Scenarios view (which scenario,
// its title, text, controls, plots and overlay), the lesson, and the view's
// constants and number formats (web/src/format.js).
import { fmtNumber } from '../../format.js';

export const DEG = 180 / Math.PI;
export const BUCKETS = 2000;              // envelope buckets over the run's time
export const CSV_LIMIT = 200 * 1024 * 1024; // the browser's full-rate CSV stops here
export const DEBOUNCE_MS = 250;
export const REDRAW_MS = 500;             // chart redraws while a run streams in

export const num = (v, d = 4) => fmtNumber(v, { digits: d, small: 0, big: Infinity });

export const SCENARIOS = [
  {
    name: 'joint-step', title: 'Compliant joint, 0 → 90° step (Cisneros Figs. 12–13)',
    text: 'A harmonic-drive joint under a low-gain computed-torque PD (Cisneros et al. eq. 50) steps from 0 to 90°. '
      + 'With stiction (Stribeck, rational) the joint sticks short of the goal once the PD torque falls below the '
      + 'static friction: 71.86° (Stribeck) and 70.55° (rational) at t = 5 s. Coulomb-viscous friction has no stiction '
      + 'and is still creeping (72.94° at 5 s). The paper reports 69.9° and 68.4°; with the inertia inferred from its '
      + '5.8 N·m initial torque these runs stop about 2° later (see docs/systems.md). Switch case to fig13 to add the integral '
      + 'term (eq. 51), and look at Stribeck: the joint overshoots to 99.4° and sticks at t = 1.96 s; the integral '
      + 'term ramps the reference torque down until it reaches the 2.5 N·m breakaway torque (−2.5 N·m at t = 4.43 s), '
      + 'and the joint breaks away and moves back towards the goal (92.5° at 5 s).',
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
    name: 'model-a', title: 'Model A: block stops or reverses (Kikuuwe Figs. 6–7)',
    text: 'A 1 kg block with 8 N Coulomb friction, pushed by a constant force (Kikuuwe et al. Figs. 6–7). In fig6 '
      + '(v0 = 0.7 m/s, h = −1 N) the implicit element A stops the block at exactly v = 0 where friction and push '
      + 'bring it to rest, t = 0.7/9 s (step 78 at T = 1 ms, step 20 at T = 4 ms), and holds it there; in fig7 the '
      + 'push exceeds the friction and the block reverses. Switch the treatment to explicit: the velocity chatters '
      + 'around zero instead of stopping (between −8 and +7 mm/s with 38 reversals at T = 1 ms, ±28 mm/s with 10 '
      + 'reversals at T = 4 ms).',
    overlay: { param: 'T', values: [0.001, 0.004], label: (v) => `T = ${v * 1000} ms` },
    controls: ['case', 'friction', 'law', 'v0', 'h', 'M', 'duration'],
    plots: [
      { title: 'Velocity v', cols: ['v'], unit: 'm/s' },
      { title: 'Friction force f', cols: ['f'], unit: 'N' },
    ],
    summary: (last) => `v = ${num(last.v, 3)} m/s, reversals ${last.reversals}`,
  },
  {
    name: 'two-contacts', title: 'Two masses, two contacts, stick-slip (Kikuuwe Figs. 9–11)',
    text: 'Two bodies with two model-C contacts, the base driven at u = 0.5·sin(5t) (Kikuuwe et al. Figs. 9–11; the '
      + 'configuration chosen is documented in docs/systems.md). Both contacts stick and slip in turn without chattering '
      + '(9 reversals each in 6 s; contact 1 sticks in about a third of the steps). The explicit treatment, overlaid, '
      + 'never holds a contact still: about 1000 and 1800 reversals.',
    overlay: { param: 'friction', values: ['implicit', 'explicit'] },
    controls: ['law', 'amp', 'omega', 'M1', 'M2', 'K1', 'K2', 'Kc', 'Bc', 'T', 'duration'],
    plots: [
      { title: 'Velocities v1, v2', cols: ['v1', 'v2'], unit: 'm/s' },
      { title: 'Friction forces f1, f2', cols: ['f1', 'f2'], unit: 'N' },
    ],
    summary: (last) => `reversals ${last.reversals1} / ${last.reversals2}`,
  },
  {
    name: 'models-bd', title: 'Models B and D against delayed alternatives (Kikuuwe Figs. 12–14)',
    text: 'Models B and D solve mass, compliance and friction in one implicit step; the alternatives (Fig. 12) chain '
      + 'simpler elements with a one-step delay. At K = 8.3·10⁴ and 2.5·10⁵ N/m their forces h differ by at most '
      + '0.17 and 0.35 N. At the default '
      + 'K = 7.5·10⁵ N/m the alternative to B rings with a growing step-to-step oscillation (eigenvalue −1.13, '
      + 'Kikuuwe §IV-C): |h_alt| reaches 50 N within 0.2 s while the original holds 10.1 N. Raise K to 7.5·10⁶ N/m: '
      + 'the alternative diverges, its state is no longer finite at t = 0.154 s and the run stops there with the '
      + 'core\'s message.',
    overlay: null,
    controls: ['case', 'model', 'K', 'M', 'zeta', 'T', 'duration', 'law', 'friction'],
    plots: [
      { title: 'Output force h', cols: ['h', 'h_alt'], unit: 'N' },
      { title: 'Velocity v', cols: ['v', 'v_alt'], unit: 'm/s' },
    ],
    summary: (last) => `reversals ${last.reversals} (original) / ${last.reversals_alt} (alternative)`,
  },
  {
    name: 'screw', title: 'Screw drive, driving and backdriving (Dupont Figs. 4–5)',
    text: 'A screw raising and lowering a mass under a sinusoidal motor torque (Dupont, Figs. 4–5). The efficiency '
      + 'differs between driving and backdriving (eq. 17), so the acceleration jumps where the velocity crosses zero '
      + '(for example from −22.8 to −9.1 rad/s² at t = 1.12 s). With the figure\'s g = 0 the screw rests in only 2 of '
      + '4000 steps; set '
      + 'g = 9.81 m/s² and the stiction dead band of eq. 20 holds the load (about 400 of 4000 steps), while the naive '
      + 'explicit treatment, overlaid, chatters instead (about 190 reversals against 2).',
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
    name: 'xy-table', title: 'X–Y table, load-dependent friction (Dupont Figs. 2–3)',
    text: 'An X–Y positioning table whose x-axis friction is proportional to the normal force from the y-axis '
      + 'acceleration (Dupont, Figs. 2–3). The x acceleration jumps by 2·μ·|F_N|/m when the sliding direction flips. '
      + 'The implicit treatment holds the x-axis still where it should stick (about 200 of 10 000 steps, 7 reversals '
      + 'in 10 s); the explicit treatment, overlaid, never sticks and chatters instead (about 100 reversals). Set the '
      + 'solver to general: the same table through the general acceleration solve of eq. 10 with located switching '
      + 'events (Dupont §3.1.1, §3.2) gives the same 7 reversals, x within 0.5 mm.',
    overlay: { param: 'friction', values: ['implicit', 'explicit'] },
    controls: ['solver', 'm1', 'm2', 'mu', 'F1_amp', 'F1_omega', 'F2_amp', 'F2_omega', 'dt', 'duration'],
    plots: [
      { title: 'Velocity v (x-axis)', cols: ['v'], unit: 'm/s' },
      { title: 'Friction f and normal force F_N', cols: ['f', 'F_N'], unit: 'N' },
    ],
    summary: (last) => `reversals ${last.reversals}`,
  },
  {
    name: 'carriage-screw', title: 'Screw in an arm: driving, held, backdriving (Dupont §4.3)',
    text: 'A vertical carriage (20 kg) carries a screw that lifts 10 kg under a constant motor torque of 1 N·m '
      + '(Dupont §4.3, eqs. 22–28); the force on the carriage rises by 100 N/s from 100 N, and the load torque on the '
      + 'screw with it. The screw drives the load up, slows, and stops at t = 1.979 s (F = 297.9 N): from then on the '
      + 'motor torque lies inside the dead band τ_l/η2s … τ_l/η1s of eq. 26 and stiction holds the screw. At '
      + 'F = 660 N (t = 5.6 s, the closed form F_back = (m_c + m_L)·τ_m·η2s/(m_L·l)) the band has moved past the motor '
      + 'torque and the screw breaks away backdriving: the load runs it down. Overlaid: switching by fixed steps and '
      + 'by located events (§3.1.1) give the same stop and breakaway.',
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
  tryThis: [
    'Pick the model A block and set the treatment to explicit: where the implicit element holds exactly v = 0, '
      + 'the velocity chatters between −8 and +7 mm/s (38 reversals at T = 1 ms).',
    'Pick models B and D and raise K to 7.5·10⁶ N/m: the delayed alternative diverges and the run stops at '
      + 't = 0.154 s with the core\'s message, while model B holds 10.1 N.',
    'Pick the compliant joint and compare the laws: with stiction (Stribeck, rational) it sticks near 71°, '
      + 'Coulomb-viscous is still creeping at 72.9°.',
    'Pick the screw drive and set g to 9.81 m/s²: the implicit treatment holds the load in the dead band, the '
      + 'explicit one chatters (about 190 reversals against 2).',
    'Pick the joint, set T to 1e-6 s and watch the progress bar: Coulomb-viscous and Stribeck run 5 million '
      + 'steps each to t = 5 s, while the rational law is refused (1/Z = K·T + B = 50.005 is below the 53 its drop '
      + 'needs, Kikuuwe eq. 15). Cancel stops a run and the summary says where.',
  ],
};

/** Tick labels of at most about 9 characters, even for a diverging run. */
export function shortTick(v) {
  return fmtNumber(v, { digits: 4, expDigits: 1, plus: false });
}
