// draw/armPose.js: the pose of an arm the pictures draw (draw/arm.js): a
// planar chain from its joint angles, and a Robot arm scenario's row as the
// drawn links, ground, target pose, contact corners and stick states.

/** A planar chain from its base at (0, 0): joint angles qs [rad] (relative;
 *  all 0 hangs straight down), link lengths [m]. Returns { pts: the base and
 *  every link's end [[x, y] m], phi: the last link's absolute angle [rad] }. */
export function chain(lengths, qs) {
  let x = 0, y = 0, phi = 0;
  const pts = [[0, 0]];
  qs.forEach((q, k) => { phi += q; x += lengths[k] * Math.sin(phi); y -= lengths[k] * Math.cos(phi); pts.push([x, y]); });
  return { pts, phi };
}

/** The joint angles φ (absolute) and positions in metres of the drawn links,
 *  the ground height, the target pose, the contact corners. */
export function scenarioPose(m, sim, r) {
  const { v, col } = m;
  const L = v('length'), w = v('width');
  const g = (name) => (r ? r[col(sim, name)] : null);
  const weight = m.scn === 'chain' ? v('n') * v('mass') * v('gravity') : 2 * v('mass') * v('gravity');
  const out = { L, width: w, weight, links: [], ground: null, ghost: null, corners: [], stick: [] };
  const chainFrom = (qs) => chain(qs.map(() => L), qs);
  const corners = (tip, phi) => [-1, 1].map((s) => [tip[0] + s * (w / 2) * Math.cos(phi), tip[1] + s * (w / 2) * Math.sin(phi)]);
  if (m.scn === 'arm1') {
    const q = r ? g('q') : v('q0');
    out.links = chainFrom([q]).pts;
    const qd = r ? g('q_d') : 0;
    out.ghost = chainFrom([qd]).pts;
    out.stick = r ? [g('stick')] : [];
    out.box = [-1.3 * L, 1.3 * L, -1.3 * L, 1.3 * L];
  } else if (m.scn === 'arm2-ground') {
    const qs = r ? [g('q1'), g('q2')] : [v('q1_0'), v('q2_0')];
    const c = chainFrom(qs);
    out.links = c.pts;
    out.ghost = chainFrom([v('q1_d'), v('q2_d')]).pts;
    out.ground = -v('ground');
    out.corners = corners(c.pts[2], c.phi).map((p, k) => ({ p, fn: r ? g(`fn${k + 1}`) : 0 }));
    out.stick = r ? [g('stick1'), g('stick2')] : [];
    out.box = [-2.05 * L, 2.05 * L, out.ground - 0.05, 2.05 * L];
  } else {
    const n = v('n');
    // every joint from the scenario's shape (fric_scenario.shape); before
    // the first step, the start pose: link 1 at q1_0, the others straight
    const shape = r ? sim.shape() : null;
    if (shape) {
      for (let k = 0; k < shape.length; k += 3) {
        out.links.push([shape[k], shape[k + 1]]);
        if (shape[k + 2] >= 0) out.stick.push(shape[k + 2]);   // −1: the tip, no joint
      }
      out.compact = n > 3;   // many joints: a coloured ring each, not a text badge
    } else {
      out.links = chainFrom([v('q1_0'), ...new Array(n - 1).fill(0)]).pts;
    }
    const tip = out.links[out.links.length - 1], prev = out.links[out.links.length - 2];
    const phi = Math.atan2(tip[0] - prev[0], prev[1] - tip[1]);   // u = (sin φ, −cos φ)
    out.ground = -v('ground_depth') * n * L;
    out.corners = corners(tip, phi).map((p, k) => ({ p, fn: r ? g(`fn${k + 1}`) : 0 }));
    out.nStick = r ? g('n_stick') : null;
    out.box = [-1.05 * n * L, 1.05 * n * L, out.ground - 0.05 * n * L, 0.35 * n * L];
  }
  return out;
}
