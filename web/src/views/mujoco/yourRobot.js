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
import { el, button } from '../../dom.js';
import { numberControl } from '../../controls.js';
import { dropZone, fileInputs, readFileTree, formatBytes } from '../../dropZone.js';
import { liveLoop } from '../../live/loop.js';
import { setHook, clearHook } from '../../testHooks.js';
import { fmtNumber } from '../../format.js';
import { loadMujoco, loadRenderer } from './load.js';
import { loadRobotFiles, createRobotPair, parseMapping, checkBytes, ROBOT_LIMITS } from './robot.js';
import { EXAMPLES } from './examples.js';
import { STEP_BUDGET_MS, CHUNK_STEPS } from './models.js';
import { ROBOT_LESSON } from './text.js';
import { fig1Section } from './fig1Panel.js';
import { servoFiles } from './servoFiles.js';

const NONE = '';                 // the select's value for "no servo"
const AS_CLASS = '@class';       // a joint's "as its class"
const f3 = (x) => (Number.isFinite(x) ? fmtNumber(x, { digits: 3 }) : '—');
const MAPPABLE = new Set(['hinge', 'slide']);   // the joints a servo drives

/** The servo presets of the core: [{ value: 'sts3215/m1', text: 'sts3215 M1' }]. */
function servoChoices(core) {
  return core.bench.presets().map((p) => ({ value: `${p.actuator}/m${p.model}`, text: `${p.actuator} M${p.model}` }));
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
 * @param {{ core: object, fitted?: () => string|null }} opts  fitted: the view's fitted params file (a Fit result opened here)
 * @returns {{ dispose(): void }}
 */
export function robotSection(parent, { core, fitted = () => null }) {
  const presets = servoChoices(core);
  // params files and the view's fit as servos '@name' (servoFiles.js)
  const fileServos = servoFiles({ core, fitted, say: (msg) => say(msg), onChange: () => { if (robot) buildMapping(); } });
  const err = el('div', { className: 'msg-bad', id: 'mujoco-robot-error', role: 'alert', hidden: true });
  const sizeNote = el('span', { className: 'note', id: 'mujoco-robot-size' });
  const drop = el('div', { id: 'mujoco-robot-drop', className: 'drop-zone', dataset: { dropzone: 'robot' } },
    el('span', { textContent: 'Drop your robot here: its MJCF with the mesh files it names (or its whole folder), or ' }));
  fileInputs(drop, { onFiles: take, id: 'mujoco-robot', what: 'your robot\'s MJCF and meshes' });
  drop.append(' ', sizeNote);
  // the worked robots (examples.js): their files beside the page when `make web` found them
  const exampleRow = el('div', { className: 'row robot-examples' }, el('span', { className: 'note', textContent: 'Or open a worked robot: ' }),
    ...EXAMPLES.map((ex) => {
      const b = button(`Open ${ex.label}`, `${ex.servos}; ${ex.source}`);
      b.dataset.example = ex.id;
      b.addEventListener('click', () => openExample(ex));
      return b;
    }));
  const status = el('p', { className: 'note', id: 'mujoco-robot-status', 'aria-live': 'polite',
    textContent: `Up to ${formatBytes(ROBOT_LIMITS.maxBytes)}. The files stay in this page (MuJoCo's virtual file system); nothing is sent anywhere.` });
  const mapBox = el('div', { className: 'robot-mapping', id: 'mujoco-robot-mapping', hidden: true });
  const playBtn = button('Pause', 'Pause or resume both copies');
  const resetBtn = button('Reset', 'Both copies back to the keyframe, goals at its pose');
  const keySel = el('select', { id: 'mujoco-robot-keyframe', 'aria-label': 'Keyframe both copies start from' });
  const clock = el('span', { className: 'readout robot-clock', id: 'mujoco-robot-clock', textContent: 't = 0 s' });
  const runRow = el('div', { className: 'row robot-run', hidden: true }, playBtn, resetBtn,
    el('label', { textContent: 'keyframe ' }, keySel), clock);
  const view3d = el('div', { className: 'robot3d-box', id: 'mujoco-robot-3d', hidden: true });
  const tables = el('div', { className: 'mujoco-tables', id: 'mujoco-robot-tables', hidden: true });
  const goals = el('div', { className: 'robot-goals', id: 'mujoco-robot-goals', hidden: true });
  const reportBox = el('details', { className: 'robot-report', id: 'mujoco-robot-report', hidden: true });
  const lesson = el('details', { className: 'robot-lesson', open: true },
    el('summary', { textContent: 'What to notice' }),
    el('p', { className: 'lesson-notice', textContent: ROBOT_LESSON.notice }),
    el('h4', { textContent: 'Try this' }),
    el('ol', {}, ...ROBOT_LESSON.tryThis.map((t) => el('li', { textContent: t }))));
  const section = el('details', { className: 'chart-box mujoco-robot', id: 'mujoco-robot' },
    el('summary', { textContent: 'Your robot: an MJCF with its meshes, (A) the file as written beside (C) adopted' }),
    drop, exampleRow, status, err, mapBox, reportBox, runRow, view3d, tables, goals, lesson);
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
  let renderer = null;   // the module robot3d.js, once loaded
  const hookState = { get time() { return pair?.time ?? null; }, get steps() { return pair?.steps ?? null; },
    get pair() { return pair; },   // for the tests: the running pair (robot.js)
    get goals() { return pair ? Object.fromEntries(robot.info.joints.map((j) => [j.name, pair.goal(j.name)])) : null; }, table: () => pair?.table() ?? null,
    get info() { return robot?.info ?? null; }, get main() { return robot?.main ?? null; }, get drawn() { return scene?.drawn ?? 0; },
    get mapping() { return robot ? mappingText(mappable(), classServo, jointServo) : null; }, get busy() { return busy; },
    /** For the tests: the wall time [ms] of n steps of both copies, run now. */
    renderer: null,   // 'loaded' once robot3d.js (three.js) has been imported
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

  /** Dropped or chosen files: read, loaded in MuJoCo, mapped, adopted. The
   *  previous robot stays until the new one has loaded and adopted. */
  function take(fileList, paths) {
    const bytes = fileList.reduce((s, f) => s + f.size, 0);
    return load(`${fileList.length} files, ${formatBytes(bytes)}`, () => readFileTree(fileList, paths, checkBytes), null);
  }

  /** One of the worked robots (examples.js): its files as `make web` copied
   *  them beside the page (examples/<id>/, listed in examples/index.json),
   *  with its mapping; where they are not, where to get them. */
  function openExample(ex) {
    return load(`${ex.label} (examples/${ex.id}/)`, async () => {
      const r = await fetch('examples/index.json').catch(() => null);
      const entry = r?.ok ? (await r.json())[ex.id] : null;
      if (!entry || entry.missing) throw new Error(`${ex.label[0].toUpperCase()}${ex.label.slice(1)} is not beside this page: ${ex.how}`);
      const map = new Map();
      for (const f of entry.files) {
        const got = await fetch(`examples/${ex.id}/${f.split('/').map(encodeURIComponent).join('/')}`);
        if (!got.ok) throw new Error(`examples/${ex.id}/${f} could not be fetched (HTTP ${got.status}): run make web again.`);
        map.set(f, new Uint8Array(await got.arrayBuffer()));
      }
      return { map, bytes: entry.bytes };
    }, ex);
  }

  /** Files (read by `read`: { map, bytes }) loaded in MuJoCo, mapped (the
   *  example's mapping, else the defaults) and adopted. The previous robot
   *  stays until the new one has loaded and adopted. */
  async function load(what, read, ex) {
    if (busy) { say('A robot is still loading: drop again when it has loaded.'); return; }
    busy = true;
    say('');
    sizeNote.textContent = what;
    try {
      const { map, bytes } = await read();
      status.textContent = `Loading ${map.size} files (${formatBytes(bytes)}) into MuJoCo…`;
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
      // the first keyframe (a home pose the file names), else the reference pose qpos0
      await adopt(mj, next, cs, js, next.info.keyframes.length ? 0 : -1);
    } catch (e) {
      // the refusal in one sentence; the robot shown (if any) keeps running
      sizeNote.textContent = robot ? `${robot.files.size} files, ${formatBytes(robot.bytes)} (the robot shown)` : what;
      say(e.message);
      status.textContent = robot ? `Still running the robot shown before: ${robot.main}.` : '';
    } finally {
      busy = false;
    }
  }

  const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

  /** A new pair of (next robot, its choices) in place of the one running;
   *  throws one sentence (robot.js's) and leaves the running one. */
  async function adopt(mj, next, cs, js, keyframe) {
    const joints = next.info.joints.filter((j) => MAPPABLE.has(j.type));
    const text = mappingText(joints, cs, js);
    if (!text) {
      // nothing to adopt: the mapping is shown for the person to fill in
      robotPending(next, cs, js);
      throw new Error(`No joint of ${next.main} is mapped to a servo yet: choose a servo for a class or a joint below and press Adopt.`);
    }
    status.textContent = `Adopting (${text}): MuJoCo compiles both copies…`;
    await nextFrame();
    if (disposed) return;
    const made = createRobotPair(mj, core, { files: next.files, main: next.main, mapping: text, servos: fileServos.servos(), keyframe });
    // from here on the new robot replaces the old one
    freePair();
    robot = next;
    classServo = cs;
    jointServo = js;
    pair = made;
    failed = false;
    sizeNote.textContent = `${robot.files.size} files, ${formatBytes(robot.bytes)}`;
    status.textContent = `${robot.main}: ${robot.info.joints.length} joints, ${robot.info.actuators.length} actuators, `
      + `${robot.info.keyframes.length} keyframe(s). Mapping: ${text}.`;
    reportBox.replaceChildren(el('summary', { textContent: `What adoption removed and replaced (${pair.rows.length} joints)` }),
      el('ul', {}, ...pair.report().map((line) => el('li', { textContent: line }))));
    reportBox.hidden = false;
    buildMapping();
    buildKeyframes(keyframe);
    view3d.hidden = false;
    try {
      scene = renderer.createRobotScene(view3d, [pair.A, pair.C]);
      setHook('mujoco', 'robotScene', scene);
    } catch (e) {
      // no WebGL here: the runs and the table go on without the picture
      view3d.hidden = true;
      say(`The 3D view cannot be drawn in this browser (${e.message}); the table below still runs.`);
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
      [runRow, view3d, tables, goals, reportBox].forEach((x) => { x.hidden = true; });
    }
    robot = next;
    classServo = cs;
    jointServo = js;
    sizeNote.textContent = `${robot.files.size} files, ${formatBytes(robot.bytes)}`;
    status.textContent = `${robot.main}: ${robot.info.joints.length} joints, ${robot.info.actuators.length} actuators, ${robot.info.keyframes.length} keyframe(s).`;
    buildMapping();
  }

  function freePair() {
    if (scene) clearHook('mujoco', 'robotScene', scene);
    scene?.dispose();
    scene = null;
    pair?.free();
    pair = null;
  }

  /** The mapping UI: a select per joint class, then per joint. */
  function buildMapping() {
    const joints = mappable();
    const classes = [...new Set(joints.map((j) => j.cls).filter(Boolean))];
    const sel = (label, value, extra) => {
      const s = el('select', { 'aria-label': label },
        ...extra.map(([v, t]) => el('option', { value: v, textContent: t })),
        el('option', { value: NONE, textContent: 'no servo' }),
        ...[...fileServos.choices(), ...presets].map((o) => el('option', { value: o.value, textContent: o.text })));
      s.value = value;
      return s;
    };
    const rows = [];
    for (const cls of classes) {
      const s = sel(`Servo of the joint class ${cls}`, classServo.get(cls) ?? NONE, []);
      s.addEventListener('change', () => { classServo.set(cls, s.value); dirty(); });
      rows.push(el('tr', {}, el('th', { scope: 'row', textContent: `class ${cls}` }),
        el('td', { textContent: joints.filter((j) => j.cls === cls).map((j) => j.name).join(', ') }), el('td', {}, s)));
    }
    for (const j of joints) {
      const s = sel(`Servo of the joint ${j.name}`, jointServo.get(j.name) ?? (j.cls ? AS_CLASS : NONE),
        j.cls ? [[AS_CLASS, `as its class (${j.cls})`]] : []);
      s.addEventListener('change', () => { jointServo.set(j.name, s.value); dirty(); });
      rows.push(el('tr', {}, el('th', { scope: 'row', textContent: j.name }),
        el('td', { textContent: `${j.type}${j.cls ? `, class ${j.cls}` : ''}` }), el('td', {}, s)));
    }
    const adoptBtn = button('Adopt', 'Build (C) again with these servos; both copies restart from the keyframe');
    adoptBtn.id = 'mujoco-robot-adopt';
    const note = el('span', { className: 'note', id: 'mujoco-robot-pending' });
    function dirty() { note.textContent = 'Changed: press Adopt to run it.'; }
    adoptBtn.addEventListener('click', async () => {
      if (busy) return;
      busy = true;
      say('');
      try {
        await adopt(await loadMujoco(), robot, new Map(classServo), new Map(jointServo), pair ? Number(keySel.value) : (robot.info.keyframes.length ? 0 : -1));
      } catch (e) {
        say(e.message);
        if (pair) status.textContent = 'Still running the servos adopted before.';
      } finally {
        busy = false;
      }
    });
    mapBox.replaceChildren(el('h4', { textContent: 'Servos: a preset of the core for each joint class and joint (the identified servo of (C))' }),
      fileServos.el,
      el('table', { className: 'replay-table robot-map-table' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col', textContent: 'class or joint' }), el('th', { scope: 'col', textContent: 'joints' }),
          el('th', { scope: 'col', textContent: 'servo' }))), el('tbody', {}, ...rows)),
      el('div', { className: 'row' }, adoptBtn, note));
    mapBox.hidden = false;
  }

  function buildKeyframes(k) {
    keySel.replaceChildren(el('option', { value: '-1', textContent: 'reference pose (qpos0)' }),
      ...robot.info.keyframes.map((key, i) => el('option', { value: String(i), textContent: key.name || `key ${i}` })));
    keySel.value = String(k);
  }
  keySel.addEventListener('change', () => {
    if (!pair) return;
    pair.setKeyframe(Number(keySel.value));
    syncGoals();
    loop.restart();
    paint(true);
  });
  resetBtn.addEventListener('click', () => keySel.dispatchEvent(new Event('change')));
  playBtn.addEventListener('click', () => loop.togglePause());

  /** One table per copy, a row per joint: servo, STICK/SLIP, sag, creep, torques. */
  function buildTable() {
    const th = (t, title) => el('th', { scope: 'col', textContent: t, ...(title ? { title } : {}) });
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
        el('thead', {}, el('tr', {}, th('joint'), th('servo'), th('state'), th('sag [mrad]', 'goal − q now'),
          th('creep [mrad/s]', `the mean speed over the last ${ROBOT_LIMITS.creepWindow} s`), th('motor [N·m]'),
          th('friction [N·m]', key === 'A' ? 'MuJoCo\'s constraint force on the dof: frictionloss and any limit' : 'the core\'s implicit friction'))), body);
      return { tbl, cells };
    };
    const a = make('A', pair.A.label), c = make('C', pair.C.label);
    // (A)'s servo is the file's own actuator (what the adoption reported of it)
    pair.rows.forEach((row, i) => {
      const act = row.actuator;
      a.cells[i].servo.textContent = act ? `file's ${act.kind}${act.kind === 'motor' ? '' : ` kp ${f3(act.kp)}`}` : 'file: no actuator';
      if (act) a.cells[i].servo.title = `kp ${f3(act.kp)} N·m/rad, kv ${f3(act.kv)} N·m·s/rad, forcerange ${f3(act.forceRange[0])} … ${f3(act.forceRange[1])} N·m`;
    });
    tables.replaceChildren(a.tbl, c.tbl);
    tables.hidden = false;
    table = { A: a.cells, C: c.cells };
  }

  function paintTable() {
    const t = pair.table();
    for (const key of ['A', 'C']) {
      t[key].forEach((r, i) => {
        const c = table[key][i];
        if (!c) return;
        if (key === 'C') c.servo.textContent = r.servo;
        const slip = r.state !== 'STICK';
        if (c.state.dataset.state !== r.state) {
          c.state.dataset.state = r.state;
          c.state.replaceChildren(el('span', { className: `badge ${slip ? 'slip' : 'stick'}`, textContent: r.state }));
        }
        c.sag.textContent = f3(r.sag_mrad);
        c.creep.textContent = slip ? f3(r.creep_mrad_s) : '0 (held)';
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
      const ctl = numberControl({ label: `goal ${j.name}`, unit, min: lo, max: hi, value: clamp(pair.goal(j.name), lo, hi),
        onInput: (x) => { pair?.setGoal(j.name, x); return ''; } });
      ctl.el.dataset.joint = j.name;
      return { name: j.name, ctl, lo, hi };
    }).filter(Boolean);
    goals.replaceChildren(el('h4', { textContent: 'Goals (both copies: (A) the actuator\'s ctrl, (C) the servo\'s goal)' }),
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
      drawStats.push(performance.now() - t0);
      if (drawStats.length > 4000) drawStats.splice(0, 2000);
    }
    const now = performance.now();
    if (all || now - textAt > 250) {
      textAt = now;
      clock.textContent = `t = ${pair.time.toFixed(3)} s   dt = ${dtOf()} s (the file's timestep)   ${loop.paused ? 'paused' : 'real time asked'}`;
      paintTable();
    }
  }

  function advance(n) {
    try {
      pair.step(n);
    } catch (e) {
      failed = true;
      say(`The run stopped: ${e.message}`);
    }
  }

  // a step is the file's own timestep (MuJoCo's default 2 ms when it names none)
  const dtOf = () => pair?.A.m.opt.timestep ?? 0.001;   // [s]
  const loop = liveLoop({ playBtn, paused: false, h: dtOf, speed: () => 1, live: () => !!pair && section.open,
    ended: () => failed, advance, paint, frameStats, budgetMs: STEP_BUDGET_MS, chunk: CHUNK_STEPS });

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
