// nul.test.mjs: a NUL in a text the wrapper hands to C, run by
// `node --test` (make test-web). C reads a string only up to its first NUL,
// so before the check a mapping 'shoulder=sts3215/m1\0,elbow=…' was read as
// its first entry alone and an actuator 'xl330\0junk' as xl330, in silence.
// Every text goes through one helper (cstr, wasm/api/base.js); each door
// below must refuse such a text with a RangeError naming the argument
// (code FRIC_E_PARAM_RANGE, param its name), the heap as it was, and take
// the same text without the NUL.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './load.mjs';

const core = await loadCore();

/** fn() throws the NUL refusal naming param; nothing left allocated. */
function refusesNul(fn, param) {
  const before = core.heapStats();
  assert.throws(fn, (e) => {
    assert.ok(e instanceof RangeError, `a RangeError, not ${e?.constructor?.name}: ${e?.message}`);
    assert.equal(e.code, 'FRIC_E_PARAM_RANGE');
    assert.equal(e.param, param);
    assert.match(e.message, new RegExp(`^${param.replace(/[.[\]]/g, '\\$&')} holds a NUL character \\(U\\+0000\\) at index \\d+;`));
    return true;
  });
  assert.deepEqual(core.heapStats(), before, 'the heap after the refusal');
}

describe('a NUL in a text bound for the core is refused where it enters', () => {
  it('a mapping (robot.mapParse): one entry before the NUL was all C saw', () => {
    assert.equal(core.robot.mapParse('shoulder=sts3215/m1,elbow=xl330/m1').length, 2);
    refusesNul(() => core.robot.mapParse('shoulder=sts3215/m1\0,elbow=xl330/m1'), 'mapping');
  });

  it('an actuator name (fit.presetParams, fit.paramUsed, io.paramsText)', () => {
    const p = core.fit.presetParams('xl330', 'm4');
    assert.equal(p.length, core.fit.paramKeys().length);
    refusesNul(() => core.fit.presetParams('xl330\0junk', 'm4'), 'actuator');
    refusesNul(() => core.fit.paramUsed('m4', 'xl330\0'), 'actuator');
    const preset = core.bench.presets().find((q) => q.actuator === 'xl330');
    const file = { servo: preset.servo, friction: preset.friction };
    assert.match(core.io.paramsText({ ...file, actuator: 'xl330' }), /"actuator": "xl330"/);
    refusesNul(() => core.io.paramsText({ ...file, actuator: 'xl330\0x' }), 'actuator');
  });

  it('a log\'s motor (bench.actuatorOf) and a params file\'s actuator (io.paramsRead)', () => {
    assert.equal(core.bench.actuatorOf('xl330'), 'xl330');
    refusesNul(() => core.bench.actuatorOf('xl330\0'), 'motor');
    refusesNul(() => core.io.paramsRead({ actuator: 'xl330\0junk', model: 'm4' }), 'params key "actuator"');
  });

  it('a carried key\'s name', () => {
    const preset = core.bench.presets().find((q) => q.actuator === 'xl330');
    const file = { actuator: 'xl330', servo: preset.servo, friction: preset.friction };
    assert.match(core.io.paramsText({ ...file, carry: [{ key: 'fork', json: '1' }] }), /"fork": 1,/);
    refusesNul(() => core.io.paramsText({ ...file, carry: [{ key: 'fork\0x', json: '1' }] }), 'a carried key');
  });
});
