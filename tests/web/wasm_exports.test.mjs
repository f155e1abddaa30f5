// wasm_exports.test.mjs: the explorer's wasm (build/web/friction_core.wasm,
// what `make serve` ships) contains no benchmark code. Its exports and
// imports are read with WebAssembly.Module.exports/imports; no name of the
// bench-only export list (wasm/bench_exported_functions.json, the functions
// of wasm/bench_exports.c) and no kernel symbol may appear, and every name of
// the explorer's list (wasm/exported_functions.json) must.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHIPPED = path.join(ROOT, 'build/web/friction_core.wasm');
const list = (f) => JSON.parse(fs.readFileSync(path.join(ROOT, f), 'utf8')).map((n) => n.replace(/^_/, ''));

describe('shipped wasm', () => {
  // Not a skip: `make test-web` builds build/web first, so a missing file is a failure.
  const mod = new WebAssembly.Module(fs.readFileSync(SHIPPED));
  const names = [...WebAssembly.Module.exports(mod), ...WebAssembly.Module.imports(mod)].map((e) => e.name);
  const bench = list('wasm/bench_exported_functions.json');

  it('the bench export list is not empty (else the check below proves nothing)', () => {
    assert.ok(bench.length > 0);
  });
  it('exports and imports name no benchmark function', () => {
    const found = names.filter((n) => bench.includes(n) || /kern/i.test(n));
    assert.deepEqual(found, [], `benchmark symbols in ${path.relative(ROOT, SHIPPED)}: ${found.join(', ')}`);
  });
  it('exports every function of wasm/exported_functions.json', () => {
    const missing = list('wasm/exported_functions.json').filter((n) => !names.includes(n));
    assert.deepEqual(missing, []);
  });
});
