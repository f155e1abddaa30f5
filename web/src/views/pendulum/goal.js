// pendulum/goal.js: the goal moved by hand: dragged on the picture (which
// switches the trajectory to a constant goal) or nudged by the arrow keys.
import { paramIndex } from '../../../../wasm/friction.js';
import { GOAL_NUDGE } from './state.js';

/** The constant goal of view p set to angle (in its range). */
function setGoal(p, angle) {
  const { info, panel, picMsg } = p;
  const gi = paramIndex(info, 'goal');
  const q = info.params[gi];
  const a = Math.min(q.max, Math.max(q.min, angle));
  panel.set('trajectory', info.params[paramIndex(info, 'trajectory')].choices.indexOf('goal'));
  panel.set('goal', a);
  p.chartSet.setDatasets();
  const why = p.retune();   // not expected (the goal stays in its range): said on the picture
  picMsg.hidden = !why;
  picMsg.textContent = why;
}
/** ← →: the goal by GOAL_NUDGE. */
export function nudgeGoal(p, sign) {
  const { m, info, values } = p;
  // from the goal the arm follows now: the constant goal as last set (so that
  // presses between two steps, or while paused, add up), or a trajectory's
  // current goal
  const row = p.series[0]?.row;
  const g = row && !m.isConstantGoal() ? row[m.col(p.run.sims[0], 'goal')] : values[paramIndex(info, 'goal')];
  // on the 1e-9 rad grid: six presses from 1.2 give the goal 1.5 a link or a
  // typed value gives, not 1.5000000000000002
  setGoal(p, Math.round((g + Math.sign(sign) * GOAL_NUDGE) * 1e9) / 1e9);
}

/** Drag the goal on the canvas; the arrow keys on it nudge it. */
export function goalInput(p, canvas) {
  let dragging = false;
  canvas.addEventListener('pointerdown', (e) => { dragging = true; canvas.setPointerCapture(e.pointerId); setGoal(p, p.pic.goalFromEvent(e)); });
  canvas.addEventListener('pointermove', (e) => { if (dragging) setGoal(p, p.pic.goalFromEvent(e)); });
  canvas.addEventListener('pointerup', () => { dragging = false; });
  canvas.addEventListener('keydown', (e) => {
    const d = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
    if (d) { e.preventDefault(); e.stopPropagation(); nudgeGoal(p, d); }
  });
}
