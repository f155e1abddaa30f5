// mujoco_fit.test.mjs: a consistency check, not a test against an
// independent reference: a model fitted with integrator mujoco runs in the
// page's MuJoCo (3.14.0's WebAssembly build, @mujoco/mujoco, in Node) as in
// the native one (MuJoCo 2.2.2 through the core's adapter, `friction
// mujoco`), and both as the model's own replay on the bench.
//
// The models: xl330 M4 fitted in wasm (core.fit.create, integrator mujoco,
// seed 1, budget 1 000) on the alternate split's 8 training logs, and
// sts3215 M1 (its only published model) fitted the same way (budget 400) on
// two of its 4 raw logs; each written by the fit's own writer
// (core.fit.paramsText: the file says "integrator": "mujoco"). Then on every
// one of the 16 xl330 logs and the 4 sts3215 raw logs:
//   page     the In MuJoCo view's replay path: the view's model read from
//            the URL state with the params file pasted (models.js readModel,
//            benchVector), the core's bench MJCF of the log, the log driven
//            through MuJoCo 3.14.0 under (C) implicit (replay.js
//            replayThroughMujoco, what the view's log table shows);
//   native   `friction mujoco-model --log L --params P` then `friction
//            mujoco bench.xml --joint joint --params P --log L`;
//   own      core.bench.replay of the view's bench vector (the table's
//            "model's own" column: the bench with the file's integrator);
// page = native and page = own to 1e-9 rad of MAE per log.
// A tool without MuJoCo or missing shared data skips, saying which; under
// CI=true either fails (a skip there would hide it).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import loadMujoco from '@mujoco/mujoco';
import { loadCore, CLI, DATA } from './load.mjs';
import { readModel, benchVector } from '../../web/src/mujoco/models.js';
import { replayThroughMujoco } from '../../web/src/mujoco/replay.js';

const TOL = 1e-9;   // rad of MAE, per log
const core = await loadCore();
const probe = fs.existsSync(CLI) ? spawnSync(CLI, ['mujoco', '--help'], { encoding: 'utf8' }) : null;
const noMujoco = probe && probe.status === 0 ? false
  : `the native tool ${CLI} ${probe ? `has no MuJoCo: ${probe.stderr.trim()}` : 'is not built (make cli)'}`;
const XL = path.join(DATA, 'logs/xl330/processed'), STS = path.join(DATA, 'logs/sts3215/raw');
const logsIn = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(dir, f)) : []);
const noData = logsIn(XL).length === 16 && logsIn(STS).length === 4 ? false : `missing shared data: the 16 xl330 and 4 sts3215 logs in ${DATA}/logs`;
const skip = noMujoco || noData;
if (skip && process.env.CI === 'true') throw new Error(`CI=true: ${skip}`);

const cli = (args) => {
  const r = spawnSync(CLI, args, { encoding: 'utf8' });
  assert.equal(r.status, 0, `friction ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};
const maeOf = (out) => {
  const m = /^mae (\S+) rad$/m.exec(out);
  assert.ok(m, `no "mae X rad" line in ${out}`);
  return Number(m[1]);
};
const read = (f) => JSON.parse(fs.readFileSync(f, 'utf8'));

/** The params file text of (actuator, model) fitted with integrator mujoco
 *  on the logs `train` (core.fit, seed 1). */
function fitMujoco(actuator, model, train, budget) {
  const batch = core.fit.batch(train.map(read), train.map((f) => path.basename(f)));
  try {
    const fit = core.fit.create({ batch, actuator, model, space: core.fit.space(actuator, model), budget, seed: 1, integrator: 'mujoco' });
    try {
      for (let P = fit.ask(); P; P = fit.ask()) fit.tell(batch.lossesFast(P, actuator, model, 'mujoco'));
      return core.fit.paramsText(fit.progress().best, actuator, model, undefined, 'mujoco');
    } finally { fit.free(); }
  } finally { batch.free(); }
}

/** The In MuJoCo view's model with the params file pasted (its URL state). */
function viewModel(actuator, model, text) {
  const url = { actuator, model: `m${model}`, params: text };
  return readModel(core, { get: (k, d) => url[k] ?? d, getNumber: (k, d) => (k in url ? Number(url[k]) : d) });
}

describe('consistency check: a model fitted with integrator mujoco in the page\'s MuJoCo (3.14.0) = native MuJoCo (2.2.2) = its own bench replay', { skip }, () => {
  let mj, dir;
  before(async () => {
    mj = await loadMujoco();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mujoco-fit-'));
  });
  after(() => { if (dir) fs.rmSync(dir, { recursive: true }); });

  const cases = [
    { actuator: 'xl330', model: 4, dir: XL, budget: 1000, n: 16,
      // the alternate split's training half (core.fit.splitAlternate: 0 = training)
      train: (files) => { const v = core.fit.splitAlternate(files.map(read), files); return files.filter((_, i) => !v[i]); } },
    { actuator: 'sts3215', model: 1, dir: STS, budget: 400, n: 4, train: (files) => files.slice(0, 2) },
  ];
  for (const c of cases) {
    it(`${c.actuator} M${c.model}: ${c.n} logs, per log |page − native| and |page − own| ≤ ${TOL} rad`, () => {
      const files = logsIn(c.dir);
      assert.equal(files.length, c.n);
      const text = fitMujoco(c.actuator, c.model, c.train(files), c.budget);
      assert.equal(JSON.parse(text).integrator, 'mujoco');
      const P = path.join(dir, `${c.actuator}-m${c.model}.json`);
      fs.writeFileSync(P, text);
      const m = viewModel(c.actuator, c.model, text);
      const bench = benchVector(m);
      let worstNative = 0, worstOwn = 0;
      for (const f of files) {
        const name = path.basename(f), log = read(f);
        const page = replayThroughMujoco(mj, core, { xml: core.mujoco.benchMjcf(bench, log, name), bench, log, treatment: 'implicit' }).mae;
        const own = core.bench.replay(bench, log, name).mae;
        const xml = path.join(dir, 'bench.xml');
        fs.writeFileSync(xml, cli(['mujoco-model', '--log', f, '--params', P]));
        const native = maeOf(cli(['mujoco', xml, '--joint', 'joint', '--params', P, '--log', f]));
        assert.ok(Math.abs(page - native) <= TOL, `${name}: page ${page} rad, native ${native} rad`);
        assert.ok(Math.abs(page - own) <= TOL, `${name}: page ${page} rad, own replay ${own} rad`);
        worstNative = Math.max(worstNative, Math.abs(page - native));
        worstOwn = Math.max(worstOwn, Math.abs(page - own));
      }
      console.log(`${c.actuator} M${c.model} (integrator mujoco), ${files.length} logs: |page − native| ≤ ${worstNative.toExponential(2)} rad, |page − own| ≤ ${worstOwn.toExponential(2)} rad`);
    });
  }
});
