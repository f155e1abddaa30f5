// The native fit stepped one generation at a time through the wrapper
// (core.native.fitter, fric_native_fitter; what the Fit view's coordinator
// runs, web/src/fitModels.js fitNativeSteps), on the 4 sts3215 raw logs of
// ../shared/data/bam:
//   same      a consistency check, not an independent reference: the
//             stepped fit ends on the set, loss and evaluations of the
//             one-call fit (core.native.fit, fric_native_fit) with the same
//             seed, bit for bit (the one call is that loop);
//   progress  per generation the evaluations grow by that generation's
//             candidates (λ), the generation by one, the best loss never
//             rises and is the loss core.native.losses gives the reported
//             set (an evaluation of its own); the budget is not exceeded;
//   stop      stop() ends the search before the next generation;
//   freed     a fitter used after free(), or after its batch was freed,
//             throws instead of reading freed memory;
//   lazy      progress().phaseParts is read from the core once per phase
//             (on its first read, or kept before the fit moves on), not
//             every generation: the binding calls counted against the hand
//             count (one part per phase, then the empty part that ends the
//             list: 2 calls a phase); read after the fit is freed, each
//             progress's parts are its own phase's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadCore, DATA } from './load.mjs';
import { fitNative, fitNativeSteps } from '../../web/src/fitModels.js';
import { coreSentence } from '../../web/src/i18n/index.js';
import { TABLES } from '../../web/src/i18n/tables.js';

const core = await loadCore();
const RAW = path.join(DATA, 'logs/sts3215/raw');
const files = fs.existsSync(RAW) ? fs.readdirSync(RAW).filter((f) => f.endsWith('.json')).sort() : [];
const missing = files.length !== 4 ? `missing shared data: the 4 sts3215 raw logs in ${RAW}` : false;
if (missing && process.env.CI === 'true') throw new Error(`CI=true: ${missing}`);

describe('core.native.fitter: the native fit one generation at a time', { skip: missing }, () => {
  const logs = files.map((f) => JSON.parse(fs.readFileSync(path.join(RAW, f), 'utf8')));
  const opts = { actuator: 'sts3215', budget: 500, seed: 4 };
  const start = core.native.fitStart(opts.actuator);

  it('ends on the one-call fit\'s set, loss and evaluations (consistency check), monotone per generation', () => {
    const train = core.fit.batch(logs, files);
    try {
      const one = core.native.fit(train, { start, budget: opts.budget, seed: opts.seed, actuator: opts.actuator });
      const fit = core.native.fitter(train, { start, budget: opts.budget, seed: opts.seed, actuator: opts.actuator });
      const seen = [];
      try {
        const p0 = fit.progress();
        assert.equal(p0.evals, 0);
        assert.equal(p0.bestLoss, Infinity);
        assert.equal(p0.phase, 'first run');
        for (let done = 0; !done;) {
          done = fit.step();
          seen.push(fit.progress());
        }
        assert.equal(fit.step(), seen.at(-1).done, 'stepped after the end: the same answer');
        assert.equal(fit.progress().evals, seen.at(-1).evals, 'nothing more told');
      } finally {
        fit.free();
      }
      assert.ok(seen.length > 3, `${seen.length} generations`);
      let prev = { generation: 0, evals: 0, bestLoss: Infinity };
      for (const g of seen) {
        assert.equal(g.generation, prev.generation + 1);
        assert.ok(g.lambda >= 1);
        assert.equal(g.evals, prev.evals + g.lambda, `generation ${g.generation}`);
        assert.ok(g.bestLoss <= prev.bestLoss, `best rose at generation ${g.generation}`);
        assert.ok(g.bestLoss <= g.genBestLoss);
        assert.equal(g.budget, opts.budget);
        assert.match(g.phase, /^(first run|restart \d+)$/);
        prev = g;
      }
      const last = seen.at(-1);
      assert.ok(last.done > 0 && last.evals <= opts.budget);
      assert.equal(core.native.losses(train, [last.best])[0].loss, last.bestLoss, 'the reported best loss is its set\'s');
      assert.equal(last.evals, one.evals);
      assert.equal(last.bestLoss, one.loss);
      for (const k of core.native.keys()) assert.equal(last.best[k], one.best[k], k);
      // the Fit view's generator (fitNativeSteps) yields the same progress, and fitNative is its end
      const viaView = [...fitNativeSteps(core, train, opts)];
      assert.deepEqual(viaView, seen);
      const r = fitNative(core, train, null, opts);
      assert.equal(r.train, one.loss);
      assert.equal(r.evals, one.evals);
      assert.equal(r.generations, seen.length);
      assert.deepEqual(r.best, core.native.keys().map((k) => one.best[k]));
    } finally {
      train.free();
    }
  });

  it('stop() ends the search before the next generation; a freed fitter or batch throws', () => {
    const train = core.fit.batch(logs, files);
    const fit = core.native.fitter(train, { start, budget: opts.budget, seed: opts.seed, actuator: opts.actuator });
    try {
      assert.equal(fit.step(), 0);
      const e1 = fit.progress().evals;
      fit.stop();
      const stopped = fit.step();
      assert.ok(stopped > 0);
      assert.equal(fit.progress().done, stopped);
      assert.equal(fit.progress().evals, e1);
    } finally {
      fit.free();
    }
    assert.throws(() => fit.step(), /after free/);
    const f2 = core.native.fitter(train, { start, budget: opts.budget, seed: opts.seed, actuator: opts.actuator });
    train.free();
    assert.throws(() => f2.step(), /after free/);
    f2.free();
  });

  it('progress().phaseParts: read from the core once a phase, not every generation; read late, each progress\'s own', () => {
    const train = core.fit.batch(logs, files);
    const call = core._call;
    let calls = 0;
    core._call = function counted(fn, ...rest) {
      if (fn === 'fxb_native_fitter_phase_part') calls++;
      return call.call(this, fn, ...rest);
    };
    let seen;
    try {
      // budget 12000, seed 4: restarts happen (the first run and two restarts)
      seen = [...fitNativeSteps(core, train, { actuator: 'sts3215', budget: 12000, seed: 4 })];
    } finally {
      core._call = call;
      train.free();
    }
    const phases = [...new Set(seen.map((p) => p.phase))];
    assert.ok(phases.length >= 2 && seen.length > 100, `${seen.length} generations, phases ${phases.join(' | ')}`);
    assert.equal(calls, 2 * phases.length, `${calls} phase-part calls for ${seen.length} generations in ${phases.length} phases`);
    for (const p of seen) {
      assert.equal(p.phaseParts.map((x) => x.message).join(', '), p.phase);
      const k = /^restart (\d+)$/.exec(p.phase)?.[1];
      assert.deepEqual(p.phaseParts.map((x) => [x.id, x.values?.run]), [k ? ['fit.phase_restart', k] : ['fit.phase_first', undefined]]);
    }
    assert.equal(calls, 2 * phases.length, 'the late reads called the core');
  });

  // the progress line's phase on the French page: the core's parts
  // as sentences (fric_fit_progress_phase_part), each in the French table;
  // joined by ", " in English they are the CLI's phase. The words by hand.
  it('the phase in the page\'s language: "first run" / "restart k" as sentences with ids, French by hand', () => {
    const train = core.fit.batch(logs, files);
    const fit = core.native.fitter(train, { start, budget: opts.budget, seed: opts.seed, actuator: opts.actuator });
    const seen = new Map();
    try {
      for (let g = 0; g < 2000 && fit.step() === 0; g++) {
        const p = fit.progress();
        assert.equal(p.phaseParts.map((x) => x.message).join(', '), p.phase);
        seen.set(p.run > 0 ? 'restart' : 'first', p);
      }
    } finally {
      fit.free();
      train.free();
    }
    const first = seen.get('first');
    assert.deepEqual(first.phaseParts.map((x) => [x.message, x.id]), [['first run', 'fit.phase_first']]);
    assert.equal(first.phaseParts.map((x) => coreSentence(TABLES.fr, x, ',')).join(', '), 'premier passage');
    // a restart's words (the C test_phase_parts checks the core gives this id and value)
    assert.equal(coreSentence(TABLES.fr, { message: 'restart 2', id: 'fit.phase_restart', values: { run: '2' } }, ','), 'redémarrage 2');
    // the M-models' fit (core.fit): the same parts, joined its phase, in French
    const b = core.fit.batch(logs, files);
    const m6 = core.fit.create({ batch: b, actuator: 'sts3215', model: 6, space: core.fit.space('sts3215', 6), budget: 200, seed: 1 });
    try {
      const p = m6.progress();
      assert.equal(p.phaseParts.map((x) => x.message).join(', '), p.phase);
      assert.equal(p.phaseParts.at(-1).id, 'fit.phase_first');
      assert.equal(p.phaseParts.map((x) => coreSentence(TABLES.fr, x, ',')).join(', ').endsWith('premier passage'), true);
      // a stage's words (the C test_phase_parts checks the core gives this id and values)
      assert.equal(coreSentence(TABLES.fr, { message: 'stage 1 of 3: M3', id: 'fit.phase_stage', values: { stage: '1', stages: '3', model: '3' } }, ','),
        '\u00e9tape 1 sur 3\u00a0: M3');
    } finally {
      m6.free();
      b.free();
    }
  });
});
