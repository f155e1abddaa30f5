// mjcompile.js (bundled to build/web/mjcompile.worker.js): a dropped
// robot's parse and compile in MuJoCo 3.14, off the page's thread
// (views/mujoco/compileGuard.js): a file that runs MuJoCo for minutes, or
// kills it, does so here, where the page ends it (terminate) on its time
// limit, instead of freezing or killing the page. The same code as the
// page's (web/src/mujoco/robotFiles.js compiled: the VFS, the meshes found
// by name, mj_compile); the page gets the model in MuJoCo's binary form
// (mj_saveModel: MJB, loaded there with mj_loadModel, no parse) and each
// joint's default class (which MJB does not keep). MuJoCo is imported from
// the URL the page gives (load.js mujocoUrl).
//
// Messages in:  { id, bytes, index: [[relative path, offset, length]], main,
//   mujocoUrl }: the drop's files in one buffer (compileGuard.js pack)
// Messages out (each with the job's id):
//   { type: 'loaded' }                     MuJoCo is loaded; the compile starts
//   { type: 'done', ms, mjb, classes }     compiled in ms [ms]: mjb the model
//       (a Uint8Array, transferred), classes [[joint, class | null]]
//   { type: 'failed', message, died }      MuJoCo refused the file (its
//       sentence, robotFiles.js's) or failed itself (died: an abort, a
//       trap: this worker is no longer usable)
import { compiled } from '../mujoco/robotFiles.js';
import { mujocoDied } from '../mujoco/mjcfCheck.js';

let engine = null;   // Promise of MuJoCo's module

self.onmessage = async (e) => {
  const { id, bytes, index, main, mujocoUrl } = e.data;
  try {
    engine = engine || import(/* a URL: esbuild leaves it to the browser */ mujocoUrl).then((mod) => mod.default())
      .catch((err) => { engine = null; throw err; });
    const mj = await engine;
    self.postMessage({ type: 'loaded', id });
    const t0 = performance.now();
    const c = compiled(mj, new Map(index.map(([p, at, n]) => [p, bytes.subarray(at, at + n)])), main);
    const buf = new mj.Uint8Buffer(Number(mj.mj_sizeModel(c.m)));
    let mjb;
    try {
      mj.mj_saveModel(c.m, null, buf);
      mjb = buf.GetView().slice();
    } finally {
      buf.delete();
    }
    self.postMessage({ type: 'done', id, ms: performance.now() - t0, mjb, classes: [...c.classes] }, [mjb.buffer]);
  } catch (err) {
    self.postMessage({ type: 'failed', id, message: String(err?.message ?? err), died: mujocoDied(err) });
  }
};
