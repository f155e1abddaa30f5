// bench_robot.mjs: `make bench` (bench-robot) -- the cost of an adopted
// robot's step in wasm (MuJoCo 3.14 from npm and the core's wasm under Node,
// the page's own web/src/mujoco/robot.js) over MuJoCo's own step of the
// same file as written, on the two worked examples of ../shared/data:
//   so101   the SO-101 arm, six STS3215 (sts3215/m1 on class sts3215)
//   2r      the paper's 2R arm, MX-106 + MX-64 (M4 each)
// Per robot, in one run and in rotating order: (C) the adopted step
// (mj_step1, the core's orchestration with MuJoCo's arrays copied in and
// out, mj_step2), MuJoCo's own step of the same adopted model without the
// adapter (mj_step1 + mj_step2: the ratio is (C) over it, the adapter's
// share the difference), and beside them (A) mj_step of the file as written
// (its frictionloss, damping, actuators: its constraint rows).
// Both copies hold at their start pose (the SO-101's slipping joints settle
// in the first simulated second, before timing), so the timed steps are the
// steady hold the page shows. The figure kept is the minimum over the rounds.
//
//   node benchmarks/bench_robot.mjs [--short] [--json PATH]
//
// Output: a table on stdout and build/bench/robot.json (robot-short.json with
// --short). Exit 0 when the run completes, 1 on a failure, 2 for a bad
// argument; a robot whose files are missing is reported as skipped.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import loadMujoco from '@mujoco/mujoco';
import { loadFrictionCore } from '../wasm/friction.js';
import { createRobotPair } from '../web/src/mujoco/robot.js';
import { readFolder } from '../tools/robot.mjs';
import { EXAMPLES } from '../web/src/mujoco/examples.js';
import { exampleDir } from '../tools/examples.mjs';
import { benchArgs } from './args.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROBOTS = EXAMPLES.map((ex) => ({ id: ex.id, dir: exampleDir(ex), mapping: ex.mapping }));

const { short, jsonPath: jsonArg } = benchArgs('bench_robot');
const jsonPath = jsonArg ?? path.join(ROOT, `build/bench/robot${short ? '-short' : ''}.json`);
const ROUNDS = short ? 3 : 7, STEPS = short ? 300 : 1000, BLOCK = 20;

const [mj, core] = await Promise.all([loadMujoco(),
  loadFrictionCore({ wasmBinary: fs.readFileSync(path.join(ROOT, 'build/wasm/friction_core.wasm')) })]);

/** µs per step of fn over STEPS steps. */
function time(fn) {
  const t0 = performance.now();
  fn(STEPS);
  return (1e3 * (performance.now() - t0)) / STEPS;
}

const results = [];
for (const r of ROBOTS) {
  if (!fs.existsSync(r.dir)) {
    results.push({ robot: r.id, skipped: `missing shared data: ${r.dir}` });
    continue;
  }
  const pair = createRobotPair(mj, core, { files: readFolder(r.dir, null, core), mapping: r.mapping });
  try {
    const { A, C } = pair;
    pair.step(Math.round(1 / C.m.opt.timestep));        // settle: the timed steps are the hold
    const sim = C.sim;
    // the held state, restored before every block: a block of steps without
    // the adapter (the bare MuJoCo step of the adopted model) would let the
    // arm fall, and a fallen arm costs MuJoCo more (contacts)
    const save = (d) => ({ qpos: d.qpos.slice(), qvel: d.qvel.slice(), warm: d.qacc_warmstart.slice(), time: d.time });
    const restore = (d, x) => { d.qpos.set(x.qpos); d.qvel.set(x.qvel); d.qacc_warmstart.set(x.warm); d.time = x.time; };
    const heldA = save(A.d), heldC = save(C.d);
    const block = (d, held, fn) => (n) => { for (let s = 0; s < n; s += BLOCK) { restore(d, held); fn(Math.min(BLOCK, n - s)); } };
    const a = [], c = [], bare = [];
    for (let k = 0; k < ROUNDS; k++) {
      const runs = [
        () => a.push(time(block(A.d, heldA, (n) => { for (let s = 0; s < n; s++) mj.mj_step(A.m, A.d); }))),
        () => c.push(time(block(C.d, heldC, (n) => sim.step(n)))),
        () => bare.push(time(block(C.d, heldC, (n) => { for (let s = 0; s < n; s++) { mj.mj_step1(C.m, C.d); mj.mj_step2(C.m, C.d); } }))),
      ];
      for (let i = 0; i < runs.length; i++) runs[(i + k) % runs.length]();
    }
    restore(C.d, heldC);
    const min = (x) => Math.min(...x), med = (x) => [...x].sort((p, q) => p - q)[x.length >> 1];
    const row = { robot: r.id, nv: A.m.nv, joints: pair.rows.length, timestep: A.m.opt.timestep,
      file_step_us: min(a), adopted_step_us: min(c), bare_step_us: min(bare),
      ratio: min(c) / min(bare), adapter_share: (min(c) - min(bare)) / min(c),
      median: { file_step_us: med(a), adopted_step_us: med(c), bare_step_us: med(bare) } };
    results.push(row);
  } finally {
    pair.free();
  }
}

console.log('robot   dof  (C) adopted step [µs]  MuJoCo\'s own step of it [µs]  ratio  adapter share   (A) file as written [µs]');
for (const x of results) {
  if (x.skipped) { console.log(`${x.robot.padEnd(8)}skipped: ${x.skipped}`); continue; }
  console.log(`${x.robot.padEnd(8)}${String(x.nv).padStart(3)}${x.adopted_step_us.toFixed(1).padStart(22)}${x.bare_step_us.toFixed(1).padStart(30)}${x.ratio.toFixed(2).padStart(7)}${(100 * x.adapter_share).toFixed(1).padStart(13)} %${x.file_step_us.toFixed(1).padStart(27)}`);
}
fs.mkdirSync(path.dirname(jsonPath), { recursive: true });
fs.writeFileSync(jsonPath, `${JSON.stringify({ short, rounds: ROUNDS, steps: STEPS, mujoco: '3.14 (npm, wasm)', node: process.version, results }, null, 2)}\n`);
console.log(`bench_robot: ${path.relative(ROOT, jsonPath)}`);
