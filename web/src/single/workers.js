// single/workers.js: Worker for the single-file explorer's page
// (tools/single.mjs; esbuild's `inject` puts it in place of the global
// Worker). Chromium refuses, from a page opened from file://, a worker file
// beside it and a module worker from a blob: URL, but runs a classic one:
// each worker the file carries (its code bundled as an IIFE) starts from a
// blob: URL of its code, after one line handing it the files it fetches
// (self.FX_FILES, read by files.js in the worker). A worker the file does
// not carry (MuJoCo's) goes to the browser as asked.
import FILES from 'fx-single:files';

const urls = new Map();   // worker name → its blob: URL, made once

class InlineWorker extends globalThis.Worker {
  constructor(url, options = {}) {
    const name = String(url), code = Object.hasOwn(FILES.workers, name) ? FILES.workers[name] : undefined;
    if (code === undefined) {
      super(url, options);
      return;
    }
    if (!urls.has(name)) {
      const files = `self.FX_FILES = ${JSON.stringify({ files: FILES.files, workers: {} })};\n`;
      urls.set(name, URL.createObjectURL(new Blob([files, code], { type: 'text/javascript' })));
    }
    super(urls.get(name), { ...options, type: 'classic' });
  }
}
export { InlineWorker as Worker };
