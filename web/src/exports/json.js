// exports/json.js: a view's parameters as a flat JSON object and back
// (scenarioParamsToObject / scenarioParamsFromObject, checkObject for views
// whose parameters are not a scenario's), and applying a pasted set
// (reloadWithState). Messages name the key, the value and the rule.
import { t } from '../i18n/index.js';

/** A short, human description of a JSON value for a message. */
export function what(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return t('export.what.list');
  if (typeof v === 'object') return t('export.what.object');
  if (typeof v === 'string') return t('export.what.text', { text: JSON.stringify(v.length > 24 ? `${v.slice(0, 24)}…` : v) });
  return String(v);
}
/** A number as JSON writes it (the shortest text that reads back the same double). */
export const num = (v) => String(v);
const unitOf = (u) => (u ? ` ${u}` : '');

/** The scenario parameter vector as a flat object {name: number | choice}. */
export function scenarioParamsToObject(info, values) {
  const out = {};
  info.params.forEach((p, j) => { out[p.name] = p.choices ? p.choices[values[j]] : values[j]; });
  return out;
}

/**
 * The parameter vector of scenario `info` from a pasted object: keys left out
 * keep the scenario's default; throws an Error naming the first bad key or
 * value (unknown key, wrong type, not a choice, out of range). Nothing is
 * applied by this function.
 */
export function scenarioParamsFromObject(core, info, obj) {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    throw new Error(t('export.check.object', { found: what(obj) }));
  }
  const names = info.params.map((p) => p.name);
  for (const [key, v] of Object.entries(obj)) {
    const p = info.params.find((q) => q.name === key);
    if (!p) {
      throw new Error(t('export.check.unknown.scenario', { key, scenario: info.name, names: names.slice(0, 8).join(', '), n: names.length }));
    }
    if (p.choices) {
      if (typeof v !== 'string' || !p.choices.includes(v)) {
        throw new Error(t('export.check.choice', { key, v: JSON.stringify(v), choices: p.choices.join(', ') }));
      }
    } else {
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new Error(t(p.unit ? 'export.check.number.unit' : 'export.check.number', { key, unit: p.unit, found: what(v) }));
      }
      if (v < p.min || v > p.max) {
        throw new Error(t('export.check.range', { key, v: num(v), min: num(p.min), max: num(p.max), unit: unitOf(p.unit) }));
      }
      if (p.integer && !Number.isInteger(v)) throw new Error(t('export.check.integer', { key, v: num(v) }));
    }
  }
  return core.scenario.params(info.name, obj);
}

/**
 * A checked copy of `obj` against spec [{ key, min, max, unit, choices,
 * readOnly }] (for views whose parameters are not a scenario's): unknown
 * keys, wrong types and out-of-range values throw one sentence; readOnly keys
 * (derived or not used by the view) are accepted and left out, as are keys
 * absent from obj.
 */
export function checkObject(obj, spec) {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    throw new Error(t('export.check.object', { found: what(obj) }));
  }
  const out = {};
  for (const [key, v] of Object.entries(obj)) {
    const s = spec.find((x) => x.key === key);
    if (!s) throw new Error(t('export.check.unknown', { key, keys: spec.map((x) => x.key).join(', ') }));
    if (s.readOnly) continue;
    if (s.choices) {
      if (!s.choices.includes(v)) throw new Error(t('export.check.choice', { key, v: JSON.stringify(v), choices: s.choices.join(', ') }));
    } else if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new Error(t(s.unit ? 'export.check.number.unit' : 'export.check.number', { key, unit: s.unit, found: what(v) }));
    } else if (v < s.min || v > s.max) {
      throw new Error(t('export.check.range', { key, v: num(v), min: num(s.min), max: num(s.max), unit: unitOf(s.unit) }));
    }
    out[key] = v;
  }
  return out;
}

/** Writes `entries` to the view's URL state and reloads: every view restores
 *  its whole state from the URL, so this applies a pasted parameter set. */
export function reloadWithState(state, entries) {
  state.set(entries);
  window.location.reload();
}

/** The keys the core does not model of the params file pasted last into a
 *  view (core.io.paramsFile's carry [{ key, json }]), kept in the view's URL
 *  state under "carry" so that every export of the view writes them back. */
export function carriedKeys(state) {
  try {
    const c = JSON.parse(state.get('carry', '[]'));
    return Array.isArray(c) ? c.filter((e) => e && typeof e.key === 'string' && typeof e.json === 'string') : [];
  } catch {
    return [];
  }
}
/** The state entry of carry (null: none, removing it). */
export const carryEntry = (carry) => ({ carry: carry && carry.length ? JSON.stringify(carry) : null });
/** obj with the carried keys after its own, their values as the file gave them. */
export function withCarried(obj, carry) {
  const o = { ...obj };
  for (const { key, json } of carry) o[key] = JSON.parse(json);
  return o;
}
