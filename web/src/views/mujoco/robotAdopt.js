// mujoco/robotAdopt.js: Your robot's adoption (yourRobot.js): a robot and
// its servo choices made a running pair of (A) the file and (C) adopted, in
// the robot's worker (robotWorker.js adoptInWorker), in place of the pair
// running; a robot whose mapping names nothing yet shown for the person to
// fill in; the Adopt button and a typed mapping adopted again; the pair
// freed, or lost with its worker. `s` is the section's state (yourRobot.js).
import { startKeyframe } from '../../mujoco/robot.js';
import { adoptInWorker } from './robotWorker.js';
import { fmtNumber } from '../../format.js';
import { t, tCount } from '../../i18n/index.js';
import { MAPPABLE, mappingEntries, entriesText, typedChoices } from './robotMapping.js';
import { PHYSICS_STEPS, sizeText } from './robotRows.js';
import { buildKeyframes, saveUrl } from './robotRun.js';

/** The robot's joints a servo can map (robotMapping.js MAPPABLE). */
export const mappable = (s) => s.robot.info.joints.filter((j) => MAPPABLE.has(j.type));
/** The robot's main file and counts, for the status line. */
const counts = (s) => ({ main: s.robot.main, joints: tCount('robot.count.joint', s.robot.info.joints.length),
  actuators: tCount('robot.count.actuator', s.robot.info.actuators.length), keyframes: tCount('robot.count.keyframe', s.robot.info.keyframes.length) });
const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

/** The rows of a running pair hidden (no pair runs). */
function hidePair(s) {
  const { runRow } = s.rows, { meshRow, view3d } = s.panel3d, { tables, goals, reportBox } = s.readings, { textRow, csvRow } = s.exportRows;
  [runRow, meshRow, view3d, tables, goals, reportBox, textRow, csvRow].forEach((x) => { x.hidden = true; });
}

/** After an error: when the robot's worker is gone (robotWorker.js: its
 *  MuJoCo failed, mjcfCheck.js mujocoDied: an abort, a wasm trap; or a
 *  command passed its time limit; e.whole: its message a whole sentence), the next command makes a
 *  new worker (the next drop works, no reload), the robot that ran in it
 *  is gone, and that is said in one sentence. Returns true then. */
export function mujocoLost(s, e) {
  if (!e?.died) return false;
  const had = !!s.pair;
  try { freePair(s); } catch { s.pair = null; }
  s.robot = null;
  hidePair(s);
  s.adoptedText = '';
  // a time limit's sentence is whole; a MuJoCo that failed is said as such
  s.say(e.whole ? `${e.message}${had ? ` ${t('robot.err.lostPair')}` : ''}` : t('robot.err.reset', { message: e.message }));
  return true;
}

/** A new pair of (next robot, its choices) in place of the one running;
 *  throws one sentence (robot.js's) and leaves the running one. */
export async function adopt(s, next, cs, js, keyframe, typed = null) {
  const { status, sizeNote, dtSel, runRow, lessonSteps } = s.rows;
  const joints = next.info.joints.filter((j) => MAPPABLE.has(j.type));
  // the selects' entries go whole (a name may hold ',' or '='); a typed
  // mapping (text) or a running one again (its entries) as given
  const mapping = typed ?? mappingEntries(joints, cs, js);
  const text = typeof mapping === 'string' ? mapping : entriesText(mapping);
  if (!text) {
    // nothing to adopt: the mapping is shown for the person to fill in
    // (what to do next, on the status line: not a refusal)
    robotPending(s, next, cs, js);
    status.textContent += ` ${t('robot.unmapped', { main: next.main })}`;
    return;
  }
  status.textContent = t('robot.adopting', { mapping: text });
  await nextFrame();
  if (s.disposed) return;
  const made = await adoptInWorker({ load: next.load, mapping, servos: s.fileServos.servos(), sources: s.fileServos.sources(), keyframe,
    timestep: PHYSICS_STEPS[dtSel.value], joints: next.info.joints.map((j) => j.name) });
  if (s.disposed) { made.free(); return; }
  made.onError = (e) => {
    if (s.pair !== made) return;
    s.failed = true;
    if (!mujocoLost(s, e)) s.say(t('robot.stopped', { message: e.message }));
  };
  // a paused run's Step: its frame shown when it comes (running, the next animation frame paints it)
  made.onFrame = () => { if (s.pair === made && s.loop.paused) s.paint(true); };
  // from here on the new robot replaces the old one
  freePair(s);
  s.robot = next;
  // the selects show what a typed mapping adopted
  if (typeof typed === 'string') ({ cs, js } = typedChoices(s.core, typed, joints, made.rows));
  s.classServo = cs;
  s.jointServo = js;
  s.pair = made;
  s.adoptedText = text;
  s.adoptedMapping = mapping;
  s.exampleId = next.example ?? null;
  s.exportRows.show(text);
  s.failed = false;
  sizeNote.textContent = sizeText(s.robot.files.size, s.robot.bytes);
  status.textContent = t('robot.status.mapping', { ...counts(s), mapping: text });
  s.readings.buildReport();
  buildMapping(s);
  buildKeyframes(s, keyframe);
  saveUrl(s);
  dtSel.title = t('robot.dt.title', { ms: fmtNumber(s.pair.fileTimestep * 1e3, { digits: 3 }) });
  s.panel3d.show(s.renderer, s.pair);
  s.readings.buildTable();
  s.readings.buildGoals(s.robot.info.joints);
  lessonSteps(s.pair.rows);
  runRow.hidden = false;
  s.loop.restart();
  s.paint(true);
}

/** A robot whose mapping names nothing yet: its mapping is shown (the
 *  running pair, if any, is another robot's and goes). */
function robotPending(s, next, cs, js) {
  if (s.robot !== next) {
    freePair(s);
    hidePair(s);
    s.adoptedText = '';
    s.rows.lessonSteps();   // no robot in the view: the lesson names no joint
  }
  s.robot = next;
  s.classServo = cs;
  s.jointServo = js;
  s.rows.sizeNote.textContent = sizeText(s.robot.files.size, s.robot.bytes);
  s.rows.status.textContent = t('robot.status', counts(s));
  buildMapping(s);
}

export function freePair(s) {
  s.panel3d.free();
  s.pair?.free();
  s.pair = null;
}

/** The mapping UI: a select per joint class, then per joint. */
export function buildMapping(s) { s.picker.build(mappable(s), s.classServo, s.jointServo); }

/** Adopt: the selects' mapping adopted (the keyframe shown, else the first). */
export async function adoptChoices(s) {
  if (s.busy) return;
  s.busy = true;
  s.say('');
  try {
    await adopt(s, s.robot, new Map(s.classServo), new Map(s.jointServo), s.pair ? Number(s.rows.keySel.value) : startKeyframe(s.robot.info.keyframes.length));
  } catch (e) {
    if (!mujocoLost(s, e)) s.say(e.message);
    s.rows.status.textContent = s.pair ? t('robot.still.servos') : s.robot ? t('robot.refused.pending', { main: s.robot.main }) : '';
  } finally {
    s.busy = false;
  }
}

/** The running robot adopted again with mapping `text` (the keyframe
 *  shown); a refusal is one sentence and the pair running stays. */
export async function readopt(s, text, stillMsg) {
  if (s.busy || !s.robot) return false;
  s.busy = true;
  s.say('');
  try {
    await adopt(s, s.robot, new Map(s.classServo), new Map(s.jointServo), s.pair ? Number(s.rows.keySel.value) : startKeyframe(s.robot.info.keyframes.length), text);
    return true;
  } catch (e) {
    if (!mujocoLost(s, e)) s.say(e.message);
    s.rows.status.textContent = s.pair ? stillMsg : s.robot ? t('robot.refused.pending', { main: s.robot.main }) : '';
    return false;
  } finally {
    s.busy = false;
  }
}
