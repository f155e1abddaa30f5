// mujoco/robot3dItems.js: the meshes of robot3d.js (three.js): a mesh per
// drawn geom and copy, its geometry shared by shape and its material by
// colour (robot3dShapes.js), and each frame's poses written into the
// meshes' matrices from MuJoCo's d.geom_xpos and d.geom_xmat (no allocation);
// the tiles' grids, the groups shown one a frame, and the tests' pixel count.
import * as THREE from 'three';
import { isPlane, rgbaOf, shapeOf } from './robot3dShapes.js';

/** The scene's items: per drawn geom (geoms of m0) { g, scale, plane,
 *  shape, light, box, meshes: one per copy }, added to scene; meshMode
 *  'light' starts the meshes as their boxes. Returns { items, shapes,
 *  materials, geometryOf(shape), drawnOf(it, mode), put(it, geometry) }. */
export function sceneItems(scene, robots, m0, geoms, planeHalf, meshMode) {
  // shared geometry (by shape) and materials (by colour)
  const shapes = new Map(), materials = new Map();
  const geometryOf = (shape) => {
    if (!shapes.get(shape.key)) shapes.set(shape.key, shape.make());   // a hull not there yet (null) is asked again
    return shapes.get(shape.key);
  };
  const materialOf = (rgba, plane) => {
    const key = `${rgba.join(' ')}${plane ? ' plane' : ''}`;
    if (!materials.has(key)) {
      // a white floor (an untextured material) would glare: planes are toned down
      const c = new THREE.Color().setRGB(rgba[0], rgba[1], rgba[2], THREE.SRGBColorSpace);
      if (plane) c.multiplyScalar(0.55);
      materials.set(key, new THREE.MeshLambertMaterial({ color: c, transparent: rgba[3] < 1, opacity: rgba[3],
        side: plane ? THREE.DoubleSide : THREE.FrontSide }));
    }
    return materials.get(key);
  };

  const size = m0.geom_size, rgbaG = m0.geom_rgba, rgbaM = m0.mat_rgba;
  const items = [];            // per drawn geom: { g, scale, mesh: per copy }
  /** What item `it` draws in mode: its shape, or (a mesh, light) its hull, else its box while the hull is not there. */
  const drawnOf = (it, mode) => (it.light && mode === 'light' ? geometryOf(it.light) || geometryOf(it.box) : geometryOf(it.shape));
  for (const g of geoms) {
    const shape = shapeOf(m0, g, size, planeHalf);
    if (!shape) continue;
    const plane = isPlane(m0, g);
    const it = { g, scale: shape.scale, plane, shape, light: shape.light ?? null, box: shape.box ?? null, meshes: null };
    const geo = it.light && meshMode === 'light' ? geometryOf(it.box) : geometryOf(shape), mat = materialOf(rgbaOf(m0, g, rgbaM, rgbaG), plane);
    it.meshes = robots.map(() => {
      const mesh = new THREE.Mesh(geo, mat);
      mesh.matrixAutoUpdate = false;
      if (plane) mesh.renderOrder = -1;
      scene.add(mesh);
      return mesh;
    });
    items.push(it);
  }
  const put = (it, geo) => it.meshes.forEach((mesh) => { mesh.geometry = geo; });
  return { items, shapes, materials, geometryOf, drawnOf, put };
}

/** The poses of the copies: pose() writes each item's meshes' matrices from
 *  d.geom_xpos/geom_xmat (row-major 3×3) of each copy, shifted by its offset
 *  (an infinite plane centred under its copy: cx, cy, the row's middle). */
export function poser(robots, items, offsets, size, cx, cy) {
  // the views of MuJoCo's arrays: kept, and read again only when the wasm
  // memory grew (an old view over the buffer is then detached, length 0)
  const views = robots.map((r) => ({ xpos: r.d.geom_xpos, xmat: r.d.geom_xmat }));
  const viewsOf = (i) => {
    const v = views[i];
    if (v.xpos.length === 0 || v.xmat.length === 0) { v.xpos = robots[i].d.geom_xpos; v.xmat = robots[i].d.geom_xmat; }
    return v;
  };

  /** The meshes' matrices from d.geom_xpos/geom_xmat (row-major 3×3) of each copy. */
  function pose() {
    for (let i = 0; i < robots.length; i++) {
      const { xpos, xmat } = viewsOf(i);
      const o = offsets[i];
      for (const it of items) {
        const g = it.g, e = it.meshes[i].matrix.elements, s = it.scale;
        // three's elements are column-major: column j = R[:, j] · s_j
        for (let r = 0; r < 3; r++) {
          e[r] = xmat[9 * g + 3 * r] * s[0];
          e[4 + r] = xmat[9 * g + 3 * r + 1] * s[1];
          e[8 + r] = xmat[9 * g + 3 * r + 2] * s[2];
        }
        e[3] = 0; e[7] = 0; e[11] = 0; e[15] = 1;
        e[12] = xpos[3 * g] + o[0];
        e[13] = xpos[3 * g + 1] + o[1];
        // an infinite plane is the copy's tile: centred under the copy
        if (it.plane && size[3 * g] === 0) { e[12] = o[0] + cx; e[13] = o[1] + cy; }
        e[14] = xpos[3 * g + 2] + o[2];
        it.meshes[i].matrixWorldNeedsUpdate = true;
      }
    }
  }
  return pose;
}

/** A grid on each copy's tile (pitch wide, around the row's middle cx, cy),
 *  so that the floor reads as a floor. */
export function tileGrids(scene, offsets, pitch, cx, cy) {
  return offsets.map((o) => {
    const grid = new THREE.GridHelper(pitch, 10, 0x9aa4b1, 0xc3cad3);
    grid.rotateX(Math.PI / 2);                    // three's grid lies in xz; MuJoCo's floor is xy
    grid.position.set(o[0] + cx, o[1] + cy, 0.0005);
    scene.add(grid);
    return grid;
  });
}

/** The groups of objects drawn alike (a pipeline: the items' meshes by their
 *  material's side and transparency, then the grids), every one but the
 *  first hidden: the groups to show one a frame, in order. */
export function hiddenGroups(items, grids) {
  const groups = new Map(), out = [];
  for (const it of items) {
    const mat = it.meshes[0].material, key = `${mat.side} ${mat.transparent}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(...it.meshes);
  }
  groups.set('grid', grids);
  for (const [i, g] of [...groups.values()].entries()) if (i > 0) { g.forEach((o) => { o.visible = false; }); out.push(g); }
  return out;
}

/** For the tests: per copy, the canvas pixels its robot (its non-plane
 *  geoms) changes, against the same frame drawn without any robot
 *  (render(true): the whole scene drawn now). */
export function inkedCounts(renderer, robots, items, pose, render) {
  const gl = renderer.getContext(), w = gl.drawingBufferWidth, h = gl.drawingBufferHeight;
  const grab = () => { render(true); const px = new Uint8Array(4 * w * h); gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, px); return px; };
  const show = (k) => items.forEach((it) => { if (!it.plane) it.meshes.forEach((mesh, i) => { mesh.visible = k === i; }); });
  pose();
  show(-1);
  const bare = grab();
  const counts = robots.map((_, i) => {
    show(i);
    const px = grab();
    let n = 0;
    for (let p = 0; p < px.length; p += 4) if (px[p] !== bare[p] || px[p + 1] !== bare[p + 1] || px[p + 2] !== bare[p + 2]) n++;
    return n;
  });
  items.forEach((it) => it.meshes.forEach((mesh) => { mesh.visible = true; }));
  render();
  return { width: w, height: h, counts };
}
