// dropZone.js: a box that takes dropped files, the one definition for every
// view that reads the user's logs (replay, fit). While it lives, a file
// dropped anywhere else on the page is caught and ignored (the browser would
// otherwise open it and leave the app); onStray is told, to say so.
//
//   const zone = dropZone(box, { onFiles(files) {...}, onStray() {...}, sample: true });
//   zone.dispose();   // when the view goes
//
// With `sample`, the box also offers "Try a sample": one click fetches the
// bundled simulated log (samples/README.md, served beside the page) and hands
// it to onFiles as if it had been dropped; its file name says "simulated".
//
// With `folders`, a dropped folder is walked (DataTransfer items,
// webkitGetAsEntry) and onFiles gets every file under it, with a second
// argument: the relative path of each ('assets/base.stl'). fileInputs() adds
// the two buttons for the same without a drag (a folder: <input
// webkitdirectory>; several files: <input multiple>). What either gives is
// read by its view (Your robot: mujoco/robotFiles.js readRobot, only the
// files the MJCF names, each sized before it is read).
import { t } from './i18n/index.js';
import { localNumber } from './format.js';

/** The text of a file a person gave (a File, or { name, text() } without a
 *  size), sized before it is read by the core's check of every door
 *  (core.io.checkSize, fric_io_check_size: kind 'log' or 'params', the
 *  native tool's limits): a file over its kind's limit throws the core's one
 *  sentence (the file, its size, the limit, what to do), nothing read. */
export async function readChecked(core, f, kind) {
  if (typeof f.size === 'number') core.io.checkSize(kind, f.size, f.name);
  const text = await f.text();
  if (typeof f.size !== 'number') core.io.checkSize(kind, new TextEncoder().encode(text).length, f.name);
  return text;
}

/** The bundled sample: a log simulated by the core (tools/sample.mjs), not recorded. */
export const SAMPLE_LOG = 'xl330-sin_sin-simulated.json';

/** The sample log as a File, fetched from samples/ beside the page. */
export async function sampleFile() {
  const r = await fetch(`samples/${SAMPLE_LOG}`);
  if (!r.ok) throw new Error(`samples/${SAMPLE_LOG}: HTTP ${r.status}`);
  return new File([await r.blob()], SAMPLE_LOG, { type: 'application/json' });
}

/**
 * @param {HTMLElement} drop  the box (gets the class 'over' while a drag is over it)
 * @param {{ onFiles: (files: File[]) => void, onStray?: () => void, onError?: (msg: string) => void,
 *           sample?: boolean }} handlers
 * @returns {{ dispose(): void, sampleButton: HTMLButtonElement|null }}
 */
export function dropZone(drop, { onFiles, onStray, onError, sample = false, folders = false }) {
  const over = (e) => { e.preventDefault(); e.stopPropagation(); drop.classList.add('over'); };
  const leave = () => drop.classList.remove('over');
  const onDrop = (e) => {
    e.preventDefault();
    e.stopPropagation();
    leave();
    if (folders) {
      const entries = [...(e.dataTransfer?.items || [])].map((it) => it.webkitGetAsEntry?.()).filter(Boolean);
      if (entries.length) {
        walkEntries(entries).then(({ files, paths }) => { if (files.length) onFiles(files, stripCommonFolder(paths)); })
          .catch((err) => { const msg = `The dropped files could not be read: ${err.message}`; if (onError) onError(msg); else throw err; });
        return;
      }
    }
    const files = [...(e.dataTransfer?.files || [])];
    if (files.length) onFiles(files, files.map((f) => f.name));
  };
  drop.addEventListener('dragenter', over);
  drop.addEventListener('dragover', over);
  drop.addEventListener('dragleave', leave);
  drop.addEventListener('drop', onDrop);
  const guardOver = (e) => { e.preventDefault(); if (e.dataTransfer) e.dataTransfer.dropEffect = 'none'; };
  const guardDrop = (e) => {
    e.preventDefault();
    if (e.dataTransfer?.files?.length && onStray) onStray();
  };
  document.addEventListener('dragover', guardOver);
  document.addEventListener('drop', guardDrop);
  let sampleButton = null;
  if (sample) {
    sampleButton = document.createElement('button');
    sampleButton.type = 'button';
    sampleButton.className = 'try-sample';
    sampleButton.textContent = t('drop.sample');
    sampleButton.title = t('drop.sample.title', { file: SAMPLE_LOG });
    sampleButton.addEventListener('click', async () => {
      sampleButton.disabled = true;
      try {
        onFiles([await sampleFile()]);
      } catch (e) {
        const msg = t('drop.sample.failed', { message: e.message });
        if (onError) onError(msg); else throw e;
      } finally {
        sampleButton.disabled = false;
      }
    });
    drop.append(' ', sampleButton);
  }
  return {
    sampleButton,
    dispose() {
      document.removeEventListener('dragover', guardOver);
      document.removeEventListener('drop', guardDrop);
    },
  };
}

/** Every file under the dropped entries (FileSystemEntry: files and folders,
 *  walked depth first): { files: File[], paths: ['folder/sub/name', …] }. */
async function walkEntries(entries) {
  const files = [], paths = [];
  const fileOf = (entry) => new Promise((res, rej) => entry.file(res, rej));
  // a folder's reader gives its entries in batches until an empty one
  const childrenOf = async (dir) => {
    const reader = dir.createReader(), all = [];
    for (;;) {
      const batch = await new Promise((res, rej) => reader.readEntries(res, rej));
      if (!batch.length) return all;
      all.push(...batch);
    }
  };
  const walk = async (entry) => {
    if (entry.isFile) {
      files.push(await fileOf(entry));
      paths.push(entry.fullPath.replace(/^\/+/, ''));
    } else if (entry.isDirectory) {
      for (const child of await childrenOf(entry)) await walk(child);
    }
  };
  for (const e of entries) await walk(e);
  return { files, paths };
}

/** paths without the one folder they all start with (a dropped or chosen
 *  folder 'so101/scene.xml' → 'scene.xml'), else as they are. */
export function stripCommonFolder(paths) {
  const first = paths.map((p) => p.split('/')[0]);
  const all = paths.length > 0 && paths.every((p, i) => p.includes('/') && first[i] === first[0]);
  return all ? paths.map((p) => p.slice(first[0].length + 1)) : paths.slice();
}

/**
 * Two buttons beside a drop zone for choosing files without a drag: a folder
 * (<input type=file webkitdirectory>) and several files (<input type=file
 * multiple>). onFiles(files, paths) as the drop zone's with `folders`.
 * @param {HTMLElement} parent  where the buttons go
 * @param {{ onFiles: (files: File[], paths: string[]) => void, id: string, what: string }} opts
 *   id: the inputs' ids are `${id}-folder` and `${id}-files`; what: the label's noun ('your robot')
 * @returns {{ folder: HTMLInputElement, files: HTMLInputElement }}
 */
export function fileInputs(parent, { onFiles, id, what }) {
  const make = (kind, text, title) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.id = `${id}-${kind}`;
    if (kind === 'folder') input.webkitdirectory = true;
    input.setAttribute('aria-label', `${text} (${what})`);
    // the input inside its label (the page's .file-pick: a link-like text, the input out of sight)
    const label = document.createElement('label');
    label.className = 'file-pick';
    label.title = title;
    label.append(text, input);
    input.addEventListener('change', () => {
      const files = [...(input.files || [])];
      if (files.length) {
        const paths = files.map((f) => f.webkitRelativePath || f.name);
        onFiles(files, kind === 'folder' ? stripCommonFolder(paths) : paths);
      }
      input.value = '';
    });
    parent.append(label);
    return input;
  };
  return {
    folder: make('folder', t('drop.pick.folder'), t('drop.pick.folder.title', { what })),
    files: make('files', t('drop.pick.files'), t('drop.pick.files.title', { what })),
  };
}

/** bytes as 'N kB' / 'N.N MB' in the page's language ('N ko' / 'N,N Mo' in
 *  French; binary: 1 kB = 1024 B, 1 MB = 1048576 B, as the robot's limit of
 *  64 MB is counted). */
export function formatBytes(n) {
  return n < 1048576 ? t('size.kB', { n: Math.ceil(n / 1024) }) : t('size.MB', { n: localNumber(String(Number((n / 1048576).toFixed(1)))) });
}
