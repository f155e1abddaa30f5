// ident/identify.js: a robot's servos identified from its recordings, the
// steps every door beyond the native CLI runs (tools/ident.mjs in Node, the
// page's worker), DOM-free and in `friction ident`'s order (cli/ident.c):
// the recordings handed to the core (checked, stale goals repaired), the
// joints to leave out, the tracks from the door's MuJoCo (tracks.js), the
// training set, per joint the core's fitter stepped to its end and its
// result (fric_ident_finish: fric_ident_joint's), the whole arm replaying
// every recording with the fitted servos and with the file's own, the
// report `friction ident` prints and the params files it writes.
import { t } from '../i18n/index.js';
import { computeTracks, replayArm, maePerJoint, identJoints } from './tracks.js';
import { SHOWN_KEYS } from './names.js';
import { mjEnums, nameOf } from '../mujoco/mjEnums.js';

/** The fitted keys the report shows, in its order (cli/ident.c). */
export { SHOWN_KEYS };
/** The seed of every joint's fit (the native CLI's). */
export const SEED = 1;
/** The actuator the params files name by default (`friction ident --actuator`). */
export const DEFAULT_ACTUATOR = 'sts3215';

/** leave (joint names, an array or 'a,b') as a flag per joint of names;
 *  a name not among them refused in one sentence. */
export function leaveFlags(names, leave) {
  const list = (Array.isArray(leave) ? leave : String(leave ?? '').split(',')).map((s) => s.trim()).filter(Boolean);
  const flags = names.map(() => false);
  for (const x of list) {
    const j = names.indexOf(x);
    if (j < 0) throw Object.assign(new Error(t('ident.err.leave', { name: x, list: names.join(', ') })), { what: 'leave' });
    flags[j] = true;
  }
  return flags;
}

/**
 * The identification's inputs prepared: recordings (arrays { names, t,
 * goal, pos, period, source }) handed to the core (core.ident.recording:
 * checked, stale goals repaired), the held-out ones after the training ones,
 * every one with the first one's joints in its order, the joints matched to
 * model m (each with an actuator: the replay drives it), the training
 * recordings' tracks computed, the set made at m's timestep and firmwareKp.
 * Returns { train, held (IdentRecording), set, leave (flags), names };
 * free() it. Throws one sentence (nothing is left allocated).
 */
export function prepare(mj, core, m, { train, held = [], leave = [], firmwareKp, mjcfName = 'MJCF', onProgress = null, heldSet = false }) {
  const made = [];
  let set = null, hset = null;
  try {
    for (const [i, r] of [...train, ...held].entries()) {
      const x = core.ident.recording(r, r.source);
      made.push(x);
      if (i > 0 && x.names.join() !== made[0].names.join()) {
        throw Object.assign(new Error(t('ident.err.otherJoints', { source: r.source, first: train[0].source })), { what: 'joints' });
      }
    }
    const names = made[0].names;
    const flags = leaveFlags(names, leave);
    const map = identJoints(mj, m, names, { source: mjcfName });
    // each joint's body (its id and name: the wrong-mass sentence names the outermost, poseResidual)
    const bodies = map.map((x) => ({ id: m.jnt_bodyid[x.jnt], name: nameOf(mj, m, mjEnums(mj).objBody, m.jnt_bodyid[x.jnt]) }));
    const T = made.slice(0, train.length);
    T.forEach((x, i) => computeTracks(mj, core, m, x, { source: mjcfName, onProgress: onProgress && ((k, n) => onProgress(i, k, n)) }));
    set = core.ident.set(T, { h: m.opt.timestep, window: 0, firmwareKp });
    // heldSet (the bam models: each joint's simulation judges the held-out
    // recordings too): their tracks and a set of them
    const H = made.slice(train.length);
    if (heldSet && H.length) {
      H.forEach((x) => computeTracks(mj, core, m, x, { source: mjcfName }));
      hset = core.ident.set(H, { h: m.opt.timestep, window: 0, firmwareKp });
    }
    const out = { core, train: T, held: H, set, heldSet: hset, leave: flags, names, bodies, firmwareKp };
    out.free = () => { set.free(); hset?.free(); made.forEach((x) => x.free()); };
    return out;
  } catch (e) {
    hset?.free();
    set?.free();
    made.forEach((x) => x.free());
    throw e;
  }
}

/**
 * Joint j's fit on the prepared set as fric_ident_joint runs it: the
 * budget spread over the core's FRIC_IDENT_STARTS searches of seeds seed,
 * seed + 1, … (each the core's fitter stepped a generation at a time), the
 * best kept, then its result (fric_ident_finish). onStep({ evals, budget,
 * bestLoss }) after each generation (evals over all the searches); a true
 * return of shouldStop() stops the search (Cancel: the result is of the
 * best so far, marked cancelled). Returns the result (IdentSet.result's,
 * with cancelled).
 */
export function fitJoint(prep, j, { budget, seed = SEED, onStep = null, shouldStop = null } = {}) {
  const { starts } = prep.core.ident.constants;
  const each = prep.set.budgetEach(budget);
  let best = null, bestLoss = Infinity, evals = 0, cancelled = false;
  for (let k = 0; k < starts && !cancelled; k++) {
    const f = prep.set.fitter(j, { budget: each, seed: seed + k });
    try {
      while (f.step() === 0) {
        const g = f.progress();
        onStep?.({ evals: evals + g.evals, budget: each * starts, bestLoss: Math.min(bestLoss, g.bestLoss) });
        if (shouldStop?.()) { f.stop(); cancelled = true; }
      }
      const g = f.progress();
      if (g.bestLoss < bestLoss) { best = g.best; bestLoss = g.bestLoss; }
      evals += g.evals;
    } finally {
      f.free();
    }
  }
  return { ...prep.set.result(j, best, bestLoss, evals), cancelled };
}

/**
 * The whole arm replaying every recording (training then held-out) in
 * MuJoCo with the fitted sets (the joints left out, and a joint without a
 * result, keep the file's own) and with the file's own: per recording {
 * source, set ('train' | 'held-out'), fitted and file (per joint MAE [rad]),
 * fittedQ, fileQ (n·joints) }.
 */
export function replays(mj, core, m, prep, results, { mjcfName = 'MJCF' } = {}) {
  const params = prep.names.map((_, j) => results[j]?.p ?? null);
  const use = prep.names.map((_, j) => !prep.leave[j] && params[j] !== null);
  return [...prep.train, ...prep.held].map((rec, i) => {
    const fileQ = replayArm(mj, core, m, rec, { firmwareKp: prep.firmwareKp, source: mjcfName });
    const fittedQ = replayArm(mj, core, m, rec, { params, use, firmwareKp: prep.firmwareKp, source: mjcfName });
    return { rec, set: i < prep.train.length ? 'train' : 'held-out', fitted: maePerJoint(rec, fittedQ), file: maePerJoint(rec, fileQ), fittedQ, fileQ };
  });
}

/** The native unit of a key (core.native.units()). */
const unitOf = (core, key) => core.native.units()[core.native.keys().indexOf(key)] ?? '';
/** C's %.{d}f right-aligned in w. */
const fixed = (x, d, w) => x.toFixed(d).padStart(w);
/** C's %.{p}g (the native table's): p significant digits, trailing zeros
 *  dropped, the exponent form below 1e-4 or from 10^p on (e-05: two digits
 *  at least). */
export function cG(x, p) {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [m, e] = x.toExponential(p - 1).split('e');
  const X = Number(e);
  const trim = (s) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);
  if (X < -4 || X >= p) return `${trim(m)}e${X < 0 ? '-' : '+'}${String(Math.abs(X)).padStart(2, '0')}`;
  return trim(x.toFixed(Math.max(0, p - 1 - X)));
}

/**
 * The joints whose residual at the holds follows the pose (the core's flag
 * ident.pose_residual: a link of a wrong mass in the MJCF) and the body of
 * the outermost of them (the highest body id: MuJoCo numbers a chain's
 * bodies outwards), as cli/ident.c's print_pose_residual: { joints, body },
 * or null when no joint says it.
 */
export function poseResidual(core, prep, results) {
  const bit = core.ident.flags().find((g) => g.id === 'ident.pose_residual').bit;
  const js = prep.names.map((_, j) => j).filter((j) => !prep.leave[j] && results[j] && results[j].flags & (1 << bit));
  if (!js.length) return null;
  const outer = js.reduce((a, j) => (prep.bodies[j].id > prep.bodies[a].id ? j : a), js[0]);
  return { joints: js.map((j) => prep.names[j]), body: prep.bodies[outer].name || prep.names[outer] };
}

/**
 * The report `friction ident` prints (cli/ident.c print_results), line for
 * line: the recordings, per joint the fitted values with their ranges and
 * units and what the data cannot tell (the core's English sentences), then
 * the whole arm's MAE per joint and recording beside the MJCF's own and in
 * counts. mjcf: the MJCF as the door names it; results[j] (null: left out).
 */
export function reportLines(core, { mjcf, prep, results, runs }) {
  const f = (x) => core.ident.format(x), names = prep.names, count = core.ident.constants.count;
  const flags = core.ident.flags();
  const L = [`ident ${mjcf}: ${names.length} joints, kp at firmware gain ${f(prep.firmwareKp)}`];
  for (const r of runs) L.push(`    ${r.set} ${r.rec.source}: ${r.rec.frames} frames, ${r.rec.stale} stale goals repaired`);
  names.forEach((name, j) => {
    if (prep.leave[j]) { L.push(`${name}: left out (the MJCF's own parameters)`); return; }
    const x = results[j];
    L.push(`${name}: ${x.evals} evaluations`);
    for (const key of SHOWN_KEYS) {
      const rg = x.ranges[key];
      // forcerange left unlimited: no value, its sentence below says why
      if (key === 'forcerange_hi' && x.p.forcerange_lo === 0 && x.p.forcerange_hi === 0) { L.push(`    ${key.padEnd(13)} ${'none'.padEnd(10)} not identifiable`); continue; }
      L.push(`    ${key.padEnd(13)} ${cG(x.p[key], 5).padEnd(10)} [${cG(rg.lower, 5)}, ${cG(rg.upper, 5)}] ${unitOf(core, key)}${x.paramFlags[key] ? '  not identifiable' : ''}`);
    }
    const force = core.ident.forcerangeSentence(x);
    for (const g of flags) if (x.flags & (1 << g.bit)) L.push(`    - ${g.id === 'ident.forcerange_not_fitted' && force ? force.message : g.text}`);
  });
  const pr = poseResidual(core, prep, results);
  if (pr) {
    L.push(`warning: the residual at the holds follows the pose on ${pr.joints.join(', ')}: a link from ${pr.body} outwards may have a wrong mass or centre of mass in the MJCF (kp absorbs part of it): check the MJCF's inertials, or fit with a larger --budget`);
  }
  L.push(`MAE of the whole arm replaying each recording in MuJoCo [mrad] (one count = ${(count * 1e3).toFixed(3)} mrad)`);
  L.push(`    ${'joint'.padEnd(14)} ${'set'.padEnd(9)} ${'fitted'.padStart(10)} ${'counts'.padStart(8)} ${"MJCF's".padStart(12)}  recording`);
  names.forEach((name, j) => {
    for (const r of runs) {
      L.push(`    ${name.padEnd(14)} ${r.set.padEnd(9)} ${fixed(r.fitted[j] * 1e3, 4, 10)} ${fixed(r.fitted[j] / count, 2, 8)} ${fixed(r.file[j] * 1e3, 4, 12)}  ${r.rec.source}`);
    }
  });
  return L;
}

/** Per fitted joint its native params file (fric_native_params_write, what
 *  `friction ident --out` writes: `friction replay` and the In MuJoCo view
 *  read it): { joint: text }. */
export function paramsFiles(core, prep, results, actuator = DEFAULT_ACTUATOR) {
  const out = {};
  prep.names.forEach((name, j) => {
    if (prep.leave[j] || !results[j]) return;
    out[name] = core.native.paramsText(results[j].p, actuator, { train: results[j].trainMae, valid: NaN, logs: prep.train.length, evals: results[j].evals });
  });
  return out;
}

/** The mapping in the adopt syntax (Your robot's, tools/robot.mjs's and
 *  `friction mujoco --adopt`'s): each fitted joint given its params file by
 *  name (shoulder_pan=@shoulder_pan, …; the files named <joint>.json), each
 *  a native file those doors run as MuJoCo's own servo (fric_robot.h). */
export function mappingText(prep, results) {
  return prep.names.filter((_, j) => !prep.leave[j] && results[j]).map((n) => `${n}=@${n}`).join(', ');
}

/**
 * Joint j as bam's servo (`friction ident --model m1|m4`, cli/ident_bam.c):
 * the core's bam fitter stepped a CMA-ES generation at a time
 * (IdentSet.bamFitter: fric_ident_bam_joint's searches, so its result is
 * bamJoint's bit for bit), then the held-out recordings' MAE of the joint's
 * simulation (the frame-weighted mean over them, fric_ident_bam_loss's; NaN
 * without any). onStep({ evals, budget, bestLoss }) after each generation
 * (over all the searches); a true return of shouldStop() stops the fit
 * (Cancel: the result is of the best so far, marked cancelled). prep made
 * with heldSet.
 */
export function fitJointBam(prep, j, { model, actuator = DEFAULT_ACTUATOR, budget, seed = SEED, onStep = null, shouldStop = null }) {
  const f = prep.set.bamFitter(j, { model, actuator, budget, seed });
  let r, cancelled = false;
  try {
    while (f.step() === 0) {
      const g = f.progress();
      onStep?.({ evals: g.evals, budget: g.budget, bestLoss: g.bestLoss });
      if (!cancelled && shouldStop?.()) { f.stop(); cancelled = true; }
    }
    r = f.result();
  } finally {
    f.free();
  }
  let heldMae = NaN;
  if (prep.heldSet) {
    const maes = prep.held.map((_, k) => prep.heldSet.bamSimulate(k, j, r.p, { model, actuator }).mae);
    heldMae = maes.length === 1 ? maes[0] : maes.reduce((a, x, k) => a + x * prep.held[k].frames, 0) / prep.held.reduce((a, x) => a + x.frames, 0);
  }
  return { ...r, heldMae, cancelled };
}

/**
 * Every recording (training then held-out) with bam's servos (the page's
 * M1/M4 result, the counterpart of replays()): per fitted joint its own
 * simulation, the other joints' measured motion as input (the fit's
 * measure, fric_ident_bam_simulate: prep made with heldSet), and the whole
 * arm replaying it in MuJoCo with the file's own servos. Per recording {
 * rec, set, fitted (per joint MAE [rad], NaN where left out), file,
 * fittedQ (n·joints; NaN where left out), fileQ }.
 */
export function replaysBam(mj, core, m, prep, results, { model, actuator = DEFAULT_ACTUATOR, mjcfName = 'MJCF' }) {
  const J = prep.names.length;
  return [...prep.train, ...prep.held].map((rec, i) => {
    const held = i >= prep.train.length, set = held ? prep.heldSet : prep.set, k = held ? i - prep.train.length : i;
    const fileQ = replayArm(mj, core, m, rec, { firmwareKp: prep.firmwareKp, source: mjcfName });
    const fittedQ = new Float64Array(rec.pos.length).fill(NaN);
    const fitted = prep.names.map((_, j) => {
      if (prep.leave[j] || !results[j]) return NaN;
      const { mae, simQ } = set.bamSimulate(k, j, results[j].p, { model, actuator });
      simQ.forEach((q, f) => { fittedQ[f * J + j] = q; });
      return mae;
    });
    return { rec, set: held ? 'held-out' : 'train', fitted, file: maePerJoint(rec, fileQ), fittedQ, fileQ };
  });
}

/** The parameters the bam report shows, in its order (cli/ident_bam.c). */
export const BAM_SHOWN = ['kt', 'R', 'armature', 'friction_base', 'load_friction_base', 'friction_stribeck', 'load_friction_stribeck',
  'dtheta_stribeck', 'alpha', 'friction_viscous'];

/** The report `friction ident --model m1|m4` prints (cli/ident_bam.c), line for line. */
export function reportLinesBam(core, { mjcf, prep, results, model, actuator = DEFAULT_ACTUATOR }) {
  const keys = core.fit.paramKeys(), count = core.ident.constants.count, flags = core.ident.flags();
  const k = { m1: 1, m4: 4 }[String(model).toLowerCase()] ?? Number(model);
  const used = core.fit.paramUsed(k);
  const vin = results.find((x) => x)?.vin ?? NaN;
  const L = [`ident ${mjcf}: ${prep.names.length} joints, bam's M${k} servo (${actuator} at firmware gain ${cG(prep.firmwareKp, 6)}, ${cG(vin, 6)} V)`];
  [...prep.train, ...prep.held].forEach((r, i) => L.push(`    ${i < prep.train.length ? 'train' : 'held-out'} ${r.source}: ${r.frames} frames, ${r.stale} stale goals repaired`));
  prep.names.forEach((name, j) => {
    if (prep.leave[j]) { L.push(`${name}: left out (the MJCF's own parameters)`); return; }
    const x = results[j];
    L.push(`${name}: ${x.evals} evaluations, effective gain ${cG(x.gain, 5)} N·m/rad`);
    for (const key of BAM_SHOWN) {
      const i = keys.findIndex((q) => q.key === key);
      if (!used[i]) continue;
      const unit = keys[i].unit, v = cG(x.p[i], 5);
      if (x.free[key]) L.push(`    ${key.padEnd(23)} ${v.padEnd(10)} [${cG(x.ranges[key].lower, 5)}, ${cG(x.ranges[key].upper, 5)}] ${unit}${x.paramFlags[key] ? '  not identifiable' : ''}`);
      else L.push(`    ${key.padEnd(23)} ${v.padEnd(10)} held ${unit}`);
    }
    for (const g of flags) if (x.flags & (1 << g.bit)) L.push(`    - ${g.text}`);
  });
  L.push(`MAE of each joint's simulation, the other joints' measured motion as input [mrad] (one count = ${(count * 1e3).toFixed(3)} mrad)`);
  L.push(`    ${'joint'.padEnd(14)} ${'set'.padEnd(9)} ${'M1/M4'.padStart(10)} ${'counts'.padStart(8)}`);
  prep.names.forEach((name, j) => {
    if (prep.leave[j]) return;
    [results[j].trainMae, results[j].heldMae].forEach((v, i) => {
      if (!Number.isNaN(v)) L.push(`    ${name.padEnd(14)} ${(i ? 'held-out' : 'train').padEnd(9)} ${fixed(v * 1e3, 4, 10)} ${fixed(v / count, 2, 8)}`);
    });
  });
  return L;
}

/** Per fitted joint its M1/M4 params file (`friction ident --model m1|m4
 *  --out`: core.fit.paramsText, MuJoCo's integrator, the firmware gain as
 *  the bench's "kp"): { joint: text }. */
export function paramsFilesBam(core, prep, results, model, actuator = DEFAULT_ACTUATOR) {
  const out = {};
  prep.names.forEach((name, j) => {
    if (prep.leave[j] || !results[j]) return;
    const x = results[j];
    out[name] = core.fit.paramsText(x.p, actuator, model, { trainMae: x.trainMae, holdoutMae: Number.isNaN(x.heldMae) ? null : x.heldMae, logs: prep.train.length, evaluations: x.evals },
      'mujoco', [{ key: 'kp', json: core.ident.format(prep.firmwareKp) }]);
  });
  return out;
}
