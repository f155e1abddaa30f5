// replay.test.mjs: the log replay panel's logic (web/src/replay.js) and the
// parameter exports (web/src/exports.js), run by `node --test`.
//
//   a) consistency  replayModels (six core.bench.replay calls in wasm) and the
//                   command-line `friction replay --params params/<act>/m<k>.json`
//                   (the same C code, built natively) give the same MAE to
//                   1e-9 rad for a shared xl330 log under m1..m6 and for a
//                   shared STS3215 log under m1 (its only preset). A
//                   consistency check of one implementation, not a check of
//                   the physics (test_bench_replay.c does that).
//   b) bad files    parseLog's sentences (from the core's error code, field
//                   and entry) for: not JSON, missing `entries`, too few
//                   samples, a field of the wrong type, a missing
//                   torque_enable, timestamps going back or contradicting dt
//   e) one reader   (consistency check) the browser path (JSON.parse + the
//                   core's io in wasm) and the native path (cJSON + the same
//                   io, `friction replay --csv`) give the same recorded series,
//                   simulated series and MAE for a processed and a raw log,
//                   and refuse a bad log with the same core message
//   f) refusals     a replay the core refuses is said from its status
//                   (FRIC_E_NO_PRESET, FRIC_E_NONFINITE), not from its English:
//                   an STS3215 under M2 (no preset, bam publishes M1 and M6
//                   only) and a native set with kp at MuJoCo's bound on a
//                   0.49 kg, 0.1 m pendulum stepped at 5 ms (ω·dt ≈ 70, past
//                   explicit Euler's stability limit of 2: it must blow up)
//   c) motors       every shared log's `motor` maps to a bench actuator; an
//                   unknown motor maps to none
//   d) exports      the bench JSON export reads back through `friction run
//                   bench params=` and `friction replay --params` (same MAE
//                   as the browser), and paste refuses unknown keys and
//                   out-of-range values naming them
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCore, ROOT, CLI, DATA } from './load.mjs';
import { parseLog, replayModels, replayOnScreen, replayNative } from '../../web/src/replay.js';
import { scenarioParamsToObject, mujocoSnippet, presetParamsText, presetFromObject } from '../../web/src/exports.js';

const core = await loadCore();
const info = core.scenario.find('bench');
const XL_DIR = path.join(DATA, 'logs/xl330/processed');
const STS_DIR = path.join(DATA, 'logs/sts3215/raw');
const firstLog = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()[0] : null);
const XL_LOG = firstLog(XL_DIR) && path.join(XL_DIR, firstLog(XL_DIR));
const STS_LOG = firstLog(STS_DIR) && path.join(STS_DIR, firstLog(STS_DIR));
// A skip for data that is not beside the clone says "missing shared data"
// (tests/web/run.sh fails it under CI=true); the CLI is built by `make test`.
const noData = XL_LOG ? false : `missing shared data: no log in ${XL_DIR}`;
/** wasm (musl libm) against native (glibc): the same C; 1e-9 rad on the MAE. */
const TOL = 1e-9;

function cliMae(params, log, treatment) {
  const r = spawnSync(CLI, ['replay', '--params', params, '--friction', treatment, log], { encoding: 'utf8' });
  assert.equal(r.status, 0, `friction replay failed: ${r.stderr}`);
  const m = /: mae ([0-9.eE+-]+) rad/.exec(r.stdout);
  assert.ok(m, `no MAE in: ${r.stdout}`);
  return Number(m[1]);
}

function benchValues(overrides) {
  return core.scenario.params('bench', overrides);
}

describe('replay: six models, browser and command line (consistency check of the same C code)', () => {
  for (const treatment of ['clip', 'implicit']) {
    it(`xl330 log under m1..m6, treatment ${treatment}: equal MAEs to ${TOL}`, { skip: noData }, () => {
      const log = parseLog(fs.readFileSync(XL_LOG, 'utf8'), core);
      const rows = replayModels(core, info, benchValues({ friction: treatment }), log, 'xl330');
      assert.equal(rows.length, 6);
      rows.forEach((r, k) => {
        assert.equal(r.model, `m${k + 1}`);
        assert.ok(!r.error, `${r.model}: ${r.error}`);
        const want = cliMae(path.join(DATA, `params/xl330/m${k + 1}.json`), XL_LOG, treatment);
        assert.ok(Math.abs(r.mae - want) <= TOL, `${r.model}: browser ${r.mae}, CLI ${want}`);
        assert.ok(r.mae > 0 && r.maxErr >= r.mae, `${r.model}: mae ${r.mae}, max ${r.maxErr}`);
      });
    });
  }
  it('sts3215 log: m1 and m6 (the published files) equal the CLI, m2..m5 have no preset', { skip: STS_LOG ? false : `missing shared data: no STS3215 log in ${STS_DIR}` }, () => {
    const log = parseLog(fs.readFileSync(STS_LOG, 'utf8'), core);
    // the alias path: the shared raw STS3215 logs name the motor "sts3250", the core's alias of sts3215
    assert.equal(log.motor, 'sts3250');
    const act = core.bench.actuatorOf(log.motor);
    assert.equal(act, 'sts3215');
    const rows = replayModels(core, info, benchValues({ friction: 'clip' }), log, act);
    const want = cliMae(path.join(DATA, 'params/feetech_sts3215_7_4V/m1.json'), STS_LOG, 'clip');
    assert.ok(Math.abs(rows[0].mae - want) <= TOL, `m1: browser ${rows[0].mae}, CLI ${want}`);
    // m6: the reference's pull request 1 (feetech/m6.json, "actuator": "sts3250")
    const want6 = cliMae(path.join(DATA, 'params/feetech/m6.json'), STS_LOG, 'clip');
    assert.ok(Math.abs(rows[5].mae - want6) <= TOL, `m6: browser ${rows[5].mae}, CLI ${want6}`);
    for (const r of rows.slice(1, 5)) assert.match(r.error, /no identified M\d for sts3215/);
  });
});

describe('replay: a refused replay said from its status', () => {
  const log = { mass: 0.49, length: 0.1, kp: 100, motor: 'sts3215', dt: 0.005,
    entries: Array.from({ length: 400 }, (_, k) => ({ timestamp: k * 0.005, position: 0, goal_position: k > 10 ? 1 : 0, torque_enable: true })) };
  it('an STS3215 under M2: no preset', () => {
    const v = benchValues({});
    v[info.params.findIndex((p) => p.name === 'actuator')] = info.params.find((p) => p.name === 'actuator').choices.indexOf('sts3215');
    v[info.params.findIndex((p) => p.name === 'model')] = 1;
    assert.equal(replayOnScreen(core, info, v, log).error, 'no identified M2 for this actuator');
  });
  it('a native set past explicit Euler\'s stability limit: diverged, the sample named once', () => {
    const nat = { actuator: 'sts3215', params: { ...core.native.defaults(), kp: 1e6 } };
    const e = replayNative(core, nat, log, 'sts3215').error;
    assert.match(e, /^Under NATIVE the simulation diverged: the simulation left the finite range at sample \d+ /);
    assert.doesNotMatch(e, /replay:/);
  });
});

describe('replay: one sentence per bad file', () => {
  const good = () => ({ mass: 0.49, length: 0.1, kp: 100, motor: 'xl330',
    entries: Array.from({ length: 20 }, (_, k) => ({ timestamp: k * 0.005, position: 0, goal_position: 0, torque_enable: true })) });
  const said = (text) => { try { parseLog(text, core); } catch (e) { return e.message; } return null; };
  it('accepts a well-formed log', () => assert.equal(said(JSON.stringify(good())), null));
  it('not JSON', () => assert.match(said('hello, I am a text file'), /^The file is not JSON/));
  it('truncated JSON', () => assert.match(said('{"mass": 0.49, "entries": ['), /not valid JSON/));
  it('JSON but not an object', () => assert.match(said('[1, 2, 3]'), /JSON but not a log/));
  it('missing entries', () => {
    const l = good();
    delete l.entries;
    assert.match(said(JSON.stringify(l)), /missing the field `entries`/);
  });
  it('too few samples', () => {
    const l = good();
    l.entries = l.entries.slice(0, 1);
    assert.equal(said(JSON.stringify(l)), 'The log has too few samples for a replay.');
  });
  it('a field of the wrong type', () => {
    const l = good();
    l.entries[12].position = 'abc';
    assert.equal(said(JSON.stringify(l)), 'Entry 12: `position` has the wrong type (a number expected).');
    const h = good();
    h.mass = '0.49';
    assert.equal(said(JSON.stringify(h)), 'The header field `mass` has the wrong type.');
  });
  it('a missing position', () => {
    const l = good();
    delete l.entries[12].position;
    assert.equal(said(JSON.stringify(l)), 'Entry 12 has no `position`.');
  });
  it('a missing torque_enable (an error, never a default)', () => {
    const l = good();
    delete l.entries[12].torque_enable;
    assert.equal(said(JSON.stringify(l)), 'Entry 12 has no `torque_enable`.');
  });
  it('timestamps going back', () => {
    const l = good();
    l.entries[15].timestamp = 0.01;
    assert.equal(said(JSON.stringify(l)), 'The timestamps are not increasing at entry 15.');
  });
  it('timestamps contradicting dt', () => {
    const l = good();
    l.dt = 0.005;
    l.entries[10].timestamp = 0.055;
    l.entries.splice(11, 1);
    assert.equal(said(JSON.stringify(l)), 'The timestamps contradict the header\'s `dt` at entry 10.');
  });
  it('±1e308 positions', () => {
    const l = good();
    l.entries[7].position = -1e308;
    // the range is given (FRIC_IO_ANGLE_MAX = 1e4 rad, fric_io.h), without the core's 'log NAME:' prefix,
    // the entry named once (the core's sentence names it)
    assert.match(said(JSON.stringify(l)), /^Entry 7: "position" = -1e\+308 rad is beyond ±10000 rad\.$/);
  });
  it('a header number out of range gives the range', () => {
    const l = good();
    l.mass = -1;
    assert.match(said(JSON.stringify(l)), /^The header field `mass` is out of range: "mass" = -1 must be finite and > 0 \(kg\)\.$/);
  });
  it('the range without the core\'s recorded prefix, whatever the log\'s name (one holding \': "\')', () => {
    const l = good();
    l.entries[7].position = -1e308;
    // the prefix is the core's (fric_error.prefix: 'log NAME: entry 7: '), not a pattern of the text
    let m = null;
    try { parseLog(JSON.stringify(l), core, 'a: "b'); } catch (e) { m = e.message; }
    assert.equal(m, 'Entry 7: "position" = -1e+308 rad is beyond ±10000 rad.');
  });
});

describe('replay: log motor names', () => {
  const acts = info.params.find((p) => p.name === 'actuator').choices;
  it('every shared log names a known actuator', { skip: noData }, () => {
    for (const dir of [XL_DIR, STS_DIR].filter((d) => fs.existsSync(d))) {
      for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.json'))) {
        const motor = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')).motor;
        assert.ok(core.bench.actuatorOf(motor), `${f}: motor ${motor}`);
      }
    }
  });
  it('spellings and unknown motors', () => {
    assert.equal(core.bench.actuatorOf('XL330'), 'xl330');
    assert.equal(core.bench.actuatorOf('MX-64'), 'mx64');
    assert.equal(core.bench.actuatorOf('ax12'), null);
    assert.equal(core.bench.actuatorOf(undefined), null);
  });
  it('the aliases of core/system/bench/bench_presets.c (its table read from the C source)', () => {
    // an independent reading of the core's table: its { motor, actuator } pairs from the source text
    const src = fs.readFileSync(path.join(ROOT, 'core/system/bench/bench_presets.c'), 'utf8');
    const table = src.slice(src.indexOf('motor_aliases[] = {'), src.indexOf('};', src.indexOf('motor_aliases[] = {')));
    const pairs = [...table.matchAll(/\{\s*"([^"]+)",\s*"([^"]+)"\s*\}/g)].map((m) => [m[1], m[2]]);
    assert.ok(pairs.length >= 10, `${pairs.length} aliases read`);
    const alias = Object.fromEntries(pairs);
    assert.equal(alias.sts3250, 'sts3215');
    for (const [motor, act] of pairs) assert.equal(core.bench.actuatorOf(motor), act, motor);
    // spellings: case, '-', '.' and spaces are ignored; an actuator names itself
    assert.equal(core.bench.actuatorOf('sts3250'), alias.sts3250);
    assert.equal(core.bench.actuatorOf('STS-3250'), alias.sts3250);
    assert.equal(core.bench.actuatorOf('STS 32.50'), alias.sts3250);
    assert.ok(acts.includes('xl330'));
    assert.equal(core.bench.actuatorOf('xl330'), 'xl330');
    // ax12 is neither an actuator nor in the table: refused
    assert.ok(!acts.includes('ax12') && !('ax12' in alias));
    assert.equal(core.bench.actuatorOf('ax12'), null);
    assert.equal(core.bench.actuatorOf(''), null);
    assert.equal(core.bench.actuatorOf(42), null);
  });
});

describe('exports: the bench parameters as a flat JSON file', () => {
  const values = core.bench.resolve(benchValues({ actuator: 'xl330', model: 'm4', friction: 'clip' }));
  const obj = scenarioParamsToObject(info, values);
  it('has the keys of params/<actuator>/m<k>.json with the same names', () => {
    for (const k of ['kt', 'R', 'armature', 'q_offset', 'friction_base', 'friction_stribeck', 'load_friction_base',
      'dtheta_stribeck', 'alpha', 'friction_viscous']) assert.equal(typeof obj[k], 'number', k);
    assert.equal(obj.model, 'm4');
    assert.equal(obj.actuator, 'xl330');
  });
  it('reads back in the browser to the same vector (the pendulum paste: core.io.paramsRead)', () => {
    const back = core.io.paramsRead(JSON.parse(JSON.stringify(obj)), 'paste');
    assert.deepEqual(Array.from(back), Array.from(values));
  });
  it('`friction run bench params=` reads it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-export-'));
    const f = path.join(dir, 'bench.json');
    fs.writeFileSync(f, JSON.stringify({ ...obj, duration: 0.01 }));
    const r = spawnSync(CLI, ['run', 'bench', `params=${f}`], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true });
    assert.equal(r.status, 0, r.stderr);
  });
  it('`friction replay --params` reads it and scores as the browser', { skip: noData }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-export-'));
    const f = path.join(dir, 'm4.json');
    const p = Float64Array.from(values);
    p[info.params.findIndex((q) => q.name === 'q_offset')] = 0.03;
    fs.writeFileSync(f, JSON.stringify(scenarioParamsToObject(info, p)));
    const r = spawnSync(CLI, ['replay', '--params', f, '--friction', obj.friction, XL_LOG], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true });
    assert.equal(r.status, 0, r.stderr);
    const cli = Number(/: mae ([0-9.eE+-]+) rad/.exec(r.stdout)[1]);
    const wasm = core.bench.replay(p, parseLog(fs.readFileSync(XL_LOG, 'utf8'), core)).mae;
    assert.ok(Math.abs(cli - wasm) <= TOL, `CLI ${cli}, browser ${wasm}`);
  });
  it('paste refuses unknown keys, wrong types and out-of-range values, naming them (the core\'s messages)', () => {
    const bad = (o) => { try { core.io.paramsRead(o, 'paste'); } catch (e) { return e; } return null; };
    const is = (e, key, re) => { assert.ok(e, `${key} accepted`); assert.equal(e.param, key); assert.match(e.message, re); };
    is(bad({ ...obj, frobnicate: 1 }), 'frobnicate', /key "frobnicate": not a parameter of bench/);
    is(bad({ ...obj, mass: 5000 }), 'mass', /key "mass": bench: mass = 5000 is out of range/);
    is(bad({ ...obj, mass: '0.5' }), 'mass', /key "mass": must be a number/);
    is(bad({ ...obj, model: 'm9' }), 'model', /key "model": "m9" is refused: .*not one of: m1, m2/);
  });
});

describe('params files: one writer and one reader, the core\'s (core.io.paramsText, core.io.paramsRead)', () => {
  const PARAMS = path.join(DATA, 'params');
  const files = fs.existsSync(PARAMS) ? fs.readdirSync(PARAMS).filter((d) => fs.statSync(path.join(PARAMS, d)).isDirectory())
    .flatMap((d) => fs.readdirSync(path.join(PARAMS, d)).filter((f) => /^m\d\.json$/.test(f)).map((f) => path.join(PARAMS, d, f))) : [];
  const noParams = files.length ? false : `missing shared data: no params files in ${PARAMS}`;
  // the shared files are the independent reference: read, written again, compared
  it('a shared params file, read with JSON.parse and written by the browser, has the same keys and numbers', { skip: noParams }, () => {
    const servoKeys = ['kt', 'R', 'armature', 'q_offset'];
    // the STS3215 keys of bam main (the 12 V file), written when the file has them
    const extraKeys = ['error_gain_ratio', 'max_velocity'];
    const coefs = core.bench.servoCoefs().slice(1);
    let same = 0;
    for (const f of files) {
      const original = fs.readFileSync(f, 'utf8'), o = JSON.parse(original);
      const friction = { model: Number(o.model.slice(1)) };
      for (const c of coefs) friction[c.field] = o[c.key] ?? 0;
      // the eRob files (current servos) have no R and q_offset: the writer always writes the four
      const missing = servoKeys.filter((k) => !(k in o));
      const preset = core.bench.presets().find((p) => p.dir === path.basename(path.dirname(f)));
      const servo = Object.fromEntries(servoKeys.map((k) => [k, k in o ? o[k] : preset.servo[k]]));
      for (const k of extraKeys) if (k in o) servo[k] = o[k];
      const text = core.io.paramsText({ actuator: o.actuator, servo, friction });
      const back = JSON.parse(text);
      // the keys, and their order for the files of the paper's time (the later
      // files of pull requests 1 and 5, feetech/ and feetech_sts3215_12V/, order
      // them otherwise: kt, armature, R; kt, error_gain_ratio, R; the same keys)
      const got = Object.keys(back).filter((k) => !missing.includes(k)), want = Object.keys(o);
      const later = ['feetech', 'feetech_sts3215_12V'].includes(path.basename(path.dirname(f)));
      if (!later) assert.deepEqual(got, want, `${f}: keys and their order`);
      else assert.deepEqual([...got].sort(), [...want].sort(), `${f}: keys`);
      for (const k of Object.keys(o)) assert.equal(back[k], o[k], `${f}: ${k}`);
      assert.deepEqual(missing.filter((k) => k !== 'R' && k !== 'q_offset'), [], f);
      assert.ok(text.endsWith('}\n') && text.startsWith('{\n    "kt": '), `${f}: the writer's layout`);
      // the shared files end without a newline after the closing brace; the writer ends with one
      if (!missing.length && text === `${original}\n`) same++;
    }
    assert.ok(same > 0, 'no shared file is written back byte for byte (but the final newline)');
  });
  it('a preset\'s export is the file of params/<dir>/m<k>.json, and its paste gives the preset back', { skip: noParams }, () => {
    for (const [i, p] of core.bench.presets().entries()) {
      const f = path.join(PARAMS, p.dir, `m${p.model}.json`);
      if (!fs.existsSync(f)) continue;
      const o = JSON.parse(fs.readFileSync(f, 'utf8'));
      const back = JSON.parse(presetParamsText(core, p));
      // the actuator by the core's name (feetech/m6.json says "sts3250", the sts3215's alias)
      for (const k of Object.keys(o)) {
        assert.equal(back[k], k === 'actuator' ? core.bench.actuatorOf(o[k]) : o[k], `${f}: ${k}`);
      }
      const { index, friction } = presetFromObject(core, o);
      assert.equal(index, i, f);
      for (const c of core.bench.servoCoefs().slice(1)) if (c.key in o) assert.equal(friction[c.field], o[c.key], `${f}: ${c.key}`);
    }
  });
  it('the browser\'s text is `friction fit --out`\'s for the same numbers, byte for byte (consistency check: the one C writer through two front ends)', { skip: noData }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-fit-'));
    const out = path.join(dir, 'm1.json');
    const r = spawnSync(CLI, ['fit', '--actuator', 'xl330', '--model', 'm1', '--budget', '40', '--seed', '3', '--out', out, XL_LOG], { encoding: 'utf8' });
    if (r.status !== 0) { fs.rmSync(dir, { recursive: true }); assert.fail(r.stderr); }
    const cli = fs.readFileSync(out, 'utf8');
    fs.rmSync(dir, { recursive: true });
    const o = JSON.parse(cli);
    const friction = { model: 1 };
    for (const c of core.bench.servoCoefs().slice(1)) friction[c.field] = o[c.key] ?? 0;
    const text = core.io.paramsText({ actuator: 'xl330', servo: { kt: o.kt, R: o.R, armature: o.armature, q_offset: o.q_offset }, friction });
    assert.equal(text, cli);
  });
  // a bam fork's file (typed here in the writer's layout): command_delay and a
  // nested value the core does not model, Go1's ratio and max_torque
  const FORK = '{\n    "kt": 1.2,\n    "R": 0.5,\n    "armature": 0.01,\n    "q_offset": 0,\n'
    + '    "ratio": 1.25,\n    "max_torque": 23.7,\n    "friction_base": 0.3,\n    "friction_viscous": 0.05,\n'
    + '    "command_delay": 0.012,\n    "fork": {"delays":[0.001,0.002],"note":"a \\"q\\""},\n'
    + '    "model": "m1",\n    "actuator": "unitree_go1"\n}\n';
  it('a key the core does not model is carried through paramsFile and paramsText byte for byte, with the core\'s one warning', () => {
    const { values, carry, warnings } = core.io.paramsFile(JSON.parse(FORK), 'fork.json');
    assert.deepEqual(carry, [{ key: 'command_delay', json: '0.012' }, { key: 'fork', json: '{"delays":[0.001,0.002],"note":"a \\"q\\""}' }]);
    assert.deepEqual(warnings, ['params fork.json: key "command_delay" is not modelled by the core; it is carried unchanged into every params file written from this one.',
      'params fork.json: key "fork" is not modelled by the core; it is carried unchanged into every params file written from this one.']);
    const names = core.scenario.find('bench').params.map((q) => q.name), v = (k) => values[names.indexOf(k)];
    assert.equal(v('error_gain_ratio'), 1.25);   // bam's "ratio" (bam/unitree/actuator.py)
    assert.equal(v('max_torque'), 23.7);
    const text = core.io.paramsText({ actuator: 'unitree_go1',
      servo: { kt: v('kt'), R: v('R'), armature: v('armature'), q_offset: v('q_offset'), error_gain_ratio: v('error_gain_ratio'), max_torque: v('max_torque') },
      friction: { model: 1, K_c: v('friction_base'), K_v: v('friction_viscous') }, carry });
    assert.equal(text, FORK);
    // paramsRead (no carry) still refuses such a key, naming it
    assert.throws(() => core.io.paramsRead(JSON.parse(FORK), 'fork.json'), (e) => e.field === 'command_delay');
    // too many keys to carry: the core's refusal
    const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i]));
    assert.throws(() => core.io.paramsFile(many, 'many.json'), /more than 8 keys the core does not model/);
  });
  it('a negative max_velocity is refused with its name and range (the core\'s sentence)', () => {
    assert.throws(() => core.io.paramsFile({ max_velocity: -3 }, 'mv.json'),
      (e) => e.field === 'max_velocity' && /max_velocity = -3 is out of range; accepted: a value in \[/.test(e.message));
    assert.throws(() => core.io.paramsFile({ integrator: 'euler' }, 'ig.json'), (e) => e.field === 'integrator' && /bam, mujoco/.test(e.message));
  });
  it('a bad value is refused with the core\'s message naming it', () => {
    const p = core.bench.presets()[0];
    assert.throws(() => core.io.paramsText({ actuator: p.actuator, servo: { ...p.servo, kt: Infinity }, friction: p.friction }),
      (e) => e.param === 'kt' && /kt|not finite/.test(e.message));
  });
});

describe('exports: MuJoCo snippet', () => {
  it('voltage servo: the gain and back-EMF damping from kt, R and the voltage', () => {
    const values = core.bench.resolve(benchValues({ actuator: 'xl330', model: 'm6' }));
    const servo = core.bench.servo(values);
    const o = scenarioParamsToObject(info, values);
    const xml = mujocoSnippet(o, servo);
    // independent arithmetic from the motor model (fric_bench.h, eqs. 11-12):
    // tau_m = kt/R * V - kt^2/R * dq, V = vin * clip(error_gain * kp * e, ±max_pwm)
    const num = (re) => Number(re.exec(xml)[1]);
    assert.ok(Math.abs(num(/gainprm="([^"]+)"/) - o.kt / o.R) <= 1e-12 * o.kt / o.R);
    assert.ok(Math.abs(num(/biasprm="0 0 ([^"]+)"/) + o.kt * o.kt / o.R) <= 1e-12 * o.kt * o.kt / o.R);
    assert.ok(Math.abs(num(/frictionloss="([^"]+)"/) - o.friction_base) <= 1e-12 * o.friction_base);
    assert.ok(Math.abs(num(/damping="([^"]+)"/) - o.friction_viscous) <= 1e-12 * o.friction_viscous);
    assert.ok(Math.abs(num(/armature="([^"]+)"/) - o.armature) <= 1e-12 * o.armature);
    assert.ok(Math.abs(num(/ctrlrange="-?[^ ]+ ([^"]+)"/) - servo.vin * servo.max_pwm) <= 1e-12 * servo.vin);
    assert.match(xml, /Stribeck/);
    assert.match(xml, /K_m/);
  });
  it('an STS3215 with a fitted error_gain_ratio: the P loop\'s gain and stiffness carry it, and the target smoothing is said', () => {
    // a fitted sts3215 (the Fit view's M4 on the four raw logs gave ratio 0.715 and 7.397 rad/s);
    // here round numbers: kt 1.5 N·m/A, R 1.2 Ω, ratio 0.5, max_velocity 7 rad/s
    const values = core.bench.resolve(benchValues({ actuator: 'sts3215', model: 'm1', kt: 1.5, R: 1.2, error_gain_ratio: 0.5, max_velocity: 7 }));
    const servo = core.bench.servo(values);
    const xml = mujocoSnippet(scenarioParamsToObject(info, values), servo);
    // by hand (README of shared/data/bam: duty = (target_s − q)·kp·0.166·error_gain_ratio, V = vin·duty):
    // the bench's kp 32 and vin 7.4 V: 7.4 · 0.166 · 0.5 · 32 = 19.6544 V/rad; stiffness 1.5/1.2 · 19.6544 = 24.568 N·m/rad
    assert.equal(servo.kp, 32);
    assert.equal(servo.vin, 7.4);
    const gain = Number(/ctrl = clip\(([0-9.e+-]+)·\(q_goal − q\)/.exec(xml)?.[1]);
    assert.ok(Math.abs(gain - 19.6544) <= 1e-9, `the P loop's gain ${gain}, not 19.6544`);
    const stiff = Number(/position servo of stiffness ([0-9.e+-]+) N·m\/rad/.exec(xml)?.[1]);
    assert.ok(Math.abs(stiff - 24.568) <= 1e-9, `the stiffness ${stiff}, not 24.568`);
    assert.match(xml, /error_gain = 0\.166 × error_gain_ratio 0\.5 1\/rad/);
    assert.match(xml, /at most max_velocity = 7 rad\/s/);
  });
});

describe('one reader: browser (JSON.parse + wasm io) and native (cJSON + io) (consistency check of the same C code)', () => {
  const csvOf = (file) => fs.readFileSync(file, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',').map(Number));
  for (const [label, log, params] of [['processed xl330', XL_LOG, 'params/xl330/m4.json'], ['raw sts3215', STS_LOG, 'params/feetech_sts3215_7_4V/m1.json']]) {
    it(`${label}: the same recorded series, simulated series and MAE`, { skip: log ? false : 'missing shared data: no shared log' }, () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-io-'));
      const csv = path.join(dir, 'r.csv');
      const r = spawnSync(CLI, ['replay', '--params', path.join(DATA, params), '--friction', 'clip', '--csv', csv, log], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const rows = csvOf(csv);
      fs.rmSync(dir, { recursive: true });
      const parsed = parseLog(fs.readFileSync(log, 'utf8'), core);
      const act = core.bench.actuatorOf(parsed.motor);
      const res = replayModels(core, info, benchValues({ friction: 'clip' }), parsed, act)[params.endsWith('m4.json') ? 3 : 0].res;
      assert.equal(res.samples, rows.length);
      let dq = 0, ds = 0;
      rows.forEach(([, t, logged, sim], k) => {
        // the CSV writes the shortest decimal that reads back exactly: logged and t are exact
        assert.equal(res.t[k], t, `t at sample ${k}`);
        assert.equal(res.logQ[k], logged, `recorded θ at sample ${k}`);
        dq = Math.max(dq, Math.abs(res.logQ[k] - logged));
        ds = Math.max(ds, Math.abs(res.simQ[k] - sim));
      });
      assert.ok(ds <= TOL, `simulated series differ by ${ds} rad`);
      const cli = Number(/: mae ([0-9.eE+-]+) rad/.exec(r.stdout)[1]);
      assert.ok(Math.abs(res.mae - cli) <= TOL, `MAE: browser ${res.mae}, CLI ${cli}`);
    });
  }
  it('a log without torque_enable is refused with the same core message on both paths', { skip: noData }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-io-'));
    const f = path.join(dir, 'bad.json');
    const l = JSON.parse(fs.readFileSync(XL_LOG, 'utf8'));
    delete l.entries[5].torque_enable;
    fs.writeFileSync(f, JSON.stringify(l));
    const r = spawnSync(CLI, ['replay', '--params', path.join(DATA, 'params/xl330/m4.json'), f], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true });
    assert.equal(r.status, 2);
    let e = null;
    try { core.io.checkLog(l, f); } catch (x) { e = x; }
    assert.ok(e, 'the browser path accepted the log');
    assert.equal(e.code, 'missing');
    assert.equal(e.field, 'torque_enable');
    assert.equal(e.entry, 5);
    assert.equal(r.stderr.trim(), `friction: ${e.message}`);
  });
});
