// hardening.test.mjs: the wrapper refuses bad arguments, run by `node --test` (make test-web).
// Every bad argument to the JavaScript wrapper (wasm/friction.js) is refused
// before wasm memory is touched, and the C bindings (wasm/bindings.c) refuse
// bad counts on their own (defence in depth).
//
//   a) reproducers    each known bad call, one test each
//   b) sweep          a table of bad calls into every public function: each
//                     must throw a TypeError/RangeError/Error whose message
//                     names the argument; the count is printed
//   c) bindings       the exported C functions called directly with bad
//                     counts return an error status and write nothing
//   d) heap           a canary allocated through the wrapper's own _alloc
//                     before the sweep keeps its bytes, and malloc's used/free
//                     counters stay put, after every call; 10^4 create/free
//                     cycles leak nothing
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './load.mjs';
import { MAX_BYTES } from '../../wasm/friction.js';
import * as R from './reference.mjs';

const core = await loadCore();
const m = core._m;
// the bench scenario's parameter count, from its own table (the refusals name it)
const NB = core.scenario.find('bench').params.length;
const LAW = R.STRIBECK_PAPER, Z = R.Z_PAPER;
const SERVO = { kind: 'servo', friction: core.bench.presets()[0].friction };
const SCREW = { kind: 'screw', eta1: 0.6, eta2: 0.5, tau_c: 0.01, b_v: 0.001 };
const BENCH = core.scenario.params('bench');

// ------------------------------------------------------------ the canary
/** A canary: 256 bytes from the wrapper's own allocator, a known pattern. */
const CANARY_BYTES = 256;
const canary = core._alloc(CANARY_BYTES);
const pattern = (i) => (i * 73 + 19) & 255;
for (let i = 0; i < CANARY_BYTES; i++) m.HEAPU8[canary + i] = pattern(i);
/** malloc's counters now (after one warm-up of everything the sweep calls). */
let baseline;

/** The heap after a call: canary intact, used/free counters unchanged. */
function heapIntact(label) {
  const H = m.HEAPU8;
  for (let i = 0; i < CANARY_BYTES; i++) {
    if (H[canary + i] !== pattern(i)) assert.fail(`${label}: canary byte ${i} is ${H[canary + i]}, not ${pattern(i)}`);
  }
  const now = core.heapStats();
  assert.deepEqual(now, baseline, `${label}: heap counters ${JSON.stringify(baseline)} -> ${JSON.stringify(now)}`);
}

/** Live objects the sweep must not disturb: a table and a simulation. */
let lut, simA, simB;
const lutX = Float64Array.of(-0.05, 0.001, 0.05);
let lutY;

before(() => {
  lut = core.law.lookupTable(LAW, Z, 1e-6 * LAW.Fs);
  lutY = lut.eval(lutX);
  simA = core.scenario.simulation('model-a');
  simB = core.scenario.simulation('model-a');
  simA.step(10); // its row buffer is allocated now
  simB.step(10);
  // warm-up: anything allocated once for good (caches) is allocated now
  core.law.phi(LAW, [0.1]);
  core.regions.grid(SERVO, 0, 1, 4, 4);
  core.regions.at(SERVO, 0, 0.1, 0.1);
  core.bench.resolve(BENCH);
  core.bench.servo(BENCH);
  baseline = core.heapStats();
});

/** The error `fn` throws (assert.fail when it returns). */
function thrown(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return null;
}

/** fn must throw an Error (TypeError/RangeError/Error) naming `name`, and
 *  leave the heap intact. */
function refuses(label, fn, name, type = Error) {
  const e = thrown(fn);
  assert.ok(e, `${label}: returned instead of throwing`);
  assert.ok(e instanceof type, `${label}: threw ${e && e.constructor.name} (${e && e.message}), want ${type.name}`);
  assert.ok(!/Cannot read properties|is not a function|offset is out of bounds/.test(e.message), `${label}: bare ${e.message}`);
  // the name as a token of its own (not a letter inside another word)
  const token = new RegExp(`(^|[^\\w.])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`);
  assert.ok(token.test(e.message), `${label}: the message "${e.message}" does not name ${name}`);
  heapIntact(label);
  return e;
}

// ======================================================== (a) reproducers
describe('a) the known bad calls are refused before wasm memory is touched', () => {
  it('Simulation.step(76695845) on model-a: no 24-byte allocation, the table and the other simulation intact', () => {
    const tB = simB.step(1).rows[0];
    refuses('step(76695845)', () => simA.step(76695845), 'n', RangeError);
    assert.deepEqual(lut.eval(lutX), lutY, 'the live table still gives its values');
    const next = simB.step(1).rows[0];
    assert.ok(Number.isFinite(next) && next > tB && next < tB + 1, `the other simulation's t reads ${next} after ${tB}`);
    assert.equal(simA.step(3).count, 3, 'the refused simulation still steps');
    heapIntact('after stepping');
  });
  it('regions.grid(servo, 0, 1, 65536, 65536) is refused before anything is written', () => {
    const e = refuses('regions.grid 65536²', () => core.regions.grid(SERVO, 0, 1, 65536, 65536), 'nx', RangeError);
    assert.match(e.message, /at most 2147483647/);
    assert.deepEqual(lut.eval(lutX), lutY);
  });
  it('an x array of 2^29 + 1 values: a RangeError naming xs, not "offset is out of bounds"', () => {
    const big = new Array(2 ** 29 + 1); // sparse: the length is refused before any element is read
    for (const [label, fn] of [['phi', () => core.law.phi(LAW, big)], ['phiZ', () => core.law.phiZ(LAW, Z, big)],
      ['law.phiZApprox', () => core.law.phiZApprox(LAW, Z, big)], ['lut.eval', () => lut.eval(big)]]) {
      const e = refuses(label, fn, 'xs', RangeError);
      assert.match(e.message, /536870913 values; at most 134217727/);
    }
  });
  it('sim.retune([]) names the length, never a garbage value', () => {
    const e = refuses('retune([])', () => simA.retune([]), 'params', RangeError);
    assert.match(e.message, /params has 0 values; it must have exactly 15/);
    assert.ok(!/e-\d\d/.test(e.message), e.message);
    refuses('reset([1])', () => simA.reset([1]), 'params', RangeError);
  });
  it('bench.resolve([1]) and bench.servo([1]) are refused (not [1])', () => {
    refuses('bench.resolve([1])', () => core.bench.resolve([1]), `exactly ${NB}`, RangeError);
    refuses('bench.servo([1])', () => core.bench.servo([1]), `exactly ${NB}`, RangeError);
  });
  it('NaN, "abc" and Infinity among the x values of law.phi, law.phiZ, law.phiZApprox and the table', () => {
    for (const bad of [NaN, 'abc', Infinity, -Infinity]) {
      const xs = [0.1, bad, 0.2];
      const type = typeof bad === 'number' ? RangeError : TypeError;
      refuses(`phi ${bad}`, () => core.law.phi(LAW, xs), 'xs[1]', type);
      refuses(`phiZ ${bad}`, () => core.law.phiZ(LAW, Z, xs), 'xs[1]', type);
      refuses(`law.phiZApprox ${bad}`, () => core.law.phiZApprox(LAW, Z, xs), 'xs[1]', type);
      refuses(`lut.eval ${bad}`, () => lut.eval(xs), 'xs[1]', type);
    }
    refuses('Float64Array with NaN', () => core.law.phiZ(LAW, Z, Float64Array.of(0, NaN)), 'xs[1]', RangeError);
  });
  it('law.lambertW0(NaN | "abc" | undefined | −0.5 | ±Infinity) is refused; W0(−1/e) = −1, W0(DBL_MAX) is finite', () => {
    refuses('W0(NaN)', () => core.law.lambertW0(NaN), 'x', RangeError);
    refuses('W0("abc")', () => core.law.lambertW0('abc'), 'x', TypeError);
    refuses('W0()', () => core.law.lambertW0(), 'x', TypeError);
    refuses('W0(-0.5)', () => core.law.lambertW0(-0.5), 'x', RangeError);
    // W0(+∞) = ∞ is a limit, not a value: refused like every other non-finite argument
    const e = refuses('W0(Infinity)', () => core.law.lambertW0(Infinity), 'x', RangeError);
    assert.match(e.message, /not finite/);
    assert.equal(core.law.lambertW0(-1 / Math.E), -1);
    // w·e^w = DBL_MAX: w = ln(DBL_MAX) − ln w to a few ulp
    const w = core.law.lambertW0(Number.MAX_VALUE);
    assert.ok(Math.abs(w - (Math.log(Number.MAX_VALUE) - Math.log(w))) < 1e-12 * w, `W0(DBL_MAX) = ${w}`);
  });
  it('a finite x whose result is beyond the largest double is the core\'s refusal (fric_law_eval): phi, phiZ, phiZApprox, table eval', () => {
    const CV = { kind: 'coulomb-viscous', Fc: 1, D: 4.5 };
    const xs = [0.1, -0.9 * Number.MAX_VALUE];
    const t = core.law.lookupTable(CV, 0.01, 1e-9);
    try {
      for (const [label, fn, sym] of [['phi', () => core.law.phi(CV, xs), 'Φ(x)'], ['phiZ', () => core.law.phiZ(CV, 0.01, xs), 'Φ_Z(x)'],
        ['phiZApprox', () => core.law.phiZApprox(CV, 0.01, xs), 'Φ̂_Z(x)'], ['lut.eval', () => t.eval(xs), "the table's Φ_Z(x)"],
        ['paper lut.eval', () => lut.eval(xs), "the table's Φ_Z(x)"]]) {
        const e = thrown(fn);   // (refuses() would check the heap, which holds t until the end)
        assert.ok(e instanceof Error && !(e instanceof TypeError), `${label}: ${e}`);
        assert.equal(e.code, 'FRIC_E_NONFINITE', label);
        assert.equal(e.param, 'D', label);
        assert.ok(e.message.startsWith(`x[1] = -1.61792e+308 m/s gives ${sym} = -inf N, beyond the largest double`), `${label}: ${e.message}`);
        assert.match(e.message, /give a smaller \|x\| or a smaller D \(now 4\.5 N·s\/m\)/, label);
      }
      // Kikuuwe's approximation with Z·D > 1 grows as |x|/Z (eq. 46): Z is named
      const e = thrown(() => core.law.phiZApprox(CV, 0.5, xs));
      assert.equal(e.code, 'FRIC_E_NONFINITE');
      assert.equal(e.param, 'Z');
      assert.match(e.message, /larger Z \(now 0\.5 m\/\(N·s\)\)/);
      // the largest values that are values: Φ at D·x = DBL_MAX/2 (eq. 24), Φ_Z where D·|x|/(1 + Z·D) < DBL_MAX (eq. 25)
      const half = Number.MAX_VALUE / 2 / CV.D;
      assert.equal(core.law.phi(CV, [half])[0], CV.Fc + CV.D * half);
      const over = Number.MAX_VALUE / CV.D * 1.01, k = 1 + 0.01 * CV.D;
      const yz = core.law.phiZ(CV, 0.01, [over])[0];
      assert.ok(Math.abs(yz - (CV.Fc / k + (CV.D / k) * over)) <= 4e-16 * yz, `Φ_Z(${over}) = ${yz}`);
    } finally {
      t.free();
    }
    heapIntact('results beyond the largest double');
  });
  it('kind: 1.5 is not taken for Stribeck', () => {
    refuses('kind 1.5', () => core.law.phi({ ...LAW, kind: 1.5 }, [0.1]), 'law.kind', RangeError);
    refuses('kind 2**32 + 1', () => core.law.phi({ ...LAW, kind: 2 ** 32 + 1 }, [0.1]), 'law.kind', RangeError);
  });
  it('step(NaN), step(-5), step("abc"), step(1.5), step(0) are refused and do not set done', () => {
    for (const [n, type] of [[NaN, RangeError], [-5, RangeError], ['abc', TypeError], [1.5, RangeError], [0, RangeError]]) {
      refuses(`step(${n})`, () => simA.step(n), 'n', type);
      assert.equal(simA.done, false, `step(${n}) set done`);
    }
  });
  it('regions.grid with nx = −1 or T = NaN, regions.at(NaN): refused, not an empty or all-255 grid', () => {
    refuses('nx = -1', () => core.regions.grid(SERVO, 0, 1, -1, 4), 'nx', RangeError);
    refuses('T = NaN', () => core.regions.grid(SERVO, 0, NaN, 4, 4), 'T', RangeError);
    refuses('regions.at(NaN)', () => core.regions.at(SERVO, 0, NaN, 0), 'tauM', RangeError);
  });
  it('regions.grid with T up to the largest double: every cell placed (no 255), each as regions.at at its centre', () => {
    // the centres were T − 2T·(r + 0.5)/ny: 2T overflowed for T > DBL_MAX/2 and the cells came out 255
    const CODES = { static: 0, drive: 1, backdrive: 2 };
    for (const law of [SERVO, { kind: 'screw', eta1: 0.6, eta2: 1.5, tau_c: 0.01, b_v: 0.001 }]) {
      for (const T of [1, 1e308, Number.MAX_VALUE, Number.MIN_VALUE]) {
        const nx = 5, ny = 4;
        const g = core.regions.grid(law, 0.5, T, nx, ny);
        assert.equal(g.length, nx * ny);
        for (let r = 0; r < ny; r++) {
          for (let k = 0; k < nx; k++) {
            const tm = T * ((2 * k + 1) / nx - 1), te = T * (1 - (2 * r + 1) / ny);
            assert.equal(g[r * nx + k], CODES[core.regions.at(law, 0.5, tm, te)], `${law.kind} T = ${T}: cell (${k}, ${r}) at (${tm}, ${te})`);
          }
        }
      }
    }
    heapIntact('regions.grid huge T');
  });
  it('undefined laws, arrays and entries: TypeErrors naming them, not "Cannot read properties of undefined"', () => {
    refuses('phi(undefined)', () => core.law.phi(undefined, [0.1]), 'law', TypeError);
    refuses('phi(law, undefined)', () => core.law.phi(LAW, undefined), 'xs', TypeError);
    refuses('phi(law, [undefined])', () => core.law.phi(LAW, [undefined]), 'xs[0]', TypeError);
    refuses('regions.grid(undefined)', () => core.regions.grid(undefined, 0, 1, 4, 4), 'law', TypeError);
    refuses('servo without friction', () => core.regions.at({ kind: 'servo' }, 0, 0, 0), 'law.friction', TypeError);
    refuses('retune(undefined)', () => simA.retune(undefined), 'params', TypeError);
    refuses('bench.resolve(undefined)', () => core.bench.resolve(undefined), 'params', TypeError);
    refuses('simulation(model-a, null)', () => core.scenario.simulation('model-a', null), 'values', TypeError);
  });
});

// ============================================================== (b) sweep
/** [label, call, what the message must name]. Every call is bad. */
const BAD_CALLS = [
  // laws and transforms
  ['phi(null law)', () => core.law.phi(null, [0.1]), 'law'],
  ['phi(law "x")', () => core.law.phi('stribeck', [0.1]), 'law'],
  ['phi(kind undefined)', () => core.law.phi({ Fs: 1 }, [0.1]), 'law.kind'],
  ['phi(kind -1)', () => core.law.phi({ ...LAW, kind: -1 }, [0.1]), 'law.kind'],
  ['phi(kind 7)', () => core.law.phi({ ...LAW, kind: 7 }, [0.1]), 'law.kind'],
  ['phi(kind NaN)', () => core.law.phi({ ...LAW, kind: NaN }, [0.1]), 'law.kind'],
  ['phi(kind true)', () => core.law.phi({ ...LAW, kind: true }, [0.1]), 'law.kind'],
  ['phi(kind "coulomb")', () => core.law.phi({ ...LAW, kind: 'coulomb' }, [0.1]), 'coulomb'],
  ['phi(Fs "abc")', () => core.law.phi({ ...LAW, Fs: 'abc' }, [0.1]), 'law.Fs'],
  ['phi(Fs NaN)', () => core.law.phi({ ...LAW, Fs: NaN }, [0.1]), 'Fs'],
  ['phi(Fc Infinity)', () => core.law.phi({ ...LAW, Fc: Infinity }, [0.1]), 'Fc'],
  ['phi(vs -1)', () => core.law.phi({ ...LAW, vs: -1 }, [0.1]), 'vs'],
  ['phi(alpha "1")', () => core.law.phi({ ...LAW, alpha: '1' }, [0.1]), 'law.alpha'],
  ['phi(D {})', () => core.law.phi({ ...LAW, D: {} }, [0.1]), 'law.D'],
  ['phi(xs "abc")', () => core.law.phi(LAW, 'abc'), 'xs'],
  ['phi(xs 5)', () => core.law.phi(LAW, 5), 'xs'],
  ['phi(xs {length: 3})', () => core.law.phi(LAW, { length: 3 }), 'xs'],
  ['phi(xs DataView)', () => core.law.phi(LAW, new DataView(new ArrayBuffer(8))), 'xs'],
  ['phi(xs [null])', () => core.law.phi(LAW, [null]), 'xs[0]'],
  ['phi(xs [1n])', () => core.law.phi(LAW, [1n]), 'xs[0]'],
  ['phi(xs BigInt64Array)', () => core.law.phi(LAW, BigInt64Array.of(1n)), 'xs[0]'],
  ['phi(xs ["0.1"])', () => core.law.phi(LAW, ['0.1']), 'xs[0]'],
  ['phi(xs [NaN])', () => core.law.phi(LAW, [NaN]), 'xs[0]'],
  ['phi(xs [Infinity])', () => core.law.phi(LAW, [Infinity]), 'xs[0]'],
  ['phi(xs 2^28 holes)', () => core.law.phi(LAW, new Array(2 ** 28)), 'xs'],
  ['phiZ(Z "abc")', () => core.law.phiZ(LAW, 'abc', [0.1]), 'Z'],
  ['phiZ(Z undefined)', () => core.law.phiZ(LAW, undefined, [0.1]), 'Z'],
  ['phiZ(Z NaN)', () => core.law.phiZ(LAW, NaN, [0.1]), 'Z'],
  ['phiZ(Z Infinity)', () => core.law.phiZ(LAW, Infinity, [0.1]), 'Z'],
  ['phiZ(Z 0)', () => core.law.phiZ(LAW, 0, [0.1]), 'Z'],
  ['phiZ(Z -1)', () => core.law.phiZ(LAW, -1, [0.1]), 'Z'],
  ['phiZ(xs [-Infinity])', () => core.law.phiZ(LAW, Z, [-Infinity]), 'xs[0]'],
  ['phiZ(xs [undefined])', () => core.law.phiZ(LAW, Z, [0, undefined]), 'xs[1]'],
  ['law.phiZApprox(xs NaN)', () => core.law.phiZApprox(LAW, Z, Float64Array.of(NaN)), 'xs[0]'],
  ['law.phiZApprox(law undefined)', () => core.law.phiZApprox(undefined, Z, [0.1]), 'law'],
  ['law.phiPlus0(undefined)', () => core.law.phiPlus0(undefined), 'law'],
  ['law.phiPlus0(Fs NaN)', () => core.law.phiPlus0({ ...LAW, Fs: NaN }), 'Fs'],
  ['law.phiPlus0(kind 1.5)', () => core.law.phiPlus0({ ...LAW, kind: 1.5 }), 'law.kind'],
  ['law.problem(undefined)', () => core.law.problem(undefined, Z), 'law'],
  ['law.problem(Z "abc")', () => core.law.problem(LAW, 'abc'), 'Z'],
  ['law.check(kind 1.5)', () => core.law.check({ ...LAW, kind: 1.5 }, Z), 'law.kind'],
  ['law.fields(1.5)', () => core.law.fields(1.5), 'law.kind'],
  ['law.fields(undefined)', () => core.law.fields(undefined), 'law.kind'],
  ['law.lambertW0(NaN)', () => core.law.lambertW0(NaN), 'x'],
  ['law.lambertW0("abc")', () => core.law.lambertW0('abc'), 'x'],
  ['law.lambertW0(undefined)', () => core.law.lambertW0(undefined), 'x'],
  ['law.lambertW0(-Infinity)', () => core.law.lambertW0(-Infinity), 'x'],
  ['law.lambertW0(-1)', () => core.law.lambertW0(-1), 'x'],
  ['law.lambertW0("1")', () => core.law.lambertW0('1'), 'x'],
  ['law.lambertW0(Infinity)', () => core.law.lambertW0(Infinity), 'x'],
  ['phi(xs [0, 1e308])', () => core.law.phi(LAW, [0, 1e308]), 'D'],
  ['phiZ(xs [-1e308])', () => core.law.phiZ(LAW, Z, [-1e308]), 'D'],
  ['law.phiZApprox(xs [1e308])', () => core.law.phiZApprox(LAW, Z, [1e308]), 'D'],
  ['lut.eval([1e308])', () => lut.eval([1e308]), 'D'],
  ['law.lookupTable(undefined)', () => core.law.lookupTable(undefined, Z, 1e-6), 'law'],
  ['law.lookupTable(Z "abc")', () => core.law.lookupTable(LAW, 'abc', 1e-6), 'Z'],
  ['law.lookupTable(Z NaN)', () => core.law.lookupTable(LAW, NaN, 1e-6), 'Z'],
  ['law.lookupTable(tol "abc")', () => core.law.lookupTable(LAW, Z, 'abc'), 'tol'],
  ['law.lookupTable(tol NaN)', () => core.law.lookupTable(LAW, Z, NaN), 'tol'],
  ['law.lookupTable(tol 0)', () => core.law.lookupTable(LAW, Z, 0), 'tol'],
  ['law.lookupTable(tol -1)', () => core.law.lookupTable(LAW, Z, -1), 'tol'],
  ['law.lookupTable(kind 1.5)', () => core.law.lookupTable({ ...LAW, kind: 1.5 }, Z, 1e-6), 'law.kind'],
  ['lut.eval(undefined)', () => lut.eval(undefined), 'xs'],
  ['lut.eval([NaN])', () => lut.eval([NaN]), 'xs[0]'],
  ['lut.eval(["abc"])', () => lut.eval(['abc']), 'xs[0]'],
  ['lut.eval(2^28 holes)', () => lut.eval(new Array(2 ** 28)), 'xs'],
  // scenarios
  ['scenario(undefined)', () => core.scenario.find(undefined), 'name'],
  ['scenario(3)', () => core.scenario.find(3), 'name'],
  ['scenario("nope")', () => core.scenario.find('nope'), 'nope'],
  ['scenario.params(values "x")', () => core.scenario.params('model-a', 'x'), 'values'],
  ['scenario.params(values [])', () => core.scenario.params('model-a', []), 'values'],
  ['scenario.params(unknown key)', () => core.scenario.params('model-a', { nope: 1 }), 'nope'],
  ['scenario.params(T "abc")', () => core.scenario.params('model-a', { T: 'abc' }), 'T'],
  ['scenario.params(T NaN)', () => core.scenario.params('model-a', { T: NaN }), 'T'],
  ['scenario.params(T undefined)', () => core.scenario.params('model-a', { T: undefined }), 'T'],
  ['scenario.params(choice "nope")', () => core.scenario.params('bench', { friction: 'nope' }), 'friction'],
  ['simulation(undefined)', () => core.scenario.simulation(undefined), 'name'],
  ['simulation(T -1)', () => core.scenario.simulation('model-a', { T: -1 }), 'T'],
  ['simulation(T Infinity)', () => core.scenario.simulation('model-a', { T: Infinity }), 'T'],
  ['step()', () => simA.step(), 'n'],
  ['step(NaN)', () => simA.step(NaN), 'n'],
  ['step(-5)', () => simA.step(-5), 'n'],
  ['step("abc")', () => simA.step('abc'), 'n'],
  ['step(1.5)', () => simA.step(1.5), 'n'],
  ['step(Infinity)', () => simA.step(Infinity), 'n'],
  ['step(76695845)', () => simA.step(76695845), 'n'],
  ['step(2^31)', () => simA.step(2 ** 31), 'n'],
  ['step("10")', () => simA.step('10'), 'n'],
  ['reset([])', () => simA.reset([]), 'params'],
  ['reset(16 values)', () => simA.reset(new Float64Array(16)), 'params'],
  ['reset([NaN × 15])', () => simA.reset(new Array(15).fill(NaN)), 'params[0]'],
  ['reset(null)', () => simA.reset(null), 'params'],
  ['retune([])', () => simA.retune([]), 'params'],
  ['retune(["abc" × 15])', () => simA.retune(new Array(15).fill('abc')), 'params[0]'],
  ['retune(undefined)', () => simA.retune(undefined), 'params'],
  ['retune(T -1)', () => simA.retune(simA.params.map((v, j) => (j === simA.info.params.findIndex((q) => q.name === 'T') ? -1 : v))), 'T'],
  // bench
  ['bench.resolve([1])', () => core.bench.resolve([1]), 'params'],
  ['bench.resolve([])', () => core.bench.resolve([]), 'params'],
  ['bench.resolve(34 values)', () => core.bench.resolve([...BENCH, 0]), 'params'],
  ['bench.resolve(undefined)', () => core.bench.resolve(undefined), 'params'],
  ['bench.resolve([NaN, …])', () => core.bench.resolve([NaN, ...BENCH.slice(1)]), 'params[0]'],
  ['bench.servo([1])', () => core.bench.servo([1]), 'params'],
  ['bench.servo("abc")', () => core.bench.servo('abc'), 'params'],
  ['bench.replay([1], log)', () => core.bench.replay([1], {}), 'params'],
  // regions
  ['regions.grid(undefined law)', () => core.regions.grid(undefined, 0, 1, 4, 4), 'law'],
  ['regions.grid(kind "nope")', () => core.regions.grid({ kind: 'nope' }, 0, 1, 4, 4), 'law.kind'],
  ['regions.grid(friction undefined)', () => core.regions.grid({ kind: 'servo' }, 0, 1, 4, 4), 'law.friction'],
  ['regions.grid(K_c "abc")', () => core.regions.grid({ kind: 'servo', friction: { ...SERVO.friction, K_c: 'abc' } }, 0, 1, 4, 4), 'law.friction.K_c'],
  ['regions.grid(screw eta1 undefined)', () => core.regions.grid({ kind: 'screw', eta2: 0.5 }, 0, 1, 4, 4), 'law.eta1'],
  ['regions.grid(dtheta NaN)', () => core.regions.grid(SERVO, NaN, 1, 4, 4), 'dtheta'],
  ['regions.grid(dtheta "0")', () => core.regions.grid(SERVO, '0', 1, 4, 4), 'dtheta'],
  ['regions.grid(T NaN)', () => core.regions.grid(SERVO, 0, NaN, 4, 4), 'T'],
  ['regions.grid(T 0)', () => core.regions.grid(SERVO, 0, 0, 4, 4), 'T'],
  ['regions.grid(T -1)', () => core.regions.grid(SERVO, 0, -1, 4, 4), 'T'],
  ['regions.grid(T Infinity)', () => core.regions.grid(SERVO, 0, Infinity, 4, 4), 'T'],
  ['regions.grid(nx -1)', () => core.regions.grid(SERVO, 0, 1, -1, 4), 'nx'],
  ['regions.grid(nx 0)', () => core.regions.grid(SERVO, 0, 1, 0, 4), 'nx'],
  ['regions.grid(ny 1.5)', () => core.regions.grid(SERVO, 0, 1, 4, 1.5), 'ny'],
  ['regions.grid(ny undefined)', () => core.regions.grid(SERVO, 0, 1, 4), 'ny'],
  ['regions.grid(65536²)', () => core.regions.grid(SERVO, 0, 1, 65536, 65536), 'nx'],
  ['regions.grid(screw 65536²)', () => core.regions.grid(SCREW, 0, 1, 65536, 65536), 'nx'],
  ['regions.grid(2^31 × 1)', () => core.regions.grid(SERVO, 0, 1, 2 ** 31, 1), 'nx'],
  ['regions.at(tauM NaN)', () => core.regions.at(SERVO, 0, NaN, 0), 'tauM'],
  ['regions.at(tauE "abc")', () => core.regions.at(SERVO, 0, 0, 'abc'), 'tauE'],
  ['regions.at(dtheta Infinity)', () => core.regions.at(SERVO, Infinity, 0, 0), 'dtheta'],
  ['regions.at(undefined law)', () => core.regions.at(undefined, 0, 0, 0), 'law'],
  ['regions.at(K_c NaN)', () => core.regions.at({ kind: 'servo', friction: { ...SERVO.friction, K_c: NaN } }, 0, 0, 0), 'K_c'],
  ['regions.grid(K_v Infinity)', () => core.regions.grid({ kind: 'servo', friction: { ...SERVO.friction, K_v: Infinity } }, 0, 1, 4, 4), 'K_v'],
  ['regions.grid(screw eta1 NaN)', () => core.regions.grid({ ...SCREW, eta1: NaN }, 0, 1, 4, 4), 'eta1'],
  ['regions.polyline(n 1)', () => core.regions.polyline(SERVO, 0, 1, 1), 'n'],
  ['regions.polyline(n 1e9)', () => core.regions.polyline(SERVO, 0, 1, 1e9), 'n'],
  ['regions.polyline(n 2.5)', () => core.regions.polyline(SERVO, 0, 1, 2.5), 'n'],
  ['regions.polyline(T NaN)', () => core.regions.polyline(SERVO, 0, NaN), 'T'],
  ['regions.polyline(dtheta "abc")', () => core.regions.polyline(SERVO, 'abc', 1), 'dtheta'],
  ['regions.polyline(undefined law)', () => core.regions.polyline(undefined, 0, 1), 'law'],
];

describe('b) a sweep of bad calls into every public function', () => {
  it(`${BAD_CALLS.length} bad calls: each refused with an Error naming its argument, the heap intact after each`, (t) => {
    const failures = [];
    let typed = 0;
    for (const [label, fn, name] of BAD_CALLS) {
      try {
        const e = refuses(label, fn, name);
        if (e instanceof TypeError || e instanceof RangeError) typed++;
      } catch (err) {
        failures.push(err.message);
      }
    }
    t.diagnostic(`${BAD_CALLS.length - failures.length} of ${BAD_CALLS.length} bad calls refused with a message naming the argument `
      + `(${typed} TypeError/RangeError from the wrapper, the rest the core's Error)`);
    assert.equal(failures.length, 0, `${failures.length} of ${BAD_CALLS.length} not refused cleanly:\n${failures.join('\n')}`);
  });
  it('good calls still work after the sweep (the live table and simulations intact)', () => {
    assert.deepEqual(lut.eval(lutX), lutY);
    assert.equal(simA.step(5).count, 5);
    assert.equal(core.bench.resolve(BENCH).length, BENCH.length);
    assert.equal(core.regions.grid(SERVO, 0, 1, 8, 8).length, 64);
  });
});

// ====================================================== (c) the C bindings
describe('c) the C bindings refuse bad counts on their own (defence in depth)', () => {
  const status = () => m.UTF8ToString(m._fxb_status_name(m._fxb_last_status()));
  const message = () => m.UTF8ToString(m._fxb_last_error());
  /** A scratch buffer of `bytes` guarded by the canary check. */
  function withBuf(bytes, fn) {
    const p = core._alloc(bytes);
    try { return fn(p); } finally { core._free(p); }
  }
  it('fxb_scn_step: n·n_cols·8 at or above 2^31 writes nothing', () => {
    const i = simA.info.index;
    const k = m._fxb_scn_step(i, simA._aligned(), simA._rows, 76695845);
    assert.equal(k, -1);
    assert.equal(status(), 'FRIC_E_PARAM_RANGE');
    assert.match(message(), /n \(rows\) = 76695845 is outside 0 \.\./);
    assert.equal(m._fxb_scn_step(i, simA._aligned(), simA._rows, -5), -1);
    heapIntact('fxb_scn_step');
  });
  it('fxb_scn_init / fxb_scn_retune: a parameter count other than n_params reads nothing', () => {
    const i = simA.info.index;
    withBuf(16 * 8, (p) => {
      for (const n of [0, 1, 14, 16, -1]) {
        assert.equal(m._fxb_scn_retune(i, simA._aligned(), p, n), m._fxb_scn_retune(i, simA._aligned(), p, n));
        assert.equal(status(), 'FRIC_E_PARAM_RANGE', `retune n = ${n}`);
        assert.match(message(), new RegExp(`params has ${n} numbers; it must have exactly 15`));
        assert.notEqual(m._fxb_scn_init(i, simA._aligned(), p, n), 0);
        assert.equal(status(), 'FRIC_E_PARAM_RANGE', `init n = ${n}`);
      }
    });
    heapIntact('fxb_scn_init/retune');
  });
  it('fxb_bench_resolve / servo / replay: a parameter count other than the bench\'s', () => {
    withBuf((NB + 8) * 8, (p) => {
      assert.equal(m._fxb_bench_resolve(p, 1, p), 1);
      assert.match(message(), new RegExp(`params has 1 numbers; it must have exactly ${NB}`));
      assert.equal(m._fxb_bench_servo(p, 0, p), 1);
      assert.equal(status(), 'FRIC_E_PARAM_RANGE');
      assert.equal(m._fxb_bench_replay(p, NB + 1, p, 1, p), 1);
      assert.equal(status(), 'FRIC_E_PARAM_RANGE');
    });
    heapIntact('fxb_bench_*');
  });
  it('fxb_law_eval / fxb_lut_eval: counts below 0 or at 2^31 bytes', () => {
    withBuf(16, (p) => {
      for (const n of [-1, 2 ** 27, 2 ** 31 - 1]) {
        assert.equal(m._fxb_law_eval(1, LAW.Fs, LAW.Fc, LAW.vs, LAW.D, LAW.alpha, Z, 1, p, p, n), 1, `law n = ${n}`);
        assert.equal(status(), 'FRIC_E_PARAM_RANGE');
        assert.equal(m._fxb_lut_eval(lut._p, p, p, n), 1, `lut n = ${n}`);
        assert.equal(status(), 'FRIC_E_PARAM_RANGE');
      }
      assert.equal(m._fxb_law_eval(1, LAW.Fs, LAW.Fc, LAW.vs, LAW.D, LAW.alpha, Z, 3, p, p, 1), 1, 'which = 3');
      assert.equal(m._fxb_lut_eval(0, p, p, 1), 1, 'no table');
      assert.equal(status(), 'FRIC_E_NULL');
    });
    heapIntact('fxb_law_eval/fxb_lut_eval');
  });
  it('fxb_regions_*: wrong coefficient count, kind, grid size or T', () => {
    withBuf(16 * 8, (p) => {
      assert.equal(m._fxb_regions_check(0, p, 6, 0), 1);
      assert.match(message(), /c \(law numbers\) has 6 numbers; it must have exactly 14/);
      assert.equal(m._fxb_regions_check(2, p, 14, 0), 1);
      assert.equal(m._fxb_regions_classify(1, p, 14, 0, 0, 0), -1);
      assert.equal(m._fxb_regions_polyline(0, p, 3, 0, 1, 10, p, p, p, 1), -1);
      const c = core.regions._law(SERVO)[1];
      m.HEAPF64.set(c, p / 8);
      assert.equal(m._fxb_regions_grid(0, p, 14, 0, 1, 65536, 65536, p), 1);
      assert.equal(status(), 'FRIC_E_PARAM_RANGE');
      assert.equal(m._fxb_regions_grid(0, p, 14, 0, 1, -1, 4, p), 1);
      assert.equal(m._fxb_regions_grid(0, p, 14, 0, NaN, 4, 4, p), 1);
      assert.match(message(), /T must be a finite half-width > 0/);
    });
    heapIntact('fxb_regions_*');
  });
});

// ================================================================ (d) heap
describe('d) 10^4 create/free cycles leak nothing', () => {
  const cycles = (label, n, fn) => {
    fn(); // warm-up
    const before = core.heapStats();
    for (let i = 0; i < n; i++) fn(i);
    assert.equal(core.heapStats().used, before.used, `${label}: heap in use ${before.used} -> ${core.heapStats().used} bytes`);
    heapIntact(label);
  };
  it('10^4 simulations created, stepped, retuned, freed', () => {
    cycles('simulations', 1e4, () => {
      const s = core.scenario.simulation('model-a');
      try { s.step(4); s.retune(s.params); } finally { s.free(); }
    });
  });
  it('10^4 refused calls of each kind allocate nothing', () => {
    const big = new Array(2 ** 29 + 1);
    cycles('refused calls', 1e4, (i = 0) => {
      for (const fn of [() => simA.step(76695845), () => core.law.phiZ(LAW, Z, big), () => core.regions.grid(SERVO, 0, 1, 65536, 65536),
        () => simA.retune([]), () => core.bench.resolve([1]), () => core.law.phi(LAW, [0, i, NaN]), () => core.law.phiZ(LAW, 1 / 20, [0.1])]) {
        assert.throws(fn);
      }
    });
  });
  it('10^4 look-up tables built and freed', () => {
    cycles('tables', 1e4, () => {
      const t = core.law.lookupTable(LAW, Z, 1e-3 * LAW.Fs);
      try { t.eval(lutX); } finally { t.free(); }
    });
  });
  it('the canary is released and the heap returns to where the sweep began', () => {
    core._free(canary);
    const used = core.heapStats().used;
    assert.ok(used < baseline.used, `freeing the canary: ${baseline.used} -> ${used}`);
  });
});

// MAX_BYTES is the wrapper's exported bound, 2^31 (a wasm32 malloc takes an i32)
it('MAX_BYTES is 2^31', () => assert.equal(MAX_BYTES, 2 ** 31));

// Non-finite values in the browser: a scenario step whose row holds a value that
// is not finite ends the run with an Error (fric_scenario_step checks every
// column once, for the CLI and the bindings alike), never Infinity cells.
// The two-contacts energy overflows with a stiff wall spring and a long step
// (the same run as tests/cli/run.sh: `friction run two-contacts M1=0.001
// K1=1000000 T=0.1 duration=100000` stops with "column E = inf").
describe('a non-finite column ends the run', () => {
  it('two-contacts: step() throws FRIC_E_NONFINITE naming the column, and no row holds Infinity', () => {
    const sim = core.scenario.simulation('two-contacts', { M1: 0.001, K1: 1e6, T: 0.1, duration: 100000 });
    try {
      let thrown = null, rows = 0;
      for (let k = 0; k < 100 && !thrown && !sim.done; k++) {
        try {
          const r = sim.step(10);
          for (const v of r.rows) assert.ok(Number.isFinite(v), `a row cell is ${v}`);
          rows += r.count;
        } catch (e) { thrown = e; }
      }
      assert.ok(thrown, `no error after ${rows} rows`);
      assert.equal(thrown.code, 'FRIC_E_NONFINITE');
      assert.match(thrown.message, /column E/);
    } finally {
      sim.free();
    }
  });
});
