// tools/sample.mjs DIR: writes the bundled sample (samples/README.md) into DIR:
//   xl330-sin_sin-simulated.json  a pendulum log SIMULATED by the core (not
//                                 recorded): the bench scenario (Duclusaud &
//                                 Passault, Algorithm 1, friction=clip) with
//                                 the published XL330 M6 preset following the
//                                 reference's sin_sin goal for 4 s at 10 ms,
//                                 its angle rounded to the XL330's encoder
//                                 (4096 ticks per turn) as a recorded log is;
//                                 the header's "comment" says it is simulated
//   xl330-m6-params.json          the preset it was simulated with, written by
//                                 the core's params writer (core.io.paramsText,
//                                 fric_io_params_write, as `friction fit --out`)
// Everything comes from the core through the wasm wrapper (build/wasm: `make
// wasm`), so the same command gives the same bytes (tests/web/sample.test.mjs
// regenerates and compares). `make sample` runs it into samples/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFrictionCore } from '../wasm/friction.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the sample is: the bench run and the log header it becomes. */
export const SAMPLE = {
  log: 'xl330-sin_sin-simulated.json',
  params: 'xl330-m6-params.json',
  actuator: 'xl330',
  model: 'm6',
  trajectory: 'sin_sin',
  rate: 100,          // samples per second: dt = 1/rate = 0.01 s
  seconds: 4,         // 400 entries
  mass: 0.49,         // kg, the shared logs' bench
  length: 0.1,        // m
  kp: 400,            // the XL330 preset's gain
  vin: 7.4,           // V
  ticks: 4096,        // encoder ticks per turn (XL330: 12 bits)
};

export const COMMENT = 'SIMULATED, not recorded: written by tools/sample.mjs (make sample) from the core\'s '
  + 'bench (Duclusaud & Passault, Algorithm 1, friction=clip) with the published XL330 M6 preset '
  + '(xl330-m6-params.json), following the sin_sin goal for 4 s at 10 ms; angles rounded to the '
  + 'encoder (4096 ticks per turn). A sample to try Replay and Fit without recorded logs.';

/** The two files' texts, from a loaded core. */
export function sampleTexts(core) {
  const S = SAMPLE, dt = 1 / S.rate, n = S.seconds * S.rate;
  const preset = core.bench.presets().find((p) => p.actuator === S.actuator && `m${p.model}` === S.model);
  if (!preset) throw new Error(`no published preset ${S.actuator} ${S.model}`);
  const sim = core.scenario.simulation('bench', {
    actuator: S.actuator, model: S.model, friction: 'clip', trajectory: S.trajectory,
    mass: S.mass, length: S.length, kp: S.kp, vin: S.vin, dt, duration: S.seconds, every: 1,
    // the params file's servo values (q_offset included: the scenario's default is 0, an ideal bench)
    ...preset.servo,
  });
  let rows, count;
  try {
    ({ rows, count } = sim.step(n + 1));
  } finally {
    sim.free();
  }
  if (count !== n) throw new Error(`the bench gave ${count} rows, expected ${n}`);
  const c = Object.fromEntries(sim.cols.map((name, i) => [name, i])), W = sim.cols.length;
  const tick = (2 * Math.PI) / S.ticks;
  const entries = [];
  for (let k = 0; k < n; k++) {
    const q = rows[k * W + c.q], goal = rows[k * W + c.goal];
    // the row at t_k: the angle at t_k and the goal of the step from t_k (the
    // replay's order: record q_k, then step toward goal_k)
    entries.push(`    {"timestamp": ${k / S.rate}, "position": ${JSON.stringify(Math.round(q / tick) * tick + 0)}, `
      + `"goal_position": ${JSON.stringify(goal)}, "torque_enable": true}`);
  }
  const head = { comment: COMMENT, mass: S.mass, length: S.length, kp: S.kp, vin: S.vin, dt, motor: S.actuator,
    trajectory: S.trajectory };
  const log = `{\n${Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`).join('\n')}\n`
    + `  "entries": [\n${entries.join(',\n')}\n  ]\n}\n`;
  const params = core.io.paramsText({ actuator: preset.actuator, servo: preset.servo,
    friction: preset.friction });
  return { log, params };
}

async function main() {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node tools/sample.mjs DIR (writes the simulated sample log and its params file)');
    process.exit(2);
  }
  const wasm = path.join(ROOT, 'build/wasm/friction_core.wasm');
  if (!fs.existsSync(wasm)) {
    console.error(`tools/sample.mjs: ${wasm} is missing; run \`make wasm\` first.`);
    process.exit(2);
  }
  const core = await loadFrictionCore({ wasmBinary: fs.readFileSync(wasm) });
  const { log, params } = sampleTexts(core);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, SAMPLE.log), log);
  fs.writeFileSync(path.join(dir, SAMPLE.params), params.endsWith('\n') ? params : `${params}\n`);
  console.log(`wrote ${path.join(dir, SAMPLE.log)} (${log.length} bytes) and ${path.join(dir, SAMPLE.params)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
