// load.mjs: loads the wasm build in Node for the tests (the browser build of
// emcc 3.1.6 is imported and handed its bytes; see TOOLCHAIN notes in README).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFrictionCore } from '../../wasm/friction.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The native command-line tool (`make cli`), for consistency checks. */
export const CLI = path.join(ROOT, 'build/native/friction');
/** The shared Rhoban/bam data beside the clone (logs, params files). */
export const DATA = path.resolve(ROOT, '../shared/data/bam');

export async function loadCore() {
  const wasmBinary = fs.readFileSync(path.join(ROOT, 'build/wasm/friction_core.wasm'));
  return loadFrictionCore({ wasmBinary });
}

/** MuJoCo 3.14 (npm @mujoco/mujoco), the page's MuJoCo, loaded in Node:
 *  { loadMujoco, noMujoco } — loadMujoco null and noMujoco the sentence
 *  saying why when it does not load (the caller fails under CI=true). */
export async function loadMujocoNpm() {
  try {
    return { loadMujoco: (await import('@mujoco/mujoco')).default, noMujoco: false };
  } catch (e) {
    return { loadMujoco: null, noMujoco: `MuJoCo 3.14 (npm @mujoco/mujoco) does not load: ${e.message}` };
  }
}
