// arm/input.js: moving the Robot arm's target: ← → nudge the target of the
// last controlled joint; dragging the tip sets the target pose (arm1: the
// angle towards the pointer; arm2-ground: both targets by two-link inverse
// kinematics). The chain has no targets.
import { paramIndex } from '../../../../wasm/friction.js';
import { NUDGE } from './state.js';

/** targetInput(canvases, m, { panel(), xform(i), retune() }): { nudgeGoal(sign) }. */
export function targetInput(canvases, m, { panel, xform, retune }) {
  const { v, has } = m;
  /** ← →: the target of the last controlled joint (q_d, q2_d); chain has none. */
  function nudgeGoal(sign) {
    const name = has('q2_d') ? 'q2_d' : has('q_d') ? 'q_d' : null;
    if (!name) return;
    const p = m.info.params[paramIndex(m.info, name)];
    panel().set(name, Math.min(p.hi ?? p.max, Math.max(p.lo ?? p.min, v(name) + Math.sign(sign) * NUDGE)));
    retune();
  }
  /** Dragging the tip sets the target pose: arm1 the angle towards the
   *  pointer, arm2-ground both targets by two-link inverse kinematics (the
   *  elbow on the side of the current q2_d; a point out of reach is pulled
   *  onto the reachable circle). The chain has no targets (e = 0). */
  function dragTarget(i, ev) {
    const t = xform(i);
    if (!t || !m.info) return;
    const rect = canvases[i].getBoundingClientRect();
    const px = (ev.clientX - rect.left - t.ox) / t.s, py = -(ev.clientY - rect.top - t.oy) / t.s;
    const theta = Math.atan2(px, -py);            // u(φ) = (sin φ, −cos φ): φ from straight down
    const wrap = (a) => Math.atan2(Math.sin(a), Math.cos(a));
    if (m.scn === 'arm1') {
      panel().set('q_d', wrap(theta));
    } else if (m.scn === 'arm2-ground') {
      const L = v('length'), r = Math.min(Math.hypot(px, py), 2 * L * 0.999);
      const c2 = Math.max(-1, Math.min(1, (r * r - 2 * L * L) / (2 * L * L)));
      const q2 = (v('q2_d') < 0 ? -1 : 1) * Math.acos(c2);
      const q1 = theta - Math.atan2(L * Math.sin(q2), L + L * Math.cos(q2));
      panel().set('q1_d', wrap(q1));
      panel().set('q2_d', wrap(q2));
    } else {
      return;
    }
    retune();
  }
  canvases.forEach((c, i) => {
    let dragging = false;
    c.addEventListener('pointerdown', (ev) => {
      if (m.scn === 'chain' || ev.button !== 0) return;
      dragging = true;
      c.setPointerCapture(ev.pointerId);
      c.style.cursor = 'grabbing';
      dragTarget(i, ev);
    });
    c.addEventListener('pointermove', (ev) => {
      if (dragging) dragTarget(i, ev);
      else c.style.cursor = m.scn === 'chain' ? 'default' : 'grab';
    });
    const end = () => { dragging = false; c.style.cursor = m.scn === 'chain' ? 'default' : 'grab'; };
    c.addEventListener('pointerup', end);
    c.addEventListener('pointercancel', end);
    c.addEventListener('keydown', (e) => {
      const d = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
      if (d) { e.preventDefault(); e.stopPropagation(); nudgeGoal(d); }
    });
  });
  return { nudgeGoal };
}
