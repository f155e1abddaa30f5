// mujoco/robotExports.js: what Your robot gives out (yourRobot.js): the
// adopted mapping as text in the CLI's syntax (#mujoco-robot-maptext: copied,
// or edited and adopted with Enter, Escape puts back the one running) and the
// two CSVs, the per-joint table and the adoption report (robot.js
// robotTableCsv, robotReportCsv, with robotCsvComments' header); and the
// robot written back as one plain MJCF whose adopted joints carry MuJoCo's
// native joint as a <default> class from a native params file (the core's
// class text, core.native.classMjcf; robotNative.js nativeRobotMjcf), for
// MJX, MuJoCo Warp, mjlab or Isaac Lab (docs/mujoco.md "Beyond one machine").
import { el, button, download } from '../../dom.js';
import { csvUrl } from '../../csv.js';
import { robotTableCsv, robotReportCsv, robotCsvComments } from '../../mujoco/robot.js';
import { nativeWriteBack } from '../../mujoco/robotNative.js';
import { t } from '../../i18n/index.js';

/**
 * The mapping row (#mujoco-robot-maptext and its copy button) and the CSV
 * row; show(text) after each adoption.
 * @param {{ pair: () => object|null, main: () => string, adopted: () => string,
 *   readopt: (text: string, stillMsg: string) => Promise<boolean>, say: (msg: string) => void,
 *   core?: object, files?: () => Map<string, Uint8Array> }} opts
 *   pair: the pair running (null before one runs); main: its robot's main
 *   file; adopted: its mapping text ('' before one runs); readopt: the
 *   section's adoption of a typed mapping (false and said when refused);
 *   core and files (the robot's files): the native write-back; native: the
 *   view's native params in hand ({ text, source } or null: a Fit view
 *   result or a file chosen for (A)), which the write-back uses without
 *   asking for a file
 */
export function robotExports({ pair, main, adopted, readopt, say, core = null, files = () => null, native = () => null }) {
  const mapText = el('input', { type: 'text', id: 'mujoco-robot-maptext', className: 'robot-maptext', spellcheck: false,
    autocomplete: 'off', 'aria-label': t('robot.map.aria') });
  const copyBtn = button(t('robot.copy'), t('robot.copy.title'));
  copyBtn.id = 'mujoco-robot-mapcopy';
  const mapNote = el('span', { className: 'note', id: 'mujoco-robot-mapnote' });
  const textRow = el('div', { className: 'row robot-maprow', hidden: true },
    el('label', { htmlFor: 'mujoco-robot-maptext', textContent: t('robot.map.label') }), mapText, copyBtn, mapNote);
  const csvBtn = button(t('robot.csv'), t('robot.csv.title'));
  csvBtn.id = 'mujoco-robot-csv';
  const reportCsvBtn = button(t('robot.reportCsv'), t('robot.reportCsv.title'));
  reportCsvBtn.id = 'mujoco-robot-report-csv';
  // the native write-back: a native params file chosen, the robot written with its class
  const nativeBtn = button(t('robot.native'), t('robot.native.title'));
  nativeBtn.id = 'mujoco-robot-native';
  const nativeInput = el('input', { type: 'file', accept: '.json,application/json', id: 'mujoco-robot-native-file', hidden: true });
  const nativeNote = el('span', { className: 'note', id: 'mujoco-robot-native-note', 'aria-live': 'polite' });
  const csvRow = el('div', { className: 'row robot-csv', hidden: true }, csvBtn, reportCsvBtn, nativeBtn, nativeInput, nativeNote);

  // the mapping's text: Enter adopts it, Escape puts back the one running
  mapText.addEventListener('keydown', async (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      mapText.value = adopted();
      mapNote.textContent = '';
      say('');
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const text = mapText.value.trim();
      if (!text) { say(t('robot.map.empty')); return; }
      if (await readopt(text, t('robot.still.mapping', { mapping: adopted() }))) mapNote.textContent = t('robot.map.adopted');
    }
  });
  mapText.addEventListener('input', () => { mapNote.textContent = mapText.value.trim() === adopted() ? '' : t('robot.map.pending'); });
  copyBtn.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(mapText.value);
      mapNote.textContent = t('robot.copied');
    } catch {
      // no clipboard here (a page not focused, or not allowed): the text selected for Ctrl+C
      mapText.select();
      mapNote.textContent = t('robot.selected');
    }
  });
  const csvComments = () => robotCsvComments(pair(), { main: main(), mapping: adopted() });
  const fileBase = () => main().split('/').pop().replace(/\.xml$/i, '');
  csvBtn.addEventListener('click', () => { if (pair()) download(`${fileBase()}-robot-table.csv`, csvUrl(robotTableCsv(pair().table(), pair().time, csvComments()))); });
  reportCsvBtn.addEventListener('click', () => { if (pair()) download(`${fileBase()}-adoption.csv`, csvUrl(robotReportCsv(pair(), csvComments()))); });

  /** The robot written back with the native params of text (source: its name). */
  function writeBack(text, source) {
    if (!pair() || !core) return;
    say('');
    nativeNote.textContent = '';
    try {
      const out = nativeWriteBack(core, { text, source, files: files(), main: main(), joints: pair().rows.map((r) => r.name) });
      const name = `${fileBase()}-native.xml`;
      download(name, URL.createObjectURL(new Blob([out.text], { type: 'application/xml' })));
      nativeNote.textContent = [t('robot.native.done', { file: name, cls: out.classes.map((c) => c.name).join(', '), joints: out.joints.join(', '),
        parents: [...new Set(out.classes.map((c) => c.parent))].join(', ') }),
        ...(out.missing.length ? [t('robot.native.missing', { joints: out.missing.join(', ') })] : []),
        ...(out.geared.length ? [t('robot.native.gear', { list: out.geared.map((a) => `${a.name} (gear ${a.gear})`).join(', ') })] : [])].join(' ');
      nativeNote.dataset.geared = out.geared.map((a) => a.name).join(',');
    } catch (e) {
      say(e.message);
    }
  }
  // the native params in hand (a Fit view result, a file chosen for (A)) are
  // used as they are; without any, a file is asked for
  nativeBtn.addEventListener('click', () => {
    const held = native();
    if (held) { writeBack(held.text, held.source); return; }
    nativeInput.value = '';
    nativeInput.click();
  });
  nativeInput.addEventListener('change', async () => {
    const file = nativeInput.files?.[0];
    if (file) writeBack(await file.text(), file.name);
  });

  /** A pair adopted with mapping `text`: the text shown, both rows too. */
  function show(text) {
    mapText.value = text;
    mapNote.textContent = '';
    textRow.hidden = false;
    csvRow.hidden = false;
  }

  return { textRow, csvRow, show };
}
