// main.js: loads the wasm core (showing progress), builds the tab bar, and
// mounts one view at a time. Every view module exports
//   mount(container, ctx) -> { dispose(), actions? }
// with ctx = { core, state (the view's slice of the URL), showError(msg) },
// and optionally LESSON = { notice, tryThis: [...] }, shown above the view as
// "What to notice" and a numbered "Try this" list. A live view's actions =
// { togglePause(), step(), reset(), nudgeGoal(sign), legend: [[key, text]] }
// are bound to Space, S, R and ArrowLeft/ArrowRight here, and F toggles the
// presentation mode. A view with a LESSON also gets L (reset to the lesson's
// start) and 1-5 (set up step 1-5): the step's URL state (resetScope), then
// the view mounted again, the step marked and its chart scrolled into view.
// A view may return leave() → false to keep the user on it when a tab is
// chosen or Back/Forward is pressed (the Fit view while a fit runs asks
// first; kept after Back/Forward, its entry is pushed again).
import { CORE_WASM, coreFrom } from './coreLoad.js';
import { currentView, setView, scopedState, scopeEntries, getFlag, setFlag, getPageKey, setPageKey, resetScope, onHistoryMove,
  onStateChange } from './state.js';
import { embedOptions, startEmbedApi } from './embed.js';
import { lessonFrame, lessonOffNote, renderLegend, lessonSetup, lessonChart } from './layout.js';
import { VIEWS } from './views/index.js';
import { setHook } from './testHooks.js';
import { glossary } from './glossary.js';
import { tabStrip } from './tabs.js';
import { t, tCore, lang, langMissing } from './i18n/index.js';
import { presentMode } from './presentMode.js';
import { pageKeys, PAGE_KEYS, LESSON_KEYS } from './pageKeys.js';
import { langSwitch } from './langSwitch.js';
import { startOffline } from './offline.js';
import { onRefused, stateChoice, refusedSentence } from './refusal.js';
import { quote } from './format.js';

const banner = document.getElementById('error-banner');

// The shell's static text (web/index.html is English) in the page's
// language, before anything else is shown.
document.documentElement.lang = lang;
for (const [sel, key, attr] of [['#skip-link', 'page.skip'], ['#drawer-button', 'page.drawer'],
  ['#keys-hint > summary', 'page.keys'], ['#keys-hint > summary', 'page.keys.title', 'title'],
  ['#keys-hint > dl', 'page.keys.aria', 'aria-label'], ['#present-button', 'page.present'],
  ['#present-button', 'page.present.title', 'title'], ['#tabs', 'page.tabs.aria', 'aria-label'],
  ['#loading > p', 'page.loading'], ['#loading-progress', 'page.loading.aria', 'aria-label']]) {
  const node = document.querySelector(sel);
  if (!node) continue;
  if (attr) node.setAttribute(attr, t(key)); else node.textContent = t(key);
}
// ?lang= was given (a link, the switch): kept in every entry's URL, as a
// page-wide key (state.js); without it the browser's language rules
const langChosen = getPageKey('lang') !== null;


export function showError(message) {
  banner.textContent = message;
  banner.hidden = false;
}

function clearError() {
  banner.hidden = true;
  banner.textContent = '';
}

// the refusals of the mount under way (show() below), else null: said
// together once it is mounted; a refusal at any other time is said at once
let refusing = null;
let lastRefused = null;   // the sentence of the last mount's refusals, or null
onRefused((r) => {
  if (!refusing) { showError(refusedSentence([r])); return; }
  if (!refusing.some((q) => q.key === r.key && q.value === r.value)) refusing.push(r);
});

window.addEventListener('error', (e) => showError(t('page.error.unexpected', { message: e.message })));
window.addEventListener('unhandledrejection', (e) => showError(t('page.error.unexpected', { message: e.reason?.message || e.reason })));

// ?embed=VIEW: one view in another page's frame, no header or tabs (embed.js)
const embed = embedOptions();
// the page-wide keys of the URL as a view's state (refusal.js: ?view=)
const PAGE_STATE = { scope: null, get: (key, def) => getPageKey(key) ?? def, put: (key, value) => setPageKey(key, value) };
if (embed) document.body.classList.add('embed');
// the slide layout (docs/embedding.md, css/present.css body.slide): an embed
// in a frame at most 600 px high (a slide's 800×450) shows the picture and
// its read-outs first, the run bar and the controls below them, and the
// lesson folded
const slide = embed ? window.matchMedia('(max-height: 600px)') : null;
if (slide) {
  const setSlide = () => document.body.classList.toggle('slide', slide.matches);
  setSlide();
  slide.addEventListener('change', setSlide);
}

// The offline package (make dist, tools/dist.mjs) names its service worker
// in the page; `make serve` does not (offline.js: the header's state).
const swUrl = document.querySelector('meta[name="fx-service-worker"]')?.content;
if (swUrl) startOffline(swUrl);

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

/** ?embed=VIEW: the host page's API (embed.js) over the shell's show(id)
 *  and the view shown (shown(): its entry of VIEWS, shownState(): its slice
 *  of the URL), in the view container main. */
function embedHost({ show, shown, shownState, main }) {
  if (!VIEWS.some((v) => v.id === embed.view)) {
    showError(t('page.error.embed', { view: embed.view, views: VIEWS.map((v) => v.id).join(', ') }));
  }
  startEmbedApi(embed.host, {
    view: () => shown().id,
    getState: () => scopeEntries(shown().id),
    // a state with a value the view refuses is refused as a whole: the
    // view goes back to the state it had, the sentence stays on the page
    // and is the host's fx:error
    setState: (entries) => {
      const before = scopeEntries(shown().id);
      resetScope(shown().id, entries);
      show(shown().id, false);
      // a key the view did not read as it was mounted is none of its keys
      // (a misspelling, constructor, __proto__): refused as a whole too
      const unknown = Object.keys(entries).filter((k) => !shownState().read.has(k));
      const refused = lastRefused || (unknown.length ? t('embed.unknown', { keys: quote(unknown.join(', ')), view: shown().id }) : null);
      if (!refused) return;
      resetScope(shown().id, before);
      show(shown().id, false);
      showError(refused);
      throw new Error(refused);
    },
    refused: () => lastRefused,
    root: () => main,
  });
}

async function start() {
  const bar = document.getElementById('loading-progress');
  const detail = document.getElementById('loading-detail');
  let core;
  try {
    const bytes = await fetchWithProgress(CORE_WASM, (got, total) => {
      bar.value = got / total;
      detail.textContent = t('page.loading.progress', { got: (got / 1024).toFixed(0), total: (total / 1024).toFixed(0) });
    });
    detail.textContent = t('page.loading.compiling');
    core = await coreFrom(CORE_WASM, bytes, t);
  } catch (e) {
    showError(e.refused ? e.message : t('page.error.core', { message: e.message }));
    return;
  }
  setHook('core', 'wrapper', core); // for the browser tests and the console (window.__fx.core.wrapper)
  setHook('core', 'say', tCore);    // the page's writer of the core's sentences (window.__fx.core.say: e2e frtext)

  const tabs = document.getElementById('tabs');
  const main = document.getElementById('view');
  let mounted = null;
  let actions = null;     // the mounted view's actions, if any
  let lessonOpen = !slide?.matches;  // the lesson box's open state, kept across views
  const strip = tabStrip(tabs, VIEWS, (id, user) => show(id, user));

  let shown = null;       // the mounted view's entry of VIEWS
  let shownState = null;  // its slice of the URL (state.js scopedState: the keys it read)
  let lessonStep = null;  // the lesson step last set up in it (marked), or null

  /** The lesson's start (index null) or step `index` of the shown view: its
   *  URL state, the view mounted again on it (as a copied link would open),
   *  then the step's chart scrolled into view and the focus kept on the
   *  lesson's button that was pressed. */
  function setUpLesson(index) {
    const lesson = shown && shown.module.LESSON;
    const entries = lesson && lessonSetup(lesson, index, core);
    if (!entries) return;
    const refocus = main.querySelector('.lesson')?.contains(document.activeElement);
    resetScope(shown.id, entries);
    lessonStep = index;
    show(shown.id, false, true);
    const sel = lessonChart(lesson, index);
    const target = sel && main.querySelector(sel);
    if (target) {
      target.scrollIntoView({ block: 'nearest' });
      // the scroll offset is whole pixels: a box with a fractional edge can
      // still stand out below the window by less than one
      const r = target.getBoundingClientRect();
      const over = Math.min(Math.ceil(r.bottom - window.innerHeight), Math.floor(r.top));
      if (over > 0) window.scrollBy(0, over);
    } else if (index === null) window.scrollTo(0, 0);
    if (refocus) {
      const b = main.querySelector(index === null ? '.lesson-reset' : `.lesson-setup[data-step="${index}"]`);
      if (b) b.focus({ preventScroll: true });
    }
  }

  // the lesson's "not the lesson's bench" sentence follows the view's state
  // (a servo changed in the view's own controls)
  onStateChange(() => {
    const lesson = shown?.module.LESSON;
    if (!lesson?.offBench) return;
    const off = lesson.offBench(scopedState(shown.id), core);
    const ol = main.querySelector('.lesson-try > ol');
    const p = main.querySelector('.lesson-off');
    if (!off) { p?.remove(); return; }
    if (!p && ol) ol.before(lessonOffNote(off));
    else if (p && p.textContent !== off) p.textContent = off;
  });

  /** Mounts view `id` (user: a tab was chosen; the URL gets a new history
   *  entry; keepStep: keep the lesson step marked). False when the mounted
   *  view kept the user (its leave()). */
  function show(id, user, keepStep = false) {
    const view = VIEWS.find((v) => v.id === id) || VIEWS[0];
    if (user && mounted?.leave && document.body.dataset.view !== view.id && !mounted.leave()) return false;
    if (mounted) mounted.dispose();
    if (!keepStep) lessonStep = null;
    shown = view;
    clearError();
    refusing = [];
    // ?view= naming no view is refused like a view's value (refusal.js), the first view shown
    if (!embed && !VIEWS.some((v) => v.id === id)) stateChoice(PAGE_STATE, 'view', VIEWS.map((v) => v.id), VIEWS[0].id);
    main.replaceChildren();
    const off = view.module.LESSON?.offBench?.(scopedState(view.id), core) || null;
    main.append(lessonFrame(view.module.LESSON, lessonOpen, (open) => { lessonOpen = open; }, setUpLesson, lessonStep, off,
      // the worksheet and its QR codes load when first printed (not part of the page's first visit)
      (kind) => import('./worksheet.js').then((w) => w.printWorksheet(shown, kind, core)).catch((e) => showError(String(e?.message ?? e)))));
    document.body.dataset.lesson = view.module.LESSON ? 'shown' : 'none';
    main.setAttribute('aria-labelledby', `tab-${view.id}`);
    strip.select(view.id);
    if (user) setView(view.id);
    const container = document.createElement('div');
    main.append(container);
    try {
      shownState = scopedState(view.id);
      mounted = view.module.mount(container, { core, state: shownState, showError });
    } catch (e) {
      mounted = null;
      showError(t('page.error.mount', { view: view.title, message: e.message }));
    }
    lastRefused = refusing.length ? refusedSentence(refusing) : null;
    refusing = null;
    if (lastRefused && mounted) showError(lastRefused);
    actions = (mounted && mounted.actions) || null;
    const legend = [...(actions?.legend || []), ...(view.module.LESSON ? LESSON_KEYS : []), ...PAGE_KEYS];
    document.querySelectorAll('.key-legend').forEach((dl) => renderLegend(dl, legend));
    document.body.dataset.actions = actions ? 'true' : 'false';
    document.body.dataset.view = view.id;
    return true;
  }

  // ---- presentation mode: body.present (+ full screen when the browser
  // allows it), large type and chart fonts, controls in a drawer (presentMode.js)
  const present = presentMode(main, strip);
  const { setPresent } = present;
  const gloss = glossary(document.querySelector('header.top .top-tools'));
  // the language switch (langSwitch.js); a view that asks before it is left
  // (a running fit) may keep the user
  langSwitch(() => !(mounted?.leave && !mounted.leave()));
  // the keys of the page and of the mounted view (pageKeys.js)
  pageKeys({ gloss, present, setUpLesson, actions: () => actions,
    canSetUp: (index) => lessonSetup(shown?.module.LESSON || { tryThis: [] }, index, core) });

  show(currentView(VIEWS[0].id), false);
  if (getFlag('present')) setPresent(true, false);
  if (embed) embedHost({ show, shown: () => shown, shownState: () => shownState, main });
  // Back / Forward (state.js: a view change is a history entry): the view of
  // the entry, mounted again from its URL; the presentation mode stays as it
  // is (its flag is written back into the entry's URL); a view that asks
  // before it is left (its leave(), as for a tab) and is kept puts its entry
  // back, so the URL still names the view on screen
  onHistoryMove((stay) => {
    const id = currentView(VIEWS[0].id);
    if (mounted?.leave && document.body.dataset.view !== id && !mounted.leave()) { stay(); return; }
    show(id, false);
    setFlag('present', document.body.classList.contains('present'));
    // the language stays the page's (an entry from before a switch names the old one)
    // (or the one asked for whose table could not be loaded: kept for the next load)
    const pageLang = langMissing?.lang ?? lang;
    if (langChosen && getPageKey('lang') !== pageLang) setPageKey('lang', pageLang);
  });
  document.body.dataset.ready = 'true';
}

start();
