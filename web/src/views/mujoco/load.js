// mujoco/load.js: MuJoCo's WebAssembly build (npm @mujoco/mujoco, the exact
// version of package-lock.json), served from the explorer's own folder
// (build/web/mujoco/, copied by `make web`) and imported only when the
// "In MuJoCo" view opens: one load per page, shared by every mount.
import { t } from '../../i18n/index.js';
import { offlineMissing } from '../../offline.js';

let loading = null;

/** The URL of MuJoCo's module beside the page (a worker imports it from there too). */
export const mujocoUrl = () => new URL('mujoco/mujoco.js', document.baseURI).href;

/** The MuJoCo module (mj_step1, MjModel, …); rejects with one sentence. */
export function loadMujoco() {
  if (!loading) {
    const url = mujocoUrl();
    loading = import(/* a URL: esbuild leaves it to the browser */ url)
      .then((mod) => mod.default())
      .catch(async (e) => {
        loading = null;
        throw new Error(await offlineMissing('MuJoCo', url) ?? t('mujoco.load.failed', { url, message: e.message }), { cause: e });
      });
  }
  return loading;
}

/** Forgets the MuJoCo module after it failed (an abort, a wasm trap, its
 *  file system broken: mjcfCheck.js mujocoDied): the next loadMujoco()
 *  makes a fresh instance, so the next drop works without a reload. */
export function resetMujoco() {
  loading = null;
}

let rendering = null;

/** The 3D robot renderer (robot3d.js: three.js bundled with it, built by
 *  `make web` beside the page) imported when the "Your robot" section first
 *  needs it: { createRobotScene }; rejects with one sentence. */
export function loadRenderer() {
  if (!rendering) {
    const url = new URL('robot3d.js', document.baseURI).href;
    rendering = import(/* a URL: esbuild leaves it to the browser */ url)
      .catch(async (e) => {
        rendering = null;
        throw new Error(await offlineMissing('three.js', url) ?? t('mujoco.load.3d', { url, message: e.message }), { cause: e });
      });
  }
  return rendering;
}
