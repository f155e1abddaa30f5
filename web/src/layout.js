// layout.js: the frame every view shares: a control column beside a chart
// column, a heading with an introduction, the in-place error box, and the
// lesson box with the key legend that main.js puts above the view.

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
    h2.textContent = title;
    side.append(h2);
  }
  if (intro) {
    const p = document.createElement('p');
    p.className = 'note';
    p.textContent = intro;
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
  const aside = document.createElement('aside');
  aside.className = 'lesson';
  aside.setAttribute('aria-label', 'Lesson');
  if (lesson) {
    const details = document.createElement('details');
    details.open = open;
    details.addEventListener('toggle', () => onToggle(details.open));
    const summary = document.createElement('summary');
    summary.textContent = 'What to notice';
    const body = document.createElement('div');
    body.className = 'lesson-body';
    const notice = document.createElement('p');
    notice.className = 'lesson-notice';
    notice.textContent = lesson.notice;
    const tryBox = document.createElement('div');
    tryBox.className = 'lesson-try';
    const h = document.createElement('h3');
    h.textContent = 'Try this';
    const ol = document.createElement('ol');
    for (const step of lesson.tryThis || []) {
      const li = document.createElement('li');
      li.textContent = step;
      ol.append(li);
    }
    tryBox.append(h, ol);
    body.append(notice, tryBox);
    details.append(summary, body);
    aside.append(details);
  } else {
    aside.classList.add('no-lesson');
  }
  const legend = document.createElement('dl');
  legend.className = 'key-legend';
  legend.setAttribute('aria-label', 'Keys');
  aside.append(legend);
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
