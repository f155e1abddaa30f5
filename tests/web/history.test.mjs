// tests/web/history.test.mjs: the no-history check of `make lint`
// (tools/history.mjs) on a small git tree written here by hand: a tree whose
// comments say what they do passes; each kind of reference to this project's
// tracker or work log fails, named by file and line; another project's issue
// cited by its name passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function run(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-'));
  try {
    for (const [f, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, f), text);
    }
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('git', ['add', '.'], { cwd: dir });
    const env = { ...process.env };
    delete env.TEST_COUNTS;
    const r = spawnSync(process.execPath, ['tools/history.mjs', '--root', dir], { cwd: ROOT, encoding: 'utf8', env });
    return { status: r.status, lines: r.stdout.trim().split('\n') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const CLEAN = {
  'core/law/law.c': '/* Kikuuwe et al. 2006, eq. 15: the slope at v = 0+ */\n',
  'docs/notes.md': 'As bam issue 17 and mujoco issue 3284 report, inertias are not identifiable.\n',
  'web/src/a.js': '// the band\'s edge as text (the lesson quotes it)\n',
};

test('comments that say what they do, and other projects\' issues cited by name, pass', () => {
  const r = run(CLEAN);
  assert.equal(r.status, 0, r.lines.join('\n'));
  assert.deepEqual(r.lines, ['history: 3 passed, 0 failed, 0 skipped']);
});

test('each kind of reference to the tracker or the work log fails, by file and line', () => {
  const r = run({
    ...CLEAN,
    'core/law/law.c': '/* Kikuuwe et al. 2006, eq. 15 */\n/* the slope (issue 40 item 9) */\n',
    'web/src/a.js': '// a kt held stayed held (h-walkfr, stop 49)\n',
    'tests/t.sh': '# the split of seed-002 §3\n',
    'docs/d.md': 'hulls made in the worker since h-38\nthe fuzz target on h-io\'s core\nan H-bridge, h-index, h-2 and h-x pass\n',
  });
  assert.equal(r.status, 1, r.lines.join('\n'));
  assert.deepEqual(r.lines, [
    'history: core/law/law.c:2: a tracker issue: "issue 40"',
    'history: docs/d.md:1: a work branch: "h-38"',
    'history: docs/d.md:2: a work branch: "h-io"',
    'history: tests/t.sh:1: a paper by its seed number (name the paper): "seed-002"',
    'history: web/src/a.js:1: a work-log stop: "stop 49"',
    'history: web/src/a.js:1: a work branch: "h-walkfr"',
    'history: 1 passed, 4 failed, 0 skipped',
  ]);
});
