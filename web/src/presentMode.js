// presentMode.js: the shell's presentation mode: body.present (+ full screen
// when the browser allows it), large type and chart fonts, controls in a
// drawer (opened by "Controls", closed by its button or Escape), and the
// "Skip to controls" link. main.js calls it once the core is loaded.
import { Chart } from 'chart.js';
import { setFlag } from './state.js';
import { t } from './i18n/index.js';

/** The presentation mode of the page's view container main and tab strip:
 *  { setPresent(on, fromUser), escapeDrawer(), keysHint }. */
export function presentMode(main, strip) {
  const presentBtn = document.getElementById('present-button');
  const drawerBtn = document.getElementById('drawer-button');
  const keysHint = document.getElementById('keys-hint');
  const chartFont = Chart.defaults.font.size;
  // the drawer of presentation mode: opening it moves the focus into it (the
  // drawer itself), closing it (the button, Escape) gives the focus back to
  // the "Controls" button if it was inside
  function setDrawer(open, focus = false) {
    const side = main.querySelector('.view > .controls');
    if (!open && side && side.contains(document.activeElement)) drawerBtn.focus({ preventScroll: true });
    // below the header while it is in the window: its "Hide controls" stays in reach
    const top = Math.max(0, document.querySelector('header.top')?.getBoundingClientRect().bottom || 0);
    document.body.style.setProperty('--drawer-top', `${Math.round(top)}px`);
    document.body.classList.toggle('drawer-open', open);
    drawerBtn.setAttribute('aria-expanded', String(open));
    drawerBtn.textContent = open ? t('page.drawer.hide') : t('page.drawer');
    if (open && focus && side) {
      // the drawer itself (a Tab then reaches its first control); Escape
      // from anywhere in it closes it
      if (!side.hasAttribute('tabindex')) side.tabIndex = -1;
      side.setAttribute('aria-label', t('page.drawer'));
      const go = () => { if (document.body.classList.contains('drawer-open')) side.focus({ preventScroll: true }); };
      go();
      // its visibility becomes visible over the slide's transition
      if (document.activeElement !== side) setTimeout(go, 250);
    }
  }
  // Escape closes the drawer and hands the keys back to the view: the focus
  // goes to the view, not to "Controls", where the next Space would open the
  // drawer again instead of pausing
  function escapeDrawer() {
    setDrawer(false);
    if (document.activeElement === drawerBtn) main.focus({ preventScroll: true });
  }
  function setPresent(on, fromUser) {
    document.body.classList.toggle('present', on);
    strip.names(on);
    presentBtn.setAttribute('aria-pressed', String(on));
    presentBtn.textContent = on ? t('page.present.leave') : t('page.present');
    drawerBtn.hidden = !on;
    setDrawer(false);
    keysHint.open = false; // the legend sits beside the lesson in presentation mode
    setFlag('present', on);
    Chart.defaults.font.size = on ? Math.round(chartFont * 1.5) : chartFont;
    Object.values(Chart.instances).forEach((c) => c.update('none'));
    const fs = document.fullscreenElement;
    if (on && !fs && fromUser && document.fullscreenEnabled) {
      document.documentElement.requestFullscreen().catch(() => { /* not allowed: the layout alone */ });
    } else if (!on && fs) {
      document.exitFullscreen().catch(() => {});
    }
    // the keys act on the view, not on a button that kept the focus
    if (on && document.activeElement === presentBtn) main.focus({ preventScroll: true });
  }
  // "Skip to controls": the first control of the view
  document.getElementById('skip-link').addEventListener('click', (e) => {
    const first = [...main.querySelectorAll('.view :is(input, select, textarea, button, summary, [tabindex="0"])')]
      .find((el) => !el.disabled && el.checkVisibility({ visibilityProperty: true }));
    if (!first) return;
    e.preventDefault();
    first.focus();
  });
  presentBtn.addEventListener('click', () => setPresent(!document.body.classList.contains('present'), true));
  drawerBtn.addEventListener('click', () => setDrawer(!document.body.classList.contains('drawer-open'), true));
  // leaving full screen (the browser's own Escape) leaves the presentation
  document.addEventListener('fullscreenchange', () => {
    if (!document.fullscreenElement && document.body.classList.contains('present')) setPresent(false, false);
  });
  return { setPresent, escapeDrawer, keysHint };
}
