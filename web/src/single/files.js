// single/files.js: fetch for the single-file explorer (tools/single.mjs).
// esbuild's `inject` puts this module's fetch in place of the global fetch
// in the page's bundle and in each worker's, so the page's own calls
// (fetch('friction_core.wasm'), fetch('samples/…json')) are answered from
// the bytes the file carries: a page opened from file:// can fetch nothing
// beside it. Any other URL goes to the browser's fetch.
// The files come from the module 'fx-single:files' that tools/single.mjs
// writes: in the page { files: { name: base64 }, workers: { name: code } };
// in a worker what the page handed it (workers.js: self.FX_FILES).
import FILES from 'fx-single:files';

const TYPES = { wasm: 'application/wasm', json: 'application/json' };

/** fetch(input, init), a file of the page answered from its bytes. */
function fetchFile(input, init) {
  if (typeof input !== 'string' || !Object.hasOwn(FILES.files, input)) return globalThis.fetch(input, init);
  const b64 = FILES.files[input];
  const body = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const type = TYPES[input.split('.').pop()] ?? 'application/octet-stream';
  return Promise.resolve(new Response(body, { headers: { 'content-type': type, 'content-length': String(body.length) } }));
}
export { fetchFile as fetch };
