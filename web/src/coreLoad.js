// coreLoad.js: the friction core (wasm/friction.js loadFrictionCore) from the
// bytes of its WebAssembly file, checked before they are compiled against
// the name they came by. In the offline package (tools/dist.mjs) the file is
// friction_core.<hash>.wasm, <hash> the first 10 hex digits of its SHA-256
// (the build rewrites CORE_WASM where it stands): a copy whose SHA-256 does
// not begin so (a proxy's same-size answer at the first visit, before the
// service worker runs the page) is refused in one sentence naming the file,
// never compiled. A name without a hash (make serve) is not checked, nor are
// the bytes where the browser has no crypto.subtle (a page from a plain
// http:// address but localhost: docs/offline.md "Integrity").
import { loadFrictionCore } from '../../wasm/friction.js';

/** The core's wasm file, as the page and the workers fetch it (beside them). */
export const CORE_WASM = 'friction_core.wasm';

const NAMED = /\.([0-9a-f]{10})\.wasm$/;

/** The bytes' SHA-256 begins with the hash `name` carries: true, false, or
 *  null when it cannot be told (no hash in the name, no crypto.subtle). */
export async function namedIntact(name, bytes) {
  const m = NAMED.exec(String(name).split(/[?#]/)[0]);
  if (!m || !globalThis.crypto?.subtle) return null;
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(d.subarray(0, 5), (x) => x.toString(16).padStart(2, '0')).join('') === m[1];
}

/** The core from `bytes` (a Uint8Array) of the file `name`, once checked;
 *  refused: an Error (its `refused` true) whose message is
 *  say('page.wasm.integrity', { file }): the page's and the MuJoCo workers'
 *  i18n t (this module imports no string table: the single file's workers,
 *  built as classic scripts, cannot carry i18n/index.js's top-level await),
 *  by default the file's name and why, in English. */
export async function coreFrom(name, bytes, say = (key, { file }) => `${file}: its SHA-256 is not the one its name carries; not run`) {
  if ((await namedIntact(name, bytes)) === false) {
    throw Object.assign(new Error(say('page.wasm.integrity', { file: name.split('/').pop() })), { refused: true });
  }
  return loadFrictionCore({ wasmBinary: bytes });
}
