// i18n/load.js: the one place the page fetches a table other than English's:
// its file beside the page (make web: build/web/i18n-fr.js; the offline
// package hashes its name, tools/dist.mjs). The single-file explorer
// (tools/single.mjs) replaces this module at build time (an esbuild plugin)
// by web/src/single/tables.js, which carries every table in the page: a
// page opened from file:// cannot import a file beside it.
/** The file of each table but English's, beside the page. */
const FILES = { fr: 'i18n-fr.js' };

// a worker (views/mujoco/robotWorker.js's) finds the file beside its own script
const inWorker = typeof window === 'undefined' && typeof WorkerGlobalScope !== 'undefined';

/** The table of language `code` (a module whose default export is the table). */
export default function loadTable(code) {
  return import(/* a URL: esbuild leaves it to the browser */ new URL(FILES[code], inWorker ? self.location.href : document.baseURI).href);
}
