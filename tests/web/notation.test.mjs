// notation.test.mjs: one unit notation across the core, the CLI and the UI
// (·, ², no `*` or `^` in units; Φ, Φ′ for the law and its slope), run by
// `node --test`. It fails if a unit written the old way comes back.
//
//   a) sources   every C string literal (comments left out) of core/**/*.c,
//                cli/*.c and core/base/status.c: no unit product with `*`
//                (N*m, N*s/m, kg*m^2, …), no unit power with `^` (m/s^2,
//                1/s^2, kg·m^2), no `K*T`, no `Phi'`, `Phi_Z` or `Phi(`
//   a2) page     no unit in brackets ("tau_m [N*m]") in web/src or the wrapper (wasm/**/*.js)
//   b) tables    every scenario parameter's and column's unit in the
//                registry (through the wasm build) has no `*` and no `^`
//   c) messages  messages the core writes at run time (the law check of
//                Kikuuwe's eq. 15, a refused D, a refused Z) use N·s/m,
//                m/(N·s), K·T and Φ′(v); `friction eval` without Z says
//                m/(N·s) and K·T, and `friction list` prints no unit the
//                old way
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCore, ROOT, CLI } from './load.mjs';

const core = await loadCore();

const UNIT = '(?:N|kg|m|s|rad|A|V|J|W|ohm)';
/** What a unit (or the two formulas the messages quote) written the old way looks like. */
const OLD = [
  [new RegExp(`\\b${UNIT}\\s*\\*\\s*${UNIT}\\b`), 'a unit product with *'],
  [new RegExp(`(?:\\b${UNIT}|·m|/s|\\))\\^\\d`), 'a unit power with ^'],
  [/\bK\s*\*\s*T\b/, 'K*T'],
  [/\bPhi(?:'|_Z|\()/, "Phi', Phi_Z or Phi("],
];

/** The string literals of C source text, comments left out: [{ line, text }]. */
export function cStrings(src) {
  const out = [];
  let line = 1;
  for (let i = 0; i < src.length;) {
    if (src.startsWith('/*', i)) {
      const j = src.indexOf('*/', i + 2) + 2;
      line += src.slice(i, j).split('\n').length - 1;
      i = j;
    } else if (src.startsWith('//', i)) {
      i = src.indexOf('\n', i);
      if (i < 0) break;
    } else if (src[i] === '"' || src[i] === "'") {
      const q = src[i];
      let j = i + 1;
      while (src[j] !== q) j += src[j] === '\\' ? 2 : 1;
      if (q === '"') out.push({ line, text: src.slice(i + 1, j) });
      i = j + 1;
    } else {
      if (src[i] === '\n') line++;
      i++;
    }
  }
  return out;
}

function cFiles(dir) {
  return fs.readdirSync(path.join(ROOT, dir), { recursive: true }).filter((f) => f.endsWith('.c')).map((f) => path.join(dir, f));
}

const oldIn = (text) => OLD.filter(([re]) => re.test(text)).map(([, what]) => what);

describe('one unit notation (·, ², no * or ^ in units)', () => {
  it('the scan itself finds the old notation (a unit product, a power, K*T, Phi\')', () => {
    const found = cStrings('/* N*m in a comment */ f("tau = %g N*m"); g("m/s^2", \'"\'); h("K*T + B"); // "kg*m^2"\n'
      + 'k("Phi\'(v) > -1/Z"); l("%.*g and v* and 2·x")')
      .map((s) => oldIn(s.text));
    assert.deepEqual(found, [['a unit product with *'], ['a unit power with ^'], ['K*T'], ["Phi', Phi_Z or Phi("], []]);
  });

  it('a) no string literal of the core or the CLI writes a unit the old way', () => {
    const files = [...cFiles('core'), ...cFiles('cli')];
    assert.ok(files.includes(path.join('core', 'base', 'status.c')), 'core/base/status.c is scanned');
    const bad = [];
    for (const f of files) {
      for (const { line, text } of cStrings(fs.readFileSync(path.join(ROOT, f), 'utf8'))) {
        const what = oldIn(text);
        if (what.length) bad.push(`${f}:${line}: ${what.join(', ')}: "${text}"`);
      }
    }
    assert.equal(bad.length, 0, bad.join('\n'));
    assert.ok(files.length > 40, `${files.length} files scanned`);
  });

  it('a2) no unit in brackets in the page\'s code (web/src, the wrapper wasm/**/*.js) is written with * or ^', () => {
    const js = (d) => fs.readdirSync(path.join(ROOT, d), { recursive: true }).filter((f) => f.endsWith('.js')).map((f) => path.join(d, f));
    const files = [...js('web/src'), ...js('wasm')];
    const bad = [];
    for (const f of files) {
      fs.readFileSync(path.join(ROOT, f), 'utf8').split('\n').forEach((l, k) => {
        for (const m of l.matchAll(/\[([^\][]{1,24})\]/g)) if (oldIn(m[1]).length) bad.push(`${f}:${k + 1}: [${m[1]}]`);
      });
    }
    assert.equal(bad.length, 0, bad.join('\n'));
  });

  it('b) every scenario parameter and column unit has no * and no ^', () => {
    const bad = [];
    let n = 0;
    for (const s of core.scenario.list()) {
      for (const q of [...s.params, ...s.cols]) {
        n++;
        if (/[*^]/.test(q.unit)) bad.push(`${s.name}.${q.name}: '${q.unit}'`);
      }
    }
    assert.equal(bad.length, 0, bad.join('; '));
    assert.ok(n > 100, `${n} units`);
  });

  it('c) the core\'s and the CLI\'s messages at run time use N·s/m, m/(N·s), K·T and Φ′(v)', () => {
    // Stribeck falling faster than 1/Z allows (Kikuuwe eq. 15)
    const steep = core.law.check({ kind: 'stribeck', Fs: 2, Fc: 1, vs: 0.01, D: 0, alpha: 1 }, 1);
    assert.match(steep, /Φ′\(v\) > -1\/Z/);
    assert.match(steep, /N·s\/m/);
    assert.match(steep, /K·T \+ B/);
    const negD = core.law.check({ kind: 'coulomb-viscous', Fs: 1, Fc: 1, vs: 0.1, D: -1, alpha: 1 }, 0.1);
    assert.match(negD, />= 0 N·s\/m/);
    const badZ = core.law.check({ kind: 'coulomb-viscous', Fs: 1, Fc: 1, vs: 0.1, D: 0, alpha: 1 }, -1);
    assert.match(badZ, /K·T \+ B/);
    for (const m of [steep, negD, badZ]) assert.deepEqual(oldIn(m), [], m);
    if (!fs.existsSync(CLI)) assert.fail(`${CLI} is not built (make cli)`);
    const e = spawnSync(CLI, ['eval', 'law=coulomb-viscous', 'Fs=1', 'Fc=1', 'vs=0.1', 'D=0', 'alpha=1', 'what=phi_z', 'x=0'],
      { encoding: 'utf8' });
    assert.equal(e.status, 2, e.stderr);
    assert.match(e.stderr, /m\/\(N·s\)/);
    assert.match(e.stderr, /K·T \+ B/);
    const list = spawnSync(CLI, ['list'], { encoding: 'utf8' });
    assert.equal(list.status, 0);
    const bad = list.stdout.split('\n').filter((l) => oldIn(l).length);
    assert.equal(bad.length, 0, bad.join('\n'));
    assert.match(list.stdout, /N·s\/m/);
    assert.match(list.stdout, /kg·m²/);
  });
});
