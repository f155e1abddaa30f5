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
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

// mjtGeom
const PLANE = 0, SPHERE = 2, CAPSULE = 3, ELLIPSOID = 4, CYLINDER = 5, BOX = 6, MESH = 7;
const MAX_GROUP = 2;          // visual groups 0..2 shown (MuJoCo's viewer default)
const GAP = 0.1;              // free space between two copies' reach, as a fraction of its width
const MARGIN = 0.06;          // the framed copies' distance to the canvas's edges [fraction of its half size]
const LABEL_ROOM = 34;        // [px] kept above the copies for their labels

/** rgba of geom g: its material's when it has one, else its own. */
function rgbaOf(m, g, mat, geomRgba) {
  const id = m.geom_matid[g];
  const src = id >= 0 ? mat : geomRgba, k = 4 * (id >= 0 ? id : g);
  return [src[k], src[k + 1], src[k + 2], src[k + 3]];
}

/** three geometry of mesh `id` of m: MuJoCo's vertices, faces and normals. */
function meshGeometry(m, id) {
  const vert = m.mesh_vert, face = m.mesh_face, normal = m.mesh_normal, fnorm = m.mesh_facenormal;
  const va = m.mesh_vertadr[id], vn = m.mesh_vertnum[id], fa = m.mesh_faceadr[id], fn = m.mesh_facenum[id];
  const na = m.mesh_normaladr[id];
  const geo = new THREE.BufferGeometry();
  // one normal per vertex (face and normal indices equal): an indexed mesh;
  // otherwise each face corner gets its own vertex with its own normal
  let same = m.mesh_normalnum[id] === vn;
  for (let i = 3 * fa; same && i < 3 * (fa + fn); i++) same = face[i] === fnorm[i];
  if (same) {
    geo.setAttribute('position', new THREE.BufferAttribute(Float32Array.from(vert.subarray(3 * va, 3 * (va + vn))), 3));
    geo.setAttribute('normal', new THREE.BufferAttribute(Float32Array.from(normal.subarray(3 * na, 3 * (na + vn))), 3));
    const idx = vn > 65535 ? new Uint32Array(3 * fn) : new Uint16Array(3 * fn);
    idx.set(face.subarray(3 * fa, 3 * (fa + fn)));
    geo.setIndex(new THREE.BufferAttribute(idx, 1));
  } else {
    const pos = new Float32Array(9 * fn), nor = new Float32Array(9 * fn);
    for (let i = 0; i < 3 * fn; i++) {
      const v = 3 * (va + face[3 * fa + i]), n = 3 * (na + fnorm[3 * fa + i]);
      for (let c = 0; c < 3; c++) { pos[3 * i + c] = vert[v + c]; nor[3 * i + c] = normal[n + c]; }
    }
    geo.setAttribute('position', new THREE.BufferAttribute(pos, 3));
    geo.setAttribute('normal', new THREE.BufferAttribute(nor, 3));
  }
  geo.computeBoundingSphere();
  return geo;
}

/** three geometry of the convex hull of mesh `id` of m: m.hulls's (mesh
 *  id → its triangles' corners, made in the robot's worker: mujoco/hulls.js),
 *  flat shaded; null while m has none (the full mesh drawn meanwhile). */
function hullGeometry(m, id) {
  const pos = m.hulls?.get(id);
  if (!pos) return null;
  const geo = new THREE.BufferGeometry();
  geo.setAttribute('position', new THREE.BufferAttribute(pos, 3));
  geo.computeVertexNormals();                     // not indexed: each face's own normal (flat)
  geo.computeBoundingSphere();
  return geo;
}

/** three geometry of geom g's box (m.geom_aabb: centre and half sizes in
 *  the geom's frame): what a mesh shows in light mode until its hull comes.
 *  Laid out as a hull is (not indexed; positions and normals, no uv), so the
 *  hulls draw through the boxes' pipeline: a software renderer (SwiftShader)
 *  makes a pipeline per vertex layout at its first draw, 1–2 s of the page's
 *  commit on a loaded machine. */
function boxGeometry(m, g) {
  const a = m.geom_aabb, k = 6 * g;
  const geo = new THREE.BoxGeometry(2 * a[k + 3], 2 * a[k + 4], 2 * a[k + 5]).translate(a[k], a[k + 1], a[k + 2]).toNonIndexed();
  geo.deleteAttribute('uv');
  return geo;
}

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

/** The triangles of a three geometry. */
const trianglesOf = (geo) => (geo.index ? geo.index.count : geo.attributes.position.count) / 3;

/** The shape of geom g: { key, make() → geometry, scale: [sx, sy, sz] }, or
 *  null for a type not drawn (height field, SDF). Unit shapes are shared and
 *  scaled by the geom's size; a capsule's shape depends on both of its sizes. */
function shapeOf(m, g, size, planeHalf) {
  const s = (i) => size[3 * g + i];
  switch (m.geom_type[g]) {
    case PLANE: {
      // size 0 is an infinite plane: drawn as the copy's tile
      const hx = s(0) > 0 ? s(0) : planeHalf[0], hy = s(1) > 0 ? s(1) : planeHalf[1];
      return { key: 'plane', make: () => new THREE.PlaneGeometry(2, 2), scale: [hx, hy, 1] };
    }
    case SPHERE: return { key: 'sphere', make: () => new THREE.SphereGeometry(1, 24, 16), scale: [s(0), s(0), s(0)] };
    case ELLIPSOID: return { key: 'sphere', make: () => new THREE.SphereGeometry(1, 24, 16), scale: [s(0), s(1), s(2)] };
    case BOX: return { key: 'box', make: () => new THREE.BoxGeometry(2, 2, 2), scale: [s(0), s(1), s(2)] };
    // three's cylinder and capsule stand along y; MuJoCo's along z
    case CYLINDER: return { key: 'cylinder', make: () => new THREE.CylinderGeometry(1, 1, 2, 24).rotateX(Math.PI / 2), scale: [s(0), s(0), s(1)] };
    case CAPSULE: return { key: `capsule ${s(0)} ${s(1)}`, make: () => new THREE.CapsuleGeometry(s(0), 2 * s(1), 8, 16).rotateX(Math.PI / 2), scale: [1, 1, 1] };
    case MESH: {
      const id = m.geom_dataid[g];
      return id >= 0 ? { key: `mesh ${id}`, make: () => meshGeometry(m, id), light: { key: `hull ${id}`, make: () => hullGeometry(m, id), there: () => !!m.hulls?.get(id) },
        box: { key: `box ${g}`, make: () => boxGeometry(m, g) }, faces: m.mesh_facenum[id], scale: [1, 1, 1] } : null;
    }
    default: return null;
  }
}

/** The geoms drawn: visual groups 0..MAX_GROUP, not fully transparent, of a drawn type. */
function drawnGeoms(m) {
  const out = [], rgba = m.geom_rgba, mat = m.mat_rgba;
  for (let g = 0; g < m.ngeom; g++) {
    if (m.geom_group[g] > MAX_GROUP) continue;
    if (rgbaOf(m, g, mat, rgba)[3] === 0) continue;
    if (![PLANE, SPHERE, CAPSULE, ELLIPSOID, CYLINDER, BOX, MESH].includes(m.geom_type[g])) continue;
    out.push(g);
  }
  return out;
}

/** The box around the non-plane drawn geoms of (m, d) at its pose: each
 *  geom's own box m.geom_aabb (centre and half sizes in the geom's frame,
 *  MuJoCo's) turned into the world by d.geom_xmat: { min: [x,y,z], max }. */
function extentOf(m, d, geoms) {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  const xpos = d.geom_xpos, xmat = d.geom_xmat, aabb = m.geom_aabb;
  for (const g of geoms) {
    if (m.geom_type[g] === PLANE) continue;
    for (let r = 0; r < 3; r++) {
      let c = xpos[3 * g + r], h = 0;
      for (let k = 0; k < 3; k++) {
        const R = xmat[9 * g + 3 * r + k];
        c += R * aabb[6 * g + k];
        h += Math.abs(R) * aabb[6 * g + 3 + k];
      }
      min[r] = Math.min(min[r], c - h);
      max[r] = Math.max(max[r], c + h);
    }
  }
  if (!Number.isFinite(min[0])) return { min: [-0.5, -0.5, 0], max: [0.5, 0.5, 0.5] };
  return { min, max };
}

/** The box every pose of the robot stays in, as far as its joints allow:
 *  around the first joint's anchor (d.xanchor; MuJoCo numbers joints from the
 *  root; a floating base's: its root body), the reach R = the farthest drawn
 *  geom box's corner from it, the box ±R in x and y and from the anchor − R
 *  (not below the model's lowest geom or floor) to the anchor + R; with the
 *  box of the pose now. A model without joints keeps the box of now. */
function reachOf(m, d, geoms, ext) {
  if (m.njnt === 0) return ext;
  const a = [d.xanchor[0], d.xanchor[1], d.xanchor[2]];
  const xpos = d.geom_xpos, xmat = d.geom_xmat, aabb = m.geom_aabb;
  let R = 0;
  for (const g of geoms) {
    if (m.geom_type[g] === PLANE) continue;
    let r2 = 0, half = 0;
    for (let r = 0; r < 3; r++) {
      let c = xpos[3 * g + r];
      for (let k = 0; k < 3; k++) c += xmat[9 * g + 3 * r + k] * aabb[6 * g + k];
      r2 += (c - a[r]) ** 2;
      half += aabb[6 * g + 3 + r] ** 2;
    }
    R = Math.max(R, Math.sqrt(r2) + Math.sqrt(half));
  }
  const floor = Math.min(ext.min[2], 0);
  return { min: [Math.min(a[0] - R, ext.min[0]), Math.min(a[1] - R, ext.min[1]), Math.max(a[2] - R, floor)],
    max: [Math.max(a[0] + R, ext.max[0]), Math.max(a[1] + R, ext.max[1]), Math.max(a[2] + R, ext.max[2])] };
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
  // the layout is made for every pose the robot can reach (not only the
  // first): the copies never overlap, and the camera need not move
  const now = extentOf(m0, robots[0].d, geoms);    // the pose at the start: what the camera frames
  const ext = reachOf(m0, robots[0].d, geoms, now);
  // a floating base falls: its frame reaches down to where its reach meets the floor
  if (Array.from({ length: m0.njnt }, (_, j) => m0.jnt_type[j]).includes(0)) now.min[2] = Math.min(now.min[2], ext.min[2]);
  const width = Math.max(ext.max[0] - ext.min[0], ext.max[1] - ext.min[1], 0.05);   // [m]
  const pitch = width * (1 + GAP);                                                 // copy to copy [m]
  const cx = (ext.min[0] + ext.max[0]) / 2, cy = (ext.min[1] + ext.max[1]) / 2;
  // the copies along +x, centred on the origin of the scene
  const offsets = robots.map((_, i) => [(i - (robots.length - 1) / 2) * pitch - cx, -cy, 0]);
  const planeHalf = [pitch / 2, pitch / 2];

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
    const plane = m0.geom_type[g] === PLANE;
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
  // a grid on each copy's tile, so that the floor reads as a floor
  const grids = offsets.map((o) => {
    const grid = new THREE.GridHelper(pitch, 10, 0x9aa4b1, 0xc3cad3);
    grid.rotateX(Math.PI / 2);                    // three's grid lies in xz; MuJoCo's floor is xy
    grid.position.set(o[0] + cx, o[1] + cy, 0.0005);
    scene.add(grid);
    return grid;
  });

  // the labels, HTML over the canvas, above each copy
  const labels = robots.map((r) => {
    const el = document.createElement('div');
    el.className = 'robot3d-label';
    el.textContent = r.label;
    container.append(el);
    return el;
  });
  const anchor = new THREE.Vector3();
  // each label above its copy as it stood at the start, kept whole inside the
  // box (moved in from an edge rather than cut), hidden only behind the camera
  function placeLabels() {
    const w = canvas.clientWidth, h = canvas.clientHeight;
    offsets.forEach((o, i) => {
      anchor.set(o[0] + (now.min[0] + now.max[0]) / 2, o[1] + (now.min[1] + now.max[1]) / 2, now.max[2]).project(camera);
      const behind = anchor.z > 1;
      labels[i].hidden = behind;
      if (behind) return;
      const lw = labels[i].offsetWidth, lh = labels[i].offsetHeight, pad = 2;
      const x = Math.min(Math.max((anchor.x + 1) / 2 * w, lw / 2 + pad), Math.max(lw / 2 + pad, w - lw / 2 - pad));
      const y = Math.min(Math.max((1 - anchor.y) / 2 * h - 4, lh + pad), h - pad);
      labels[i].style.transform = `translate(${x.toFixed(0)}px, ${y.toFixed(0)}px) translate(-50%, -100%)`;
    });
  }

  // the camera: in front of the row (from -y), a little above, looking at
  // the middle of the copies as they stand, as close as keeps every corner
  // of their boxes inside the canvas (MARGIN from its edges, LABEL_ROOM px
  // above); framed again when the container changes shape, until the person
  // moves it. The wheel zooms toward the point under the pointer.
  let dirty = true, disposed = false;
  const controls = new OrbitControls(camera, canvas);
  const corners = [];
  for (const o of offsets) {
    for (let k = 0; k < 8; k++) {
      corners.push(new THREE.Vector3((k & 1 ? now.max[0] : now.min[0]) + o[0], (k & 2 ? now.max[1] : now.min[1]) + o[1],
        (k & 4 ? now.max[2] : now.min[2]) + o[2]));
    }
  }
  const box = new THREE.Box3().setFromPoints(corners), mid = box.getCenter(new THREE.Vector3());
  controls.target.copy(mid);
  controls.enableDamping = false;
  controls.zoomToCursor = true;
  controls.minDistance = width * 0.05;
  let moved = false;
  controls.addEventListener('start', () => { moved = true; });
  const elev = 0.38;                              // [rad] the camera above the horizontal
  const dir = new THREE.Vector3(0, -Math.cos(elev), Math.sin(elev)), p = new THREE.Vector3();
  /** Every corner inside the canvas with the camera at distance dist from the target. */
  function fits(dist, top) {
    camera.position.copy(mid).addScaledVector(dir, dist);
    camera.lookAt(mid);
    camera.updateMatrixWorld();
    return corners.every((c) => {
      p.copy(c).project(camera);
      return p.z < 1 && Math.abs(p.x) <= 1 - MARGIN && p.y >= -1 + MARGIN && p.y <= top;
    });
  }
  function frameRow() {
    const h = Math.max(1, container.clientHeight);
    const top = Math.max(0.2, 1 - MARGIN - 2 * LABEL_ROOM / h);   // [NDC] the labels' room above
    const span = box.getSize(new THREE.Vector3()).length();         // [m]
    let lo = span * 0.05, hi = span * 100;
    for (let k = 0; k < 40; k++) {                // bisection on the distance (monotone: farther fits)
      const d = (lo + hi) / 2;
      if (fits(d, top)) hi = d; else lo = d;
    }
    fits(hi, top);
    controls.maxDistance = hi * 8;
    controls.update();                            // the camera looks at the target
  }
  controls.addEventListener('change', () => { dirty = true; placeLabels(); });

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
    if (!moved) frameRow();
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
  const groups = new Map();
  for (const it of items) {
    const mat = it.meshes[0].material, key = `${mat.side} ${mat.transparent}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(...it.meshes);
  }
  groups.set('grid', grids);
  for (const [i, g] of [...groups.values()].entries()) if (i > 0) { g.forEach((o) => { o.visible = false; }); reveal.push(g); }

  return {
    canvas, offsets, drawn: items.length,
    /** For the tests: copy to copy [m] and the width along the row of one copy as it stood at the start [m]. */
    layout: { pitch, span: now.max[0] - now.min[0] },
    /** For the tests: where copy i's label points (the top of its start box) on the canvas [CSS px], unclamped. */
    anchorOf(i) {
      const o = offsets[i];
      anchor.set(o[0] + (now.min[0] + now.max[0]) / 2, o[1] + (now.min[1] + now.max[1]) / 2, now.max[2]).project(camera);
      return { x: (anchor.x + 1) / 2 * canvas.clientWidth, y: (1 - anchor.y) / 2 * canvas.clientHeight };
    },
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
    inked() {
      if (disposed) return null;
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
    },
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
