// mujoco/own.js: a model of one's own in place of the arm: MJCF pasted as
// text and the names of its frictional joints (hinge or slide), run under
// the three treatments with the arm's joint law. What MuJoCo or the core
// refuses (an MJCF that does not load, a missing joint, a ball or free
// joint) is said in one sentence on the runs' box (#mujoco-error).
import { el, button } from '../../dom.js';

/** ownModel(side, { onRun(model | null) }) → { model }: model = { xml, joints: [names] }. */
export function ownModel(side, { onRun }) {
  const text = el('textarea', { id: 'mujoco-own-xml', rows: 8, wrap: 'off', 'aria-label': 'Your own MJCF',
    placeholder: '<mujoco>…<joint name="hinge" type="hinge" …/>…</mujoco>' });
  const names = el('input', { id: 'mujoco-own-joints', type: 'text', value: 'hinge', 'aria-label': 'Frictional joints of your MJCF (comma-separated names)' });
  const run = button('Run it in place of the arm', 'Load this MJCF in MuJoCo and attach the arm\'s joint law to the named joints');
  const back = button('Back to the arm', 'Run the two-link arm again');
  const box = el('details', { className: 'mujoco-own', id: 'mujoco-own' },
    el('summary', { textContent: 'Your own MJCF in place of the arm' }),
    el('p', { className: 'note', textContent: 'Paste a model (Euler integrator for (C); one joint: one dof in the model; several joints: each with armature > 0) and name its frictional joints. The arm\'s F_s law attaches to each.' }),
    text, el('label', { textContent: 'joints ' }, names), el('div', { className: 'row' }, run, back));
  side.append(box);
  const self = { model: null };
  run.addEventListener('click', () => {
    self.model = { xml: text.value, joints: names.value.split(',').map((s) => s.trim()).filter(Boolean) };
    onRun(self.model);
  });
  back.addEventListener('click', () => { self.model = null; onRun(null); });
  return self;
}
