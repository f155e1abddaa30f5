// dist_figures.test.mjs: the sizes README.md and docs/offline.md quote of the
// offline package and the single file are those `make dist` wrote
// (tools/dist_figures.mjs --check against build/dist/*.json), and the tool
// formats and rewrites a marked figure as written here by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { figures, rewrite } from '../../tools/dist_figures.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const DIST = path.join(ROOT, 'build/dist');

test('figures: MB of 10^6 bytes, one decimal from 1 MB, two below; the ratio a whole number; a marked figure rewritten, the rest untouched', () => {
  const figs = figures({ first_load_bytes: 1343817, offline_set_bytes: 12813518,
    files: { 'mujoco.0123456789/mujoco.wasm': 10318000, 'mujoco.0123456789/mujoco.js': 292000 } },
  { file_bytes: 2243976, core_wasm_base64_bytes: 712118, workers_bytes: 464426, french_table_bytes: 208032, with_mujoco_bytes_estimate: 16390000 });
  assert.equal(figs.first_load, '1.3 MB');
  assert.equal(figs.offline_set, '12.8 MB');
  assert.equal(figs.single, '2.2 MB');
  assert.equal(figs.single_wasm, '0.71 MB');
  assert.equal(figs.mujoco, '10.6 MB');
  assert.equal(figs.mujoco_js, '0.29 MB');
  assert.equal(figs.single_with_mujoco_ratio, '7');
  const r = rewrite('one <!--dist:single-->1.96 MB<!--/dist--> file, 1.96 MB elsewhere', figs);
  assert.equal(r.text, 'one <!--dist:single-->2.2 MB<!--/dist--> file, 1.96 MB elsewhere');
  assert.deepEqual(r.changed, ['single: 1.96 MB → 2.2 MB']);
});

test('README.md and docs/offline.md quote the sizes make dist wrote', (t) => {
  if (!fs.existsSync(path.join(DIST, 'friction-explorer.json')) || !fs.existsSync(path.join(DIST, 'friction-explorer.html.json'))) {
    t.skip('build/dist is not built (make dist)');
    return;
  }
  const r = spawnSync(process.execPath, ['tools/dist_figures.mjs', '--check', 'README.md', 'docs/offline.md'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});
