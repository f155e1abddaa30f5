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
