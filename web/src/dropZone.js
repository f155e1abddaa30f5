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
import { t } from './i18n/index.js';

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
export function dropZone(drop, { onFiles, onStray, onError, sample = false }) {
  const over = (e) => { e.preventDefault(); e.stopPropagation(); drop.classList.add('over'); };
  const leave = () => drop.classList.remove('over');
  const onDrop = (e) => {
    e.preventDefault();
    e.stopPropagation();
    leave();
    const files = [...(e.dataTransfer?.files || [])];
    if (files.length) onFiles(files);
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
