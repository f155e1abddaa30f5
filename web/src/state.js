// state.js: the whole UI state lives in the URL query, so a view can be shared
// and reloaded exactly. Keys are namespaced by view: ?view=laws&laws.Fs=2.5.
// History: a change of view is a new history entry (pushState), so the
// browser's Back and Forward move between views (main.js re-mounts the view
// of the entry on popstate, from its URL); every change within a view
// (a slider drag, a typed value, pause) replaces the current entry
// (replaceState), so a drag never floods the history.
const listeners = new Set();
// the query of the entry on screen (every write goes through write()), so
// that a Back/Forward the view refuses can put the entry left back
let here = window.location.search;

function write(push, query) {
  // the same query again: no write (each costs the page a same-document
  // navigation, ~0.1 s of its thread on a loaded machine)
  if (!push && query === (window.location.search || '?')) return;
  if (push) history.pushState(null, '', query);
  else history.replaceState(null, '', query);
  here = window.location.search;
}

function params() {
  return new URLSearchParams(window.location.search);
}

/** The view the URL names: ?embed=VIEW (a page in a frame, embed.js),
 *  else ?view=VIEW, else fallback. */
export function currentView(fallback) {
  return params().get('embed') || params().get('view') || fallback;
}

/** A view's slice of the URL as { key: value } (keys without the prefix). */
export function scopeEntries(scope) {
  const out = {};
  for (const [k, v] of params()) if (k.startsWith(`${scope}.`)) out[k.slice(scope.length + 1)] = v;
  return out;
}

// each view's keys as the user left it (view id -> [[key, value]]): the URL
// holds the shown view's keys only, so a shared link carries the view on
// screen and not every view visited before; a tab chosen again gets its keys
// back from here
const kept = new Map();

/** Selects view `id` in the URL: a new history entry when the view changes
 *  (the entry left keeps the old view's state for Back). The new entry
 *  holds the page-wide flags (present, …) and view `id`'s own keys: those
 *  it had in the URL, else those it had when the user last left it. */
export function setView(id) {
  const p = params();
  const from = p.get('view');
  if (from === id) { write(false, `?${p.toString()}`); return; }
  const scopes = new Map();
  if (from) scopes.set(from, []);
  const next = new URLSearchParams();
  for (const [k, v] of p) {
    const dot = k.indexOf('.');
    if (dot < 0) { if (k !== 'view') next.append(k, v); continue; }
    const scope = k.slice(0, dot);
    if (!scopes.has(scope)) scopes.set(scope, []);
    scopes.get(scope).push([k, v]);
  }
  for (const [scope, entries] of scopes) kept.set(scope, entries);
  next.set('view', id);
  for (const [k, v] of kept.get(id) || []) next.append(k, v);
  write(true, `?${next.toString()}`);
}

/** f(stay) when the browser moves to another history entry (Back, Forward);
 *  stay() puts the entry left back on top (a new entry, pushState: the view
 *  asked and the user kept it; the entries after it are lost, as after any
 *  new entry). */
export function onHistoryMove(f) {
  window.addEventListener('popstate', () => {
    const left = here;
    here = window.location.search;
    f(() => write(true, left || window.location.pathname));
  });
}

/** A page-wide on/off flag in the URL (?present=1); off removes the key. */
export function getFlag(key) {
  return params().get(key) === '1';
}

export function setFlag(key, on) {
  const p = params();
  if (on) p.set(key, '1'); else p.delete(key);
  write(false, `?${p.toString()}`);
}

/** A page-wide key of the URL (?lang=fr): kept through view changes and
 *  Back like the flags (setView keeps every key without a dot). */
export function getPageKey(key) {
  return params().get(key);
}

/** Sets (null: removes) a page-wide key, in the current entry. */
export function setPageKey(key, value) {
  const p = params();
  if (value === null || value === undefined) p.delete(key); else p.set(key, value);
  write(false, `?${p.toString()}`);
}

/** A view's slice of the URL state. */
export function scopedState(scope) {
  const read = new Set();
  return {
    scope,   // its view's id (refusal.js names it in a refusal)
    // every key the view asked for (get, getNumber, set): the keys it
    // reads, against which an embedding host's fx:set-state is checked
    read,
    get(key, def) {
      read.add(key);
      const v = params().get(`${scope}.${key}`);
      return v === null ? def : v;
    },
    getNumber(key, def) {
      read.add(key);
      const v = params().get(`${scope}.${key}`);
      const n = v === null ? NaN : Number(v);
      return Number.isFinite(n) ? n : def;
    },
    /** The value in use under key written back into the current entry
     *  (null: the key removed), the state's listeners not told: a value
     *  the view refused from its URL (refusal.js) leaves the URL. */
    put(key, value) {
      const p = params();
      if (value === undefined || value === null) p.delete(`${scope}.${key}`);
      else p.set(`${scope}.${key}`, String(value));
      write(false, `?${p.toString()}`);
    },
    set(values) {
      const p = params();
      for (const [k, v] of Object.entries(values)) {
        read.add(k);
        if (v === undefined || v === null) p.delete(`${scope}.${k}`);
        else p.set(`${scope}.${k}`, String(v));
      }
      write(false, `?${p.toString()}`);
      listeners.forEach((f) => f());
    },
  };
}

/** Puts a view's slice of the URL back to `entries` (every other key of the
 *  scope removed): the lesson's start and a lesson step's set-up
 *  (layout.js lessonFrame), read by the view when main.js mounts it again. */
export function resetScope(scope, entries = {}) {
  const p = params();
  for (const k of [...p.keys()]) if (k.startsWith(`${scope}.`)) p.delete(k);
  for (const [k, v] of Object.entries(entries)) p.set(`${scope}.${k}`, String(v));
  write(false, `?${p.toString()}`);
}

export function onStateChange(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}
