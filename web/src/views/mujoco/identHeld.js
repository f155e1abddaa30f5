// mujoco/identHeld.js: the held-out recordings of the In MuJoCo view's
// "Your robot's servos from a recording" (identSection.js) and the table of
// the whole arm's MAE per recording. A held-out recording is not fitted: the
// whole arm replays it in MuJoCo with the fitted servos and with the MJCF's
// own (identify.js replays(), as `friction ident --hold-out` and
// tools/ident.mjs --hold-out do), so its MAE says how the fit carries to a
// motion it has not seen. Every string is t() (keys ident.*).
import { el, button } from '../../dom.js';
import { dropZone, fileInputs, formatBytes } from '../../dropZone.js';
import { t, tCore } from '../../i18n/index.js';

/**
 * A dropped recording (the files and their paths in the drop): one CSV, or a
 * LeRobot dataset folder (its meta/info.json among the paths). Returns {
 * recording: { kind: 'csv', name, text } | { kind: 'lerobot', name, files },
 * note (what the page says of it) }; throws one sentence.
 * @param {object} core
 * @param {File[]} list
 * @param {string[]} paths
 */
export async function recordingOf(core, list, paths) {
  if (list.length === 1 && /\.csv$/i.test(list[0].name)) {
    const f = list[0];
    try {
      core.io.checkSize('recording', f.size, f.name);
    } catch (e) { throw new Error(tCore(e), { cause: e }); }
    return { recording: { kind: 'csv', name: f.name, text: await f.text() }, note: t('ident.recording.csv', { name: f.name, size: formatBytes(f.size) }) };
  }
  const name = (list[0]?.webkitRelativePath || paths[0] || 'dataset').split('/')[0] || 'dataset';
  if (!paths.some((p) => p.endsWith('meta/info.json'))) throw new Error(t('ident.err.notRecording', { name }));
  return { recording: { kind: 'lerobot', name, files: paths.map((p, i) => [p, list[i]]) }, note: t('ident.recording.lerobot', { name, n: list.length }) };
}

/**
 * The held-out recordings' drop zone (id ident-held-drop; its pickers
 * #ident-held-files and #ident-held-folder): each CSV dropped or picked is
 * one recording, a LeRobot dataset folder another (read with the training
 * recording's calibration and unit mode); Clear empties the list.
 * @param {{ core: object, say: (msg: string) => void }} opts  say: the section's error line
 * @returns {{ element: HTMLElement, recordings: object[], names: string[], dispose(): void }}
 */
export function heldInput({ core, say }) {
  const held = [];
  const note = el('span', { className: 'note', id: 'ident-held-note' });
  const clear = button(t('ident.held.clear'), t('ident.held.clear.title'));
  clear.id = 'ident-held-clear';
  clear.hidden = true;
  const drop = el('div', { id: 'ident-held-drop', className: 'drop-zone', dataset: { dropzone: 'ident-held' } },
    el('span', { textContent: t('ident.drop.held') }));
  const shown = () => {
    note.textContent = held.map((x) => x.note).join('; ');
    clear.hidden = held.length === 0;
  };
  async function take(list, paths) {
    say('');
    const csvs = list.length > 1 && list.every((f) => /\.csv$/i.test(f.name));
    try {
      // several CSVs at once: a recording each; else one (a CSV or a dataset folder)
      const got = csvs ? await Promise.all(list.map((f) => recordingOf(core, [f], [f.name]))) : [await recordingOf(core, list, paths)];
      held.push(...got);
    } catch (e) { say(e.message); }
    shown();
  }
  fileInputs(drop, { onFiles: take, id: 'ident-held', what: t('ident.drop.held.what') });
  drop.append(' ', note, ' ', clear);
  clear.addEventListener('click', () => { held.length = 0; shown(); });
  const zone = dropZone(drop, { onFiles: take, onError: say, folders: true });
  return {
    element: drop,
    get recordings() { return held.map((x) => x.recording); },
    get names() { return held.map((x) => x.recording.name); },
    dispose() { zone.dispose(); },
  };
}

/**
 * The whole arm's MAE per recording (table#ident-mae): a row per recording,
 * training then held-out, each joint's MAE with the fitted servos beside the
 * MJCF's own [mrad] (its cell's data-mae and data-own the doubles [rad]).
 * @param {{ names: string[], runs: { source: string, set: 'train'|'held-out', fitted: number[], file: number[] }[] }} r
 * @param {number} count  one count, the quantisation floor [rad]
 * @param {string|null} bam  bam's model ('M1', 'M4'): each fitted joint's
 *   MAE is its own simulation's (the other joints measured), said in the caption
 */
export function maeTable(r, count, bam = null) {
  const head = el('tr', {}, ...[t('ident.col.recording'), t('ident.col.set'), ...r.names].map((x) => el('th', { textContent: x })));
  const mrad = (x) => (Number.isFinite(x) ? (x * 1e3).toFixed(3) : '—');
  const rows = r.runs.map((run) => el('tr', { dataset: { set: run.set, source: run.source } },
    el('th', { scope: 'row', textContent: run.source }),
    el('td', { textContent: t(run.set === 'train' ? 'ident.set.train' : 'ident.set.held') }),
    ...r.names.map((n, j) => el('td', { dataset: { joint: n, mae: String(run.fitted[j]), own: String(run.file[j]) } },
      el('strong', { textContent: mrad(run.fitted[j]) }), el('br'), el('small', { textContent: `(${mrad(run.file[j])})` })))));
  return el('table', { id: 'ident-mae', className: 'data-table' },
    el('caption', { textContent: t(bam ? 'ident.mae.caption.bam' : 'ident.mae.caption', { floor: (count * 1e3).toFixed(3), model: bam }) }), el('thead', {}, head), el('tbody', {}, ...rows));
}
