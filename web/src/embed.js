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
// set-state with a value the view refuses (out of its range, refusal.js) is
// refused as a whole with the sentence the page shows, and the view keeps the
// state it had. When the API is ready the page posts { type: 'fx:ready', view },
// then { type: 'fx:error', id: null, message } if the frame's URL held a
// value the view refused.
import { captureDownload } from './dom.js';

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

/** The view's state from a host: a plain object of string, number or
 *  boolean values under simple keys; one sentence when it is not. */
function stateEntries(state) {
  if (!state || typeof state !== 'object' || Array.isArray(state)) throw new Error('state must be an object of { key: value }.');
  const keys = Object.keys(state);
  if (keys.length > MAX_KEYS) throw new Error(`state has ${keys.length} keys; at most ${MAX_KEYS}.`);
  for (const k of keys) {
    if (!/^[A-Za-z0-9_]+$/.test(k)) throw new Error(`state key '${k}' is not a key of the view (letters, digits, _).`);
    const v = state[k];
    if (!['string', 'number', 'boolean'].includes(typeof v)) throw new Error(`state.${k} must be a string or a number, not ${v === null ? 'null' : typeof v}.`);
  }
  return Object.fromEntries(keys.map((k) => [k, String(state[k])]));
}

/** The CSV the view's chart `index` saves, through its own CSV button. */
function chartCsvText(root, index) {
  // the charts with a CSV button, in the order the view shows them
  const csvOf = (box) => [...box.querySelectorAll('.chart-tools button')].find((b) => b.textContent === 'CSV');
  const buttons = [...root.querySelectorAll('.chart-box')].map(csvOf).filter(Boolean);
  const n = Number.isInteger(index) ? index : 0;
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

/** Starts the API for host (an origin) over the page's own functions:
 *  view() the shown view's id, getState() its { key: value }, setState(entries)
 *  replaces it and mounts the view again (throws the sentence of a refusal),
 *  refused() the sentence of the values the view refused when it was
 *  mounted (null: none), root() the element the view is in. */
export function startEmbedApi(host, { view, getState, setState, refused, root }) {
  if (!host || window.parent === window) return;
  window.addEventListener('message', async (e) => {
    if (e.origin !== host || e.source !== window.parent) return;
    const msg = e.data;
    if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string' || !msg.type.startsWith('fx:')) return;
    const reply = (data) => window.parent.postMessage({ ...data, id: msg.id ?? null }, host);
    try {
      if (msg.type === 'fx:get-state') {
        reply({ type: 'fx:state', view: view(), state: getState() });
      } else if (msg.type === 'fx:set-state') {
        setState(stateEntries(msg.state));
        reply({ type: 'fx:state', view: view(), state: getState() });
      } else if (msg.type === 'fx:get-csv') {
        const { name, csv } = await chartCsvText(root(), msg.chart ?? 0);
        reply({ type: 'fx:csv', name, csv });
      } else {
        reply({ type: 'fx:error', message: `unknown call '${msg.type}'; the calls: fx:get-state, fx:set-state, fx:get-csv.` });
      }
    } catch (err) {
      reply({ type: 'fx:error', message: err.message });
    }
  });
  window.parent.postMessage({ type: 'fx:ready', view: view() }, host);
  const sentence = refused();
  if (sentence) window.parent.postMessage({ type: 'fx:error', id: null, message: sentence }, host);
}
