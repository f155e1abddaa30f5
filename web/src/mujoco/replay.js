// mujoco/replay.js: a recorded log replayed through MuJoCo under one
// treatment, as fric_mujoco_replay does natively: the bench of the log's
// header as MJCF (the caller's: core.mujoco.benchMjcf with the log), the
// servo of the bench parameters with the log's gains, the first sample's
// angle and speed, then per sample: record θ, set the goal and torque
// enable, step. The In MuJoCo view's replay panel
// (web/src/views/mujoco/replay.js) tables it per treatment beside the
// model's own replay; tests/web/mujoco_fit.test.mjs compares it with the
// native runner (`friction mujoco`).
import { t } from '../i18n/index.js';
import { createSim } from './sim.js';

/** The log replayed through MuJoCo with treatment t: { mae, samples }. */
export function replayThroughMujoco(mj, core, { xml, bench, log, treatment }) {
  const drive = core.mujoco.logDrive(log);
  const sim = createSim(mj, core, { xml, joints: [{ name: 'joint', params: bench, log }], treatment });
  try {
    const j = sim.joints[0], N = drive.q.length;
    sim.d.qpos[j.qadr] = drive.q[0];
    sim.d.qvel[j.dof] = drive.speed[0];
    let sum = 0;
    for (let k = 0; k < N; k++) {
      sum += Math.abs(sim.q(0) - drive.q[k]);
      sim.goal(0, drive.goal[k], drive.torqueEnable[k]);
      sim.step(1);
      if (!Number.isFinite(sim.q(0))) throw new Error(t('mujoco.replay.nonFinite', { treatment, k }));
    }
    return { mae: sum / N, samples: N, usPerStep: (1e3 * sim.ms) / N };
  } finally {
    sim.free();
  }
}

/** The log replayed by MuJoCo with MuJoCo's own joint of the native params
 *  (an object of the native params file's keys): the log's bench MJCF with
 *  the class export's joint and actuator text (core.native.benchMjcf,
 *  fric_native_bench_mjcf through fric_native_mjcf_attrs), no friction of
 *  the core; the first sample's position and speed, then per sample: record
 *  q, ctrl = the goal, the actuation disabled (mjDSBL_ACTUATION) while the
 *  torque is off, mj_step: as `friction mujoco --params NATIVE.json --log`
 *  (fric_mujoco_native_replay). { mae, samples }. */
export function replayNativeThroughMujoco(mj, core, { params, log, name }) {
  const m = mj.MjModel.from_xml_string(core.native.benchMjcf(params, log, name));
  const d = new mj.MjData(m);
  try {
    const off = mj.mjtDisableBit.mjDSBL_ACTUATION.value;
    const drive = core.mujoco.logDrive(log, name), N = drive.q.length;
    d.qpos[0] = drive.q[0];
    d.qvel[0] = drive.speed[0];
    let sum = 0;
    for (let k = 0; k < N; k++) {
      sum += Math.abs(d.qpos[0] - drive.q[k]);
      d.ctrl[0] = drive.goal[k];
      m.opt.disableflags = drive.torqueEnable[k] ? (m.opt.disableflags & ~off) : (m.opt.disableflags | off);
      mj.mj_step(m, d);
      if (!Number.isFinite(d.qpos[0])) throw new Error(t('mujoco.replay.nonFinite', { treatment: 'native', k }));
    }
    return { mae: sum / N, samples: N };
  } finally {
    d.delete();
    m.delete();
  }
}
