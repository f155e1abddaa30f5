// mujoco/identInputs.js: what "Your robot's servos from a recording"
// (identSection.js) reads before a run: the robot's MJCF with the files it
// names (the Your robot section's reading, robotFiles.js readRobot), the
// recording (a LeRobot dataset folder, or the plain CSV: identHeld.js
// recordingOf), the held-out recordings (identHeld.js heldInput), the
// calibration JSON and unit mode, the joints to leave out, the robot type,
// the budget and the servo model (native, or bam's M1/M4 of an actuator;
// the URL keeps both: Back brings them back).
import { el } from '../../dom.js';
import { dropZone, fileInputs, formatBytes } from '../../dropZone.js';
import { readRobot, fileDrop } from '../../mujoco/robotFiles.js';
import { BODY_UNITS } from '../../ident/names.js';
import { stateChoice } from '../../refusal.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { DEFAULT_ACTUATOR } from '../../ident/identify.js';
import { t } from '../../i18n/index.js';
import { recordingOf, heldInput } from './identHeld.js';

// the servo models and their labels' keys (`friction ident --model`)
const MODEL_LABELS = { native: 'ident.model.native', m1: 'ident.model.m1', m4: 'ident.model.m4' };
const MODELS = Object.keys(MODEL_LABELS);
const UNIT_KEYS = { DEGREES: 'ident.unit.DEGREES', RANGE_M100_100: 'ident.unit.RANGE_M100_100' };

/**
 * The section's inputs.
 * @param {{ core: object, state: object|null, say: (msg: string) => void, onModel: (bam: boolean) => void }} opts
 *   say: the section's error line; onModel: the model chosen (after the URL is written)
 * @returns {{ input: object, robotDrop: Element, recDrop: Element, held: object, fields: Element[], modelNote: Element,
 *   budgetIn: Element, modelSel: Element, actSel: Element, modelShown(): void, values(): object, dispose(): void }}
 */
export function identInputs({ core, state, say, onModel }) {
  const input = { robot: null, recording: null, calibration: null };
  const robotNote = el('span', { className: 'note', id: 'ident-robot-note' });
  const recNote = el('span', { className: 'note', id: 'ident-recording-note' });
  const calNote = el('span', { className: 'note', id: 'ident-calibration-note' });
  // the robot: its MJCF with the files it names (the Your robot section's reading)
  const robotDrop = el('div', { id: 'ident-robot-drop', className: 'drop-zone', dataset: { dropzone: 'ident-robot' } },
    el('span', { textContent: t('ident.drop.robot') }));
  fileInputs(robotDrop, { onFiles: takeRobot, id: 'ident-robot', what: t('ident.drop.robot.what') });
  robotDrop.append(' ', robotNote);
  // the recording: a LeRobot dataset folder, or a CSV
  const recDrop = el('div', { id: 'ident-recording-drop', className: 'drop-zone', dataset: { dropzone: 'ident-recording' } },
    el('span', { textContent: t('ident.drop.recording') }));
  fileInputs(recDrop, { onFiles: takeRecording, id: 'ident-recording', what: t('ident.drop.recording.what') });
  recDrop.append(' ', recNote);
  // the held-out recordings: replayed with the fitted servos, not fitted (identHeld.js)
  const held = heldInput({ core, say: (msg) => say(msg) });
  const calInput = el('input', { type: 'file', id: 'ident-calibration', accept: '.json,application/json', 'aria-label': t('ident.calibration') });
  calInput.addEventListener('change', () => { const f = calInput.files?.[0]; if (f) takeCalibration(f); });
  const unitSel = el('select', { id: 'ident-unit', 'aria-label': t('ident.unit') },
    ...BODY_UNITS.map((u) => el('option', { value: u, textContent: UNIT_KEYS[u] ? t(UNIT_KEYS[u]) : u })));
  const leaveIn = el('input', { type: 'text', id: 'ident-leave', placeholder: 'gripper', 'aria-label': t('ident.leave') });
  const typeIn = el('input', { type: 'text', id: 'ident-robot-type', placeholder: 'so101_follower', 'aria-label': t('ident.robotType') });
  const budgetIn = el('input', { type: 'number', id: 'ident-budget', min: 10, max: 100000, step: 10, value: core.ident.constants.budget, 'aria-label': t('ident.budget') });
  // the servo model: MuJoCo's own, or bam's M1/M4 of an actuator (the URL keeps both; Back brings them back)
  const bench = core.scenario.find('bench');
  // bam's servo fits a robot's joint only as a voltage-controlled servo (fric_ident_bam_target
  // refuses a current or torque loop): the choices are the core's actuators of that control
  const ACTUATORS = bench.params[paramIndex(bench, 'actuator')].choices
    .filter((a) => core.bench.servo(core.scenario.params('bench', { actuator: a, model: 'm1' })).control === 'voltage');
  const modelSel = el('select', { id: 'ident-model', 'aria-label': t('ident.model') },
    ...MODELS.map((x) => el('option', { value: x, textContent: t(MODEL_LABELS[x]) })));
  const actSel = el('select', { id: 'ident-actuator', 'aria-label': t('ident.actuator') },
    ...ACTUATORS.map((x) => el('option', { value: x, textContent: x })));
  modelSel.value = state ? stateChoice(state, 'ident_model', MODELS, 'native') : 'native';
  actSel.value = state ? stateChoice(state, 'ident_actuator', ACTUATORS, DEFAULT_ACTUATOR) : DEFAULT_ACTUATOR;
  const actLabel = el('label', { textContent: t('ident.actuator') }, actSel);
  const modelNote = el('p', { className: 'note', id: 'ident-model-note' });
  const modelShown = () => {
    const bam = modelSel.value !== 'native';
    actLabel.hidden = !bam;
    modelNote.hidden = !bam;
    modelNote.textContent = bam ? t('ident.model.bamNote', { model: modelSel.value.toUpperCase() }) : '';
    onModel(bam);
  };
  const saveModel = () => {
    state?.set({ ident_model: modelSel.value === 'native' ? null : modelSel.value,
      ident_actuator: actSel.value === DEFAULT_ACTUATOR ? null : actSel.value });
    modelShown();
  };
  modelSel.addEventListener('change', saveModel);
  actSel.addEventListener('change', saveModel);
  // the options row's fields (the section adds its Identify and Cancel buttons)
  const fields = [el('label', { textContent: t('ident.calibration') }, calInput), calNote,
    el('label', { textContent: t('ident.unit') }, unitSel),
    el('label', { textContent: t('ident.leave') }, leaveIn),
    el('label', { textContent: t('ident.robotType') }, typeIn),
    el('label', { textContent: t('ident.model') }, modelSel), actLabel,
    el('label', { textContent: t('ident.budget') }, budgetIn)];
  const zones = [dropZone(robotDrop, { onFiles: takeRobot, onError: say, folders: true }),
    dropZone(recDrop, { onFiles: takeRecording, onError: say, folders: true })];

  async function takeRobot(list, paths) {
    say('');
    try {
      const got = await readRobot(fileDrop(list, paths), null, { core });
      input.robot = { files: got.files, main: got.main };
      robotNote.textContent = t('ident.robot.loaded', { main: got.main, n: got.files.size, size: formatBytes(got.bytes) });
    } catch (e) {
      input.robot = null;
      robotNote.textContent = '';
      say(e.message);
    }
  }

  async function takeRecording(list, paths) {
    say('');
    try {
      const got = await recordingOf(core, list, paths);
      input.recording = got.recording;
      recNote.textContent = got.note;
    } catch (e) {
      input.recording = null;
      recNote.textContent = '';
      say(e.message);
    }
  }

  async function takeCalibration(f) {
    say('');
    try {
      core.io.checkSize('params', f.size, f.name);
      input.calibration = JSON.parse(await f.text());
      calNote.textContent = f.name;
    } catch (e) {
      input.calibration = null;
      calNote.textContent = '';
      say(t('ident.err.calibration', { name: f.name, why: e.message }));
    }
  }

  /** The run's settings as typed and chosen (the budget as its text: the section checks it). */
  const values = () => ({ unit: unitSel.value, leave: leaveIn.value.split(',').map((s) => s.trim()).filter(Boolean),
    robotType: typeIn.value.trim() || null, budget: budgetIn.value, model: modelSel.value, actuator: actSel.value });

  return { input, robotDrop, recDrop, held, fields, modelNote, budgetIn, modelSel, actSel, modelShown, values,
    dispose() { zones.forEach((z) => z.dispose()); held.dispose(); } };
}
