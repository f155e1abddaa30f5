// wrapper_fuzz.mjs: fuzz target (d), the JS wrapper's public functions
// (wasm/friction.js) under Node, as a careless or hostile page would call them.
//
//   node tests/fuzz/wrapper_fuzz.mjs [--calls N] [--seconds S] [--seed K] [--json FILE] [--strict]
//                                    [--current FILE] [--huge]
//
// Random types, sizes and values (numbers, NaN, ±Infinity, −0, 2^31, 2^32,
// strings, undefined, null, objects, arrays of any length, Float64Array)
// go into law.phi, law.phiZ, law.phiZApprox, law.lambertW0, law.lookupTable + eval,
// scenario.simulation + step/reset/retune, regions.grid, regions.at, bench.resolve,
// io.recordingCheck and io.recordingCsv.
// After every call:
//   - the heap canary is checked: 256 bytes the fuzz allocated through the
//     wrapper's own _alloc with known bytes, a live look-up table whose value
//     at x = 0.1 is known, and a live simulation whose parameters are known;
//   - the call is classified: "computed" (returned, every number finite),
//     "refused" (threw an Error whose message is not a bare JS TypeError such as
//     "Cannot read properties of undefined"), or "bad": returned NaN/Infinity,
//     'invalid' or a grid code 255, or a wrong-sized result; threw something else;
//     trapped in wasm, or broke the canary. After a trap or a broken canary the
//     module is loaded again.
// Bad calls are counted by function and kind, with the first example of each.
// A refusal that quotes a number of |exponent| 13..298 the call was not given is
// counted as refused and listed apart as a note, not as bad: the refusals quote
// values derived from the given ones too (Kikuuwe's slope D − (Fs − Fc)/vs =
// −1.8e+19 N·s/m); a value read from outside an array would show there first.
// The wrapper's known holes are closed (a result beyond the largest double is the
// core's refusal, fric_law_eval; W0(±Infinity) is refused; regions.grid places
// every cell of any finite T), so a bad call is a regression: --strict makes any
// bad call exit 1, and tests/web/wrapper_fuzz.test.mjs runs a fixed seed and
// call count with --strict in `make test-web`. Without --strict the exit status
// is 0 (a survey: the bad calls are listed).
import fs from 'node:fs';
import path from 'node:path';
import { loadCore } from '../web/load.mjs';

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : def; };
const MAX_CALLS = Number(opt('--calls', 1e9));
const SECONDS = Number(opt('--seconds', 15));
const STRICT = args.includes('--strict');
const JSON_OUT = opt('--json', null);
// --huge: sizes of 2^29 + 1, 2^31, 2^32, 76695845, 65536 too (huge sizes). Off by
// default: the wrapper on main does not refuse them, and step(2^31) then runs
// 2^31 model steps in one synchronous call (the fuzz cannot interrupt it).
const HUGE = args.includes('--huge');
// the call in progress, for a run stopped from outside (make fuzz's timeout)
const CURRENT = opt('--current', 'build/fuzz/wrapper_current.txt');
fs.mkdirSync(path.dirname(CURRENT), { recursive: true });
let seed = BigInt(opt('--seed', 1)) || 1n;

// xorshift64*: deterministic for a given --seed
function rnd() {
  seed ^= seed >> 12n; seed ^= (seed << 25n) & 0xffffffffffffffffn; seed ^= seed >> 27n;
  return Number(((seed * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn) >> 11n) / 2 ** 53;
}
const pick = (a) => a[Math.floor(rnd() * a.length)];
const chance = (p) => rnd() < p;

// The numbers the current call was given (reset before each call): a refusal may
// quote them, and a number it quotes that is none of them was read from elsewhere.
let given = [];
const give = (v) => {
  // a string is quoted as it is ('' + −3.7e-111 is "-3.7379712382742524e-111")
  if (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)))) given.push(Number(v));
  return v;
};

const WILD = [NaN, Infinity, -Infinity, -0, 0, 1, -1, 1.5, 2 ** 31, 2 ** 32, 2 ** 29 + 1, 76695845, 65536,
  -5, 1e308, -1e308, 5e-324, 1e-300, 'abc', '', '1', undefined, null, {}, [], true];
function wildValue() { return give(chance(0.5) ? pick(WILD) : (rnd() - 0.5) * 10 ** Math.floor(rnd() * 20 - 10)); }
function num(lo, hi) { return chance(0.8) ? give(lo + (hi - lo) * rnd()) : wildValue(); }
const HUGE_SIZES = [2 ** 31, 2 ** 29 + 1, 76695845, 65536];
function count() {
  if (chance(0.95)) return Math.floor(rnd() * 40);
  return pick(HUGE ? [-1, 0, 1.5, NaN, 'abc', ...HUGE_SIZES] : [-1, 0, 1.5, NaN, 'abc', 1e4]);
}
function array(gen) {
  if (chance(0.05)) return pick([undefined, null, 'abc', 5, {}]);
  const n = chance(0.98) ? Math.floor(rnd() * 12) : pick(HUGE ? [0, 1000, 2 ** 16] : [0, 1000]);
  const a = Array.from({ length: n }, gen);
  return chance(0.3) ? Float64Array.from(a.map(Number)) : a;
}
function law() {
  if (chance(0.03)) return pick([undefined, null, {}, 'stribeck', 5]);
  const kind = chance(0.9) ? pick(['coulomb-viscous', 'stribeck', 'rational', 0, 1, 2]) : pick([1.5, 3, -1, 'x', undefined]);
  const Fc = num(0, 3);
  return { kind, Fs: chance(0.8) ? give(Fc + num(0, 3)) : wildValue(), Fc, vs: num(1e-3, 1), D: num(0, 5), alpha: chance(0.7) ? 1 : num(1, 4) };
}
function servoLaw(core) {
  if (chance(0.05)) return pick([undefined, {}, { kind: 'servo' }, { kind: 'screw' }]);
  if (chance(0.3)) return { kind: 'screw', eta1: num(0, 1), eta2: num(0, 1), tau_c: num(0, 1), b_v: num(0, 1) };
  const pr = core.bench.presets();
  const f = { ...pick(pr).friction };
  Object.values(f).forEach(give);
  if (chance(0.3)) f[pick(Object.keys(f))] = wildValue();
  return { kind: 'servo', friction: f };
}

// --- the canary
const CANARY_BYTES = 256;
function makeCanary(core) {
  const p = core._alloc(CANARY_BYTES);
  for (let i = 0; i < CANARY_BYTES; i++) core._m.HEAPU8[p + i] = (i * 37 + 11) & 255;
  const paper = { kind: 'stribeck', Fs: 2.5, Fc: 0.4, vs: 0.06, D: 4.5, alpha: 1 };
  const lut = core.law.lookupTable(paper, 1 / 55, 1e-9);
  const lutVal = lut.eval([0.1])[0];
  const sim = core.scenario.simulation('model-a');
  const simParams = Float64Array.from(sim.params);
  return { p, lut, lutVal, sim, simParams };
}
function canaryIntact(core, c) {
  try {
    const h = core._m.HEAPU8;
    for (let i = 0; i < CANARY_BYTES; i++) if (h[c.p + i] !== ((i * 37 + 11) & 255)) return 'canary bytes overwritten';
    const v = c.lut.eval([0.1])[0];
    if (v !== c.lutVal) return `live look-up table changed: ${v} instead of ${c.lutVal}`;
    if (c.sim.params.some((x, i) => !Object.is(x, c.simParams[i]))) return 'live simulation parameters changed';
    const r = c.sim.step(1);
    if (r.count === 1 && !Array.from(r.rows).every(Number.isFinite)) return 'live simulation rows not finite';
    if (r.done) c.sim.reset(c.simParams);
    return null;
  } catch (e) {
    return `canary check threw: ${e && e.message}`;
  }
}

// --- the calls: each returns the value(s) to check
const CALLS = {
  'law.phi': (core) => core.law.phi(law(), array(() => num(-2, 2))),
  'law.phiZ': (core) => core.law.phiZ(law(), num(1e-4, 0.1), array(() => num(-2, 2))),
  'law.phiZApprox': (core) => core.law.phiZApprox(law(), num(1e-4, 0.1), array(() => num(-2, 2))),
  'law.lambertW0': (core) => [core.law.lambertW0(chance(0.8) ? num(-0.36, 10) : wildValue())],
  lutEval: (core) => {
    const t = core.law.lookupTable(law(), num(1e-4, 0.1), chance(0.8) ? 10 ** -(3 + Math.floor(rnd() * 8)) : wildValue());
    try { return t.eval(array(() => num(-2, 2))); } finally { t.free(); }
  },
  'scenario.simulation': (core, st) => {
    const names = core.scenario.list().map((s) => s.name);
    const name = chance(0.97) ? pick(names) : pick(['nope', undefined, 5]);
    const info = core.scenario.list().find((s) => s.name === name);
    const values = {};
    if (info && chance(0.5)) {
      const q = pick(info.params);
      if (q.name !== 'every') values[q.name] = chance(0.7) ? num(q.min, q.max) : wildValue();
    }
    const sim = core.scenario.simulation(name, values);
    st.sims = (st.sims || 0) + 1;
    try {
      const out = [];
      for (let k = 0; k < 3; k++) {
        const what = rnd();
        if (what < 0.6) { const r = sim.step(count()); out.push(...r.rows); }
        else if (what < 0.8) sim.reset(chance(0.7) ? sim.params : array(() => num(0, 1)));
        else sim.retune(chance(0.5) ? sim.params : array(() => num(0, 1)));
      }
      return out;
    } finally { sim.free(); }
  },
  'regions.grid': (core) => {
    const nx = chance(0.97) ? Math.floor(rnd() * 20) : count(), ny = chance(0.97) ? Math.floor(rnd() * 20) : count();
    return core.regions.grid(servoLaw(core), num(-2, 2), num(0, 5), nx, ny);
  },
  'regions.at': (core) => [core.regions.at(servoLaw(core), num(-2, 2), num(-5, 5), num(-5, 5))],
  // a robot's recording (fric_recording.h): arrays of frames and joints, names, a period
  'io.recordingCheck': (core) => {
    const J = chance(0.9) ? 1 + Math.floor(rnd() * 4) : count(), n = chance(0.9) ? Math.floor(rnd() * 12) : count();
    const size = (m) => (chance(0.95) && Number.isInteger(m) && m >= 0 && m < 1e5 ? m : count());
    const frames = (m, gen) => (chance(0.97) ? Array.from({ length: size(m) }, gen) : array(gen));
    const t = frames(n, (_, k) => (chance(0.95) ? give(k / 30) : wildValue()));
    const q = () => frames(n * J, () => num(-3, 3));
    const names = chance(0.97) && Number.isInteger(J) && J >= 0 && J < 100
      ? Array.from({ length: J }, (_, j) => (chance(0.95) ? `j${j}` : pick(['', 'j0', 'x'.repeat(70), 5, undefined])))
      : pick([undefined, null, 'j0', [], {}]);
    const r = core.io.recordingCheck({ t, goal: q(), pos: q(), names, period: chance(0.7) ? 0 : num(0, 0.1) }, 'fuzz');
    return [r.frames, r.joints, r.duration, r.period, r.rate];
  },
  'io.recordingCsv': (core) => {
    const cols = ['t', 'goal_a', 'pos_a', 'goal_b', 'pos_b', 'speed_a', '', 'goal_a'];
    const head = Array.from({ length: Math.floor(rnd() * 6) }, (_, i) => (chance(0.9) ? cols[i % 5] : pick(cols))).join(',');
    const lines = Array.from({ length: Math.floor(rnd() * 8) }, (_, k) =>
      Array.from({ length: chance(0.9) ? 5 : Math.floor(rnd() * 7) }, (_, c) => String(c === 0 ? (chance(0.9) ? k / 30 : wildValue()) : num(-3, 3))).join(','));
    const r = core.io.recordingCsv(chance(0.97) ? [head, ...lines].join(pick(['\n', '\r\n'])) : pick([undefined, 5, '', '\0', {}]), 'fuzz.csv');
    return [...r.t, ...r.goal, ...r.pos, r.info.rate];
  },
  'bench.resolve': (core) => {
    const info = core.scenario.list().find((s) => s.name === 'bench');
    const p = chance(0.7) ? Array.from(core.scenario.params('bench'), give) : array(() => num(-1, 1));
    if (info && Array.isArray(p) && p.length && chance(0.5)) p[Math.floor(rnd() * p.length)] = wildValue();
    return core.bench.resolve(p);
  },
};

// A computed result: every number finite, no 'invalid' region name, and for the region
// grid (a Uint8Array of codes) no 255, its code for "invalid" (elsewhere 255 is a number).
function finiteResult(r) {
  if (r === undefined || r === null) return false;
  if (typeof r === 'string') return r !== 'invalid';
  if (typeof r === 'number') return Number.isFinite(r);
  if (r instanceof Uint8Array) return !r.includes(255);
  if (ArrayBuffer.isView(r) || Array.isArray(r)) return Array.from(r).every((x) => typeof x === 'string' ? x !== 'invalid' : Number.isFinite(x));
  return true;
}

// A number in a message with |exponent| 13..298 that the call was not given (within the
// 6 significant digits of %g): derived from the given ones, or read from outside the
// caller's array (a note, see the top). The fuzz's
// typical values lie within 1e-12 .. 1e12, its wild ones include 1e308 and 5e-324; a
// wild value (rnd() − 0.5)·10^k may come out as 4.8e-13, which a refusal then quotes
// (e.g. "Fs = 4.83371e-13 must exceed Fc"): that is a value given, not garbage.
// The accepted ranges the messages quote ("[1e-50, 1e+50]") are constants, not values read: left out.
const wasGiven = (t) => given.some((v) => Math.abs(Math.abs(v) - Math.abs(t)) <= 1e-5 * Math.abs(t));
const garbage = (msg) => (msg.replace(/\[[^\]]*\]/g, '').match(/\d(\.\d+)?e[-+]\d+/g) || [])
  .some((t) => { const e = Math.abs(Number(t.split('e')[1])); return e > 12 && e < 299 && !wasGiven(Number(t)); });
const BARE_TYPEERROR = /Cannot read properties|is not a function|is not iterable|Cannot convert|undefined is not|null is not/;

async function main() {
  let core = await loadCore();
  let canary = makeCanary(core);
  const stats = { calls: 0, computed: 0, refused: 0, bad: 0, reloads: 0 };
  const bad = {};              // "fn: kind" -> { n, example }
  const notes = {};            // the same, for what is listed but not bad
  const st = {};
  const t0 = Date.now();
  const note = (fn, kind, example) => {
    const key = `${fn}: ${kind}`;
    if (!bad[key]) bad[key] = { n: 0, example };
    bad[key].n++;
    stats.bad++;
  };
  const remark = (fn, kind, example) => {
    const key = `${fn}: ${kind}`;
    if (!notes[key]) notes[key] = { n: 0, example };
    notes[key].n++;
  };
  const names = Object.keys(CALLS);
  while (stats.calls < MAX_CALLS && (Date.now() - t0) / 1000 < SECONDS) {
    const fn = pick(names);
    const seedAt = seed;
    stats.calls++;
    fs.writeFileSync(CURRENT, `call ${stats.calls}: ${fn}, --seed state ${seedAt}\n`);
    if (stats.calls % 20000 === 0) console.log(`wrapper fuzz: ${stats.calls} calls, ${stats.bad} neither so far`);
    let result, threw = null;
    given = [];
    try { result = CALLS[fn](core, st); } catch (e) { threw = e; }
    let trapped = false;
    if (threw) {
      const msg = threw && threw.message ? threw.message : String(threw);
      if (threw instanceof WebAssembly.RuntimeError || /RuntimeError|memory access|unreachable|out of bounds/.test(msg)) {
        note(fn, 'wasm trap or out-of-bounds', `${msg} (seed state ${seedAt})`); trapped = true;
      } else if (!(threw instanceof Error)) note(fn, 'threw a non-Error', String(threw));
      else if (BARE_TYPEERROR.test(msg)) note(fn, 'bare JS error instead of a refusal', msg);
      else {
        stats.refused++;
        if (garbage(msg)) remark(fn, 'refusal quoting a number it was not given (derived?)', msg);
      }
    } else if (finiteResult(result)) stats.computed++;
    else {
      // name what was wrong and where: NaN, ±Infinity and 'invalid' are different findings
      const xs = Array.isArray(result) || ArrayBuffer.isView(result) ? Array.from(result) : [result];
      const i = result instanceof Uint8Array ? xs.indexOf(255) : xs.findIndex((x) => !finiteResult([x]));
      const x = xs[i];
      const kind = typeof x === 'number' && Number.isNaN(x) ? 'NaN' : typeof x === 'number' && !Number.isFinite(x) ? 'an infinity'
        : x === 255 ? 'the invalid code 255' : `'${String(x)}'`;
      note(fn, `returned ${kind} instead of refusing`, `value ${i} of ${xs.length}: ${String(x)}`);
    }
    const broken = trapped ? 'trap' : canaryIntact(core, canary);
    if (broken) {
      if (!trapped) note(fn, 'heap canary broken', broken);
      stats.reloads++;
      core = await loadCore();
      canary = makeCanary(core);
    }
  }
  const secs = (Date.now() - t0) / 1000;
  console.log(`wrapper fuzz: ${stats.calls} calls in ${secs.toFixed(0)} s: ${stats.computed} computed, ` +
              `${stats.refused} refused cleanly, ${stats.bad} neither (module reloaded ${stats.reloads} times)`);
  for (const [k, v] of Object.entries(bad).sort((a, b) => b[1].n - a[1].n))
    console.log(`  ${String(v.n).padStart(8)}  ${k}   e.g. ${String(v.example).slice(0, 160)}`);
  for (const [k, v] of Object.entries(notes).sort((a, b) => b[1].n - a[1].n))
    console.log(`  note, not bad: ${v.n}  ${k}   e.g. ${String(v.example).slice(0, 160)}`);
  if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify({ ...stats, seconds: secs, bad, notes }, null, 1));
  process.exit(STRICT && stats.bad ? 1 : 0);
}
main();
