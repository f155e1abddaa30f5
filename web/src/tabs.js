// tabs.js: the header's tab strip, one tab a view (main.js): a click or the
// arrow keys show a view; the selected tab marked and kept in view when the
// strip scrolls sideways (presentation mode in a narrow window); in
// presentation mode the short names, the title then the tab's accessible
// name (its header keeps one row: css/present.css).
import { symbolNodes } from './dom.js';
import { symbolText } from './format.js';

/** The tabs of `views` ([{ id, title, short }]) in the element `strip`;
 *  show(id, user) shows a view and answers whether it did. Returns
 *  { select(id): marks id's tab, names(short): titles or short names }. */
export function tabStrip(strip, views, show) {
  const buttons = views.map((v, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.role = 'tab';
    b.id = `tab-${v.id}`;
    b.append(...symbolNodes(v.title));
    b.setAttribute('aria-controls', 'view');
    b.addEventListener('click', () => show(v.id, true));
    b.addEventListener('keydown', (e) => {
      const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (d) {
        const next = views[(i + d + views.length) % views.length];
        if (show(next.id, true)) document.getElementById(`tab-${next.id}`).focus();
      }
    });
    strip.append(b);
    return b;
  });
  /** A strip that scrolls sideways shows the selected tab. */
  function selectedInView() {
    const b = buttons.find((x) => x.getAttribute('aria-selected') === 'true');
    if (!b || strip.scrollWidth <= strip.clientWidth) return;
    const r = b.getBoundingClientRect(), box = strip.getBoundingClientRect();
    if (r.left < box.left) strip.scrollLeft -= box.left - r.left;
    else if (r.right > box.right) strip.scrollLeft += r.right - box.right;
  }
  return {
    select(id) {
      buttons.forEach((b, i) => {
        const sel = views[i].id === id;
        b.setAttribute('aria-selected', String(sel));
        b.tabIndex = sel ? 0 : -1;
      });
      selectedInView();
    },
    names(short) {
      buttons.forEach((b, i) => {
        const v = views[i];
        b.replaceChildren(...symbolNodes(short ? v.short : v.title));
        if (short) b.setAttribute('aria-label', symbolText(v.title)); else b.removeAttribute('aria-label');
      });
      selectedInView();
    },
  };
}
