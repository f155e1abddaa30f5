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
// This file is the section: the loading and adoption, the run and the URL;
// its parts in role files: its rows and lesson (robotRows.js), the servo pickers (robotMapping.js), the
// per-joint tables, report and goals (robotTables.js), the 3D picture
// (robot3dPanel.js) and the mapping text and CSVs (robotExports.js).
import { el } from '../../dom.js';
import { dropZone, formatBytes } from '../../dropZone.js';
import { liveLoop } from '../../live/loop.js';
import { setHook, clearHook } from '../../testHooks.js';
import { fmtNumber } from '../../format.js';
import { loadRenderer } from './load.js';
import { pickMain, startKeyframe } from '../../mujoco/robot.js';
import { fileDrop, readRobot, mainCandidates, planOf } from '../../mujoco/robotFiles.js';
import { loadInWorker, adoptInWorker } from './robotWorker.js';
import { EXAMPLES, fetchExampleFiles } from '../../mujoco/examples.js';
import { STEP_BUDGET_MS, CHUNK_STEPS } from '../../mujoco/models.js';
import { t, tCount, tCore, asSentence } from '../../i18n/index.js';
import { fig1Section } from './fig1Panel.js';
import { servoFiles } from './servoFiles.js';
import { MAPPABLE, servoChoices, mappingText, mappingEntries, entriesText, firstChoices, typedChoices, mappingPicker } from './robotMapping.js';
import { robotTables } from './robotTables.js';
import { robot3dPanel } from './robot3dPanel.js';
import { robotExports } from './robotExports.js';
import { robotRows, exText, PHYSICS_STEPS, DEFAULT_STEP } from './robotRows.js';

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
 * @returns {{ dispose(): void }}
 */
export function robotSection(parent, { core, state = null, fitted = () => null, native = () => null }) {
  const presets = servoChoices(core);
  // params files and the view's fit as servos '@name' (servoFiles.js)
  const fileServos = servoFiles({ core, fitted, say: (msg) => say(msg), onChange: () => { if (robot) buildMapping(); } });
  // the rows (robotRows.js): the drop, the worked robots, the status, the run row, the lesson
  const rows = robotRows({ core, state, take, openExample });
  const { err, sizeNote, drop, exampleRow, mainSel, mainRow, status, progress, playBtn, resetBtn, keySel, dtSel, clock, runRow, lesson, lessonSteps } = rows;
  const picker = mappingPicker({ presets, fileServos, onAdopt: adoptChoices });
  const mapBox = picker.el;
  // the adoption carried out: the mapping as text (the CLI's syntax), the CSVs
  const exportRows = robotExports({ pair: () => pair, main: () => robot.main, adopted: () => adoptedText, readopt, say, core, files: () => robot?.files ?? null, native });
  const { textRow, csvRow } = exportRows;
  const readings = robotTables({ pair: () => pair });
  const { tables, goals, reportBox } = readings;
  const panel3d = robot3dPanel({ say });
  const { meshRow, view3d } = panel3d;
  const section = el('details', { className: 'chart-box mujoco-robot', id: 'mujoco-robot' },
    el('summary', { textContent: t('robot.summary') }),
    drop, exampleRow, mainRow, status, progress, err, textRow, mapBox, reportBox, runRow, meshRow, view3d, tables, csvRow, goals, lesson);
  parent.append(section);
  // the paper's 2R arm, Fig. 1 B/C simulated (fig1Panel.js), above the lesson
  const fig1 = fig1Section(section, { before: lesson });

  const frameStats = setHook('mujoco', 'robotFrameStats', []);
  let robot = null;      // { files, main, info, bytes }: the robot loaded
  let pair = null, failed = false, disposed = false;
  let classServo = new Map(), jointServo = new Map();
  let adoptedText = '';   // the mapping of the running pair (its text, as adopted)
  let adoptedMapping = '';   // … as it was given (a typed text, or the selects' entries)
  let exampleId = null;   // the worked robot running (examples.js id), null for a drop
  let renderer = null;   // the module robot3d.js, once loaded
  const hookState = { get time() { return pair?.time ?? null; }, get steps() { return pair?.steps ?? null; },
    get pair() { return pair; },   // for the tests: the running pair (robot.js)
    get goals() { return pair ? Object.fromEntries(robot.info.joints.map((j) => [j.name, pair.goal(j.name)])) : null; }, table: () => pair?.table() ?? null,
    get timestep() { return pair?.A.m.opt.timestep ?? null; }, get report() { return pair?.report() ?? null; },
    get info() { return robot?.info ?? null; }, get triangles() { return panel3d.scene?.triangles ?? null; }, get fullTriangles() { return panel3d.scene?.fullTriangles ?? null; }, get boxes() { return panel3d.scene?.boxes ?? null; },
    get meshes() { return panel3d.scene?.meshes ?? null; }, get main() { return robot?.main ?? null; }, get drawn() { return panel3d.scene?.drawn ?? 0; },
    get mapping() { return robot ? (pair ? adoptedText : mappingText(mappable(), classServo, jointServo)) : null; }, get busy() { return busy; },
    renderer: null,   // 'loaded' once robot3d.js (three.js) has been imported
    /** For the tests: the wall time [ms] of n steps of both copies, run now (in the worker: a Promise). */
    timeSteps(n) { return pair ? pair.timeSteps(n) : null; } };
  setHook('mujoco', 'robot', hookState);
  let busy = false;
  let mains = null;     // the last drop's main-file candidates { list, again(main): read it again with that main }

  // the 3D renderer (three.js) is fetched the first time the section opens
  section.addEventListener('toggle', () => {
    if (section.open && !renderer) loadRenderer().then((r) => { renderer = r; hookState.renderer = 'loaded'; }).catch((e) => say(e.message));
  });

  const zone = dropZone(drop, { onFiles: take, onError: say, folders: true });

  function say(msg) { err.textContent = msg; err.hidden = !msg; }
  const mappable = () => robot.info.joints.filter((j) => MAPPABLE.has(j.type));
  const counts = () => ({ main: robot.main, joints: tCount('robot.count.joint', robot.info.joints.length),
    actuators: tCount('robot.count.actuator', robot.info.actuators.length), keyframes: tCount('robot.count.keyframe', robot.info.keyframes.length) });
  /** "12 files, 3.4 MB" (key 'robot.size'), or another key with {files} and {size}. */
  const sizeText = (n, bytes, key = 'robot.size') => t(key, { files: tCount('robot.count.file', n), size: formatBytes(bytes) });

  /** Dropped or chosen files: the ones the MJCF names read (robotFiles.js
   *  readRobot: each sized before it is read, the others never), loaded in
   *  MuJoCo, mapped, adopted. The previous robot stays until the new one has
   *  loaded and adopted. */
  function take(fileList, paths, chosen = null) {
    const bytes = fileList.reduce((s, f) => s + f.size, 0);
    return load(sizeText(fileList.length, bytes), async () => {
      try {
        // the MJCF text checked by the core as it is read (the load's one check)
        const got = await readRobot(fileDrop(fileList, paths), chosen, { core, onProgress: ({ done, total, n, files }) => {
          progress.hidden = false;
          progress.value = done / total;
          status.textContent = t('robot.progress', { n, files, done: formatBytes(done), total: formatBytes(total) });
        } });
        return { map: got.files, bytes: got.bytes, main: got.main };
      } finally {
        progress.hidden = true;
      }
    }, null, null, chosen, (m) => take(fileList, paths, m));
  }

  /** One of the worked robots (examples.js): its files as `make web` copied
   *  them beside the page (examples/<id>/, listed in examples/index.json),
   *  with its mapping; where they are not, where to get them. */
  function openExample(ex, saved = null) {
    return load(`${exText(ex, 0)} (examples/${ex.id}/)`, async () => {
      let got;
      try {
        got = await fetchExampleFiles(ex);
      } catch (e) {
        throw e.status ? new Error(t('robot.ex.fetch', { file: `examples/${ex.id}/${e.file}`, status: e.status }), { cause: e }) : e;
      }
      if (!got) throw new Error(asSentence(t('robot.ex.missing', { label: exText(ex, 0), how: exText(ex, 2) })));
      return got;
    }, ex, saved);
  }

  /** Files (read by `read`: { map, bytes }) loaded in MuJoCo, mapped (the
   *  example's mapping, else the defaults) and adopted. The previous robot
   *  stays until the new one has loaded and adopted. */
  async function load(what, read, ex, saved, chosen = null, again = null) {
    if (busy) { say(t('robot.busy')); return; }
    busy = true;
    say('');
    sizeNote.textContent = what;
    try {
      const { map, bytes, main: named = null } = await read();
      // a drop read without a main file named: its candidates for the select
      if (!chosen) mains = { list: mainCandidates(map), again };
      showMains(chosen ?? ex?.main ?? named);
      status.textContent = t('robot.loading', { n: map.size, size: formatBytes(bytes) });
      if (!renderer) await loadRenderer().then((r) => { renderer = r; hookState.renderer = 'loaded'; });
      // the text checked by the core (once: a drop's as readRobot read it,
      // a worked robot's here), then compiled and described in the robot's
      // worker under a time limit (robotWorker.js), so that a file MuJoCo
      // cannot read in time, or dies on, never freezes the page
      const main0 = pickMain(map, chosen ?? ex?.main ?? named);
      planOf(map, main0, core);
      const { main, info, load: loaded } = await loadInWorker(map, main0);
      if (disposed) return;
      mainSel.value = main;
      const next = { files: map, main, info, bytes, load: loaded };
      // the example's mapping as the selects show it, else the defaults
      const { cs, js } = firstChoices(core, presets, next.info, ex ? ex.mapping : null);
      // the first keyframe (a home pose the file names), else the reference
      // pose qpos0; a worked robot of the URL: its mapping and keyframe
      const k0 = startKeyframe(next.info.keyframes.length);
      const k = saved && Number.isInteger(saved.keyframe) && saved.keyframe >= -1 && saved.keyframe < next.info.keyframes.length ? saved.keyframe : k0;
      next.example = ex?.id ?? null;
      if (saved?.mapping) {
        try {
          await adopt(next, cs, js, k, saved.mapping);
          return;
        } catch (e) {
          // the URL's mapping refused: the example's own, and why
          say(tCore(e));
        }
      }
      await adopt(next, cs, js, k);
    } catch (e) {
      // the refusal in one sentence; the robot shown (if any) keeps running
      const died = mujocoLost(e);
      // several MJCF files, none named: the select offers them (robotFiles.js pickMain)
      if (e.candidates && again) { mains = { list: e.candidates, again }; showMains(null); }
      sizeNote.textContent = robot ? sizeText(robot.files.size, robot.bytes, 'robot.size.shown') : what;
      if (!died) say(tCore(e));   // the core's sentence in the page's language
      // the status line ends the attempt (never left on "Adopting…")
      status.textContent = pair && robot ? t('robot.still.robot', { main: robot.main }) : '';
    } finally {
      busy = false;
    }
  }

  const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

  /** After an error: when the robot's worker is gone (robotWorker.js: its
   *  MuJoCo failed, mjcfCheck.js mujocoDied: an abort, a wasm trap; or a
   *  command passed its time limit; e.whole: its message a whole sentence), the next command makes a
   *  new worker (the next drop works, no reload), the robot that ran in it
   *  is gone, and that is said in one sentence. Returns true then. */
  function mujocoLost(e) {
    if (!e?.died) return false;
    const had = !!pair;
    try { freePair(); } catch { pair = null; }
    robot = null;
    [runRow, meshRow, view3d, tables, goals, reportBox, textRow, csvRow].forEach((x) => { x.hidden = true; });
    adoptedText = '';
    // a time limit's sentence is whole; a MuJoCo that failed is said as such
    say(e.whole ? `${e.message}${had ? ` ${t('robot.err.lostPair')}` : ''}` : t('robot.err.reset', { message: e.message }));
    return true;
  }

  /** The main-file select of a drop: its candidates (robotFiles.js
   *  mainCandidates, kept in `mains` from the drop's first reading), shown
   *  when there are several; the one chosen (or guessed, set once loaded),
   *  else "choose…". */
  function showMains(chosen) {
    const list = mains?.list ?? [];
    mainSel.replaceChildren(el('option', { value: '', textContent: t('robot.main.choose'), disabled: true }),
      ...list.map((p) => el('option', { value: p, textContent: p })));
    mainSel.value = chosen && list.includes(chosen) ? chosen : '';
    mainRow.hidden = list.length < 2;
  }
  // another main file of the last drop: its files read again, those that main file names
  mainSel.addEventListener('change', () => {
    if (mainSel.value && mains?.again) mains.again(mainSel.value);
  });

  /** A new pair of (next robot, its choices) in place of the one running;
   *  throws one sentence (robot.js's) and leaves the running one. */
  async function adopt(next, cs, js, keyframe, typed = null) {
    const joints = next.info.joints.filter((j) => MAPPABLE.has(j.type));
    // the selects' entries go whole (a name may hold ',' or '='); a typed
    // mapping (text) or a running one again (its entries) as given
    const mapping = typed ?? mappingEntries(joints, cs, js);
    const text = typeof mapping === 'string' ? mapping : entriesText(mapping);
    if (!text) {
      // nothing to adopt: the mapping is shown for the person to fill in
      // (what to do next, on the status line: not a refusal)
      robotPending(next, cs, js);
      status.textContent += ` ${t('robot.unmapped', { main: next.main })}`;
      return;
    }
    status.textContent = t('robot.adopting', { mapping: text });
    await nextFrame();
    if (disposed) return;
    const made = await adoptInWorker({ load: next.load, mapping, servos: fileServos.servos(), sources: fileServos.sources(), keyframe,
      timestep: PHYSICS_STEPS[dtSel.value], joints: next.info.joints.map((j) => j.name) });
    if (disposed) { made.free(); return; }
    made.onError = (e) => {
      if (pair !== made) return;
      failed = true;
      if (!mujocoLost(e)) say(t('robot.stopped', { message: e.message }));
    };
    // a paused run's Step: its frame shown when it comes (running, the next animation frame paints it)
    made.onFrame = () => { if (pair === made && loop.paused) paint(true); };
    // from here on the new robot replaces the old one
    freePair();
    robot = next;
    // the selects show what a typed mapping adopted
    if (typeof typed === 'string') ({ cs, js } = typedChoices(core, typed, joints, made.rows));
    classServo = cs;
    jointServo = js;
    pair = made;
    adoptedText = text;
    adoptedMapping = mapping;
    exampleId = next.example ?? null;
    exportRows.show(text);
    failed = false;
    sizeNote.textContent = sizeText(robot.files.size, robot.bytes);
    status.textContent = t('robot.status.mapping', { ...counts(), mapping: text });
    readings.buildReport();
    buildMapping();
    buildKeyframes(keyframe);
    saveUrl();
    dtSel.title = t('robot.dt.title', { ms: fmtNumber(pair.fileTimestep * 1e3, { digits: 3 }) });
    panel3d.show(renderer, pair);
    readings.buildTable();
    readings.buildGoals(robot.info.joints);
    lessonSteps(pair.rows);
    runRow.hidden = false;
    loop.restart();
    paint(true);
  }

  /** A robot whose mapping names nothing yet: its mapping is shown (the
   *  running pair, if any, is another robot's and goes). */
  function robotPending(next, cs, js) {
    if (robot !== next) {
      freePair();
      [runRow, meshRow, view3d, tables, goals, reportBox, textRow, csvRow].forEach((x) => { x.hidden = true; });
      adoptedText = '';
      lessonSteps();   // no robot in the view: the lesson names no joint
    }
    robot = next;
    classServo = cs;
    jointServo = js;
    sizeNote.textContent = sizeText(robot.files.size, robot.bytes);
    status.textContent = t('robot.status', counts());
    buildMapping();
  }

  function freePair() {
    panel3d.free();
    pair?.free();
    pair = null;
  }

  /** The mapping UI: a select per joint class, then per joint. */
  function buildMapping() { picker.build(mappable(), classServo, jointServo); }

  /** Adopt: the selects' mapping adopted (the keyframe shown, else the first). */
  async function adoptChoices() {
    if (busy) return;
    busy = true;
    say('');
    try {
      await adopt(robot, new Map(classServo), new Map(jointServo), pair ? Number(keySel.value) : startKeyframe(robot.info.keyframes.length));
    } catch (e) {
      if (!mujocoLost(e)) say(e.message);
      status.textContent = pair ? t('robot.still.servos') : robot ? t('robot.refused.pending', { main: robot.main }) : '';
    } finally {
      busy = false;
    }
  }

  function buildKeyframes(k) {
    keySel.replaceChildren(el('option', { value: '-1', textContent: t('robot.keyframe.qpos0') }),
      ...robot.info.keyframes.map((key, i) => el('option', { value: String(i), textContent: key.name || t('robot.keyframe.n', { i }) })));
    keySel.value = String(k);
  }
  keySel.addEventListener('change', async () => {
    if (!pair) return;
    const p = pair;
    saveUrl();
    loop.restart();
    try {
      await p.setKeyframe(Number(keySel.value));
    } catch (e) {
      p.onError(e);
      return;
    }
    if (pair !== p) return;
    readings.syncGoals();
    paint(true);
  });
  resetBtn.addEventListener('click', () => keySel.dispatchEvent(new Event('change')));
  playBtn.addEventListener('click', () => loop.togglePause());
  // a new physics step: both copies built again (same robot, mapping, keyframe)
  dtSel.addEventListener('change', () => { if (pair) readopt(adoptedMapping, t('robot.still.dt')); else saveUrl(); });

  /** The running robot adopted again with mapping `text` (the keyframe
   *  shown); a refusal is one sentence and the pair running stays. */
  async function readopt(text, stillMsg) {
    if (busy || !robot) return false;
    busy = true;
    say('');
    try {
      await adopt(robot, new Map(classServo), new Map(jointServo), pair ? Number(keySel.value) : startKeyframe(robot.info.keyframes.length), text);
      return true;
    } catch (e) {
      if (!mujocoLost(e)) say(e.message);
      status.textContent = pair ? stillMsg : robot ? t('robot.refused.pending', { main: robot.main }) : '';
      return false;
    } finally {
      busy = false;
    }
  }

  /** The robot in the URL (replaceState): a worked robot with its mapping,
   *  keyframe and physics step; a drop only as 'drop' (its files cannot come back). */
  function saveUrl() {
    if (!state) return;
    state.set({ robot: pair ? (exampleId ?? 'drop') : null, robot_map: pair && exampleId ? adoptedText : null,
      robot_key: pair && exampleId ? keySel.value : null, robot_dt: dtSel.value === DEFAULT_STEP ? null : dtSel.value });
  }

  let textAt = 0;
  function paint(all) {
    if (!pair) return;
    panel3d.draw(loop.paused);
    const now = performance.now();
    if (all || now - textAt > 250) {
      textAt = now;
      clock.textContent = t('robot.clock', { t: pair.time.toFixed(3), dt: dtOf(), which: dtSel.value === 'file' ? t('robot.clock.file') : '1 kHz',
        run: t(loop.paused ? 'robot.clock.paused' : 'robot.clock.running') });
      readings.paint();
    }
  }

  // the steps asked of the worker (robotWorker.js: queued, one command in
  // flight; a failure comes back through the pair's onError)
  const advance = (n) => pair.step(n);

  // a step is the physics step chosen: 1 ms, or the file's own timestep (MuJoCo's default 2 ms when it names none)
  const dtOf = () => pair?.A.m.opt.timestep ?? 0.001;   // [s]
  const loop = liveLoop({ playBtn, paused: false, h: dtOf, speed: () => 1, live: () => !!pair && section.open,
    ended: () => failed, advance, paint, frameStats, budgetMs: STEP_BUDGET_MS, chunk: CHUNK_STEPS });

  // a worked robot of the URL (Back, reload) comes back; a drop cannot
  const fromUrl = state?.get('robot');
  if (fromUrl) {
    const ex = EXAMPLES.find((x) => x.id === fromUrl);
    section.open = true;
    if (ex) {
      openExample(ex, { mapping: state.get('robot_map'), keyframe: Number(state.get('robot_key', 'NaN')) });
    } else {
      status.textContent = t('robot.url.drop');
    }
  }

  return {
    /** The identification's fitted servos (identCarry.js): the robot's files (Map path → bytes), its
     *  main file, the mapping text and each joint's params file ({ name, text }), chosen and adopted
     *  with that mapping, the section opened. Resolves to the refusal's sentence, '' when adopted. */
    async carry({ files, main, mapping, params }) {
      section.open = true;
      const refused = await fileServos.put(params);
      const bytes = [...files.values()].reduce((n, b) => n + b.length, 0);
      if (!refused) await load(sizeText(files.size, bytes), async () => ({ map: files, bytes, main }), null, { mapping, keyframe: NaN }, main);
      const why = refused || (adoptedText === mapping ? '' : err.textContent || t('robot.carry.refused'));
      say(why);
      return why;
    },
    dispose() {
      fig1.dispose();
      disposed = true;
      loop.dispose();
      zone.dispose();
      freePair();
      clearHook('mujoco', 'robotFrameStats', frameStats);
      panel3d.dispose();
      clearHook('mujoco', 'robot', hookState);
    },
  };
}
