// mujoco/identSection.js: the In MuJoCo view's "Your robot's servos from a
// recording": a robot's MJCF (with its meshes: the Your robot section's
// reading, robotFiles.js readRobot), a recording (a LeRobot dataset folder
// with its calibration JSON and unit mode, or the plain CSV), held-out
// recordings replayed but not fitted (identHeld.js) and the joints
// to leave out; the identification runs in a Web Worker
// (workers/mjident.js: identify.js's steps, `friction ident`'s and
// tools/ident.mjs's, through the core's wasm and MuJoCo 3.14), so the page
// stays responsive; per joint a progress bar with its evaluations, Cancel
// (the worker ended; what was done stays), the result table (the fitted
// values with their ranges and units, "not identifiable" and why, the
// training MAE of the whole arm beside the MJCF's own, the quantisation
// floor), a chart of measured against simulated per joint and the exports:
// each joint's params file and the mapping in the adopt syntax (Your
// robot's). The servo model (URL state ident_model: native, the default, or
// bam's M1 or M4 of the actuator ident_actuator, `friction ident --model
// --actuator`): with M1/M4 the table holds bam's parameters, the report and
// the params files are the CLI's (identify.js reportLinesBam,
// paramsFilesBam), the MJCF written back (native classes) is replaced by a
// sentence saying why, and the carry to Your robot adopts the bam files.
// Every string is t() (keys ident.*).
// This file is the section's controller: the run in its worker (start,
// progress per joint, Cancel) and the tests' hook; the inputs are
// identInputs.js's, the result's table, chart and exports identResult.js's.
import { el, button } from '../../dom.js';
import { setHook } from '../../testHooks.js';
import { t, asSentence } from '../../i18n/index.js';
import { identInputs } from './identInputs.js';
import { identResult } from './identResult.js';

/**
 * @param {{ append(node: Node): void }} parent  where the section goes in the view's main column
 * @param {{ core: object, state?: object, carry?: (what: object) => Promise<string>, startIdent: () => Worker, mujocoUrl: () => string }} opts
 *   state: the view's slice of the URL (ident_model, ident_actuator);
 *   carry: Your robot's (identCarry.js); startIdent: the identification's worker started
 *   (workers/mjident.js, by the view); mujocoUrl: MuJoCo's module for it
 * @returns {{ dispose(): void }}
 */
export function identSection(parent, { core, state = null, carry = null, startIdent, mujocoUrl }) {
  const err = el('div', { className: 'msg-bad', id: 'ident-error', role: 'alert', hidden: true });
  const status = el('p', { className: 'note', id: 'ident-status', 'aria-live': 'polite', textContent: t('ident.status.start') });
  const result = identResult({ core, carry, say: (msg) => say(msg) });
  const inputs = identInputs({ core, state, say: (msg) => say(msg), onModel: (bam) => result.setModel(bam) });
  const { input, held } = inputs;
  const runBtn = button(t('ident.run'), t('ident.run.title'));
  runBtn.id = 'ident-run';
  const cancelBtn = button(t('ident.cancel'), t('ident.cancel.title'));
  cancelBtn.id = 'ident-cancel';
  cancelBtn.disabled = true;
  const options = el('div', { className: 'row ident-options' }, ...inputs.fields, runBtn, cancelBtn);
  const joints = el('div', { id: 'ident-joints', className: 'ident-joints' });
  const section = el('details', { className: 'chart-box mujoco-ident', id: 'mujoco-ident' },
    el('summary', { textContent: t('ident.summary') }),
    el('p', { className: 'note', textContent: t('ident.intro') }),
    inputs.robotDrop, inputs.recDrop, held.element, options, inputs.modelNote, status, err, joints, result.tableWrap, result.chartRow);
  parent.append(section);
  result.mount(section);
  inputs.modelShown();   // the model's note, the actuator's control and the empty chart's sentence

  let worker = null, last = null, running = false, runRobot = null, runModel = 'native';
  const hookState = setHook('mujoco', 'ident', {
    get running() { return running; }, get result() { return last; }, get input() { return { robot: input.robot?.main ?? null, recording: input.recording?.name ?? null, held: held.names, calibration: !!input.calibration, model: inputs.modelSel.value, actuator: inputs.actSel.value }; },
    progress: {}, cancelled: false, error: '' });

  function say(msg) { err.textContent = msg; err.hidden = !msg; hookState.error = msg; }

  /** The progress row of joint j: its name, a bar, evaluations/budget. */
  function jointRows(names, leave) {
    joints.replaceChildren(...names.map((n, j) => el('div', { className: 'row ident-joint', dataset: { joint: n } },
      el('span', { className: 'ident-joint-name', textContent: n }),
      leave[j] ? el('span', { className: 'note', textContent: t('ident.joint.left') })
        : el('progress', { max: 1, value: 0, 'aria-label': t('ident.joint.progress', { joint: n }) }),
      el('span', { className: 'note ident-joint-evals' }))));
  }
  const rowOf = (j) => joints.children[j];

  function start() {
    say('');
    if (!input.robot) { say(t('ident.err.noRobot')); return; }
    if (!input.recording) { say(t('ident.err.noRecording')); return; }
    if (input.recording.kind === 'lerobot' && !input.calibration) { say(t('ident.err.noCalibration', { name: input.recording.name })); return; }
    const v = inputs.values();
    const budget = Number(v.budget);
    if (!(Number.isInteger(budget) && budget >= 10 && budget <= 100000)) { say(t('ident.err.budget', { v: v.budget })); return; }
    stop();
    runRobot = input.robot;   // the robot the result belongs to (its MJCF export)
    running = true;
    hookState.cancelled = false;
    hookState.progress = {};
    last = null;
    result.reset();
    joints.replaceChildren();
    runBtn.disabled = true;
    cancelBtn.disabled = false;
    status.textContent = t('ident.stage.start');
    const w = startIdent();   // the worker, in the page's language (the view starts it: index.js)
    worker = w;
    runModel = v.model;
    w.onmessage = (e) => onMessage(w, e.data);
    w.onerror = (e) => { e.preventDefault?.(); finish(w); say(t('ident.err.worker', { message: e.message || 'error' })); };
    w.postMessage({ cmd: 'run', mujocoUrl: mujocoUrl(), files: [...input.robot.files], main: input.robot.main, recording: input.recording, held: held.recordings,
      calibration: input.calibration, unit: v.unit, leave: v.leave, robotType: v.robotType, budget, model: v.model, actuator: v.actuator });
  }

  function onMessage(w, m) {
    if (w !== worker) return;
    if (m.type === 'stage') {
      const key = m.key === 'ident.stage.replay' && runModel !== 'native' ? 'ident.stage.replayBam' : m.key;
      status.textContent = t(key, { frames: m.frames ?? '', stale: m.stale ?? '' });
      if (m.names) { jointRows(m.names, m.leave); hookState.own = m.own; }
    } else if (m.type === 'tracks') {
      status.textContent = t('ident.stage.tracksDone', { done: m.done, n: m.n });
    } else if (m.type === 'progress') {
      const row = rowOf(m.j);
      if (row) {
        row.querySelector('progress').value = m.evals / m.budget;
        // a CMA-ES generation of the joint's fit (bam's M1/M4 named: their fitter's searches counted alike)
        const v = { evals: m.evals, budget: m.budget, mae: (m.bestLoss * 1e3).toFixed(3) };
        row.querySelector('.ident-joint-evals').textContent = runModel === 'native'
          ? t('ident.joint.evals', v) : t('ident.joint.fitting', { ...v, model: runModel.toUpperCase() });
      }
      hookState.progress[m.j] = { evals: m.evals, budget: m.budget };
    } else if (m.type === 'joint') {
      const row = rowOf(m.j), budget = hookState.progress[m.j]?.budget ?? m.result.evals;
      if (row) {
        row.querySelector('progress').value = 1;
        row.querySelector('.ident-joint-evals').textContent = t('ident.joint.evals', { evals: m.result.evals, budget, mae: (m.result.trainMae * 1e3).toFixed(3) });
      }
    } else if (m.type === 'done') {
      finish(w);
      last = m;
      status.textContent = t('ident.stage.done');
      result.show(m, runRobot);
    } else if (m.type === 'failed') {
      finish(w);
      say(asSentence(m.message));
      status.textContent = t('ident.stage.failed');
    }
  }

  function finish(w) {
    if (w) w.terminate();
    if (worker === w) worker = null;
    running = false;
    runBtn.disabled = false;
    cancelBtn.disabled = true;
  }
  function stop() { if (worker) finish(worker); }

  function cancel() {
    if (!worker) return;
    finish(worker);
    hookState.cancelled = true;
    status.textContent = t('ident.stage.cancelled');
  }

  runBtn.addEventListener('click', start);
  cancelBtn.addEventListener('click', cancel);
  return { dispose() { stop(); inputs.dispose(); } };
}
