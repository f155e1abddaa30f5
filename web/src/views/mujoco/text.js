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
 *  lesson's start (xl330 M4, θ₀ = 60°, arm F_s = 7.6 N·m); the e2e test
 *  tests/web/e2e.d/mujoco.mjs checks what they say against the CLI. */
export const LESSON = {
  notice: 'The servo holds the bench at 60° and friction holds the arm against gravity. Under (A), MuJoCo\'s '
    + 'frictionloss, both sag and keep creeping: the badges read SLIP and the sag grows. (B) noslip and (C) the '
    + 'implicit friction hold: STICK, sag 0. (C) costs about what (A) costs per step; (B) pays for its extra solver.',
  tryThis: [
    { text: 'Read the arm\'s sag column: under (A) joint 1 creeps down though its static friction, 7.6 N·m, exceeds its '
      + 'gravity load, 6.945 N·m; (C) holds it exactly (sag 0 mrad, STICK).', setup: {}, chart: '.charts > .chart-box:nth-child(4)' },
    { text: 'Set the arm joint friction F_s to 6.5 N·m, below the load of joint 1: now (C) slips too: friction cannot '
      + 'hold what exceeds it.', setup: {} },
    { text: 'Back to F_s = 7.6 N·m, and choose model M1 for the bench: M1 has no load-dependent friction, the budget is '
      + 'smaller, and (A) sags further.', setup: { arm_fs: 6.5 } },
    { text: 'Drop a recorded log of the xl330 (logs/xl330/processed/*.json): it is replayed through MuJoCo under each '
      + 'treatment, with the MAE of each beside the project\'s own bench replay.', setup: { model: 'm1' } },
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
