// mujoco/robot3dPanel.js: Your robot's 3D picture (yourRobot.js): both
// copies drawn from MuJoCo's compiled model by robot3d.js (three.js, loaded
// when the section first opens: load.js loadRenderer), the meshes full or
// light (their convex hulls) with the triangle count, chosen by the person
// or, on a slow draw or slow frames, given way to the light ones; on a
// software renderer (robot3d.js glRenderer) light from the first frame, the
// full meshes never drawn unless chosen (each geom's box until the robot's
// worker has made the hulls). Each
// frame's draw time is a test hook (window.__fx.mujoco.robotDrawStats).
import { el } from '../../dom.js';
import { setHook, clearHook } from '../../testHooks.js';
import { fmtNumber } from '../../format.js';
import { t } from '../../i18n/index.js';

// the work budget of a frame [ms]: past it (the median draw of the
// first AUTO_FRAMES frames), full meshes give way to light ones (their
// convex hulls, robot3d.js) unless the person chose
const FRAME_BUDGET_MS = 4;
const AUTO_FRAMES = 15;
// ... and so do they when the frames come slower than this apart (median),
// whatever the draw call took: a software or weak GPU renders after the call
// returns, so the page shows a slideshow while the call itself looks cheap
const SLOW_FRAME_MS = 50;     // [ms] under 20 frames a second

/**
 * The mesh row (#mujoco-robot-meshes, the triangles) and the 3D box
 * (#mujoco-robot-3d): show(renderer, pair) draws a new pair, draw(paused)
 * paints a frame, free() lets the scene go.
 * @param {{ say: (msg: string) => void }} opts  say: the section's one-sentence error line
 */
export function robot3dPanel({ say }) {
  const meshSel = el('select', { id: 'mujoco-robot-meshes', 'aria-label': t('robot.meshes.aria') },
    el('option', { value: 'full', textContent: t('robot.meshes.full') }), el('option', { value: 'light', textContent: t('robot.meshes.light') }));
  const triNote = el('span', { className: 'note', id: 'mujoco-robot-triangles' });
  let meshChosen = false;      // the person chose full or light: no automatic change
  let autoDraws = [];          // the draw times [ms] of the scene's first frames (the automatic choice)
  let autoGaps = [];           // ... and the time between those frames [ms]
  let lastPaint = 0;           // performance.now() of the last running frame's paint
  const meshRow = el('div', { className: 'row robot-meshes', hidden: true }, el('label', { textContent: t('robot.meshes') }, meshSel), triNote);
  const view3d = el('div', { className: 'robot3d-box', id: 'mujoco-robot-3d', hidden: true });
  // ms of each frame's 3D draw (scene.update(): the matrices and three's
  // render call), part of frameStats: the tests tell the page's own work from
  // the WebGL driver's (headless Chromium's is SwiftShader, software)
  const drawStats = setHook('mujoco', 'robotDrawStats', []);
  let scene = null, shown = null;   // the scene and the pair it draws

  /** The meshes of meshSel drawn: light ones once the pair's worker has made
   *  their hulls (pair.hulls(): off the page's thread; full ones meanwhile),
   *  then the triangles said (why: as showTriangles). */
  function meshes(why) {
    const s = scene, mode = meshSel.value;
    const apply = () => { if (scene === s && meshSel.value === mode) { s.setMeshes(mode); showTriangles(why); } };
    if (mode !== 'light' || !shown?.hulls) { apply(); return; }
    // a lost worker says so itself (pair.onError): the full meshes stay
    shown.hulls().then(apply, () => {});
  }

  let said = { n: -1, why: null };   // the triangles said and why (said again when the count changes: hulls put in a frame at a time)
  /** The triangle count of the scene, with why its meshes are what they are. */
  function showTriangles(why) {
    if (!scene) return;
    const n = scene.triangles;
    said = { n, why };
    const k = n >= 1e4 ? `${fmtNumber(n / 1e3, { digits: 3 })}k` : String(n);
    triNote.textContent = why ? t(why.key, { n: k, ...why }) : t('robot.triangles', { n: k });
  }
  meshSel.addEventListener('change', () => {
    meshChosen = true;
    meshes(null);
  });
  /** The automatic choice: the full meshes' draw over the budget, or their
   *  frames too far apart (gap: ms since the last frame, null for the first)
   *  → light. */
  function autoMeshes(ms, gap) {
    if (meshChosen || meshSel.value !== 'full' || autoDraws.length >= AUTO_FRAMES) return;
    autoDraws.push(ms);
    if (gap !== null) autoGaps.push(gap);
    if (autoDraws.length < AUTO_FRAMES) return;
    const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
    const draw = median(autoDraws), apart = autoGaps.length ? median(autoGaps) : 0;
    const why = draw > FRAME_BUDGET_MS ? { key: 'robot.triangles.auto', ms: fmtNumber(draw, { digits: 2 }), budget: FRAME_BUDGET_MS }
      : apart > SLOW_FRAME_MS ? { key: 'robot.triangles.auto.fps', fps: fmtNumber(1000 / apart, { digits: 2 }), min: 1000 / SLOW_FRAME_MS }
        : null;
    if (!why) return;
    meshSel.value = 'light';
    meshes(why);
  }

  /** A new pair drawn (renderer: the module robot3d.js); without WebGL, the
   *  box hides and says why (the runs and the table go on). */
  function show(renderer, pair) {
    view3d.hidden = false;
    try {
      const copies = [{ ...pair.A, label: t('robot.label.A') }, { ...pair.C, label: t('robot.label.C') }];
      shown = pair;
      const t0 = performance.now();
      // the person's choice, else light where WebGL is drawn in software ('auto')
      const mode = meshChosen || meshSel.value === 'light' ? meshSel.value : 'auto';
      scene = renderer.createRobotScene(view3d, copies, { meshes: mode,
        aria: t('robot.3d.aria', { labels: copies.map((c) => c.label).join(t('robot.3d.and')) }) });
      let why = null;
      if (mode === 'auto' && scene.meshes === 'light') {
        meshSel.value = 'light';
        // said only of a robot with meshes (drawn as their boxes until their hulls come)
        if (scene.boxes > 0) why = { key: 'robot.triangles.software', gl: scene.gl.name };
      }
      autoDraws = [];
      autoGaps = [];
      lastPaint = 0;
      meshRow.hidden = false;
      // the scene's making [ms] (for the tests: the context, the programs
      // sent to compile; its first frames come once they have, robot3d.js)
      setHook('mujoco', 'robotBuildMs', performance.now() - t0);
      showTriangles(why);
      meshes(why);
      setHook('mujoco', 'robotScene', scene);
    } catch (e) {
      // no WebGL here: the runs and the table go on without the picture
      view3d.hidden = true;
      say(t('robot.no3d', { message: e.message }));
    }
  }

  /** One frame: the scene updated and drawn, its time kept (and, running,
   *  the automatic mesh choice fed). */
  function draw(paused) {
    if (!scene) return;
    const t0 = performance.now();
    scene.update();
    const ms = performance.now() - t0;
    if (scene.triangles !== said.n) showTriangles(said.why);
    drawStats.push(ms);
    if (!paused) { autoMeshes(ms, lastPaint ? t0 - lastPaint : null); lastPaint = t0; } else lastPaint = 0;
    if (drawStats.length > 4000) drawStats.splice(0, 2000);
  }

  function free() {
    if (scene) clearHook('mujoco', 'robotScene', scene);
    scene?.dispose();
    scene = null;
    shown = null;
  }

  return {
    meshRow, view3d, show, draw, free,
    get scene() { return scene; },
    dispose() { free(); clearHook('mujoco', 'robotDrawStats', drawStats); },
  };
}
