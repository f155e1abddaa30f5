// mujoco/mjcfCheck.js: whether an error means the MuJoCo instance itself
// failed (an abort, a wasm trap, its file system broken): such an instance
// is replaced, never used again (no DOM: the page, its compile worker,
// tools/robot.mjs and the tests use it). The robot's MJCF text is checked
// before MuJoCo parses it by the core's file plan (robotFiles.js readRobot:
// core.mujoco.mjcfPlan, fric_mjcf_check_text on each file it reads).

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
