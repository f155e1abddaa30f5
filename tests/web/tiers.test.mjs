// tests/web/tiers.test.mjs: what the two test tiers leave out, read from the
// commands make would run (`make -n`, nothing run): `make test` hands its
// runners an empty TEST_LEAVES, so it runs every check; `make check` hands
// them the Makefile's CHECK_LEAVES, and each name there is a check that exists
// (a cmocka program's source below tests/, a file tests/cli/run.sh sources,
// a Node test file), so a renamed check cannot drop out of make check
// unseen while its old name sits in the list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The TEST_LEAVES a tier's recipe sets, as a list of names. */
function leaves(tier) {
  const r = spawnSync('make', ['-n', '--no-print-directory', tier], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const m = r.stdout.match(/TEST_LEAVES='([^']*)'/);
  assert.ok(m, `make -n ${tier} sets no TEST_LEAVES:\n${r.stdout.slice(0, 500)}`);
  return m[1].split(/\s+/).filter(Boolean);
}

test('make test leaves nothing out', () => {
  assert.deepEqual(leaves('test'), []);
});

test('make check leaves out only checks that exist, each where its runner finds it', () => {
  const names = leaves('check');
  assert.ok(names.length > 0);
  const runCli = fs.readFileSync(path.join(ROOT, 'tests/cli/run.sh'), 'utf8');
  for (const n of names) {
    const where = n.endsWith('.test.mjs') ? fs.existsSync(path.join(ROOT, 'tests/web', n))
      : n.endsWith('.sh') ? fs.existsSync(path.join(ROOT, 'tests/cli', n)) && runCli.includes(`leaves ${n}`)
        : fs.existsSync(path.join(ROOT, 'tests', `${n}.c`));
    assert.ok(where, `CHECK_LEAVES names ${n}, which is no check its runner would leave out`);
  }
});
