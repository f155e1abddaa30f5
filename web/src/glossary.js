// glossary.js: the short glossary of the explorer's symbols and words, one
// dialog reachable from every view (the header's "Glossary (G)" button, or
// the key G); Escape or its Close button closes it and gives the focus back.
// Each entry says where it comes from: the paper and the equation.
//
//   const g = glossary(headerTools);   // adds the button, returns { open, close, toggle, isOpen }
import { el } from './dom.js';

const sub = (t) => el('sub', {}, t), sup = (t) => el('sup', {}, t), i = (t) => el('i', {}, t);
const KIK = 'Kikuuwe et al. 2006 (IEEE T-RO 22(6))';
const DP = 'Duclusaud & Passault, "Extended Friction Models for the Physics Simulation of Servo Actuators"';
const CIS = 'Cisneros et al., "Reliable chattering-free simulation of friction torque in joints presenting high stiction"';

/** [id, term (nodes), definition (nodes), source] in reading order. */
export const ENTRIES = [
  ['phi', ['Φ(v)'], ['The friction law: the friction force (or torque) as a function of the sliding velocity v; at v = 0 it ',
    'is any value between −Φ(+0) and Φ(+0) (set-valued). Coulomb–viscous: Φ = F', sub('c'), '·sgn v + D·v.'],
  `${KIK} eq. 24; Stribeck and rational laws: ${CIS} eqs. 21, 33, 39–42`],
  ['phi-z', ['Φ', sub('Z'), '(v*)'], ['The implicit transform: the friction force one implicit Euler step applies, given the ',
    'velocity v* the contact would reach without friction: y = Φ', sub('Z'), '(x) ⇔ y = Φ(x − Z·y). It is not a smoothed Φ: ',
    'in the static band |v*| ≤ Z·Φ(+0) it is exactly v*/Z, so the step ends at rest. Exists and is unique when ',
    'Φ′(v) > −1/Z (eq. 15).'], `${KIK} Theorem 1, eqs. 16–17; Coulomb–viscous closed form eq. 25`],
  ['vstar', ['v*'], ['The friction-free velocity: where the velocity would be at the end of the step if there were no ',
    'friction, v* = v + Z·h (h: the other forces).'], `${KIK} eq. 26a`],
  ['z', ['Z'], ['The admittance of one step: how much one newton changes the velocity over one step, Z = T/M ',
    '(time step over mass) [m/(N·s)]; for a joint T/J [rad/(N·m·s)].'], `${KIK} eq. 26`],
  ['stick', ['stick / slip'], ['Stick: the contact holds (v* is inside the static band, friction is less than its maximum ',
    'and the velocity ends at exactly 0). Slip: it slides, friction is at its law value Φ(v′). Chattering is a naive ',
    'step flipping between the two every step.'], `${KIK} eqs. 16, 26c; ${DP} Algorithm 1`],
  ['elements', ['element A–D'], ['Kikuuwe\'s four discrete-time friction elements, each one implicit step of a small system: ',
    i('A'), ' rigid admittance (a mass on a surface, eq. 26), ', i('B'), ' inertial impedance (eq. 36), ', i('C'),
    ' massless impedance (a spring–damper contact, eq. 38), ', i('D'), ' compliant admittance (eq. 45).'], `${KIK} eqs. 26, 36, 38, 45`],
  ['budget', ['budget τ', sub('f'), sup('m')], ['The largest friction torque the servo\'s gear can give at this step, from ',
    'the velocity, the motor torque τ', sub('m'), ' and the external torque τ', sub('e'), ': τ', sub('f'), sup('m'), ' = M',
    sub('k'), '(θ̇, τ', sub('m'), ', τ', sub('e'), ') + K', sub('v'), '·|θ̇|. Friction opposes motion up to it.'],
  `${DP} §II-B, Algorithm 1`],
  ['models', ['M1–M6'], ['The servo friction models, each adding terms: M1 Coulomb K', sub('c'), ' and viscous K', sub('v'),
    ' (eq. 3); M2 a Stribeck excess K', sub('c'), sup('s'), ' at rest (eq. 5); M3 friction growing with the load K',
    sub('l'), '·|τ', sub('m'), ' − τ', sub('e'), '| (eq. 6); M4 M3 with a Stribeck load term (eq. 7); M5 motor and ',
    'external sides apart (eq. 8); M6 M5 with quadratic terms when backdriving (eq. 9).'], `${DP} eqs. 3, 5–9`],
  ['karnopp', ['Karnopp'], ['A classic explicit treatment: inside a small velocity band ±ε friction cancels the other ',
    'forces up to its maximum, outside it is Φ(v). The velocity inside the band is kept, so a held joint can creep.'],
  `Karnopp 1985, as written in ${KIK} §II-A, eq. 3`],
  ['stribeck', ['Stribeck'], ['Friction higher at rest than when sliding, falling to the Coulomb level as the speed grows: ',
    '(F', sub('s'), ' − F', sub('c'), ')·exp(−|v/v', sub('s'), '|', sup('α'), ') added to the Coulomb term; in M2, M4–M6 the factor ',
    's = exp(−|θ̇/θ̇', sub('s'), '|', sup('α'), ').'], `${CIS} eq. 21; ${DP} eq. 5`],
  ['mae', ['MAE'], ['Mean absolute error of the joint angle between a recorded log and its replay, (1/N)·Σ|q', sub('k'),
    ' − θ', sub('k'), '| in rad (also shown in degrees): the loss the identification minimises.'], `${DP} §V-B`],
];

/**
 * Adds the "Glossary (G)" button to `tools` (the header's tool row) and the
 * dialog to the page.
 * @param {HTMLElement} tools
 * @returns {{ open(): void, close(): void, toggle(): void, isOpen(): boolean }}
 */
export function glossary(tools) {
  const btn = el('button', { type: 'button', id: 'glossary-button', 'aria-haspopup': 'dialog', 'aria-keyshortcuts': 'G',
    title: 'The symbols and words of the explorer, with their papers and equations (key G)' }, 'Glossary (G)');
  const close = el('button', { type: 'button', className: 'glossary-close' }, 'Close (Esc)');
  const list = el('dl', { className: 'glossary-list' });
  for (const [id, term, def, src] of ENTRIES) {
    list.append(el('dt', { id: `gl-${id}` }, ...term),
      el('dd', {}, ...def, ' ', el('span', { className: 'glossary-src' }, `Source: ${src}.`)));
  }
  const dialog = el('dialog', { id: 'glossary', className: 'glossary', 'aria-labelledby': 'glossary-title' },
    el('div', { className: 'glossary-head' }, el('h2', { id: 'glossary-title' }, 'Glossary'), close), list);
  tools.prepend(btn);
  document.body.append(dialog);
  let back = null;
  const api = {
    isOpen: () => dialog.open,
    open() {
      if (dialog.open) return;
      back = document.activeElement;
      dialog.showModal();
      close.focus();
    },
    close() {
      if (!dialog.open) return;
      dialog.close();
    },
    toggle() { if (dialog.open) api.close(); else api.open(); },
  };
  dialog.addEventListener('close', () => { if (back && back.isConnected) back.focus({ preventScroll: true }); back = null; });
  // a click on the backdrop (outside the dialog's box) closes it too
  dialog.addEventListener('click', (e) => { if (e.target === dialog) api.close(); });
  btn.addEventListener('click', api.open);
  close.addEventListener('click', api.close);
  return api;
}
