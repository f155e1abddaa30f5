// dist_readme.test.mjs: the offline package's README.txt (tools/dist_readme.mjs,
// from tools/dist-readme.txt) writes its sizes with a decimal point in the
// English half and a decimal comma in the French half; versions (MuJoCo
// 3.14.0) stay as they are. The expected texts are written here by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { readmeText } from '../../tools/dist_readme.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const TEMPLATE = fs.readFileSync(path.join(ROOT, 'tools/dist-readme.txt'), 'utf8');
const VARS = { version: '4f72cd25bd', first_mb: '1.3', all_mb: '12.8', mujoco: '3.14.0', three: '0.170.0', chartjs: '4.4.7',
  single_mb: '2.2', single_mujoco_mb: '16' };

test('README.txt: sizes with a point in English, with a comma in French; versions unchanged', () => {
  const text = readmeText(TEMPLATE, VARS);
  const at = text.indexOf('\nFrançais\n');
  assert.ok(at > 0);
  const en = text.slice(0, at), fr = text.slice(at);
  assert.match(en, /friction-explorer\.html \(2\.2 MB\)/);
  assert.match(en, /the page itself is 1\.3 MB/);
  assert.match(en, /\(12\.8 MB in all/);
  assert.match(fr, /friction-explorer\.html \(2,2 Mo\)/);
  assert.match(fr, /pèse 1,3 Mo/);
  assert.match(fr, /\(12,8 Mo en tout/);
  assert.match(fr, /MuJoCo 3\.14\.0 /);
  assert.match(fr, /Chart\.js 4\.4\.7 /);
  // no number with a decimal point in the French half but the versions, the address and the licence's name
  const points = [...fr.matchAll(/(?<!Apache-)\d+\.\d+(\.\d+)*/g)].map((m) => m[0]);
  assert.deepEqual(points.filter((p) => !['3.14.0', '0.170.0', '4.4.7', '127.0.0.1'].includes(p)), []);
  assert.ok(!/\{\w+\}/.test(text), 'an unfilled {placeholder}');
});
