// dom.js: the one DOM helper of the views: an element with its properties,
// attributes and children in one call, and the button every bar uses.
import { localNumber, SYMBOL, symbolText } from './format.js';

export { symbolText };

/** el('div', { className: 'row', 'aria-label': 'Run', dataset: { x: '1' } }, child, 'text'):
 *  a property of the element is set as one (className, id, textContent, hidden,
 *  type, …), anything else as an attribute; `dataset` is merged. */
export function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...kids);
  return e;
}

let capture = null;
/** The next download(name, href) goes to f(name, href) instead of the
 *  browser's Save (the embedding API's CSV, embed.js); null cancels. */
export function captureDownload(f) { capture = f; }

/** Saves href (a data: or blob: URL) as the file `name`; a blob: URL is
 *  revoked once the browser has had time to read it. */
export function download(name, href) {
  if (capture) { const c = capture; capture = null; c(name, href); return; }
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  if (href.startsWith('blob:')) setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** A button with a tooltip. */
export function button(text, title) {
  return el('button', { type: 'button', textContent: text, ...(title ? { title } : {}) });
}

// The core's labels write a symbol's index and exponent as `_x` and `^x`
// (format.js SYMBOL): on the page they become a subscript and a superscript.
// An index of several characters is written one character at a time
// (τ_f_s, the paper's τ with the index fs; q_d_1), and drawn as one subscript.

/** The nodes of `text` with `_x` as <sub>x</sub> and `^x` as <sup>x</sup>
 *  (`_f_s` as one <sub>fs</sub>). */
export function symbolNodes(text) {
  const out = [];
  let last = 0;
  for (const m of String(text).matchAll(SYMBOL)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const tag = m[1] ? 'sub' : 'sup', prev = out[out.length - 1];
    if (m.index === last && prev instanceof Element && prev.tagName.toLowerCase() === tag) prev.append(m[1] ?? m[2]);
    else out.push(el(tag, {}, m[1] ?? m[2]));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

// A lesson step marks each number it quotes (what the student reads off the
// screen, and the lesson tests check) as ⟦…⟧: on the page the marks go and
// the number is a span.quote; a worksheet prints a blank there, its answer
// key the number (worksheet.js). The rule for the numbers of a lesson's texts
// (its notice and steps, quoted or not): the tables write them with a point
// (the quoted ones the same in every language: tests/web/i18n.test.mjs); the
// page writes them in its language's form (format.js localNumber: "0,154" in
// French), as it writes every number it shows.
const QUOTE = /⟦([^⟦⟧]*)⟧/g;

/** symbolNodes of a lesson's text, its numbers in the page's form, each
 *  ⟦quoted⟧ number a span.quote; blank(q) (optional) gives the node that
 *  stands for quote q (in that form) instead. */
export function quoteNodes(text, blank = null) {
  const out = [];
  let last = 0;
  const plain = (s) => symbolNodes(localNumber(s));
  for (const m of String(text).matchAll(QUOTE)) {
    if (m.index > last) out.push(...plain(text.slice(last, m.index)));
    const q = localNumber(m[1]);
    out.push(blank ? blank(q) : el('span', { className: 'quote' }, ...symbolNodes(q)));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(...plain(text.slice(last)));
  return out;
}

