// tools/readme_figures.mjs [--bench DIR] [--e2e FILE] [FILE.md ...]: `make
// readme-figures` (after `make bench` and the browser test). Rewrites, in
// README.md and docs/performance.md (or the files named), every generated
// block between the lines <!-- NAME:begin --> and <!-- NAME:end -->; nothing
// else in the files changes. The figures are never copied by hand.
//
//   headline      README: the speed targets and the main figures, one line each
//   bench-core    functions against exp() (build/bench/core.json, bench_core)
//   bench-targets the targets of bench_core with met / missed
//   bench-systems pendulum steps/s, the lane kernel, the native fit on 1 and 2
//                 threads, every scenario, the replay of the shared logs
//                 (build/bench/systems.json, bench_systems)
//   bench-wasm    wasm against native, same kernels (build/bench/wasm.json)
//   fit-models    the fit of every model M1..M6 on the 16 xl330 logs split
//                 8/8, validation and training MAE of fit and published
//                 preset (the paper's Fig. 5 as a table) (build/bench/fit.json,
//                 bench_fit)
//   fit-speed     the M4 fit: wall time on every core and on one, evals/s,
//                 steps/s, three seeds (build/bench/fit.json)
//   fit-targets   bench_fit's targets with met / missed (build/bench/fit.json)
//   fit-browser   the same M4 fit in the browser's Fit view (Web Workers) and
//                 natively right after it, measured by the check "fit: timed
//                 full M4 fit" of tests/web/e2e.d/fit.mjs (build/e2e/fit-time.json)
//   chain-cost    one step of the robot-arm methods against the number of
//                 joints n, both contacts active (build/bench/chain.json,
//                 bench_chain; the paper's Fig. 13)
//   mujoco-adopted the same natively, MuJoCo 2.2.2, on arms written for it
//                 (build/bench/mujoco.json, bench_mujoco)
//   bench-robot   an adopted robot's step over MuJoCo's own step in wasm, the
//                 SO-101 and the 2R arm (build/bench/robot.json, bench_robot.mjs)
//   arm-frame-time work per animation frame of the Robot arm view, a 10-link
//                 chain with both methods at 1 kHz, measured by the check "arm:
//                 frame time of a 10-link chain" of tests/web/e2e.d/arm.mjs
//                 (build/e2e/arm-frame-time.json)
//   frame-time    work per animation frame of the live bench, measured by the
//                 check "pendulum: work per animation frame at 1 kHz physics"
//                 of tests/web/e2e.mjs (build/e2e/frame-time.json)
//
// Each JSON is the full run's (core.json) or, when only that exists, the
// short run's (core-short.json, said so in the block). A block whose JSON is
// missing is left as it is and named on stderr; exit 1 when a file has no
// block at all or a JSON cannot be read.
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
let benchDir = 'build/bench', e2eJson = 'build/e2e/frame-time.json';
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--bench' && i + 1 < args.length) benchDir = args[++i];
  else if (args[i] === '--e2e' && i + 1 < args.length) e2eJson = args[++i];
  else if (args[i].startsWith('--')) fail(`unknown option '${args[i]}'`);
  else files.push(args[i]);
}
if (!files.length) files.push('README.md', 'docs/performance.md');

function fail(msg) {
  console.error(`readme_figures: ${msg}`);
  process.exit(1);
}
function readJson(p) {
  try {
    return JSON.parse(fs.readFileSync(p, 'utf8'));
  } catch (e) {
    return fail(`${p} is not JSON (${e.message})`);
  }
}
/** { data, file, short, date } of build/bench/NAME.json, else of NAME-short.json, else null. */
function bench(name) {
  for (const [f, short] of [[`${name}.json`, false], [`${name}-short.json`, true]]) {
    const p = path.join(benchDir, f);
    if (fs.existsSync(p)) return { data: readJson(p), file: p, short, date: fs.statSync(p).mtime.toISOString().slice(0, 10) };
  }
  return null;
}

const fin = (v) => typeof v === 'number' && Number.isFinite(v);
const f2 = (v, d = 2) => (fin(v) ? v.toFixed(Math.abs(v) >= 1000 ? 0 : d) : '–');
const msps = (v) => (fin(v) ? (v / 1e6).toFixed(1) : '–');
const source = (b, what) => `${what}: \`${b.file}\` (${b.short ? '**short run**, ' : ''}${b.date}${b.data.cpu ? `, ${b.data.cpu}` : ''}).`;
const table = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`,
  ...rows.map((r) => `| ${r.map((c) => String(c).replace(/(?<!\\)\|/g, '\\|')).join(' | ')} |`)];

// Names of bench_core's functions as the tables show them; an id not listed
// here (a benchmark added later) is shown as its id.
const CORE_NAMES = {
  exp: '`exp()` (libm), the reference',
  lambert_w0: '`fric_lambert_w0`, x uniform on [−1/e, 1000]',
  lambert_w0_neg: '`fric_lambert_w0`, x on [−1/e, 0)',
  phi_z_coulomb_viscous: '`fric_phi_z` Coulomb-viscous',
  phi_z_stribeck_a1: '`fric_phi_z` Stribeck α = 1',
  phi_z_stribeck_a1_outside: '`fric_phi_z` Stribeck α = 1, \\|x\\| > Z·Fs',
  phi_z_stribeck_a2: '`fric_phi_z` Stribeck α = 2 (bracketed Newton)',
  phi_z_rational: '`fric_phi_z` rational',
  lut_phi_z_stribeck_a1: '`fric_lut_phi_z` Stribeck α = 1, tol 1e-9·Fs',
};

function benchCore() {
  const b = bench('core');
  if (!b) return null;
  const rows = Object.entries(b.data.functions || {}).map(([id, r]) => (r.measured === false
    ? [CORE_NAMES[id] || `\`${id}\``, `not measured: ${r.problem}`, '', '', '']
    : [CORE_NAMES[id] || `\`${id}\``, f2(r.throughput_ns), f2(r.latency_ns), f2(r.throughput_ratio_exp), f2(r.latency_ratio_exp)]));
  return [source(b, `${b.data.statistic || 'ns per call'}, ${b.data.rounds} rounds of ${b.data.inputs_per_array} inputs`), '',
    ...table(['function', 'throughput ns', 'latency ns', 'thr/exp', 'lat/exp'], rows)];
}

function met(ok) {
  return ok === true ? 'met' : ok === false ? '**missed**' : '–';
}
function benchTargets() {
  const b = bench('core');
  if (!b) return null;
  const rows = (b.data.targets || []).map((t) => [t.text, `${f2(t.throughput)} (≤ ${f2(t.throughput_limit)}): ${met(t.met_throughput)}`,
    `${f2(t.latency)} (≤ ${f2(t.latency_limit)}): ${met(t.met_latency)}`]);
  return [source(b, 'Targets of `bench_core`'), '', ...table(['target', 'throughput', 'latency'], rows)];
}

function benchSystems() {
  const b = bench('systems');
  if (!b) return null;
  const d = b.data, out = [source(b, 'Million steps (rows) per second'), ''];
  if (Array.isArray(d.pendulum) && d.pendulum.length) {
    const fr = [...new Set(d.pendulum.map((r) => r.friction))];
    const presets = [...new Set(d.pendulum.map((r) => r.preset))];
    const cell = (p, f, k) => msps(d.pendulum.find((r) => r.preset === p && r.friction === f)?.[k]);
    const rows = [];
    for (const p of presets) {
      rows.push([`${p}, one bench`, ...fr.map((f) => cell(p, f, 'steps_per_s'))]);
      if (d.pendulum.some((r) => r.preset === p && fin(r.steps_per_s_4_interleaved))) {
        rows.push([`${p}, 4 interleaved`, ...fr.map((f) => cell(p, f, 'steps_per_s_4_interleaved'))]);
      }
    }
    out.push('Pendulum bench, `fric_bench_step`:', '', ...table(['preset', ...fr], rows), '');
  }
  // figures added to the JSON later (e.g. a batched evaluation) are listed as they are
  if (Array.isArray(d.batch) && d.batch.some((r) => r.kernel) && fin(d.exp_ns)) {
    // the lane kernel and the scalar step as ratios to exp() in the same run
    const kname = { scalar: 'scalar batch, exact (`fric_bench_batch_mae`)', generic: 'lane kernel, generic 2×128 bits (wasm SIMD128\'s)',
      avx2: 'lane kernel, AVX2 4×256 bits', avx512: 'lane kernel, AVX-512 8×512 bits' };
    const rows = [];
    for (const fr of [...new Set(d.batch.map((r) => r.friction))]) {
      const one = d.batch.find((r) => r.friction === fr);
      const lim1 = fr === 'implicit' ? 10 : 8;
      rows.push([fr, 'scalar step, one bench (`fric_bench_step`)', msps(one.single_bench_steps_per_s), f2(one.single_bench_x_exp),
        `≤ ${lim1}: ${one.single_bench_x_exp <= lim1 ? 'met' : '**missed**'}`]);
      for (const r of d.batch.filter((x) => x.friction === fr)) {
        rows.push([fr, kname[r.kernel] ?? r.kernel, fin(r.log_steps_per_s) ? msps(r.log_steps_per_s) : '– (not measured)', f2(r.x_exp),
          r.kernel === 'scalar' || !fin(r.x_exp) ? '' : `≤ 2.5: ${r.x_exp <= 2.5 ? 'met' : '**missed**'}`]);
      }
    }
    out.push(`Batched evaluation of 16 synthetic 6 s logs (xl330 M6), and one bench, per log-step as a ratio to one \`exp()\` `
      + `(${f2(d.exp_ns)} ns in this run, throughput; lane kernel picked here: ${d.lanes_isa}; targets for a fit in a second):`, '',
    ...table(['treatment', 'evaluation', 'M log-steps/s', '× exp()', 'target'], rows), '');
  }
  const ft = d.fit_threads;
  if (ft && Array.isArray(ft.runs) && ft.runs.length) {
    // the native fit on 1 and 2 threads, with the load average around each run
    const rows = ft.runs.map((r) => [String(r.threads), f2(r.wall_s), f2(r.cpu_s),
      `${fin(r.load_before) ? r.load_before.toFixed(1) : '–'} → ${fin(r.load_after) ? r.load_after.toFixed(1) : '–'}`]);
    const r1 = ft.runs.find((r) => r.threads === 1), r2 = ft.runs.find((r) => r.threads === 2);
    out.push(`Native fit by threads: M${ft.model} from scratch, ${ft.budget} evaluations of ${ft.logs} xl330 logs, seed 1 `
      + `(the shorter of two runs each; wall time moves with the load of the shared machine)`
      + `${r1 && r2 ? `: speed-up ${f2(r1.wall_s / r2.wall_s)}× on 2 threads` : ''}; `
      + `the same parameters bit for bit on both: ${ft.identical ? 'yes' : '**no**'}.`, '',
    ...table(['threads', 'wall s', 'CPU s', 'load average (before → after)'], rows), '');
  }
  const known = new Set(['schema', 'mode', 'cpu', 'compiler', 'pendulum', 'scenarios', 'replay', 'batch', 'exp_ns', 'lanes_isa',
    'fit_threads']);
  const flat = [];
  const walk = (o, pre) => {
    for (const [k, v] of Object.entries(o)) {
      if (v && typeof v === 'object' && !Array.isArray(v)) walk(v, `${pre}${k}.`);
      else if (Array.isArray(v)) v.forEach((e, i) => (e && typeof e === 'object' ? walk(e, `${pre}${k}[${i}].`) : flat.push([`${pre}${k}[${i}]`, e])));
      else flat.push([`${pre}${k}`, v]);
    }
  };
  for (const [k, v] of Object.entries(d)) if (!known.has(k)) walk({ [k]: v }, '');
  if (flat.length) out.push(...table(['figure', 'value'], flat.map(([k, v]) => [`\`${k}\``, fin(v) ? String(+v.toPrecision(4)) : String(v)])), '');
  if (Array.isArray(d.scenarios) && d.scenarios.length) {
    const rows = d.scenarios.map((r) => [r.scenario, r.friction ?? '', msps(r.rows_per_s)]);
    out.push('Every scenario and treatment through the scenario interface:', '',
      ...table(['scenario', 'treatment', 'M rows/s'], rows), '');
  }
  if (d.replay && fin(d.replay.seconds)) {
    out.push(`Replay of all shared logs: ${d.replay.logs} logs, ${d.replay.replays} replays, ${d.replay.samples} samples `
      + `in ${(d.replay.seconds * 1000).toFixed(0)} ms (JSON reading included).`);
  }
  while (out.at(-1) === '') out.pop();
  return out;
}

function benchWasm() {
  const b = bench('wasm');
  if (!b) return null;
  const d = b.data;
  const rows = (d.kernels || []).map((k) => [k.kernel, `${f2(k.native_min)} → ${f2(k.wasm_min)} ${k.unit}`, `${f2(k.ratio)}×`,
    `${f2(k.ratio_median)}×`, k.checksums_agree === false ? '**checksums differ**' : met(k.met)]);
  const out = [source(b, `wasm/native under Node ${d.node || ''}, ${d.rounds} rounds, min over rounds`), '',
    ...table(['kernel', 'native → wasm', 'ratio', 'ratio of medians', `≤ ${d.target_ratio}×`], rows)];
  for (const s of d.skipped || []) out.push('', `Not measured: ${s.name}: ${s.why}`);
  return out;
}

const mae = (v) => (fin(v) ? v.toFixed(4) : '–');
function fitModels() {
  const b = bench('fit');
  if (!b) return null;
  const d = b.data;
  const rows = (d.models || []).map((m) => [m.model.toUpperCase(), m.start_from ? `from ${m.start_from.toUpperCase()}` : 'scratch',
    mae(m.published_valid), `**${mae(m.fit_valid)}**`, mae(m.published_train), mae(m.fit_train), m.evals, f2(m.wall_s)]);
  const s = d.split || {};
  const names = (k) => (s[k] || []).map((l) => `kp ${l.kp} ${l.trajectory}`).join(', ');
  const bm = d.budget_by_model || [];
  const per = bm.length === 6 && bm[3] !== bm[0] ? `${bm[0]} evaluations per model (M4–M6: ${bm[3]}, two tries)` : `${d.budget} evaluations per model`;
  return [source(b, `${d.actuator} logs, ${per}, seed ${d.seed}, ${d.threads} threads`), '',
    `Split 8/8, every kp and every trajectory in both halves: ${s.rule || ''}. Training: ${names('training')}; validation: ${names('validation')}. `
      + 'Each model starts from the fitted simpler model it contains with the lowest training loss (`friction fit --model all`).', '',
    ...table(['model', 'start', 'published, validation MAE [rad]', 'fit, validation MAE [rad]', 'published, training', 'fit, training', 'evals', 'wall s'], rows)];
}

function fitSpeed() {
  const b = bench('fit');
  if (!b) return null;
  const d = b.data, sp = d.m4_speed || {};
  const seeds = (d.m4_seeds || []).map((r) => `seed ${r.seed}: ${mae(r.fit_valid)} rad`).join(', ');
  const la = d.load_average_1min || {};
  const load = fin(la.start) ? ` Load average ${la.start.toFixed(1)} at the start, ${fin(la.end) ? la.end.toFixed(1) : '–'} at the end (a shared machine: wall times move with it).` : '';
  return [source(b, `M4 from scratch on the 8 training logs, one try of ${d.budget} evaluations`) + load, '',
    `- wall time (seed 1, the shorter of two runs each): **${f2(sp.wall_s)} s** on ${sp.threads} threads, ${f2(sp.wall_s_1_thread)} s on one (speed-up ${f2(sp.speedup)}×; `
      + `the fits are ${sp.identical ? 'bit-identical' : '**not identical**'})`,
    `- ${fin(sp.evals_per_s) ? sp.evals_per_s.toFixed(0) : '–'} evaluations/s, ${msps(sp.steps_per_s)} M bench steps/s of wall time; `
      + `${msps(sp.steps_per_cpu_s)} M bench steps per CPU-second on one thread (${f2(sp.cpu_s_1_thread)} CPU-s: the load of the shared machine does not enter it)`,
    `- validation MAE of three seeds: ${seeds} (spread ${f2(d.m4_seed_spread_pct, 1)} %)`,
    ...(d.fast_vs_exact ? [fastExact(d.fast_vs_exact)] : [])];
}

/** The fit minimises the lane kernel's fast loss; how far it is from the exact one. */
function fastExact(x) {
  const g = (v) => (fin(v) ? (v === 0 ? '0' : v.toPrecision(2)) : '–');
  return `- the fit minimises the fast loss (the lane kernel) and reports the exact one: over every candidate of this M4 fit `
    + `(${x.finite} finite of ${x.candidates}, ${x.generations} generations) the fast loss is within **${g(x.max_rel)}** relative of the exact one `
    + `(mean ${g(x.mean_rel)}; ${x.equal} equal bit for bit); the ranking of a generation differs in ${x.generations_rank_changed} of ${x.generations} generations `
    + `(${x.candidates_rank_changed} candidates moved), its best candidate in ${x.generations_best_changed}`;
}

function fitTargets() {
  const b = bench('fit');
  if (!b) return null;
  const rows = (b.data.targets || []).map((t) => [t.text, `${fin(t.value) ? +t.value.toPrecision(4) : '–'} ${t.unit}`,
    `${fin(t.limit) ? +t.limit.toPrecision(4) : '–'} ${t.unit}`, met(t.met)]);
  return [source(b, 'Targets of `bench_fit`'), '', ...table(['target', 'measured', 'limit', ''], rows)];
}

function fitBrowser() {
  const p = path.join(path.dirname(e2eJson), 'fit-time.json');
  if (!fs.existsSync(p)) return null;
  const s = readJson(p);
  for (const k of ['seconds', 'evals', 'workers']) if (!fin(s[k])) fail(`${p} has no number '${k}'`);
  const ratio = fin(s.browser_over_native) ? s.browser_over_native : null;
  const fr = s.frames || {};
  const load = fin(s.load_average_1min) ? `, load average ${s.load_average_1min.toFixed(1)} on ${s.cores} cores` : '';
  return [`The M4 fit of the table above (${s.evals} evaluations, seed ${s.seed}, the same 8 training logs) in the Fit view of headless Chromium, `
    + `${s.workers} evaluation workers with a wasm instance each and a coordinator, measured by \`make test-web\` `
    + `(${String(s.date || '').slice(0, 10) || 'date not recorded'}${load}):`, '',
    `- **${f2(s.seconds)} s** in the page from the click on Fit to the result (worker start-up ${f2(s.startup_seconds)} s included); `
      + (ratio !== null ? `natively, right after it in the same test, \`friction fit\` took ${f2(s.native_seconds)} s: **browser/native ${f2(ratio)}×** `
        + `(target ≤ 1.5×, ${ratio <= 1.5 ? 'met' : '**missed**'}; earlier target ≤ 2.5×, ${ratio <= 2.5 ? 'met' : '**missed**'})`
        + (fin(s.eval_seconds_summed_over_workers) ? `; the workers spent ${f2(s.eval_seconds_summed_over_workers)} s evaluating, summed` : '')
        : 'no native run recorded'),
    `- the fitted parameters equal the one-thread fit in Node bit for bit${fin(s.native_train)
      ? `; the native fit's training MAE ${s.native_train === s.best_train ? 'equals the browser\'s'
        : `differs from the browser's by ${(Math.abs(s.native_train - s.best_train) / s.best_train).toExponential(1)} relative (the last bit of exp differs between wasm's libm and glibc)`}` : ''}. `
      + `Training MAE ${mae(s.best_train)} rad, validation ${mae(s.valid)} rad (published ${mae(s.preset_valid)} rad)`,
    `- the page while fitting: frame interval median ${f2(fr.median_ms, 1)} ms, p95 ${f2(fr.p95_ms, 1)} ms over ${fr.count} frames, ${fr.long_tasks} long task(s) of the page's own`];
}

function chainCost() {
  const b = bench('chain');
  if (!b) return null;
  const d = b.data, rows = d.rows || [];
  const us = (v) => (fin(v) ? (v * 1e6).toFixed(v < 1e-4 ? 2 : 0) : '–');
  const load = fin(d.load_average) ? ` Load average ${d.load_average.toFixed(1)} (a shared machine).` : '';
  return [source(b, `One step (h = ${d.h * 1000} ms) of each method with ${d.contacts_active} contacts active`) + load, '',
    ...table(['n', 'implicit [µs]', 'semi-implicit [µs]', 'implicit / semi-implicit'],
      rows.map((r) => [r.n, us(r.implicit_s), us(r.semi_implicit_s), fin(r.implicit_s / r.semi_implicit_s) ? f2(r.implicit_s / r.semi_implicit_s, 1) : '–'])), '',
    `Log–log slope over n = 10..100: semi-implicit **${f2(d.slope_semi_implicit)}** (target ≤ 1.2, ${met(d.slope_semi_implicit <= 1.2)}), `
      + `implicit ${f2(d.slope_implicit)}; over n = 50..100, where its O(n³) part dominates, implicit **${f2(d.slope_implicit_50_100)}** (target ≈ 3, ${met(d.slope_implicit_50_100 >= 2.5 && d.slope_implicit_50_100 <= 3.5)}); `
      + `implicit / semi-implicit at n = 50: **${f2(d.ratio_n50, 1)}×** (target ≥ 10, ${met(d.ratio_n50 >= 10)}).`];
}

function benchRobot() {
  const b = bench('robot');
  if (!b) return null;
  const names = { so101: 'SO-101 (6 × STS3215 M1)', '2r': 'the 2R arm (MX-106 + MX-64, M4)' };
  const rows = (b.data.results || []).map((r) => (r.skipped
    ? [names[r.robot] || r.robot, 'skipped', r.skipped, '', '', '']
    : [names[r.robot] || r.robot, r.nv, f2(r.adopted_step_us, 1), f2(r.bare_step_us, 1), f2(r.ratio), `${f2(100 * r.adapter_share, 0)} %`, f2(r.file_step_us, 1)]));
  return [source(b, `One step in wasm under Node (${b.data.mujoco}, ${b.data.node}), the best of ${b.data.rounds} rounds of ${b.data.steps} steps, the arm held at home`), '',
    ...table(['robot', 'dof', '(C) adopted step [µs]', 'MuJoCo\'s own step of it [µs]', 'ratio', 'adapter share', '(A) file as written [µs]'], rows)];
}

function mujocoAdopted() {
  const b = bench('mujoco');
  if (!b || !b.data.adopted) return null;
  return [source(b, `Natively (MuJoCo ${b.data.mujoco}), CPU time per step, the arm held after 1 s`), '',
    ...table(['arm (2.2.2 cannot load the SO-101 or the 2R files)', '(C) adopted step [µs]', 'MuJoCo\'s own step of it [µs]', 'ratio', '(A) file as written [µs]'],
      b.data.adopted.map((r) => [r.name, f2(1e6 * r.adopted_step_s, 2), f2(1e6 * r.bare_step_s, 2), f2(r.ratio), f2(1e6 * r.file_step_s, 2)]))];
}

function armFrameTime() {
  const file = path.join(path.dirname(e2eJson), 'arm-frame-time.json');
  if (!fs.existsSync(file)) return null;
  const s = readJson(file);
  for (const k of ['frames', 'p50_ms', 'p95_ms', 'max_ms', 'target_ms', 'n', 'h_s']) {
    if (!fin(s[k])) fail(`${file} has no number '${k}'`);
  }
  const share = s.steps_both_contacts_share || {};
  const load = fin(s.load_average_1min) ? `, load average ${s.load_average_1min.toFixed(1)} on ${s.cores} cores` : '';
  return [`Robot arm view, a ${s.n}-link \`${s.scenario}\` (ground_depth ${s.ground_depth}), ${(s.methods || []).join(' and ')} side by side at h = ${s.h_s * 1000} ms, `
    + `headless Chromium, \`make test-web\` over ${s.frames} frames (${String(s.date || '').slice(0, 10) || 'date not recorded'}${load}): page work per frame `
    + `**p50 ${s.p50_ms.toFixed(2)} ms, p95 ${s.p95_ms.toFixed(2)} ms** (max ${s.max_ms.toFixed(1)} ms; target p95 < ${s.target_ms} ms, ${s.p95_ms < s.target_ms ? 'met' : '**missed**'}). `
    + `Both contacts were active in ${Object.entries(share).map(([m, v]) => `${(100 * v).toFixed(0)} % of the ${m} steps`).join(' and ')}.`];
}

function frameTime() {
  if (!fs.existsSync(e2eJson)) return null;
  const s = readJson(e2eJson);
  for (const k of ['frames', 'median_ms', 'p95_ms', 'target_ms', 'physics_dt_s']) {
    if (!fin(s[k])) fail(`${e2eJson} has no number '${k}'`);
  }
  const load = fin(s.load_average_1min) ? `, load average ${s.load_average_1min.toFixed(1)} on ${s.cores} cores` : '';
  return [`Work per animation frame of the live bench (simulation, picture, handing the steps in view to the chart worker), ${s.treatments ?? 2} treatments at `
    + `dt = ${s.physics_dt_s * 1000} ms, headless Chromium without GPU, measured by \`make test-web\` over ${s.frames} frames `
    + `(${String(s.date || '').slice(0, 10) || 'date not recorded'}${load}): `
    + `**median ${s.median_ms.toFixed(2)} ms, p95 ${s.p95_ms.toFixed(2)} ms** `
    + `(target: p95 < ${s.target_ms} ms, ${s.p95_ms < s.target_ms ? 'met' : '**missed**'}). The charts are drawn by Chart.js `
    + 'in a worker (web/src/workers/liveCharts.js), outside these frames'
    + (s.chart_worker && fin(s.chart_worker.p95_ms)
      ? `: ${s.chart_worker.updates} chart updates there took median ${s.chart_worker.median_ms.toFixed(2)} ms, p95 ${s.chart_worker.p95_ms.toFixed(2)} ms.`
      : '.')];
}

function headline() {
  const out = [];
  const c = bench('core'), s = bench('systems'), w = bench('wasm');
  // the headline speaks of every benchmark: with one missing (only `make
  // test-web` run, say) the block stays as it is rather than losing lines
  if (!c || !s || !w || !bench('fit')) return null;
  if (c) {
    for (const t of c.data.targets || []) {
      out.push(`- ${t.text.replace(/\|/g, '\\|')}: ${f2(t.throughput)} ${t.unit || ''}, ${met(t.met_throughput)}`);
    }
  }
  if (s && Array.isArray(s.data.pendulum)) {
    for (const f of ['clip', 'implicit']) {
      const v = s.data.pendulum.filter((r) => r.friction === f && / m6$/.test(r.preset)).map((r) => r.steps_per_s).filter(fin);
      if (v.length) out.push(`- M6 pendulum step, one bench, \`${f}\`: ${msps(Math.min(...v))}–${msps(Math.max(...v))} M steps/s`);
    }
  }
  if (s && Array.isArray(s.data.batch)) {
    const lane = s.data.batch.find((r) => r.friction === 'clip' && r.kernel === s.data.lanes_isa);
    const exact = s.data.batch.find((r) => r.friction === 'clip' && r.kernel === 'scalar');
    if (lane && fin(lane.log_steps_per_s)) {
      out.push(`- identification's lane kernel (${lane.kernel}, M6 \`clip\`): ${msps(lane.log_steps_per_s)} M log-steps/s on one core, `
        + `${f2(lane.x_exp)}× exp() (target ≤ 2.5×)${exact ? `; the exact batch: ${msps(exact.log_steps_per_s)} M` : ''}`);
    }
  }
  if (w && Array.isArray(w.data.kernels) && w.data.kernels.length) {
    const r = w.data.kernels.map((k) => k.ratio).filter(fin);
    out.push(`- wasm/native, same kernels: ${f2(Math.min(...r))}–${f2(Math.max(...r))}× (target ≤ ${w.data.target_ratio}×)`);
  }
  const fb = bench('fit');
  if (fb && fb.data.m4_speed) {
    const m4 = (fb.data.models || []).find((m) => m.model === 'm4');
    const la = fb.data.load_average_1min || {};
    out.push(`- M4 fit, ${fb.data.budget} evaluations of 8 xl330 logs, native: ${f2(fb.data.m4_speed.wall_s)} s on ${fb.data.m4_speed.threads} threads`
      + `${fin(la.start) ? ` at load average ${la.start.toFixed(1)}` : ''} (target ≤ 5 s; for a fit in a second ≤ 1 s), ${f2(fb.data.m4_speed.cpu_s_1_thread)} CPU-s on one thread`
      + (m4 ? `; validation MAE ${mae(m4.fit_valid)} rad, published ${mae(m4.published_valid)} rad` : ''));
  }
  if (fs.existsSync(e2eJson)) {
    const e = readJson(e2eJson);
    if (fin(e.p95_ms)) out.push(`- live bench, work per animation frame: p95 ${e.p95_ms.toFixed(2)} ms (target < ${e.target_ms} ms)`);
  }
  if (!out.length) return null;
  const when = [c, s, w, fb].filter(Boolean).map((b) => `\`${b.file}\`${b.short ? ' (short run)' : ''} ${b.date}`).join(', ');
  return [`From ${when || '`build/e2e/frame-time.json`'}; tables and notes in [docs/performance.md](docs/performance.md).`, '', ...out];
}

const BLOCKS = {
  headline, 'bench-core': benchCore, 'bench-targets': benchTargets, 'bench-systems': benchSystems,
  'bench-wasm': benchWasm, 'frame-time': frameTime,
  'fit-models': fitModels, 'fit-speed': fitSpeed, 'fit-targets': fitTargets, 'fit-browser': fitBrowser,
  'chain-cost': chainCost, 'arm-frame-time': armFrameTime, 'bench-robot': benchRobot, 'mujoco-adopted': mujocoAdopted,
};

for (const file of files) {
  let text = fs.readFileSync(file, 'utf8');
  let found = 0;
  for (const [name, make] of Object.entries(BLOCKS)) {
    const BEGIN = `<!-- ${name}:begin -->`, END = `<!-- ${name}:end -->`;
    const a = text.indexOf(BEGIN), b = text.indexOf(END);
    if (a < 0) continue;
    if (b < a) fail(`${file}: '${BEGIN}' without '${END}' after it`);
    found++;
    const lines = make();
    if (!lines) {
      console.error(`readme_figures: ${file}: block ${name} left as it is (no JSON for it: run make bench / make test-web)`);
      continue;
    }
    text = text.slice(0, a) + [BEGIN, ...lines, END].join('\n') + text.slice(b + END.length);
    console.log(`readme_figures: ${file}: ${name} updated`);
  }
  if (!found) fail(`${file} has no generated block (<!-- NAME:begin --> … <!-- NAME:end -->)`);
  fs.writeFileSync(file, text);
}
