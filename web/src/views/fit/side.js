// fit/side.js: the Fit view's side panel (index.js): the drop box and its
// file input, the message boxes, the actuator, model, integrator (and the
// treatment it fits), hold-out, budget and seed controls, the params-file
// door (from.js), Fit, Fit all and Cancel, the one-rig-setup warning, and
// the panel locked while a fit runs.
import { MODELS, NATIVE, isNative, modelValue, freeCount } from '../../fitModels.js';
import { t, tParam, tCore } from '../../i18n/index.js';
import { messageBox } from '../../layout.js';
import { numberControl, choiceControl, toggleControl } from '../../controls.js';
import { el, symbolNodes } from '../../dom.js';
import { budgetField } from './budget.js';
import { fromDoor } from './from.js';

/** The side panel in side. st: the view's state (index.js); integ: the
 *  bench's integrator parameter; on: the view's answers to the controls
 *  (actuator, model, hold, integrator, seed, allNative: a new value; save();
 *  fromTaken(from): a params file taken; locked(running): the logs and the
 *  search space locked or not). Returns the parts the view wires, and
 *  renderInteg(), renderRig(), setRunning(running). */
export function fitSide(side, { core, state, st, fitActuators, integ, logs, container, on }) {
  const drop = el('div', { id: 'fit-drop', className: 'drop-zone' });
  const hint = el('span', {}, t('fit.drop.hint'));
  const file = el('input', { type: 'file', accept: '.json,application/json', multiple: true, id: 'fit-file' });
  file.setAttribute('aria-label', t('fit.file.aria'));
  drop.append(hint, el('label', { className: 'file-pick' }, t('fit.file.pick'), file));
  const err = messageBox();
  err.id = 'fit-error';
  // a refusal of Fit / Fit all is shown under those buttons, where the eye is
  const runErr = messageBox();
  runErr.id = 'fit-run-error';
  const warn = el('div', { className: 'msg-warn', id: 'fit-warning', role: 'status', hidden: true });
  // the core's warning when every training log has one mass and length
  // (fric_fit_rig_caution, the line `friction fit` prints on stderr)
  // (the core's words: English in every language, marked so)
  const rigWarn = el('p', { className: 'msg-warn', id: 'fit-rig-warning', role: 'status', hidden: true });
  const clearBtn = el('button', { type: 'button', id: 'fit-clear' }, t('fit.clear'));
  clearBtn.title = t('fit.clear.title');
  side.append(drop, clearBtn, err, warn);

  const actCtl = choiceControl({ label: t('fit.actuator'), value: st.actuator,
    choices: fitActuators.map((a) => ({ value: a })), onChange: on.actuator });
  /** The model choices name the free parameters of the actuator's space as
   *  the search-space table counts them (free and used by the model). */
  const modelLabel = (k) => t('fit.model.choice', { k, n: freeCount(core.fit.space(st.actuator, k)) });
  const modelCtl = choiceControl({ label: t('fit.model'), value: modelValue(st.model),
    choices: MODELS.map((k) => (isNative(k) ? { value: NATIVE, label: t('fit.model.native') }
      : { value: `m${k}`, label: modelLabel(k) })),
    onChange: on.model });
  /** The labels again, for the actuator now chosen (by the control, a log or
   *  a params file). */
  function labelModels() {
    for (const o of modelCtl.el.querySelectorAll('option')) if (/^m\d$/.test(o.value)) o.textContent = modelLabel(Number(o.value.slice(1)));
  }
  const holdCtl = choiceControl({ label: t('fit.hold'), value: 'none', choices: [{ value: 'none', label: t('fit.hold.ticked') }],
    help: t('fit.hold.help'), onChange: on.hold });
  const integCtl = choiceControl({ label: t('fit.integ'), value: st.integrator,
    choices: integ.choices.map((c, k) => ({ value: c, label: c === integ.choices[0] ? t('fit.integ.default', { c }) : c, help: integ.choiceHelp?.[k] && tParam('bench', 'integrator', `choice.${c}`, integ.choiceHelp[k]) })),
    help: t('fit.integ.help'),
    onChange: on.integrator });
  integCtl.el.id = 'fit-integrator';
  // the treatment each integrator fits (the core's fric_bench_integrator_treatments)
  const TREATMENT_NOTE = { bam: 'fit.integ.treatment.bam', mujoco: 'fit.integ.treatment.mujoco' };
  const integNote = el('p', { className: 'note', id: 'fit-integrator-treatment' });
  /** The integrator control and its note: for the native model alone the
   *  integrator is MuJoCo's own Euler by definition (fric_native.h; the
   *  native fit takes none), so the control is disabled and the note says
   *  so; the choice is kept for the M-models. */
  function renderInteg() {
    const native = isNative(st.model);
    integCtl.el.querySelector('select').disabled = native;
    integCtl.el.classList.toggle('disabled', native);
    integNote.dataset.integrator = native ? NATIVE : st.integrator;
    integNote.textContent = t(native ? 'fit.integ.native' : TREATMENT_NOTE[st.integrator]);
  }
  renderInteg();
  const budgetUi = budgetField({ core, state, model: st.model, save: on.save });
  const budgetCtl = budgetUi.ctl;
  const seedCtl = numberControl({ label: t('fit.seed'), min: 0, max: 2 ** 31, value: st.seed, integer: true, sliderMin: 0, sliderMax: 100,
    help: t('fit.seed.help'), onInput: on.seed });
  const fitBtn = el('button', { type: 'button', id: 'fit-run', className: 'primary' }, t('fit.run'));
  const allBtn = el('button', { type: 'button', id: 'fit-all' }, t('fit.all'));
  allBtn.title = t('fit.all.title');
  const cancelBtn = el('button', { type: 'button', id: 'fit-cancel', disabled: true }, t('fit.cancel'));
  const allNativeCtl = toggleControl({ label: t('fit.all.native'), value: st.allNative, onChange: on.allNative });
  allNativeCtl.el.id = 'fit-all-native';
  const from = fromDoor({ core, state, logs, err, onTaken: on.fromTaken, save: on.save });
  side.append(el('h3', {}, t('fit.head')), actCtl.el, modelCtl.el, from.row, integCtl.el, integNote, holdCtl.el, budgetCtl.el, budgetUi.note, seedCtl.el,
    el('div', { className: 'row', role: 'toolbar', 'aria-label': t('fit.toolbar.aria') }, fitBtn, allBtn, cancelBtn), allNativeCtl.el, runErr, rigWarn);

  function setRunning(running) {
    fitBtn.disabled = running;
    allBtn.disabled = running;
    cancelBtn.disabled = !running;
    actCtl.setDisabled(running);
    modelCtl.setDisabled(running);
    integCtl.setDisabled(running);
    holdCtl.setDisabled(running);
    budgetCtl.setDisabled(running);
    seedCtl.setDisabled(running);
    allNativeCtl.input.disabled = running;
    from.input.disabled = running;
    from.clear.disabled = running;
    drop.classList.toggle('disabled', running);
    if (running) container.dataset.fit = 'running';
    on.locked(running);
  }

  /** The one-rig-setup warning of the model chosen on the training logs
   *  (core.fit.rigCaution), shown under the Fit buttons before a fit. */
  function renderRig() {
    let text = null;
    try {
      if (logs.length && !isNative(st.model)) text = core.fit.rigCaution(logs.map((l) => l.log), logs.map((l) => l.name), logs.map((l) => l.valid), st.model);
      // the core's sentence in the page's language (English, marked so, when the table has none)
      const shown = text ? tCore({ message: text, ...core.sentence() }) : null;
      if (shown === text && text) rigWarn.lang = 'en'; else rigWarn.removeAttribute('lang');
      text = shown;
    } catch { /* a refused log is said by the logs list */ }
    rigWarn.replaceChildren(...symbolNodes(text || ''));
    rigWarn.hidden = !text;
  }

  return { drop, hint, file, err, runErr, warn, clearBtn, actCtl, modelCtl, holdCtl, integCtl, budgetUi, seedCtl, fitBtn, allBtn, cancelBtn,
    allNativeCtl, from, renderInteg, renderRig, labelModels, setRunning };
}
