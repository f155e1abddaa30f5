// fitdoor.test.mjs: every door checks a params file the same way. The core's one check of a servo's params file
// (fric_bench_params_servo through core.io.servoFile) against the CLI's own
// words (`friction replay --params`, a separate door); the params picker of
// Your robot (web/src/servoFile.js checkServoFile, robot.js
// resolveServo) and the headless runner (tools/robot.mjs) refuse `{}`, a
// negative friction_base and R = 0 when a file is chosen, and note a carried
// key (a fork's command_delay) in the core's sentence; the Fit view's
// params-file door (web/src/servoFile.js readFrom, fromStart, fromDrop) starts where `friction fit
// --from` starts: the file's values read from its own JSON, a simpler model
// embedded, another actuator or a model that does not contain it refused,
// and a fit from it equal to the CLI's byte for byte, its carried key
// written back. Real files: ../shared/data/bam/params (read there, never
// copied); the fork's key is added to a copy in a temporary folder.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCore, ROOT, CLI, DATA } from './load.mjs';
import { resolveServo } from '../../web/src/mujoco/robot.js';
import { checkServoFile, looksLikeParams, readFrom, fromStart, fromDrop } from '../../web/src/servoFile.js';

const core = await loadCore();
const PARAMS = path.join(DATA, 'params');
const XL_DIR = path.join(DATA, 'logs/xl330/processed');
const noData = fs.existsSync(path.join(PARAMS, 'xl330/m1.json')) && fs.existsSync(XL_DIR) ? false : `missing shared data: ${PARAMS}`;
const KEYS = core.fit.paramKeys().map((k) => k.key);
const oneSentence = (s) => assert.equal(s.trim().split(/(?<=[.!?])\s+(?=[A-Z])/).length, 1, `one sentence: '${s}'`);
const throwsMsg = (fn, re) => assert.throws(fn, (e) => { assert.match(e.message, re); oneSentence(e.message); return true; });
const file = (name, text) => ({ name, text: async () => text });

let dir;
const tmp = (name, obj) => { const p = path.join(dir, name); fs.writeFileSync(p, typeof obj === 'string' ? obj : JSON.stringify(obj)); return p; };
const real = (rel) => JSON.parse(fs.readFileSync(path.join(PARAMS, rel), 'utf8'));
/** The CLI's sentence for a params file (`friction replay --params FILE`): stderr's lines, "friction: " taken off. */
function cliSays(p, log) {
  const r = spawnSync(CLI, ['replay', '--params', p, log], { encoding: 'utf8' });
  return { status: r.status, lines: r.stderr.trim().split('\n').filter(Boolean).map((l) => l.replace(/^friction: /, '')) };
}

before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitdoor-')); });
after(() => { fs.rmSync(dir, { recursive: true, force: true }); });

describe('one check of a servo\'s params file, every door\'s', { skip: noData }, () => {
  const LOG = () => path.join(XL_DIR, fs.readdirSync(XL_DIR).filter((f) => f.endsWith('.json')).sort()[0]);
  const bad = () => {
    const m1 = real('xl330/m1.json');
    return {
      'empty.json': {},
      'nomodel.json': { actuator: 'xl330', friction_base: 0.01 },
      'negative.json': { ...m1, friction_base: -0.1 },
      'r0.json': { ...m1, R: 0 },
    };
  };
  it('the core refuses {} (no actuator), a file with no model, a negative friction_base and R = 0 in the CLI\'s own sentence', () => {
    assert.ok(fs.existsSync(CLI), 'make cli builds the CLI');
    const want = { 'empty.json': /no "actuator"/, 'nomodel.json': /no "model"/, 'negative.json': /friction_base = -0\.1 is negative/, 'r0.json': /R = 0 Ω/ };
    for (const [name, obj] of Object.entries(bad())) {
      const p = tmp(name, obj);
      const cli = cliSays(p, LOG());
      assert.equal(cli.status, 2, `${name}: the CLI refuses it`);
      assert.throws(() => core.io.servoFile(obj, p), (e) => {
        assert.equal(e.message, cli.lines.at(-1), `${name}: the CLI's sentence`);
        assert.match(e.message, want[name]);
        assert.ok(e.message.startsWith(`params ${p}: `), e.message);
        oneSentence(e.message);
        return true;
      });
    }
  });
  it('the picker checks a file when it is chosen: {} refused (never an sts3215 M1), bam\'s MX-64 M6 listed as mx64 M6 with the file\'s own values', async () => {
    for (const [name, obj] of Object.entries(bad())) {
      const r = await checkServoFile(core, file(name, JSON.stringify(obj)));
      assert.ok(r.error && !r.label, `${name} refused at choose: ${JSON.stringify(r)}`);
      assert.ok(r.error.startsWith(`params ${name}: `), r.error);
      oneSentence(r.error);
    }
    // a mapping naming {} is refused too (the Adopt and tools/robot.mjs path): it was sts3215 M1
    throwsMsg(() => resolveServo(core, '@e', { e: '{}' }), /^params e: no "actuator"/);
    const json = real('mx64/m6.json');
    const r = await checkServoFile(core, file('m6.json', JSON.stringify(json)));
    assert.equal(r.error, undefined);
    assert.equal(r.label, 'mx64 M6 (m6)');
    assert.deepEqual(r.warnings, []);
    const v = resolveServo(core, '@m6', { m6: r.text }).values, names = core.scenario.find('bench').params.map((q) => q.name);
    for (const k of ['kt', 'R', 'armature', 'friction_base', 'friction_viscous', 'alpha', 'dtheta_stribeck']) {
      assert.equal(v[names.indexOf(k)], json[k], `${k}: the file's value`);
    }
  });
  it('a carried key (the fork\'s command_delay) is noted in the core\'s sentence by the picker, core.io.servoFile and tools/robot.mjs, as the CLI notes it', async () => {
    const p = tmp('fork-m1.json', { ...real('mx64/m1.json'), command_delay: 0.012 });
    const cli = cliSays(p, path.join(DATA, 'logs/xl330/processed/none.json'));
    const note = cli.lines.find((l) => /command_delay/.test(l));
    assert.ok(note, `the CLI notes the key: ${cli.lines.join(' | ')}`);
    assert.match(note, /not modelled/);
    assert.match(note, /carried/);
    assert.deepEqual(core.io.servoFile(JSON.parse(fs.readFileSync(p, 'utf8')), p).warnings, [note]);
    const r = await checkServoFile(core, file('fork-m1.json', fs.readFileSync(p, 'utf8')));
    assert.deepEqual(r.warnings, [note.replace(p, 'fork-m1.json')]);
    const scene = path.join(DATA, '2R/2r_mx/scene.xml');
    if (!fs.existsSync(scene)) return;
    const run = (f) => spawnSync(process.execPath, [path.join(ROOT, 'tools/robot.mjs'), scene, '--servos', 'R1=mx106/m1,R2=@e', '--params', `e=${f}`, '--seconds', '0.01'],
      { encoding: 'utf8', cwd: ROOT });
    const ok = run(p);
    assert.equal(ok.status, 0, ok.stderr);
    assert.ok(ok.stderr.split('\n').includes(`robot: ${note}`), ok.stderr);
    const empty = run(tmp('empty.json', {}));
    assert.equal(empty.status, 2);
    assert.equal(empty.stderr.trim(), `robot: params ${path.join(dir, 'empty.json')}: no "actuator"; a params file names its actuator ("xl330", ...) and its model ("m1" .. "m6").`);
  });
});

describe('the Fit view\'s params-file door (friction fit --from)', { skip: noData }, () => {
  it('tells a params file from a log: bam\'s params files are, a recorded log is not', () => {
    for (const rel of ['xl330/m4.json', 'mx64/m6.json', 'feetech/m6.json']) assert.ok(looksLikeParams(core, real(rel)), rel);
    const log = JSON.parse(fs.readFileSync(path.join(XL_DIR, fs.readdirSync(XL_DIR).find((f) => f.endsWith('.json'))), 'utf8'));
    assert.equal(looksLikeParams(core, log), false);
    assert.equal(looksLikeParams(core, [1, 2]), false);
    assert.equal(looksLikeParams(core, { hello: 1 }), false);
  });
  it('starts from the file\'s own values; a simpler model is embedded (its terms, the others 0); another actuator or a model that does not contain it is refused', () => {
    const m1 = real('xl330/m1.json'), m4 = real('xl330/m4.json');
    const f4 = readFrom(core, 'm4.json', JSON.stringify(m4));
    assert.equal(f4.actuator, 'xl330');
    assert.equal(f4.model, 4);
    const s4 = fromStart(core, f4, 'xl330', 4);
    for (const k of ['kt', 'R', 'armature', 'q_offset', 'friction_base', 'friction_stribeck', 'load_friction_base', 'load_friction_stribeck', 'dtheta_stribeck', 'alpha', 'friction_viscous']) {
      assert.equal(s4[KEYS.indexOf(k)], m4[k], `${k}: the file's value`);
    }
    const f1 = readFrom(core, 'm1.json', JSON.stringify(m1));
    const e = fromStart(core, f1, 'xl330', 4);
    for (const k of ['kt', 'R', 'armature', 'friction_base', 'friction_viscous']) assert.equal(e[KEYS.indexOf(k)], m1[k], `M1 in M4: ${k}`);
    for (const k of ['friction_stribeck', 'load_friction_base', 'load_friction_stribeck']) assert.equal(e[KEYS.indexOf(k)], 0, `M1 in M4: ${k} = 0`);
    assert.throws(() => fromStart(core, f4, 'xl330', 1), (x) => { assert.match(x.message, /^The params file m4\.json is an M4; M1 cannot start from it \(/); oneSentence(x.message); return true; });
    assert.throws(() => fromStart(core, f4, 'mx64', 4), (x) => { assert.match(x.message, /is of actuator "xl330"; the fit is of mx64/); oneSentence(x.message); return true; });
    throwsMsg(() => readFrom(core, 'x.json', '{}'), /^params x\.json: no "actuator"/);
    throwsMsg(() => readFrom(core, 'x.json', '{"model": "m1",'), /^x\.json is not JSON/);
  });
  it('a params file dropped on the logs is said to be one (not "unknown header field kt") and taken as the start', () => {
    const text = fs.readFileSync(path.join(PARAMS, 'xl330/m4.json'), 'utf8');
    let taken = null;
    const r = fromDrop(core, 'm4.json', text, (f) => { taken = f; return null; });
    assert.equal(taken.model, 4);
    assert.match(r.note, /^m4\.json is a params file \(xl330 M4\), not a log: the fit starts from it/);
    oneSentence(r.note);
    const other = fromDrop(core, 'm4.json', text, () => 'The logs are of mx64.');
    assert.match(other.problem, /^m4\.json is a params file, not a log; it cannot be this fit's starting point: The logs are of mx64\.$/);
    const refused = fromDrop(core, 'r0.json', JSON.stringify({ ...JSON.parse(text), R: 0 }), () => null);
    assert.match(refused.problem, /^r0\.json is a params file, not a log, and it cannot be a starting point: params r0\.json: bench: R = 0/);
    const log = fs.readFileSync(path.join(XL_DIR, fs.readdirSync(XL_DIR).find((f) => f.endsWith('.json'))), 'utf8');
    assert.equal(fromDrop(core, 'log.json', log, () => null), null);
  });
  it('every actuator the CLI fits is in the core\'s table the view lists (waveshare_st3025 among them), each with a search space', () => {
    const acts = core.scenario.find('bench').params.find((q) => q.name === 'actuator').choices;
    assert.ok(acts.includes('waveshare_st3025'));
    assert.ok(fs.existsSync(CLI));
    for (const a of acts) {
      assert.ok(core.fit.space(a, 1).free.some(Boolean), a);
      // the CLI takes the actuator (a usage error would name it): --out in a folder that does not exist stops it after the check
      const r = spawnSync(CLI, ['fit', '--actuator', a, '--model', 'm1', '--budget', '10', '--out', path.join(dir, 'no/such/dir/x.json'), path.join(XL_DIR, 'none.json')], { encoding: 'utf8' });
      assert.doesNotMatch(r.stderr, /actuator/i, `${a}: ${r.stderr}`);
    }
  });
  it('a fit from a params file (M1 with the fork\'s command_delay, fitting M4) equals `friction fit --from`: the file byte for byte, the carried key written back', () => {
    const files = fs.readdirSync(XL_DIR).filter((f) => f.endsWith('.json')).sort().slice(0, 2);
    const budget = 200, seed = 3;
    const src = tmp('fork-xl-m1.json', { ...real('xl330/m1.json'), command_delay: 0.012 });
    const out = path.join(dir, 'from-m4.json');
    const r = spawnSync(CLI, ['fit', '--actuator', 'xl330', '--model', 'm4', '--budget', String(budget), '--seed', String(seed), '--from', src,
      '--out', out, ...files.map((f) => path.join(XL_DIR, f))], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const cliText = fs.readFileSync(out, 'utf8');
    assert.equal(JSON.parse(cliText).command_delay, 0.012);
    const from = readFrom(core, src, fs.readFileSync(src, 'utf8'));
    const start = fromStart(core, from, 'xl330', 4);
    const batch = core.fit.batch(files.map((f) => JSON.parse(fs.readFileSync(path.join(XL_DIR, f), 'utf8'))));
    try {
      const fit = core.fit.create({ batch, actuator: 'xl330', model: 4, space: core.fit.space('xl330', 4), budget, seed, start });
      let pr;
      try {
        for (let P = fit.ask(); P; P = fit.ask()) fit.tell(batch.lossesFast(P, 'xl330', 4));
        pr = fit.progress();
      } finally {
        fit.free();
      }
      assert.equal(core.fit.paramsText(pr.best, 'xl330', 4, undefined, 'bam', from.carry), cliText);
    } finally {
      batch.free();
    }
  });
});
