// size.test.mjs: large files are refused by their size before they are read,
// and a log's header outside the bench's ranges is refused, the same way at
// every door ("large files are refused by size").
// The core's one check (fric_io_check_size through core.io.checkSize; the
// bench's header check fric_bench_log_check through the wasm log load)
// against the native tool's own words on the same files (a separate door:
// `friction replay`), the page's doors (web/src/servoFile.js checkServoFile,
// the params picker's; readFrom, the Fit view's params door; dropZone.js
// readChecked, the log drops') and tools/robot.mjs --params. The limits are
// the issue's: 1 MiB (2^20 bytes) for a params file, 32 MiB (2^25) for a
// log. Large files are sparse (truncate) in a temporary folder: nothing is
// written, and a door that read one would be seen reading (text() throws).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCore, ROOT, CLI, DATA } from './load.mjs';
import { checkServoFile, readFrom } from '../../web/src/servoFile.js';
import { readChecked } from '../../web/src/dropZone.js';
import { parseLog } from '../../web/src/replay.js';

const core = await loadCore();
const MiB = 1048576;
const M4 = path.join(DATA, 'params/xl330/m4.json');
const SAMPLE = path.join(ROOT, 'samples/xl330-sin_sin-simulated.json');
const noCli = fs.existsSync(CLI) ? false : `no ${CLI} (make cli)`;
const noData = fs.existsSync(M4) ? false : `missing shared data: ${M4}`;
const oneSentence = (s) => assert.equal(s.trim().split(/(?<=[.!?])\s+(?=[A-Z])/).length, 1, `one sentence: '${s}'`);
let dir;
before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fric-size-')); });
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A sparse file of `bytes` bytes in the temporary folder. */
function sparse(name, bytes) {
  const p = path.join(dir, name);
  fs.closeSync(fs.openSync(p, 'w'));
  fs.truncateSync(p, bytes);
  return p;
}
/** A File as the page hands it over, whose text() must not be called. */
const unreadable = (name, size) => ({ name, size, text() { throw new Error(`${name} was read`); } });
/** The CLI's one line on stderr (exit 2) for `friction replay --params P L`. */
function cliSays(params, log) {
  const r = spawnSync(CLI, ['replay', '--params', params, log], { encoding: 'utf8' });
  assert.equal(r.status, 2, r.stderr);
  assert.equal(r.stdout, '');
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  return lines[0].replace(/^friction: /, '');
}

describe('core.io.checkSize: the limits and the sentence', () => {
  it('takes a file at its kind\'s limit and refuses one byte more, in one sentence naming the file, its size, the limit and what to do', () => {
    assert.equal(core.io.checkSize('params', MiB, 'p.json'), MiB);
    assert.equal(core.io.checkSize('sensitivity', MiB, 's.json'), MiB);
    assert.equal(core.io.checkSize('log', 32 * MiB, 'l.json'), 32 * MiB);
    assert.throws(() => core.io.checkSize('params', 100 * MiB, 'big.json'), (e) => {
      assert.equal(e.code, 'FRIC_E_FILE');
      assert.equal(e.message, 'params big.json: the file is 100.0 MiB (104857600 bytes); a params file is read up to 1 MiB '
        + '(1048576 bytes): a params file is a few kB, so this is not one.');
      oneSentence(e.message);
      return true;
    });
    assert.throws(() => core.io.checkSize('log', 32 * MiB + 1, 'l.json'), /^Error: log l\.json: the file is 32\.0 MiB \(33554433 bytes\); a log file is read up to 32 MiB \(33554432 bytes\): split the recording into shorter logs\.$/);
    assert.throws(() => core.io.checkSize('sensitivity', MiB + 1, 's.json'), /sensitivity s\.json: .*\(1048577 bytes\)/);
    // a file of several GB (a size past 2^32 crosses the wasm wall whole)
    assert.throws(() => core.io.checkSize('log', 5 * 2 ** 30, 'huge.json'), /\(5368709120 bytes\)/);
  });
  it('a robot\'s files: an MJCF text and an asset up to 32 MiB, the files together up to 64 MiB (core.io.maxBytes), at the limit and one byte over', () => {
    assert.deepEqual(['MJCF', 'asset', 'robot', 'log', 'params'].map((k) => core.io.maxBytes(k)), [32 * MiB, 32 * MiB, 64 * MiB, 32 * MiB, MiB]);
    assert.equal(core.io.checkSize('MJCF', 32 * MiB, 'a.xml'), 32 * MiB);
    assert.equal(core.io.checkSize('asset', 32 * MiB, 'm.stl'), 32 * MiB);
    assert.equal(core.io.checkSize('robot', 64 * MiB, 'scene.xml'), 64 * MiB);
    assert.throws(() => core.io.checkSize('MJCF', 32 * MiB + 1, 'inc/a.xml'), (e) => e.code === 'FRIC_E_FILE'
      && e.message === 'MJCF inc/a.xml: the file is 32.0 MiB (33554433 bytes); an MJCF file is read up to 32 MiB (33554432 bytes): '
      + 'meshes and heightfields belong in their own files.');
    assert.throws(() => core.io.checkSize('asset', 32 * MiB + 1, 'm.stl'), /^Error: asset m\.stl: the file is 32\.0 MiB \(33554433 bytes\); a mesh, texture or other asset is read up to 32 MiB \(33554432 bytes\)/);
    assert.throws(() => core.io.checkSize('robot', 64 * MiB + 1, 'scene.xml'), /^Error: robot scene\.xml: the files the MJCF names \(its includes and their assets\) are together 64\.0 MiB \(67108865 bytes\); a robot's files are read up to 64 MiB \(67108864 bytes\)/);
    assert.throws(() => core.io.maxBytes('mesh'), (e) => e instanceof RangeError && e.param === 'kind');
  });
  it('refuses a kind it does not know and a size that is not one', () => {
    assert.throws(() => core.io.checkSize('mjcf', 1), (e) => e instanceof RangeError && e.param === 'kind');
    assert.throws(() => core.io.checkSize('log', '12'), (e) => e instanceof TypeError && e.param === 'bytes');
    assert.throws(() => core.io.checkSize('log', -1), (e) => e.code === 'FRIC_E_PARAM_RANGE');
    assert.throws(() => core.io.checkSize('log', NaN), (e) => e.code === 'FRIC_E_PARAM_RANGE');
  });
  it('says what the native tool says about the same file', { skip: noCli || noData }, () => {
    const big = sparse('big-params.json', 100000000);
    let page;
    assert.throws(() => core.io.checkSize('params', fs.statSync(big).size, big), (e) => { page = e.message; return true; });
    assert.equal(cliSays(big, SAMPLE), page);
    const log = sparse('big-log.json', 32 * MiB + 1);
    assert.throws(() => core.io.checkSize('log', fs.statSync(log).size, log), (e) => { page = e.message; return true; });
    assert.equal(cliSays(M4, log), page);
  });
});

describe('the page\'s doors size a file before reading it', () => {
  it('Your robot\'s params picker (checkServoFile): a 100 MB file is refused in one sentence, never read', async () => {
    const r = await checkServoFile(core, unreadable('huge.json', 100 * 1000 * 1000));
    assert.equal(r.text, undefined);
    assert.match(r.error, /^params huge\.json: the file is 95\.4 MiB \(100000000 bytes\); a params file is read up to 1 MiB/);
    oneSentence(r.error);
  });
  it('the log drops (readChecked): a log over 32 MiB is refused, never read; one at the limit is read', async () => {
    await assert.rejects(readChecked(core, unreadable('long.json', 32 * MiB + 1), 'log'), /^Error: log long\.json: the file is 32\.0 MiB/);
    assert.equal(await readChecked(core, { name: 'ok.json', size: 32 * MiB, text: async () => 'x' }, 'log'), 'x');
    // a params file dropped among the logs is read to the log's limit, then
    // held to a params file's (readFrom: the Fit view's params door)
    const m4 = fs.existsSync(M4) ? fs.readFileSync(M4, 'utf8') : '{"actuator": "xl330", "model": "m4"}';
    assert.throws(() => readFrom(core, 'padded.json', m4 + ' '.repeat(MiB)), /^Error: params padded\.json: the file is 1\.0 MiB \(\d+ bytes\); a params file is read up to 1 MiB/);
  });
  it('tools/robot.mjs --params: a 100 MB file is refused in the core\'s sentence, never read', { skip: noData }, () => {
    const scene = path.join(DATA, '2R/2r_mx/scene.xml');
    if (!fs.existsSync(scene)) return;
    const big = sparse('huge-params.json', 100000000);
    const r = spawnSync(process.execPath, [path.join(ROOT, 'tools/robot.mjs'), scene, '--servos', 'R1=mx106/m1,R2=@e', '--params', `e=${big}`, '--seconds', '0.01'],
      { encoding: 'utf8', cwd: ROOT });
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stderr.trim(), `robot: params ${big}: the file is 95.4 MiB (100000000 bytes); a params file is read up to 1 MiB (1048576 bytes): a params file is a few kB, so this is not one.`);
  });
});

describe('a log\'s header outside the bench\'s ranges (mass 1e308) is refused at every door', () => {
  const log = () => JSON.parse(fs.readFileSync(SAMPLE, 'utf8'));
  it('core.io.checkLog refuses it as the CLI does, in the same sentence', { skip: noCli || noData }, () => {
    const bad = { ...log(), mass: 1e308 };
    const p = path.join(dir, 'mass.json');
    fs.writeFileSync(p, JSON.stringify(bad));
    let page;
    assert.throws(() => core.io.checkLog(bad, p), (e) => {
      assert.equal(e.status, 'FRIC_E_LOG_INVALID');
      assert.equal(e.code, 'range');
      assert.equal(e.field, 'mass');
      page = e.message;
      return true;
    });
    assert.equal(page, `log ${p}: "mass" = 1e+308 must be in [0.001, 50] kg (the bench's range).`);
    assert.equal(cliSays(M4, p), page);
  });
  it('at the ends of the range: 50 kg is taken, 50.001 kg and 0.0009 kg are refused; the fit refuses it too', () => {
    assert.ok(core.io.checkLog({ ...log(), mass: 50 }, 'x') > 0);
    assert.throws(() => core.io.checkLog({ ...log(), mass: 50.001 }, 'x'), /"mass" = 50\.001 must be in \[0\.001, 50\] kg/);
    assert.throws(() => core.io.checkLog({ ...log(), mass: 0.0009 }, 'x'), /"mass" = 0\.0009 must be in/);
    assert.throws(() => core.fit.splitKp([{ ...log(), mass: 1e308 }], 100, ['m.json']), /"mass" = 1e\+308/);
  });
  it('the page\'s log reader (parseLog, the Fit view\'s and the replay views\') says it in one sentence', () => {
    assert.throws(() => parseLog(JSON.stringify({ ...log(), mass: 1e308 }), core, 'm.json'), (e) => {
      assert.match(e.message, /`mass`/);
      assert.match(e.message, /1e\+308 must be in \[0\.001, 50\] kg/);
      oneSentence(e.message);
      return true;
    });
  });
});
