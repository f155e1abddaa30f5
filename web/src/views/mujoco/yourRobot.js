// mujoco/yourRobot.js: the In MuJoCo view's "Your robot" section. A person
// drops an MJCF with its mesh files (several files or a folder, dropZone.js)
// into a Web Worker's MuJoCo (robotWorker.js: robot.js loadRobotFiles there), maps each
// joint class and joint to a servo preset of the core (or none), and watches
// two copies run side by side, live at the file's timestep: (A) the file as written and (C)
// adopted (robot.js createRobotPair, in the worker: the page's thread never
// runs MuJoCo for the robot; it draws the frames the worker sends). The robot is drawn in 3D from MuJoCo's
// compiled model (robot3d.js with three.js, imported only when this section
// first opens: load.js loadRenderer); beside it a per-joint table of each
// copy, a keyframe select and a goal slider per joint. A refused drop (too
// large, an MJCF that does not load, a missing mesh) or a refused mapping
// says one sentence in #mujoco-robot-error and leaves the previous robot running.
// Every string is t() (i18n/, keys robot.*); robot.js's sentences too (it
// asks t() itself, English in Node for tools/robot.mjs); the core's own
// refusals (the mapping parser's, a params file's) stay English.
// This file is the section's controller: it makes the section's state `s`
// and its parts and wires them; each role in a file of its own: its rows and
// lesson (robotRows.js), the loading of a drop, a worked robot or carried
// files (robotLoad.js), the adoption and the pair's life (robotAdopt.js),
// the run loop, keyframes and URL (robotRun.js), the servo pickers
// (robotMapping.js), the per-joint tables, report and goals
// (robotTables.js), the 3D picture (robot3dPanel.js), the mapping text and
// CSVs (robotExports.js) and the tests' hook (robotHook.js).
import { el } from '../../dom.js';
import { dropZone } from '../../dropZone.js';
import { setHook, clearHook } from '../../testHooks.js';
import { t } from '../../i18n/index.js';
import { fig1Section } from './fig1Panel.js';
import { servoFiles } from './servoFiles.js';
import { servoChoices, mappingText, mappingPicker } from './robotMapping.js';
import { robotTables } from './robotTables.js';
import { robot3dPanel } from './robot3dPanel.js';
import { robotExports } from './robotExports.js';
import { robotRows } from './robotRows.js';
import { take, openExample, fetchRenderer, mainSelect, fromUrl, carry } from './robotLoad.js';
import { buildMapping, adoptChoices, readopt, freePair } from './robotAdopt.js';
import { robotRun, saveUrl } from './robotRun.js';
import { robotHook } from './robotHook.js';

export { mappingText };

/**
 * @param {HTMLElement} parent  the view's main column
 * @param {{ core: object, state?: object, fitted?: () => string|null }} opts  state: the view's slice of
 *   the URL (state.js scopedState): robot (a worked example's id, or 'drop'),
 *   robot_map (the mapping's text), robot_key (the keyframe), robot_dt (a
 *   PHYSICS_STEPS key), so Back and reload bring a worked robot back;
 *   fitted: the view's fitted params file (a Fit result opened here);
 *   native: the view's native params in hand ({ text, source } or null),
 *   what "Download MJCF with native class…" writes without asking a file
 * @returns {{ carry(what: object): Promise<string>, dispose(): void }}
 */
export function robotSection(parent, { core, state = null, fitted = () => null, native = () => null }) {
  // the section's state, shared by its roles (robotLoad.js, robotAdopt.js, robotRun.js, robotHook.js)
  const s = { core, state, presets: servoChoices(core),
    robot: null,          // { files, main, info, bytes, load, example }: the robot loaded
    pair: null,           // the pair running (robot.js, in the worker), or null
    failed: false, disposed: false,
    busy: false,          // a load or an adoption under way
    classServo: new Map(), jointServo: new Map(),   // the selects' servo of each joint class and joint
    adoptedText: '',      // the mapping of the running pair (its text, as adopted)
    adoptedMapping: '',   // … as it was given (a typed text, or the selects' entries)
    exampleId: null,      // the worked robot running (examples.js id), null for a drop
    renderer: null,       // the module robot3d.js, once loaded
    mains: null };        // the last drop's main-file candidates { list, again(main): read it again with that main }
  // params files and the view's fit as servos '@name' (servoFiles.js)
  s.fileServos = servoFiles({ core, fitted, say: (msg) => s.say(msg), onChange: () => { if (s.robot) buildMapping(s); } });
  // the rows (robotRows.js): the drop, the worked robots, the status, the run row, the lesson
  const rows = s.rows = robotRows({ core, state, take: (...a) => take(s, ...a), openExample: (...a) => openExample(s, ...a) });
  const say = s.say = (msg) => { rows.err.textContent = msg; rows.err.hidden = !msg; };
  s.picker = mappingPicker({ presets: s.presets, fileServos: s.fileServos, onAdopt: () => adoptChoices(s) });
  // the adoption carried out: the mapping as text (the CLI's syntax), the CSVs
  s.exportRows = robotExports({ pair: () => s.pair, main: () => s.robot.main, adopted: () => s.adoptedText,
    readopt: (text, stillMsg) => readopt(s, text, stillMsg), say, core, files: () => s.robot?.files ?? null, native });
  s.readings = robotTables({ pair: () => s.pair });
  s.panel3d = robot3dPanel({ say });
  const { textRow, csvRow } = s.exportRows, { tables, goals, reportBox } = s.readings, { meshRow, view3d } = s.panel3d;
  const section = s.section = el('details', { className: 'chart-box mujoco-robot', id: 'mujoco-robot' },
    el('summary', { textContent: t('robot.summary') }),
    rows.drop, rows.exampleRow, rows.mainRow, rows.status, rows.progress, rows.err, textRow, s.picker.el, reportBox, rows.runRow,
    meshRow, view3d, tables, csvRow, goals, rows.lesson);
  parent.append(section);
  // the paper's 2R arm, Fig. 1 B/C simulated (fig1Panel.js), above the lesson
  const fig1 = fig1Section(section, { before: rows.lesson });

  const frameStats = s.frameStats = setHook('mujoco', 'robotFrameStats', []);
  const hookState = s.hook = setHook('mujoco', 'robot', robotHook(s));

  // the 3D renderer (three.js) is fetched the first time the section opens
  section.addEventListener('toggle', () => {
    if (section.open && !s.renderer) fetchRenderer(s).catch((e) => say(e.message));
  });
  const zone = dropZone(rows.drop, { onFiles: (...a) => take(s, ...a), onError: say, folders: true });
  mainSelect(s);
  // the run row and the loop (robotRun.js)
  robotRun(s);
  // a new physics step: both copies built again (same robot, mapping, keyframe)
  rows.dtSel.addEventListener('change', () => { if (s.pair) readopt(s, s.adoptedMapping, t('robot.still.dt')); else saveUrl(s); });
  fromUrl(s);

  return {
    /** The identification's fitted servos (identCarry.js), adopted here (robotLoad.js carry). */
    carry: (what) => carry(s, what),
    dispose() {
      fig1.dispose();
      s.disposed = true;
      s.loop.dispose();
      zone.dispose();
      freePair(s);
      clearHook('mujoco', 'robotFrameStats', frameStats);
      s.panel3d.dispose();
      clearHook('mujoco', 'robot', hookState);
    },
  };
}
