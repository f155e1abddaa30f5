// core_french.test.mjs: the core's sentences reach the French page in French
// (issue 40 item 4, "French all the way down"), run by `node --test`.
//
//   by hand     three refusals a page user meets, through the wasm build:
//               an oversized robot (its files together 70 MiB), an MJCF
//               nested 65 deep, a params file whose kt is not a number;
//               each written from the French table (core.<id> filled with
//               the error's named values, a value that is a word of the core
//               through corevalue.<word>, the prefix through coreprefix.*),
//               as i18n/index.js tCore does, equals a French sentence
//               written here by hand, its numbers hand-computed
//               (70 MiB = 73400320 bytes, 40 MiB = 41943040 bytes; the
//               limits 64 MiB = 67108864 bytes for a robot's files, 32 MiB
//               for an asset, 64 levels: fric_io.h, fric_adapter.h)
//   plain       no fric__fail / fric__say call with a plain format is left
//               in core/ but the ones listed here (each file's count can only
//               fall): every other sentence has an id (core_sentences.test
//               checks each has its English and French entries)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadCore, ROOT } from './load.mjs';
import { fill } from '../../web/src/i18n/index.js';
import { TABLES } from '../../web/src/i18n/tables.js';

const { en, fr } = TABLES;
const core = await loadCore();
const NB = '\u00a0';   // French typography: a no-break space before : ; ? !

/** The Error fn throws. */
function errorOf(fn) {
  try { fn(); } catch (e) { return e; }
  return assert.fail('no error');
}

/** e as the French page writes it (tCore's rule, without the decimal comma,
 *  which h-comma's format.js owns): the prefix through coreprefix.*, the
 *  sentence core.<id> of the French table filled with the named values. */
function french(e) {
  assert.ok(e.id, `no id: ${e.message}`);
  assert.ok(`core.${e.id}` in fr, `no French entry core.${e.id}`);
  const vars = Object.fromEntries(Object.entries(e.values).map(([k, v]) => [k, fr[`corevalue.${v}`] ?? v]));
  let prefix = e.prefix;
  for (const [k, s] of Object.entries(en)) {
    if (!k.startsWith('coreprefix.') || !prefix) continue;
    const parts = s.split(/\{(\w+)\}/);
    const re = new RegExp(`^${parts.map((x, i) => (i % 2 ? `(?<${x}>.*?)` : x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`, 's');
    const m = re.exec(prefix);
    if (m) { prefix = fill(fr[k], m.groups || {}); break; }
  }
  // the English one is the message itself, byte for byte (the CLI's language)
  assert.equal(e.prefix + fill(en[`core.${e.id}`], e.values), e.message);
  return prefix + fill(fr[`core.${e.id}`], vars);
}

describe('three refusals a page user meets, in French (written by hand)', () => {
  it('an oversized robot: its files together 70 MiB, over the 64 MiB read', () => {
    const e = errorOf(() => core.io.checkSize('robot', 70 * 1048576, 'so101.xml'));
    assert.equal(e.code, 'FRIC_E_FILE');
    assert.equal(e.id, 'size.robot');
    assert.equal(french(e), `robot so101.xml: les fichiers que nomme le MJCF (ses inclusions et leurs ressources) font ensemble 70.0 Mio (73400320 octets)${NB}; les fichiers d'un robot sont lus jusqu'à 64 Mio (67108864 octets)${NB}: ceux du SO-101 font 15,4 Mo${NB}; laissez de côté ce dont le MJCF n'a pas besoin.`);
    // one asset over its 32 MiB: 40 MiB = 41943040 bytes
    const a = errorOf(() => core.io.checkSize('asset', 40 * 1048576, 'big.stl'));
    assert.equal(a.id, 'size.asset');
    assert.ok(french(a).startsWith(`asset big.stl: le fichier fait 40.0 Mio (41943040 octets)${NB}; un maillage,`), french(a));
  });
  it('an MJCF nested 65 deep (the limit is 64 levels)', () => {
    const text = `${'<body>\n'.repeat(65)}${'</body>\n'.repeat(65)}`;
    const e = errorOf(() => core.mujoco.checkMjcf(text, { file: 'deep.xml' }));
    assert.equal(e.id, 'mjcf.depth');
    assert.equal(french(e), `mjcf${NB}: <body> imbriqué sur 65 niveaux à la ligne 65 de deep.xml${NB}: la limite est de 64 niveaux (les vrais robots imbriquent 20 niveaux ou moins)${NB}; l'analyseur de MuJoCo descend d'un appel par niveau et une chaîne plus profonde le bloque ou le fait planter.`);
  });
  it('a params file whose kt is not a number (N·m/A)', () => {
    const e = errorOf(() => core.io.paramsFile({ kt: 'abc' }, 'paste'));
    assert.equal(e.id, 'paramskey.number_unit');
    assert.equal(french(e), `fichier de paramètres paste : clé « kt » : doit être un nombre (N·m/A).`);
  });
});

/** The fric__fail / fric__say calls of core/ whose format is a plain string (no sentence id). */
function plainCalls() {
  const out = {};
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) { walk(p); continue; }
      if (!p.endsWith('.c') || p.endsWith(path.join('base', 'status.c'))) continue;
      const n = [...fs.readFileSync(p, 'utf8').matchAll(/\bfric__(?:fail|say)\s*\(\s*(?:[^"(),]+,\s*[^"(),]+,\s*)?"/g)].length;
      if (n) out[path.relative(ROOT, p).split(path.sep).join('/')] = n;
    }
  };
  walk(path.join(ROOT, 'core'));
  return out;
}

describe('no plain core sentence is left but these', () => {
  // the two left: a sign pattern printed in hexadecimal (%x, no typed value for it)
  const LEFT = { 'core/system/fd/fd_sim.c': 1, 'core/system/fd/fd_solve.c': 1 };
  it('the plain fric__fail / fric__say calls of core/ (a count that can only fall)', () => {
    const found = plainCalls();
    const over = Object.entries(found).filter(([f, n]) => n > (LEFT[f] ?? 0)).map(([f, n]) => `${f}: ${n} plain (allowed ${LEFT[f] ?? 0})`);
    assert.deepEqual(over, []);
  });
});
