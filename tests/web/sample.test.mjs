// sample.test.mjs: the bundled sample (samples/, written by tools/sample.mjs),
// run by `node --test`. It needs no shared data.
//
//   a) consistency  (a consistency check, not a check of the physics)
//                   regenerating the sample with tools/sample.mjs gives the
//                   committed files byte for byte: the files are what the
//                   command makes, and they change only with the core
//   b) replay       `friction replay` (native) with the sample's params file
//                   gives a finite MAE, and every simulated angle is within
//                   half an encoder tick (π/4096 rad) of the logged one: the
//                   log is the same bench (the preset of the params file,
//                   friction=clip, the logged goals) with its angle rounded
//                   to the XL330's 4096 ticks per turn, so rounding is the
//                   only difference (closed form, independent of the run);
//                   the angle does move (more than 0.5 rad: not a log at rest)
//   c) labelled     the log says it is simulated (its "comment", read and
//                   not used by the core's reader, native and wasm) and names
//                   the params file; the params file is the published preset
//                   (core.bench.presets) and the core's writer's text
//   d) consistency  (a consistency check) the browser's replay path
//                   (replayModels, wasm) and `friction replay` give the same
//                   MAE for every model M1–M6 (1e-9 rad)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCore, ROOT, CLI } from './load.mjs';
import { sampleTexts, SAMPLE } from '../../tools/sample.mjs';
import { replayModels } from '../../web/src/replay.js';

const core = await loadCore();
const DIR = path.join(ROOT, 'samples');
const LOG = path.join(DIR, SAMPLE.log), PARAMS = path.join(DIR, SAMPLE.params);

function replay(args) {
  const r = spawnSync(CLI, ['replay', ...args], { encoding: 'utf8' });
  assert.equal(r.status, 0, `friction replay failed: ${r.stderr}`);
  const m = /: mae ([0-9.eE+-]+) rad/.exec(r.stdout);
  assert.ok(m, `no MAE in: ${r.stdout}`);
  return Number(m[1]);
}

describe('the bundled sample (samples/)', () => {
  it('a) consistency check: tools/sample.mjs regenerates the committed files byte for byte', () => {
    const { log, params } = sampleTexts(core);
    assert.equal(log, fs.readFileSync(LOG, 'utf8'), `${LOG} differs from what \`make sample\` writes: run it and commit`);
    assert.equal(params.endsWith('\n') ? params : `${params}\n`, fs.readFileSync(PARAMS, 'utf8'));
  });

  it('b) friction replay: finite MAE, every angle within half an encoder tick of the logged one', () => {
    const csv = path.join(ROOT, 'build/e2e/sample-replay.csv');
    fs.mkdirSync(path.dirname(csv), { recursive: true });
    const mae = replay(['--params', PARAMS, '--friction', 'clip', '--csv', csv, LOG]);
    assert.ok(Number.isFinite(mae) && mae > 0, `MAE ${mae}`);
    const rows = fs.readFileSync(csv, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',').map(Number));
    assert.equal(rows.length, SAMPLE.seconds * SAMPLE.rate);
    const half = Math.PI / SAMPLE.ticks;
    let worst = 0, lo = Infinity, hi = -Infinity;
    for (const [, , logged, simulated] of rows) {
      worst = Math.max(worst, Math.abs(logged - simulated));
      lo = Math.min(lo, logged);
      hi = Math.max(hi, logged);
    }
    assert.ok(worst <= half * (1 + 1e-9), `largest |logged − simulated| ${worst} rad > half a tick ${half} rad`);
    assert.ok(mae <= half, `MAE ${mae} rad`);
    assert.ok(hi - lo > 0.5, `the logged angle spans only ${hi - lo} rad`);
  });

  it('c) labelled as simulated; the params file is the published preset, in the core writer\'s text', () => {
    const log = JSON.parse(fs.readFileSync(LOG, 'utf8'));
    assert.match(log.comment, /^SIMULATED, not recorded/);
    assert.ok(log.comment.includes(SAMPLE.params), log.comment);
    assert.match(SAMPLE.log, /simulated/);
    const L = core.io.loadLog(log, SAMPLE.log);   // the wasm reader takes the comment
    assert.equal(L.samples, SAMPLE.seconds * SAMPLE.rate);
    L.free();
    const p = JSON.parse(fs.readFileSync(PARAMS, 'utf8'));
    const pre = core.bench.presets().find((q) => q.actuator === 'xl330' && q.model === 6);
    // the file's motor constants (an xl330 has no STS3215 keys: ratio 1, no smoothing)
    for (const k of ['kt', 'R', 'armature', 'q_offset']) assert.equal(p[k], pre.servo[k], k);
    assert.ok(!('error_gain_ratio' in p) && !('max_velocity' in p) && pre.servo.error_gain_ratio === 1
      && pre.servo.max_velocity === 0);
    assert.equal(p.model, 'm6');
    assert.equal(p.actuator, 'xl330');
  });

  it('d) consistency check: the browser\'s replay path equals friction replay for M1–M6', () => {
    const log = JSON.parse(fs.readFileSync(LOG, 'utf8'));
    const info = core.scenario.find('bench');
    const values = core.scenario.params('bench', { actuator: 'xl330', friction: 'implicit' });
    const rows = replayModels(core, info, values, log, 'xl330');
    assert.equal(rows.length, 6);
    const DATA = path.resolve(ROOT, '../shared/data/bam/params/xl330');
    for (const r of rows) {
      assert.ok(!r.error, r.error);
      // the published preset's file: written here by the core's writer, as the Drive view does
      const pre = core.bench.presets().find((q) => q.actuator === 'xl330' && `m${q.model}` === r.model);
      const f = path.join(ROOT, `build/e2e/sample-${r.model}.json`);
      fs.writeFileSync(f, core.io.paramsText({ actuator: 'xl330', servo: pre.servo, friction: pre.friction }));
      const cli = replay(['--params', f, '--friction', 'implicit', LOG]);
      assert.ok(Math.abs(r.mae - cli) <= 1e-9, `${r.model}: browser ${r.mae}, CLI ${cli}`);
      if (fs.existsSync(DATA)) assert.equal(cli, replay(['--params', path.join(DATA, `${r.model}.json`), '--friction', 'implicit', LOG]));
    }
  });
});
