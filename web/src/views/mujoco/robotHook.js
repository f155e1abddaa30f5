// mujoco/robotHook.js: Your robot as the tests read it (yourRobot.js): the
// hook window.__fx.mujoco.robot (testHooks.js), read-only getters over the
// section's state `s`: the pair running, its time, steps, goals, table and
// report, the robot's description and mapping, the 3D picture's counts.
import { mappingText } from './robotMapping.js';
import { mappable } from './robotAdopt.js';

/** The hook's object over `s`; its `renderer` turns 'loaded' once robot3d.js (three.js) has been imported. */
export function robotHook(s) {
  const scene = () => s.panel3d.scene;
  return { get time() { return s.pair?.time ?? null; }, get steps() { return s.pair?.steps ?? null; },
    get pair() { return s.pair; },   // for the tests: the running pair (robot.js)
    get goals() { return s.pair ? Object.fromEntries(s.robot.info.joints.map((j) => [j.name, s.pair.goal(j.name)])) : null; }, table: () => s.pair?.table() ?? null,
    get timestep() { return s.pair?.A.m.opt.timestep ?? null; }, get report() { return s.pair?.report() ?? null; },
    get info() { return s.robot?.info ?? null; }, get triangles() { return scene()?.triangles ?? null; }, get fullTriangles() { return scene()?.fullTriangles ?? null; }, get boxes() { return scene()?.boxes ?? null; },
    get meshes() { return scene()?.meshes ?? null; }, get main() { return s.robot?.main ?? null; }, get drawn() { return scene()?.drawn ?? 0; },
    get mapping() { return s.robot ? (s.pair ? s.adoptedText : mappingText(mappable(s), s.classServo, s.jointServo)) : null; }, get busy() { return s.busy; },
    renderer: null,   // 'loaded' once robot3d.js (three.js) has been imported
    /** For the tests: the wall time [ms] of n steps of both copies, run now (in the worker: a Promise). */
    timeSteps(n) { return s.pair ? s.pair.timeSteps(n) : null; } };
}
