// load.mjs: loads the wasm build in Node for the tests (the browser build of
// emcc 3.1.6 is imported and handed its bytes; see TOOLCHAIN notes in README).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFrictionCore } from '../../wasm/friction.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function loadCore() {
  const wasmBinary = fs.readFileSync(path.join(ROOT, 'build/wasm/friction_core.wasm'));
  return loadFrictionCore({ wasmBinary });
}
