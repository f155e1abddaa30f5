// status.test.mjs: the wrapper's errors carry the core's status and the
// parameter at fault, and the tables the views use are the core's (one source
// for every table), run by `node --test` (make test-web).
//
// Every expected code and parameter is the one the test broke on purpose;
// the message is only checked to be the core's (non-empty, no command, no
// button).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './load.mjs';
import { LAW_KINDS, LAW_FIELDS, SERVO_KEYS, SERVO_FILE_KEYS, TREATMENTS } from '../../wasm/friction.js';
import * as R from './reference.mjs';

const core = await loadCore();
const SCENARIOS = core.scenario.list();

/** A matcher for assert.throws: code, param and a clean, non-empty message. */
function fails(code, param) {
  return (e) => {
    assert.equal(e.code, code, `code of: ${e.message}`);
    assert.equal(e.param, param, `param of: ${e.message}`);
    assert.ok(e.message.length > 0);
    assert.doesNotMatch(e.message, /friction (run|replay|list)|\bpress\b|\bbutton\b|Set K|\bReset\b/);
    return true;
  };
}

describe('tables come from the core', () => {
  it('law names, law fields, servo coefficients, treatments', () => {
    assert.deepEqual(LAW_KINDS, ['coulomb-viscous', 'stribeck', 'rational']);
    assert.deepEqual(LAW_FIELDS, ['Fs', 'Fc', 'vs', 'D', 'alpha', 'Z']);
    assert.equal(SERVO_KEYS.length, 14);
    assert.equal(SERVO_FILE_KEYS.length, 14);
    assert.deepEqual([SERVO_KEYS[0], SERVO_KEYS[1], SERVO_KEYS[13]], ['model', 'K_c', 'K_v']);
    assert.deepEqual([SERVO_FILE_KEYS[1], SERVO_FILE_KEYS[13]], ['friction_base', 'friction_viscous']);
    assert.deepEqual(TREATMENTS, ['implicit', 'clip', 'explicit', 'karnopp']);
  });
  it('the scenarios use the same tables', () => {
    const choices = (s, n) => core.scenario.find(s).params.find((p) => p.name === n).choices;
    for (const s of ['model-a', 'two-contacts', 'models-bd', 'joint-step']) assert.deepEqual(choices(s, 'law'), LAW_KINDS);
    for (const s of ['bench', 'screw', 'xy-table']) assert.deepEqual(choices(s, 'friction'), TREATMENTS);
    const bench = core.scenario.find('bench').params.map((p) => p.name);
    for (const k of SERVO_FILE_KEYS.slice(1)) assert.ok(bench.includes(k), k);
  });
  it('which law uses which field; which model uses which coefficient', () => {
    assert.deepEqual(core.law.fields('coulomb-viscous'), ['Fc', 'D']);
    assert.deepEqual(core.law.fields('stribeck'), ['Fs', 'Fc', 'vs', 'D', 'alpha']);
    assert.deepEqual(core.law.fields('rational'), ['Fs', 'Fc', 'vs', 'D']);
    const c = Object.fromEntries(core.bench.servoCoefs().map((x) => [x.field, x]));
    assert.deepEqual(c.K_l.models, [3, 4]);
    assert.deepEqual(c.K_mq.models, [6]);
    assert.deepEqual(c.K_c.models, [1, 2, 3, 4, 5, 6]);
    assert.equal(c.dtheta_s.positive, true);
    assert.equal(c.K_c.positive, false);
    assert.equal(c.K_c.key, 'friction_base');
  });
  it('fixedByCase marks the parameters a figure case fixes', () => {
    const fixed = (s) => core.scenario.find(s).params.filter((p) => p.fixedByCase).map((p) => p.name);
    assert.deepEqual(fixed('model-a'), ['v0', 'h']);
    assert.deepEqual(fixed('bench'), []);
  });
});

describe('errors carry code and param', () => {
  const law = R.STRIBECK_PAPER;
  it('laws: eq. 15, Fs <= Fc, Z <= 0, a bad tolerance', () => {
    assert.throws(() => core.law.phiZ(law, 1 / 20, [0.1]), fails('FRIC_E_NO_TRANSFORM', 'Z'));
    assert.throws(() => core.law.lookupTable(law, 1 / 20, 1e-6), fails('FRIC_E_NO_TRANSFORM', 'Z'));
    assert.throws(() => core.law.phi({ ...law, Fs: 0.3 }, [0.1]), fails('FRIC_E_LAW_INVALID', 'Fs'));
    assert.throws(() => core.law.phi({ ...law, vs: -1 }, [0.1]), fails('FRIC_E_PARAM_RANGE', 'vs'));
    assert.throws(() => core.law.phiZ(law, 0, [0.1]), fails('FRIC_E_PARAM_RANGE', 'Z'));
    assert.throws(() => core.law.lookupTable(law, R.Z_PAPER, 0), fails('FRIC_E_PARAM_RANGE', null));
    assert.throws(() => core.law.phi({ ...law, kind: 'coulomb' }, [0.1]), fails('FRIC_E_UNKNOWN_NAME', 'kind'));
    const p = core.law.problem(law, 1 / 20);
    assert.equal(p.code, 'FRIC_E_NO_TRANSFORM');
    assert.equal(p.param, 'Z');
    assert.equal(core.law.problem(law, R.Z_PAPER), null);
    assert.equal(core.law.problem({ ...law, alpha: 0.5 }, R.Z_PAPER).code, 'FRIC_E_PARAM_RANGE');
  });
  for (const s of SCENARIOS) {
    it(`scenario ${s.name}: every parameter above its range is named`, () => {
      assert.throws(() => core.scenario.simulation(s.name, { no_such: 1 }), fails('FRIC_E_UNKNOWN_NAME', 'no_such'));
      for (const q of s.params) {
        const v = q.max + Math.max(1, Math.abs(q.max));
        assert.throws(() => core.scenario.simulation(s.name, { [q.name]: v }), fails('FRIC_E_PARAM_RANGE', q.name), q.name);
      }
    });
  }
  it('a value a figure case fixes, at init and at retune', () => {
    assert.throws(() => core.scenario.simulation('model-a', { case: 'fig6', v0: 5 }), fails('FRIC_E_PARAM_RANGE', 'v0'));
    const sim = core.scenario.simulation('model-a', { case: 'fig6' });
    try {
      const p = Float64Array.from(sim.params);
      p[sim.info.params.findIndex((q) => q.name === 'h')] = 3;
      assert.throws(() => sim.retune(p), fails('FRIC_E_PARAM_RANGE', 'h'));
      const m = sim.info.params.findIndex((q) => q.name === 'M');
      p[m] = -1;
      assert.throws(() => sim.retune(p), fails('FRIC_E_PARAM_RANGE', 'M'));
    } finally {
      sim.free();
    }
  });
  it('bench: a coefficient without a preset', () => {
    assert.throws(() => core.scenario.simulation('bench', { actuator: 'sts3215', model: 'm4' }), (e) => {
      assert.equal(e.code, 'FRIC_E_NO_PRESET');
      assert.ok(SERVO_FILE_KEYS.includes(e.param), `param ${e.param}`);
      return true;
    });
  });
  it('regions: a negative load coefficient of M3', () => {
    const friction = { ...core.bench.presets()[0].friction, model: 3, K_l: -0.5 };
    assert.throws(() => core.regions.polyline({ kind: 'servo', friction }, 0, 10), fails('FRIC_E_PARAM_RANGE', 'K_l'));
  });
});

// The accepted ranges of the law fields come from the core's one table
// (friction.h, fric_law_field_range): at each end the core's own check
// finds nothing wrong with that field, and one step beyond it the check
// refuses the law naming that field (the exported numbers must describe
// what fric_law_check does).
describe('law field ranges from the core (one source for every table)', () => {
  it('each range end passes the law check and one step beyond is refused for that field', () => {
    const r = core.law.fieldRanges();
    assert.deepEqual(Object.keys(r), ['Fs', 'Fc', 'vs', 'D', 'alpha', 'Z']);
    const base = { kind: 'stribeck', Fs: 2, Fc: 1, vs: 1, D: 1, alpha: 2 };
    const Z = 1e-3;
    const fieldAtFault = (law) => { const p = core.law.problem(law, Z); return p ? p.param : null; };
    for (const f of ['Fs', 'Fc', 'vs', 'D', 'alpha']) {
      const [lo, hi] = r[f];
      const below = lo > 0 ? lo * (1 - 1e-9) : -Number.MIN_VALUE;
      for (const [edge, beyond] of [[lo, below], [hi, hi * (1 + 1e-9)]]) {
        const fix = (law) => {   // keep Fs > Fc around the field under test
          if (f === 'Fs') law.Fc = Math.min(law.Fc, law.Fs / 2);
          if (f === 'Fc') law.Fs = Math.max(law.Fs, law.Fc * 2 || 2);
          return law;
        };
        const atEdge = fix({ ...base, [f]: edge });
        if (f === 'Fc' && edge === hi) continue;   // Fs = 2·Fc would leave Fs's range: covered by Fs
        assert.notEqual(fieldAtFault(atEdge), f, `${f} = ${edge} (a range end) refused: ${core.law.check(atEdge, Z)}`);
        assert.equal(fieldAtFault(fix({ ...base, [f]: beyond })), f, `${f} = ${beyond} beyond ${edge} not refused for ${f}`);
      }
    }
  });
});
