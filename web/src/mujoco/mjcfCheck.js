// mujoco/mjcfCheck.js: what keeps a robot file from freezing or killing
// MuJoCo (no DOM: the page, its compile worker, tools/robot.mjs and the
// tests use it):
//   checkMjcfFiles   the robot's MJCF text checked by the core before MuJoCo
//                    parses it (core.mujoco.checkMjcf, fric_mjcf_check_text:
//                    nesting depth, element count, size): each file MuJoCo
//                    parses as a model, then each file its <include>s
//                    name, at the depth the include puts it, the elements
//                    counted over all; which file an include reads is the
//                    plan's (robotFiles.js robotPlan, MuJoCo's rule, once);
//                    the refusal is the core's one sentence, the same as
//                    `friction mujoco`'s
//   mujocoDied       whether an error means the MuJoCo instance itself
//                    failed (an abort, a wasm trap, its file system broken):
//                    such an instance is replaced, never used again

const dirOf = (p) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');

/**
 * Checks the MJCF text of a robot's plan (robotFiles.js readRobot, planOf:
 * { main, files, models, included }): throws the core's one sentence
 * ("mjcf: <body> nested 65 deep at line 65 of robot.xml: the limit is 64
 * …"); returns the elements counted. An include is the file the plan found
 * for it; one it found none for is left to MuJoCo, as is an include of a
 * file already being read (MuJoCo refuses the loop).
 */
// the sentence names a file by its path from the main file's folder, as
// `friction mujoco` does
export function checkMjcfFiles(core, { main, files, models, included }) {
  const root = dirOf(main);
  let elements = 0;
  const visit = (p, depth0, chain) => {
    const r = core.mujoco.checkMjcf(files.get(p), { file: p.startsWith(root) ? p.slice(root.length) : p, depth0, elements });
    elements = r.elements;
    for (const inc of r.includes) {
      const found = included(p, inc.file);
      if (found && files.has(found) && !chain.includes(found)) visit(found, inc.depth0, [...chain, found]);
    }
  };
  for (const m of models) if (files.has(m)) visit(m, 0, [m]);
  return elements;
}

/** True when e (or its cause) says the MuJoCo instance failed: an abort
 *  ("Aborted(…)"), a wasm trap (WebAssembly.RuntimeError: "memory access
 *  out of bounds", "unreachable"), its VFS broken ("Could not add buffer to
 *  VFS"), a stack overflow. */
export function mujocoDied(e) {
  for (let x = e, k = 0; x && k < 4; x = x.cause, k++) {
    if (typeof WebAssembly !== 'undefined' && x instanceof WebAssembly.RuntimeError) return true;
    if (/Aborted\(|memory access out of bounds|Could not add buffer to VFS|unreachable|Maximum call stack|out of memory/i.test(String(x?.message ?? x))) return true;
  }
  return false;
}
