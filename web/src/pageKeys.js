// pageKeys.js: the keys of the page: F (presentation mode), G (glossary),
// Escape, L and 1-5 (a view's lesson), and a live view's Space, S, R and
// ←/→, routed to the shell or to the mounted view's actions, never where the
// focus gives the key its own meaning.
import { t } from './i18n/index.js';

// The keys of the page (F, Escape) and of a view with actions.
export const PAGE_KEYS = [['F', t('page.keys.f')], ['G', t('page.keys.g')], [t('page.key.esc'), t('page.keys.esc')]];
export const LESSON_KEYS = [['L', t('page.keys.l')], ['1–5', t('page.keys.steps')]];
const ACTION_KEYS = { ' ': 'Space', s: 'S', S: 'S', r: 'R', R: 'R', ArrowLeft: 'ArrowLeft', ArrowRight: 'ArrowRight',
  f: 'F', F: 'F', g: 'G', G: 'G', Escape: 'Escape', l: 'L', L: 'L', 1: '1', 2: '2', 3: '3', 4: '4', 5: '5' };
const TYPING = /^(text|number|search|email|url|tel|password|range|date|time|datetime-local|month|week)$/;

/** The key this event stands for ('Space', 'S', …), or null when the page
 *  must leave it alone: a modifier is held, something handled it already,
 *  or the focus is where the key has its own meaning (a text or number
 *  field, a slider, a select; Space on a button or a summary; the arrows on
 *  the tab bar). */
function routedKey(e) {
  const key = ACTION_KEYS[e.key];
  if (!key || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return null;
  const t = e.target instanceof Element ? e.target : null;
  if (t) {
    if (t.isContentEditable || t.closest('select, textarea')) return null;
    if (t.tagName === 'INPUT' && (TYPING.test(t.type) || key === 'Space')) return null;
    if (key === 'Space' && t.closest('button, summary, a[href], [role=button], [role=tab]')) return null;
    if (key.startsWith('Arrow') && t.closest('[role=tablist]')) return null;
  }
  return key;
}

/** The page's keydown handler: on = { gloss, present (presentMode.js),
 *  canSetUp(index) → whether the shown view's lesson has step index,
 *  setUpLesson(index | null), actions() → the mounted view's actions or null }. */
export function pageKeys(on) {
  const { gloss, present: { setPresent, escapeDrawer, keysHint } } = on;
  document.addEventListener('keydown', (e) => {
    const present = document.body.classList.contains('present');
    // Escape closes the open drawer from any control in it that did not use the key itself
    if (e.key === 'Escape' && present && !e.defaultPrevented && document.body.classList.contains('drawer-open')) {
      escapeDrawer();
      e.preventDefault();
      return;
    }
    const key = routedKey(e);
    if (!key) return;
    if (gloss.isOpen()) {
      // the glossary is modal: G and Escape close it, the other keys wait
      if (key === 'G' || key === 'Escape') { gloss.close(); e.preventDefault(); }
      return;
    }
    if (key === 'G') {
      if (!e.repeat) gloss.open();
    } else if (key === 'F') {
      if (!e.repeat) setPresent(!present, true);
    } else if (key === 'Escape') {
      if (!present) {
        if (!keysHint.open) return;
        keysHint.open = false;
      } else if (document.body.classList.contains('drawer-open')) escapeDrawer();
      else setPresent(false, true);
    } else if (key === 'L') {
      if (!e.repeat) on.setUpLesson(null);
    } else if (/^[1-5]$/.test(key)) {
      if (e.repeat || !on.canSetUp(Number(key) - 1)) return;
      on.setUpLesson(Number(key) - 1);
    } else {
      const actions = on.actions();
      if (!actions) return;
      if (key === 'Space') { if (!e.repeat) actions.togglePause(); }
      else if (key === 'S') actions.step();
      else if (key === 'R') { if (!e.repeat) actions.reset(); }
      else actions.nudgeGoal(key === 'ArrowLeft' ? -1 : 1);
    }
    e.preventDefault();
  });
}
