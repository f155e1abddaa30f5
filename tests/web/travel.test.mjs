// travel.test.mjs: the pieces that carry a fit's values out of the browser
// (web/src/exports.js, web/src/replay.js's "on screen" row) and the shape of
// the chart exports (web/src/csv.js, web/src/charts.js's chartCsv), run by
// `node --test`.
//
//   a) paste     presetFromObject of a params file keeps every motor constant
//                the file gives (kt, R, armature, q_offset: the file's
//                numbers), takes the rest from the published preset (the
//                file in shared/data/bam/params), and reads a model with no
//                published preset (sts3215 M4) from the file alone, or names
//                what is missing
//   b) MuJoCo    servoExport(servoBenchVector(…)) of given constants: the
//                snippet's gain is kt/R and its bias −kt²/R of the given
//                numbers (the actuator model of exports.js, closed form)
//   c) on screen replayOnScreen of the bench vector read from a params file
//                equals `friction replay --params FILE` (consistency check:
//                the same C through both front ends)
//   d) CSV       quoting (RFC 4180) instead of rewritten commas; 15
//                significant digits (9·0.001 → 0.009); a bar chart's CSV has
//                one row per bar and a unit on every value column
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCore, ROOT, CLI, DATA } from './load.mjs';
import { presetFromObject, servoBenchVector, servoExport, mujocoSnippet, SERVO_CONSTANTS } from '../../web/src/exports.js';
import { replayOnScreen } from '../../web/src/replay.js';
import { csvText } from '../../web/src/csv.js';
import { chartCsv } from '../../web/src/charts.js';

const core = await loadCore();
const info = core.scenario.find('bench');
const PUB = path.join(DATA, 'params/xl330/m5.json');
const XL_DIR = path.join(DATA, 'logs/xl330/processed');
const XL_LOG = fs.existsSync(XL_DIR) ? path.join(XL_DIR, fs.readdirSync(XL_DIR).filter((f) => f.endsWith('.json')).sort()[0]) : null;
const noData = fs.existsSync(PUB) && XL_LOG ? false : `missing shared data: no ${PUB} or xl330 log`;
const TOL = 1e-9;   // rad: wasm (musl libm) against native (glibc), the replay tests' tolerance

describe('a) a pasted params file keeps its motor constants', () => {
  it('every constant the file gives is the file\'s; the others are the published preset\'s', { skip: noData }, () => {
    const pub = JSON.parse(fs.readFileSync(PUB, 'utf8'));
    const file = { ...pub, kt: 0.3, R: 3.495 };
    delete file.armature;
    const got = presetFromObject(core, file);
    assert.equal(got.servo.kt, 0.3);
    assert.equal(got.servo.R, 3.495);
    assert.equal(got.servo.armature, pub.armature, 'armature: the published file\'s');
    assert.equal(got.servo.q_offset, pub.q_offset, 'q_offset: the published file\'s');
    assert.deepEqual(got.given, ['kt', 'R', 'q_offset']);
    assert.equal(got.friction.K_c, pub.friction_base);
    assert.equal(got.actuator, 'xl330');
    assert.equal(got.model, 5);
  });
  it('a model with no published preset (sts3215 M4) is read from the file alone', () => {
    const file = { kt: 1.4, R: 2.25, armature: 0.0118, q_offset: 0.018, friction_base: 0.13, friction_stribeck: 0.086,
      load_friction_base: 0.148, load_friction_stribeck: 0.04, dtheta_stribeck: 0.58, alpha: 7.7, friction_viscous: 0.167,
      model: 'm4', actuator: 'sts3215' };
    const got = presetFromObject(core, file);
    assert.equal(got.index, -1);
    // the file's constants, and the STS3215 firmware's own where the file gives none
    // (the data README: error_gain_ratio 1, max_velocity 3400·2π/4096 rad/s)
    assert.deepEqual(got.servo, { kt: 1.4, R: 2.25, armature: 0.0118, q_offset: 0.018,
      error_gain_ratio: 1, max_velocity: (3400 * 2 * Math.PI) / 4096 });
    assert.equal(got.friction.K_ls, 0.04);
    assert.equal(got.friction.alpha, 7.7);
    const short = { ...file };
    delete short.friction_base;
    assert.throws(() => presetFromObject(core, short), /friction_base/);
    assert.throws(() => presetFromObject(core, { ...file, actuator: 'nope' }), /no identified preset for actuator "nope"/);
  });
});

describe('b) the MuJoCo snippet of given constants', () => {
  it('gain kt/R and bias −kt²/R of the numbers given, not of the preset', () => {
    const servo = { kt: 0.3, R: 3.495, armature: 0.002, q_offset: 0.01 };
    const friction = { K_c: 0.05, K_v: 0.01 };
    const { o, servo: s } = servoExport(core, servoBenchVector(core, { actuator: 'xl330', model: 1, servo, friction }));
    const text = mujocoSnippet(o, s);
    assert.match(text, new RegExp(`gainprm="${0.3 / 3.495}"`));
    assert.match(text, new RegExp(`biasprm="0 0 ${-(0.3 * 0.3) / 3.495}"`));
    assert.match(text, /<joint frictionloss="0.05" damping="0.01" armature="0.002"\/>/);
    for (const k of SERVO_CONSTANTS) assert.equal(o[k], servo[k], k);
  });
});

describe('c) the replay row "on screen"', () => {
  it('equals friction replay --params FILE on the same log (consistency check)', { skip: noData }, () => {
    const pub = JSON.parse(fs.readFileSync(PUB, 'utf8'));
    const file = { ...pub, kt: pub.kt * 0.8, R: pub.R * 1.2 };
    const f = path.join(ROOT, 'build/e2e/travel-test-params.json');
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, JSON.stringify(file));
    const values = core.io.paramsRead(file, 'test', core.scenario.params('bench', { friction: 'clip' }));
    const row = replayOnScreen(core, info, values, JSON.parse(fs.readFileSync(XL_LOG, 'utf8')));
    assert.ok(!row.error, row.error);
    assert.equal(row.label, 'on screen (M5)');
    const r = spawnSync(CLI, ['replay', '--params', f, '--friction', 'clip', XL_LOG], { encoding: 'utf8' });
    const m = /: mae ([0-9.eE+-]+) rad/.exec(r.stdout);
    assert.ok(m, r.stderr);
    assert.ok(Math.abs(row.mae - Number(m[1])) <= TOL, `on screen ${row.mae}, CLI ${m[1]}`);
  });
});

describe('d) chart CSVs', () => {
  it('quotes a cell with a comma instead of rewriting it; 15 significant digits on request', () => {
    const text = csvText({ columns: [{ name: 't', unit: 's' }, { name: 'status (0 none, 1 unique)', unit: '' }],
      rows: [[9 * 0.001, 1]], digits: 15 });
    assert.equal(text, 't [s],"status (0 none, 1 unique)"\n0.009,1\n');
    assert.equal(csvText({ columns: [{ name: 'x' }], rows: [[9 * 0.001]] }), 'x\n0.009000000000000001\n', 'exact without digits');
  });
  it('a bar chart: one row per bar, a unit on every value column', () => {
    const chart = { data: { labels: ['M1', 'M2', 'on screen (M5)'], datasets: [
      { label: 'published', data: [0.05, 0.04, 0.03] }, { label: 'fitted', data: [0.1 + 0.2, 0.02, 0.01] }] },
    options: { scales: { y: { title: { text: 'validation MAE [rad]' } } } } };
    assert.equal(chartCsv(chart, 'model'), 'model,published [rad],fitted [rad]\nM1,0.05,0.3\nM2,0.04,0.02\non screen (M5),0.03,0.01\n');
  });
});
