// mujoco/text.js: the "In MuJoCo" view's words: its introduction, the
// lesson (What to notice, Try this; layout.js lessonFrame) and the box that
// shows the two models' MJCF and downloads them.
import { el, button } from '../../dom.js';
import { download } from '../../charts.js';
import { t } from '../../i18n/index.js';
import { readModel, nativeInHand } from '../../mujoco/models.js';

/** What to notice and what to try. The steps build on each other from the
 *  lesson's start (xl330 M4, θ₀ = 60°, arm F_s = 7.6 N·m); every number is
 *  checked by tests/web/e2e.d/mujoco.mjs (the page against `friction
 *  mujoco` natively, the gravity loads against the closed form of
 *  tests/mujoco/test_mujoco.c). */
export const LESSON = {
  notice: t('mujoco.lesson.notice'),
  tryThis: [
    { text: t('mujoco.lesson.step1'), setup: {}, chart: '.charts > .chart-box:nth-child(4)' },
    { text: t('mujoco.lesson.step2'), setup: {} },
    { text: t('mujoco.lesson.step3'), setup: { arm_fs: 6.5 } },
    { text: t('mujoco.lesson.step4'), setup: { q0_deg: 90 } },
  ],
  /** null with the budget's (A), else the sentence shown above the steps:
   *  with native params in hand (the picker or mujoco.native; a file of the
   *  bench's actuator) the bench's (A) and the log replay's (A) are MuJoCo's
   *  own joint, and the figures the lesson gives for them are the per-step
   *  budget's. A step's "Set up" and "Reset to the lesson's start" clear the
   *  native params (every other key at its default, layout.js lessonFrame). */
  offBench(state, core) {
    try {
      return nativeInHand(readModel(core, state)) ? t('mujoco.lesson.off.native') : null;
    } catch {
      return null;   // not a usable native file: (A) keeps the budget
    }
  },
};

/** The view's introduction: what (A) runs on the bench (native: MuJoCo's own
 *  joint with the native file's parameters, else the per-step budget). */
export const introText = (native) => t(native ? 'mujoco.intro.native' : 'mujoco.intro');

/** The MJCF box: both models as text, each with its download. */
export function mjcfBox(parent) {
  const pres = {}, box = el('details', { className: 'chart-box mujoco-mjcf', id: 'mujoco-mjcf' },
    el('summary', { textContent: t('mujoco.mjcf') }));
  for (const [id, title, file] of [['pendulum', t('mujoco.mjcf.bench'), 'bench.xml'],
    ['arm', t('mujoco.mjcf.arm'), 'arm.xml']]) {
    // a box that scrolls: reachable and scrollable by keyboard, named by its model
    const pre = el('pre', { className: 'export-text', id: `mujoco-mjcf-${id}`, tabIndex: 0, role: 'region', 'aria-label': title });
    const dl = button(t('mujoco.mjcf.download', { file }), t(id === 'arm' ? 'mujoco.mjcf.download.title.arm' : 'mujoco.mjcf.download.title.pendulum'));
    dl.addEventListener('click', () => download(file, URL.createObjectURL(new Blob([pre.textContent], { type: 'application/xml' }))));
    box.append(el('h3', { textContent: title }), dl, pre);
    pres[id] = pre;
  }
  parent.append(box);
  return {
    show(texts) { for (const [id, text] of Object.entries(texts)) pres[id].textContent = text; },
  };
}
