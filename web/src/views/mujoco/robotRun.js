// mujoco/robotRun.js: Your robot's run (yourRobot.js): the frame loop that
// steps the pair in its worker and paints it (3D, clock, tables), the run
// row's keyframe select, Reset and Pause, and the robot in the URL. `s` is
// the section's state (yourRobot.js).
import { el } from '../../dom.js';
import { liveLoop } from '../../live/loop.js';
import { STEP_BUDGET_MS, CHUNK_STEPS } from '../../mujoco/models.js';
import { t } from '../../i18n/index.js';
import { DEFAULT_STEP } from './robotRows.js';

/** The run row's keyframe, Reset and Pause wired, and the loop made:
 *  s.loop and s.paint(all) set. */
export function robotRun(s) {
  const { keySel, resetBtn, playBtn, dtSel, clock } = s.rows;
  keySel.addEventListener('change', async () => {
    if (!s.pair) return;
    const p = s.pair;
    saveUrl(s);
    loop.restart();
    try {
      await p.setKeyframe(Number(keySel.value));
    } catch (e) {
      p.onError(e);
      return;
    }
    if (s.pair !== p) return;
    s.readings.syncGoals();
    paint(true);
  });
  resetBtn.addEventListener('click', () => keySel.dispatchEvent(new Event('change')));
  playBtn.addEventListener('click', () => loop.togglePause());

  let textAt = 0;
  function paint(all) {
    if (!s.pair) return;
    s.panel3d.draw(loop.paused);
    const now = performance.now();
    if (all || now - textAt > 250) {
      textAt = now;
      clock.textContent = t('robot.clock', { t: s.pair.time.toFixed(3), dt: dtOf(), which: dtSel.value === 'file' ? t('robot.clock.file') : '1 kHz',
        run: t(loop.paused ? 'robot.clock.paused' : 'robot.clock.running') });
      s.readings.paint();
    }
  }

  // the steps asked of the worker (robotWorker.js: queued, one command in
  // flight; a failure comes back through the pair's onError)
  const advance = (n) => s.pair.step(n);

  // a step is the physics step chosen: 1 ms, or the file's own timestep (MuJoCo's default 2 ms when it names none)
  const dtOf = () => s.pair?.A.m.opt.timestep ?? 0.001;   // [s]
  const loop = s.loop = liveLoop({ playBtn, paused: false, h: dtOf, speed: () => 1, live: () => !!s.pair && s.section.open,
    ended: () => s.failed, advance, paint, frameStats: s.frameStats, budgetMs: STEP_BUDGET_MS, chunk: CHUNK_STEPS });
  s.paint = paint;
}

/** The keyframe select: the reference pose qpos0, then the robot's keyframes; k shown. */
export function buildKeyframes(s, k) {
  const { keySel } = s.rows;
  keySel.replaceChildren(el('option', { value: '-1', textContent: t('robot.keyframe.qpos0') }),
    ...s.robot.info.keyframes.map((key, i) => el('option', { value: String(i), textContent: key.name || t('robot.keyframe.n', { i }) })));
  keySel.value = String(k);
}

/** The robot in the URL (replaceState): a worked robot with its mapping,
 *  keyframe and physics step; a drop only as 'drop' (its files cannot come back). */
export function saveUrl(s) {
  if (!s.state) return;
  const { pair, exampleId } = s, { keySel, dtSel } = s.rows;
  s.state.set({ robot: pair ? (exampleId ?? 'drop') : null, robot_map: pair && exampleId ? s.adoptedText : null,
    robot_key: pair && exampleId ? keySel.value : null, robot_dt: dtSel.value === DEFAULT_STEP ? null : dtSel.value });
}
