// tools/mujoco-workers.mjs: the Web Workers that run MuJoCo (the In MuJoCo
// view's Fig. 1 B/C, a dropped robot's first compile), by the name esbuild
// gives their bundle. The offline package fetches them after the first
// visit (tools/dist.mjs); the single-file explorer, which carries no MuJoCo,
// leaves them out (tools/single.mjs).
export const MUJOCO_WORKERS = ['fig1.worker.js', 'mjrobot.worker.js', 'mjident.worker.js'];
