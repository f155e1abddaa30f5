// tests/web/imports.test.mjs: the import-graph check of `make lint`
// (tools/imports.mjs) passes a tree that keeps the walls and fails, naming
// each, a tree that breaks every one of them (tests/web/imports-fixtures/:
// good/ and bad/ differ only in the imports that break a wall, written by
// hand; and a relative import of no file fails too; a DOM-free library module
// reaching the DOM helpers through a widget fails, and one reaching a widget
// that makes its elements without them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const check = (tree) => {
  const env = { ...process.env };
  delete env.TEST_COUNTS; // the fixtures' counts are not the lint's
  return spawnSync(process.execPath, ['tools/imports.mjs', '--root', `tests/web/imports-fixtures/${tree}`],
    { cwd: ROOT, encoding: 'utf8', env });
};

test('a tree that keeps the walls passes: every module counted, none failed', () => {
  const r = check('good');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n'), ['imports: 11 passed, 0 failed, 0 skipped']);
});

test('a tree that breaks each wall fails, naming every break', () => {
  const r = check('bad');
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.deepEqual(lines.slice(0, -1).sort(), [
    'cycles: web/src/lib/other.js <-> web/src/lib/shared.js',
    'dom: web/src/mujoco/file.js reaches web/src/button.js, which makes DOM elements, (web/src/mujoco/file.js -> web/src/button.js); the library below the views is DOM-free',
    'dom: web/src/mujoco/robot.js reaches web/src/dom.js (web/src/mujoco/robot.js -> web/src/panel.js -> web/src/dom.js); the library below the views is DOM-free',
    'missing: tools/tool.mjs imports ../web/src/lib/gone.js, no such file',
    'siblings: web/src/views/b/index.js (view b) imports web/src/views/a/draw.js (view a)',
    'views: tools/tool.mjs imports web/src/views/a/draw.js (only views import views)',
    'views: web/src/main.js imports web/src/views/a/draw.js (only views import views)',
  ]);
  // failed: main.js, b/index.js, tool.mjs, the circle's two modules, mujoco/robot.js and mujoco/file.js
  assert.equal(lines.at(-1), 'imports: 6 passed, 7 failed, 0 skipped');
});
