// mujoco/hulls.js: the convex hulls of a compiled MuJoCo model's meshes, for
// the 3D picture's light meshes (views/mujoco/robot3d.js), made in the
// robot's worker (workers/mjrobot.js 'hulls') so that the page's thread
// never computes one (the SO-101's took about 5 s there). No DOM,
// no MuJoCo call: the model's arrays only.
//
// Each mesh's hull is MuJoCo's own where it made one (mesh_graph at
// mesh_graphadr: numvert, numface, vert_edgeadr[numvert],
// vert_globalid[numvert], edge_localid[numvert + 3·numface],
// face_globalid[3·numface]: the hull MuJoCo collides with, its faces indexing
// the mesh's vertices, wound outward), else three's ConvexHull (the pinned
// three's addon, as its ConvexGeometry uses it) over the mesh's vertices.
// A hull is its triangles' corners: x, y, z of each, 9 numbers a triangle
// (Float32Array, transferable), wound outward; the picture shades it flat.
import { Vector3 } from 'three';
import { ConvexHull } from 'three/examples/jsm/math/ConvexHull.js';
import { mjEnums } from './mjEnums.js';

/** The hull of mesh `id` of m as triangle corners (Float32Array, 9 per triangle). */
export function meshHull(m, id) {
  const vert = m.mesh_vert, va = m.mesh_vertadr[id], vn = m.mesh_vertnum[id], ga = m.mesh_graphadr[id];
  if (ga >= 0) {
    const graph = m.mesh_graph, nv = graph[ga], nf = graph[ga + 1];
    const fa = ga + 2 + nv + nv + nv + 3 * nf;      // face_globalid
    const pos = new Float32Array(9 * nf);
    for (let i = 0; i < 3 * nf; i++) {
      const v = 3 * (va + graph[fa + i]);
      pos[3 * i] = vert[v]; pos[3 * i + 1] = vert[v + 1]; pos[3 * i + 2] = vert[v + 2];
    }
    return pos;
  }
  const pts = [];
  for (let i = 0; i < vn; i++) pts.push(new Vector3(vert[3 * (va + i)], vert[3 * (va + i) + 1], vert[3 * (va + i) + 2]));
  const out = [];
  for (const face of new ConvexHull().setFromPoints(pts).faces) {
    // a face's corners along its edge loop (ConvexHull's faces are triangles)
    let edge = face.edge;
    do {
      const p = edge.head().point;
      out.push(p.x, p.y, p.z);
      edge = edge.next;
    } while (edge !== face.edge);
  }
  return Float32Array.from(out);
}

/** The hulls of the meshes that geoms of model m (of MuJoCo module mj) use: [[mesh id, corners], ...]. */
export function meshHulls(mj, m) {
  const ids = new Set(), { geomMesh } = mjEnums(mj);
  for (let g = 0; g < m.ngeom; g++) if (m.geom_type[g] === geomMesh && m.geom_dataid[g] >= 0) ids.add(m.geom_dataid[g]);
  return [...ids].sort((a, b) => a - b).map((id) => [id, meshHull(m, id)]);
}
