// exports/panel.js: the "copy and restore" panel of every view (copy as
// JSON, paste and apply, the MuJoCo snippet and bench of a servo) and the
// file buttons of a multi-file export.

import { t, tCore, asSentence } from '../i18n/index.js';
import { el, button, download } from '../dom.js';
import { mujocoSnippet } from './mujoco.js';

/** Files [{ name, text }] as one text, each after a line `==> name <==`
 *  (head's), to copy at once. */
export function filesText(files) {
  return files.map((f) => `==> ${f.name} <==\n${f.text}`).join('\n');
}

/** A row of download buttons, one per file [{ name, type, text }]. */
export function fileButtons(files) {
  return el('div', { className: 'row export-files' }, ...files.map((f) => {
    const b = button(`⤓ ${f.name}`, t('export.save', { name: f.name }));
    b.dataset.file = f.name;
    b.addEventListener('click', () => download(f.name, URL.createObjectURL(new Blob([f.text], { type: f.type }))));
    return b;
  }));
}

/**
 * exportPanel(parent, { getParams() -> plain object (or a params file's
 * text, core.io.paramsText), setParams(obj) (throws
 * an Error with a human message; nothing changes then), fileName, servo?:
 * () => servoExport(core, values) (mujocoSnippet's { o, servo } and the
 * exact bench's files), or null when no servo is chosen }) → { el,
 * carried(warnings): shows the core's sentences for the carried keys }.
 */
export function exportPanel(parent, { getParams, setParams, fileName, servo, title = t('export.title') }) {
  const box = el('section', { className: 'export-panel', 'aria-label': title });
  const copyBtn = button(t('export.copy'), t('export.copy.title'));
  const pasteBtn = button(t('export.paste'), t('export.paste.title'));
  const mjBtn = servo ? button(t('export.snippet'), t('export.snippet.title')) : null;
  const benchBtn = servo ? button(t('export.bench'), t('export.bench.title')) : null;
  const row = el('div', { className: 'row' }, ...[copyBtn, pasteBtn, mjBtn, benchBtn].filter(Boolean));
  const status = el('div', { className: 'note export-status', role: 'status' });
  const outText = el('textarea', { className: 'export-text', readOnly: true, rows: 8, wrap: 'off', hidden: true, 'aria-label': t('export.text.aria') });
  const filesRow = el('div', { hidden: true });
  const pasteText = el('textarea', { rows: 8, placeholder: '{"actuator": "xl330", "model": "m4", …}', 'aria-label': t('export.paste.aria') });
  const pasteMsg = el('div', { className: 'msg-bad', role: 'alert', hidden: true });
  const apply = button(t('export.apply')), cancel = button(t('export.cancel'));
  const pasteBox = el('div', { className: 'export-paste', hidden: true }, pasteText, pasteMsg, el('div', { className: 'row' }, apply, cancel));
  box.append(el('h3', { textContent: title }), row, status, filesRow, outText, pasteBox);
  parent.append(box);

  async function show(text, what, files = null) {
    filesRow.hidden = !files;
    filesRow.replaceChildren(...(files ? [fileButtons(files)] : []));
    outText.value = text;
    outText.hidden = false;
    outText.dataset.kind = what;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        copied = true;
      }
    } catch { /* not allowed here: the text stays selectable below */ }
    status.textContent = copied ? t('export.copied', { what }) : t('export.selected', { what });
    if (!copied) { outText.focus(); outText.select(); }
  }

  copyBtn.addEventListener('click', () => {
    // an object, or a params file's text already written (by the core's writer)
    const o = getParams(), text = typeof o === 'string' ? o : `${JSON.stringify(o, null, 2)}\n`;
    const n = Object.keys(typeof o === 'string' ? JSON.parse(o) : o).length;
    show(text, fileName ? t('export.json.file', { n, file: `${fileName}.json` }) : t('export.json', { n }));
  });
  if (mjBtn) {
    mjBtn.addEventListener('click', () => {
      const s = servo();
      if (s) show(mujocoSnippet(s.o, s.servo), t('export.snippet.what'));
      else status.textContent = t('export.snippet.none');
    });
    benchBtn.addEventListener('click', () => {
      const s = servo();
      if (!s) { status.textContent = t('export.bench.none'); return; }
      let files;
      try { files = s.bench(); } catch (e) { status.textContent = t('export.bench.failed', { message: e.message }); return; }
      show(filesText(files), t('export.bench.what', { files: files.map((f) => f.name).join(', ') }), files);
    });
  }
  const closePaste = () => { pasteBox.hidden = true; pasteMsg.hidden = true; pasteBtn.focus(); };
  pasteBtn.addEventListener('click', () => {
    pasteBox.hidden = !pasteBox.hidden;
    pasteMsg.hidden = true;
    if (!pasteBox.hidden) pasteText.focus();
  });
  cancel.addEventListener('click', closePaste);
  // a refusal says so alone: the last "Applied N parameters." and the last
  // file's carried-key notes go (they described the state before this paste)
  function refuse(text) {
    status.textContent = '';
    box.querySelector('.export-carried')?.remove();
    pasteMsg.textContent = text;
    pasteMsg.hidden = false;
  }
  function doApply() {
    let obj;
    try {
      obj = JSON.parse(pasteText.value);
    } catch {
      refuse(pasteText.value.trim()
        ? t('export.notJson')
        : t('export.empty'));
      return;
    }
    try {
      setParams(obj);
    } catch (e) {
      const m = tCore(e);   // the core's sentence in the page's language
      refuse(t('export.refused', { message: asSentence(m) }));
      return;
    }
    pasteMsg.hidden = true;
    pasteBox.hidden = true;
    status.textContent = t('export.applied', { n: Object.keys(obj).length });
  }
  apply.addEventListener('click', doApply);
  pasteBox.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { e.preventDefault(); closePaste(); }
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); doApply(); }
  });
  // the core's warnings for the pasted file's keys it does not model (carried)
  const carried = (warnings) => {
    const w = el('div', { className: 'note export-carried', role: 'note', textContent: warnings.join(' ') });
    w.hidden = !warnings.length;
    box.querySelector('.export-carried')?.remove();
    status.after(w);
  };
  return { el: box, carried };
}
