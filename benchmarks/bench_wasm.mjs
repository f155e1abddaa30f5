// bench_wasm.mjs: `make bench` (bench-wasm) -- the speed of the WebAssembly
// core under Node against the same C compiled natively, in one run.
//
//   node benchmarks/bench_wasm.mjs [--short] [--json PATH]
//
// The kernels (benchmarks/kernels.c) are compiled twice: into the bench wasm
// core build/wasm-bench/ (exported by benchmarks/bench_exports.c; the explorer's
// build/web/friction_core.wasm has none of it) and into build/native/bench_kernels,
// which this script runs as a child process and drives over a pipe. Both
// sides time one call of the same C loop on the same inputs (generated from
// the same seed by kern_fill_x), native with CLOCK_MONOTONIC, wasm with
// performance.now() around the exported call. Rounds alternate native and
// wasm (and which goes first), so both see the same machine load; the figure
// kept is the minimum over the rounds (the median is in the JSON).
//
// Kernels:
//   phi_z <law>   fric_phi_z over 4096 inputs (four classes: band, near the
//                 band edge, transition, tail; as benchmarks/bench_core.c),
//                 Z = 1/55 (K 5000, T 1e-3, B 50); laws of Cisneros et al.:
//                 Coulomb-viscous Fc 1, D 4.5; Stribeck α = 1, Fs 2.5, Fc 0.4,
//                 vs 0.06, D 4.5; rational Fs 2.5, Fc 0.2, vs 0.04, D 4.5.
//                 Reported as ns per call.
//   scenario bench  the pendulum bench through the scenario interface
//                 (init, then step() in C inside the kernel, restarting when
//                 a run ends), defaults. Reported as ns per output row.
//   lane kernel   the multi-lane pendulum kernel (fric_bench_batch_mae_lanes,
//                 identification's inner loop), 2 parameter sets × 8 synthetic logs, xl330 M6,
//                 clip, the generic 2 × 128-bit code on both sides (SSE2
//                 natively, SIMD128 in wasm). Reported as ns per log-step.
// Target: wasm/native <= 1.5 for each kernel. Checksums of the two sides must
// agree to 1e-12 relative, the lane kernel's bit for bit (a consistency
// check: its math is the core's own, lanes.h), else the run is reported
// broken and exits 1.
//
// Output: a table on stdout and the figures as JSON (build/bench/wasm.json,
// build/bench/wasm-short.json with --short, or PATH). Exit 0 when the run
// completes (missed targets included), 1 on a failure, 2 for a bad argument.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchArgs } from './args.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NATIVE = path.join(ROOT, 'build/native/bench_kernels');
const WASM_JS = path.join(ROOT, 'build/wasm-bench/friction_core.mjs');
const WASM_BIN = path.join(ROOT, 'build/wasm-bench/friction_core.wasm');
const TARGET = 1.5;
const CHECK_REL = 1e-12;
const N_IN = 4096;
const SEED = 20060601;

const { short, jsonPath: jsonArg } = benchArgs('bench_wasm');
const jsonPath = jsonArg || path.join(ROOT, short ? 'build/bench/wasm-short.json' : 'build/bench/wasm.json');
// Per kernel: rounds, and the native time one call aims at.
const MODE = short ? { name: 'short', rounds: 120, callMs: 0.5 } : { name: 'full', rounds: 300, callMs: 2 };

for (const f of [NATIVE, WASM_JS, WASM_BIN]) {
  if (!fs.existsSync(f)) {
    console.error(`bench_wasm: ${path.relative(ROOT, f)} is missing (make bench builds it)`);
    process.exit(1);
  }
}

// ------------------------------------------------------------ native side
const child = spawn(NATIVE, [], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = readline.createInterface({ input: child.stdout });
const waiting = [];
lines.on('line', (l) => { const w = waiting.shift(); if (w) w.resolve(l); });
child.on('exit', (code) => { for (const w of waiting.splice(0)) w.reject(new Error(`bench_kernels exited (${code})`)); });
function native(cmd) {
  return new Promise((resolve, reject) => {
    waiting.push({ resolve, reject });
    child.stdin.write(`${cmd}\n`);
  }).then((l) => {
    if (l.startsWith('error')) throw new Error(`bench_kernels: ${cmd}: ${l.slice(6)}`);
    return l.split(' ');
  });
}

// -------------------------------------------------------------- wasm side
const { default: createFrictionCore } = await import(WASM_JS);
const m = await createFrictionCore({ wasmBinary: fs.readFileSync(WASM_BIN) });
if (typeof m._fxb_kern_phi_z !== 'function') {
  console.error('bench_wasm: the wasm core lacks the benchmark kernels (benchmarks/bench_exports.c); rebuild with make wasm-bench');
  process.exit(1);
}
const str = (p) => m.UTF8ToString(p);
const xPtr = m._malloc(N_IN * 8);
const outPtr = m._malloc(8);

function wasmPhiZ(law, reps) {
  m._fxb_kern_fill(xPtr, N_IN, SEED + law);
  const t0 = performance.now();
  const s = m._fxb_kern_phi_z(law, xPtr, N_IN, reps);
  const t1 = performance.now();
  return { ns: (t1 - t0) * 1e6, sum: s };
}
function wasmScn(index, rows) {
  const t0 = performance.now();
  const k = m._fxb_kern_scn(index, rows, outPtr);
  const t1 = performance.now();
  if (k < 0) throw new Error(`wasm scenario kernel: ${str(m._fxb_kern_error())}`);
  return { ns: (t1 - t0) * 1e6, sum: m.HEAPF64[outPtr / 8] };
}
async function nativePhiZ(law, reps) {
  const [ns, sum] = await native(`phiz ${law} ${N_IN} ${reps} ${SEED + law}`);
  return { ns: Number(ns), sum: Number(sum) };
}
async function nativeScn(name, rows) {
  const [ns, , sum] = await native(`scn ${name} ${rows}`);
  return { ns: Number(ns), sum: Number(sum) };
}

// ---------------------------------------------------------------- kernels
const kernels = [];
const nLaws = m._fxb_kern_law_count();
for (let i = 0; i < nLaws; i++) {
  const law = str(m._fxb_kern_law_name(i));
  kernels.push({
    name: `phi_z ${law}`, unit: 'ns/call', perCall: (size) => N_IN * size,
    native: (size) => nativePhiZ(i, size), wasm: (size) => wasmPhiZ(i, size),
  });
}
const skipped = [];
let bench = -1;
for (let i = 0; i < m._fxb_scn_count(); i++) if (str(m._fxb_scn_text(i, 0)) === 'bench') bench = i;
if (bench >= 0) {
  kernels.push({
    name: 'scenario bench (pendulum step)', unit: 'ns/row', perCall: (size) => size,
    native: (size) => nativeScn('bench', size), wasm: (size) => wasmScn(bench, size),
  });
} else {
  skipped.push({ name: 'scenario bench (pendulum step)', why: "no scenario 'bench' is registered in core/system/scenario.c yet" });
}

// the multi-lane pendulum kernel, the generic 2 × 128-bit code on both sides
// (SSE2 natively, SIMD128 in wasm): its checksum must be the same bits
if (typeof m._fxb_kern_lanes === 'function') {
  const perCall = (size) => size * 8 * 1200 * 2;   // KERN_LANES_LOGS × SAMPLES × SETS
  for (const [imp, tr] of [[0, 'clip'], [1, 'implicit']]) {
    kernels.push({
      name: `lane kernel (2 sets × 8 logs, ${tr}, M6)`, unit: 'ns/log-step', perCall, exact: true,
      native: async (size) => { const [ns, sum] = await native(`lanes ${size} 1 ${imp}`); return { ns: Number(ns), sum: Number(sum) }; },
      wasm: (size) => { const t0 = performance.now(); const s = m._fxb_kern_lanes(size, imp); return { ns: (performance.now() - t0) * 1e6, sum: s }; },
    });
  }
}

function stats(xs) {
  const s = xs.slice().sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)] };
}
function sameSum(a, b) {
  return a === b || Math.abs(a - b) <= CHECK_REL * Math.max(Math.abs(a), Math.abs(b));
}

const results = [];
let broken = false;
try {
  for (const k of kernels) {
    // size: one native call of about MODE.callMs
    let size = 1;
    for (;;) {
      const r = await k.native(size);
      if (r.ns >= MODE.callMs * 1e6 / 4 || size >= 1 << 24) {
        size = Math.max(1, Math.round((size * MODE.callMs * 1e6) / Math.max(r.ns, 1)));
        break;
      }
      size *= 4;
    }
    await k.native(size); k.wasm(size); // warm-up (JIT tiers of the wasm, caches)
    const nat = [], was = [];
    let sums = null;
    for (let r = 0; r < MODE.rounds; r++) {
      let a, b;
      if (r % 2) { b = k.wasm(size); a = await k.native(size); } else { a = await k.native(size); b = k.wasm(size); }
      nat.push(a.ns / k.perCall(size));
      was.push(b.ns / k.perCall(size));
      sums = { native: a.sum, wasm: b.sum };
    }
    const sn = stats(nat), sw = stats(was);
    const agree = k.exact ? sums.native === sums.wasm : sameSum(sums.native, sums.wasm);
    if (!agree) broken = true;
    results.push({
      kernel: k.name, unit: k.unit, size, rounds: MODE.rounds,
      native_min: sn.min, native_median: sn.median, wasm_min: sw.min, wasm_median: sw.median,
      ratio: sw.min / sn.min, ratio_median: sw.median / sn.median, target: TARGET, met: sw.min / sn.min <= TARGET,
      checksum_native: sums.native, checksum_wasm: sums.wasm, checksums_agree: agree,
    });
  }
} catch (e) {
  console.error(`bench_wasm: ${e.message}`);
  broken = true;
} finally {
  child.stdin.end('quit\n');
  m._free(xPtr);
  m._free(outPtr);
}

// ------------------------------------------------------------------ report
const pad = (s, n) => String(s).padEnd(n);
const num = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : String(v));
console.log(`wasm vs native, same C kernels, one run (${MODE.name} mode: ${MODE.rounds} rounds, min over rounds)`);
console.log(`${pad('kernel', 36)}${pad('unit', 9)}${pad('native', 10)}${pad('wasm', 10)}${pad('ratio', 8)}${pad('median', 8)}target ${TARGET}x`);
for (const r of results) {
  console.log(`${pad(r.kernel, 36)}${pad(r.unit, 9)}${pad(num(r.native_min), 10)}${pad(num(r.wasm_min), 10)}`
    + `${pad(num(r.ratio), 8)}${pad(num(r.ratio_median), 8)}${r.met ? 'met' : 'MISSED'}`
    + `${r.checksums_agree ? '' : `  CHECKSUMS DIFFER: native ${r.checksum_native}, wasm ${r.checksum_wasm}`}`);
}
for (const s of skipped) console.log(`${pad(s.name, 36)}skipped: ${s.why}`);
const json = {
  mode: MODE.name, rounds: MODE.rounds, target_ratio: TARGET, node: process.version,
  note: 'ratio = wasm min / native min over rounds; ratio_median = median / median',
  kernels: results, skipped,
};
try {
  fs.mkdirSync(path.dirname(jsonPath), { recursive: true });
  fs.writeFileSync(jsonPath, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`bench_wasm: ${results.filter((r) => r.met).length} of ${results.length} kernels within ${TARGET}x; JSON in ${path.relative(ROOT, jsonPath) || jsonPath}`);
} catch (e) {
  console.error(`bench_wasm: could not write ${jsonPath}: ${e.message}`);
  process.exit(1);
}
process.exit(broken ? 1 : 0);
