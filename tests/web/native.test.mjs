// core.native in the wasm core (wasm/api/native.js, wasm/bindings_native.c):
// MuJoCo's native joint on the bench, its losses on a fit batch and its fit.
//   losses  core.native.losses on a FitBatch of 4 xl330 logs equals, log by
//           log, core.native.replay of each log (the same step; exact);
//   fit     core.native.fit from the box's centre (fitStart) lowers the loss
//           below the start's and its best set replays to the loss it reports;
//   refuse  a set the core refuses (negative frictionloss) throws naming the key.
// The checks against real MuJoCo are tests/web/native_mujoco.test.mjs.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadCore, DATA } from './load.mjs';

const core = await loadCore();
const XL = path.join(DATA, 'logs/xl330/processed');
const files = fs.existsSync(XL) ? fs.readdirSync(XL).filter((f) => f.endsWith('.json')).sort().slice(0, 4) : [];
const noData = files.length === 4 ? false : `missing shared data: the xl330 logs in ${XL}`;
if (noData && process.env.CI === 'true') throw new Error(`CI=true: ${noData}`);

describe('core.native: losses, fit, refusals', { skip: noData }, () => {
  const logs = files.map((f) => JSON.parse(fs.readFileSync(path.join(XL, f), 'utf8')));
  const start = { frictionloss: 0.014, damping: 0.017, armature: 0.001, kp: 1, firmware_kp: 400, kv: 0.014,
    forcerange_lo: -1.2, forcerange_hi: 1.2, q_offset: 0.03 };

  it('losses on a batch = the replay of each log', () => {
    const batch = core.fit.batch(logs, files);
    try {
      const [{ loss, mae }] = core.native.losses(batch, [start]);
      const each = logs.map((l, i) => core.native.replay(start, l, files[i]).mae);
      each.forEach((m, i) => assert.equal(mae[i], m, `${files[i]}`));
      assert.ok(Math.abs(loss - each.reduce((a, b) => a + b) / each.length) <= 1e-15);
    } finally { batch.free(); }
  });

  it('fit lowers the loss and reports what its best set replays to', () => {
    const batch = core.fit.batch(logs, files);
    try {
      const [{ loss: l0 }] = core.native.losses(batch, [start]);
      const { best, loss, evals } = core.native.fit(batch, { start, budget: 400, seed: 2 });
      assert.ok(loss < l0, `fit ${loss} not below the start's ${l0}`);
      assert.equal(evals, 400);
      assert.equal(best.forcerange_lo, -best.forcerange_hi);
      const again = logs.map((l, i) => core.native.replay(best, l, files[i]).mae).reduce((a, b) => a + b) / logs.length;
      assert.ok(Math.abs(again - loss) <= 1e-15, `replay ${again}, fit ${loss}`);
    } finally { batch.free(); }
  });

  it('a refused set throws naming the key', () => {
    assert.throws(() => core.native.replay({ ...start, frictionloss: -1 }, logs[0], files[0]), /frictionloss/);
    assert.throws(() => core.native.replay({ ...start, kp: 0 }, logs[0], files[0]), /kv/);
  });
});
