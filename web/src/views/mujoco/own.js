// mujoco/own.js: a model of one's own in place of the arm: MJCF pasted as
// text and the names of its frictional joints (hinge or slide), run under
// the three treatments with the arm's joint law. What MuJoCo or the core
// refuses (an MJCF that does not load, a missing joint, a ball or free
// joint) is said in one sentence on the runs' box (#mujoco-error).
import { el, button, symbolNodes } from '../../dom.js';
import { t } from '../../i18n/index.js';

/** ownModel(side, { onRun(model | null) }) → { model }: model = { xml, joints: [names] }. */
export function ownModel(side, { onRun }) {
  const text = el('textarea', { id: 'mujoco-own-xml', rows: 8, wrap: 'off', 'aria-label': t('mujoco.own.aria'),
    placeholder: '<mujoco>…<joint name="hinge" type="hinge" …/>…</mujoco>' });
  const names = el('input', { id: 'mujoco-own-joints', type: 'text', value: 'hinge', 'aria-label': t('mujoco.own.joints.aria') });
  const run = button(t('mujoco.own.run'), t('mujoco.own.run.title'));
  const back = button(t('mujoco.own.back'), t('mujoco.own.back.title'));
  const box = el('details', { className: 'mujoco-own', id: 'mujoco-own' },
    el('summary', { textContent: t('mujoco.own.summary') }),
    el('p', { className: 'note' }, ...symbolNodes(t('mujoco.own.note'))),
    text, el('label', { textContent: t('mujoco.own.joints') }, names), el('div', { className: 'row' }, run, back));
  side.append(box);
  const self = { model: null };
  run.addEventListener('click', () => {
    self.model = { xml: text.value, joints: names.value.split(',').map((s) => s.trim()).filter(Boolean) };
    onRun(self.model);
  });
  back.addEventListener('click', () => { self.model = null; onRun(null); });
  return self;
}
