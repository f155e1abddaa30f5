// mujoco/robotRows.js: Your robot's rows (yourRobot.js): the drop box and its
// file inputs and size note, the worked robots' buttons, the main-file select, the status
// line and the reading's progress, the error box, the run row (Pause, Reset,
// keyframe, physics step, clock) and the lesson with its steps naming the
// running robot's joints. The section wires them (yourRobot.js).
import { el, button } from '../../dom.js';
import { fileInputs, formatBytes } from '../../dropZone.js';
import { stateChoice } from '../../refusal.js';
import { EXAMPLES } from '../../mujoco/examples.js';
import { t, tCount } from '../../i18n/index.js';

// the worked robots' texts in the page's language (examples.js keeps English for the tools)
const EXAMPLE_TEXT = { so101: ['robot.ex.so101.label', 'robot.ex.so101.title', 'robot.ex.so101.how'],
  '2r': ['robot.ex.2r.label', 'robot.ex.2r.title', 'robot.ex.2r.how'] };
/** A worked robot's label (k 0), button title (1) or how to get its files (2). */
export const exText = (ex, k) => (EXAMPLE_TEXT[ex.id] ? t(EXAMPLE_TEXT[ex.id][k]) : [ex.label, `${ex.servos}; ${ex.source}`, ex.how][k]);
// the physics step choices: the file's own (the default start of every
// door: robot.js startKeyframe, the core's FRIC_ROBOT_START_KEY), or 1 kHz
export const PHYSICS_STEPS = { '1ms': 0.001, file: null };   // [s] (null: the file's)
export const DEFAULT_STEP = 'file';
/** "12 files, 3.4 MB" (key 'robot.size'), or another key with {files} and {size}. */
export const sizeText = (n, bytes, key = 'robot.size') => t(key, { files: tCount('robot.count.file', n), size: formatBytes(bytes) });

/**
 * The section's rows, before any robot.
 * @param {{ core: object, state: object|null, take: Function, openExample: Function }} opts
 *   take(files, paths): dropped or chosen files; openExample(ex): a worked robot's button
 * @returns {object} the elements by name, and lessonSteps(rows): the lesson's steps for the running pair's rows
 */
export function robotRows({ core, state, take, openExample }) {
  const err = el('div', { className: 'msg-bad', id: 'mujoco-robot-error', role: 'alert', hidden: true });
  const sizeNote = el('span', { className: 'note', id: 'mujoco-robot-size' });
  const drop = el('div', { id: 'mujoco-robot-drop', className: 'drop-zone', dataset: { dropzone: 'robot' } },
    el('span', { textContent: t('robot.drop') }));
  fileInputs(drop, { onFiles: take, id: 'mujoco-robot', what: t('robot.drop.what') });
  drop.append(' ', sizeNote);
  // the worked robots (examples.js): their files beside the page when `make web` found them
  const exampleRow = el('div', { className: 'row robot-examples' }, el('span', { className: 'note', textContent: t('robot.examples') }),
    ...EXAMPLES.map((ex) => {
      const b = button(t('robot.open', { label: exText(ex, 0) }), exText(ex, 1));
      b.dataset.example = ex.id;
      b.addEventListener('click', () => openExample(ex));
      return b;
    }));
  // the main MJCF of a drop of several (robotFiles.js mainCandidates): shown when there is a choice
  const mainSel = el('select', { id: 'mujoco-robot-main', 'aria-label': t('robot.main.aria') });
  const mainRow = el('div', { className: 'row robot-main', hidden: true }, el('label', { textContent: t('robot.main') }, mainSel));
  const status = el('p', { className: 'note', id: 'mujoco-robot-status', 'aria-live': 'polite',
    textContent: t('robot.status.start', { size: formatBytes(core.io.maxBytes('robot')) }) });
  // the reading of a drop's files (only those the MJCF names), file by file
  const progress = el('progress', { id: 'mujoco-robot-progress', max: 1, value: 0, hidden: true, 'aria-label': t('robot.progress.aria') });
  const playBtn = button(t('runbar.pause'), t('robot.pause.title'));
  const resetBtn = button(t('robot.reset'), t('robot.reset.title'));
  const keySel = el('select', { id: 'mujoco-robot-keyframe', 'aria-label': t('robot.keyframe.aria') });
  const dtSel = el('select', { id: 'mujoco-robot-dt', 'aria-label': t('robot.dt.aria') },
    el('option', { value: '1ms', textContent: t('robot.dt.1ms') }), el('option', { value: 'file', textContent: t('robot.dt.file') }));
  // a step that is none of the choices (robot_dt=constructor) is refused (refusal.js)
  dtSel.value = state ? stateChoice(state, 'robot_dt', Object.keys(PHYSICS_STEPS), DEFAULT_STEP) : DEFAULT_STEP;
  const clock = el('span', { className: 'readout robot-clock', id: 'mujoco-robot-clock', textContent: 't = 0 s' });
  const runRow = el('div', { className: 'row robot-run', hidden: true }, playBtn, resetBtn,
    el('label', { textContent: t('robot.keyframe') }, keySel), el('label', { textContent: t('robot.dt') }, dtSel), clock);
  const lesson = el('details', { className: 'robot-lesson', open: true },
    el('summary', { textContent: t('lesson.notice') }),
    el('p', { className: 'lesson-notice', textContent: t('robot.lesson.notice') }),
    el('h4', { textContent: t('lesson.try') }),
    el('ol', { id: 'mujoco-robot-lesson-try' }));
  /** The lesson's steps: the joints of the robot in the view (rows: the
   *  running pair's), or none before a robot runs. */
  function lessonSteps(rows = []) {
    const last = rows[rows.length - 1], other = rows[1] ?? rows[0];
    const preset = other && /^([A-Za-z0-9_]+)\/m([1-6])$/.exec(other.entry?.servo ?? '');
    const items = [t('robot.lesson.try1'),
      last ? t('robot.lesson.try2', { joint: last.name }) : t('robot.lesson.try2.none'),
      preset ? t('robot.lesson.try3', { joint: other.name, servo: `${preset[1]} M${preset[2] === '6' ? 1 : 6}` }) : t('robot.lesson.try3.none')];
    lesson.querySelector('ol').replaceChildren(...items.map((x) => el('li', { textContent: x })));
  }
  lessonSteps();
  return { err, sizeNote, drop, exampleRow, mainSel, mainRow, status, progress, playBtn, resetBtn, keySel, dtSel, clock, runRow, lesson, lessonSteps };
}
