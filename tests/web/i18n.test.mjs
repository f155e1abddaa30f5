// i18n.test.mjs: the page's string tables (web/src/i18n/), run by `node --test`.
//
//   tables      English (en.js and the parameters' en-params.js) and fr.js have
//               exactly the same keys, en.js no parameter text (the page shows
//               the core's own in English); no text is empty;
//               each key has the same ⟦…⟧ quotes (the numbers a lesson quotes,
//               which the lesson tests verify, in the same order) and the same
//               {placeholders} in both
//   used keys   every literal key the page's code asks for (t('…') in
//               web/src) is in the tables, and every key of a table is used
//               (literally, or by a key built from a known prefix: the
//               glossary's entries, a scenario's parameters)
//   core        the param.<scenario>.* texts of en.js are the core's own
//               label, help and choices' helps of that parameter, verbatim,
//               and arm.scenario.<name> the scenario's title, scenarios.title.<name>
//               and scenarios.blurb.<name> its title and blurb
//               (the registry through the wasm build), so the English page
//               says what `friction list` says
//   language    chooseLanguage: ?lang= when it names a table, else the first
//               browser language with a table (fr-CA → fr), else English;
//               fill() puts the values in
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadCore, ROOT } from './load.mjs';
import enPage from '../../web/src/i18n/en.js';
import { chooseLanguage, fill } from '../../web/src/i18n/index.js';
import { TABLES } from '../../web/src/i18n/tables.js';

// English: the page's table with the parameters' texts (en-params.js)
const { en, fr } = TABLES;

const quotes = (s) => s.match(/⟦[^⟦⟧]*⟧/g) || [];
const holes = (s) => [...new Set((s.match(/\{\w+\}/g) || []))].sort();

describe('string tables', () => {
  it('en and fr have the same keys, none empty; the page\'s English table carries no parameter text', () => {
    assert.deepEqual(Object.keys(fr).sort(), Object.keys(en).sort());
    assert.deepEqual(Object.keys(enPage).filter((k) => k.startsWith('param.')), []);
    for (const [name, table] of Object.entries(TABLES)) {
      const empty = Object.entries(table).filter(([, v]) => typeof v !== 'string' || !v.trim()).map(([k]) => k);
      assert.deepEqual(empty, [], `${name}: empty texts`);
    }
  });
  it('each key has the same ⟦…⟧ quotes and {placeholders} in both', () => {
    const bad = [];
    for (const k of Object.keys(en)) {
      if (quotes(en[k]).join('|') !== quotes(fr[k]).join('|')) bad.push(`${k}: quotes ${quotes(en[k])} / ${quotes(fr[k])}`);
      if (holes(en[k]).join() !== holes(fr[k]).join()) bad.push(`${k}: placeholders ${holes(en[k])} / ${holes(fr[k])}`);
    }
    assert.deepEqual(bad, []);
    // the lessons do quote numbers (the check above is not vacuous)
    assert.ok(Object.values(en).filter((v) => quotes(v).length).length >= 3);
  });
  it('French typography: a no-break space before : ; ? ! and inside « », never a breaking one', () => {
    // a line must not break before the mark: a plain space there is a fault
    const bad = Object.entries(fr).filter(([, v]) => / [:;?!](\s|$)|« | »/.test(v)).map(([k, v]) => `${k}: ${v.slice(0, 60)}`);
    assert.deepEqual(bad, []);
    // the check reads what it should: the French tables do use the marks, with the no-break space
    assert.ok(Object.values(fr).filter((v) => /\u00a0[:;]/.test(v)).length >= 100);
  });
});

describe('the keys the page uses', () => {
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p); else if (p.endsWith('.js') && !p.includes(`${path.sep}i18n${path.sep}`)) files.push(p);
    }
  };
  walk(path.join(ROOT, 'web/src'));
  const used = new Set();
  for (const f of files) {
    const src = fs.readFileSync(f, 'utf8');
    for (const m of src.matchAll(/\bt\(\s*'([\w.-]+)'/g)) used.add(m[1]);
    // tCount('key', n): key.one and key.other (the plural categories it chooses from)
    for (const m of src.matchAll(/\btCount\(\s*'([\w.-]+)'/g)) for (const c of ['one', 'other']) used.add(`${m[1]}.${c}`);
    // t(cond ? 'a' : 'b') and keys passed through a list: every quoted string that is a key
    for (const m of src.matchAll(/'([a-z]+(?:\.[\w-]+)+)'/g)) if (m[1] in en) used.add(m[1]);
  }
  it('every literal key asked for is in the tables', () => {
    assert.deepEqual([...used].filter((k) => !(k in en)), []);
  });
  it('every key of the tables is used', () => {
    const built = [/^core\.[\w.]+$/, /^corevalue\..+$/, /^coreprefix\.\w+$/, /^choice\.[\w-]+$/, /^drive\.region\.\w+$/, /^arm\.scenario\.[\w-]+$/, /^scenarios\.(title|blurb)\.[\w-]+$/, /^scenarios\.plot\.[\w-]+\.\d$/, /^glossary\.[\w-]+\.(term|def|src)$/, /^param\.[\w-]+\.\w+\.(label|help|choice\.[\w-]+)$/];
    assert.deepEqual(Object.keys(en).filter((k) => !used.has(k) && !built.some((re) => re.test(k))), []);
  });
});

describe('the parameters\' texts are the core\'s', async () => {
  const core = await loadCore();
  it('param.<scenario>.<name>.* of en.js equal the registry\'s label, help and choices\' helps', () => {
    const keys = Object.keys(en).filter((k) => k.startsWith('param.'));
    assert.ok(keys.length > 40, `${keys.length} parameter texts`);
    const bad = [];
    for (const k of keys) {
      const [, scenario, name, role, choice] = k.split('.');
      const p = core.scenario.find(scenario)?.params.find((q) => q.name === name);
      if (!p) { bad.push(`${k}: no such parameter in the core`); continue; }
      const want = role === 'label' ? p.label : role === 'help' ? p.help : p.choiceHelp?.[p.choices.indexOf(choice)];
      if (en[k] !== want) bad.push(`${k}: '${en[k]}' but the core says '${want}'`);
    }
    assert.deepEqual(bad, []);
    // and every parameter of a scenario in the table has its label and help
    for (const scenario of new Set(keys.map((k) => k.split('.')[1]))) {
      for (const p of core.scenario.find(scenario).params) {
        assert.ok(`param.${scenario}.${p.name}.label` in en && `param.${scenario}.${p.name}.help` in en, `${scenario}.${p.name}`);
        (p.choiceHelp || []).forEach((h, i) => assert.ok(`param.${scenario}.${p.name}.choice.${p.choices[i]}` in en, `${scenario}.${p.name}: ${p.choices[i]}`));
      }
    }
  });
});

describe('the scenarios\' titles are the core\'s', async () => {
  const core = await loadCore();
  it('arm.scenario.<name> of en.js is the registry\'s title', () => {
    const keys = Object.keys(en).filter((k) => k.startsWith('arm.scenario.'));
    assert.ok(keys.length === 3, `${keys.length} titles`);
    for (const k of keys) assert.equal(en[k], core.scenario.find(k.slice('arm.scenario.'.length)).title, k);
  });
  it('scenarios.title.<name> and scenarios.blurb.<name> of en.js are the registry\'s title and blurb', () => {
    const keys = Object.keys(en).filter((k) => /^scenarios\.(title|blurb)\./.test(k));
    assert.ok(keys.length === 14, `${keys.length} titles and blurbs`);
    for (const k of keys) {
      const [, role, name] = k.split('.');
      assert.equal(en[k], core.scenario.find(name)[role], k);
    }
  });
});

describe('the language', () => {
  it('?lang= first, then the browser\'s languages, then English', () => {
    assert.equal(chooseLanguage('?lang=fr', ['en-US']), 'fr');
    assert.equal(chooseLanguage('?lang=en', ['fr-FR']), 'en');
    assert.equal(chooseLanguage('?lang=de', ['de-DE', 'fr-CA', 'en']), 'fr');
    assert.equal(chooseLanguage('?view=laws', ['de-DE', 'en-GB']), 'en');
    assert.equal(chooseLanguage('', []), 'en');
  });
  it('fill puts the values in and leaves an unknown placeholder', () => {
    assert.equal(fill('t = {t} s, {x}', { t: 2 }), 't = 2 s, {x}');
    assert.equal(fill(en['runbar.step.title'], { step: 'dt' }), 'Advance one time step dt while paused (S)');
  });
});

describe('French numbers: the decimal comma in the fixed texts', () => {
  // A digit, a point, a digit in a French text is a number written the English way, unless it is
  // one of these, which are not numbers a person reads as such: a ⟦quoted⟧ lesson number (the page
  // writes it in its language: dom.js quoteNodes), a section reference (§4.2, §3.1.1), a URL or an
  // address, a version (MuJoCo 2.2.2, Apache-2.0), a file's own syntax (timestep="0.002", JSON's
  // -1.5, 2e-3), or a key (corevalue.<English text>: only its value is checked).
  const ALLOWED = [
    /⟦[^⟦⟧]*⟧/g,
    /§[\dA-Z][\w.-]*/g,
    /\bhttps?:\/\/\S+/g,
    /\b\d+\.\d+\.\d+\b/g,              // versions and addresses: 2.2.2, 127.0.0.1
    /Apache-2\.0/g,
    /\bv\d+\.\d+\b/g,                 // a file format's version: LeRobot's datasets v3.0, v2.1
    /MuJoCo \d+(\.\d+)+/g,          // a version: MuJoCo 3.14
    /\b\w+="[^"]*"/g,                  // an MJCF attribute as the file writes it
    /\(des nombres comme [^)]*\)/g,    // JSON's own numbers (core.paramskey.carry_json)
  ];
  const pointed = (s) => ALLOWED.reduce((x, re) => x.replace(re, ' '), s).match(/\d\.\d/g) || [];
  it('the scan sees a number written with a point, and passes the allowed forms', () => {
    assert.equal(pointed('la consigne de 1.2 rad').length, 1);
    assert.equal(pointed('±0.36 A').length, 1);
    assert.deepEqual(pointed('§4.2, §3.1.1, ⟦0.184⟧ s, MuJoCo 2.2.2, http://127.0.0.1:8000/, Apache-2.0, timestep="0.002"'), []);
  });
  // a lesson's texts (notice, steps) keep the point in every table: the page writes each of their
  // numbers in its language's form (dom.js quoteNodes; comma.test.mjs checks the rule)
  const LESSON = /\.lesson\.(notice|step\d+)$/;
  it('no French text writes a decimal point (7,4 V, not 7.4 V), but a lesson\'s (written by quoteNodes)', () => {
    const bad = Object.entries(fr).filter(([k, v]) => !LESSON.test(k) && pointed(v).length).map(([k, v]) => `${k}: ${pointed(v).join(' ')} in ${v.slice(0, 80)}`);
    assert.deepEqual(bad, []);
  });
  it('the same texts in English keep the point (the scan is not vacuous)', () => {
    assert.ok(Object.entries(en).filter(([k, v]) => !LESSON.test(k) && pointed(v).length).length >= 40);
    // hand-read: the STS3215's supply voltage, written 7.4 V in English and 7,4 V in French
    assert.match(en['param.bench.actuator.choice.sts3215'], /\b7\.4 V/);
    assert.match(fr['param.bench.actuator.choice.sts3215'], /\b7,4 V/);
  });
});

// the e2e French scan's whole-word search (tests/web/e2e.d/i18n.mjs
// wordIndex, indexOf and two code points) against the regular expression it
// replaced, (?<![\p{L}\p{N}])piece(?![\p{L}\p{N}]) with the u flag: the same
// first match on hand-made edges and on every 10th English piece searched in
// the French and the English tables' texts
describe('e2e French scan: wordIndex', async () => {
  const { wordIndex, englishPieces } = await import('./e2e.d/i18n.mjs');
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const byRegex = (text, piece) => {
    const m = new RegExp(`(?<![\\p{L}\\p{N}])${esc(piece)}(?![\\p{L}\\p{N}])`, 'u').exec(text);
    return m ? m.index : -1;
  };
  it('matches the regular expression at the edges', () => {
    const cases = [['model', 'model'], ['models', 'model'], ['a model.', 'model'], ['remodel model', 'model'], ['modèle model2 model', 'model'],
      ['é model', 'model'], ['xmodel', 'model'], ['2model', 'model'], ['𝑥model 𝑥 model', 'model'], ['model𝑥', 'model'], ['model\u00a0', 'model'],
      ['', 'model'], ['mod', 'model'], ['(model)', 'model'], ['_model_', 'model'], ['modelmodel model', 'model']];
    for (const [text, piece] of cases) assert.equal(wordIndex(text, piece), byRegex(text, piece), JSON.stringify([text, piece]));
  });
  it('matches the regular expression on the tables\' texts', () => {
    const pieces = englishPieces().filter((_, i) => i % 10 === 0);
    assert.ok(pieces.length > 100, `${pieces.length} pieces`);
    for (const lang of ['fr', 'en']) {
      const text = Object.values(TABLES[lang]).join('\n');
      for (const [, piece] of pieces) assert.equal(wordIndex(text, piece), byRegex(text, piece), `${lang}: ${piece}`);
    }
  });
});
