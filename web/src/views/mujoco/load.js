// mujoco/load.js: MuJoCo's WebAssembly build (npm @mujoco/mujoco, the exact
// version of package-lock.json), served from the explorer's own folder
// (build/web/mujoco/, copied by `make web`) and imported only when the
// "In MuJoCo" view opens: one load per page, shared by every mount.
import { t } from '../../i18n/index.js';
import { offlineMissing, singleMissing } from '../../offline.js';
import { hook } from '../../testHooks.js';
import { mujocoFrom } from '../../coreLoad.js';

let loading = null;

/** __fx.mujoco.loader: { instances: the MuJoCo instances this page made
 *  (its own, and each robot worker made again after one was lost:
 *  robotWorker.js), failNext: null, or the name of a function of MuJoCo
 *  (mj_resetData) }: a test sets failNext, and the next call of that
 *  function on the robot's MuJoCo (in its worker, robotWorker.js: the
 *  next command carries it) throws as MuJoCo's abort does ("Aborted(native
 *  code called abort())"), once; the page then replaces the worker, which
 *  `instances` counts (tests/web/e2e.d/mujocoreset.mjs). */
export const LOADER = hook('mujoco', 'loader', { instances: 0, failNext: null });

/** The URL of MuJoCo's module beside the page (a worker imports it from there too). */
export const mujocoUrl = () => new URL('mujoco/mujoco.js', document.baseURI).href;

/** The MuJoCo module (mj_step1, MjModel, …); rejects with one sentence. */
export function loadMujoco() {
  if (!loading) {
    const url = mujocoUrl();
    // the single-file explorer carries no MuJoCo: said, not tried (from file:// the import fails with a console error)
    const absent = singleMissing('MuJoCo');
    if (absent) return Promise.reject(new Error(absent));
    loading = mujocoFrom(url, t)
      .then((mj) => { LOADER.instances++; return mj; })
      .catch(async (e) => {
        loading = null;
        if (e.refused) throw e;
        throw new Error(await offlineMissing('MuJoCo', url) ?? t('mujoco.load.failed', { url, message: e.message }), { cause: e });
      });
  }
  return loading;
}

let rendering = null;

/** The 3D robot renderer (robot3d.js: three.js bundled with it, built by
 *  `make web` beside the page) imported when the "Your robot" section first
 *  needs it: { createRobotScene }; rejects with one sentence. */
export function loadRenderer() {
  if (!rendering) {
    const url = new URL('robot3d.js', document.baseURI).href;
    const absent = singleMissing('three.js');
    if (absent) return Promise.reject(new Error(absent));
    rendering = import(/* a URL: esbuild leaves it to the browser */ url)
      .catch(async (e) => {
        rendering = null;
        throw new Error(await offlineMissing('three.js', url) ?? t('mujoco.load.3d', { url, message: e.message }), { cause: e });
      });
  }
  return rendering;
}
