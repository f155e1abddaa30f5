// mjident.js (bundled to build/web/mjident.worker.js): the In MuJoCo view's
// "Your robot's servos from a recording" in a Web Worker with its own
// MuJoCo 3.14 and friction core: the recording read (a LeRobot dataset by
// ident/recording.js, or the CSV by the core's reader), the robot's MJCF
// compiled with its files, then identify.js's steps (tools/ident.mjs's, in
// `friction ident`'s order): the tracks, per joint the core's fitter with
// its progress, the whole-arm replays, the report and the params files. The
// page (views/mujoco/identSection.js) posts one 'run'; Cancel ends this
// worker (terminate): what was posted stays on the page.
//
// In:  { cmd: 'run', mujocoUrl, files: [[path, Uint8Array]], main,
//        recording: { kind: 'csv', name, text } | { kind: 'lerobot', name, files: [[path, File]] },
//        held: [recording as above] (held out: replayed, not fitted; read as the recording),
//        calibration (LeRobot's JSON or null), unit, setup (null or T0's setup.json form),
//        leave (joint names), budget,
//        model ('native' | 'm1' | 'm4': MuJoCo's own servo, or bam's servo of
//        actuator, `friction ident --model`; absent: native), actuator }
// Out: { type: 'stage', key, ... }   a step begins (i18n key and its values)
//      { type: 'tracks', done, n }     the tracks' frames computed
//      { type: 'progress', j, evals, budget, bestLoss }  a CMA-ES generation of joint j
//                                      (native: fitJoint's searches; M1/M4: the core's bam
//                                      fitter's, fitJointBam)
//      { type: 'joint', j, name, result }  joint j fitted (IdentFit.result)
//      { type: 'done', ... }           the whole result (see run())
//      { type: 'failed', message }     one sentence
import { listen } from '../workerInbox.js';   // first: it keeps what arrives while the table loads
import { CORE_WASM, coreFrom, mujocoFrom } from '../coreLoad.js';
import { readLeRobot, folderOfFiles } from '../ident/recording.js';
import { compiled, planOf, checkSize } from '../mujoco/robotFiles.js';
import { prepare, fitJoint, replays, reportLines, paramsFiles, mappingText, poseResidual,
  fitJointBam, replaysBam, reportLinesBam, paramsFilesBam, DEFAULT_ACTUATOR } from '../ident/identify.js';
import { identJoints, hingeNames } from '../ident/tracks.js';
import { t, tCore } from '../i18n/index.js';   // this worker's language: its URL's ?lang=

let engine = null;   // Promise of [mj, core]

async function loadCore() {
  const r = await fetch(CORE_WASM);
  if (!r.ok) throw new Error(`could not load ${CORE_WASM}: HTTP ${r.status}`);
  return coreFrom(CORE_WASM, new Uint8Array(await r.arrayBuffer()));
}

/** The recording's arrays ({ names, t, goal, pos, period, source }). */
async function readRecording(core, mj, m, msg) {
  const r = msg.recording;
  if (r.kind === 'csv') {
    const x = core.io.recordingCsv(r.text, r.name);
    return { names: x.names, t: x.t, goal: x.goal, pos: x.pos, period: 0, source: r.name };
  }
  const setup = msg.setup;
  const hinges = hingeNames(mj, m);
  const mapping = setup ? Object.fromEntries(Object.entries(setup.joints ?? {}).map(([j, s]) => [j, { joint: j, sign: s.sign ?? 1, raw_zero: s.raw_zero ?? 2047 }])) : {};
  const x = await readLeRobot(core, folderOfFiles(new Map(r.files)), { joints: setup ? Object.keys(setup.joints ?? {}) : hinges, calibration: msg.calibration,
    unit: msg.unit, mapping, robotType: setup?.robot_type ?? msg.robotType ?? null, source: r.name });
  return { names: x.names, t: x.t, goal: x.goal, pos: x.pos, period: x.period ?? 0, source: r.name };
}

async function run(msg, mj, core) {
  const post = (o) => self.postMessage(o);
  const files = new Map(msg.files);
  post({ type: 'stage', key: 'ident.stage.compile' });
  // the files checked by the core as Your robot's are (sizes, the MJCF's text), then compiled
  checkSize(core, files, msg.main);
  planOf(files, msg.main, core);
  const { m } = compiled(mj, files, msg.main);
  post({ type: 'stage', key: 'ident.stage.read' });
  const rec = await readRecording(core, mj, m, msg);
  const held = [];
  for (const h of msg.held ?? []) held.push(await readRecording(core, mj, m, { ...msg, recording: h }));
  const firmwareKp = core.ident.constants.firmwareKp;
  // bam's servo (M1, M4) of the actuator the core resolves, as `friction ident --model --actuator`
  const model = msg.model ?? 'native', bam = model !== 'native';
  const actuator = bam ? core.bench.actuatorOf(msg.actuator ?? DEFAULT_ACTUATOR) : null;
  if (bam && !actuator) throw new Error(t('ident.err.actuator', { name: msg.actuator }));
  post({ type: 'stage', key: 'ident.stage.tracks' });
  // the bam models judge the held-out recordings by each joint's own simulation: their tracks too
  const prep = prepare(mj, core, m, { train: [rec], held, leave: msg.leave, firmwareKp, mjcfName: msg.main, heldSet: bam,
    onProgress: (_, done, n) => post({ type: 'tracks', done, n }) });
  try {
    const map = identJoints(mj, m, prep.names);
    const own = map.map((x) => ({ kp: m.actuator_gainprm[10 * x.act], frictionloss: m.dof_frictionloss[x.dof], damping: m.dof_damping[x.dof],
      armature: m.dof_armature[x.dof] }));
    post({ type: 'stage', key: 'ident.stage.fit', names: prep.names, leave: prep.leave, frames: prep.train[0].frames, stale: prep.train[0].stale, own });
    const results = prep.names.map(() => null);
    prep.names.forEach((name, j) => {
      if (prep.leave[j]) return;
      const onStep = (g) => post({ type: 'progress', j, evals: g.evals, budget: g.budget, bestLoss: g.bestLoss });
      results[j] = bam ? fitJointBam(prep, j, { model, actuator, budget: msg.budget, onStep }) : fitJoint(prep, j, { budget: msg.budget, onStep });
      post({ type: 'joint', j, name, result: results[j] });
    });
    post({ type: 'stage', key: 'ident.stage.replay' });
    const runs = bam ? replaysBam(mj, core, m, prep, results, { model, actuator, mjcfName: msg.main })
      : replays(mj, core, m, prep, results, { mjcfName: msg.main });
    const r0 = runs[0];
    const out = bam ? {
      report: reportLinesBam(core, { mjcf: msg.main, prep, results, model, actuator }).join('\n'),
      poseResidual: null, params: paramsFilesBam(core, prep, results, model, actuator), mapping: mappingText(prep, results),
      keys: core.fit.paramKeys().map((x) => ({ key: x.key, unit: x.unit })) } : {
      report: reportLines(core, { mjcf: msg.main, prep, results, runs }).join('\n'),
      // the joints whose residual follows the pose and the outermost body ({ joints, body } or null)
      poseResidual: poseResidual(core, prep, results),
      params: paramsFiles(core, prep, results), mapping: mappingText(prep, results) };
    return { model, actuator, names: prep.names, leave: prep.leave, results, t: Array.from(r0.rec.t), pos: Array.from(r0.rec.pos),
      fittedQ: Array.from(r0.fittedQ), fileQ: Array.from(r0.fileQ), fitted: r0.fitted, file: r0.file,
      // the whole arm's MAE per recording, training then held-out (identHeld.js's table)
      runs: runs.map((x, i) => ({ source: (i === 0 ? msg.recording : msg.held[i - 1]).name, set: x.set, fitted: x.fitted, file: x.file })),
      ...out };
  } finally {
    prep.free();
  }
}

listen(async (e) => {
  const m = e.data;
  try {
    engine = engine || Promise.all([mujocoFrom(m.mujocoUrl), loadCore()])
      .catch((err) => { engine = null; throw err; });
    const [mj, core] = await engine;
    if (m.cmd !== 'run') throw new Error(`no command ${m.cmd}`);
    self.postMessage({ type: 'done', ...(await run(m, mj, core)) });
  } catch (err) {
    // a core sentence (the recording's check, a refused set) in the page's language
    self.postMessage({ type: 'failed', message: err?.id ? tCore(err) : String(err?.message ?? err) });
  }
});
