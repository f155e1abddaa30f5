// mujoco/fig1.js: the paper's Fig. 1 B/C, simulated (no DOM: the page's
// worker workers/fig1.js, the Node test tests/web/robot.test.mjs and the e2e
// check use this one definition). Duclusaud et al. §VI-B: the 2R arm
// (bam's 2R/2r_mx model, a Dynamixel MX-106 shoulder R1 and an MX-64 elbow
// R2) tracks a triangle-wave path (Fig. 6) under a low and a high firmware
// gain; Fig. 1 B shows the trajectories under M1 (Coulomb-viscous) and M4,
// C their difference over time. The recorded 2R logs are not public, so
// both curves here are simulations: copy (C) of robot.js createRobotPair
// (the servos adopted, the core's implicit friction), stepped with the
// pair's own adopted stepping (pair.C.sim: sim.js attachSim).
import { createRobotPair } from './robot.js';

export const FIG1 = {
  joints: ['R1', 'R2'],           // shoulder (MX-106), elbow (MX-64)
  servos: ['mx106', 'mx64'],      // bam's actuator names of the core's presets
  models: ['m1', 'm4'],           // Coulomb-viscous against the paper's M4
  period: 4,                      // the triangle's period [s]
  amp: [0.8, 0.6],                // its amplitude per joint [rad]
  seconds: 8,                     // the run: two periods [s]
  gains: { low: 8, high: 32 },    // the firmware kp (the paper's MX gains 4 / 8 / 16 / 32)
};

/** The unit triangle wave of period T [s] at t [s]: 0 at t = 0, 1 at T/4,
 *  −1 at 3T/4, back to 0 at T; slope ±4/T [1/s]. */
export function triangle(t, T = FIG1.period) {
  const x = ((t / T) % 1 + 1) % 1;
  return x < 0.25 ? 4 * x : x < 0.75 ? 2 - 4 * x : 4 * x - 4;
}

/** The mapping of the 2R arm to one model of each servo: 'R1=mx106/m1,R2=mx64/m1'. */
export const fig1Mapping = (model) => FIG1.joints.map((j, i) => `${j}=${FIG1.servos[i]}/${model}`).join(',');

/**
 * The tracked run of one model at gain kp, as a generator: yields the
 * fraction done (0 … 1) every `chunk` steps, returns
 * { q: [Float64Array per joint] (the joint angles after each step [rad]),
 * dt: the model's timestep [s] },
 * or stops early when the caller stops iterating (the pair is freed).
 */
function* track(mj, core, files, model, kp, { seconds, chunk }) {
  const pair = createRobotPair(mj, core, { files, main: 'scene.xml', mapping: fig1Mapping(model), kp });
  try {
    const { m, d } = pair.C, h = m.opt.timestep;
    const steps = Math.round(seconds / h);
    const qa = FIG1.joints.map((name) => {
      const r = pair.rows.find((x) => x.name === name);
      if (!r) throw new Error(`The 2R arm has no adopted joint '${name}'; its adopted joints: ${pair.rows.map((x) => x.name).join(', ')}.`);
      return m.jnt_qposadr[r.index];
    });
    const q = FIG1.joints.map(() => new Float64Array(steps));
    for (let s = 0; s < steps; s++) {
      // the goal at the step's start time t = s·h, then one step of (C) only:
      // (A), the file as written, is not part of the figure
      const t = s * h;
      FIG1.joints.forEach((name, i) => pair.setGoal(name, FIG1.amp[i] * triangle(t)));
      pair.C.sim.step(1);
      for (let i = 0; i < qa.length; i++) q[i][s] = d.qpos[qa[i]];
      if ((s + 1) % chunk === 0 && s + 1 < steps) yield (s + 1) / steps;
    }
    return { q, dt: h };
  } finally {
    pair.free();
  }
}

/**
 * Fig. 1 B/C at firmware gain kp as a generator: yields { frac } (of the two
 * runs, M1 then M4) every `chunk` steps; returns the figure:
 *   { kp, dt [s], seconds, t: Float64Array [s] (the time after each step),
 *     path: [Float64Array per joint] [rad] (the goal of each step),
 *     q: { m1: [...], m4: [...] } [rad] (the angle after each step),
 *     stats: { maxDiff, meanDiff [rad] (|q_M1 − q_M4| over both joints and
 *       every step), perJoint: [{ joint, maxDiff, meanDiff, rms: { m1, m4 } }],
 *       rms: { m1, m4 } [rad] (the tracking error q − path, RMS over both
 *       joints and every step) } }.
 * files: the 2r_mx folder (relative path → bytes, scene.xml its main file).
 * A consumer that stops iterating (a cancel) leaves nothing allocated.
 */
export function* fig1Steps(mj, core, files, { kp, seconds = FIG1.seconds, chunk = 200 } = {}) {
  const runs = {};
  let dt = null;
  for (const [k, model] of FIG1.models.entries()) {
    const it = track(mj, core, files, model, kp, { seconds, chunk });
    try {
      for (;;) {
        const r = it.next();
        if (r.done) { runs[model] = r.value.q; dt = r.value.dt; break; }
        yield { frac: (k + r.value) / FIG1.models.length };
      }
    } finally {
      it.return();
    }
  }
  const n = runs.m1[0].length;
  const t = Float64Array.from({ length: n }, (_, s) => (s + 1) * dt);
  // the goal in force during step s: the path at its start time s·dt
  const path = FIG1.amp.map((a) => Float64Array.from({ length: n }, (_, s) => a * triangle(s * dt)));
  const perJoint = FIG1.joints.map((joint, i) => {
    let maxDiff = 0, sum = 0;
    const e2 = { m1: 0, m4: 0 };
    for (let s = 0; s < n; s++) {
      const x = Math.abs(runs.m1[i][s] - runs.m4[i][s]);
      maxDiff = Math.max(maxDiff, x);
      sum += x;
      for (const mdl of FIG1.models) e2[mdl] += (runs[mdl][i][s] - path[i][s]) ** 2;
    }
    return { joint, maxDiff, meanDiff: sum / n, e2 };
  });
  const nj = FIG1.joints.length;
  const rms = Object.fromEntries(FIG1.models.map((mdl) => [mdl, Math.sqrt(perJoint.reduce((s, j) => s + j.e2[mdl], 0) / (nj * n))]));
  return {
    kp, dt, seconds, t, path, q: runs,
    stats: {
      maxDiff: Math.max(...perJoint.map((j) => j.maxDiff)),
      meanDiff: perJoint.reduce((s, j) => s + j.meanDiff, 0) / nj,
      rms,
      perJoint: perJoint.map(({ joint, maxDiff, meanDiff, e2 }) => ({ joint, maxDiff, meanDiff,
        rms: Object.fromEntries(FIG1.models.map((mdl) => [mdl, Math.sqrt(e2[mdl] / n)])) })),
    },
  };
}

/** fig1Steps run to its end at once (Node: the tests, the headless runner). */
export function runFig1(mj, core, files, opts) {
  const it = fig1Steps(mj, core, files, opts);
  for (;;) {
    const r = it.next();
    if (r.done) return r.value;
  }
}
