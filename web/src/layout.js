// layout.js: the frame every view shares: a control column beside a chart
// column, a heading with an introduction, the in-place error box, and the
// lesson box with the key legend that main.js puts above the view.
import { el, symbolNodes } from './dom.js';

/** Fills container with the two columns; title/intro (optional) head the
 *  controls. Returns { side, charts }. */
export function viewLayout(container, title, intro) {
  container.className = 'view';
  const side = document.createElement('div');
  side.className = 'controls';
  const charts = document.createElement('div');
  charts.className = 'charts';
  container.append(side, charts);
  if (title) {
    const h2 = document.createElement('h2');
    h2.append(...symbolNodes(title));
    side.append(h2);
  }
  if (intro) {
    const p = document.createElement('p');
    p.className = 'note';
    p.append(...symbolNodes(intro));
    side.append(p);
  }
  return { side, charts };
}

/** A hidden alert box for a core message shown where it occurs. */
export function messageBox() {
  const msg = document.createElement('div');
  msg.className = 'msg-bad';
  msg.setAttribute('role', 'alert');
  msg.hidden = true;
  return msg;
}

/**
 * The lesson frame shown above a view (beside it in presentation mode): the
 * view's LESSON = { notice, tryThis: [...] } as a "What to notice" box and a
 * numbered "Try this" list in one <details> (open unless the user closed
 * it), and the key legend that presentation mode shows under it. A view
 * without a LESSON gets the legend only.
 */
export function lessonFrame(lesson, open, onToggle) {
  const aside = el('aside', { className: 'lesson', 'aria-label': 'Lesson' });
  if (lesson) {
    const details = el('details', { open }, el('summary', { textContent: 'What to notice' }),
      el('div', { className: 'lesson-body' }, el('p', { className: 'lesson-notice' }, ...symbolNodes(lesson.notice)),
        el('div', { className: 'lesson-try' }, el('h3', { textContent: 'Try this' }),
          el('ol', {}, ...(lesson.tryThis || []).map((step) => el('li', {}, ...symbolNodes(step)))))));
    details.addEventListener('toggle', () => onToggle(details.open));
    aside.append(details);
  } else {
    aside.classList.add('no-lesson');
  }
  aside.append(el('dl', { className: 'key-legend', 'aria-label': 'Keys' }));
  return aside;
}

/** Fills a <dl> with [key, what it does] pairs. */
export function renderLegend(dl, keys) {
  dl.replaceChildren();
  for (const [key, text] of keys) {
    const dt = document.createElement('dt');
    const kbd = document.createElement('kbd');
    kbd.textContent = key;
    dt.append(kbd);
    const dd = document.createElement('dd');
    dd.textContent = text;
    dl.append(dt, dd);
  }
}
