// mujoco_model.test.mjs: the In MuJoCo view's model read from its address
// (web/src/mujoco/models.js readModel, as the view reads it). An address
// asking for a model the actuator has no published preset of, with no params
// file, opens on the nearest model it has, as an actuator switch does; the
// bench is then built of that preset (its gain kp shown, not a blank field).
// References: the published files beside the clone (../shared/data/bam/params:
// sts3215 has m1 in feetech_sts3215_7_4V and m6 in feetech, so M4's nearest
// is M6, 2 models away against 3), the firmware kp 32 of the STS3215 that
// ../shared/data/bam/README.md states (the sts3215 logs' header "kp": 32).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadCore, DATA } from './load.mjs';
import { readModel, benchVector } from '../../web/src/mujoco/models.js';
import { paramIndex } from '../../wasm/friction.js';

const core = await loadCore();
const M6 = path.join(DATA, 'params/feetech/m6.json');
const noData = fs.existsSync(M6) ? false : `missing shared data: ${M6}`;

/** The view's model of the address keys `url` (mujoco.<key> without the prefix). */
const viewModel = (url) => readModel(core, { get: (k, d) => url[k] ?? d, getNumber: (k, d) => (k in url ? Number(url[k]) : d) });

describe('In MuJoCo: a model the actuator has no preset of, from the address', () => {
  it('sts3215 M4 with no params file opens on M6, the published file\'s numbers, kp 32', { skip: noData }, () => {
    const m = viewModel({ actuator: 'sts3215', model: 'm4' });
    assert.equal(m.choice('model'), 'm6');
    assert.equal(m.switchedFrom, 'm4');
    const bench = benchVector(m), file = JSON.parse(fs.readFileSync(M6, 'utf8'));
    for (const k of ['friction_base', 'friction_viscous', 'kt', 'R', 'armature']) {
      assert.equal(bench[paramIndex(m.info, k)], file[k], k);
    }
    assert.equal(bench[paramIndex(m.info, 'kp')], 32);
  });
  it('a model the actuator has stays, and says no switch', () => {
    for (const [actuator, model] of [['sts3215', 'm1'], ['sts3215', 'm6'], ['xl330', 'm4']]) {
      const m = viewModel({ actuator, model });
      assert.equal(m.choice('model'), model, `${actuator} ${model}`);
      assert.ok(!m.switchedFrom, `${actuator} ${model}`);
    }
  });
  it('with a params file the model asked for stays (the file gives its coefficients)', () => {
    const params = JSON.stringify({ actuator: 'sts3215', model: 'm4', friction_base: 0.02 });
    const m = viewModel({ actuator: 'sts3215', model: 'm4', params });
    assert.equal(m.choice('model'), 'm4');
    assert.ok(!m.switchedFrom);
  });
});
