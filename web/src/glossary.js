// glossary.js: the short glossary of the explorer's symbols and words, one
// dialog reachable from every view (the header's "Glossary (G)" button, or
// the key G); Escape or its Close button closes it and gives the focus back.
// Each entry says where it comes from: the paper and the equation.
//
//   const g = glossary(headerTools);   // adds the button, returns { open, close, toggle, isOpen }
import { el, symbolNodes } from './dom.js';
import { t } from './i18n/index.js';

// Each entry's term, definition and source are strings of the table
// (glossary.<id>.term/.def/.src): `_x` and `^x` are drawn as sub- and
// superscripts (dom.js symbolNodes), ‹X› in italics; the papers' names stay
// as published ({KIK}, {DP}, {CIS}).
const PAPERS = {
  KIK: 'Kikuuwe et al. 2006 (IEEE T-RO 22(6))',
  DP: 'Duclusaud & Passault, "Extended Friction Models for the Physics Simulation of Servo Actuators"',
  CIS: 'Cisneros et al., "Reliable chattering-free simulation of friction torque in joints presenting high stiction"',
};

/** The glossary's entries, in reading order. */
export const IDS = ['phi', 'phi-z', 'vstar', 'z', 'stick', 'elements', 'budget', 'models', 'karnopp', 'stribeck', 'mae'];

/** symbolNodes of `text` with each ‹X› in italics (not *X*: v* is a symbol). */
function richNodes(text) {
  return text.split(/‹([^‹›]+)›/).flatMap((part, k) => (k % 2 ? [el('i', {}, ...symbolNodes(part))] : symbolNodes(part)));
}

/** A source's text with each paper's name ({KIK}, {DP}, {CIS}) put in: a
 *  name in English is marked so (lang="en": read aloud as English, and not
 *  taken for an untranslated string on a page in another language). */
const sourceNodes = (text) => text.split(/\{(KIK|DP|CIS)\}/)
  .map((part, k) => (k % 2 ? el('span', { lang: 'en' }, PAPERS[part]) : part));

/** [id, term (nodes), definition (nodes), source (nodes)] in reading order. */
export const ENTRIES = IDS.map((id) => [id, richNodes(t(`glossary.${id}.term`)), richNodes(t(`glossary.${id}.def`)),
  sourceNodes(t(`glossary.${id}.src`))]);

/**
 * Adds the "Glossary (G)" button to `tools` (the header's tool row) and the
 * dialog to the page.
 * @param {HTMLElement} tools
 * @returns {{ open(): void, close(): void, toggle(): void, isOpen(): boolean }}
 */
export function glossary(tools) {
  const btn = el('button', { type: 'button', id: 'glossary-button', 'aria-haspopup': 'dialog', 'aria-keyshortcuts': 'G',
    title: t('glossary.button.title') }, t('glossary.button'));
  const close = el('button', { type: 'button', className: 'glossary-close' }, t('glossary.close'));
  const list = el('dl', { className: 'glossary-list' });
  for (const [id, term, def, src] of ENTRIES) {
    list.append(el('dt', { id: `gl-${id}` }, ...term),
      el('dd', {}, ...def, ' ', el('span', { className: 'glossary-src' }, ...t('glossary.source').split('{src}').flatMap((part, k) => (k ? [...src, part] : [part])))));
  }
  const dialog = el('dialog', { id: 'glossary', className: 'glossary', 'aria-labelledby': 'glossary-title' },
    el('div', { className: 'glossary-head' }, el('h2', { id: 'glossary-title' }, t('glossary.title')), close), list);
  tools.prepend(btn);
  document.body.append(dialog);
  let back = null;
  const api = {
    isOpen: () => dialog.open,
    open() {
      if (dialog.open) return;
      back = document.activeElement;
      dialog.showModal();
      close.focus();
    },
    close() {
      if (!dialog.open) return;
      dialog.close();
    },
    toggle() { if (dialog.open) api.close(); else api.open(); },
  };
  dialog.addEventListener('close', () => { if (back && back.isConnected) back.focus({ preventScroll: true }); back = null; });
  // a click on the backdrop (outside the dialog's box) closes it too
  dialog.addEventListener('click', (e) => { if (e.target === dialog) api.close(); });
  btn.addEventListener('click', api.open);
  close.addEventListener('click', api.close);
  return api;
}
