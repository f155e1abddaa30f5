// e2e_harness.test.mjs: the e2e harness's hang guard (tests/web/e2e.mjs),
// run by `node --test` (make test-web). The fixture module
// tests/web/e2e-fixtures/hang/hang.mjs stops its page's main thread in a
// loop that never ends; with a 15 s bound per check (the checks after the
// hang must meet it on a machine loaded by a full make test: 4 s once left
// the fixture's page.title() unanswered there), the harness must
// restart the browser and run the module again without counting the first
// attempt (a hang once: passes, and says so; the same for a hang in the
// module's own code between checks, bounded as a whole), and must fail the
// check that hangs on the second attempt too (a page that always hangs).
// Also: a module cut into parts (tests/web/e2e-fixtures/parts), and the strict
// parsers over every file a task's page saves (tests/web/e2e-fixtures/files).
// Needs what e2e.mjs needs: build/web and Debian's chromium.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './load.mjs';

/** Runs the harness on the fixture (its own process, server and browser) within 600 s (a loaded machine: beside a full make test the fixture's runs took 190-240 s, 80 s quiet). */
function runHarness(extraEnv) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [path.join(ROOT, 'tests/web/e2e.mjs')], {
      cwd: ROOT, env: { ...process.env, E2E_MODULES: path.join(ROOT, 'tests/web/e2e-fixtures/hang'), E2E_ONLY: 'hang', E2E_HANG_MS: '15000', ...extraEnv },
    });
    let out = '';
    p.stdout.on('data', (d) => { out += d; });
    p.stderr.on('data', (d) => { out += d; });
    const timer = setTimeout(() => p.kill('SIGKILL'), 600_000);
    p.on('close', (status, signal) => {
      clearTimeout(timer);
      const summary = out.match(/^e2e: (\d+) passed, (\d+) failed, (\d+) skipped(.*)$/m);
      // rejected, not thrown here: an assertion thrown in this handler leaves the test's promise unsettled (the test waits for ever)
      if (!summary) { reject(new Error(`no summary line (exit ${status}, signal ${signal}):\n${out}`)); return; }
      resolve({ status, out, pass: Number(summary[1]), fail: Number(summary[2]), skip: Number(summary[3]), tail: summary[4] });
    });
  });
}

// the three runs side by side: each waits mostly on its own bounds (15 s, 30 s)
describe('the e2e harness\'s hang guard', { concurrency: true }, () => {
  it('a check that hangs once: the browser is restarted, the module runs again, the first attempt is not counted', async () => {
    const r = await runHarness({});
    assert.match(r.out, /^note hang\.mjs: 'fixture: an evaluate the page never answers' got no answer from the browser in 15 s/m, r.out);
    assert.match(r.out, /^ok {3}fixture: an evaluate the page never answers: attempt 2: answered/m, r.out);
    assert.deepEqual([r.pass, r.fail, r.skip], [3, 0, 0], r.out);
    assert.match(r.tail, /run again after the browser stopped answering: hang\.mjs/);
    assert.equal(r.status, 0, r.out);
  });

  it('the module\'s own code hanging between two checks: bounded as a whole, the browser restarted, the module run again', async () => {
    // E2E_MODULE_MS 40 s: the module's bound is max(3 × 40 s, 2 × 15 s) = 120 s, which the
    // second attempt (a browser restarted, the app loaded, three checks) must meet on a
    // loaded machine too (30 s was too short beside a full make test at a load average of
    // 20, where the whole task took 88 s; 8 s before that)
    const r = await runHarness({ E2E_FIXTURE_HANG: 'between', E2E_MODULE_MS: '40000' });
    assert.match(r.out, /^note hang\.mjs: 'hang\.mjs, between its checks' got no answer from the browser in 120 s/m, r.out);
    assert.deepEqual([r.pass, r.fail, r.skip], [3, 0, 0], r.out);
    assert.equal(r.status, 0, r.out);
  });

  it('a check that hangs in both attempts fails, and the run ends', async () => {
    const r = await runHarness({ E2E_FIXTURE_HANG: 'always' });
    assert.match(r.out, /^FAIL fixture: an evaluate the page never answers: no answer from the browser in 15 s, in the second attempt of hang\.mjs too/m, r.out);
    assert.deepEqual([r.pass, r.fail, r.skip], [1, 1, 0], r.out);
    assert.equal(r.status, 1, r.out);
  });
});

// a module that exports `parts`: each part a task of its own ('<file>:<part>'),
// the module called with that part's name; E2E_ONLY names the module (every
// part) or one part
describe('the e2e harness\'s module parts', { concurrency: true }, () => {
  const parts = (env) => runHarness({ E2E_MODULES: path.join(ROOT, 'tests/web/e2e-fixtures/parts'), E2E_WORKERS: '2', ...env });
  it('every part of the module is a task of its own, called with its part', async () => {
    const r = await parts({ E2E_ONLY: 'parts' });
    for (const p of ['one', 'two']) {
      assert.match(r.out, new RegExp(`^-- parts\\.mjs:${p} \\(worker \\d, `, 'm'), r.out);
      assert.match(r.out, new RegExp(`^ok {3}fixture: part ${p} run as a task of its own`, 'm'), r.out);
    }
    assert.deepEqual([r.pass, r.fail, r.skip], [2, 0, 0], r.out);
    assert.equal(r.status, 0, r.out);
  });
  it('E2E_ONLY=parts:two runs that part alone', async () => {
    const r = await parts({ E2E_ONLY: 'parts:two' });
    assert.match(r.out, /^ok {3}fixture: part two run as a task of its own/m, r.out);
    assert.doesNotMatch(r.out, /part one/, r.out);
    assert.deepEqual([r.pass, r.fail, r.skip], [1, 0, 0], r.out);
    assert.equal(r.status, 0, r.out);
  });
});

// every file the page saves, in any check of a module, is held to a strict
// parser (tests/support/strict.py, xmllint): the fixture's page saves a JSON
// with NaN and a CSV with a short row beside well-formed ones and a text
describe('the e2e harness\'s strict parsers over the files the page writes', () => {
  it('a task whose page wrote a malformed file fails one check that names those files and no other', async () => {
    // a check's bound of 120 s, not the hang tests' 15 s: the parsers are five processes,
    // which beside a full make test (a load average of 36) took over 15 s
    const r = await runHarness({ E2E_MODULES: path.join(ROOT, 'tests/web/e2e-fixtures/files'), E2E_ONLY: 'files', E2E_HANG_MS: '120000' });
    const line = r.out.split('\n').find((l) => /every file the page wrote passes a strict parser/.test(l)) || '';
    assert.match(line, /^FAIL e2e\.d\/files\.mjs: every file the page wrote passes a strict parser: /, r.out);
    assert.match(line, /nan\.json: NaN is not JSON/, line);
    assert.match(line, /ragged\.csv: line 4 has 1 fields, the header 2/, line);
    assert.doesNotMatch(line, /good\.(json|csv)|report\.txt/, line);
    assert.deepEqual([r.pass, r.fail, r.skip], [1, 1, 0], r.out);
    assert.equal(r.status, 1, r.out);
  });
});
