// mujoco/robotPair.js: the stepping, goals, table and report of a robot's
// two copies (no DOM; robot.js's createRobotPair makes the pair): the robot
// layer's rule, ring, rows and notes (core.robot) with MuJoCo's arrays
// copied in and out, and the report's sentences.
import { t, tCore } from '../i18n/index.js';
import { fmtNumber } from '../format.js';
import { fmt, frictionForce, finiteQpos, resetTo } from './robotModel.js';
import { mjEnums, nameOf } from './mjEnums.js';
import { clampByCtrl } from './nativeEdit.js';

/** The pair's stepping, goals and table over the two copies: the robot
 *  layer's rule, ring and rows (core.robot) with MuJoCo's arrays copied in
 *  and out. */
export function makePair(mj, A, C, simC, robot, rows, keyframe, reattach) {
  const fric = new Float64Array(A.m.nv);   // (A)'s frictionloss force per dof [N·m]
  const fricC = new Float64Array(C.m.nv);  // (C)'s: a native joint's is MuJoCo's own
  // a native set's force limit, applied through its actuator's ctrl each step (nativeEdit.js
  // clampByCtrl: MuJoCo 3.14's JavaScript model cannot switch forcelimited on), its goal put back after
  const limited = rows.filter((r) => r.native?.limited && r.actuator)
    .map((r) => ({ act: r.actuator.index, qpos: C.m.jnt_qposadr[r.index], dof: C.m.jnt_dofadr[r.index] }));
  const goals = new Float64Array(limited.length);
  const pair = {
    A: { m: A.m, d: A.d, label: '(A) file as written' },
    C: { m: C.m, d: C.d, label: '(C) adopted', sim: simC },
    rows, keyframe, steps: 0,
    get time() { return C.d.time; },
    /** The goal of joint name [rad] (the robot layer's rule: A's
     *  position-like actuator's ctrl; C's goal source, or the servo's goal). */
    setGoal(name, rad) {
      robot.setGoal(robot.jointFind(name), rad, A.d.ctrl, C.d.ctrl);
    },
    goal(name) { return robot.goal(robot.jointFind(name)); },
    /** Back to keyframe k (−1: qpos0), goals at its angles, the lag cleared. */
    setKeyframe(k) {
      resetTo(mj, A.m, A.d, k);
      resetTo(mj, C.m, C.d, k);
      pair.keyframe = k;
      pair.steps = 0;
      robot.reset();
      // the core's state (the several-joint lag, the servos' goals and
      // counters) starts again from the held system at the keyframe
      simC = reattach(simC);
      pair.C.sim = simC;
      robot.startGoals(C.d.qpos, A.d.ctrl, C.d.ctrl);
    },
    /** n steps of both copies; a copy whose position leaves the finite
     *  range (an option gravity of −1e308, a gain MuJoCo's step cannot
     *  hold) stops the run with one sentence naming the copy and the time,
     *  as the command line stops (mujoco: "left the finite range"). */
    step(n = 1) {
      for (let s = 0; s < n; s++) {
        mj.mj_step(A.m, A.d);
        limited.forEach((x, i) => { goals[i] = C.d.ctrl[x.act]; });
        clampByCtrl(C.m, C.d, limited, goals);
        simC.step(1);
        limited.forEach((x, i) => { C.d.ctrl[x.act] = goals[i]; });
        pair.steps++;
        const a = finiteQpos(A.d.qpos), c = finiteQpos(C.d.qpos);
        if (!a || !c) {
          throw new Error(t('robot.err.nonfinite', { which: t(!a && !c ? 'robot.err.nonfinite.both' : !a ? 'robot.err.nonfinite.A' : 'robot.err.nonfinite.C'),
            t: fmtNumber(A.d.time) }));
        }
        if (robot.tick()) robot.record(A.d.qpos, C.d.qpos);
      }
    },
    /** Per adopted joint, for A and C: { joint, servo, state, q, sag_mrad,
     *  creep_mrad_s, tau_m, tau_f } (the robot layer's rows, fric_robot.h:
     *  sag goal − q; creep the mean speed over the last
     *  MJ_CONSTANTS.creepWindow s (the core's FRIC_ROBOT_CREEP_WINDOW); A's motor torque its actuator's, its
     *  friction MuJoCo's frictionloss force on the dof alone (no contact,
     *  limit or equality: frictionForce); C's the core's). */
    table() {
      const n = rows.length;
      const a = robot.rows(n, 0, { qpos: A.d.qpos, qvel: A.d.qvel, qfrcActuator: A.d.qfrc_actuator, qfrcConstraint: frictionForce(mj, A.m, A.d, fric) });
      const c = robot.rows(n, 1, { qpos: C.d.qpos, qvel: C.d.qvel, qfrcActuator: C.d.qfrc_actuator, qfrcConstraint: frictionForce(mj, C.m, C.d, fricC) });
      const row = (r, x, servo) => ({ joint: r.name, servo, state: x.stick ? 'STICK' : 'SLIP', q: x.q, sag_mrad: x.sag_mrad,
        creep_mrad_s: x.creep_mrad_s, tau_m: x.tau_m, tau_f: x.tau_f });
      return { A: rows.map((r, i) => row(r, a[i], 'file')), C: rows.map((r, i) => row(r, c[i], r.servo)) };
    },
    /** The adoption report as lines of text (what was removed and replaced). */
    report() {
      // the notes (a tendon, an equality, a joint passed over): the core's sentences, every door's
      const notes = robot.notes().map((n) => tCore(n)).concat(pair.carried ?? []);
      // a row's line: the core's pieces (fric_robot_report, the command line's too) in the page's language
      const line = (r, i) => robot.reportLine(i, r.servo).map((p) => tCore(p)).join(t('robot.report.sep'));
      return [pair.startLine(), pair.timestepNote, pair.integrator, ...(pair.unstable ?? [])].filter(Boolean)
        .concat(rows.map(line), notes);
    },
    /** The report's first line: the start (keyframe and physics step) and the default rule of every door. */
    startLine() {
      const k = pair.keyframe, h = A.m.opt.timestep, name = k < 0 ? '' : nameOf(mj, A.m, mjEnums(mj).objKey, k);
      const start = k < 0 ? t('robot.report.start.qpos0') : name ? t('robot.report.start.key', { name, k }) : t('robot.report.start.keyUnnamed', { k });
      return t('robot.report.start', { start, ms: fmt(h * 1e3), step: h === pair.fileTimestep ? t('robot.report.step.file')
        : t('robot.report.step.asked', { file: fmt(pair.fileTimestep * 1e3) }) });
    },
    free() {
      simC.free();
      robot.free();
      for (const x of [C, A]) { x.d.delete(); x.m.delete(); }
    },
  };
  robot.startGoals(C.d.qpos, A.d.ctrl, C.d.ctrl);
  return pair;
}
