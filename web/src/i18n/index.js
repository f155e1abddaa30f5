// i18n/index.js: the page's one string table. Every user-facing string of the
// converted views is t(key, vars): the text of `key` in the current language
// (en.js, fr.js: flat objects key → string), each {name} replaced by
// vars.name (plain interpolation; a text with a count in it has a key per
// plural category, KEY.one and KEY.other, that tCount chooses with the
// language's Intl.PluralRules: French counts 0 as 'one'). Keys are named by
// view and role ('pendulum.lesson.step1', 'page.present'). Physics symbols (_x, ^x as
// dom.js symbolNodes draws them) and every number a lesson quotes (⟦…⟧) are
// the same in every table (tests/web/i18n.test.mjs).
// The language: ?lang=xx when it names a table, else the first of the
// browser's languages (navigator.languages) that has one, else English. It is
// fixed for the page's life: the header's switch (main.js) writes ?lang= and
// loads the page again, so every view and the shell are built in it.
// The core's sentences (its refusals, an Error of the wrapper with an id and
// named values, fric_error) go through tCore: key core.<id> of the table,
// filled with the values (numbers with the language's decimal mark), else
// the core's English message; the parameter names, helps and ranges the
// page shows go through tParam (in English: the core's own texts).
// English is in the page's bundle; another language's table is its own
// file beside the page (make web: build/web/i18n-fr.js; the offline package
// hashes it and keeps it once fetched; load.js), loaded before any module that imports
// this one runs (a top-level await), so the first visit carries one table.
// The tests read every table from tables.js.
import en from './en.js';
import { localNumber, setDecimalMark } from '../format.js';
import loadTable from './load.js';

/** The languages of the switch: [code, its own name]. */
export const LANGUAGES = [['en', 'English'], ['fr', 'Français']];

/** The language a page with `search` (a URL query) and browser languages
 *  `prefs` (navigator.languages) shows. */
export function chooseLanguage(search, prefs = []) {
  const asked = new URLSearchParams(search).get('lang');
  if (asked && LANGUAGES.some(([c]) => c === asked)) return asked;
  for (const l of prefs) {
    const base = String(l).toLowerCase().split('-')[0];
    if (LANGUAGES.some(([c]) => c === base)) return base;
  }
  return 'en';
}

// a worker speaks the language its URL names (?lang=: the page's, views/mujoco/robotWorker.js), else English
const inWorker = typeof window === 'undefined' && typeof WorkerGlobalScope !== 'undefined';
const asked = inWorker ? chooseLanguage(self.location.search)
  : typeof window === 'undefined' ? 'en' : chooseLanguage(window.location.search, navigator.languages || [navigator.language]);
let loaded = en;
/** { lang, message } when the table of the language asked for could not be
 *  loaded (offline, before the package kept it): the page is in English
 *  then, and says so (main.js); else null. */
export let langMissing = null;
if (asked !== 'en') {
  try {
    loaded = (await loadTable(asked)).default;
  } catch (e) {
    langMissing = { lang: asked, message: e.message };
  }
}
export const lang = langMissing ? 'en' : asked;
const table = loaded;
const missing = new Set();
/** The decimal mark of the page's language (',' in French), format.js's
 *  mark from here on (setDecimalMark): every number the page writes for
 *  people (read-outs, fields, ticks, tooltips, the core's sentences, each
 *  number a t() fills in, a lesson's ⟦quoted⟧ numbers) has it, and what
 *  people type is read with it (format.js parseNumber, parseList). Files
 *  (CSV, JSON, params, the URL) keep the point. */
export const decimalMark = lang === 'fr' ? ',' : '.';
setDecimalMark(decimalMark);

/** `text` with each {name} replaced by vars.name (left as is when vars has no name). */
export function fill(text, vars = {}) {
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

// a value that is one number written with a point ("0.154", "-1.5e-06", 30.5)
const NUMBER_TEXT = /^[+\-\u2212]?\d+(\.\d+)?(e[+-]?\d+)?$/i;
/** The values t() fills in: each that is a number, or the text of one
 *  number written with a point, written with `mark` (default the page's:
 *  "0,154" in French); any other value as it is (a name, a list, a text
 *  already written for people). */
export const localVars = (vars, mark = decimalMark) => Object.fromEntries(Object.entries(vars)
  .map(([k, v]) => [k, (typeof v === 'number' || (typeof v === 'string' && NUMBER_TEXT.test(v))) ? localNumber(String(v), mark) : v]));

/** The text of `key` in the page's language, {name} filled from vars (a
 *  value that is one number, or the text of one number with a point, in the
 *  page's form: "0,154" in French; other text as it is). An
 *  unknown key is a programming error: said once on the console (which the
 *  browser tests fail on) and shown as the key. */
export function t(key, vars) {
  const s = table[key] ?? en[key];
  if (s === undefined) {
    if (!missing.has(key)) { missing.add(key); console.error(`i18n: no string '${key}'`); }
    return key;
  }
  return vars ? fill(s, localVars(vars)) : s;
}

const plural = new Intl.PluralRules(lang);
/** The text of `key`.one or `key`.other, as the language's plural rules
 *  choose for the count n, {n} filled with it. */
export function tCount(key, n) {
  return t(`${key}.${plural.select(n) === 'one' ? 'one' : 'other'}`, { n });
}

/** A scenario parameter's text as the page shows it: role 'label', 'help' or
 *  'choice.<name>' (a choice's help) of parameter `name` of scenario
 *  `scenario`, from the table (param.<scenario>.<name>.<role>), else the
 *  core's English `core`. English is the core's own text (en-params.js holds
 *  the same, for the tests: the page's bundle does not carry it twice). */
export function tParam(scenario, name, role, core) {
  return table[`param.${scenario}.${name}.${role}`] ?? core;
}

// the names of the core's values that name a choice of the core (a law, a treatment, a step method)
const CHOICE_VALUES = new Set(['law', 'treatment', 'method']);

/** A sentence of the core in the page's language: e an Error of the wrapper
 *  (wasm/api/base.js coreError: message, id, values, prefix) or a worker's
 *  copy of its fields. The English message itself on the English page, else
 *  coreSentence in the page's table and decimal mark. */
export function tCore(e) {
  if (!e) return '';
  return lang === 'en' ? String(e.message ?? e) : coreSentence(table, e, decimalMark);
}

/** Core error e after its door: { message, id, values, prefix } without the
 *  first part of the prefix the core recorded (e.prefix, e.g. "adopt: " of
 *  "adopt: mapping entry 1 …", fric__fail_door's; one coreprefix.<kind>), for
 *  a page that names the door in its own words ("Adoption: …"); the rest of
 *  the prefix stays ("the servo 'x' of 'y': "). e's as they are when it has
 *  no prefix. */
export function afterDoor(e) {
  const message = String(e?.message ?? e ?? ''), prefix = e?.prefix || '';
  const door = (prefix && prefixPatterns(en).map(([, re]) => re.exec(prefix)).find(Boolean)?.[0]) || '';
  return { message: message.slice(door.length), id: e?.id, values: e?.values, prefix: prefix.slice(door.length) };
}

/** Text shown as a sentence of its own (an error box, a status line): its
 *  first letter a capital. The core composes its sentences in lower case so
 *  that a door can put its word before them ("ident: budget 20 gives …"). */
export const asSentence = (s) => {
  const x = String(s ?? '');
  return x && x[0].toLocaleUpperCase(lang) + x.slice(1);
};

/** tCore of e after its door (afterDoor). */
export const tCoreAfterDoor = (e) => (e ? tCore(afterDoor(e)) : '');

/** The sentence of e (as tCore's) in table `tbl` with decimal mark `mark`:
 *  the table's core.<id> filled with the values (each number in that form,
 *  format.js localNumber; a law, treatment or method by the name the table
 *  gives it, choice.<value>; a word of the core's, a JSON kind: "an object",
 *  by its corevalue.<word>), after the message's prefix (localPrefix); the
 *  English message itself for a message without an id, or when the table
 *  has no core.<id>. */
export function coreSentence(tbl, e, mark) {
  const message = String(e.message ?? e);
  const s = e.id ? tbl[`core.${e.id}`] : undefined;
  if (s === undefined) return message;
  const vars = Object.fromEntries(Object.entries(e.values || {}).map(([k, v]) => [k, CHOICE_VALUES.has(k) ? choiceIn(tbl, v)
    : tbl[`corevalue.${v}`] ?? localNumber(v, mark)]));
  return `${localPrefix(tbl, e.prefix || '', mark)}${fill(s, vars)}`;
}

const choiceIn = (tbl, value) => tbl[`choice.${value}`] ?? en[`choice.${value}`] ?? String(value);

/** A prefix the core put before a sentence ("params paste: key "kt": ", "replay: batch: log 3: ")
 *  in table tbl's language: from its start, one wrapper after another, the table's
 *  coreprefix.<kind> whose English form begins what is left (the most specific first: the
 *  longest literal text), filled with what the English one's {name}s matched (a number with
 *  mark, a method by its name, choice.<value>; {id}, a name of the core's, as it is); what
 *  no entry matches is left as it is. */
function localPrefix(tbl, prefix, mark) {
  let out = '', rest = prefix;
  while (rest) {
    let hit = null;
    for (const [k, re] of prefixPatterns(tbl)) {
      const m = re.exec(rest);
      if (m) { hit = [k, m]; break; }
    }
    if (!hit) return out + rest;
    const [k, m] = hit;
    const vars = Object.fromEntries(Object.entries(m.groups || {}).map(([n, v]) => [n, CHOICE_VALUES.has(n) ? choiceIn(tbl, v) : v]));
    out += fill(tbl[k], localVars(vars, mark));
    rest = rest.slice(m[0].length);
  }
  return out;
}

const prefixRes = new WeakMap();
/** [key, RegExp] of each coreprefix.<kind> table tbl has, anchored at the start, the
 *  longest literal text first ({id}: one name of the core's, letters, digits, '.', '-', '_';
 *  any other {name}: the shortest text that lets the rest match). */
function prefixPatterns(tbl) {
  if (prefixRes.has(tbl)) return prefixRes.get(tbl);
  const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const list = Object.entries(en).filter(([k]) => k.startsWith('coreprefix.') && k in tbl)
    .map(([k, s]) => {
      const parts = s.split(/\{(\w+)\}/);   // literal, name, literal, …
      const literal = parts.filter((x, i) => !(i % 2)).join('').length;
      const re = new RegExp(`^${parts.map((x, i) => (i % 2 ? `(?<${x}>${x === 'id' ? '[\\w.-]+' : '.*?'})` : esc(x))).join('')}`, 's');
      return [k, re, literal];
    })
    .sort((a, b) => b[2] - a[2]);
  prefixRes.set(tbl, list);
  return list;
}

/** tCore of a worker's { message, sentence: { id, values, prefix } }. */
export const tCoreOf = (m) => tCore(m?.sentence ? { message: m.message, ...m.sentence } : m);

/** The name the page shows for a choice of the core (a treatment or a step
 *  method: 'implicit', 'semi-implicit', …): choice.<value> of the table, else
 *  the value itself (the core's identifier, which files, URLs and helps keep). */
export function tChoice(value) {
  return choiceIn(table, value);
}

/** A select's label for a choice of the core: its name, with the identifier
 *  the helps and files use beside it when the two differ ("implicite (implicit)"). */
export function tChoiceLabel(value) {
  const name = tChoice(value);
  return name === String(value) ? name : `${name} (${value})`;
}
