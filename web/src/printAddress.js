// printAddress.js: the address a printed worksheet's links and QR codes
// start with (worksheet.js setupUrl). By default the page's own; a teacher
// who prints from http://127.0.0.1:8000/ gives the address the students'
// phones can reach (the school's server, the laptop's address on the
// classroom network) in the field under the lesson's print buttons
// (layout.js lessonFrame), and the browser remembers it (localStorage).
import { el } from './dom.js';
import { t } from './i18n/index.js';

export const BASE_KEY = 'fx.worksheet.base';

/** The page's own address `href` without its query and fragment (the
 *  default). Read off the whole address, not location.origin: Firefox gives
 *  a file: page the origin "null" (the single file from a USB stick). */
export function pageBase(href = window.location.href) {
  const u = new URL(href);
  u.search = '';
  u.hash = '';
  return u.href;
}

/** The address `url` as a person reads it: its percent-escapes of letters
 *  and spaces decoded ("Clé USB", not "Cl%C3%A9%20USB": a folder's name on a
 *  USB stick, the single file's address), those of the characters that
 *  structure an address (/ ? # & = …, decodeURI keeps them) and of invisible
 *  or direction-changing characters kept; `url` as it is when it does not
 *  decode. For text only: a link's href stays `url`. */
export function displayAddress(url) {
  let text;
  try {
    text = decodeURI(url);
  } catch {
    return url;
  }
  // a control or format character (Cc, Cf: bidi marks, zero-width ones) decoded: the escapes stay
  return /[\p{Cc}\p{Cf}]/u.test(text) ? url : text;
}

/** Whether host names this computer only (localhost, 127.x.x.x, ::1, 0.0.0.0). */
export const isLoopback = (host) => /^(localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$/i.test(host);

/** The typed address as the base of the sheet's links: { url } (an http or
 *  https address, its query and fragment dropped) or { why } (a sentence). */
export function checkBase(text) {
  let u;
  try {
    u = new URL(String(text).trim());
  } catch {
    return { why: t('worksheet.base.bad', { got: String(text).trim() }) };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { why: t('worksheet.base.bad', { got: String(text).trim() }) };
  u.search = '';
  u.hash = '';
  return { url: u.href };
}

let kept = null;   // the address typed, for this page when storage is refused
function stored() {
  try {
    return window.localStorage.getItem(BASE_KEY) ?? kept;
  } catch {
    return kept;   // storage refused (a private window's settings)
  }
}

/** The base of a printed sheet's links: the teacher's address, else the page's. */
export function printBase() {
  const s = stored();
  const ok = s && checkBase(s).url;
  return ok || pageBase();
}

/** The note under the field for the base `base`: a file (the single file,
 *  build/dist/friction-explorer.html, opened from a USB stick) or this
 *  computer's own address cannot be opened by the students' phones; any
 *  other address is said as it is. */
export function baseNote(base) {
  const u = new URL(base);
  if (u.protocol === 'file:') return t('worksheet.base.file');
  if (isLoopback(u.hostname)) return t('worksheet.base.loopback', { host: u.hostname });
  return t('worksheet.base.now', { url: displayAddress(base) });
}

/** The field that sets printBase(): its label, the input, a line that says
 *  what is wrong with a typed address or why the default will not do. */
export function printAddressField() {
  const input = el('input', { type: 'url', id: 'lesson-print-base', className: 'lesson-print-base', spellcheck: false,
    placeholder: displayAddress(pageBase()), value: stored() ? displayAddress(stored()) : '' });
  const msg = el('p', { className: 'note lesson-print-base-msg', id: 'lesson-print-base-msg', 'aria-live': 'polite' });
  const say = () => {
    msg.className = 'note lesson-print-base-msg';
    msg.textContent = baseNote(printBase());
  };
  input.addEventListener('change', () => {
    const text = input.value.trim();
    if (text === '') {
      kept = null;
      try { window.localStorage.removeItem(BASE_KEY); } catch { /* storage refused */ }
      say();
      return;
    }
    const { url, why } = checkBase(text);
    if (!url) {
      msg.className = 'msg-bad lesson-print-base-msg';
      msg.textContent = why;
      return;
    }
    kept = url;
    try { window.localStorage.setItem(BASE_KEY, url); } catch { /* storage refused: kept for this page */ }
    input.value = displayAddress(url);
    say();
  });
  say();
  return el('div', { className: 'lesson-print-address' },
    el('label', { htmlFor: 'lesson-print-base', textContent: t('worksheet.base.label') }), ' ', input, msg);
}
