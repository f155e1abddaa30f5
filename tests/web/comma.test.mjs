// comma.test.mjs: the decimal comma of the French page
// where the page writes numbers through its string table, run by `node --test`.
//
//   t()'s values   localVars: a value that is a number, or the text of one
//                  number with a point, takes the language's mark ("0.154" →
//                  "0,154"); a name, a list, a file name, a text already
//                  written for people stay as they are
//   lesson texts   the rule of the ⟦…⟧ numbers: the tables write every number
//                  of a lesson's texts with a point (the page writes them in
//                  its language's form, dom.js quoteNodes), so no lesson text
//                  of any table holds a decimal comma
// Expected strings are hand-written.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { localVars } from '../../web/src/i18n/index.js';
import { TABLES } from '../../web/src/i18n/tables.js';

describe('t()\'s values in the page\'s form', () => {
  it('French: numbers and number texts with the comma, other texts as they are', () => {
    assert.deepEqual(localVars({ t: '0.154', v: 30.5, n: 3, e: '-1.5e-06', file: 'so101.xml', list: '0.5, 1', kind: 'm4', mb: '1.5 MB' }, ','),
      { t: '0,154', v: '30,5', n: '3', e: '-1,5e-06', file: 'so101.xml', list: '0.5, 1', kind: 'm4', mb: '1.5 MB' });
  });
  it('English: unchanged', () => {
    assert.deepEqual(localVars({ t: '0.154', v: 30.5, word: 'rational' }, '.'), { t: '0.154', v: '30.5', word: 'rational' });
  });
});

describe('the lessons\' numbers are written with a point in every table', () => {
  it('no lesson text (notice, steps) holds a decimal comma', () => {
    const bad = [];
    for (const [lang, table] of Object.entries(TABLES)) {
      for (const [k, s] of Object.entries(table)) {
        if (/\.lesson\.(notice|step\d+)$/.test(k) && /\d,\d/.test(s)) bad.push(`${lang} ${k}: ${s.match(/.{0,20}\d,\d.{0,10}/)[0]}`);
      }
    }
    assert.deepEqual(bad, []);
  });
});
