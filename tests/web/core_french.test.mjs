// core_french.test.mjs: the core's sentences reach the French page in French
// ("French all the way down"), run by `node --test`.
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
import { fill, coreSentence } from '../../web/src/i18n/index.js';
import { TABLES } from '../../web/src/i18n/tables.js';

const { en, fr } = TABLES;
const core = await loadCore();
const NB = '\u00a0';   // French typography: a no-break space before : ; ? !

/** The Error fn throws. */
function errorOf(fn) {
  try { fn(); } catch (e) { return e; }
  return assert.fail('no error');
}

/** e as the French page writes it (i18n/index.js coreSentence, tCore's own
 *  rule, here without the decimal comma, which format.js owns): the
 *  prefix through coreprefix.*, the sentence core.<id> of the French table
 *  filled with the named values. */
function french(e) {
  assert.ok(e.id, `no id: ${e.message}`);
  assert.ok(`core.${e.id}` in fr, `no French entry core.${e.id}`);
  // the English one is the message itself, byte for byte (the CLI's language)
  assert.equal(e.prefix + fill(en[`core.${e.id}`], e.values), e.message);
  return coreSentence(fr, e, '.');
}

describe('three refusals a page user meets, in French (written by hand)', () => {
  it('an oversized robot: its files together 70 MiB, over the 64 MiB read', () => {
    const e = errorOf(() => core.io.checkSize('robot', 70 * 1048576, 'so101.xml'));
    assert.equal(e.code, 'FRIC_E_FILE');
    assert.equal(e.id, 'size.robot');
    assert.equal(french(e), `robot so101.xml${NB}: les fichiers que nomme le MJCF (ses inclusions et leurs ressources) font ensemble 70.0 Mio (73400320 octets)${NB}; les fichiers d'un robot sont lus jusqu'à 64 Mio (67108864 octets)${NB}: ceux du SO-101 font 15,4 Mo${NB}; laissez de côté ce dont le MJCF n'a pas besoin.`);
    // one asset over its 32 MiB: 40 MiB = 41943040 bytes
    const a = errorOf(() => core.io.checkSize('asset', 40 * 1048576, 'big.stl'));
    assert.equal(a.id, 'size.asset');
    assert.ok(french(a).startsWith(`ressource big.stl${NB}: le fichier fait 40.0 Mio (41943040 octets)${NB}; un maillage,`), french(a));
  });
  it('an MJCF nested 65 deep (the limit is 64 levels)', () => {
    const text = `${'<body>\n'.repeat(65)}${'</body>\n'.repeat(65)}`;
    const e = errorOf(() => core.mujoco.checkMjcf(text, { file: 'deep.xml' }));
    assert.equal(e.id, 'mjcf.depth');
    assert.equal(french(e), `mjcf${NB}: <body> imbriqué sur 65 niveaux à la ligne 65 de deep.xml${NB}: la limite est de 64 niveaux (les vrais robots imbriquent 20 niveaux ou moins)${NB}; l'analyseur de MuJoCo descend d'un appel par niveau et une chaîne plus profonde le bloque ou le fait planter.`);
  });
  it('an MJCF of 100001 elements: the limit in words (100000 elements), no C constant', () => {
    const e = errorOf(() => core.mujoco.checkMjcf('<a/>'.repeat(100001), { file: 'flat.xml' }));
    assert.equal(e.id, 'mjcf.elements');
    assert.equal(e.message, 'mjcf: <a> at line 1 of flat.xml is element 100001 of the model: the limit is 100000 elements (real robots have a few thousand); MuJoCo would take minutes to read it.');
    assert.equal(french(e), `mjcf${NB}: <a> à la ligne 1 de flat.xml est l'élément 100001 du modèle${NB}: la limite est de 100000 éléments (un vrai robot en a quelques milliers)${NB}; MuJoCo mettrait des minutes à le lire.`);
  });
  it('a mapping\'s servo: a preset the STS3215 lacks (bam identified its M1 and M6), and a class named after another servo', () => {
    assert.deepEqual(core.robot.servoParse('mx64/M5'), { kind: 'preset', name: 'mx64', model: 5 });
    assert.deepEqual(core.robot.servoParse('@wrist-fit'), { kind: 'named', name: 'wrist-fit' });
    const e = errorOf(() => core.robot.servoParse('sts3215/m4'));
    assert.equal(e.id, 'robot.servo_no_preset');
    assert.equal(french(e), `le servomoteur 'sts3215/m4' n'a pas de préréglage${NB}: sts3215 a m1, m6 (ou donnez le @NOM d'un fichier de paramètres).`);
    const c = errorOf(() => core.robot.classServoCheck({ kind: 'class', target: 'sts3215', servo: 'mx64/m1' }, 'mx64'));
    assert.equal(c.id, 'robot.class_servo');
    assert.ok(french(c).startsWith(`la classe 'sts3215' est celle du servomoteur sts3215, mais 'mx64/m1' est un modèle de mx64${NB}: `), french(c));
    core.robot.classServoCheck({ kind: 'class', target: 'sts3215', servo: '@f' }, 'sts321512v');   // bam's STS3215 at 12 V
  });
  it('a params file whose kt is not a number (N·m/A)', () => {
    const e = errorOf(() => core.io.paramsFile({ kt: 'abc' }, 'paste'));
    assert.equal(e.id, 'paramskey.number_unit');
    assert.equal(french(e), `fichier de paramètres paste${NB}: clé «${NB}kt${NB}»${NB}: doit être un nombre (N·m/A).`);
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

describe('the bindings\' own refusals and the wrappers\' prefixes in French (written by hand)', () => {
  const stribeck = { kind: 'stribeck', Fs: 2.5, Fc: 0.4, vs: 0.06, D: 4.5, alpha: 1 };
  it('a binding\'s refusal: a look-up table asked with tol = 0 (wasm/bindings_law.c)', () => {
    const e = errorOf(() => core.law.lookupTable(stribeck, 0.01, 0));
    assert.equal(e.code, 'FRIC_E_PARAM_RANGE');
    assert.equal(e.id, 'fxb.lut_tol');
    assert.equal(french(e), 'tol doit être une tolérance finie > 0 N.');
  });
  it('a scenario\'s prefix around the law\'s sentence: model-a with Fs = 0.1 below Fc = 0.5 (Stribeck, implicit)', () => {
    const e = errorOf(() => core.scenario.simulation('model-a', { law: 'stribeck', Fs: 0.1, Fc: 0.5 }));
    assert.equal(e.id, 'law.fs_not_above_fc');
    assert.equal(e.prefix, 'model-a (law = stribeck, friction = implicit): ');
    assert.equal(coreSentence(fr, e, ','), `model-a (loi = Stribeck, frottement = implicite)${NB}: Fs = 0,1 doit dépasser Fc = 0,5 pour la loi Stribeck `
      + `(frottement statique au-dessus du niveau de Coulomb)${NB}; montez Fs ou baissez Fc, ou prenez la loi de Coulomb visqueux pour Fs = Fc.`);
  });
  it('wrappers one inside another: "replay: batch: log 3: params a.json: " and "model-a: step 12: t = 0.5 s: "', () => {
    const e = { message: '', id: 'fxb.no_fit', values: {}, prefix: 'replay: batch: log 3: params a.json: ' };
    assert.equal(coreSentence(fr, e, ','), `relecture${NB}: lot${NB}: enregistrement 3${NB}: fichier de paramètres a.json${NB}: pas d'ajustement (libéré${NB}?).`);
    assert.equal(coreSentence(fr, { ...e, prefix: 'model-a: step 12: t = 0.5 s: ' }, ','), `model-a${NB}: pas 12${NB}: t = 0,5 s${NB}: pas d'ajustement (libéré${NB}?).`);
  });
  it('every wrapper of core/ (fric__reword, fric__fail_around, fric_ex_refuse, fric__bench_prefix) has its French prefix', () => {
    // each format's text before its inner sentence ("batch: log %zu: " of "batch: log %zu: %s"), its
    // conversions given sample values; written in French, no English ": " is left in it (every colon
    // after a no-break space: an entry coreprefix.* matched every part)
    const prefixes = [];
    const walk = (dir) => {
      for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, d.name);
        if (d.isDirectory()) { walk(p); continue; }
        if (!p.endsWith('.c') || p.endsWith(path.join('base', 'status.c'))) continue;
        const src = fs.readFileSync(p, 'utf8');
        const lit = (s) => [...s.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => x[1]).join('');
        for (const m of src.matchAll(/\bfric__(?:reword|fail_around)\s*\((?:[^"()]*,)?\s*((?:"(?:[^"\\]|\\.)*"\s*)+)/g)) {
          const f = lit(m[1]);
          if (f.endsWith('%s') && f !== '%s' && f !== '%s%s') prefixes.push([p, f.slice(0, -2)]);
        }
        for (const m of src.matchAll(/\bfric_ex_refuse\s*\(\s*why,\s*\w+,\s*((?:"(?:[^"\\]|\\.)*"\s*)+)/g)) prefixes.push([p, `${lit(m[1])}: `]);
        for (const m of src.matchAll(/\bfric__bench_prefix\s*\(\s*"([^"]*)"/g)) prefixes.push([p, m[1]]);
      }
    };
    walk(path.join(ROOT, 'core'));
    assert.ok(prefixes.length >= 35, `${prefixes.length} wrappers found`);
    const sample = (f) => f.replace('models-bd, %s model %s', 'models-bd, original model B').replace(/\(law = %s/g, '(law = stribeck').replace(/friction = %s/g, 'friction = implicit')
      .replace(/%(\.\d+)?s/g, 'model-a').replace(/%(ll|z|l)?[du]/g, '3').replace(/%(\.\d+)?g/g, '0.5');
    const bad = prefixes.map(([p, f]) => [path.relative(ROOT, p), sample(f)])
      .map(([p, s]) => [p, s, coreSentence(fr, { message: '', id: 'fxb.no_fit', values: {}, prefix: s }, ',')])
      .filter(([, , out]) => /[^\u00a0]:/.test(out.slice(0, -fr['core.fxb.no_fit'].length)))
      .map(([p, s, out]) => `${p}: '${s}' → '${out}'`);
    assert.deepEqual(bad, []);
  });
});
