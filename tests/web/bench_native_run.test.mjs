// The live native bench (the core scenario "bench-native": the Pendulum
// view's native trace, `friction run bench-native`) against real MuJoCo 3.14
// (npm @mujoco/mujoco) in Node (the live bench with fitted native
// params; tests/mujoco/test_bench_native_mujoco.c holds it against 2.2.2).
//
// For a free swing (torque off from 1.2 rad, small frictionloss), a held
// run (torque off at 0.3 rad, frictionloss 0.3 N·m above the gravity torque
// there, ≈ 0.142 N·m) and a driven one (sin_sin through kp, kv and a
// saturating forcerange at a firmware gain other than firmware_kp), 3 s at
// dt = 1 ms each:
//   core    the wasm core's simulation of "bench-native", one row a step;
//   CLI     `friction run bench-native params=FILE name=value ...`, the file
//           the native params file the core writes (core.native.paramsText);
//   MuJoCo  the scenario's bench MJCF (core.native.scenarioMjcf, the text of
//           fric_native_mjcf_attrs) in MuJoCo 3.14: qpos = q0, qvel = 0,
//           then per step: record qpos, qvel, ctrl = the reference's
//           trajectory goal at the step's time (written out here from
//           Duclusaud & Passault's formulas, not the core's), actuation
//           disabled while the torque is off, mj_step.
// Every row's q and dq agree with MuJoCo within 1e-9 (rad, rad/s): the same
// expressions up to MuJoCo's order of operations, rounding far below that
// over 3 s (measured: <= 1e-11). The CLI's CSV (17 significant digits) has
// q and dq within 1e-9 of MuJoCo too, and every column within 1e-12 of the
// wasm core's (glibc's sin and musl's differ by an ulp at times). A native
// file of another actuator than asked, and M-model keys in a native file,
// are refused in one sentence (the CLI exits 2).
// Fails under CI=true when MuJoCo 3.14 or the CLI is missing.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCore, CLI, loadMujocoNpm } from './load.mjs';

const TOL = 1e-9;
// the native CLI's libm (glibc) and the wasm core's (musl) round sin() apart
// by an ulp at times: the same rows to 1e-12 (relative above 1)
const CLI_TOL = 1e-12;
const core = await loadCore();
const { loadMujoco, noMujoco } = await loadMujocoNpm();
const noCli = fs.existsSync(CLI) ? false : `the CLI ${CLI} is not built (make cli)`;
const skip = noMujoco || noCli;
if (skip && process.env.CI === 'true') throw new Error(`CI=true: ${skip}`);

/** The reference's trajectories (Duclusaud & Passault; bam's trajectory.py):
 *  [goal, torque enabled] at t. */
function goalAt(kind, t) {
  if (kind === 'torque_off') return [0, false];
  if (kind === 'sin_sin') return [Math.sin(t) * Math.PI / 2 + 0.5 * Math.sin(5 * t) * Math.sin(2 * t), true];
  throw new Error(kind);
}

const RUNS = [
  { name: 'free swing', trajectory: 'torque_off', q0: 1.2, log_kp: -1,
    p: { frictionloss: 0.005, damping: 0.002, armature: 0.002 } },
  { name: 'held', trajectory: 'torque_off', q0: 0.3, log_kp: -1,
    p: { frictionloss: 0.3, damping: 0.01, armature: 0.002 } },
  { name: 'driven', trajectory: 'sin_sin', q0: 0, log_kp: 200,
    p: { frictionloss: 0.03, damping: 0.02, armature: 0.002, kp: 0.8, kv: 0.04, forcerange_lo: -0.3, forcerange_hi: 0.3 } },
];
const DURATION = 3;

const vectorOf = (r) => core.scenario.params('bench-native', { ...core.native.defaults('xl330'), ...r.p, actuator: 'xl330',
  trajectory: r.trajectory, q0: r.q0, log_kp: r.log_kp, duration: DURATION });

function coreRows(r) {
  const sim = core.scenario.simulation('bench-native', {});
  try {
    sim.reset(vectorOf(r));
    const res = sim.step(1e6);
    const nc = sim.cols.length;
    return { cols: sim.cols, rows: Array.from({ length: res.count }, (_, k) => Array.from(res.rows.subarray(k * nc, (k + 1) * nc))) };
  } finally {
    sim.free();
  }
}

describe('bench-native = real MuJoCo 3.14 step by step (1e-9), and the CLI equals it', { skip }, () => {
  let mj;
  before(async () => { mj = await loadMujoco(); });

  function mujocoRun(r, n) {
    const m = mj.MjModel.from_xml_string(core.native.scenarioMjcf(vectorOf(r)));
    const d = new mj.MjData(m);
    try {
      const off = mj.mjtDisableBit.mjDSBL_ACTUATION.value;
      d.qpos[0] = r.q0;
      d.qvel[0] = 0;
      const q = [], dq = [];
      for (let k = 0; k < n; k++) {
        q.push(d.qpos[0]);
        dq.push(d.qvel[0]);
        const [g, te] = goalAt(r.trajectory, k * m.opt.timestep);
        d.ctrl[0] = g;
        m.opt.disableflags = te ? (m.opt.disableflags & ~off) : (m.opt.disableflags | off);
        mj.mj_step(m, d);
      }
      return { q, dq };
    } finally {
      d.delete();
      m.delete();
    }
  }

  for (const r of RUNS) {
    it(`${r.name}: the core's rows = MuJoCo 3.14; the CLI's = the core's`, () => {
      const { cols, rows } = coreRows(r);
      assert.equal(rows.length, DURATION / 1e-3);
      const iq = cols.indexOf('q'), idq = cols.indexOf('dq'), is = cols.indexOf('stuck');
      const ref = mujocoRun(r, rows.length);
      let wq = 0, wdq = 0, held = 0;
      rows.forEach((row, k) => {
        const eq = Math.abs(row[iq] - ref.q[k]), ed = Math.abs(row[idq] - ref.dq[k]);
        if (eq > TOL || ed > TOL) assert.fail(`${r.name} row ${k}: core q ${row[iq]} dq ${row[idq]}, MuJoCo q ${ref.q[k]} dq ${ref.dq[k]}`);
        wq = Math.max(wq, eq);
        wdq = Math.max(wdq, ed);
        held += row[is];
      });
      if (r.name === 'held') {
        assert.ok(held > rows.length / 2, `held ${held} of ${rows.length}`);
        const loose = mujocoRun({ ...r, p: { ...r.p, frictionloss: 0 } }, rows.length);
        assert.ok(r.q0 - Math.min(...loose.q) > 0.2, 'without frictionloss the arm falls');
      }
      console.log(`bench-native vs MuJoCo 3.14, ${r.name}: max |Δq| ${wq.toExponential(2)} rad, max |Δdq| ${wdq.toExponential(2)} rad/s, held ${held}`);

      // the CLI, from the native params file the core writes
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-native-'));
      try {
        const file = path.join(dir, 'native.json');
        fs.writeFileSync(file, core.native.paramsText({ ...core.native.defaults('xl330'), ...r.p }, 'xl330'));
        const out = spawnSync(CLI, ['run', 'bench-native', `params=${file}`, `trajectory=${r.trajectory}`, `q0=${r.q0}`,
          `log_kp=${r.log_kp}`, `duration=${DURATION}`], { encoding: 'utf8', maxBuffer: 1 << 28 });
        assert.equal(out.status, 0, out.stderr);
        const lines = out.stdout.trim().split('\n');
        assert.deepEqual(lines[0].split(','), cols);
        assert.equal(lines.length - 1, rows.length);
        let wc = 0;
        for (let k = 0; k < rows.length; k++) {
          const v = lines[k + 1].split(',').map(Number);
          // the CLI's q and dq against MuJoCo itself, as the core's
          if (Math.abs(v[iq] - ref.q[k]) > TOL || Math.abs(v[idq] - ref.dq[k]) > TOL) {
            assert.fail(`${r.name} CLI row ${k}: q ${v[iq]} dq ${v[idq]}, MuJoCo q ${ref.q[k]} dq ${ref.dq[k]}`);
          }
          for (let c = 0; c < cols.length; c++) {
            const e = Math.abs(v[c] - rows[k][c]);
            if (e > CLI_TOL * Math.max(1, Math.abs(rows[k][c]))) assert.fail(`${r.name} CLI row ${k} ${cols[c]}: ${v[c]}, the core's ${rows[k][c]}`);
            wc = Math.max(wc, e);
          }
        }
        console.log(`friction run bench-native, ${r.name}: max |CLI − wasm core| ${wc.toExponential(2)} over ${cols.length} columns`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('refuses M-model keys in a native file, in one sentence (exit 2)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-native-'));
    try {
      const file = path.join(dir, 'mixed.json');
      fs.writeFileSync(file, JSON.stringify({ model: 'native', actuator: 'xl330', frictionloss: 0.1, friction_base: 0.05 }));
      const out = spawnSync(CLI, ['run', 'bench-native', `params=${file}`], { encoding: 'utf8' });
      assert.equal(out.status, 2);
      assert.equal(out.stdout, '');
      assert.match(out.stderr, /"friction_base"/);
      assert.equal(out.stderr.trim().split('\n').length, 1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
