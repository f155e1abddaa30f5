// mujoco/yourRobot.js: the In MuJoCo view's "Your robot" section. A person
// drops an MJCF with its mesh files (several files or a folder, dropZone.js)
// into MuJoCo's virtual file system (robot.js loadRobotFiles), maps each
// joint class and joint to a servo preset of the core (or none), and watches
// two copies run side by side, live at the file's timestep: (A) the file as written and (C)
// adopted (robot.js createRobotPair). The robot is drawn in 3D from MuJoCo's
// compiled model (robot3d.js with three.js, imported only when this section
// first opens: load.js loadRenderer); beside it a per-joint table of each
// copy, a keyframe select and a goal slider per joint. A refused drop (too
// large, an MJCF that does not load, a missing mesh) or a refused mapping
// says one sentence in #mujoco-robot-error and leaves the previous robot running.
// Every string is t() (i18n/, keys robot.*); robot.js's sentences too (it
// asks t() itself, English in Node for tools/robot.mjs); the core's own
// refusals (the mapping parser's, a params file's) stay English.
import { el, button, download } from '../../dom.js';
import { csvUrl } from '../../csv.js';
import { numberControl } from '../../controls.js';
import { dropZone, fileInputs, readFileTree, formatBytes } from '../../dropZone.js';
import { liveLoop } from '../../live/loop.js';
import { setHook, clearHook } from '../../testHooks.js';
import { fmtNumber } from '../../format.js';
import { loadMujoco, loadRenderer } from './load.js';
import { loadRobotFiles, createRobotPair, parseMapping, checkBytes, robotTableCsv, robotReportCsv, robotCsvComments, ROBOT_LIMITS } from '../../mujoco/robot.js';
import { EXAMPLES, fetchExampleFiles } from '../../mujoco/examples.js';
import { STEP_BUDGET_MS, CHUNK_STEPS } from '../../mujoco/models.js';
import { t, tCount } from '../../i18n/index.js';
import { fig1Section } from './fig1Panel.js';
import { servoFiles } from './servoFiles.js';

// the worked robots' texts in the page's language (examples.js keeps English for the tools)
const EXAMPLE_TEXT = { so101: ['robot.ex.so101.label', 'robot.ex.so101.title', 'robot.ex.so101.how'],
  '2r': ['robot.ex.2r.label', 'robot.ex.2r.title', 'robot.ex.2r.how'] };
const exText = (ex, k) => (EXAMPLE_TEXT[ex.id] ? t(EXAMPLE_TEXT[ex.id][k]) : [ex.label, `${ex.servos}; ${ex.source}`, ex.how][k]);
const NONE = '';                 // the select's value for "no servo"
const AS_CLASS = '@class';       // a joint's "as its class"
const f3 = (x) => (Number.isFinite(x) ? fmtNumber(x, { digits: 3 }) : '—');
const MAPPABLE = new Set(['hinge', 'slide']);   // the joints a servo drives
// the physics step choices: the 1 kHz (the default), or the file's own
export const PHYSICS_STEPS = { '1ms': 0.001, file: null };   // [s] (null: the file's)
const DEFAULT_STEP = '1ms';
// the work budget of a frame [ms]: past it (the median draw of the
// first AUTO_FRAMES frames), full meshes give way to light ones (their
// convex hulls, robot3d.js) unless the person chose
const FRAME_BUDGET_MS = 4;
const AUTO_FRAMES = 15;
// ... and so do they when the frames come slower than this apart (median),
// whatever the draw call took: a software or weak GPU renders after the call
// returns, so the page shows a slideshow while the call itself looks cheap
const SLOW_FRAME_MS = 50;     // [ms] under 20 frames a second

/** The servo presets of the core: [{ value: 'sts3215/m1', text: 'sts3215 M1', actuator: 'sts3215' }]. */
function servoChoices(core) {
  return core.bench.presets().map((p) => ({ value: `${p.actuator}/m${p.model}`, text: `${p.actuator} M${p.model}`, actuator: p.actuator }));
}

/** The mapping text of the choices: a class's servo as `class:NAME=SERVO`, a
 *  joint's own as `NAME=SERVO`; a class with a joint set to "no servo" is
 *  written joint by joint (so that joint is left as the file has it). */
export function mappingText(joints, classServo, jointServo) {
  const parts = [];
  const split = new Set(joints.filter((j) => jointServo.get(j.name) === NONE && classServo.get(j.cls)).map((j) => j.cls));
  for (const [cls, servo] of classServo) if (servo && !split.has(cls)) parts.push(`class:${cls}=${servo}`);
  for (const j of joints) {
    const own = jointServo.get(j.name) ?? AS_CLASS;
    if (own !== AS_CLASS && own !== NONE) parts.push(`${j.name}=${own}`);
    else if (own === AS_CLASS && split.has(j.cls)) parts.push(`${j.name}=${classServo.get(j.cls)}`);
  }
  return parts.join(', ');
}

/**
 * @param {HTMLElement} parent  the view's main column
 * @param {{ core: object, state?: object, fitted?: () => string|null }} opts  state: the view's slice of
 *   the URL (state.js scopedState): robot (a worked example's id, or 'drop'),
 *   robot_map (the mapping's text), robot_key (the keyframe), robot_dt (a
 *   PHYSICS_STEPS key), so Back and reload bring a worked robot back;
 *   fitted: the view's fitted params file (a Fit result opened here)
 * @returns {{ dispose(): void }}
 */
export function robotSection(parent, { core, state = null, fitted = () => null }) {
  const presets = servoChoices(core);
  // params files and the view's fit as servos '@name' (servoFiles.js)
  const fileServos = servoFiles({ core, fitted, say: (msg) => say(msg), onChange: () => { if (robot) buildMapping(); } });
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
  const status = el('p', { className: 'note', id: 'mujoco-robot-status', 'aria-live': 'polite',
    textContent: t('robot.status.start', { size: formatBytes(ROBOT_LIMITS.maxBytes) }) });
  const mapBox = el('div', { className: 'robot-mapping', id: 'mujoco-robot-mapping', hidden: true });
  const playBtn = button(t('runbar.pause'), t('robot.pause.title'));
  const resetBtn = button(t('robot.reset'), t('robot.reset.title'));
  const keySel = el('select', { id: 'mujoco-robot-keyframe', 'aria-label': t('robot.keyframe.aria') });
  const dtSel = el('select', { id: 'mujoco-robot-dt', 'aria-label': t('robot.dt.aria') },
    el('option', { value: '1ms', textContent: t('robot.dt.1ms') }), el('option', { value: 'file', textContent: t('robot.dt.file') }));
  dtSel.value = PHYSICS_STEPS[state?.get('robot_dt')] !== undefined ? state.get('robot_dt') : DEFAULT_STEP;
  const clock = el('span', { className: 'readout robot-clock', id: 'mujoco-robot-clock', textContent: 't = 0 s' });
  const meshSel = el('select', { id: 'mujoco-robot-meshes', 'aria-label': t('robot.meshes.aria') },
    el('option', { value: 'full', textContent: t('robot.meshes.full') }), el('option', { value: 'light', textContent: t('robot.meshes.light') }));
  const triNote = el('span', { className: 'note', id: 'mujoco-robot-triangles' });
  let meshChosen = false;      // the person chose full or light: no automatic change
  let autoDraws = [];          // the draw times [ms] of the scene's first frames (the automatic choice)
  let autoGaps = [];           // ... and the time between those frames [ms]
  let lastPaint = 0;           // performance.now() of the last running frame's paint
  const meshRow = el('div', { className: 'row robot-meshes', hidden: true }, el('label', { textContent: t('robot.meshes') }, meshSel), triNote);
  const runRow = el('div', { className: 'row robot-run', hidden: true }, playBtn, resetBtn,
    el('label', { textContent: t('robot.keyframe') }, keySel), el('label', { textContent: t('robot.dt') }, dtSel), clock);
  // the adoption carried out: the mapping as text (the CLI's syntax), the CSVs
  const mapText = el('input', { type: 'text', id: 'mujoco-robot-maptext', className: 'robot-maptext', spellcheck: false,
    autocomplete: 'off', 'aria-label': t('robot.map.aria') });
  const copyBtn = button(t('robot.copy'), t('robot.copy.title'));
  copyBtn.id = 'mujoco-robot-mapcopy';
  const mapNote = el('span', { className: 'note', id: 'mujoco-robot-mapnote' });
  const textRow = el('div', { className: 'row robot-maprow', hidden: true },
    el('label', { htmlFor: 'mujoco-robot-maptext', textContent: t('robot.map.label') }), mapText, copyBtn, mapNote);
  const csvBtn = button(t('robot.csv'), t('robot.csv.title'));
  csvBtn.id = 'mujoco-robot-csv';
  const reportCsvBtn = button(t('robot.reportCsv'), t('robot.reportCsv.title'));
  reportCsvBtn.id = 'mujoco-robot-report-csv';
  const csvRow = el('div', { className: 'row robot-csv', hidden: true }, csvBtn, reportCsvBtn);
  const view3d = el('div', { className: 'robot3d-box', id: 'mujoco-robot-3d', hidden: true });
  const tables = el('div', { className: 'mujoco-tables', id: 'mujoco-robot-tables', hidden: true });
  const goals = el('div', { className: 'robot-goals', id: 'mujoco-robot-goals', hidden: true });
  const reportBox = el('details', { className: 'robot-report', id: 'mujoco-robot-report', hidden: true });
  const lesson = el('details', { className: 'robot-lesson', open: true },
    el('summary', { textContent: t('lesson.notice') }),
    el('p', { className: 'lesson-notice', textContent: t('robot.lesson.notice') }),
    el('h4', { textContent: t('lesson.try') }),
    el('ol', {}, ...['robot.lesson.try1', 'robot.lesson.try2', 'robot.lesson.try3'].map((k) => el('li', { textContent: t(k) }))));
  const section = el('details', { className: 'chart-box mujoco-robot', id: 'mujoco-robot' },
    el('summary', { textContent: t('robot.summary') }),
    drop, exampleRow, status, err, textRow, mapBox, reportBox, runRow, meshRow, view3d, tables, csvRow, goals, lesson);
  parent.append(section);
  // the paper's 2R arm, Fig. 1 B/C simulated (fig1Panel.js), above the lesson
  const fig1 = fig1Section(section, { before: lesson });

  const frameStats = setHook('mujoco', 'robotFrameStats', []);
  // ms of each frame's 3D draw (scene.update(): the matrices and three's
  // render call), part of frameStats: the tests tell the page's own work from
  // the WebGL driver's (headless Chromium's is SwiftShader, software)
  const drawStats = setHook('mujoco', 'robotDrawStats', []);
  let robot = null;      // { files, main, info, bytes }: the robot loaded
  let pair = null, scene = null, table = null, sliders = [], failed = false, disposed = false;
  let classServo = new Map(), jointServo = new Map();
  let adoptedText = '';   // the mapping of the running pair (its text, as adopted)
  let exampleId = null;   // the worked robot running (examples.js id), null for a drop
  let renderer = null;   // the module robot3d.js, once loaded
  const hookState = { get time() { return pair?.time ?? null; }, get steps() { return pair?.steps ?? null; },
    get pair() { return pair; },   // for the tests: the running pair (robot.js)
    get goals() { return pair ? Object.fromEntries(robot.info.joints.map((j) => [j.name, pair.goal(j.name)])) : null; }, table: () => pair?.table() ?? null,
    get timestep() { return pair?.A.m.opt.timestep ?? null; }, get report() { return pair?.report() ?? null; },
    get info() { return robot?.info ?? null; }, get triangles() { return scene?.triangles ?? null; }, get meshes() { return scene?.meshes ?? null; }, get main() { return robot?.main ?? null; }, get drawn() { return scene?.drawn ?? 0; },
    get mapping() { return robot ? (pair ? adoptedText : mappingText(mappable(), classServo, jointServo)) : null; }, get busy() { return busy; },
    renderer: null,   // 'loaded' once robot3d.js (three.js) has been imported
    /** For the tests: the wall time [ms] of n steps of both copies, run now. */
    timeSteps(n) { if (!pair) return null; const t0 = performance.now(); pair.step(n); return performance.now() - t0; } };
  setHook('mujoco', 'robot', hookState);
  let busy = false;

  // the 3D renderer (three.js) is fetched the first time the section opens
  section.addEventListener('toggle', () => {
    if (section.open && !renderer) loadRenderer().then((r) => { renderer = r; hookState.renderer = 'loaded'; }).catch((e) => say(e.message));
  });

  const zone = dropZone(drop, { onFiles: take, onError: say, folders: true });

  function say(msg) { err.textContent = msg; err.hidden = !msg; }
  const mappable = () => robot.info.joints.filter((j) => MAPPABLE.has(j.type));
  const counts = () => ({ main: robot.main, joints: tCount('robot.count.joint', robot.info.joints.length),
    actuators: tCount('robot.count.actuator', robot.info.actuators.length), keyframes: tCount('robot.count.keyframe', robot.info.keyframes.length) });
  const upper = (x) => x[0].toUpperCase() + x.slice(1);
  /** "12 files, 3.4 MB" (key 'robot.size'), or another key with {files} and {size}. */
  const sizeText = (n, bytes, key = 'robot.size') => t(key, { files: tCount('robot.count.file', n), size: formatBytes(bytes) });

  /** Dropped or chosen files: read, loaded in MuJoCo, mapped, adopted. The
   *  previous robot stays until the new one has loaded and adopted. */
  function take(fileList, paths) {
    const bytes = fileList.reduce((s, f) => s + f.size, 0);
    return load(sizeText(fileList.length, bytes), () => readFileTree(fileList, paths, checkBytes), null, null);
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
      if (!got) throw new Error(upper(t('robot.ex.missing', { label: exText(ex, 0), how: exText(ex, 2) })));
      return got;
    }, ex, saved);
  }

  /** Files (read by `read`: { map, bytes }) loaded in MuJoCo, mapped (the
   *  example's mapping, else the defaults) and adopted. The previous robot
   *  stays until the new one has loaded and adopted. */
  async function load(what, read, ex, saved) {
    if (busy) { say(t('robot.busy')); return; }
    busy = true;
    say('');
    sizeNote.textContent = what;
    try {
      const { map, bytes } = await read();
      status.textContent = t('robot.loading', { n: map.size, size: formatBytes(bytes) });
      const [mj] = await Promise.all([loadMujoco(), renderer ? null : loadRenderer().then((r) => { renderer = r; hookState.renderer = 'loaded'; })]);
      await nextFrame();   // the status line shows before MuJoCo compiles (it blocks the page)
      if (disposed) return;
      const { main, info } = loadRobotFiles(mj, core, map, ex?.main);
      const next = { files: map, main, info, bytes };
      const cs = new Map(), js = new Map();
      if (ex) {
        // the example's mapping (the core's parser), as the selects show it
        for (const e of parseMapping(core, ex.mapping)) (e.kind === 'class' ? cs : js).set(e.target, e.servo);
      } else {
        // the defaults: a class named as an actuator of the core gets its M1 (else its first model)
        for (const cls of new Set(next.info.joints.filter((j) => MAPPABLE.has(j.type)).map((j) => j.cls).filter(Boolean))) {
          const pick = presets.find((x) => x.value === `${cls}/m1`) ?? presets.find((x) => x.value.startsWith(`${cls}/`));
          cs.set(cls, pick ? pick.value : NONE);
        }
      }
      // the first keyframe (a home pose the file names), else the reference
      // pose qpos0; a worked robot of the URL: its mapping and keyframe
      const k0 = next.info.keyframes.length ? 0 : -1;
      const k = saved && Number.isInteger(saved.keyframe) && saved.keyframe >= -1 && saved.keyframe < next.info.keyframes.length ? saved.keyframe : k0;
      next.example = ex?.id ?? null;
      if (saved?.mapping) {
        try {
          await adopt(mj, next, cs, js, k, saved.mapping);
          return;
        } catch (e) {
          // the URL's mapping refused: the example's own, and why
          say(e.message);
        }
      }
      await adopt(mj, next, cs, js, k);
    } catch (e) {
      // the refusal in one sentence; the robot shown (if any) keeps running
      sizeNote.textContent = robot ? sizeText(robot.files.size, robot.bytes, 'robot.size.shown') : what;
      say(e.message);
      status.textContent = robot ? t('robot.still.robot', { main: robot.main }) : '';
    } finally {
      busy = false;
    }
  }

  const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

  /** A new pair of (next robot, its choices) in place of the one running;
   *  throws one sentence (robot.js's) and leaves the running one. */
  async function adopt(mj, next, cs, js, keyframe, typed = null) {
    const joints = next.info.joints.filter((j) => MAPPABLE.has(j.type));
    const text = typed ?? mappingText(joints, cs, js);
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
    const made = createRobotPair(mj, core, { files: next.files, main: next.main, mapping: text, servos: fileServos.servos(), keyframe,
      timestep: PHYSICS_STEPS[dtSel.value] });
    // from here on the new robot replaces the old one
    freePair();
    robot = next;
    if (typed != null) {
      // the selects show what the typed mapping adopted: a class's servo
      // from its entry, a joint's own where its entry is not its class's
      cs = new Map(); js = new Map();
      for (const e of parseMapping(core, typed)) if (e.kind === 'class') cs.set(e.target, e.servo);
      const rowOf = new Map(made.rows.map((r) => [r.name, r]));
      for (const j of joints) {
        const r = rowOf.get(j.name);
        if (r && !(r.entry.kind === 'class' && j.cls === r.entry.target)) js.set(j.name, r.entry.servo);
        else if (!r && j.cls && cs.get(j.cls)) js.set(j.name, NONE);
      }
    }
    classServo = cs;
    jointServo = js;
    pair = made;
    adoptedText = text;
    exampleId = next.example ?? null;
    mapText.value = text;
    mapNote.textContent = '';
    textRow.hidden = false;
    csvRow.hidden = false;
    failed = false;
    sizeNote.textContent = sizeText(robot.files.size, robot.bytes);
    status.textContent = t('robot.status.mapping', { ...counts(), mapping: text });
    reportBox.replaceChildren(el('summary', { textContent: t('robot.report.summary', { n: pair.rows.length }) }),
      el('ul', {}, ...pair.report().map((line) => el('li', { textContent: line }))));
    reportBox.hidden = false;
    buildMapping();
    buildKeyframes(keyframe);
    saveUrl();
    dtSel.title = t('robot.dt.title', { ms: fmtNumber(pair.fileTimestep * 1e3, { digits: 3 }) });
    view3d.hidden = false;
    try {
      const copies = [{ ...pair.A, label: t('robot.label.A') }, { ...pair.C, label: t('robot.label.C') }];
      scene = renderer.createRobotScene(view3d, copies, { meshes: meshSel.value,
        aria: t('robot.3d.aria', { labels: copies.map((c) => c.label).join(t('robot.3d.and')) }) });
      autoDraws = [];
      autoGaps = [];
      lastPaint = 0;
      meshRow.hidden = false;
      showTriangles(null);
      setHook('mujoco', 'robotScene', scene);
    } catch (e) {
      // no WebGL here: the runs and the table go on without the picture
      view3d.hidden = true;
      say(t('robot.no3d', { message: e.message }));
    }
    buildTable();
    buildGoals();
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
    }
    robot = next;
    classServo = cs;
    jointServo = js;
    sizeNote.textContent = sizeText(robot.files.size, robot.bytes);
    status.textContent = t('robot.status', counts());
    buildMapping();
  }

  function freePair() {
    if (scene) clearHook('mujoco', 'robotScene', scene);
    scene?.dispose();
    scene = null;
    pair?.free();
    pair = null;
  }

  /** The triangle count of the scene, with why its meshes are what they are. */
  function showTriangles(why) {
    if (!scene) return;
    const n = scene.triangles;
    const k = n >= 1e4 ? `${fmtNumber(n / 1e3, { digits: 3 })}k` : String(n);
    triNote.textContent = why ? t(why.key, { n: k, ...why }) : t('robot.triangles', { n: k });
  }
  meshSel.addEventListener('change', () => {
    meshChosen = true;
    scene?.setMeshes(meshSel.value);
    showTriangles(null);
  });
  /** The automatic choice: the full meshes' draw over the budget, or their
   *  frames too far apart (gap: ms since the last frame, null for the first)
   *  → light. */
  function autoMeshes(ms, gap) {
    if (meshChosen || meshSel.value !== 'full' || autoDraws.length >= AUTO_FRAMES) return;
    autoDraws.push(ms);
    if (gap !== null) autoGaps.push(gap);
    if (autoDraws.length < AUTO_FRAMES) return;
    const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
    const draw = median(autoDraws), apart = autoGaps.length ? median(autoGaps) : 0;
    const why = draw > FRAME_BUDGET_MS ? { key: 'robot.triangles.auto', ms: fmtNumber(draw, { digits: 2 }), budget: FRAME_BUDGET_MS }
      : apart > SLOW_FRAME_MS ? { key: 'robot.triangles.auto.fps', fps: fmtNumber(1000 / apart, { digits: 2 }), min: 1000 / SLOW_FRAME_MS }
        : null;
    if (!why) return;
    meshSel.value = 'light';
    scene.setMeshes('light');
    showTriangles(why);
  }

  /** The mapping UI: a select per joint class, then per joint. */
  function buildMapping() {
    const joints = mappable();
    const classes = [...new Set(joints.map((j) => j.cls).filter(Boolean))];
    // the servos a class is named after (the SO-101's sts3215: its presets at
    // any supply) first, then the others in the core's order
    const own = (o) => classes.some((c) => o.actuator.startsWith(c));
    // grouped: the files and fits, then one group per servo (its models M1–M6)
    const groups = new Map();
    const add = (label, o) => { if (!groups.has(label)) groups.set(label, []); groups.get(label).push(o); };
    fileServos.choices().forEach((o) => add(t('robot.map.group.files'), o));
    [...presets.filter(own), ...presets.filter((o) => !own(o))].forEach((o) => add(o.actuator, o));
    const sel = (label, value, extra) => {
      const s = el('select', { 'aria-label': label },
        ...extra.map(([v, t]) => el('option', { value: v, textContent: t })),
        el('option', { value: NONE, textContent: t('robot.map.none') }),
        ...[...groups].map(([g, opts]) => el('optgroup', { label: g }, ...opts.map((o) => el('option', { value: o.value, textContent: o.text })))));
      s.value = value;
      return s;
    };
    const rows = [];
    for (const cls of classes) {
      const s = sel(t('robot.map.class.aria', { cls }), classServo.get(cls) ?? NONE, []);
      s.addEventListener('change', () => { classServo.set(cls, s.value); dirty(); });
      rows.push(el('tr', {}, el('th', { scope: 'row', textContent: t('robot.map.classRow', { cls }) }),
        el('td', { textContent: joints.filter((j) => j.cls === cls).map((j) => j.name).join(', ') }), el('td', {}, s)));
    }
    for (const j of joints) {
      const s = sel(t('robot.map.joint.aria', { joint: j.name }), jointServo.get(j.name) ?? (j.cls ? AS_CLASS : NONE),
        j.cls ? [[AS_CLASS, t('robot.map.asClass', { cls: j.cls })]] : []);
      s.addEventListener('change', () => { jointServo.set(j.name, s.value); dirty(); });
      rows.push(el('tr', {}, el('th', { scope: 'row', textContent: j.name }),
        el('td', { textContent: j.cls ? t('robot.map.jointClass', { type: j.type, cls: j.cls }) : j.type }), el('td', {}, s)));
    }
    const adoptBtn = button(t('robot.adopt'), t('robot.adopt.title'));
    adoptBtn.id = 'mujoco-robot-adopt';
    const note = el('span', { className: 'note', id: 'mujoco-robot-pending' });
    function dirty() { note.textContent = t('robot.changed'); }
    adoptBtn.addEventListener('click', async () => {
      if (busy) return;
      busy = true;
      say('');
      try {
        await adopt(await loadMujoco(), robot, new Map(classServo), new Map(jointServo), pair ? Number(keySel.value) : (robot.info.keyframes.length ? 0 : -1));
      } catch (e) {
        say(e.message);
        if (pair) status.textContent = t('robot.still.servos');
      } finally {
        busy = false;
      }
    });
    mapBox.replaceChildren(el('h4', { textContent: t('robot.map.heading') }),
      fileServos.el,
      el('table', { className: 'replay-table robot-map-table' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col', textContent: t('robot.map.col.target') }), el('th', { scope: 'col', textContent: t('robot.map.col.joints') }),
          el('th', { scope: 'col', textContent: t('robot.map.col.servo') }))), el('tbody', {}, ...rows)),
      el('div', { className: 'row' }, adoptBtn, note));
    mapBox.hidden = false;
  }

  function buildKeyframes(k) {
    keySel.replaceChildren(el('option', { value: '-1', textContent: t('robot.keyframe.qpos0') }),
      ...robot.info.keyframes.map((key, i) => el('option', { value: String(i), textContent: key.name || t('robot.keyframe.n', { i }) })));
    keySel.value = String(k);
  }
  keySel.addEventListener('change', () => {
    if (!pair) return;
    pair.setKeyframe(Number(keySel.value));
    saveUrl();
    syncGoals();
    loop.restart();
    paint(true);
  });
  resetBtn.addEventListener('click', () => keySel.dispatchEvent(new Event('change')));
  playBtn.addEventListener('click', () => loop.togglePause());
  // a new physics step: both copies built again (same robot, mapping, keyframe)
  dtSel.addEventListener('change', () => { if (pair) readopt(adoptedText, t('robot.still.dt')); else saveUrl(); });

  /** The running robot adopted again with mapping `text` (the keyframe
   *  shown); a refusal is one sentence and the pair running stays. */
  async function readopt(text, stillMsg) {
    if (busy || !robot) return false;
    busy = true;
    say('');
    try {
      await adopt(await loadMujoco(), robot, new Map(classServo), new Map(jointServo), pair ? Number(keySel.value) : (robot.info.keyframes.length ? 0 : -1), text);
      return true;
    } catch (e) {
      say(e.message);
      if (pair) status.textContent = stillMsg;
      return false;
    } finally {
      busy = false;
    }
  }

  // the mapping's text: Enter adopts it, Escape puts back the one running
  mapText.addEventListener('keydown', async (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      mapText.value = adoptedText;
      mapNote.textContent = '';
      say('');
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const text = mapText.value.trim();
      if (!text) { say(t('robot.map.empty')); return; }
      if (await readopt(text, t('robot.still.mapping', { mapping: adoptedText }))) mapNote.textContent = t('robot.map.adopted');
    }
  });
  mapText.addEventListener('input', () => { mapNote.textContent = mapText.value.trim() === adoptedText ? '' : t('robot.map.pending'); });
  copyBtn.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(mapText.value);
      mapNote.textContent = t('robot.copied');
    } catch {
      // no clipboard here (a page not focused, or not allowed): the text selected for Ctrl+C
      mapText.select();
      mapNote.textContent = t('robot.selected');
    }
  });
  const csvComments = () => robotCsvComments(pair, { main: robot.main, mapping: adoptedText });
  const fileBase = () => robot.main.split('/').pop().replace(/\.xml$/i, '');
  csvBtn.addEventListener('click', () => { if (pair) download(`${fileBase()}-robot-table.csv`, csvUrl(robotTableCsv(pair.table(), pair.time, csvComments()))); });
  reportCsvBtn.addEventListener('click', () => { if (pair) download(`${fileBase()}-adoption.csv`, csvUrl(robotReportCsv(pair, csvComments()))); });

  /** The robot in the URL (replaceState): a worked robot with its mapping,
   *  keyframe and physics step; a drop only as 'drop' (its files cannot come back). */
  function saveUrl() {
    if (!state) return;
    state.set({ robot: pair ? (exampleId ?? 'drop') : null, robot_map: pair && exampleId ? adoptedText : null,
      robot_key: pair && exampleId ? keySel.value : null, robot_dt: dtSel.value === DEFAULT_STEP ? null : dtSel.value });
  }

  /** One table per copy, a row per joint: servo, STICK/SLIP, sag, creep, torques. */
  function buildTable() {
    const th = (text, title) => el('th', { scope: 'col', textContent: text, ...(title ? { title } : {}) });
    const make = (key, caption) => {
      const body = el('tbody');
      const cells = pair.rows.map((j) => {
        const c = { servo: el('td'), state: el('td'), sag: el('td'), creep: el('td'), tauM: el('td'), tauF: el('td') };
        body.append(el('tr', { dataset: { joint: j.name } }, el('th', { scope: 'row', textContent: j.name }),
          c.servo, c.state, c.sag, c.creep, c.tauM, c.tauF));
        return c;
      });
      const tbl = el('table', { className: 'replay-table', id: `mujoco-robot-table-${key}` },
        el('caption', { textContent: caption }),
        el('thead', {}, el('tr', {}, th(t('robot.col.joint')), th(t('robot.col.servo')), th(t('robot.col.state')), th(t('robot.col.sag'), t('robot.col.sag.title')),
          th(t('robot.col.creep'), t('robot.col.creep.title', { s: ROBOT_LIMITS.creepWindow })), th(t('robot.col.motor')),
          th(t('robot.col.friction'), t(key === 'A' ? 'robot.col.friction.A' : 'robot.col.friction.C')))), body);
      return { tbl, cells };
    };
    const a = make('A', t('robot.label.A')), c = make('C', t('robot.label.C'));
    // (A)'s servo is the file's own actuator (what the adoption reported of it)
    pair.rows.forEach((row, i) => {
      const act = row.actuator;
      a.cells[i].servo.textContent = !act ? t('robot.fileAct.none') : act.kind === 'motor' ? t('robot.fileAct', { kind: act.kind }) : t('robot.fileAct.kp', { kind: act.kind, kp: f3(act.kp) });
      if (act) a.cells[i].servo.title = t('robot.fileAct.title', { kp: f3(act.kp), kv: f3(act.kv), lo: f3(act.forceRange[0]), hi: f3(act.forceRange[1]) });
    });
    tables.replaceChildren(a.tbl, c.tbl);
    tables.hidden = false;
    table = { A: a.cells, C: c.cells };
  }

  function paintTable() {
    const now = pair.table();
    for (const key of ['A', 'C']) {
      now[key].forEach((r, i) => {
        const c = table[key][i];
        if (!c) return;
        if (key === 'C') c.servo.textContent = r.servo;
        const slip = r.state !== 'STICK';
        if (c.state.dataset.state !== r.state) {
          c.state.dataset.state = r.state;
          c.state.replaceChildren(el('span', { className: `badge ${slip ? 'slip' : 'stick'}`, textContent: t(slip ? 'robot.state.slip' : 'robot.state.stick') }));
        }
        c.sag.textContent = f3(r.sag_mrad);
        c.creep.textContent = slip ? f3(r.creep_mrad_s) : t('robot.held');
        c.tauM.textContent = f3(r.tau_m);
        c.tauF.textContent = f3(r.tau_f);
      });
    }
  }

  /** A goal slider per joint that has one: adopted, or driven by an
   *  actuator of the file (its range, else ±π rad or ±1 m). */
  function buildGoals() {
    const adopted = new Set(pair.rows.map((r) => r.name));
    sliders = robot.info.joints.map((j) => {
      if (!MAPPABLE.has(j.type) || !(adopted.has(j.name) || j.act >= 0)) return null;
      const unit = j.type === 'slide' ? 'm' : 'rad';
      const [lo, hi] = j.range ?? (j.type === 'slide' ? [-1, 1] : [-Math.PI, Math.PI]);
      const ctl = numberControl({ label: t('robot.goal', { joint: j.name }), unit, min: lo, max: hi, value: clamp(pair.goal(j.name), lo, hi),
        onInput: (x) => { pair?.setGoal(j.name, x); return ''; } });
      ctl.el.dataset.joint = j.name;
      return { name: j.name, ctl, lo, hi };
    }).filter(Boolean);
    goals.replaceChildren(el('h4', { textContent: t('robot.goals.heading') }),
      ...sliders.map((s) => s.ctl.el));
    goals.hidden = false;
  }
  const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, Number.isFinite(x) ? x : 0));
  function syncGoals() {
    for (const s of sliders) s.ctl.value = clamp(pair.goal(s.name), s.lo, s.hi);
  }

  let textAt = 0;
  function paint(all) {
    if (!pair) return;
    if (scene) {
      const t0 = performance.now();
      scene.update();
      const ms = performance.now() - t0;
      drawStats.push(ms);
      if (!loop.paused) { autoMeshes(ms, lastPaint ? t0 - lastPaint : null); lastPaint = t0; } else lastPaint = 0;
      if (drawStats.length > 4000) drawStats.splice(0, 2000);
    }
    const now = performance.now();
    if (all || now - textAt > 250) {
      textAt = now;
      clock.textContent = t('robot.clock', { t: pair.time.toFixed(3), dt: dtOf(), which: dtSel.value === 'file' ? t('robot.clock.file') : '1 kHz',
        run: t(loop.paused ? 'robot.clock.paused' : 'robot.clock.running') });
      paintTable();
    }
  }

  function advance(n) {
    try {
      pair.step(n);
    } catch (e) {
      failed = true;
      say(t('robot.stopped', { message: e.message }));
    }
  }

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
    dispose() {
      fig1.dispose();
      disposed = true;
      loop.dispose();
      zone.dispose();
      freePair();
      clearHook('mujoco', 'robotFrameStats', frameStats);
      clearHook('mujoco', 'robotDrawStats', drawStats);
      clearHook('mujoco', 'robot', hookState);
    },
  };
}
