// main.js: loads the wasm core (showing progress), builds the tab bar, and
// mounts one view at a time. Every view module exports
//   mount(container, ctx) -> { dispose() }
// with ctx = { core, state (the view's slice of the URL), showError(msg) }.
import { loadFrictionCore } from '../../wasm/friction.js';
import { currentView, setView, scopedState } from './state.js';
import { VIEWS } from './views/index.js';

const banner = document.getElementById('error-banner');

export function showError(message) {
  banner.textContent = message;
  banner.hidden = false;
}

function clearError() {
  banner.hidden = true;
  banner.textContent = '';
}

window.addEventListener('error', (e) => showError(`Unexpected error: ${e.message}`));
window.addEventListener('unhandledrejection', (e) => showError(`Unexpected error: ${e.reason?.message || e.reason}`));

async function fetchWithProgress(url, onProgress) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`could not load ${url}: HTTP ${res.status}`);
  const total = Number(res.headers.get('content-length')) || 0;
  if (!res.body || !total) return new Uint8Array(await res.arrayBuffer());
  const reader = res.body.getReader();
  const buf = new Uint8Array(total);
  let got = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buf.set(value, got);
    got += value.length;
    onProgress(got, total);
  }
  return buf.subarray(0, got);
}

async function start() {
  const bar = document.getElementById('loading-progress');
  const detail = document.getElementById('loading-detail');
  let core;
  try {
    const bytes = await fetchWithProgress('friction_core.wasm', (got, total) => {
      bar.value = got / total;
      detail.textContent = `${(got / 1024).toFixed(0)} of ${(total / 1024).toFixed(0)} KiB`;
    });
    detail.textContent = 'Compiling…';
    core = await loadFrictionCore({ wasmBinary: bytes });
  } catch (e) {
    showError(`The friction core could not be loaded: ${e.message}. Rebuild with 'make serve'.`);
    return;
  }
  window.frictionCore = core; // for the browser tests and the console

  const tabs = document.getElementById('tabs');
  const main = document.getElementById('view');
  let mounted = null;
  const buttons = VIEWS.map((v, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.role = 'tab';
    b.id = `tab-${v.id}`;
    b.textContent = v.title;
    b.setAttribute('aria-controls', 'view');
    b.addEventListener('click', () => show(v.id, true));
    b.addEventListener('keydown', (e) => {
      const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (d) {
        const next = VIEWS[(i + d + VIEWS.length) % VIEWS.length];
        show(next.id, true);
        document.getElementById(`tab-${next.id}`).focus();
      }
    });
    tabs.append(b);
    return b;
  });

  function show(id, user) {
    const view = VIEWS.find((v) => v.id === id) || VIEWS[0];
    if (mounted) mounted.dispose();
    clearError();
    main.replaceChildren();
    main.setAttribute('aria-labelledby', `tab-${view.id}`);
    buttons.forEach((b, i) => {
      const sel = VIEWS[i].id === view.id;
      b.setAttribute('aria-selected', String(sel));
      b.tabIndex = sel ? 0 : -1;
    });
    if (user) setView(view.id);
    const container = document.createElement('div');
    main.append(container);
    try {
      mounted = view.module.mount(container, { core, state: scopedState(view.id), showError });
    } catch (e) {
      mounted = null;
      showError(`The ${view.title} view failed to start: ${e.message}`);
    }
    document.body.dataset.view = view.id;
  }

  show(currentView(VIEWS[0].id), false);
  document.body.dataset.ready = 'true';
}

start();
