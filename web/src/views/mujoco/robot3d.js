// mujoco/robot3d.js: a robot in 3D from MuJoCo's compiled model (three.js,
// npm three, the exact version of package-lock.json). Bundled on its own
// (build/web/robot3d.js, with three inside) and imported by the In MuJoCo
// view only when its "Your robot" section opens (load.js loadRenderer), so
// the page's first visit does not carry three.
//
//   const scene = createRobotScene(container, [{ m, d, label }, ...]);
//   scene.update();   // each animation frame: the poses of d.geom_xpos/xmat, drawn
//   scene.resize();   // after the container changed size (a ResizeObserver calls it too)
//   scene.dispose();
//   scene.setMeshes('light');   // 'full' (the meshes) or 'light' (their convex hulls)
//   scene.triangles             // the triangles a frame draws (all copies)
//
// Light meshes: each mesh's convex hull (m.hulls: mesh id → its triangles'
// corners, made off the page's thread by the robot's worker, mujoco/hulls.js:
// MuJoCo's own hull where it computed one, else three's ConvexHull over the
// mesh's vertices); flat shaded; until m.hulls has a mesh's, the geom's box
// (m.geom_aabb: 12 triangles). The SO-101's 2 × 400k triangles become 2 ×
// about 60k. meshes 'auto': light where WebGL is drawn in software (the GL
// renderer's name says SwiftShader, llvmpipe, …: there the full meshes' first
// frame held the page's thread for 3.6 s, each later one for 0.5–0.9 s, the
// browser's commit waiting on the software rasterizer), else full. A mesh's
// full geometry is made only when it is first drawn full.
//
// No mesh parser: every shape is read from the compiled model m (MuJoCo
// loaded the meshes): geom_type and geom_size for the primitives, mesh_vert,
// mesh_face, mesh_normal and mesh_facenormal (at mesh_vertadr/_faceadr/
// _normaladr of geom_dataid) for meshes, colours from mat_rgba (geom_matid)
// or geom_rgba. Only visual groups 0–2 are drawn: MuJoCo's own viewer hides
// group 3 by default (where models put their collision geoms). MuJoCo is
// z-up, and so is this scene (camera.up = +z): its coordinates are MuJoCo's,
// in metres. The copies (the same model layout each, e.g. (A) the file as
// written and (C) adopted) stand side by side along +x, each on its own tile
// of the floor (as wide as the robot's reach, a floating base's too, so two
// copies never touch), with its label above it, kept inside the box. The
// camera frames the copies as they stand (their geoms' boxes fill the view,
// room kept above for the labels); the wheel zooms toward the point under
// the pointer (one copy, not the empty middle of the row). Geometry and
// materials are shared between copies; a frame only writes the meshes'
// matrices (no allocation).
// Roles: robot3dShapes.js (the geoms' shapes and the row's layout),
// robot3dItems.js (the meshes and their poses), robot3dCamera.js (the camera
// and the labels); this file makes the scene, spreads its first frames' work
// and draws.
import * as THREE from 'three';
import { drawnGeoms, trianglesOf, rowLayout } from './robot3dShapes.js';
import { sceneItems, poser, tileGrids, hiddenGroups, inkedCounts } from './robot3dItems.js';
import { rowLabels, rowCamera } from './robot3dCamera.js';

/** The GL renderer's name (unmasked where the browser masks it) and whether
 *  it draws in software (no GPU: every triangle on the CPU the page shares). */
export function glRenderer(gl) {
  let name = String(gl.getParameter(gl.RENDERER) ?? '');
  // Chromium masks RENDERER ('WebKit WebGL'); Firefox gives the real one (and warns on the extension)
  if (/^WebKit/.test(name)) {
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    if (info) name = String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL) ?? name);
  }
  return { name, software: /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name) };
}

/**
 * @param {HTMLElement} container  gets the canvas and the labels (position: relative)
 * @param {{ m: object, d: object, label: string }[]} robots  copies of one model layout
 * @param {{ meshes?: 'full'|'light'|'auto', aria?: string }} [opts]  aria: the canvas's
 *   accessible name (the page's language), else an English one; meshes
 *   'auto': light on a software renderer, else full (scene.meshes says which)
 * @returns {{ update(): void, resize(): void, render(): void, dispose(): void,
 *             canvas: HTMLCanvasElement, offsets: number[][], drawn: number, gl: { name, software } }}
 */
export function createRobotScene(container, robots, { meshes: meshMode = 'full', aria = null } = {}) {
  if (!robots.length) throw new Error('No robot to draw.');
  const m0 = robots[0].m;
  const geoms = drawnGeoms(m0);
  const { now, width, pitch, cx, cy, offsets, planeHalf } = rowLayout(m0, robots[0].d, geoms, robots.length);

  const renderer = new THREE.WebGLRenderer({ antialias: false, powerPreference: 'high-performance' });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  const gl = glRenderer(renderer.getContext());
  if (meshMode === 'auto') meshMode = gl.software ? 'light' : 'full';
  const canvas = renderer.domElement;
  canvas.className = 'robot3d-canvas';
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', aria ?? `The robot in 3D: ${robots.map((r) => r.label).join(' and ')}, side by side; drag to orbit, wheel to zoom`);
  container.classList.add('robot3d');
  container.append(canvas);

  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xe9edf2);
  const camera = new THREE.PerspectiveCamera(40, 1, width / 100, width * 200);
  camera.up.set(0, 0, 1);                       // MuJoCo's z-up
  scene.add(new THREE.HemisphereLight(0xffffff, 0x556070, 1.6));
  const headlight = new THREE.DirectionalLight(0xffffff, 1.6);
  camera.add(headlight);                          // a headlight, as MuJoCo's viewer has
  headlight.position.set(0.3, 0.6, 1);
  scene.add(camera);

  const { items, shapes, materials, geometryOf, drawnOf, put } = sceneItems(scene, robots, m0, geoms, planeHalf, meshMode);
  // the first frames' work spread over several: a software renderer holds
  // the page's thread at each frame's commit for all that frame asks of it
  // (pipelines made at their first draw, buffers uploaded). The programs are
  // compiled off the page's thread first (compileAsync: nothing drawn until
  // then), then one group of objects drawn alike (a pipeline) is shown a
  // frame, and light meshes take their hulls one new geometry a frame.
  let ready = false, renders = 0, more = 0;
  const reveal = [];           // groups of objects still hidden, one shown a frame
  const swaps = [];            // mesh items whose hull is still to be put in
  /** Every mesh geom drawn full or as its hull (made the first time asked,
   *  put in a frame at a time: step(); its box until the hull is there). */
  function setMeshes(mode) {
    meshMode = mode === 'light' ? 'light' : 'full';
    swaps.length = 0;
    for (const it of items) {
      if (!it.light) continue;
      if (meshMode === 'light' && it.light.there()) swaps.push(it);
      else put(it, drawnOf(it, meshMode));
    }
    dirty = true;
  }
  /** One frame's share of the spread work: a group shown, or the hulls put
   *  in until one had to be made. */
  function step() {
    if (reveal.length) reveal.shift().forEach((o) => { o.visible = true; });
    while (swaps.length) {
      const it = swaps.shift(), fresh = !shapes.get(it.light.key);
      put(it, drawnOf(it, 'light'));
      if (fresh) break;
    }
  }
  const grids = tileGrids(scene, offsets, pitch, cx, cy);

  const { labels, place: placeLabels, anchorOf } = rowLabels(container, canvas, camera, robots, offsets, now);
  let dirty = true, disposed = false;
  const { controls, frameRow, moved } = rowCamera(container, canvas, camera, offsets, now, width);
  controls.addEventListener('change', () => { dirty = true; placeLabels(); });
  const pose = poser(robots, items, offsets, m0.geom_size, cx, cy);

  /** The scene drawn (force: now, all of it, even before its programs are compiled). */
  function render(force = false) {
    if (force) { ready = true; while (reveal.length || swaps.length) step(); } else if (!ready) return;
    else step();
    renderer.render(scene, camera);
    dirty = false;
    renders++;
    if (reveal.length || swaps.length) later();
  }
  /** The spread work carried on at the next frame when no one draws (a paused run draws only when asked). */
  function later() {
    if (more || disposed) return;
    const at = renders;
    more = requestAnimationFrame(() => { more = 0; if (disposed) return; if (renders === at) render(); else if (reveal.length || swaps.length) later(); });
  }

  function resize() {
    const w = Math.max(1, container.clientWidth), h = Math.max(1, container.clientHeight);
    renderer.setSize(w, h, true);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    if (!moved()) frameRow();
    placeLabels();
    dirty = true;
  }
  const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(() => { resize(); render(); }) : null;
  ro?.observe(container);
  resize();
  pose();
  if (meshMode === 'light') setMeshes('light');
  // the programs compiled (all objects visible), then every group but the
  // first hidden until its frame: one pipeline a frame (the robot's first)
  renderer.compileAsync(scene, camera).catch(() => {}).then(() => { if (!ready) { ready = true; dirty = true; later(); } });
  reveal.push(...hiddenGroups(items, grids));

  return {
    canvas, offsets, drawn: items.length,
    /** For the tests: copy to copy [m] and the width along the row of one copy as it stood at the start [m]. */
    layout: { pitch, span: now.max[0] - now.min[0] },
    /** For the tests: where copy i's label points (the top of its start box) on the canvas [CSS px], unclamped. */
    anchorOf,
    /** The triangles a frame draws, all copies. */
    get triangles() { return items.reduce((n, it) => n + it.meshes.length * trianglesOf(it.meshes[0].geometry), 0); },
    /** The triangles a frame draws with the full meshes, all copies (counted, not made). */
    get fullTriangles() { return items.reduce((n, it) => n + it.meshes.length * (it.shape.faces ?? trianglesOf(geometryOf(it.shape))), 0); },
    /** The mesh geoms not drawn as their hulls yet in light mode (their boxes, or the hulls still to be put in). */
    get boxes() { return swaps.length + items.filter((it) => it.box && it.meshes[0].geometry === shapes.get(it.box.key)).length; },
    get meshes() { return meshMode; },
    gl,
    /** 'full' or 'light' (each mesh's convex hull), drawn at the next frame. */
    setMeshes(mode) { if (!disposed) { setMeshes(mode); render(); } },
    /** The poses of this step, drawn (call once per animation frame). */
    update() {
      if (disposed) return;
      pose();
      render();
    },
    /** Draws only when the camera moved since the last frame (a paused run). */
    renderIfMoved() { if (!disposed && dirty) render(); },
    render() { if (!disposed) render(); },
    /** For the tests: per copy, the canvas pixels its robot (its non-plane
     *  geoms) changes, against the same frame drawn without any robot. */
    inked() { return disposed ? null : inkedCounts(renderer, robots, items, pose, render); },
    resize() { if (!disposed) { resize(); render(); } },
    dispose() {
      if (disposed) return;
      disposed = true;
      cancelAnimationFrame(more);
      ro?.disconnect();
      controls.dispose();
      shapes.forEach((g) => g?.dispose());   // a hull asked before it came is null
      materials.forEach((x) => x.dispose());
      grids.forEach((g) => { g.geometry.dispose(); g.material.dispose(); });
      renderer.dispose();
      renderer.forceContextLoss();
      canvas.remove();
      labels.forEach((l) => l.remove());
    },
  };
}
