// core_sentences.test.mjs: the core's sentences as ids with named values
// (fric__fail_id / fric__sentence, core/base/base.h; fric_error.id, .values,
// .prefix; the wrapper's Error { code, id, values, message }), run by
// `node --test`.
//
//   ids        every id the core's sources give (fric__fail_id, fric__sentence)
//              has an English key core.<id> in web/src/i18n/en.js, and every
//              core.<id> key names an id of the sources; the ids without a
//              French entry are listed (none may lack one)
//   values     each converted refusal, triggered through the wasm build, has
//              its id, and its English key filled with its named values is
//              its message, byte for byte (so the page's table and the core
//              say the same, and the French one has the same placeholders:
//              i18n.test.mjs); a message of no id has none
//   names      each call names each {hole} of its English text once (the
//              values fric__g("name", …), …) and no other; the English key
//              is the call's text itself, the French one has the same holes
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadCore, ROOT } from './load.mjs';
import { fill } from '../../web/src/i18n/index.js';
import { TABLES } from '../../web/src/i18n/tables.js';

const { en, fr } = TABLES;
const core = await loadCore();

/** The text of a C call's arguments from src[open] (its '('): up to the matching ')', strings skipped. */
function callArgs(src, open) {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const ch = src[i];
    if (ch === '"') { i++; while (src[i] !== '"') i += src[i] === '\\' ? 2 : 1; continue; }
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return src.slice(open + 1, i);
  }
  throw new Error('unbalanced call');
}

/** A C string literal's text (the escapes the sentences use: \\ \" \n). */
const cString = (body) => body.replace(/\\(["\\n])/g, (m, c) => (c === 'n' ? '\n' : c));

/** Every sentence of core/ with an id: { id, text, names, file }: a string literal id
 *  ("law.eq15_drop"), the English text (its adjacent string literals joined), then its
 *  values, fric__values(fric__g("name", …), …) or fric__no_values, as fric__fail_id,
 *  fric__sentence and the wrappers that pass them on (io_log.c's fail) take them. */
function coreIds() {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) { walk(p); continue; }
      if (!p.endsWith('.c')) continue;
      const src = fs.readFileSync(p, 'utf8');
      const re = /"([a-z][\w]*\.[\w.]+)",\s*((?:"(?:[^"\\]|\\.)*"\s*)+),\s*(fric__values\s*\(|fric__no_values\b)/g;
      for (const m of src.matchAll(re)) {
        const text = [...m[2].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => cString(x[1])).join('');
        const values = m[3].startsWith('fric__values') ? callArgs(src, m.index + m[0].length - 1) : '';
        const names = [...values.matchAll(/\bfric__(?:g|gp|fp|i|u|s|sn)\(\s*"(\w+)"/g)].map((x) => x[1]);
        out.push({ id: m[1], text, names, file: path.relative(ROOT, p) });
      }
    }
  };
  walk(path.join(ROOT, 'core'));
  // the bindings' own refusals (wasm/bindings*.c refuse: status, id, text, then (name, value) pairs, FXB_END;
  // refuse_door: status, the door, then the same)
  for (const f of fs.readdirSync(path.join(ROOT, 'wasm')).filter((x) => x.endsWith('.c'))) {
    const src = fs.readFileSync(path.join(ROOT, 'wasm', f), 'utf8');
    for (const m of src.matchAll(/\bfxb_refuse(?:\(\s*\w+,|_door\(\s*\w+,\s*"[^"]*",)\s*"([a-z][\w]*\.[\w.]+)",\s*((?:"(?:[^"\\]|\\.)*"\s*)+)/g)) {
      const text = [...m[2].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => cString(x[1])).join('');
      const open = m.index + m[0].indexOf('(');
      // after the text's literals: , "name", value, "name", value, …, FXB_END
      const rest = callArgs(src, open).slice(m.index + m[0].length - open - 1);
      const names = [...rest.matchAll(/"(\w+)"\s*,/g)].map((x) => x[1]);
      assert.match(rest, /,\s*FXB_END\s*$/, `${f} ${m[1]}: its values end with FXB_END`);
      out.push({ id: m[1], text, names, file: path.join('wasm', f) });
    }
  }
  return out;
}

/** The fric__fail_id / fric__fail_door / fric__sentence calls of core/ whose id is not a literal: the wrappers
 *  that pass an id on (each must be listed here, its callers walked above). */
function passedOn() {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) { walk(p); continue; }
      if (!p.endsWith('.c') || p.endsWith(path.join('base', 'status.c'))) continue;
      const src = fs.readFileSync(p, 'utf8');
      for (const m of src.matchAll(/\bfric__(fail_id|fail_door|sentence)\s*\(/g)) {
        const args = callArgs(src, m.index + m[0].length - 1).split(',').map((x) => x.trim());
        if (!args[m[1] === 'fail_door' ? 3 : 2].startsWith('"')) out.push(path.relative(ROOT, p));
      }
    }
  };
  walk(path.join(ROOT, 'core'));
  return out;
}

describe('the core\'s sentence ids', () => {
  const calls = coreIds();
  const ids = [...new Set(calls.map((c) => c.id))].sort();
  it('the sources give ids (the scan is not vacuous), each call an id and a text', () => {
    for (const want of ['law.eq15_drop', 'law.eq15_start', 'models_bd.diverged', 'fit.one_rig']) assert.ok(ids.includes(want), want);
    assert.deepEqual(passedOn(), [path.join('core', 'identify', 'ident_finish.c'), path.join('core', 'io', 'io_log.c')]);
  });
  it('every id has its English key core.<id>, the call\'s text itself; every core.<id> key an id', () => {
    assert.deepEqual(calls.filter((c) => en[`core.${c.id}`] !== c.text).map((c) => `${c.file} ${c.id}: '${c.text}' ≠ '${en[`core.${c.id}`]}'`), []);
    assert.deepEqual(Object.keys(en).filter((k) => k.startsWith('core.') && !ids.includes(k.slice(5))), []);
  });
  it('the ids without a French entry (none)', () => {
    assert.deepEqual(ids.filter((id) => !(`core.${id}` in fr) || fr[`core.${id}`] === en[`core.${id}`]), []);
  });
  it('each call names each of its text\'s holes once, and no other; the French entry has the same holes', () => {
    const holes = (s) => [...new Set([...(s || '').matchAll(/\{(\w+)\}/g)].map((x) => x[1]))].sort();
    const bad = [];
    for (const c of calls) {
      const want = holes(c.text), named = [...c.names].sort();
      if (new Set(named).size !== named.length) bad.push(`${c.file} ${c.id}: a value named twice: ${named}`);
      if (JSON.stringify(want) !== JSON.stringify([...new Set(named)])) bad.push(`${c.file} ${c.id}: holes {${want.join('}, {')}}, values ${named.join(' ')}`);
      if (JSON.stringify(holes(fr[`core.${c.id}`])) !== JSON.stringify(want)) bad.push(`${c.file} ${c.id}: French holes {${holes(fr[`core.${c.id}`]).join('}, {')}}`);
    }
    assert.deepEqual(bad, []);
  });
});

/** The Error fn throws, or the problem it returns. */
function errorOf(fn) {
  try { const r = fn(); if (r) return r; } catch (e) { return e; }
  assert.fail('no error');
}

/** e's English key filled with its values is its message (after its prefix). */
function sameSentence(e, id) {
  assert.equal(e.id, id, e.message);
  assert.equal(e.prefix + fill(en[`core.${id}`], e.values), e.message);
}

describe('the refusals through the wasm build', () => {
  const stribeck = { kind: 'stribeck', Fs: 2.5, Fc: 0.4, vs: 0.06, D: 4.5, alpha: 1 };
  it('Kikuuwe\'s condition (eq. 15), at v = 0+ and further out: id, named values, the same sentence', () => {
    // the slope at 0+: D − (Fs − Fc)/vs = 4.5 − 2.1/0.06 = −30.5 N·s/m (hand-computed); 1/Z = 5
    const e = errorOf(() => core.law.problem(stribeck, 1 / 5));
    assert.equal(e.code, 'FRIC_E_NO_TRANSFORM');
    sameSentence(e, 'law.eq15_start');
    assert.equal(e.values.slope, '30.5');
    assert.equal(e.values.inv_z, '5');
    assert.equal(e.values.law, 'Stribeck');
    // alpha = 6: the steepest drop is past 0+ (its v named)
    const e6 = errorOf(() => core.law.problem({ ...stribeck, alpha: 6 }, 1 / 32));
    sameSentence(e6, 'law.eq15_drop');
    assert.ok(Number(e6.values.v) > 0, e6.values.v);
  });
  it('the law\'s own refusals: Fs <= Fc, a range', () => {
    sameSentence(errorOf(() => core.law.problem({ ...stribeck, Fs: 0.3 }, 0.01)), 'law.fs_not_above_fc');
    const r = errorOf(() => core.law.problem({ ...stribeck, alpha: 1e9 }, 0.01));
    sameSentence(r, 'law.outside_range');
    assert.equal(r.values.field, 'alpha');
  });
  it('the one-rig warning of a fit (a text writer\'s sentence): fit.one_rig, mass and length named', () => {
    const log = JSON.parse(fs.readFileSync(path.join(ROOT, 'samples/xl330-sin_sin-simulated.json'), 'utf8'));
    const text = core.fit.rigCaution([log, log], undefined, [0, 0], 4);
    const s = core.sentence();
    assert.equal(s.id, 'fit.one_rig');
    assert.deepEqual([s.values.mass, s.values.length, s.values.model], [String(log.mass), String(log.length), '4']);
    assert.equal(fill(en['core.fit.one_rig'], s.values), text);
    assert.equal(core.fit.rigCaution([log, log], undefined, [0, 0], 1), null);
    assert.equal(core.sentence().id, '');
  });
  it('the log alias note (a text writer\'s sentence): bench.actuator_alias, the motor as written and the actuator', () => {
    // the bam sts3215 logs name their motor "sts3250" (shared data); the core reads it as sts3215
    const text = core.bench.actuatorNote('sts3250');
    const s = core.sentence();
    assert.equal(s.id, 'bench.actuator_alias');
    assert.deepEqual([s.values.motor, s.values.act], ['sts3250', 'sts3215']);
    assert.equal(fill(en['core.bench.actuator_alias'], s.values), text);
    assert.equal(core.bench.actuatorNote('sts3215'), null);
    assert.equal(core.sentence().id, '');
  });
  it('a params file\'s refusal: the scenario\'s range sentence under the file\'s prefix (kt = 500, range [-1, 100] N·m/A)', () => {
    const e = errorOf(() => core.io.paramsFile({ kt: 500 }, 'paste'));
    assert.equal(e.prefix, 'params paste: key "kt": ');
    sameSentence(e, 'scenario.out_of_range');
    assert.deepEqual([e.values.scenario, e.values.name, e.values.value, e.values.min, e.values.max, e.values.unit], ['bench', 'kt', '500', '-1', '100', ' N·m/A']);
  });
  it('a log\'s refusals: the io sentences under "log NAME: " (mass = -1; an unknown key)', () => {
    const entries = [0, 0.01].map((t) => ({ timestamp: t, position: 0, goal_position: 0, torque_enable: true }));
    const e = errorOf(() => core.io.checkLog({ mass: -1, length: 0.1, kp: 8, entries }, 'x.json'));
    assert.equal(e.code, 'range');
    assert.equal(e.prefix, 'log x.json: ');
    sameSentence(e, 'log.head_positive');
    assert.deepEqual(e.values, { key: 'mass', value: '-1', unit: 'kg' });
    const u = errorOf(() => core.io.checkLog({ mass: 1, length: 0.1, kp: 8, entries: [{ ...entries[0], bogus: 1 }, entries[1]] }, 'y.json'));
    sameSentence(u, 'log.unknown_entry_key');
    assert.deepEqual(u.values, { entry: '0', key: 'bogus' });
    const k = errorOf(() => core.io.checkLog({ mass: 1, length: 0.1, kp: 'x', entries }, 'z.json'));
    sameSentence(k, 'log.header_type');
    assert.deepEqual([k.values.want, k.values.found], ['a number', 'a string']);
    assert.ok(`corevalue.${k.values.found}` in fr, 'the kind word has its French entry');
  });
  it('a message of no id has none (the wrapper\'s own, a binding\'s)', () => {
    const e = errorOf(() => core.scenario.simulation('no-such-scenario'));
    assert.equal(e.id, '');
    assert.deepEqual(e.values, {});
  });
});
