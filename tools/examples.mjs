#!/usr/bin/env node
// tools/examples.mjs OUT_DIR: `make web`'s copy of the worked robots
// (web/src/mujoco/examples.js) from ../shared/data into OUT_DIR/<id>/
// when their folders are there, and OUT_DIR/index.json: { id: { files:
// [relative paths], bytes } | { missing: true } }. The page's "Open …"
// buttons read it. Nothing is copied into the repository: OUT_DIR is under
// build/ (`make web`: build/web/examples; `make dist`: the package's
// examples/). Beside each robot's files, what its licence asks to keep
// (examples.js licence, notices): the licence text as <id>/LICENSE when the
// folder has none (the Apache-2.0 text of ../shared/data/so101/LICENSE, else
// Debian's /usr/share/common-licenses), and each notice in <id>/NOTICE/;
// index.json lists them apart ({ legal: [...] }): the page loads `files` only.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXAMPLES } from '../web/src/mujoco/examples.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SHARED = path.resolve(ROOT, '../shared/data');

/** Where path p leads inside folder dir: (p) → { real (p's real path, links
 *  followed; null: none), inside (real is dir or below it) }. */
export function folderReal(dir) {
  const real = (p) => { try { return fs.realpathSync(p); } catch { return null; } };
  const root = real(dir), top = root && (root.endsWith(path.sep) ? root : root + path.sep);
  return (p) => {
    const r = real(p);
    return { real: r, inside: r != null && root != null && (r === root || r.startsWith(top)) };
  };
}

/** The files of dir (relative paths, sorted), hidden ones left out; a
 *  symbolic link followed when it leads inside dir (folderReal), each folder
 *  listed once (under its first name in order). */
export function listFiles(dir) {
  const out = [], seen = new Set(), where = folderReal(dir);
  const stat = (p) => { try { return fs.statSync(p); } catch { return null; } };
  (function walk(d, rel) {
    const w = where(d);
    if (!w.inside || seen.has(w.real)) return;
    seen.add(w.real);
    for (const name of fs.readdirSync(d).sort()) {   // sorted: a folder reached twice is listed under its first name
      if (name.startsWith('.')) continue;
      const p = path.join(d, name), r = rel ? `${rel}/${name}` : name, st = stat(p);
      if (st?.isDirectory()) walk(p, r);
      else if (st?.isFile() && where(p).inside) out.push(r);
    }
  })(dir, '');
  return out.sort();
}

/** The licence texts by SPDX name: the first of these files that exists. */
const LICENCE_TEXT = { 'Apache-2.0': [path.join(SHARED, 'so101/LICENSE'), '/usr/share/common-licenses/Apache-2.0'] };

/** The folder of example ex under ../shared/data. */
export const exampleDir = (ex) => path.join(SHARED, ex.shared);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: node tools/examples.mjs OUT_DIR');
    process.exit(2);
  }
  const index = {};
  for (const ex of EXAMPLES) {
    const src = exampleDir(ex), dst = path.join(outDir, ex.id);
    if (!fs.existsSync(path.join(src, ex.main))) {
      index[ex.id] = { missing: true };
      console.log(`examples: ${ex.id}: ${src} is not there; the page will say where to get the files`);
      continue;
    }
    const files = listFiles(src);
    let bytes = 0;
    for (const f of files) {
      const to = path.join(dst, f);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(path.join(src, f), to);
      bytes += fs.statSync(to).size;
    }
    const legal = [];
    const keep = (from, rel) => {
      const to = path.join(dst, rel);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(from, to);
      legal.push(rel);
    };
    if (!files.includes('LICENSE')) {
      const text = (LICENCE_TEXT[ex.licence] || []).find((f) => fs.existsSync(f));
      if (!text) {
        console.error(`examples: ${ex.id}: no text of its licence ${ex.licence} to put beside it`);
        process.exit(1);
      }
      keep(text, 'LICENSE');
    }
    for (const n of ex.notices || []) keep(path.join(SHARED, n), `NOTICE/${path.basename(n)}`);
    index[ex.id] = { files, bytes, licence: ex.licence, legal };
  }
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.json'), `${JSON.stringify(index, null, 1)}\n`);
}
