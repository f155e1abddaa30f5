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
import { el, button, download } from '../../dom.js';
import { dropZone, fileInputs, formatBytes } from '../../dropZone.js';
import { readRobot, fileDrop } from '../../mujoco/robotFiles.js';
import { nativeRobotMjcf } from '../../mujoco/robotNative.js';
import { nativeFile } from '../../nativeFile.js';
import { carryButton } from './identCarry.js';
import { BODY_UNITS, SHOWN_KEYS } from '../../ident/names.js';
import { lineBox, points, COLORS } from '../../charts.js';
import { setHook } from '../../testHooks.js';
import { stateChoice } from '../../refusal.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { DEFAULT_ACTUATOR, BAM_SHOWN } from '../../ident/identify.js';
import { t, tCore, asSentence } from '../../i18n/index.js';
import { recordingOf, heldInput, maeTable } from './identHeld.js';

/** A text as a blob: URL to download. */
const textUrl = (text, type) => URL.createObjectURL(new Blob([text], { type }));

/** The page's key of each flag's sentence (FRIC_IDENT_FLAGS' ids: core.ident.flags()). */
const FLAG_KEYS = { 'ident.no_reversal': 'ident.flag.no_reversal', 'ident.no_hold_both_sides': 'ident.flag.no_hold_both_sides',
  'ident.forcerange_not_fitted': 'ident.flag.forcerange_not_fitted', 'ident.armature_small': 'ident.flag.armature_small',
  'ident.kv_lumped': 'ident.flag.kv_lumped', 'ident.range_at_bound': 'ident.flag.range_at_bound', 'ident.ratios_only': 'ident.flag.ratios_only',
  'ident.load_small': 'ident.flag.load_small', 'ident.viscous_lumped': 'ident.flag.viscous_lumped',
  'ident.pose_residual': 'ident.flag.pose_residual' };
/** The flags' sentences in the page's language, by bit (the core's English where the page has none). */
const flagTexts = (core) => core.ident.flags().map((f) => (FLAG_KEYS[f.id] ? t(FLAG_KEYS[f.id]) : f.text));
/** The servo models the section fits (`friction ident --model`). */
// the servo models and their labels' keys
const MODEL_LABELS = { native: 'ident.model.native', m1: 'ident.model.m1', m4: 'ident.model.m4' };
const MODELS = Object.keys(MODEL_LABELS);
const UNIT_KEYS = { DEGREES: 'ident.unit.DEGREES', RANGE_M100_100: 'ident.unit.RANGE_M100_100' };

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
    chartEmpty.textContent = bam ? t('ident.chart.emptyBam') : t('ident.chart.empty');
  };
  const saveModel = () => {
    state?.set({ ident_model: modelSel.value === 'native' ? null : modelSel.value,
      ident_actuator: actSel.value === DEFAULT_ACTUATOR ? null : actSel.value });
    modelShown();
  };
  modelSel.addEventListener('change', saveModel);
  actSel.addEventListener('change', saveModel);
  const runBtn = button(t('ident.run'), t('ident.run.title'));
  runBtn.id = 'ident-run';
  const cancelBtn = button(t('ident.cancel'), t('ident.cancel.title'));
  cancelBtn.id = 'ident-cancel';
  cancelBtn.disabled = true;
  const options = el('div', { className: 'row ident-options' },
    el('label', { textContent: t('ident.calibration') }, calInput), calNote,
    el('label', { textContent: t('ident.unit') }, unitSel),
    el('label', { textContent: t('ident.leave') }, leaveIn),
    el('label', { textContent: t('ident.robotType') }, typeIn),
    el('label', { textContent: t('ident.model') }, modelSel), actLabel,
    el('label', { textContent: t('ident.budget') }, budgetIn), runBtn, cancelBtn);
  const joints = el('div', { id: 'ident-joints', className: 'ident-joints' });
  const table = el('table', { id: 'ident-table', className: 'data-table', hidden: true });
  const commonNote = el('p', { className: 'note', id: 'ident-common' });
  // the table scrolls sideways in its own box on a narrow window, the page does not
  const maeBox = el('div', { id: 'ident-mae-box' });
  const tableWrap = el('div', { className: 'ident-table-wrap', hidden: true }, table, commonNote, maeBox);
  tableWrap.style.overflowX = 'auto';
  const exports = el('div', { className: 'row', id: 'ident-exports', hidden: true });
  // with M1/M4: why no MJCF is written back (no native class expresses bam's servo)
  const mjcfNote = el('p', { className: 'note', id: 'ident-mjcf-note', hidden: true });
  const mappingBox = el('textarea', { id: 'ident-mapping', readOnly: true, rows: 2, cols: 60, 'aria-label': t('ident.mapping') });
  const report = el('pre', { id: 'ident-report', className: 'mjcf-text', hidden: true });
  const jointSel = el('select', { id: 'ident-chart-joint', 'aria-label': t('ident.chart.joint') });
  const chartRow = el('div', { className: 'row', hidden: true }, el('label', { textContent: t('ident.chart.joint') }, jointSel));
  const section = el('details', { className: 'chart-box mujoco-ident', id: 'mujoco-ident' },
    el('summary', { textContent: t('ident.summary') }),
    el('p', { className: 'note', textContent: t('ident.intro') }),
    robotDrop, recDrop, held.element, options, modelNote, status, err, joints, tableWrap, chartRow);
  parent.append(section);
  const chart = lineBox(section, { title: t('ident.chart.title'), description: t('ident.chart.desc'), height: 260, fileName: 'ident-joint',
    xName: 't [s]', xText: 't [s]', yText: t('ident.chart.y'), line: { borderWidth: 1.2 } });
  chart.box.id = 'ident-chart-box';
  // before a run the chart has nothing to draw: a sentence in its place, not empty 0–1 axes
  const chartEmpty = el('p', { className: 'note', id: 'ident-chart-empty' });
  modelShown();   // the model's note, the actuator's control and this sentence
  chart.box.before(chartEmpty);
  chart.box.hidden = true;
  section.append(exports, mjcfNote, el('div', { className: 'row' }, el('label', { textContent: t('ident.mapping') }, mappingBox)), report);

  const zones = [dropZone(robotDrop, { onFiles: takeRobot, onError: say, folders: true }),
    dropZone(recDrop, { onFiles: takeRecording, onError: say, folders: true })];
  let worker = null, last = null, running = false, runRobot = null, runModel = 'native';
  const hookState = setHook('mujoco', 'ident', {
    get running() { return running; }, get result() { return last; }, get input() { return { robot: input.robot?.main ?? null, recording: input.recording?.name ?? null, held: held.names, calibration: !!input.calibration, model: modelSel.value, actuator: actSel.value }; },
    progress: {}, cancelled: false, error: '' });

  function say(msg) { err.textContent = msg; err.hidden = !msg; hookState.error = msg; }

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
    const budget = Number(budgetIn.value);
    if (!(Number.isInteger(budget) && budget >= 10 && budget <= 100000)) { say(t('ident.err.budget', { v: budgetIn.value })); return; }
    stop();
    runRobot = input.robot;   // the robot the result belongs to (its MJCF export)
    running = true;
    hookState.cancelled = false;
    hookState.progress = {};
    last = null;
    table.hidden = true;
    tableWrap.hidden = true;
    exports.hidden = true;
    mjcfNote.hidden = true;
    report.hidden = true;
    chartRow.hidden = true;
    chart.box.hidden = true;
    chartEmpty.hidden = false;
    joints.replaceChildren();
    runBtn.disabled = true;
    cancelBtn.disabled = false;
    status.textContent = t('ident.stage.start');
    const w = startIdent();   // the worker, in the page's language (the view starts it: index.js)
    worker = w;
    const robotType = typeIn.value.trim();
    runModel = modelSel.value;
    w.onmessage = (e) => onMessage(w, e.data);
    w.onerror = (e) => { e.preventDefault?.(); finish(w); say(t('ident.err.worker', { message: e.message || 'error' })); };
    w.postMessage({ cmd: 'run', mujocoUrl: mujocoUrl(), files: [...input.robot.files], main: input.robot.main, recording: input.recording, held: held.recordings,
      calibration: input.calibration, unit: unitSel.value, leave: leaveIn.value.split(',').map((s) => s.trim()).filter(Boolean),
      robotType: robotType || null, budget, model: modelSel.value, actuator: actSel.value });
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
        // bam's fit is one call of the core per joint: no generations to count
        row.querySelector('.ident-joint-evals').textContent = runModel === 'native'
          ? t('ident.joint.evals', { evals: m.evals, budget: m.budget, mae: (m.bestLoss * 1e3).toFixed(3) })
          : t('ident.joint.fitting', { model: runModel.toUpperCase() });
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
      show(m);
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

  const fmt = (x) => (Number.isFinite(x) ? core.ident.format(x) : '—');
  const unitOf = (k) => core.native.units()[core.native.keys().indexOf(k)] ?? '';

  /** A value in 3 significant digits (the table; the params files and the report keep every digit). */
  const short = (x) => (Number.isFinite(x) ? String(Number(x.toPrecision(3))) : '—');

  /** The table's columns of a result: per shown key its header and its
   *  cell (value, range, "not identifiable"); native: SHOWN_KEYS, bam: the
   *  model's keys in the report's order that some joint fitted (a key every
   *  joint held, friction_viscous, is in the report only), its effective gain. */
  function columns(r) {
    const cell = (k, v, g, bad) => el('td', { className: bad ? 'ident-bad' : '', dataset: { key: k, value: String(v) }, title: g ? `${fmt(v)} [${fmt(g.lower)}, ${fmt(g.upper)}]` : fmt(v) },
      el('strong', { textContent: short(v) }), el('br'),
      el('small', { textContent: g ? `[${short(g.lower)}, ${short(g.upper)}]` : t('ident.value.held') }),
      ...(bad ? [el('br'), el('em', { className: 'ident-not', textContent: t('ident.notIdentifiable') })] : []));
    if (r.model === 'native') {
      // forcerange left unlimited (the recording does not saturate the servo): no value; the joint's sentence says why
      const unlimited = (k, x) => k === 'forcerange_hi' && x.p.forcerange_lo === 0 && x.p.forcerange_hi === 0;
      return SHOWN_KEYS.map((k) => ({ head: `${k} [${unitOf(k)}]`,
        cell: (x) => (unlimited(k, x) ? el('td', { className: 'ident-bad', dataset: { key: k, value: '0' } }, el('strong', { textContent: t('ident.value.none') }), el('br'),
          el('em', { className: 'ident-not', textContent: t('ident.notIdentifiable') }))
          : cell(k, x.p[k], x.ranges[k], x.paramFlags[k] !== 0)) }));
    }
    const used = core.fit.paramUsed(Number(r.model.slice(1)));
    const fitted = r.results.filter(Boolean);
    const cols = BAM_SHOWN.map((k) => [k, r.keys.findIndex((q) => q.key === k)]).filter(([k, i]) => used[i] && fitted.some((x) => x.free[k]))
      .map(([k, i]) => ({ head: r.keys[i].unit ? `${k} [${r.keys[i].unit}]` : k, cell: (x) => cell(k, x.p[i], x.free[k] ? x.ranges[k] : null, x.free[k] && x.paramFlags[k] !== 0) }));
    return [...cols, { head: t('ident.col.gain'), cell: (x) => el('td', { dataset: { key: 'gain', value: String(x.gain) }, textContent: short(x.gain) }) }];
  }

  /** The result: the table, the chart, the exports. */
  function show(r) {
    const texts = flagTexts(core), count = core.ident.constants.count, bam = r.model !== 'native', M = r.model.toUpperCase();
    const colsOf = columns(r);
    const fittedJ = r.results.filter(Boolean);
    // the flags every fitted joint has (kv lumped) said once under the table; forcerange not fitted per
    // joint, with its numbers (the demand of its fitted servo: core.ident.forcerangeSentence)
    const forceBit = core.ident.flags().findIndex((f) => f.id === 'ident.forcerange_not_fitted');
    const common = texts.map((_, b) => b !== forceBit && fittedJ.length > 0 && fittedJ.every((x) => x.flags & (1 << b)));
    const whyText = (x, b) => (b === forceBit && !bam && core.ident.forcerangeSentence(x) ? tCore(core.ident.forcerangeSentence(x)) : texts[b]);
    const head = el('tr', {}, ...[t('ident.col.joint'), ...colsOf.map((c) => c.head), t(bam ? 'ident.col.sim' : 'ident.col.train'), t(bam ? 'ident.col.ownArm' : 'ident.col.own')]
      // a long key (load_friction_stribeck) may break after its underscores: M4's columns fit a narrower window
      .map((x) => el('th', {}, ...x.split('_').flatMap((w, i, a) => (i < a.length - 1 ? [`${w}_`, el('wbr')] : [w])))));
    const cols = colsOf.length + 3;
    const rows = r.names.flatMap((n, j) => {
      const x = r.results[j];
      if (!x) return [el('tr', { dataset: { joint: n } }, el('td', { textContent: n }), el('td', { colSpan: cols - 1, className: 'note', textContent: t('ident.joint.left') }))];
      const cells = colsOf.map((c) => c.cell(x));
      const why = texts.map((_, b) => b).filter((b) => x.flags & (1 << b) && !common[b]).map((b) => whyText(x, b));
      const main = el('tr', { dataset: { joint: n } }, el('th', { scope: 'row', textContent: n }), ...cells,
        el('td', { textContent: (r.fitted[j] * 1e3).toFixed(3), dataset: { mae: String(r.fitted[j]) } }),
        el('td', { textContent: (r.file[j] * 1e3).toFixed(3) }));
      return why.length ? [main, el('tr', { className: 'ident-why', dataset: { whyOf: n } }, el('td'), el('td', { colSpan: cols - 1, className: 'note', textContent: why.join('; ') }))] : [main];
    });
    maeBox.replaceChildren(maeTable(r, count, bam ? M : null));
    commonNote.textContent = [...texts.filter((_, b) => common[b]).map((x) => t('ident.everyJoint', { what: x })),
      ...(r.poseResidual ? [t('ident.poseResidual', { joints: r.poseResidual.joints.join(', '), body: r.poseResidual.body })] : [])].join(' ');
    table.replaceChildren(el('caption', { textContent: t(bam ? 'ident.table.caption.bam' : 'ident.table.caption', { floor: (count * 1e3).toFixed(3), model: M }) }), el('thead', {}, head), el('tbody', {}, ...rows));
    table.hidden = false;
    tableWrap.hidden = false;
    jointSel.replaceChildren(...r.names.map((n, j) => el('option', { value: String(j), textContent: n })));
    chartRow.hidden = false;
    chart.box.hidden = false;
    chartEmpty.hidden = true;
    // the chart's title says what "simulated" is: the whole arm (native), or each joint alone (bam)
    const title = bam ? t('ident.chart.titleBam', { model: M }) : t('ident.chart.title');
    chart.head.querySelector('h3').textContent = title;
    chart.box.setAttribute('aria-label', title);
    chart.chart.canvas.setAttribute('aria-label', bam ? t('ident.chart.descBam', { model: M }) : t('ident.chart.desc'));
    // bam: the first fitted joint (a joint left out has no simulation of its own to show)
    const j0 = bam ? Math.max(0, r.results.findIndex(Boolean)) : 0;
    jointSel.value = String(j0);
    drawChart(j0);
    exports.replaceChildren(...Object.entries(r.params).map(([joint, text]) => {
      const b = button(t('ident.export.params', { joint }), bam ? t('ident.export.params.titleBam', { model: M }) : t('ident.export.params.title'));
      b.dataset.joint = joint;
      b.addEventListener('click', () => download(`${joint}.json`, textUrl(text, 'application/json')));
      return b;
    }), (() => { const b = button(t('ident.export.report'), ''); b.addEventListener('click', () => download('ident.txt', textUrl(r.report, 'text/plain'))); return b; })(),
    ...(bam ? [] : [(() => {
      // the robot's MJCF written back with each fitted joint's native class (MJX, MuJoCo Warp, mjlab run it unchanged)
      const b = button(t('ident.export.mjcf'), t('ident.export.mjcf.title'));
      b.id = 'ident-export-mjcf';
      b.addEventListener('click', () => {
        try {
          download(robotOut(r).name, textUrl(robotOut(r).text, 'application/xml'));
        } catch (e) { say(e.message); }
      });
      return b;
    })()]));
    mjcfNote.textContent = bam ? t('ident.mjcf.bamNone', { model: M }) : '';
    mjcfNote.hidden = !bam;
    // the fitted servos run in Your robot's 3D view (identCarry.js)
    if (carry) exports.append(carryButton({ r, robot: runRobot, carry, say }));
    exports.hidden = false;
    mappingBox.value = r.mapping;
    report.textContent = r.report;
    report.hidden = false;
  }

  /** The robot the result was fitted on as one MJCF whose fitted joints carry their native classes
   *  (robotNative.js: each class nested in the class the joint had). */
  function robotOut(r) {
    const joints = new Map(), classes = new Map();
    for (const [joint, text] of Object.entries(r.params)) {
      const cls = `${joint}_fitted`.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 64);
      const { params } = nativeFile(text, `${joint}.json`);
      joints.set(joint, cls);
      classes.set(cls, (name) => core.native.classMjcf(params, { name, document: false }));
    }
    const out = nativeRobotMjcf(core, { files: runRobot.files, main: runRobot.main, joints, classes });
    return { name: runRobot.main.replace(/^.*\//, '').replace(/\.xml$/i, '') + '_fitted.xml', text: out.text };
  }

  function drawChart(j) {
    if (!last) return;
    const r = last, J = r.names.length, n = r.t.length;
    const col = (a) => Array.from({ length: n }, (_, k) => a[k * J + j]);
    const c = chart.chart;
    c.data.datasets = [
      { label: t('ident.chart.measured'), data: points(r.t, col(r.pos)), borderColor: COLORS[0] },
      // bam: a joint left out has no simulation (its fittedQ NaN), no line
      ...(r.model !== 'native' && !r.results[j] ? [] : [{ label: r.model === 'native' ? t('ident.chart.fitted') : t('ident.chart.fittedBam', { model: r.model.toUpperCase() }),
        data: points(r.t, col(r.fittedQ)), borderColor: COLORS[1] }]),
      { label: t('ident.chart.own'), data: points(r.t, col(r.fileQ)), borderColor: COLORS[7], hidden: true },
    ];
    c.update('none');
  }

  runBtn.addEventListener('click', start);
  cancelBtn.addEventListener('click', cancel);
  jointSel.addEventListener('change', () => drawChart(Number(jointSel.value)));
  return { dispose() { stop(); zones.forEach((z) => z.dispose()); held.dispose(); } };
}
