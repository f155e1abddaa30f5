// The Fit view's native fit, worker side (web/src/fitModels.js
// fitNative, what workers/fitCoordinator.js runs for 'native', and
// results.js's params file, core.native.paramsText): a consistency check
// against the native CLI, not an independent reference for the model (that
// is tests/web/native_mujoco.test.mjs, against real MuJoCo):
//   train   the training MAE the view reports equals `friction replay` of
//           the file it downloads, on the training logs (the CLI's mean
//           line, printed with 17 significant digits: to 1e-12 rad);
//   valid   the validation MAE it reports equals `friction replay` of that
//           file on the validation log, the same split;
//   file    the file is the CLI's own writer's: `friction fit --model native`
//           with the same logs, budget and seed writes the same parameters;
//   sts3215 the same for the sts3215, whose q_offset box (±0.2 rad) is the
//           actuator's: the page passes the actuator to the core's box.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCore, DATA, CLI } from './load.mjs';
import { fitNative, nativeParams } from '../../web/src/fitModels.js';

const core = await loadCore();
const XL = path.join(DATA, 'logs/xl330/processed');
const files = fs.existsSync(XL) ? fs.readdirSync(XL).filter((f) => f.endsWith('.json')).sort().slice(0, 3) : [];
const missing = files.length !== 3 ? `missing shared data: the xl330 logs in ${XL}`
  : !fs.existsSync(CLI) ? `missing ${CLI} (make cli)` : false;
if (missing && process.env.CI === 'true') throw new Error(`CI=true: ${missing}`);

/** The per-log and mean MAE lines of `friction replay --params P LOGS`. */
function replay(params, logs) {
  const r = spawnSync(CLI, ['replay', '--params', params, ...logs], { encoding: 'utf8' });
  assert.equal(r.status, 0, `friction replay: ${r.stderr}`);
  const mean = /mean[^\n]*?([-+0-9.eE]+) rad/.exec(r.stdout);
  assert.ok(mean, `no mean line in: ${r.stdout}`);
  return { mean: Number(mean[1]), out: r.stdout };
}

describe('Fit view: the native fit against `friction replay` of its file (consistency check)', { skip: missing }, () => {
  const paths = files.map((f) => path.join(XL, f));
  const logs = paths.map((p) => JSON.parse(fs.readFileSync(p, 'utf8')));
  const trainIdx = [0, 1], validIdx = [2];
  const budget = 300, seed = 3;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fit-native-view-'));
  const train = core.fit.batch(trainIdx.map((i) => logs[i]), trainIdx.map((i) => files[i]));
  const valid = core.fit.batch(validIdx.map((i) => logs[i]), validIdx.map((i) => files[i]));
  const r = fitNative(core, train, valid, { actuator: 'xl330', budget, seed });
  train.free();
  valid.free();
  const file = path.join(dir, 'fit-xl330-native.json');
  fs.writeFileSync(file, core.native.paramsText(nativeParams(core, r.best), 'xl330',
    { train: r.train, valid: r.valid, logs: trainIdx.length, evals: r.evals }));

  it('the training MAE shown = `friction replay` of the downloaded file on the training logs', () => {
    const { mean } = replay(file, trainIdx.map((i) => paths[i]));
    assert.ok(Number.isFinite(r.train) && r.train > 0);
    assert.ok(Math.abs(mean - r.train) <= 1e-12, `view ${r.train}, CLI ${mean}`);
  });

  it('the validation MAE shown = `friction replay` of the file on the validation log', () => {
    const { mean } = replay(file, validIdx.map((i) => paths[i]));
    assert.ok(Math.abs(mean - r.valid) <= 1e-12, `view ${r.valid}, CLI ${mean}`);
  });

  it('the file is what `friction fit --model native` writes for the same logs, budget and seed', () => {
    const out = path.join(dir, 'cli.json');
    const f = spawnSync(CLI, ['fit', '--model', 'native', '--budget', String(budget), '--seed', String(seed), '--out', out,
      ...trainIdx.map((i) => paths[i]), '--validate', ...validIdx.map((i) => paths[i])], { encoding: 'utf8' });
    assert.equal(f.status, 0, `friction fit: ${f.stderr}`);
    const cli = JSON.parse(fs.readFileSync(out, 'utf8')), page = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.equal(page.model, 'native');
    for (const k of core.native.keys()) assert.equal(page[k], cli[k], k);
    assert.equal(page.fit_train_mae, cli.fit_train_mae);
  });
});

// The sts3215: the page fits q_offset in the actuator's box, as the CLI does
// (the M-models' box, ±0.2 rad for the sts3215, not the ±0.1 rad of an
// actuator-less box): its file is the CLI's, q_offset moved off the start's 0.
const RAW = path.join(DATA, 'logs/sts3215/raw');
const raw = fs.existsSync(RAW) ? fs.readdirSync(RAW).filter((f) => f.endsWith('.json')).sort().slice(0, 2) : [];
const missingRaw = raw.length !== 2 ? `missing shared data: the sts3215 raw logs in ${RAW}`
  : !fs.existsSync(CLI) ? `missing ${CLI} (make cli)` : false;
if (missingRaw && process.env.CI === 'true') throw new Error(`CI=true: ${missingRaw}`);

describe('Fit view: the sts3215 native fit, q_offset in the actuator\'s box (consistency check)', { skip: missingRaw }, () => {
  it('the page\'s file = `friction fit --model native` for the same logs, budget and seed; q_offset fitted', () => {
    const paths = raw.map((f) => path.join(RAW, f));
    const budget = 300, seed = 5;
    const train = core.fit.batch(paths.map((p) => JSON.parse(fs.readFileSync(p, 'utf8'))), raw);
    const r = fitNative(core, train, null, { actuator: 'sts3215', budget, seed });
    train.free();
    const page = nativeParams(core, r.best);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fit-native-sts-'));
    const out = path.join(dir, 'cli.json');
    const f = spawnSync(CLI, ['fit', '--model', 'native', '--budget', String(budget), '--seed', String(seed), '--out', out,
      ...paths], { encoding: 'utf8' });
    assert.equal(f.status, 0, `friction fit: ${f.stderr}`);
    const cli = JSON.parse(fs.readFileSync(out, 'utf8'));
    for (const k of core.native.keys()) assert.equal(page[k], cli[k], k);
    assert.equal(core.native.fitStart('sts3215').q_offset, 0, 'the start: the box\'s centre');
    assert.ok(page.q_offset !== 0 && Math.abs(page.q_offset) <= 0.2, `q_offset ${page.q_offset}`);
  });
});
