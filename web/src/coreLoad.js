// coreLoad.js: the two WebAssembly programs the explorer runs, each checked
// before it is compiled against the name it came by (docs/offline.md
// "Integrity"): in the offline package (tools/dist.mjs) the core is
// friction_core.<hash>.wasm, <hash> the first 10 hex digits of its SHA-256
// (the build rewrites CORE_WASM where it stands), and MuJoCo sits in
// mujoco.<hash>/, <hash> those of the SHA-256 of mujoco.js then mujoco.wasm.
// A copy whose SHA-256 does not begin so (a proxy's same-size answer at the
// first visit, before the service worker runs the page) is refused in one
// sentence naming the file, never compiled. In the page, whose import map
// lists each file's full SHA-256 (tools/dist.mjs), the whole digest is
// checked instead of the name's 10 digits (40 bits, which a determined
// forger could match). A name without a hash (make
// serve) is not checked, nor are the bytes where the browser has no
// crypto.subtle (a page from a plain http:// address but localhost).
// This module imports no string table (the single file's workers, built as
// classic scripts, cannot carry i18n/index.js's top-level await): the
// refusal is say('page.wasm.integrity', { file }), the caller's i18n t, by
// default the file's name and why in English.
import { loadFrictionCore } from '../../wasm/friction.js';

/** The core's wasm file, as the page and the workers fetch it (beside them). */
export const CORE_WASM = 'friction_core.wasm';

const NAMED = /\.([0-9a-f]{10})\.wasm$/;
const MUJOCO = /\/mujoco\.([0-9a-f]{10})\/mujoco\.js$/;

const english = (key, { file }) => `${file}: its SHA-256 is not the one its name carries; not run`;

/** The SHA-256 of bytes. */
const sha256 = async (bytes) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));

/** The first 10 hex digits of the SHA-256 of bytes. */
async function prefix(bytes) {
  return Array.from((await sha256(bytes)).subarray(0, 5), (x) => x.toString(16).padStart(2, '0')).join('');
}

/** The Subresource Integrity ('sha256-<base64>') the page's import map
 *  lists for the file at `url` (resolved as the map's keys are, against the
 *  page's address), or null (no page: a worker; no map: make serve). */
function listed(url) {
  const map = globalThis.document?.querySelector('script[type="importmap"]');
  if (!map) return null;
  let integrity;
  try {
    integrity = JSON.parse(map.textContent).integrity || {};
  } catch {
    return null;
  }
  const want = new URL(url, document.baseURI).href;
  const hit = Object.entries(integrity).find(([k]) => new URL(k, document.baseURI).href === want);
  return typeof hit?.[1] === 'string' ? hit[1] : null;
}

/** bytes are those the page's import map lists for `url`: true, false, or
 *  null when it lists none. */
async function listedIntact(url, bytes) {
  const want = listed(url);
  if (!want) return null;
  return `sha256-${btoa(String.fromCharCode(...(await sha256(bytes))))}` === want;
}

const refusal = (say, file) => Object.assign(new Error(say('page.wasm.integrity', { file })), { refused: true });

/** The bytes' SHA-256 begins with the hash `name` carries: true, false, or
 *  null when it cannot be told (no hash in the name, no crypto.subtle). */
export async function namedIntact(name, bytes) {
  const m = NAMED.exec(String(name).split(/[?#]/)[0]);
  if (!m || !globalThis.crypto?.subtle) return null;
  return (await listedIntact(name, bytes)) ?? (await prefix(bytes)) === m[1];
}

/** The core from `bytes` (a Uint8Array) of the file `name`, once checked;
 *  refused: an Error (its `refused` true) whose message is the sentence. */
export async function coreFrom(name, bytes, say = english) {
  if ((await namedIntact(name, bytes)) === false) throw refusal(say, name.split('/').pop());
  return loadFrictionCore({ wasmBinary: bytes });
}

/** MuJoCo from its module at `url` (an absolute URL): in a hashed folder,
 *  mujoco.wasm fetched beside it, checked against the page's import map
 *  (else, in a worker, with mujoco.js's bytes against the folder's hash),
 *  and handed to MuJoCo (which then fetches nothing); refused as coreFrom's. */
export async function mujocoFrom(url, say = english) {
  const mod = await import(/* a URL: esbuild leaves it to the browser */ url);
  const m = MUJOCO.exec(new URL(url).pathname);
  if (!m || !globalThis.crypto?.subtle) return mod.default();
  const [js, wasm] = await Promise.all([url, new URL('mujoco.wasm', url).href].map(async (u) => {
    const r = await fetch(u);
    if (!r.ok) throw new Error(`could not load ${u}: HTTP ${r.status}`);
    return new Uint8Array(await r.arrayBuffer());
  }));
  const both = new Uint8Array(js.length + wasm.length);
  both.set(js);
  both.set(wasm, js.length);
  const full = await listedIntact(new URL('mujoco.wasm', url).href, wasm);
  if (full === false || (full === null && (await prefix(both)) !== m[1])) throw refusal(say, `mujoco.${m[1]}/mujoco.wasm`);
  return mod.default({ wasmBinary: wasm });
}
