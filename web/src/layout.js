// layout.js: the frame every view shares: a control column beside a chart
// column, a heading with an introduction, the in-place error box, and the
// lesson box with the key legend that main.js puts above the view.
import { el, symbolNodes, quoteNodes } from './dom.js';
import { t } from './i18n/index.js';
import { printAddressField } from './printAddress.js';

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
 * view's LESSON = { notice, tryThis: [...], start? } as a "What to notice" box
 * and a numbered "Try this" list in one <details> (open unless the user closed
 * it), and the key legend that presentation mode shows under it. A view
 * without a LESSON gets the legend only.
 * A step is a string or { text, setup, chart }: setup is the view's URL state
 * (its keys without the view's prefix; every other key at its default; or a
 * function of the core that returns it) that
 * the step assumes, i.e. the state reached by following the steps before it
 * in order from the lesson's start; chart (a CSS selector in the view) is
 * what the step looks at. A step with a setup gets a "Set up" button, the
 * list a "Reset to the lesson's start" button (LESSON.start, default: every
 * key at its default); both call onSetup(index or null) (main.js applies it
 * through the URL state and mounts the view again). `current`: the index of
 * the step last set up (marked), or null.
 */
/** off: null, or a sentence saying that the view is not in the state whose
 *  numbers the steps quote (shown above the steps). onPrint(kind): prints
 *  the lesson as a worksheet ('sheet') or its answer key ('key'). */
export function lessonFrame(lesson, open, onToggle, onSetup = null, current = null, off = null, onPrint = null) {
  const aside = el('aside', { className: 'lesson', 'aria-label': t('lesson.aria') });
  if (lesson) {
    const steps = (lesson.tryThis || []).map((step, i) => {
      const s = typeof step === 'string' ? { text: step } : step;
      const li = el('li', {}, el('span', {}, ...quoteNodes(s.text)));
      if (i === current) li.setAttribute('aria-current', 'step');
      if (s.setup && onSetup) {
        const b = el('button', { type: 'button', className: 'lesson-setup', textContent: t('lesson.setup'),
          title: t('lesson.setup.title', { n: i + 1 }), 'aria-label': t('lesson.setup.aria', { n: i + 1 }) });
        b.dataset.step = String(i);
        // out of the Tab order (the keys 1-5 do the same), so that a Tab from
        // the tab bar still reaches the view's controls in a few presses
        b.tabIndex = -1;
        b.addEventListener('click', () => onSetup(i));
        li.append(' ', b);
      }
      return li;
    });
    const head = el('h2', { textContent: t('lesson.try') });
    if (onSetup) {
      const reset = el('button', { type: 'button', className: 'lesson-reset', textContent: t('lesson.reset'),
        title: t('lesson.reset.title') });
      reset.addEventListener('click', () => onSetup(null));
      head.append(' ', reset);
    }
    if (onPrint) {
      for (const [kind, text, title] of [['sheet', t('lesson.print.sheet'), t('lesson.print.sheet.title')],
        ['key', t('lesson.print.key'), t('lesson.print.key.title')]]) {
        const b = el('button', { type: 'button', className: `lesson-print lesson-print-${kind}`, textContent: text, title });
        b.addEventListener('click', () => onPrint(kind));
        head.append(' ', b);
      }
    }
    const details = el('details', { open }, el('summary', { textContent: t('lesson.notice') }),
      el('div', { className: 'lesson-body' }, el('p', { className: 'lesson-notice' }, ...quoteNodes(lesson.notice)),
        // the steps right under their head (a short window shows several); the
        // address the sheets print, a teacher's setting, after them
        el('div', { className: 'lesson-try' }, head,
          ...(off ? [lessonOffNote(off)] : []),
          el('ol', {}, ...steps), ...(onPrint ? [printAddressField()] : []))));
    details.addEventListener('toggle', () => onToggle(details.open));
    aside.append(details);
  } else {
    aside.classList.add('no-lesson');
  }
  aside.append(el('dl', { className: 'key-legend', 'aria-label': t('lesson.keys.aria') }));
  return aside;
}

/** The sentence saying the view is not in the state the steps quote. */
export const lessonOffNote = (text) => el('p', { className: 'note lesson-off', role: 'note', textContent: text });

/** The URL state a lesson's step assumes (index null: the lesson's start);
 *  a setup may be a function of the core (a preset's index). */
export function lessonSetup(lesson, index, core) {
  const s = index === null ? { setup: lesson.start || {} } : lesson.tryThis[index];
  const setup = s && typeof s === 'object' ? s.setup : null;
  return typeof setup === 'function' ? setup(core) : setup || null;
}

/** The CSS selector of what a lesson's step looks at, if any. */
export function lessonChart(lesson, index) {
  const s = index === null ? null : lesson.tryThis[index];
  return (s && typeof s === 'object' && s.chart) || null;
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
