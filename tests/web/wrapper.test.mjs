// wrapper.test.mjs: the JavaScript wrapper (wasm/friction.js) over the
// WebAssembly core, run by `node --test` (make test-web).
//
//   a) native agreement  the same law, transform (exact, eq. 46), table and
//                        scenario values from wasm and from the native build
//                        (build/native/friction) agree to 1e-12 relative;
//                        a scenario whose rows differ by more is judged
//                        against its own measured sensitivity to a last-bit
//                        change (see SENS_K below), never by a wider constant
//   b) invalid input     the wrapper throws the core's own message
//   c) memory            create/free cycles leave core.heapUsed() unchanged
//   d) sanity            W0 and Φ_Z against independent JS references
//                        (tests/web/reference.mjs, written from the papers)
//
// Scenario tests iterate over core.scenario.list(), so a scenario registered in
// core/system/scenario.c is tested without a change here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { loadCore, ROOT, CLI } from './load.mjs';
import * as R from './reference.mjs';

const core = await loadCore();
const SCENARIOS = core.scenario.list();

// ------------------------------------------------------------- tolerances
/** wasm against native: both run the same C with -ffp-contract=off; only libm
 *  (musl in wasm, glibc natively) may differ in the last bits. */
const NATIVE_REL = 1e-12;
/** W0: |w·e^w − x| ≤ W0_REL·|x| (residual in double-double) on [−1/e, 1000];
 *  beyond, x ↦ w is that much better conditioned: ≤ W0_REL·|x|·|1 + w|,
 *  i.e. w within W0_REL relative of the root. */
const W0_REL = 1e-15;
/** Φ_Z outside the static band: |y − Φ(x − Z·y)| ≤ PHIZ_REL·max(|y|, Φ(+0)),
 *  Φ from reference.mjs (about 16 ulp; measured ≤ 5.4e-16). */
const PHIZ_REL = 4e-15;
/** Φ̂_Z (eq. 46): JS and wasm exp() may differ by an ulp or two. */
const APPROX_REL = 2e-15;
/** Rows of each scenario compared with the command-line tool. */
const SCN_ROWS = 2000;
/** A scenario's rows are compared to NATIVE_REL first. Some scenarios amplify
 *  the last-bit differences of libm (glibc's and musl's exp, sin, cos differ in
 *  the last bit on some arguments) far beyond it: `chain`'s stick-slip
 *  contacts grow one ulp by about 1e4 within 1 s. For a scenario whose rows
 *  differ by more than NATIVE_REL, the test measures that amplification with
 *  the native tool alone: each real parameter p the scenario uses (not a
 *  choice, integer, preset or case-fixed one, p ≠ 0) is moved by one ulp
 *  (away from zero, inside its range) and the run compared with the default
 *  one by the same relative measure. D_ulp, the scenario's sensitivity to a
 *  last-bit change, is the median of the nonzero divergences (the median, not
 *  the maximum: a parameter that times a discrete event, such as arm1's
 *  t_step, moves the event by a step when moved by one ulp, divergence 1).
 *  wasm must then agree with native to max(NATIVE_REL, SENS_K·D_ulp): libm
 *  differs by at most an ulp per call, but over many calls (every step, every
 *  joint), and a one-ulp change in a parameter is one such change. */
const SENS_K = 8;
/** Above this, K·D_ulp would excuse a real disagreement (a 1e-9 error, a
 *  different branch): the scenario is then too sensitive for its first
 *  SCN_ROWS rows to be compared, and the test fails and says so. */
const SENS_CAP = 1e-10;

/** |a − b| ≤ rel·max(|a|, |b|, floor); NaN only equals NaN. */
function close(a, b, rel, floor = 0) {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  if (a === b) return true;
  return Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b), floor);
}

/** Every mismatch of two arrays, as readable lines (at most 5). */
function mismatches(xs, got, want, rel, floors) {
  const bad = [];
  for (let i = 0; i < want.length; i++) {
    const floor = floors ? floors[i] : 0;
    if (!close(got[i], want[i], rel, floor)) {
      bad.push(`x = ${xs[i]}: wasm ${got[i]}, native ${want[i]} (rel ${Math.abs(got[i] - want[i]) / Math.max(Math.abs(want[i]), floor)})`);
    }
  }
  return bad;
}

// --------------------------------------------------------------- inputs
const LAWS = [
  { name: 'Coulomb-viscous (Fc 1, D 4.5)', law: R.COULOMB_PAPER },
  { name: 'Stribeck α = 1 (Cisneros Fig. 3)', law: R.STRIBECK_PAPER },
  { name: 'Stribeck α = 2', law: { ...R.STRIBECK_PAPER, alpha: 2 } },
  { name: 'rational (Cisneros Fig. 7)', law: R.RATIONAL_PAPER },
];
const ZS = [R.Z_PAPER, 1 / 1000];

/** Points that exercise every branch: the band and its edges, the Stribeck
 *  hump, the tails, zero and tiny values, both signs. */
function probePoints(law, Z) {
  const e = Z * R.phiPlus0(law);
  const xs = [0, 5e-324, -5e-324, 1e-300, -1e-300, 1e-12, -1e-12];
  for (let i = -200; i <= 200; i++) xs.push((e * i) / 40);
  for (let k = -8; k <= 8; k++) xs.push(e * (1 + k * 2 ** -44), -e * (1 + k * 2 ** -44));
  for (let j = 1; j <= 12; j++) xs.push(e * 10 ** (j / 2), -e * 10 ** (j / 2));
  return Float64Array.from(xs);
}

// ------------------------------------------------------------ native side
/** A number as the tool prints it (%.17g, or nan / inf / -inf). */
function parseNum(text) {
  const t = text.trim().toLowerCase();
  if (t === 'nan' || t === '-nan') return NaN;
  if (t === 'inf' || t === '+inf' || t === 'infinity') return Infinity;
  if (t === '-inf' || t === '-infinity') return -Infinity;
  return t === '' ? NaN : Number(t);
}

function cliState() {
  if (!fs.existsSync(CLI)) return { ok: false, why: `${path.relative(ROOT, CLI)} is not built (make cli)` };
  return { ok: true };
}

/** `friction eval` exists? (when it does not, the checks that need it fail) */
function evalState() {
  const c = cliState();
  if (!c.ok) return c;
  const r = spawnSync(CLI, ['eval', 'law=stribeck', 'Fs=2.5', 'Fc=0.4', 'vs=0.06', 'D=4.5', 'alpha=1',
    `Z=${R.Z_PAPER}`, 'what=phi_z', 'x=0.1'], { encoding: 'utf8' });
  const msg = (r.stderr || '').trim().split('\n')[0];
  if (r.status !== 0 && /unknown command 'eval'/.test(msg)) {
    return { ok: false, why: `'friction eval' is not available in build/native/friction (${msg})` };
  }
  return { ok: true }; // any other failure shows in the checks themselves
}

/** y values of `friction eval` for xs (CSV x,y; a header line is skipped). */
function cliEval(law, Z, what, xs, tol) {
  const args = ['eval', `law=${law.kind}`, `Fs=${law.Fs ?? 0}`, `Fc=${law.Fc ?? 0}`, `vs=${law.vs ?? 0}`,
    `D=${law.D ?? 0}`, `alpha=${law.alpha ?? 1}`, `Z=${Z}`, `what=${what}`];
  if (tol !== undefined) args.push(`tol=${tol}`);
  const out = [];
  const CHUNK = 400; // keeps each argument far below the kernel's 128 KiB limit
  for (let i = 0; i < xs.length; i += CHUNK) {
    const part = Array.from(xs.subarray(i, i + CHUNK), (v) => String(v));
    const r = spawnSync(CLI, [...args, `x=${part.join(',')}`], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (r.status !== 0) throw new Error(`friction ${args.join(' ')} x=...: exit ${r.status}: ${r.stderr.trim()}`);
    for (const line of r.stdout.split('\n')) {
      const f = line.split(',');
      if (f.length < 2) continue;
      if (!/^[-+0-9.]|^(nan|inf)/i.test(f[0].trim())) continue; // the header
      out.push(parseNum(f[1]));
    }
  }
  if (out.length !== xs.length) throw new Error(`friction eval printed ${out.length} values for ${xs.length} points`);
  return Float64Array.from(out);
}

/** The first `rows` rows of `friction run NAME [name=value ...]` (defaults unless
 *  `args` sets some): { header, rows, status, stderr }.
 *  The tool is stopped once enough rows have arrived. */
function cliRun(name, rows, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(CLI, ['run', name, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let buf = '', err = '', lines = [], stopped = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d) => {
      if (stopped) return;
      buf += d;
      const parts = buf.split('\n');
      buf = parts.pop();
      lines.push(...parts);
      if (lines.length > rows) {
        stopped = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (d) => { err += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      if (!stopped && buf) lines.push(buf);
      lines = lines.filter((l) => l.length);
      const header = (lines.shift() || '').split(',');
      const data = lines.slice(0, rows).map((l) => l.split(',').map(parseNum));
      resolve({ header, rows: data, status: stopped ? 0 : code, stderr: err });
    });
  });
}

/** The first `rows` rows from the wasm Simulation: { rows, error }. */
function wasmRun(name, rows) {
  const sim = core.scenario.simulation(name);
  const nc = sim.cols.length;
  const out = [];
  let error = null;
  try {
    while (out.length < rows && !sim.done) {
      let r;
      try {
        r = sim.step(Math.min(500, rows - out.length));
      } catch (e) {
        error = e.message;
        r = { rows: e.rows || new Float64Array(0), count: (e.rows || []).length / nc };
      }
      for (let k = 0; k < r.count; k++) out.push(Array.from(r.rows.subarray(k * nc, (k + 1) * nc)));
      if (error) break;
    }
  } finally {
    sim.free();
  }
  return { cols: sim.cols, rows: out, error };
}

/** Each column's largest finite magnitude over `rows` (the floor of close()). */
function columnFloors(rows, nc) {
  const floors = new Array(nc).fill(0);
  for (const r of rows) for (let j = 0; j < nc; j++) if (Number.isFinite(r[j])) floors[j] = Math.max(floors[j], Math.abs(r[j]));
  return floors;
}

/** The largest |a − b| / max(|a|, |b|, floor) over two runs' rows (close()'s
 *  measure; a NaN against a number, or a different row count, is Infinity). */
function divergence(as, bs, floors) {
  if (as.length !== bs.length) return Infinity;
  let worst = 0;
  for (let i = 0; i < as.length; i++) {
    for (let j = 0; j < floors.length; j++) {
      const a = as[i][j], b = bs[i][j];
      if (a === b || (Number.isNaN(a) && Number.isNaN(b))) continue;
      const d = Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b), floors[j]);
      worst = Number.isNaN(d) ? Infinity : Math.max(worst, d);
    }
  }
  return worst;
}

/** The double next to x ≠ 0, away from zero, or towards it if that leaves [lo, hi]. */
function oneUlp(x, lo, hi) {
  const v = new DataView(new ArrayBuffer(8));
  const step = (d) => { v.setFloat64(0, x); v.setBigInt64(0, v.getBigInt64(0) + BigInt(d)); return v.getFloat64(0); };
  const away = step(1); // the magnitude's bits grow by one for either sign
  return away >= lo && away <= hi ? away : step(-1);
}

/** A scenario's sensitivity to a last-bit change, measured natively (see
 *  SENS_K): { dUlp, each } with each[i] = { name, value, d } for every
 *  parameter moved by one ulp, and dUlp the median of the nonzero d. */
async function sensitivity(s, base, floors) {
  const each = [];
  for (const p of s.params) {
    if (p.choices || p.integer || p.preset || p.fixedByCase || !Number.isFinite(p.def) || p.def === 0) continue;
    const value = oneUlp(p.def, p.min, p.max);
    const run = await cliRun(s.name, SCN_ROWS, [`${p.name}=${value}`]);
    if (run.status !== 0 && run.rows.length === 0) continue; // refused: not a value the tool takes
    each.push({ name: p.name, value, d: divergence(base, run.rows, floors) });
  }
  const ds = each.map((e) => e.d).filter((d) => d > 0).sort((a, b) => a - b);
  const n = ds.length;
  const dUlp = n === 0 ? 0 : n % 2 ? ds[(n - 1) / 2] : (ds[n / 2 - 1] + ds[n / 2]) / 2;
  return { dUlp, each };
}

// ================================================================ (a)
describe('a) wasm agrees with the native build', () => {
  const ev = evalState();
  for (const { name, law } of LAWS) {
    for (const Z of ZS) {
      const label = `${name}, Z = 1/${Math.round(1 / Z)}`;
      if (core.law.check(law, Z)) continue; // not a valid pair: covered by (b)
      it(`law and transforms: ${label}`, () => {
        assert.ok(ev.ok, ev.why);
        const xs = probePoints(law, Z);
        const sets = [
          ['phi', core.law.phi(law, xs)],
          ['phi_z', core.law.phiZ(law, Z, xs)],
          ['approx', core.law.phiZApprox(law, Z, xs)],
        ];
        for (const [what, got] of sets) {
          const want = cliEval(law, Z, what, xs);
          const bad = mismatches(xs, got, want, NATIVE_REL);
          assert.equal(bad.length, 0, `${what}: ${bad.length} of ${xs.length} points differ, e.g.\n${bad.slice(0, 5).join('\n')}`);
        }
      });
    }
  }
  for (const tolRel of [1e-6, 1e-9]) {
    const law = R.STRIBECK_PAPER, Z = R.Z_PAPER, tol = tolRel * law.Fs;
    it(`look-up table: Stribeck α = 1, Z = 1/55, tol = ${tolRel.toExponential(0)}·Fs`, () => {
      assert.ok(ev.ok, ev.why);
      const xs = probePoints(law, Z);
      const lut = core.law.lookupTable(law, Z, tol);
      let got;
      try { got = lut.eval(xs); } finally { lut.free(); }
      const want = cliEval(law, Z, 'lut', xs, tol);
      const bad = mismatches(xs, got, want, NATIVE_REL);
      assert.equal(bad.length, 0, `${bad.length} of ${xs.length} points differ, e.g.\n${bad.slice(0, 5).join('\n')}`);
    });
  }

  const cli = cliState();
  it('scenarios are registered (else the checks below prove nothing)', () => {
    assert.ok(SCENARIOS.length > 0, 'no scenario is registered in core/system/scenario.c');
  });
  for (const s of SCENARIOS) {
    it(`scenario ${s.name}: first ${SCN_ROWS} rows with defaults`, async (t) => {
      assert.ok(cli.ok, cli.why);
      const [nat, wasm] = await Promise.all([cliRun(s.name, SCN_ROWS), Promise.resolve(wasmRun(s.name, SCN_ROWS))]);
      assert.deepEqual(nat.header, wasm.cols, 'CSV header of friction run = the wasm column names');
      assert.ok(wasm.rows.length > 0, `the wasm simulation produced no row${wasm.error ? `: ${wasm.error}` : ''}`);
      assert.equal(nat.rows.length, wasm.rows.length,
        `row count: native ${nat.rows.length} (exit ${nat.status}${nat.stderr ? `: ${nat.stderr.trim()}` : ''}), wasm ${wasm.rows.length}${wasm.error ? ` (${wasm.error})` : ''}`);
      // |wasm − native| ≤ rel·max(|wasm|, |native|, S), S the column's largest
      // magnitude over the rows compared: a value near zero (a stiction force
      // found by cancellation, a velocity crossing zero) is judged against the
      // column's scale, not against itself. rel = NATIVE_REL, or, for a
      // scenario that differs by more, max(NATIVE_REL, SENS_K·D_ulp) with
      // D_ulp its own measured sensitivity to a last-bit change.
      const nc = wasm.cols.length;
      const floors = columnFloors(nat.rows, nc);
      let rel = NATIVE_REL, why = `${NATIVE_REL} relative`;
      if (divergence(wasm.rows, nat.rows, floors) > NATIVE_REL) {
        const { dUlp, each } = await sensitivity(s, nat.rows, floors);
        const list = each.map((e) => `${e.name} ${e.d.toExponential(1)}`).join(', ');
        t.diagnostic(`${s.name}: one-ulp sensitivity D_ulp = ${dUlp.toExponential(2)} (median of: ${list})`);
        assert.ok(SENS_K * dUlp <= SENS_CAP,
          `${s.name} is too sensitive to compare its first ${SCN_ROWS} rows: one ulp in a parameter moves them by D_ulp = ${dUlp.toExponential(2)} (median of: ${list}), and ${SENS_K}·D_ulp > ${SENS_CAP}`);
        rel = Math.max(NATIVE_REL, SENS_K * dUlp);
        why = `max(${NATIVE_REL}, ${SENS_K}·D_ulp) = ${rel.toExponential(2)} relative, D_ulp = ${dUlp.toExponential(2)} the native run's divergence when one parameter moves by one ulp (median of: ${list})`;
      }
      const bad = [];
      for (let i = 0; i < nat.rows.length && bad.length < 5; i++) {
        for (let j = 0; j < nc; j++) {
          const a = wasm.rows[i][j], b = nat.rows[i][j];
          if (!close(a, b, rel, floors[j])) {
            bad.push(`row ${i} (t = ${nat.rows[i][0]}), ${wasm.cols[j]}: wasm ${a}, native ${b}`);
            break;
          }
        }
      }
      assert.equal(bad.length, 0, `${s.name}: rows differ beyond ${why}:\n${bad.join('\n')}`);
    });
  }
});

// ================================================================ (b)
describe('b) invalid input throws the core\'s message', () => {
  const law = R.STRIBECK_PAPER;
  it('Stribeck of the paper with 1/Z = 20 < 30.5 (Kikuuwe eq. 15)', () => {
    const Z = 1 / 20;
    const msg = core.law.check(law, Z);
    assert.ok(msg && msg.includes('eq. 15') && msg.includes('needs 1/Z > 30.5'), `law.check: ${msg}`);
    const re = /eq\. 15[\s\S]*needs 1\/Z > 30\.5/;
    assert.throws(() => core.law.phiZ(law, Z, [0.1]), re);
    assert.throws(() => core.law.phiZApprox(law, Z, [0.1]), re);
    assert.throws(() => core.law.lookupTable(law, Z, 1e-6), re);
    assert.equal(core.law.check(law, R.Z_PAPER), null, 'the same law with 1/Z = 55 is valid');
  });
  it('unknown law kind', () => {
    assert.throws(() => core.law.phi({ ...law, kind: 'coulomb' }, [0.1]), /unknown law kind 'coulomb'/);
    assert.throws(() => core.law.phiZ({ ...law, kind: 7 }, R.Z_PAPER, [0.1]), /kind = 7 is not a known law/);
  });
  it('law parameters out of their domain', () => {
    assert.throws(() => core.law.phi({ ...law, Fs: 0.3 }, [0.1]), /Fs = 0\.3 must exceed Fc = 0\.4/);
    assert.throws(() => core.law.phiZ(law, 0, [0.1]), Error);
    assert.throws(() => core.law.phiZ(law, NaN, [0.1]), Error);
  });
  it('look-up table with tol <= 0 or not finite', () => {
    for (const tol of [0, -1e-6, NaN, Infinity]) {
      assert.throws(() => core.law.lookupTable(law, R.Z_PAPER, tol), /tol must be a finite tolerance > 0/, `tol = ${tol}`);
    }
  });
  it('objects used after free()', () => {
    const lut = core.law.lookupTable(law, R.Z_PAPER, 1e-6);
    lut.free();
    assert.throws(() => lut.eval([0.1]), /after free/);
    // with every scenario whose defaults start (one that does not fails in (a))
    for (const s of SCENARIOS) {
      let sim;
      try { sim = core.scenario.simulation(s.name); } catch { continue; }
      sim.free();
      assert.throws(() => sim.step(1), /after free/);
      sim.free(); // a second free() is harmless
    }
  });
  it('unknown scenario', () => {
    assert.throws(() => core.scenario.simulation('no-such-scenario'), /unknown scenario 'no-such-scenario'/);
  });
  for (const s of SCENARIOS) {
    it(`scenario ${s.name}: unknown parameter, value out of range, bad choice`, () => {
      assert.throws(() => core.scenario.simulation(s.name, { no_such_param: 1 }), new RegExp(`${s.name} has no parameter 'no_such_param'`));
      const num = s.params.find((p) => !p.choices && Number.isFinite(p.max));
      if (num) {
        const v = num.max + Math.max(1, Math.abs(num.max));
        assert.throws(() => core.scenario.simulation(s.name, { [num.name]: v }),
          (e) => e.message.includes(num.name) && /out of range/.test(e.message), `${num.name} = ${v}`);
      }
      const ch = s.params.find((p) => p.choices);
      if (ch) assert.throws(() => core.scenario.simulation(s.name, { [ch.name]: 'no-such-choice' }), /is not one of/);
    });
  }
});

// ================================================================ (c)
describe('c) create/free cycles leave the wasm heap where it started', () => {
  const law = R.STRIBECK_PAPER, Z = R.Z_PAPER;
  const check = (label, fn) => {
    fn(1); // warm-up: anything allocated once for good is allocated now
    const before = core.heapUsed();
    fn(1000);
    const after = core.heapUsed();
    assert.equal(after, before, `${label}: heap ${before} -> ${after} bytes`);
  };
  it('1000 look-up tables (built, evaluated, freed)', () => {
    const xs = Float64Array.from({ length: 64 }, (_, i) => (i - 32) * 0.01);
    check('lookup tables', (n) => {
      for (let i = 0; i < n; i++) {
        const lut = core.law.lookupTable(law, Z, 1e-6 * law.Fs);
        try { lut.eval(xs); } finally { lut.free(); }
      }
    });
  });
  it('1000 phiZ calls on 1e4 points, and 1000 that throw', () => {
    const xs = Float64Array.from({ length: 1e4 }, (_, i) => (i - 5e3) * 1e-4);
    check('phiZ', (n) => {
      for (let i = 0; i < n; i++) core.law.phiZ(law, Z, xs);
      for (let i = 0; i < n; i++) assert.throws(() => core.law.phiZ(law, 1 / 20, xs));
    });
  });
  it('1000 failed look-up tables', () => {
    check('failed lookup tables', (n) => {
      for (let i = 0; i < n; i++) assert.throws(() => core.law.lookupTable(law, Z, 0));
    });
  });
  for (const s of SCENARIOS) {
    it(`1000 simulations of ${s.name} (created, stepped, reset, freed)`, () => {
      check(s.name, (n) => {
        for (let i = 0; i < n; i++) {
          const sim = core.scenario.simulation(s.name);
          try {
            sim.step(20);
            sim.step(40); // grows the row buffer
            sim.reset();
          } catch (e) {
            if (!e.rows) throw e; // a stopped simulation is fine here; a wrapper error is not
          } finally {
            sim.free();
          }
        }
        const num = s.params.find((p) => !p.choices && Number.isFinite(p.max));
        if (num) {
          const v = num.max + Math.max(1, Math.abs(num.max));
          for (let i = 0; i < n; i++) assert.throws(() => core.scenario.simulation(s.name, { [num.name]: v }));
        }
      });
    });
  }
});

// ================================================================ (d)
describe('d) W0 and Φ_Z against independent JS references', () => {
  it(`W0: w·e^w = x to ${W0_REL} relative (residual in double-double)`, (t) => {
    let seed = 12345;
    const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    const xs = [-0.36787944117144233, -0.3678794411714423, -0.367879441171, -0.3, -0.1, -1e-5, -1e-300, 5e-324,
      1e-300, 1e-10, 1e-3, 0.5, 1, Math.E, 10, 100, 1000, 1e5, 1e10, 1e100, 1e300];
    for (let i = 0; i < 20000; i++) xs.push(-1 / Math.E + rnd() * (1000 + 1 / Math.E));
    for (let i = 0; i < 5000; i++) xs.push((-1 / Math.E) * rnd());
    for (let i = 0; i < 5000; i++) xs.push(10 ** (rnd() * 600 - 300));
    const bad = [];
    let worst = 0;
    for (const x of xs) {
      if (x < -1 / Math.E && x !== -0.36787944117144233) continue;
      const w = core.law.lambertW0(x);
      assert.ok(w >= -1, `W0(${x}) = ${w} is not on the principal branch`);
      const res = Math.abs(R.w0Residual(x, w));
      const scale = x > 1000 ? Math.abs(1 + w) : 1;
      worst = Math.max(worst, res / scale);
      if (!(res <= W0_REL * scale)) bad.push(`x = ${x}: w = ${w}, |w·e^w − x|/|x| = ${res}`);
    }
    assert.equal(bad.length, 0, `${bad.length} of ${xs.length} points:\n${bad.slice(0, 5).join('\n')}`);
    t.diagnostic(`W0: largest scaled residual ${worst.toExponential(2)}`);
    assert.throws(() => core.law.lambertW0(-0.5), RangeError, 'W0 below −1/e is refused (no real value)');
    assert.equal(core.law.lambertW0(0), 0);
    assert.throws(() => core.law.lambertW0(Infinity), RangeError, 'W0(+∞) = ∞ is a limit, not a value: refused');
  });

  const cases = [];
  for (const { name, law } of LAWS) for (const Z of [...ZS, 1 / 31]) if (!core.law.check(law, Z)) cases.push({ name, law, Z });
  for (const { name, law, Z } of cases) {
    it(`Φ_Z: y = Φ(x − Z·y), ${name}, Z = 1/${Math.round(1 / Z)}`, (t) => {
      const F0 = R.phiPlus0(law), edge = Z * F0;
      const xs = probePoints(law, Z);
      const y = core.law.phiZ(law, Z, xs);
      const ya = core.law.phiZApprox(law, Z, xs);
      const yPhi = core.law.phi(law, xs);
      const bad = [];
      let worst = 0;
      for (let i = 0; i < xs.length; i++) {
        const x = xs[i];
        if (Math.abs(x) <= edge) {
          // the static band: the contact sticks, Φ_Z(x) = x/Z, |y| ≤ Φ(+0)
          if (!close(y[i], x / Z, 1e-15)) bad.push(`band x = ${x}: y = ${y[i]}, x/Z = ${x / Z}`);
          if (Math.abs(y[i]) > F0 * (1 + 1e-15)) bad.push(`band x = ${x}: |y| = ${Math.abs(y[i])} > Φ(+0) = ${F0}`);
        } else {
          const v = x - Z * y[i];
          if (Math.sign(v) !== Math.sign(x) && v !== 0) bad.push(`x = ${x}: slip velocity ${v} has the wrong sign`);
          const res = Math.abs(y[i] - R.phi(law, v)) / Math.max(Math.abs(y[i]), F0);
          worst = Math.max(worst, res);
          if (!(res <= PHIZ_REL)) bad.push(`x = ${x}: y = ${y[i]}, Φ(x − Z·y) = ${R.phi(law, v)} (rel ${res})`);
        }
        if (!close(ya[i], R.phiZApprox(law, Z, x), APPROX_REL)) bad.push(`eq. 46 at x = ${x}: wasm ${ya[i]}, JS ${R.phiZApprox(law, Z, x)}`);
        if (!close(yPhi[i], R.phi(law, x), APPROX_REL)) bad.push(`Φ at ${x}: wasm ${yPhi[i]}, JS ${R.phi(law, x)}`);
      }
      assert.equal(bad.length, 0, `${bad.length} problems:\n${bad.slice(0, 5).join('\n')}`);
      t.diagnostic(`Φ_Z ${name}, Z = 1/${Math.round(1 / Z)}: largest residual ${worst.toExponential(2)} of max(|y|, Φ(+0))`);
      assert.equal(core.law.phiPlus0(law), F0);
    });
  }
  it('look-up table within its tolerance of the exact Φ_Z', () => {
    const law = R.STRIBECK_PAPER, Z = R.Z_PAPER;
    for (const tolRel of [1e-6, 1e-9]) {
      const tol = tolRel * law.Fs;
      const xs = probePoints(law, Z);
      const lut = core.law.lookupTable(law, Z, tol);
      let yl;
      try { yl = lut.eval(xs); } finally { lut.free(); }
      const y = core.law.phiZ(law, Z, xs);
      let worst = 0;
      for (let i = 0; i < xs.length; i++) worst = Math.max(worst, Math.abs(yl[i] - y[i]));
      assert.ok(worst <= tol, `tol ${tol}: largest |table − exact| = ${worst}`);
    }
  });
});

// ================================================================ (e)
// The presentation of each parameter (label, practical range, log, preset,
// one help line per choice) that paramPanel and the controls build on: the
// wrapper must carry what the core describes. Consistency check against
// `friction list <scenario>` (the same C table through the native tool).
/** The parameter table of `friction list name`: { rows: { param: { label, slider, def } }, text }. */
function cliList(name) {
  const r = spawnSync(CLI, ['list', name], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split('\n');
  const h = lines.findIndex((l) => /^ {4}name +label +default/.test(l));
  assert.ok(h >= 0, 'no parameter header in friction list');
  const at = (word) => lines[h].indexOf(word);   // the header is ASCII: code points = indices
  const cols = ['name', 'label', 'default', 'unit', 'accepted', 'slider', 'meaning'].map(at);
  const out = {};
  for (let i = h + 1; i < lines.length && !/^ {2}\S/.test(lines[i]); i++) {
    if (!/^ {4}\S/.test(lines[i])) continue;   // choice help lines are indented further
    const cp = [...lines[i]];
    const cell = (k) => cp.slice(cols[k], cols[k + 1]).join('').trim();
    out[cell(0)] = { label: cell(1), def: cell(2), slider: cell(5) };
  }
  assert.ok(Object.keys(out).length > 0, `no parameter rows for ${name}`);
  return { rows: out, text: r.stdout };
}

describe('e) parameter presentation', () => {
  const cli = cliState();
  for (const s of SCENARIOS) {
    it(`scenario ${s.name}: label, slider range, log, preset and choice help`, () => {
      assert.ok(cli.ok, cli.why);
      const list = cliList(s.name);
      for (const p of s.params) {
        const row = list.rows[p.name];
        assert.ok(row, `friction list ${s.name} has no row for ${p.name}`);
        assert.equal(p.label, row.label, `${p.name}: label`);
        assert.ok(p.label && !p.label.includes('/'), `${p.name}: label '${p.label}'`);
        if (p.choices) {
          assert.equal(row.slider, '-');
          assert.ok(Array.isArray(p.choiceHelp) && p.choiceHelp.length === p.choices.length,
            `${p.name}: ${p.choiceHelp?.length} help lines for ${p.choices.length} choices`);
          for (const [k, c] of p.choices.entries()) {
            assert.ok(list.text.includes(`        ${p.name}=${c}: ${p.choiceHelp[k]}\n`), `${p.name}=${c}: help differs from friction list`);
          }
          continue;
        }
        assert.equal(p.choiceHelp, null);
        assert.ok(p.min <= p.lo && p.lo < p.hi && p.hi <= p.max, `${p.name}: ${p.min} <= ${p.lo} < ${p.hi} <= ${p.max}`);
        const [lo, hi] = row.slider.replace(/ log$/, '').split('..').map(Number);
        assert.ok(lo === p.lo && hi === p.hi, `${p.name}: slider ${p.lo}..${p.hi}, friction list ${row.slider}`);
        assert.equal(p.log, row.slider.endsWith(' log'), `${p.name}: log`);
        assert.equal(p.preset, row.def === 'preset', `${p.name}: preset`);
        if (p.preset) assert.ok(p.def === -1 && p.min === -1 && p.lo >= 0, `${p.name}: preset sentinel`);
      }
      if (s.name === 'bench') {
        const kt = s.params.find((p) => p.name === 'kt');
        assert.ok(kt.preset && typeof s.resolvePresets === 'function');
        const r = s.resolvePresets(core.scenario.params('bench'));
        assert.ok(r[s.params.indexOf(kt)] > 0, 'the resolved kt of the default preset is not > 0');
      }
    });
  }
});

describe('f) the shape of a scenario (Simulation.shape)', () => {
  it('chain: n + 1 joints from the base, each link its length apart (geometry); the tip equal to the next row\'s x_tip, y_tip and the stuck marks summing to its n_stick (consistency)', () => {
    const n = 7, L = 0.1;
    const sim = core.scenario.simulation('chain', { n, length: L });
    try {
      sim.step(40);
      const s = sim.shape();
      assert.equal(s.length, 3 * (n + 1));
      assert.equal(s[0], 0);
      assert.equal(s[1], 0);
      for (let k = 1; k <= n; k++) {
        const d = Math.hypot(s[3 * k] - s[3 * k - 3], s[3 * k + 1] - s[3 * k - 2]);
        assert.ok(Math.abs(d - L) <= 1e-12, `link ${k}: ${d} m apart, length ${L} m`);
      }
      const marks = Array.from({ length: n + 1 }, (_, k) => s[3 * k + 2]);
      assert.ok(marks.slice(0, n).every((m) => m === 0 || m === 1), `joint marks ${marks}`);
      assert.equal(marks[n], -1, 'the tip is no joint');
      // the next row holds the state at the time the shape was taken (t_k of
      // its step) and what that step did: its n_stick are the marks after it
      const r = sim.step(1).rows, c = (name) => r[sim.cols.indexOf(name)];
      assert.equal(s[3 * n], c('x_tip'));
      assert.equal(s[3 * n + 1], c('y_tip'));
      const after = sim.shape();
      const stuck = Array.from({ length: n }, (_, k) => after[3 * k + 2]).reduce((a, b) => a + b, 0);
      assert.equal(stuck, c('n_stick'));
    } finally {
      sim.free();
    }
  });
  it('a scenario without a shape gives null', () => {
    const sim = core.scenario.simulation('bench');
    try {
      assert.equal(sim.shape(), null);
    } finally {
      sim.free();
    }
  });
});

describe('scenario titles and texts: the registry\'s (fric_scenario title, blurb), not the views\'', async () => {
  const { SCENARIOS: catalogue, ARM_SCENARIOS: arm } = await import('../../web/src/catalogue.js');
  it('every scenario has a title and a blurb; the views\' lists name registered scenarios and hold no title or text', () => {
    for (const s of SCENARIOS) {
      assert.ok(typeof s.title === 'string' && s.title.length > 0, `${s.name}: title`);
      assert.ok(typeof s.blurb === 'string' && s.blurb.length > 0, `${s.name}: blurb`);
      assert.equal(core.scenario.find(s.name).title, s.title);
    }
    for (const s of catalogue) {
      assert.ok(SCENARIOS.some((x) => x.name === s.name), s.name);
      assert.ok(!('title' in s) && !('text' in s), `${s.name}: the catalogue keeps its own title or text`);
    }
    for (const name of arm) assert.ok(SCENARIOS.some((x) => x.name === name), name);
  });
  it('the texts read from C: the title and blurb strings of the scenario sources (an independent reading)', () => {
    // the scenario's definition in core/system: "name", "summary", …, "title", "blurb" };
    const dir = path.join(ROOT, 'core/system');
    const src = fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.c')).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
    const joined = (lits) => [...lits.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`)).join('');
    for (const name of [...catalogue.map((s) => s.name), ...arm]) {
      const s = core.scenario.find(name);
      const at = src.indexOf(`"${s.title}"`);
      assert.ok(at > 0, `${name}: the title is not a C string literal in core/system`);
      const tail = src.slice(at, src.indexOf('};', at));
      assert.equal(joined(tail), s.title + s.blurb, `${name}: title and blurb`);
    }
  });
});
