// embed.js: the page inside another page's frame (docs/embedding.md).
// ?embed=VIEW shows that one view without the header and the tab bar, sized
// to its frame. With &host=ORIGIN the page also answers the host's
// postMessage calls, from that origin only (every other message is ignored,
// and replies go to that origin only):
//   { type: 'fx:get-state', id }           → { type: 'fx:state', id, view, state }
//   { type: 'fx:set-state', id, state }    → the view's URL state replaced by
//                                            `state` ({ key: value }, the keys
//                                            of the view's URL without its
//                                            prefix), the view mounted again,
//                                            then { type: 'fx:state', … }
//   { type: 'fx:get-csv', id, chart? }     → { type: 'fx:csv', id, name, csv }:
//                                            the CSV of the view's chart number
//                                            `chart` (0, the first, by default),
//                                            exactly what its CSV button saves
// A call the page cannot answer gets { type: 'fx:error', id, message }; a
// set-state with a value the view refuses (out of its range, refusal.js) or a
// key the view does not read is refused as a whole with the sentence the page
// shows, and the view keeps the state it had. Any page may frame the explorer
// and name itself host, so a flood of calls must not freeze it: set-states are
// applied once per animation frame, the last one received (each one a later
// one replaced before its frame gets fx:error saying so); one is being applied
// from its frame until the view has painted once and REST × its mount's time
// has passed, and only then answered, and a set-state that arrives meanwhile
// is refused, the sentence saying when to send it again; a chart that is not
// a whole number is refused; every value a sentence quotes is cut to 80
// characters (format.js quote). When the API is ready the page posts { type: 'fx:ready', view },
// then { type: 'fx:error', id: null, message } if the frame's URL held a
// value the view refused.
import { captureDownload } from './dom.js';
import { t } from './i18n/index.js';
import { setHook } from './testHooks.js';
import { quote } from './format.js';

/** { view, host } of ?embed=VIEW&host=ORIGIN, or null when not embedded;
 *  host is null without a valid host (the API stays off). */
export function embedOptions(search = window.location.search) {
  const p = new URLSearchParams(search);
  const view = p.get('embed');
  if (!view) return null;
  let host;
  try { host = p.get('host') ? new URL(p.get('host')).origin : null; } catch { host = null; }
  return { view, host: host && host !== 'null' ? host : null };
}

const MAX_KEYS = 200;   // keys one set-state may carry
const MAX_VALUE = 100_000;   // characters of one value (a browser keeps URLs of up to about 2 MB)
const REST = 3;         // a set-state's apply time × REST: the time after it when the next is refused

/** The view's state from a host: a plain object of string, number or
 *  boolean values under simple keys; one sentence when it is not. */
function stateEntries(state) {
  if (!state || typeof state !== 'object' || Array.isArray(state)) throw new Error('state must be an object of { key: value }.');
  const keys = Object.keys(state);
  if (keys.length > MAX_KEYS) throw new Error(`state has ${keys.length} keys; at most ${MAX_KEYS}.`);
  for (const k of keys) {
    if (!/^[A-Za-z0-9_]+$/.test(k)) throw new Error(`state key '${quote(k)}' is not a key of the view (letters, digits, _).`);
    const v = state[k];
    if (!['string', 'number', 'boolean'].includes(typeof v)) throw new Error(`state.${quote(k)} must be a string or a number, not ${v === null ? 'null' : typeof v}.`);
    if (String(v).length > MAX_VALUE) throw new Error(`state.${quote(k)} is ${String(v).length} characters long; at most ${MAX_VALUE} (the URL holds it).`);
  }
  return Object.fromEntries(keys.map((k) => [k, String(state[k])]));
}

/** The CSV the view's chart `index` saves, through its own CSV button. */
function chartCsvText(root, index) {
  // the charts with a CSV button, in the order the view shows them
  const csvOf = (box) => [...box.querySelectorAll('.chart-tools button')].find((b) => b.textContent === 'CSV');
  const buttons = [...root.querySelectorAll('.chart-box')].map(csvOf).filter(Boolean);
  const n = index;
  if (!buttons.length) return Promise.reject(new Error('this view has no chart with a CSV export.'));
  if (n < 0 || n >= buttons.length) return Promise.reject(new Error(`chart ${index} does not exist; this view has ${buttons.length} (0 … ${buttons.length - 1}).`));
  const btn = buttons[n];
  if (btn.disabled) return Promise.reject(new Error(`chart ${n}'s CSV export is off: ${btn.closest('.chart-tools')?.title || 'no data'}.`));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { captureDownload(null); reject(new Error('the chart gave no CSV within 5 s.')); }, 5000);
    captureDownload((name, href) => {
      clearTimeout(timer);
      fetch(href).then((r) => r.text()).then((csv) => resolve({ name, csv }), reject);
    });
    btn.click();
  });
}

/** f() at the next animation frame, or after 100 ms when the browser gives
 *  none (a hidden page draws no frames), once. */
function nextFrame(f) {
  let done = false;
  const go = () => { if (!done) { done = true; f(); } };
  requestAnimationFrame(go);
  setTimeout(go, 100);
}

/** Starts the API for host (an origin) over the page's own functions:
 *  view() the shown view's id, getState() its { key: value }, setState(entries)
 *  replaces it and mounts the view again (throws the sentence of a refusal),
 *  refused() the sentence of the values the view refused when it was
 *  mounted (null: none), root() the element the view is in. */
export function startEmbedApi(host, { view, getState, setState, refused, root }) {
  if (!host || window.parent === window) return;
  const post = (data) => window.parent.postMessage(data, host);
  // the set-state waiting for the next frame ({ id, entries })
  let pending = null;
  let applying = 0;   // 0, else the time (performance.now) until which a set-state is refused
  const applyMs = setHook('embed', 'applyMs', []);   // ms each set-state took to apply (the last 1000)
  function apply() {
    const { id, entries } = pending;
    pending = null;
    const t0 = performance.now();
    let answer;
    try {
      setState(entries);
      answer = { type: 'fx:state', id, view: view(), state: getState() };
    } catch (err) {
      answer = { type: 'fx:error', id, message: err.message };
    }
    // being applied until the view has painted once and REST × the time its
    // mount took has passed (a flood keeps the page mounting for at most a
    // quarter of its time, the rest drawing and answering); then the answer
    // goes out, so a host that waits for it never meets a refusal
    const took = performance.now() - t0;
    applyMs.push(took);
    if (applyMs.length > 1000) applyMs.shift();
    applying = t0 + took * (1 + REST);
    nextFrame(() => setTimeout(() => { applying = 0; post(answer); }, Math.max(0, applying - performance.now())));
  }
  window.addEventListener('message', async (e) => {
    if (e.origin !== host || e.source !== window.parent) return;
    const msg = e.data;
    if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string' || !msg.type.startsWith('fx:')) return;
    const id = msg.id ?? null;
    const reply = (data) => post({ ...data, id });
    try {
      if (msg.type === 'fx:get-state') {
        reply({ type: 'fx:state', view: view(), state: getState() });
      } else if (msg.type === 'fx:set-state') {
        const entries = stateEntries(msg.state);
        if (applying) throw new Error(t('embed.busy', { ms: Math.max(16, Math.ceil(applying - performance.now())) }));
        if (pending) post({ type: 'fx:error', id: pending.id, message: t('embed.replaced') });
        else nextFrame(apply);
        pending = { id, entries };
      } else if (msg.type === 'fx:get-csv') {
        if (msg.chart != null && !Number.isInteger(msg.chart)) {
          throw new Error(t('embed.chart', { value: quote(JSON.stringify(msg.chart) ?? String(msg.chart)) }));
        }
        const { name, csv } = await chartCsvText(root(), msg.chart ?? 0);
        reply({ type: 'fx:csv', name, csv });
      } else {
        reply({ type: 'fx:error', message: `unknown call '${quote(msg.type)}'; the calls: fx:get-state, fx:set-state, fx:get-csv.` });
      }
    } catch (err) {
      reply({ type: 'fx:error', message: err.message });
    }
  });
  post({ type: 'fx:ready', view: view() });
  const sentence = refused();
  if (sentence) post({ type: 'fx:error', id: null, message: sentence });
}
