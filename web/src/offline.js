// offline.js: the page's side of the offline package's service worker
// (make dist; web/sw.js). Not used by `make serve`, whose page names no worker.
//   startOffline(swUrl)  registers the worker, asks it to fetch the rest of
//                        the package in the background ('fill'), and shows
//                        its state in the header, quietly: "Ready offline",
//                        "Downloading for offline: 8.1 of 14.2 MB" or "Not
//                        available offline: <why>" (body[data-offline]:
//                        ready, downloading, unavailable). A newer version
//                        installed beside the running one: "A new version is
//                        ready" with a Reload button (body[data-update]=ready),
//                        which lets it take over and loads the page again.
//   offlineMissing(what, url)  the sentence for a view's file that could not
//                        be loaded because it is not kept yet and the
//                        network cannot be reached (null otherwise)
//   singleMissing(what)  in the single-file explorer (tools/single.mjs), the
//                        sentence for what it does not carry (MuJoCo,
//                        three.js); null elsewhere
//   startWorker(url, options, query)  new Worker(url + query, options), started once the
//                        package's service worker runs the page (so the
//                        worker's script, the modules it imports and the
//                        files it fetches come through its check of every
//                        byte, web/sw.js, at the first visit too: `new
//                        Worker` has no integrity of its own); at once
//                        where there is none to wait for (make serve, the
//                        single file, no service worker, one refused). Until
//                        then a stand-in keeps the messages and listeners.
//   FILE_KEY             the sentence of the package's index.html opened from
//                        file:// (tools/dist.mjs writes it into the page)
//   INTACT_KEY           the sentence when the browser refused the page's
//                        bundle, a module it imports or its style sheet
//                        (their Subresource Integrity: tools/dist.mjs writes
//                        it into the page)
import { t, lang } from './i18n/index.js';

export const FILE_KEY = 'page.file';
export const INTACT_KEY = 'page.intact';

/** The code of each reason the worker gives (web/sw.js) → its sentence's key. */
const WHY = { network: 'offline.why.network', server: 'offline.why.server', size: 'offline.why.size', integrity: 'offline.why.integrity',
  storage: 'offline.why.storage', failed: 'offline.why.failed', browser: 'offline.why.browser', insecure: 'offline.why.insecure' };
const RETRY_MS = 15_000;   // a fill that stopped (the worker was stopped, the network came back) is asked again

const mb = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The package's worker runs this page (its index.html names one). */
const packaged = () => !!document.querySelector('meta[name="fx-service-worker"]');

/** When `url` (a file of `what`: MuJoCo, three.js) could not be loaded, the
 *  package runs the page and the network cannot be reached: the sentence
 *  saying what to do; else null (the caller says what failed). */
export async function offlineMissing(what, url) {
  if (!packaged()) return null;
  try {
    await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return null;
  } catch {
    return t('offline.missing', { what });
  }
}

/** In the single-file explorer (tools/single.mjs: its page names itself),
 *  the sentence saying where `what` (MuJoCo, three.js), which the file does
 *  not carry, runs instead; else null. */
export function singleMissing(what) {
  return document.querySelector('meta[name="fx-single-file"]') ? t('single.missing', { what }) : null;
}

// resolved once the package's service worker runs the page, or once there
// is none to wait for (startOffline: no service worker, one refused)
let swRuns = null;
const swWait = new Promise((resolve) => { swRuns = resolve; });
let swRan = false;
swWait.then(() => { swRan = true; });

/** A stand-in Worker (the same calls, events and on… handlers) that starts
 *  the real one when `ready` resolves, then hands it the messages posted and
 *  passes on its events. */
class LaterWorker extends EventTarget {
  #real = null;
  #queue = [];
  #ended = false;
  constructor(url, options, ready) {
    super();
    this.onmessage = this.onerror = this.onmessageerror = null;
    ready.then(() => {
      if (this.#ended) return;
      const w = new Worker(url, options);
      this.#real = w;
      const pass = (e) => {
        const copy = e.type === 'error'
          ? new ErrorEvent('error', { message: e.message, filename: e.filename, lineno: e.lineno, colno: e.colno, error: e.error, cancelable: true })
          : new MessageEvent(e.type, { data: e.data, ports: [...(e.ports || [])] });
        this.dispatchEvent(copy);
        this[`on${e.type}`]?.call(this, copy);
        if (copy.defaultPrevented) e.preventDefault();
      };
      for (const type of ['message', 'error', 'messageerror']) w.addEventListener(type, pass);
      for (const [m, transfer] of this.#queue) w.postMessage(m, transfer);
      this.#queue = null;
    });
  }

  postMessage(m, transfer = []) {
    if (this.#real) this.#real.postMessage(m, transfer);
    else if (this.#queue) this.#queue.push([m, transfer]);
  }

  terminate() {
    this.#ended = true;
    this.#queue = null;
    this.#real?.terminate();
  }
}

/** new Worker(url + query, options), or, while the package's service
 *  worker does not run the page yet, a stand-in that starts it once it
 *  does. url: the worker's file name as a string of its own (make dist
 *  rewrites it hashed); query: what follows it (?lang=…). */
export function startWorker(url, options, query = '') {
  if (swRan || !packaged()) return new Worker(`${url}${query}`, options);
  return new LaterWorker(`${url}${query}`, options, swWait);
}

export function startOffline(swUrl) {
  const box = document.createElement('div');
  box.id = 'offline-state';
  box.className = 'offline-state';
  const state = document.createElement('span');
  state.setAttribute('role', 'status');
  const update = document.createElement('span');
  update.className = 'offline-update';
  update.setAttribute('role', 'status');
  update.hidden = true;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = t('offline.reload');
  update.append(t('offline.update'), ' ', reload);
  box.append(state);
  document.querySelector('header.top .top-tools')?.prepend(box);
  // the note of a newer version: a row of its own below the header's tools
  (document.querySelector('header.top') || document.body).append(update);

  const show = (s) => {
    document.body.dataset.offline = s.state;
    state.textContent = s.state === 'ready' ? t('offline.ready')
      : s.state === 'downloading' ? t('offline.downloading', { got: mb.format(s.got / 1e6), total: mb.format(s.total / 1e6) })
        : t('offline.unavailable', { why: t(WHY[s.why] || WHY.network) });
  };
  if (!('serviceWorker' in navigator)) {
    swRuns();
    show({ state: 'unavailable', why: window.isSecureContext ? 'browser' : 'insecure' });
    return;
  }
  const sw = navigator.serviceWorker;
  if (sw.controller) swRuns();
  // the first version takes the page when it is active (web/sw.js clients.claim)
  sw.addEventListener('controllerchange', () => swRuns());
  const hadController = !!sw.controller;
  let waiting = null;   // the newer version waiting for the Reload button
  let asked = false;    // the Reload button was pressed
  const newer = (w) => {
    waiting = w;
    update.hidden = false;
    document.body.dataset.update = 'ready';
  };
  reload.addEventListener('click', () => {
    asked = true;
    if (waiting) waiting.postMessage({ type: 'skip-waiting' }); else window.location.reload();
  });
  // the newer version took over (this page's Reload, or another tab's): the
  // page loads again from it, or (another tab) says so
  sw.addEventListener('controllerchange', () => {
    if (asked) window.location.reload();
    else if (hadController) newer(null);
  });
  sw.addEventListener('message', (e) => { if (e.data?.type === 'offline') show(e.data); });
  sw.startMessages();
  sw.register(swUrl).then(async (reg) => {
    const watch = (w) => {
      if (!w || !sw.controller) return;   // the first version: it takes the page itself
      if (w.state === 'installed') newer(w);
      else w.addEventListener('statechange', () => { if (w.state === 'installed') newer(w); });
    };
    watch(reg.waiting);
    reg.addEventListener('updatefound', () => watch(reg.installing));
    // the first version failed to install (the browser would not keep its
    // files): there is none to wait for
    const first = reg.installing;
    if (first && !sw.controller) first.addEventListener('statechange', () => { if (first.state === 'redundant') swRuns(); });
    // a newer version on the server (online): installed beside this one
    if (sw.controller) reg.update().catch(() => { /* offline: the next visit */ });
    await sw.ready;
    // a page the active version does not run (opened with the HTTP cache
    // bypassed: Shift+Reload): it asks to be taken
    if (!sw.controller) reg.active?.postMessage({ type: 'claim' });
    const fill = () => reg.active?.postMessage({ type: 'fill' });
    reg.active?.postMessage({ type: 'status' });
    fill();
    window.addEventListener('online', fill);
    const timer = setInterval(() => {
      if (document.body.dataset.offline === 'ready') clearInterval(timer); else fill();
    }, RETRY_MS);
  }).catch(() => {
    swRuns();
    show({ state: 'unavailable', why: window.isSecureContext ? 'failed' : 'insecure' });
  });
}
