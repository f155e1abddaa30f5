// worksheet.js: a view's lesson on paper (the "Worksheet" and "Answer key"
// buttons of the lesson box, web/css/print.css). The lesson's own steps are
// the single source: a worksheet prints each step with a blank where it
// quotes a number (⟦…⟧ in the step's text, dom.js quoteNodes), its set-up as
// a link and a QR code (npm qrcode-generator), and a line for the student's
// name; the answer key prints the same steps with the numbers, which the
// lesson tests check (tests/web/e2e.d/lessons*.mjs), and "What to notice".
import qrcode from 'qrcode-generator';
import { el, quoteNodes, symbolNodes } from './dom.js';
import { lessonSetup } from './layout.js';
import { t, lang } from './i18n/index.js';
import { printBase, displayAddress } from './printAddress.js';

/** The address of a lesson step's set-up (index null: the lesson's start):
 *  the sheet's base address (printAddress.js: the teacher's, else this
 *  page's) with the view and the step's URL state. */
export function setupUrl(viewId, lesson, index, core) {
  const entries = lessonSetup(lesson, index, core) || {};
  const q = new URLSearchParams({ view: viewId });
  if (lang !== 'en') q.set('lang', lang); // the set-up opens in the sheet's language
  for (const [k, v] of Object.entries(entries)) q.set(`${viewId}.${k}`, String(v));
  return `${printBase()}?${q}`;
}

/** A QR code of `text` as an <img> (a GIF data: URL). */
function qrImage(text, label) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return el('img', { className: 'qr', src: qr.createDataURL(4, 0), alt: label });
}

// A letter with a combining mark (θ̇, q̈, Φ̂): DejaVu Serif, the print stack's
// font on Debian, sets the dot of θ̇ on the θ's shoulder, where it cannot be
// seen; each such letter is a span.ws-mark, set in a sans-serif that draws
// its mark above it (print.css). The text stays the same (a copy, a search,
// pdftotext read θ̇).
const MARKED = /\P{M}\p{M}+/gu;

/** Every letter with a combining mark in the text under `root` wrapped in a span.ws-mark. */
function markLetters(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) if (/\p{M}/u.test(walker.currentNode.data)) texts.push(walker.currentNode);
  for (const node of texts) {
    const parts = [];
    let last = 0;
    for (const m of node.data.matchAll(MARKED)) {
      if (m.index > last) parts.push(node.data.slice(last, m.index));
      parts.push(el('span', { className: 'ws-mark' }, m[0]));
      last = m.index + m[0].length;
    }
    if (last < node.data.length) parts.push(node.data.slice(last));
    node.replaceWith(...parts);
  }
  return root;
}

/** The worksheet (kind 'sheet') or answer key (kind 'key') of view
 *  { id, title, module: { LESSON } } as an <article class="worksheet">. */
export function worksheet(view, kind, core) {
  const lesson = view.module.LESSON;
  const key = kind === 'key';
  const start = setupUrl(view.id, lesson, null, core);
  const blank = (q) => el('span', { className: 'blank', 'aria-label': t('worksheet.blank') }, '\u00a0'.repeat(Math.max(6, q.length + 4)));
  const answer = (q) => el('b', { className: 'answer' }, ...symbolNodes(q));
  const steps = (lesson.tryThis || []).map((step, i) => {
    const s = typeof step === 'string' ? { text: step } : step;
    const li = el('li', {}, el('p', { className: 'ws-step' }, ...quoteNodes(s.text, key ? answer : blank)));
    if (s.setup) {
      const url = setupUrl(view.id, lesson, i, core);
      li.append(el('div', { className: 'ws-setup' }, qrImage(url, t('worksheet.qr.step', { n: i + 1 })),
        el('span', {}, t('worksheet.step.setup', { n: i + 1 }), el('a', { href: url }, displayAddress(url)))));
    }
    return li;
  });
  return markLetters(el('article', { className: 'worksheet', 'data-kind': kind },
    el('header', {},
      el('h1', {}, t('worksheet.h1'), ...symbolNodes(view.title)),
      el('p', { className: 'ws-kind' }, key ? t('lesson.print.key') : t('lesson.print.sheet')),
      ...(key ? [] : [el('p', { className: 'ws-name' }, t('worksheet.name'), el('span', { className: 'blank line' }, '\u00a0'),
        t('worksheet.date'), el('span', { className: 'blank short' }, '\u00a0'))])),
    el('div', { className: 'ws-start' }, qrImage(start, t('worksheet.qr.start')),
      el('p', {}, t('worksheet.open'), el('a', { href: start }, displayAddress(start)))),
    ...(key ? [el('section', {}, el('h2', {}, t('lesson.notice')), el('p', {}, ...quoteNodes(lesson.notice)))] : []),
    el('h2', {}, key ? t('worksheet.steps.key') : t('worksheet.steps.sheet')),
    el('ol', {}, ...steps),
    el('footer', {}, key ? t('worksheet.footer.key') : t('worksheet.footer.sheet'))));
}

/** Prints the worksheet or answer key of the view on screen: the article
 *  is added for the print and taken away after it. */
export function printWorksheet(view, kind, core) {
  const node = worksheet(view, kind, core);
  document.querySelectorAll('body > .worksheet').forEach((n) => n.remove());
  document.body.append(node);
  document.body.classList.add('printing');
  const done = () => {
    node.remove();
    document.body.classList.remove('printing');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
