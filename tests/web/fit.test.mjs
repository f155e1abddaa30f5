// fit.test.mjs: the identification engine through the wasm wrapper
// (wasm/friction.js fit.batch, fit.create, fit.space, …), run by `node --test`.
//
//   a) arguments    every fit method refuses a bad argument before touching
//                   wasm memory: TypeError / RangeError naming it (.param),
//                   code FRIC_E_PARAM_RANGE; a refused log names its index
//                   and file; objects used after free() throw
//   b) table        the search space against Rhoban/bam's numbers, written
//                   here from them, not from the code:
//                   6/9/7/11/13/15 free parameters for M1..M6, the xl330 and
//                   mx64 kt, R, armature bounds, q_offset ∈ [−0.1, 0.1]
//   c) presets      fit.presetParams equals the published params files
//                   (shared/data/bam/params/<actuator>/m<k>.json)
//   d) loss         (consistency check) the batch loss of a preset on one log
//                   equals the replay MAE of core.bench.replay (treatment clip)
//                   for M1..M6, and on three logs the mean of the three
//   e) embedding    M6 contains M4: the embedded vector scores the same loss;
//                   the embedding the other way is refused
//   f) ask/tell     the same seed asks the same candidates bit for bit,
//                   another seed others; every candidate stays in the box; a
//                   held parameter is asked at its value; the budget holds
//   g) split        a fit whose candidates are scored half by one batch and
//                   half by another (two "workers") ends bit for bit where
//                   the one-batch fit ends
//   h) splits       fit.splitKp marks exactly the logs of that kp;
//                   fit.splitAlternate the 8/8 split
//   i) memory       create/free cycles return the heap to where it was
//   j) native       (consistency check) the wasm fit of 2 logs with a small
//                   budget, scored with the fast losses (lossesFast: the lane
//                   kernel in SIMD128), equals `friction fit` (the native
//                   tool, whose inner loop is the same kernel in SSE2, AVX2 or
//                   AVX-512) with the same seed, bit for bit: the kernel's
//                   math is the core's own (lanes.h); skipped, saying so,
//                   when the tool of this build has no `fit`
//   k) fast         (consistency check) lossesFast against losses (the exact
//                   path) for the published presets M1..M6 on 16 logs:
//                   within 1e-12 relative
//   l) integrator   the integrator names are the core's (bam, mujoco: fric_bench.h);
//                   (consistency check) a wasm fit with integrator mujoco
//                   equals `friction fit --integrator mujoco` bit for bit, its
//                   params text (fit.paramsText) is the tool's file byte for
//                   byte, and its loss on each log is `friction replay`'s MAE
//                   of the file (whose default treatment is the integrator's:
//                   implicit under mujoco); the Fit view's evaluation (the
//                   workers' batch.loss, fitCoordinator.js) of the fitted
//                   vector on its training logs and on 2 held-out logs equals,
//                   per log, real MuJoCo 2.2.2 (`friction mujoco` on the bench
//                   MJCF of the log) to 1e-9 rad (fails under CI=true when the
//                   tool has no MuJoCo); a bad integrator is refused
//                   naming it and the choices by every call that takes one
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCore, ROOT, CLI, DATA } from './load.mjs';
import { FitBatch, INTEGRATORS } from '../../wasm/friction.js';

const core = await loadCore();
const XL_DIR = path.join(DATA, 'logs/xl330/processed');
const FILES = fs.existsSync(XL_DIR) ? fs.readdirSync(XL_DIR).filter((f) => f.endsWith('.json')).sort() : [];
const LOGS = FILES.map((f) => JSON.parse(fs.readFileSync(path.join(XL_DIR, f), 'utf8')));
const noData = FILES.length === 16 ? false : `missing shared data: ${FILES.length} logs in ${XL_DIR}, not the 16 xl330 logs`;
const KEYS = core.fit.paramKeys().map((k) => k.key);
const N = KEYS.length;

/** The bench scenario vector that replays fit vector p of model k with the clip treatment. */
function benchVector(p, actuator, k) {
  const info = core.scenario.find('bench');
  const v = core.scenario.params('bench', { actuator, model: `m${k}`, friction: 'clip' });
  KEYS.forEach((key, i) => { v[info.params.findIndex((q) => q.name === key)] = p[i]; });
  return v;
}

function throwsArg(fn, Ctor, param) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Ctor, `${e.constructor.name}: ${e.message}`);
    assert.equal(e.param, param, e.message);
    assert.equal(e.code, 'FRIC_E_PARAM_RANGE');
    assert.match(e.message, new RegExp(param.replace(/[.[\]]/g, '\\$&')));
    return true;
  });
}

/** Runs a fit to its end, scoring with score(P) → losses. Returns its progress. */
function runFit(def, score) {
  const fit = core.fit.create(def);
  try {
    for (let P = fit.ask(); P; P = fit.ask()) fit.tell(score(P));
    return fit.progress();
  } finally {
    fit.free();
  }
}

describe('fit wrapper: arguments', { skip: noData }, () => {
  it('fit.space, fit.presetParams, fit.embed and fit.contains name a bad argument', () => {
    throwsArg(() => core.fit.space('xl330', 7), RangeError, 'model');
    throwsArg(() => core.fit.space('xl330', 'm0'), RangeError, 'model');
    throwsArg(() => core.fit.space('xl330', null), TypeError, 'model');
    throwsArg(() => core.fit.space(330, 4), TypeError, 'actuator');
    throwsArg(() => core.fit.presetParams('xl330', 2.5), RangeError, 'model');
    throwsArg(() => core.fit.embed(4, new Float64Array(5), 6), RangeError, 'p');
    throwsArg(() => core.fit.embed(4, new Float64Array(N).fill(NaN), 6), RangeError, 'p[0]');
    throwsArg(() => core.fit.contains(6, 9), RangeError, 'small');
    // an unknown actuator is the core's refusal, with its own message
    assert.throws(() => core.fit.space('xl999', 4), (e) => /xl999/.test(e.message) && e.code === 'FRIC_E_UNKNOWN_NAME');
  });

  it('fit.batch refuses no logs, a non-array and a bad log (naming its index and file)', () => {
    throwsArg(() => core.fit.batch([]), RangeError, 'logs');
    throwsArg(() => core.fit.batch('log.json'), TypeError, 'logs');
    throwsArg(() => core.fit.batch([LOGS[0]], ['a', 'b']), TypeError, 'sources');
    const { entries, ...head } = LOGS[1];
    assert.ok(entries.length > 0);
    assert.throws(() => core.fit.batch([LOGS[0], head], ['good.json', 'bad.json']), (e) => {
      assert.equal(e.index, 1);
      assert.equal(e.source, 'bad.json');
      assert.equal(e.code, 'missing');
      assert.equal(e.field, 'entries');
      return true;
    });
  });

  it('fit.create and the handles name a bad argument; use after free() throws', () => {
    const batch = core.fit.batch([LOGS[0]]);
    const space = core.fit.space('xl330', 1);
    const def = { batch, actuator: 'xl330', model: 1, space, budget: 50, seed: 1 };
    try {
      throwsArg(() => core.fit.create({ ...def, budget: 0 }), RangeError, 'budget');
      throwsArg(() => core.fit.create({ ...def, budget: 10.5 }), RangeError, 'budget');
      throwsArg(() => core.fit.create({ ...def, budget: 2 ** 31 }), RangeError, 'budget');
      throwsArg(() => core.fit.create({ ...def, seed: -1 }), RangeError, 'seed');
      throwsArg(() => core.fit.create({ ...def, sigma0: 2 }), RangeError, 'sigma0');
      throwsArg(() => core.fit.create({ ...def, batch: {} }), TypeError, 'batch');
      throwsArg(() => core.fit.create({ ...def, space: { ...space, lo: [0, 1] } }), RangeError, 'space.lo');
      throwsArg(() => core.fit.create({ ...def, space: { ...space, free: 'yes' } }), TypeError, 'space.free');
      throwsArg(() => core.fit.create({ ...def, start: [1, 2, 3] }), RangeError, 'start');
      // a space the core refuses: lo above hi for a free parameter, named by the core
      const bad = { ...space, lo: Float64Array.from(space.lo), hi: Float64Array.from(space.hi) };
      bad.lo[0] = 5;
      assert.throws(() => core.fit.create({ ...def, space: bad }), (e) => /kt/.test(e.message));
      assert.deepEqual(core.fit.spaceProblem(1, bad) && /kt/.test(core.fit.spaceProblem(1, bad).message), true);
      assert.equal(core.fit.spaceProblem(1, space), null);
      throwsArg(() => batch.loss(new Float64Array(5), 'xl330', 1), RangeError, 'p');
      throwsArg(() => batch.losses(new Float64Array(N + 1), 'xl330', 1), RangeError, 'P');
      const fit = core.fit.create(def);
      assert.throws(() => fit.tell([1]), (e) => e instanceof RangeError && e.param === 'losses' && /without a pending ask/.test(e.message));
      const P = fit.ask();
      throwsArg(() => fit.tell(new Float64Array(P.length / N + 1)), RangeError, 'losses');
      throwsArg(() => fit.tell('x'), TypeError, 'losses');
      fit.free();
      assert.throws(() => fit.ask(), /after free/);
    } finally {
      batch.free();
    }
    assert.throws(() => batch.loss(new Float64Array(N), 'xl330', 1), /after free/);
  });
});

describe('fit wrapper: the search space, presets and loss', { skip: noData }, () => {
  it('fit.defaults: the budget and restarts of fric_fit.h', () => {
    const h = fs.readFileSync(path.join(ROOT, 'core/include/fric_fit.h'), 'utf8');
    const def = (name) => Number(new RegExp(`#define ${name}\\s+([0-9.]+)`).exec(h)[1]);
    const d = core.fit.defaults();
    assert.equal(d.budget, def('FRIC_FIT_DEFAULT_BUDGET'));
    assert.equal(d.tries, def('FRIC_FIT_TRIES'));
    // fric_fit_default_budget through the bindings: one try for M1-M3, the tries for M4-M6
    assert.deepEqual([1, 2, 3, 4, 5, 6].map((k) => core.fit.defaultBudget(k)),
      [1, 1, 1, d.tries, d.tries, d.tries].map((t) => t * d.budget));
    assert.throws(() => core.fit.defaultBudget(7), /model/);
    assert.equal(d.restarts, def('FRIC_FIT_DEFAULT_RESTARTS'));
    assert.equal(d.sigma0, def('FRIC_FIT_DEFAULT_SIGMA0'));
    assert.equal(d.maxLogs, def('FRIC_FIT_MAX_LOGS'));
  });

  it('free parameters per model: 6 / 9 / 7 / 11 / 13 / 15 (Rhoban/bam)', () => {
    const counts = [1, 2, 3, 4, 5, 6].map((k) => core.fit.space('xl330', k).free.filter(Boolean).length);
    assert.deepEqual(counts, [6, 9, 7, 11, 13, 15]);
    // held parameters are the ones the model (or the actuator: the firmware
    // constants the XL330 lacks) does not use, at 0 or at the actuator's own
    // value, their box [v, v]
    const s = core.fit.space('xl330', 1);
    s.used.forEach((u, i) => { if (!u) { assert.equal(s.free[i], false); assert.equal(s.value[i], s.lo[i] === s.hi[i] ? s.lo[i] : 0); } });
  });

  it('the firmware constants of the reference (data README): STS3215 ratio and smoothing, Go1 ratio and torque clip', () => {
    const at = (s, key) => { const i = KEYS.indexOf(key); return [s.lo[i], s.hi[i], s.free[i], s.used[i]]; };
    const vmax = (3400 * 2 * Math.PI) / 4096;
    const sts = core.fit.space('sts3215', 1), go1 = core.fit.space('unitree_go1', 1), xl = core.fit.space('xl330', 1);
    assert.deepEqual(at(sts, 'error_gain_ratio'), [0.1, 10, true, true]);
    const [lo, hi, free] = at(sts, 'max_velocity');
    assert.ok(Math.abs(lo - 0.1 * vmax) < 1e-12 && Math.abs(hi - 10 * vmax) < 1e-12 && free);
    assert.deepEqual(at(go1, 'error_gain_ratio'), [0.5, 2, true, true]);
    assert.deepEqual(at(go1, 'max_torque'), [20, 30, true, true]);
    assert.deepEqual(at(xl, 'max_velocity').slice(2), [false, false]);
    assert.deepEqual(at(core.fit.space('feetech_hls', 1), 'current_limit'), [1.37, 1.37, false, true]);
    // with units, for the Fit view's table
    const unit = (key) => core.fit.paramKeys().find((k) => k.key === key).unit;
    assert.equal(unit('max_velocity'), 'rad/s');
    assert.equal(unit('current_limit'), 'A');
    assert.equal(unit('max_torque'), 'N·m');
    // the params text carries them
    const p = Array.from(go1.value);
    p[KEYS.indexOf('max_torque')] = 25;
    assert.match(core.fit.paramsText(p, 'unitree_go1', 1), /"max_torque": 25,/);
  });

  it('rigCaution: one mass and length among the training logs, named (fric_fit_rig_caution)', () => {
    const two = [LOGS[0], LOGS[1]];
    const text = core.fit.rigCaution(two, undefined, [0, 0], 4);
    assert.ok(text.includes(`mass ${two[0].mass} kg`) && text.includes(`length ${two[0].length} m`), text);
    assert.equal(core.fit.rigCaution(two, undefined, [0, 0], 1), null);
    const other = { ...LOGS[1], mass: LOGS[1].mass + 0.5 };
    assert.equal(core.fit.rigCaution([LOGS[0], other], undefined, [0, 0], 4), null);
    assert.ok(core.fit.rigCaution([LOGS[0], other], undefined, [0, 1], 4));
  });

  it('bounds of kt, R, armature, q_offset (xl330, mx64) and M1 (Rhoban/bam)', () => {
    const at = (s, key) => { const i = KEYS.indexOf(key); return [s.lo[i], s.hi[i]]; };
    const xl = core.fit.space('xl330', 1), mx = core.fit.space('mx64', 1);
    assert.deepEqual(at(xl, 'kt'), [0.1, 3]);
    assert.deepEqual(at(xl, 'R'), [2, 5]);
    assert.deepEqual(at(xl, 'armature'), [1e-4, 0.05]);
    assert.deepEqual(at(mx, 'kt'), [1, 3]);
    assert.deepEqual(at(mx, 'R'), [1, 5]);
    assert.deepEqual(at(mx, 'armature'), [0.001, 0.05]);
    for (const s of [xl, mx]) assert.deepEqual(at(s, 'q_offset'), [-0.1, 0.1]);
    assert.deepEqual(at(xl, 'friction_base'), [0, 0.2]);
    assert.deepEqual(at(xl, 'friction_viscous'), [0, 1]);
  });

  it('fit.presetParams equals the published params files', () => {
    for (let k = 1; k <= 6; k++) {
      const file = JSON.parse(fs.readFileSync(path.join(DATA, `params/xl330/m${k}.json`), 'utf8'));
      const p = core.fit.presetParams('xl330', k);
      const used = core.fit.paramUsed(k, 'xl330'), box = core.fit.space('xl330', k);
      KEYS.forEach((key, i) => {
        if (used[i]) assert.equal(p[i], file[key], `m${k} ${key}`);
        // unused: a coefficient 0, a firmware constant the actuator's own (its held box [v, v])
        else assert.equal(p[i], box.lo[i] === box.hi[i] ? box.lo[i] : 0, `m${k} ${key} (unused)`);
      });
    }
  });

  it('(consistency) the loss of a preset on one log equals bench.replay\'s MAE, M1..M6', () => {
    const batch = core.fit.batch([LOGS[5]]);
    try {
      for (let k = 1; k <= 6; k++) {
        const p = core.fit.presetParams('xl330', k);
        const replay = core.bench.replay(benchVector(p, 'xl330', k), LOGS[5]);
        const loss = batch.loss(p, 'xl330', k);
        assert.ok(Number.isFinite(loss) && loss > 0, `m${k}: loss ${loss}`);
        assert.ok(Math.abs(loss - replay.mae) <= 1e-12 * replay.mae, `m${k}: loss ${loss}, replay ${replay.mae}`);
      }
    } finally {
      batch.free();
    }
  });

  it('(consistency) on three logs the loss is the mean of the three replay MAEs', () => {
    const three = [LOGS[0], LOGS[6], LOGS[13]];
    const batch = core.fit.batch(three);
    try {
      assert.equal(batch.logs, 3);
      assert.equal(batch.steps, three.reduce((n, l) => n + core.io.checkLog(l), 0));
      const p = core.fit.presetParams('xl330', 4);
      const { loss, mae } = batch.lossesDetail(p, 'xl330', 4);
      const maes = three.map((l) => core.bench.replay(benchVector(p, 'xl330', 4), l).mae);
      maes.forEach((m, i) => assert.ok(Math.abs(mae[i] - m) <= 1e-12 * m, `log ${i}: ${mae[i]} vs ${m}`));
      const mean = (maes[0] + maes[1] + maes[2]) / 3;
      assert.ok(Math.abs(loss[0] - mean) <= 1e-12 * mean, `${loss[0]} vs ${mean}`);
      // an unusable candidate (kt = 0) is +Infinity, not an error
      const q = Float64Array.from(p);
      q[KEYS.indexOf('kt')] = 0;
      assert.equal(batch.loss(q, 'xl330', 4), Infinity);
    } finally {
      batch.free();
    }
  });

  it('fit.chainStart picks the fitted model of lowest training loss that the new one contains', () => {
    // the containment of the paper's models, written here: M2 ⊃ M1, M3 ⊃ M1,
    // M4 ⊃ M1..M3, M5 ⊃ M1..M4, M6 ⊃ M1..M5; M3 does not contain M2
    const p = (m) => core.fit.presetParams('xl330', m);
    const done = [{ model: 1, train: 0.06, best: p(1) }, { model: 2, train: 0.05, best: p(2) }];
    assert.deepEqual(core.fit.chainStart(1, []), { from: 0, start: null });
    assert.equal(core.fit.chainStart(2, done.slice(0, 1)).from, 1);
    assert.equal(core.fit.chainStart(3, done).from, 1, 'M3 does not contain M2');
    done.push({ model: 3, train: 0.045, best: p(3) });
    const r4 = core.fit.chainStart(4, done);
    assert.equal(r4.from, 3);
    assert.deepEqual(Array.from(r4.start), Array.from(core.fit.embed(3, p(3), 4)));
    done.push({ model: 4, train: 0.07, best: p(4) });   // a worse M4: M5 starts from M3
    assert.equal(core.fit.chainStart(5, done).from, 3);
    throwsArg(() => core.fit.chainStart(4, 'x'), TypeError, 'done');
    throwsArg(() => core.fit.chainStart(4, [{ model: 1, train: 'a', best: p(1) }]), TypeError, 'done[0].train');
    throwsArg(() => core.fit.chainStart(7, []), RangeError, 'model');
  });

  it('M6 contains M4: the embedded M4 preset scores the same loss; the reverse is refused', () => {
    assert.equal(core.fit.contains(6, 4), true);
    assert.equal(core.fit.contains(4, 1), true);
    assert.equal(core.fit.contains(4, 6), false);
    assert.equal(core.fit.contains(3, 2), false);
    const batch = core.fit.batch([LOGS[2], LOGS[9]]);
    try {
      const p4 = core.fit.presetParams('xl330', 4);
      const p6 = core.fit.embed(4, p4, 6);
      const a = batch.loss(p4, 'xl330', 4), b = batch.loss(p6, 'xl330', 6);
      assert.ok(Math.abs(a - b) <= 1e-12 * a, `M4 ${a}, embedded in M6 ${b}`);
      assert.throws(() => core.fit.embed(6, p6, 4), (e) => e.code === 'FRIC_E_PARAM_RANGE' && e.message.length > 10);
    } finally {
      batch.free();
    }
  });
});

describe('fit wrapper: ask/tell', { skip: noData }, () => {
  const two = () => core.fit.batch([LOGS[0], LOGS[7]]);

  it('the same seed asks the same candidates, another seed others; the box holds; a held value is asked', () => {
    const batch = two();
    try {
      const space = core.fit.space('xl330', 4);
      const iKt = KEYS.indexOf('kt');
      space.free[iKt] = false;
      space.value[iKt] = 0.5;
      const asked = (seed) => {
        const fit = core.fit.create({ batch, actuator: 'xl330', model: 4, space, budget: 300, seed });
        const out = [];
        try {
          for (let g = 0; g < 3; g++) {
            const P = fit.ask();
            out.push(P);
            fit.tell(batch.losses(P, 'xl330', 4));
          }
        } finally {
          fit.free();
        }
        return out;
      };
      const a = asked(11), b = asked(11), c = asked(12);
      assert.deepEqual(a, b);
      assert.notDeepEqual(a[0], c[0]);
      for (const P of a) {
        for (let k = 0; k < P.length / N; k++) {
          for (let i = 0; i < N; i++) {
            const v = P[k * N + i];
            if (space.free[i]) assert.ok(v >= space.lo[i] && v <= space.hi[i], `${KEYS[i]} = ${v} outside [${space.lo[i]}, ${space.hi[i]}]`);
            else assert.equal(v, space.value[i], `held ${KEYS[i]}`);
          }
        }
      }
    } finally {
      batch.free();
    }
  });

  it('a fit ends within its budget, better than its start, its best loss that of its best vector', () => {
    const batch = two();
    try {
      const space = core.fit.space('xl330', 1);
      const pr = runFit({ batch, actuator: 'xl330', model: 1, space, budget: 400, seed: 3 }, (P) => batch.losses(P, 'xl330', 1));
      assert.ok(pr.evals <= 400 && pr.evals > 300, `${pr.evals} evaluations`);
      assert.ok(pr.done !== 0 && pr.doneName, `done ${pr.done} '${pr.doneName}'`);
      assert.equal(pr.steps, pr.evals * batch.steps);
      assert.equal(batch.loss(pr.best, 'xl330', 1), pr.bestLoss);
      const centre = Float64Array.from(space.lo, (lo, i) => (space.free[i] ? (lo + space.hi[i]) / 2 : space.value[i]));
      assert.ok(pr.bestLoss < batch.loss(centre, 'xl330', 1), 'no better than the centre of the box');
      // a warm start from the result is asked first and never lost
      const warm = runFit({ batch, actuator: 'xl330', model: 1, space, budget: 60, seed: 4, start: pr.best },
        (P) => batch.losses(P, 'xl330', 1));
      assert.ok(warm.bestLoss <= pr.bestLoss, `warm ${warm.bestLoss} > start ${pr.bestLoss}`);
    } finally {
      batch.free();
    }
  });

  it('candidates scored by two batches (two workers) end bit for bit where one batch ends', () => {
    const one = two(), w1 = two(), w2 = two();
    try {
      const def = { actuator: 'xl330', model: 3, space: core.fit.space('xl330', 3), budget: 250, seed: 9 };
      const a = runFit({ ...def, batch: one }, (P) => one.losses(P, 'xl330', 3));
      const b = runFit({ ...def, batch: w1 }, (P) => {
        const n = P.length / N, h = Math.floor(n / 2), out = new Float64Array(n);
        out.set(w1.losses(P.slice(0, h * N), 'xl330', 3), 0);
        out.set(w2.losses(P.slice(h * N), 'xl330', 3), h);
        return out;
      });
      assert.deepEqual(b.best, a.best);
      assert.equal(b.bestLoss, a.bestLoss);
      assert.equal(b.evals, a.evals);
    } finally {
      [one, w1, w2].forEach((x) => x.free());
    }
  });
});

describe('fit wrapper: stages and racers in the progress', { skip: noData }, () => {
  // a loss told by the test (no bench): squared distance, in units of each range, to a point
  // of the box that no simpler model holds; only the stages and their order are checked
  const inside = (space) => (P) => {
    const out = new Float64Array(P.length / KEYS.length);
    for (let c = 0; c < out.length; c++) {
      let v = 0;
      for (let i = 0; i < KEYS.length; i++) {
        if (!space.free[i]) continue;
        const w = space.hi[i] - space.lo[i], x = P[c * KEYS.length + i] - (space.lo[i] + (0.2 + 0.05 * (i % 10)) * w);
        v += (x * x) / (w * w);
      }
      out[c] = v;
    }
    return out;
  };
  const trace = (def) => {
    const fit = core.fit.create(def);
    const seen = [];
    try {
      const note = () => { const p = fit.progress(); if (seen.at(-1)?.phase !== p.phase) seen.push({ evals: p.evals, phase: p.phase, stage: p.stage, stageModel: p.stageModel }); };
      note();
      for (let P = fit.ask(); P; P = fit.ask()) { fit.tell(inside(def.space)(P)); note(); }
      return { seen, end: fit.progress() };
    } finally {
      fit.free();
    }
  };
  it('M4 at its default budget: two tries of one budget each, each staged (M3, then M4), named, the budget spent once', () => {
    const batch = core.fit.batch([LOGS[0]]);
    try {
      const budget = core.fit.defaultBudget(4), one = core.fit.defaults().budget;
      const { seen, end } = trace({ batch, actuator: 'xl330', model: 4, space: core.fit.space('xl330', 4), budget, seed: 2 });
      const phases = seen.map((x) => x.phase.replace(/, (first run|restart \d+)$/, ''));   // BIPOP restarts aside
      assert.deepEqual(phases.filter((x, i) => x !== phases[i - 1]),
        ['try 1 of 2, stage 1 of 2: M3', 'try 1 of 2, stage 2 of 2: M4', 'try 2 of 2, stage 1 of 2: M3', 'try 2 of 2, stage 2 of 2: M4']);
      // try 2 begins where try 1's share ends (the progress names the try of the generation last told)
      const second = seen.find((x) => x.phase.startsWith('try 2 of 2'));
      assert.ok(second.evals >= one - 66 && second.evals <= one, JSON.stringify(seen));
      assert.equal(end.evals, budget);
      assert.equal(end.attempts, 2);
      assert.equal(end.attempt, 2);
    } finally {
      batch.free();
    }
  });
  it('M6 from scratch with one try\'s budget: M3, then M5, then M6, each named, the budget spent once', () => {
    const batch = core.fit.batch([LOGS[0]]);
    try {
      const budget = core.fit.defaults().budget;
      const { seen, end } = trace({ batch, actuator: 'xl330', model: 6, space: core.fit.space('xl330', 6), budget, seed: 2 });
      assert.equal(seen[0].phase, 'stage 1 of 3: M3, first run');
      assert.deepEqual([...new Set(seen.map((x) => x.stageModel))], [3, 5, 6]);
      assert.deepEqual([...new Set(seen.map((x) => x.stage))], [1, 2, 3]);
      assert.ok(seen.some((x) => x.phase.startsWith('stage 2 of 3: M5')));
      assert.ok(seen.some((x) => x.phase.startsWith('stage 3 of 3: M6')));
      assert.equal(end.evals, budget);
      assert.equal(end.stages, 3);
    } finally {
      batch.free();
    }
  });
  it('a racing fit names its racers (the second is "racer 2 of 2", not "restart 0"), then the one continued', () => {
    const batch = core.fit.batch([LOGS[0]]);
    try {
      // M2 at 3 700: λ = 40, a share of 1 233 holds 30 generations: two racers of 1 200
      const { seen } = trace({ batch, actuator: 'xl330', model: 2, space: core.fit.space('xl330', 2), budget: 3700, seed: 1 });
      assert.equal(seen[0].phase, 'racer 1 of 2, first run');
      const second = seen.find((x) => x.phase.startsWith('racer 2 of 2'));
      // the progress describes the generation last told: racer 1 told 1 200, racer 2's first 40 more
      assert.ok(second && second.evals === 1240, JSON.stringify(seen));
      assert.match(seen.at(-1).phase, /^racer [12] continued, /);
    } finally {
      batch.free();
    }
  });
});

describe('fit wrapper: kp split and memory', { skip: noData }, () => {
  it('fit.splitKp marks exactly the logs of that kp', () => {
    for (const kp of [100, 800]) {
      const v = core.fit.splitKp(LOGS, kp, FILES);
      assert.deepEqual(Array.from(v), LOGS.map((l) => (l.kp === kp ? 1 : 0)));
    }
    assert.equal(core.fit.splitKp(LOGS, 123).reduce((a, b) => a + b, 0), 0);
  });

  it('fit.splitAlternate is the 8/8 split: every kp and every trajectory in both halves', () => {
    const v = Array.from(core.fit.splitAlternate(LOGS, FILES));
    // the rule written here: kp rank (100, 200, 400, 800) + trajectory index odd
    const kps = [100, 200, 400, 800], traj = ['sin_sin', 'sin_time_square', 'lift_and_drop', 'up_and_down'];
    assert.deepEqual(v, LOGS.map((l) => (kps.indexOf(l.kp) + traj.indexOf(l.trajectory)) % 2));
    assert.equal(v.filter((x) => x).length, 8);
    for (const k of kps) assert.equal(LOGS.filter((l, i) => l.kp === k && v[i]).length, 2, `kp ${k}`);
    for (const t of traj) assert.equal(LOGS.filter((l, i) => l.trajectory === t && v[i]).length, 2, t);
  });

  it('create/free cycles leave the heap where it was', () => {
    const run = () => {
      const batch = core.fit.batch([LOGS[3]]);
      const f = core.fit.create({ batch, actuator: 'xl330', model: 2, space: core.fit.space('xl330', 2), budget: 40, seed: 1 });
      f.tell(batch.losses(f.ask(), 'xl330', 2));
      f.progress();
      f.free();
      batch.free();
      assert.ok(!(batch instanceof FitBatch && batch._h));
    };
    run();
    const before = core.heapUsed();
    for (let i = 0; i < 5; i++) run();
    assert.equal(core.heapUsed(), before);
  });
});

describe('fit wrapper: fast losses (consistency)', { skip: noData }, () => {
  it('lossesFast equals losses within 1e-12 relative for the published presets M1..M6 on 16 logs', () => {
    const batch = core.fit.batch(LOGS);
    try {
      for (let k = 1; k <= 6; k++) {
        const p = core.fit.presetParams('xl330', k);
        const exact = batch.losses(p, 'xl330', k)[0], fast = batch.lossesFast(p, 'xl330', k)[0];
        assert.ok(Math.abs(fast - exact) <= 1e-12 * exact, `M${k}: fast ${fast}, exact ${exact}`);
      }
      throwsArg(() => batch.lossesFast(new Float64Array(N + 1), 'xl330', 4), RangeError, 'P');
    } finally {
      batch.free();
    }
  });
});

describe('fit wrapper: the native tool (consistency)', { skip: noData }, () => {
  // the tool is always built with its `fit` command: a missing binary or one
  // without `fit` fails here (the tool names its fit options when asked for
  // an unknown one; without `fit` it names its commands)
  const CLI_BIN = process.env.FRICTION_CLI || CLI;
  const assertFit = () => {
    assert.ok(fs.existsSync(CLI_BIN), `${path.relative(ROOT, CLI_BIN)} is missing (make cli builds it)`);
    const help = spawnSync(CLI_BIN, ['fit', '--help'], { encoding: 'utf8' });
    assert.match(`${help.stdout}${help.stderr}`, /--budget/, `${path.relative(ROOT, CLI_BIN)} has no \`fit\` command`);
  };
  // 300: one search; 4 400: a staged fit (M3 with 1 100 evaluations, then M4 from its best)
  for (const budget of [300, 4400]) it(`the wasm fit of 2 logs equals \`friction fit\` with the same seed and budget (${budget})`, () => {
      assertFit();
      const files = [FILES[0], FILES[9]];
      const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fit-')), 'm4.json');
      const r = spawnSync(CLI_BIN, ['fit', '--actuator', 'xl330', '--model', 'm4', '--budget', String(budget), '--seed', '7', '--out', out,
        ...files.map((f) => path.join(XL_DIR, f))], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const native = JSON.parse(fs.readFileSync(out, 'utf8'));
      const batch = core.fit.batch(files.map((f) => LOGS[FILES.indexOf(f)]));
      try {
        const pr = runFit({ batch, actuator: 'xl330', model: 4, space: core.fit.space('xl330', 4), budget, seed: 7 },
          (P) => batch.lossesFast(P, 'xl330', 4));
        assert.equal(pr.stages, budget > 4000 ? 2 : 1);
        const used = core.fit.paramUsed(4, 'xl330');
        KEYS.forEach((k, i) => {
          if (!used[i]) return;
          assert.equal(native[k], pr.best[i], `${k}: native ${native[k]}, wasm ${pr.best[i]}`);
        });
      } finally {
        batch.free();
      }
    });
});

describe('fit wrapper: the integrator a model is fitted with', () => {
  it('the names cross the boundary from the core\'s table (fric_bench.h: bam 0, mujoco 1)', () => {
    assert.deepEqual(INTEGRATORS, ['bam', 'mujoco']);
    assert.deepEqual(core.scenario.find('bench').params.find((q) => q.name === 'integrator').choices, INTEGRATORS);
  });
  it('every call that takes an integrator refuses another, naming it and the choices', () => {
    const p = core.fit.presetParams('xl330', 4);
    const bad = (fn) => assert.throws(fn, (e) => e.param === 'integrator' && e.code === 'FRIC_E_PARAM_RANGE'
      && /rk4/.test(e.message) && /bam or mujoco/.test(e.message), 'integrator refused');
    bad(() => core.fit.paramsText(p, 'xl330', 4, undefined, 'rk4'));
    bad(() => core.fit.benchParams(p, 'xl330', 4, 'rk4'));
    bad(() => core.io.paramsText({ actuator: 'xl330', servo: { kt: 1, R: 1, armature: 0.01, q_offset: 0 }, friction: { model: 1 }, integrator: 'rk4' }));
    if (noData) return;
    const batch = core.fit.batch([LOGS[0]]);
    try {
      bad(() => batch.lossesDetail(p, 'xl330', 4, 'rk4'));
      bad(() => batch.lossesFast(p, 'xl330', 4, 'rk4'));
      bad(() => core.fit.create({ batch, actuator: 'xl330', model: 4, space: core.fit.space('xl330', 4), budget: 10, integrator: 'rk4' }));
    } finally {
      batch.free();
    }
  });
  it('the bench vector and the params text of a mujoco fit say mujoco; a bam fit writes no integrator', () => {
    const p = core.fit.presetParams('xl330', 4);
    const info = core.scenario.find('bench'), ig = info.params.findIndex((q) => q.name === 'integrator');
    assert.equal(core.fit.benchParams(p, 'xl330', 4)[ig], 0);
    assert.equal(core.fit.benchParams(p, 'xl330', 4, 'mujoco')[ig], 1);
    assert.equal(JSON.parse(core.fit.paramsText(p, 'xl330', 4, undefined, 'mujoco')).integrator, 'mujoco');
    assert.ok(!('integrator' in JSON.parse(core.fit.paramsText(p, 'xl330', 4))));
  });
  it('a wasm fit with integrator mujoco equals `friction fit --integrator mujoco`: the vector bit for bit, the file byte for byte, each log\'s loss replay\'s MAE', { skip: noData }, () => {
    assert.ok(fs.existsSync(CLI), `${path.relative(ROOT, CLI)} is missing (make cli builds it)`);
    const files = [FILES[0], FILES[9]], budget = 300;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fit-integ-'));
    const out = path.join(dir, 'm4.json');
    try {
      const r = spawnSync(CLI, ['fit', '--actuator', 'xl330', '--model', 'm4', '--budget', String(budget), '--seed', '7', '--integrator', 'mujoco',
        '--out', out, ...files.map((f) => path.join(XL_DIR, f))], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const text = fs.readFileSync(out, 'utf8');
      assert.equal(JSON.parse(text).integrator, 'mujoco');
      const batch = core.fit.batch(files.map((f) => LOGS[FILES.indexOf(f)]));
      try {
        const pr = runFit({ batch, actuator: 'xl330', model: 4, space: core.fit.space('xl330', 4), budget, seed: 7, integrator: 'mujoco' },
          (P) => batch.lossesFast(P, 'xl330', 4, 'mujoco'));
        assert.equal(core.fit.paramsText(pr.best, 'xl330', 4, undefined, 'mujoco'), text);
        // each log's exact loss is the native replay's MAE of the file (its integrator, and by
        // default the treatment that goes with it: implicit, the one the fit scored)
        const { mae } = batch.lossesDetail(pr.best, 'xl330', 4, 'mujoco');
        const bam = batch.lossesDetail(pr.best, 'xl330', 4, 'bam').mae;
        files.forEach((f, i) => {
          const rr = spawnSync(CLI, ['replay', '--params', out, path.join(XL_DIR, f)], { encoding: 'utf8' });
          assert.equal(rr.status, 0, rr.stderr);
          const cli = Number(/mae ([0-9.e+-]+) rad/.exec(rr.stdout)[1]);
          assert.ok(Math.abs(cli - mae[i]) <= 1e-15 * cli, `${f}: replay ${cli}, wasm ${mae[i]}`);
          assert.notEqual(bam[i], mae[i], `${f}: bam and mujoco score the same`);
        });
        // the Fit view's numbers (its workers' batch.loss on the training and validation batches)
        // against real MuJoCo 2.2.2 running the written file, per log
        const probe = spawnSync(CLI, ['mujoco', '--help'], { encoding: 'utf8' });
        if (probe.status !== 0) {
          assert.ok(process.env.CI !== 'true', `CI=true: the native tool has no MuJoCo: ${probe.stderr.trim()}`);
          console.log(`fit under mujoco against MuJoCo 2.2.2: not checked, the native tool has no MuJoCo (${probe.stderr.trim()})`);
          return;
        }
        const held = [FILES[4], FILES[13]];
        const valid = core.fit.batch(held.map((f) => LOGS[FILES.indexOf(f)]));
        try {
          const perLog = [...batch.lossesDetail(pr.best, 'xl330', 4, 'mujoco').mae, ...valid.lossesDetail(pr.best, 'xl330', 4, 'mujoco').mae];
          assert.equal(batch.loss(pr.best, 'xl330', 4, 'mujoco'), (perLog[0] + perLog[1]) / 2);
          let worst = 0;
          [...files, ...held].forEach((f, i) => {
            const L = path.join(XL_DIR, f), xml = path.join(dir, 'bench.xml');
            const mm = spawnSync(CLI, ['mujoco-model', '--log', L, '--params', out], { encoding: 'utf8' });
            assert.equal(mm.status, 0, mm.stderr);
            fs.writeFileSync(xml, mm.stdout);
            const mj = spawnSync(CLI, ['mujoco', xml, '--joint', 'joint', '--params', out, '--log', L], { encoding: 'utf8' });
            assert.equal(mj.status, 0, mj.stderr);
            const m = Number(/^mae (\S+) rad$/m.exec(mj.stdout)[1]);
            assert.ok(Math.abs(m - perLog[i]) <= 1e-9, `${f} (${i < 2 ? 'training' : 'validation'}): the fit's ${perLog[i]} rad, MuJoCo 2.2.2 ${m} rad`);
            worst = Math.max(worst, Math.abs(m - perLog[i]));
          });
          console.log(`fit under mujoco (wasm, the Fit view's evaluation), 2 training + 2 validation logs: |fit − MuJoCo 2.2.2| ≤ ${worst.toExponential(2)} rad`);
        } finally {
          valid.free();
        }
      } finally {
        batch.free();
      }
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});

// m) sensitivity   batch.sensitivity (fric_fit_sensitivity, the method of
//                  Rhoban/bam sensitivity.py): the base is loss() at p, the
//                  threshold base·1.03, every edge inside it by the batch's own
//                  loss, a clamped edge on its box's bound, a held parameter
//                  left out; onParam (one core call per parameter) gives the
//                  same ranges bit for bit; (consistency) the same ranges as
//                  `friction sensitivity` of the native tool on the same logs
describe('fit wrapper: sensitivity', { skip: noData }, () => {
  const CLI_BIN = process.env.FRICTION_CLI || CLI;
  const files = [FILES[0], FILES[9]];
  const m1 = JSON.parse(fs.readFileSync(path.join(DATA, 'params/xl330/m1.json'), 'utf8'));
  // the file's values; a key it does not write (the firmware constants) at the preset's
  const preset = core.fit.presetParams('xl330', 1);
  const p = Float64Array.from(KEYS, (k, i) => m1[k] ?? preset[i]);
  const space = core.fit.space('xl330', 1);

  it('edges inside the threshold, clamped edges on the bounds, a held parameter left out, progress', () => {
    const batch = core.fit.batch(files.map((f) => LOGS[FILES.indexOf(f)]));
    try {
      const held = { ...space, free: [...space.free] };
      held.free[KEYS.indexOf('R')] = false;
      const s = batch.sensitivity(p, 'xl330', 1, held);
      assert.equal(s.base, batch.loss(p, 'xl330', 1));
      assert.equal(s.threshold, s.base * 1.03);
      assert.deepEqual(s.ranges.map((r) => r.key), ['kt', 'armature', 'q_offset', 'friction_base', 'friction_viscous']);
      // the log scale of the fit's search: lo > 0 (kt, armature; q_offset and the friction from 0 or below)
      assert.deepEqual(s.ranges.map((r) => r.logScale), s.ranges.map((r) => space.lo[r.index] > 0));
      for (const r of s.ranges) {
        assert.ok(r.lower <= r.value && r.value <= r.upper, r.key);
        for (const [edge, clamped, bound] of [[r.lower, r.lowerClamped, space.lo[r.index]], [r.upper, r.upperClamped, space.hi[r.index]]]) {
          if (clamped) assert.equal(edge, bound, r.key);
          const q = Float64Array.from(p);
          q[r.index] = edge;
          assert.ok(batch.loss(q, 'xl330', 1) <= s.threshold, `${r.key} at ${edge}`);
        }
      }
      const seen = [];
      const t = batch.sensitivity(p, 'xl330', 1, held, { onParam: (done, total, r) => seen.push([done, total, r.key]) });
      assert.deepEqual(t, s);
      assert.deepEqual(seen, s.ranges.map((r, i) => [i + 1, 5, r.key]));
      assert.throws(() => batch.sensitivity(p, 'xl330', 1, space, { tolerance: 0 }), /tolerance/);
    } finally {
      batch.free();
    }
  });

  it('(consistency) the ranges of `friction sensitivity` on the same logs', () => {
    assert.ok(fs.existsSync(CLI_BIN), `${path.relative(ROOT, CLI_BIN)} is missing (make cli builds it)`);
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sens-')), 'm1_sensitivity.json');
    const r = spawnSync(CLI_BIN, ['sensitivity', '--params', path.join(DATA, 'params/xl330/m1.json'), '--out', out,
      ...files.map((f) => path.join(XL_DIR, f))], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const native = JSON.parse(fs.readFileSync(out, 'utf8'));
    const batch = core.fit.batch(files.map((f) => LOGS[FILES.indexOf(f)]));
    try {
      const s = batch.sensitivity(p, 'xl330', 1, space);
      assert.equal(native.base_mae, s.base);
      assert.deepEqual(Object.keys(native.sensitivity), s.ranges.map((x) => x.key));
      for (const x of s.ranges) {
        const n = native.sensitivity[x.key];
        assert.deepEqual([n.value, n.lower, n.upper, n.lower_clamped, n.upper_clamped],
          [x.value, x.lower, x.upper, x.lowerClamped, x.upperClamped], x.key);
      }
    } finally {
      batch.free();
    }
  });
});
