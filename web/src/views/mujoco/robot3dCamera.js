// mujoco/robot3dCamera.js: the camera and labels of robot3d.js (three.js):
// the camera in front of the row of copies, framed to their boxes as they
// stand, with orbit controls that zoom toward the pointer; each copy's label,
// HTML over the canvas, kept whole inside the box.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

const MARGIN = 0.06;          // the framed copies' distance to the canvas's edges [fraction of its half size]
const LABEL_ROOM = 34;        // [px] kept above the copies for their labels

/** The labels of the copies (robots[i].label), in container over the canvas:
 *  { labels, place(): each above its copy as it stood at the start (the box
 *  now), anchorOf(i): where copy i's label points on the canvas [CSS px] }. */
export function rowLabels(container, canvas, camera, robots, offsets, now) {
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
  function place() {
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
  /** For the tests: where copy i's label points (the top of its start box) on the canvas [CSS px], unclamped. */
  function anchorOf(i) {
    const o = offsets[i];
    anchor.set(o[0] + (now.min[0] + now.max[0]) / 2, o[1] + (now.min[1] + now.max[1]) / 2, now.max[2]).project(camera);
    return { x: (anchor.x + 1) / 2 * canvas.clientWidth, y: (1 - anchor.y) / 2 * canvas.clientHeight };
  }
  return { labels, place, anchorOf };
}

/** The camera's controls on the row (offsets, the box now, the tile width
 *  [m]): { controls, frameRow(): the camera framed again, moved(): whether
 *  the person moved it }. */
export function rowCamera(container, canvas, camera, offsets, now, width) {
  // the camera: in front of the row (from -y), a little above, looking at
  // the middle of the copies as they stand, as close as keeps every corner
  // of their boxes inside the canvas (MARGIN from its edges, LABEL_ROOM px
  // above); framed again when the container changes shape, until the person
  // moves it. The wheel zooms toward the point under the pointer.
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
  return { controls, frameRow, moved: () => moved };
}
