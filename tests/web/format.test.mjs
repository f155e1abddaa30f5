// format.test.mjs: the page's one number formatter and one parser
// (web/src/format.js) with either decimal mark, run by `node --test`.
//
//   out   fmtNumber, tickLabel, sig3 and maeText write ',' when the page's
//         mark is ',' (French) and '.' otherwise; mark: '.' forces the point
//         (a file's number); localNumber changes the mark of numbers only
//   in    parseNumber reads '.' always and ',' only with the mark ',' (in
//         English "1,000" is no number); parseList: in French ';' separates,
//         "0,5" is one number (0.5), "0,5,2" is refused as ambiguous; in
//         English ',' separates ("0,5" is 0 and 5, as before)
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { fmtNumber, tickLabel, sig3, maeText, localNumber, parseNumber, parseList, fmtList, setDecimalMark,
  getDecimalMark, fixedText } from '../../web/src/format.js';

afterEach(() => setDecimalMark('.'));

describe('numbers out', () => {
  it('English: the point', () => {
    assert.equal(getDecimalMark(), '.');
    assert.equal(fmtNumber(0.5), '0.5');
    assert.equal(fmtNumber(1.5e-6), '1.500e-6');
    assert.equal(sig3(0.0579), '0.0579');
  });
  it('French: the comma in every text, the point on demand', () => {
    setDecimalMark(',');
    assert.equal(fmtNumber(0.5), '0,5');
    assert.equal(fmtNumber(-30.5), '-30,5');
    assert.equal(fmtNumber(1.5e-6), '1,500e-6');
    assert.equal(fmtNumber(32000), '32000');
    assert.equal(fmtNumber(0.5, { mark: '.' }), '0.5');
    assert.equal(sig3(0.0579), '0,0579');
    assert.equal(maeText(0.0579), '0,0579 rad (3,32°)');
    const ticks = [0, 0.25, 0.5].map((value) => ({ value }));
    assert.deepEqual(ticks.map((x, i) => tickLabel(x.value, i, ticks)), ['0', '0,25', '0,50']);
    // French typography: a no-break space before ';' (as the label above the
    // Drive velocities field writes "0,5 ; 1 ; 2"); it reads back as typed
    assert.equal(fmtList([0.5, 1, 2]), '0,5\u00a0; 1\u00a0; 2');
    assert.deepEqual(parseList(fmtList([0.5, 1, 2])).values, [0.5, 1, 2]);
  });
  it('localNumber: digits around a point only', () => {
    assert.equal(localNumber('1/Z = 30.5; t = 0.154 s', ','), '1/Z = 30,5; t = 0,154 s');
    assert.equal(localNumber('Fig. 1. Kikuuwe', ','), 'Fig. 1. Kikuuwe');
    assert.equal(localNumber('30.5', '.'), '30.5');
  });
  it('throws on another mark', () => {
    assert.throws(() => setDecimalMark(' '), RangeError);
  });
});

describe('numbers in', () => {
  it('parseNumber in English: the point, no comma', () => {
    assert.equal(parseNumber('0.45'), 0.45);
    assert.equal(parseNumber(' -1e-3 '), -0.001);
    assert.equal(parseNumber('5.'), 5);
    assert.equal(parseNumber('.5'), 0.5);
    assert.ok(Number.isNaN(parseNumber('0,45')));
    assert.ok(Number.isNaN(parseNumber('1,000')));
    assert.ok(Number.isNaN(parseNumber('')));
    assert.ok(Number.isNaN(parseNumber('1 000')));
  });
  it('parseNumber in French: the comma and the point', () => {
    setDecimalMark(',');
    assert.equal(parseNumber('0,45'), 0.45);
    assert.equal(parseNumber('0.45'), 0.45);
    assert.equal(parseNumber('−2,5E3'), -2500);
    assert.ok(Number.isNaN(parseNumber('1.000,5')));
    assert.ok(Number.isNaN(parseNumber('0,5,2')));
  });
  it('parseList in French: ";" separates, "0,5" is one number, "0,5,2" is ambiguous', () => {
    setDecimalMark(',');
    assert.deepEqual(parseList('0,5'), { values: [0.5] });
    assert.deepEqual(parseList('0,5; 1; 2'), { values: [0.5, 1, 2] });
    assert.deepEqual(parseList('0.5;2'), { values: [0.5, 2] });
    assert.deepEqual(parseList('0,5,2'), { why: 'ambiguous', item: '0,5,2' });
    assert.deepEqual(parseList('0, 5'), { why: 'ambiguous', item: '0, 5' });
    assert.deepEqual(parseList('1; x'), { why: 'nan', item: 'x' });
  });
  it('parseList in English: "," separates', () => {
    assert.deepEqual(parseList('0,5'), { values: [0, 5] });
    assert.deepEqual(parseList('0, 1.5, 2'), { values: [0, 1.5, 2] });
    assert.deepEqual(parseList('1, x'), { why: 'nan', item: 'x' });
  });
});

describe('fixedText: fixed decimals, no sign on a zero (the Robot arm\'s "q2 -0,0°")', () => {
  it('rounds as toFixed, drops the sign of a zero, writes the page\'s decimal mark', () => {
    assert.equal(fixedText(-0.04, 1), '0.0');
    assert.equal(fixedText(-0, 1), '0.0');
    assert.equal(fixedText(-0.06, 1), '-0.1');
    assert.equal(fixedText(109.44, 1), '109.4');
    setDecimalMark(',');
    assert.equal(fixedText(-0.004, 2), '0,00');
    assert.equal(fixedText(-1.25, 1), '-1,3');
  });
});
