// mujoco/benchSide.js: the In MuJoCo view's side panel (index.js): the
// bench's parameters (actuator, model, gains, mass: a new actuator takes the
// nearest model it has a preset of, said), the two start states, the notes
// on a pasted params file and on what the bench's (A) runs, and the export
// panel (a params file pasted or copied, the MuJoCo snippet and bench).
import { t } from '../../i18n/index.js';
import { numberControl } from '../../controls.js';
import { el } from '../../dom.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { paramPanel } from '../../paramPanel.js';
import { exportPanel, scenarioParamsToObject, servoExport, nearestModel, withCarried } from '../../exports.js';
import { SETUP, benchVector, fittedFile } from '../../mujoco/models.js';

/** The side panel of model m (mujoco/models.js readModel) in side. on:
 *  saveState(), restart() (the six runs made again), rerun() (the replay's
 *  last log again). Returns { fittedNote, liveNote, switched(): the sentence
 *  of a model switched for the actuator, or '' }. */
export function benchSide(side, { core, m, on }) {
  const head = el('h3', { textContent: t('mujoco.head.bench') });
  side.append(head);
  // a new actuator drops a pasted params file (it belongs to the actuator
  // before) and takes the model nearest to the one shown that it has a preset
  // of (sts3215: M1 and M6; sts321512v: M1); a model the bench cannot be built with is refused
  // beside its field (paramPanel takes it back); an address of a model the
  // actuator has no preset of opens on the nearest one it has (readModel), said the same way
  const switchedText = (from) => t('mujoco.switched', { from: from.toUpperCase(), to: m.choice('model').toUpperCase(), act: m.choice('actuator') });
  let switched = m.switchedFrom ? switchedText(m.switchedFrom) : '';
  const panel = paramPanel(side, m.info, m.values, SETUP, (name) => {
    switched = '';
    if (name === 'actuator') {
      m.fitted = null;
      const k = paramIndex(m.info, 'model'), now = m.values[k], near = nearestModel(core, m.choice('actuator'), now);
      if (near !== now) {
        panel.set('model', near);
        switched = switchedText(m.info.params[k].choices[now]);
      }
    }
    try { benchVector(m); } catch (e) { return e.message; }
    on.saveState();
    on.restart();
    on.rerun();
    return '';
  });
  const q0Ctl = numberControl({ label: t('mujoco.q0'), unit: '°', min: -150, max: 150, value: m.q0Deg,
    onInput: (x) => { m.q0Deg = x; on.saveState(); on.restart(); } });
  const fsCtl = numberControl({ label: t('mujoco.fs'), unit: 'N·m', min: 0.5, max: 20, value: m.armFs,
    onInput: (x) => { m.armFs = x; on.saveState(); on.restart(); } });
  const fittedNote = el('div', { className: 'note', id: 'mujoco-fitted' });
  // what the bench's (A) runs with native params in hand, or why not
  const liveNote = el('div', { className: 'note', id: 'mujoco-native-live', 'aria-live': 'polite' });
  side.append(q0Ctl.el, fsCtl.el, fittedNote, liveNote);
  exportPanel(side, {
    fileName: 'mujoco-bench', title: t('mujoco.export.title'),
    // the pasted file's keys the core does not model ride along (core.io.paramsFile's carry)
    getParams: () => withCarried(scenarioParamsToObject(m.info, benchVector(m)), fittedFile(m)?.carry ?? []),
    setParams: (obj) => {
      const ours = m.choice('actuator');
      if (obj && typeof obj.actuator === 'string' && core.bench.actuatorOf(obj.actuator) !== ours) {
        throw new Error(t('mujoco.paste.otherActuator', { file: obj.actuator, ours }));
      }
      const before = m.fitted;
      m.fitted = JSON.stringify(obj);
      try { benchVector(m); } catch (e) { m.fitted = before; throw e; }
      on.saveState();
      on.restart();
      on.rerun();
    },
    // the servo on the bench: its MuJoCo snippet and the exact bench (exports.js)
    servo: () => { try { return servoExport(core, benchVector(m), fittedFile(m)?.carry ?? []); } catch { return null; } },
  });

  return { fittedNote, liveNote, switched: () => switched };
}
