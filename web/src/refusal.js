// refusal.js: the one place where a view's values from its state (the URL, or
// an embedding host's fx:set-state, embed.js) are checked against their
// ranges. A value outside them is refused, never replaced silently: the view
// keeps what it had, and main.js says so on the page (and to the host) in one
// sentence naming the key, the value and what is allowed; the URL then holds
// the value in use (state.put: the current entry replaced, history.replaceState).
import { t, tParam } from './i18n/index.js';
import { fmt, quote, symbolText } from './format.js';

const listeners = new Set();

/** The value under key (state.get) of a parameter p = { min, max, choices? }
 *  (a scenario's parameter from the core, or a view's own) or
 *  p = { parse, allowed } (a value of its own form: parse(text) → the value
 *  or null, allowed the words for what is allowed): the number, a choice's
 *  index, in p.min … p.max, or parse's value; def when the state has none.
 *  Anything else is refused: def is returned, written into the URL in its
 *  place (state.put), and every onRefused listener gets { scope
 *  (state.scope, the view's id), key, value (the text), min, max, choices
 *  (null for a number), allowed (p.allowed or null), label (the label the
 *  view shows beside the field, p.label: for a scenario's parameter, in
 *  the page's language through tParam(scenario, …); null without) }. */
export function stateParam(state, key, p, def, scenario = null) {
  const raw = state.get(key, null);
  if (raw === null) return def;
  if (p.parse) {
    // a value of its own form (a list): p.parse(raw) → the value, or null
    const v = p.parse(raw);
    if (v !== null) return v;
  } else {
    const v = p.choices ? p.choices.indexOf(raw) : Number(raw);
    if (Number.isFinite(v) && v >= p.min && v <= p.max) return v;
  }
  const refusal = { scope: state.scope ?? null, key, value: raw, min: p.min, max: p.max, choices: p.choices || null,
    allowed: p.allowed ?? null, label: p.label ? (scenario ? tParam(scenario, p.name, 'label', p.label) : p.label) : null };
  listeners.forEach((f) => f(refusal));
  // the refused text leaves the URL: the value in use there (a choice by its name)
  state.put?.(key, def === undefined || def === null ? null : p.choices ? p.choices[def] : def);
  return def;
}

/** The choice under key (stateParam's rule): one of `choices` (texts), def
 *  (one of them) when the state has none; any other text is refused. */
export function stateChoice(state, key, choices, def) {
  return choices[stateParam(state, key, { min: 0, max: choices.length - 1, choices }, choices.indexOf(def))];
}

/** An on/off key ('1' or '0', stateChoice's rule); def the boolean when absent. */
export const stateFlag = (state, key, def) => stateChoice(state, key, ['0', '1'], def ? '1' : '0') === '1';

/** f(refusal) for every value stateParam refuses; returns the unsubscribe. */
export function onRefused(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** One sentence for the values a view's state refused: each key (by its
 *  field's label, then its URL key), its value and what is allowed; the view
 *  keeps what it had (main.js shows it, and answers an embedding host with it). */
export function refusedSentence(list) {
  const range = (r) => r.allowed ?? (r.choices ? t('page.refused.choices', { list: r.choices.join(', ') }) : `${fmt(r.min)} … ${fmt(r.max)}`);
  const key = (r) => (r.label ? t('page.refused.label', { label: symbolText(r.label), key: r.key }) : r.key);
  return t('page.refused', { list: list.map((r) => t('page.refused.item', { key: key(r), value: quote(r.value), range: range(r) })).join('; ') });
}
