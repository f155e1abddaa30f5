#!/usr/bin/env node
// gen_exports.mjs: writes emcc's EXPORTED_FUNCTIONS list from the sources,
// so that no list is edited by hand (sql.js keeps its list in a json file;
// here the FXB_EXPORT marker on each function of wasm/bindings*.c and
// benchmarks/bench_exports.c is the list).
//
//   node tools/gen_exports.mjs OUT.json SOURCE.c [SOURCE.c …]
//
// OUT.json: ["_malloc", "_free", "_fxb_…", …]: the allocator the wrapper
// uses (wasm/friction.js owns every allocation), then every function a line
// of the sources declares as `FXB_EXPORT <type> <name>(`, in source order.
import fs from 'node:fs';
import path from 'node:path';

/** The FXB_EXPORT names of a C source text, in order. */
export function exportedNames(text) {
  const names = [];
  for (const m of text.matchAll(/^FXB_EXPORT\s+[^;{(]*?\b([A-Za-z_]\w*)\s*\(/gm)) names.push(m[1]);
  return names;
}

/** The export list of the sources: the allocator, then their FXB_EXPORT names. */
export function exportList(files) {
  const names = ['malloc', 'free'];
  for (const f of files) {
    for (const n of exportedNames(fs.readFileSync(f, 'utf8'))) {
      if (names.includes(n)) throw new Error(`${f}: ${n} is exported twice`);
      names.push(n);
    }
  }
  return names.map((n) => `_${n}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const [out, ...files] = process.argv.slice(2);
  if (!out || !files.length) {
    console.error('usage: node tools/gen_exports.mjs OUT.json SOURCE.c [SOURCE.c …]');
    process.exit(2);
  }
  const list = exportList(files);
  if (list.length <= 2) {
    console.error(`gen_exports: no FXB_EXPORT function in ${files.join(', ')}`);
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(list, null, 1)}\n`);
}
