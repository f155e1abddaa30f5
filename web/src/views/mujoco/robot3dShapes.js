// mujoco/robot3dShapes.js: the shapes of robot3d.js (three.js) read from
// MuJoCo's compiled model: each drawn geom's three geometry (primitives
// scaled from unit shapes, meshes from mesh_vert/mesh_face/mesh_normal, a
// mesh's convex hull from m.hulls, a geom's box from m.geom_aabb), the geoms
// drawn (visual groups 0–2), and the row's layout: the box every pose of the
// robot stays in and the copies' places along +x. The geom types are told
// apart by the loaded MuJoCo's own mjtGeom values (mujoco/mjEnums.js
// geomKind), which the model's record carries as m.enums (the robot's worker
// sets it).
import * as THREE from 'three';
import { geomKind } from '../../mujoco/mjEnums.js';

/** The kind of geom g of m (mjEnums.js geomKind). */
const kindOf = (m, g) => geomKind(m.enums, m.geom_type[g]);
/** Geom g of m is a plane (mjGEOM_PLANE). */
export const isPlane = (m, g) => kindOf(m, g) === 'plane';
const MAX_GROUP = 2;          // visual groups 0..2 shown (MuJoCo's viewer default)
const GAP = 0.1;              // free space between two copies' reach, as a fraction of its width

/** rgba of geom g: its material's when it has one, else its own. */
export function rgbaOf(m, g, mat, geomRgba) {
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



/** The triangles of a three geometry. */
export const trianglesOf = (geo) => (geo.index ? geo.index.count : geo.attributes.position.count) / 3;

/** The shape of geom g: { key, make() → geometry, scale: [sx, sy, sz] }, or
 *  null for a type not drawn (height field, SDF). Unit shapes are shared and
 *  scaled by the geom's size; a capsule's shape depends on both of its sizes. */
export function shapeOf(m, g, size, planeHalf) {
  const s = (i) => size[3 * g + i];
  switch (kindOf(m, g)) {
    case 'plane': {
      // size 0 is an infinite plane: drawn as the copy's tile
      const hx = s(0) > 0 ? s(0) : planeHalf[0], hy = s(1) > 0 ? s(1) : planeHalf[1];
      return { key: 'plane', make: () => new THREE.PlaneGeometry(2, 2), scale: [hx, hy, 1] };
    }
    case 'sphere': return { key: 'sphere', make: () => new THREE.SphereGeometry(1, 24, 16), scale: [s(0), s(0), s(0)] };
    case 'ellipsoid': return { key: 'sphere', make: () => new THREE.SphereGeometry(1, 24, 16), scale: [s(0), s(1), s(2)] };
    case 'box': return { key: 'box', make: () => new THREE.BoxGeometry(2, 2, 2), scale: [s(0), s(1), s(2)] };
    // three's cylinder and capsule stand along y; MuJoCo's along z
    case 'cylinder': return { key: 'cylinder', make: () => new THREE.CylinderGeometry(1, 1, 2, 24).rotateX(Math.PI / 2), scale: [s(0), s(0), s(1)] };
    case 'capsule': return { key: `capsule ${s(0)} ${s(1)}`, make: () => new THREE.CapsuleGeometry(s(0), 2 * s(1), 8, 16).rotateX(Math.PI / 2), scale: [1, 1, 1] };
    case 'mesh': {
      const id = m.geom_dataid[g];
      return id >= 0 ? { key: `mesh ${id}`, make: () => meshGeometry(m, id), light: { key: `hull ${id}`, make: () => hullGeometry(m, id), there: () => !!m.hulls?.get(id) },
        box: { key: `box ${g}`, make: () => boxGeometry(m, g) }, faces: m.mesh_facenum[id], scale: [1, 1, 1] } : null;
    }
    default: return null;
  }
}

/** The geoms drawn: visual groups 0..MAX_GROUP, not fully transparent, of a drawn type. */
export function drawnGeoms(m) {
  const out = [], rgba = m.geom_rgba, mat = m.mat_rgba;
  for (let g = 0; g < m.ngeom; g++) {
    if (m.geom_group[g] > MAX_GROUP) continue;
    if (rgbaOf(m, g, mat, rgba)[3] === 0) continue;
    if (!kindOf(m, g)) continue;
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
    if (isPlane(m, g)) continue;
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
    if (isPlane(m, g)) continue;
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

/** The row of n copies of (m, d) (the pose of d at the start): now, the box
 *  of that pose (what the camera frames); ext, the box every pose stays in
 *  (reachOf); width, the row's tile [m]; pitch, copy to copy [m]; cx, cy, the
 *  middle of ext; offsets, each copy's shift (along +x, centred on the
 *  scene's origin); planeHalf, an infinite plane's half size (the tile). */
export function rowLayout(m0, d, geoms, n) {
  // the layout is made for every pose the robot can reach (not only the
  // first): the copies never overlap, and the camera need not move
  const now = extentOf(m0, d, geoms);    // the pose at the start: what the camera frames
  const ext = reachOf(m0, d, geoms, now);
  // a floating base falls: its frame reaches down to where its reach meets the floor
  if (Array.from({ length: m0.njnt }, (_, j) => m0.jnt_type[j]).includes(0)) now.min[2] = Math.min(now.min[2], ext.min[2]);
  const width = Math.max(ext.max[0] - ext.min[0], ext.max[1] - ext.min[1], 0.05);   // [m]
  const pitch = width * (1 + GAP);                                                 // copy to copy [m]
  const cx = (ext.min[0] + ext.max[0]) / 2, cy = (ext.min[1] + ext.max[1]) / 2;
  // the copies along +x, centred on the origin of the scene
  const offsets = Array.from({ length: n }, (_, i) => [(i - (n - 1) / 2) * pitch - cx, -cy, 0]);
  const planeHalf = [pitch / 2, pitch / 2];
  return { now, width, pitch, cx, cy, offsets, planeHalf };
}
