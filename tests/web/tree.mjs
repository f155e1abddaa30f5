// tree.mjs: a folder of hand-written files for the tests that read one
// (mjcf_plan.test.mjs, mjcf_assets.test.mjs).
import fs from 'node:fs';
import path from 'node:path';

/** Writes each files[p] (text or bytes) at dir/p, its folders made; returns dir. */
export function writeTree(dir, files) {
  for (const [p, x] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    fs.writeFileSync(path.join(dir, p), x);
  }
  return dir;
}
