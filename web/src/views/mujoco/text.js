// mujoco/text.js: the "In MuJoCo" view's words: its introduction, the
// lesson (What to notice, Try this; layout.js lessonFrame) and the box that
// shows the two models' MJCF and downloads them.
import { el, button } from '../../dom.js';
import { download } from '../../charts.js';

export const INTRO = 'Real MuJoCo (its WebAssembly build, npm @mujoco/mujoco) runs the pendulum bench of an actuator '
  + 'preset or a fitted params file (the MJCF the core writes, as friction mujoco-model does) and a two-link arm with '
  + 'geared joints, each three times: (A) MuJoCo\'s frictionloss written every step from the identified budget, as the '
  + 'M1–M6 authors\' MuJoCo back-end does; (B) the same with MuJoCo\'s noslip solver; (C) this project\'s implicit '
  + 'friction, computed by the core from MuJoCo\'s own friction-free prediction of the step. Drop a recorded log to '
  + 'replay it through MuJoCo under each treatment.';

/** What to notice and what to try. The steps build on each other from the
 *  lesson's start (xl330 M4, θ₀ = 60°, arm F_s = 7.6 N·m); every number is
 *  checked by tests/web/e2e.d/mujoco.mjs (the page against `friction
 *  mujoco` natively, the gravity loads against the closed form of
 *  tests/mujoco/test_mujoco.c). */
export const LESSON = {
  notice: 'Both systems start at rest. The bench\'s servo pulls toward θ₀ = 60° and settles about 385 mrad below it '
    + '(its proportional gain against the weight); the arm is held by friction alone, F_s = 7.6 N·m against gravity loads '
    + 'of 6.943 N·m (joint 1) and 1.459 N·m (joint 2). Under (A), MuJoCo\'s frictionloss, the arm creeps down and never '
    + 'stops (SLIP, the sag grows), and the bench keeps moving too. Under (C), the core\'s implicit friction, both stand '
    + 'still: STICK, the arm\'s sag exactly 0. (B) noslip holds the bench, and the arm nearly: its joint 1 still creeps, '
    + 'by micro-radians. In the picture (key F shows it large): the two-link arm under (A) (blue) sinks away from its '
    + 'dashed start pose, under (C) (amber) it stays on it; on the bench all three hang below the dashed θ₀ by the '
    + 'servo\'s sag, and only (A) still moves (SLIP).',
  tryThis: [
    { text: 'Arm table: (A) sags by tens of mrad within seconds and keeps creeping; (C) reads 0 / 0 mrad with two STICK badges.',
      setup: {}, chart: '.charts > .chart-box:nth-child(4)' },
    { text: 'Set the arm joint friction F_s to 6.5 N·m, below joint 1\'s load of 6.943 N·m: under (C) joint 1 now slips too, '
      + 'falls, and sticks again at a sag of about ⟦863⟧ mrad (q₁ ≈ 0.34 rad), where the load has dropped below the friction.', setup: {} },
    { text: 'Back to F_s = 7.6 N·m, and raise the bench start angle θ₀ to 90°: the load grows, the servo settles about '
      + '⟦511⟧ mrad below its goal under (C), and holds it (STICK); (A) keeps moving.', setup: { arm_fs: 6.5 } },
    { text: 'Drop a recorded xl330 log (logs/xl330/processed/*.json): it is replayed through MuJoCo under each treatment, '
      + 'its MAE beside the project\'s own bench replay (the first log, 2026-01-15_10h28m10: bench ⟦0.0324⟧ rad, '
      + '(C) ⟦0.0334⟧, (A) ⟦0.0340⟧).', setup: { q0_deg: 90 } },
  ],
};

/** The MJCF box: both models as text, each with its download. */
export function mjcfBox(parent) {
  const pres = {}, box = el('details', { className: 'chart-box mujoco-mjcf', id: 'mujoco-mjcf' },
    el('summary', { textContent: 'The models as MJCF (what MuJoCo loads here; download to run them natively)' }));
  for (const [id, title, file] of [['pendulum', 'Pendulum bench (the core\'s fric_mujoco_bench_mjcf)', 'bench.xml'],
    ['arm', 'Two-link arm', 'arm.xml']]) {
    const pre = el('pre', { className: 'export-text', id: `mujoco-mjcf-${id}` });
    const dl = button(`Download ${file}`, `Save the ${id} model as MJCF`);
    dl.addEventListener('click', () => download(file, URL.createObjectURL(new Blob([pre.textContent], { type: 'application/xml' }))));
    box.append(el('h3', { textContent: title }), dl, pre);
    pres[id] = pre;
  }
  parent.append(box);
  return {
    show(texts) { for (const [id, t] of Object.entries(texts)) pres[id].textContent = t; },
  };
}
