// mujoco/runs.js: the In MuJoCo view's runs (index.js): one system's three
// treatments made in MuJoCo (sim.js: parsed once, each treatment from a copy
// of the model), the bench's (A) as MuJoCo's own joint when native params are
// in hand, and the runs stepped.
import { t, asSentence } from '../../i18n/index.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { createSims, createNativeSim, TREATMENTS } from '../../mujoco/sim.js';
import { DT, PLOT_EVERY, withKeyframe } from '../../mujoco/models.js';

/** The sims of one system (xml, its joints), a treatment each (TREATMENTS'
 *  order); natA: (A) as MuJoCo's own joint (liveNative's sim), or null. */
export function systemSims(mj, core, xml, joints, natA = null) {
  const ids = TREATMENTS.filter((tr) => !(natA && tr.key === 'A')).map((tr) => tr.id);
  const made = createSims(mj, core, { xml, joints, treatments: ids });
  if (!natA) return made;
  let nativeA;
  try {
    nativeA = createNativeSim(mj, natA);
  } catch (e) {
    made.forEach((x) => x.free());
    throw e;
  }
  return TREATMENTS.map((tr) => (tr.key === 'A' ? nativeA : made.shift()));
}

/** The bench's (A) as MuJoCo's own joint: { sim: createNativeSim's spec
 *  (the core's bench-native MJCF of the native params on this bench, its
 *  actuator holding the start angle) or null, text: what (A) runs, or why
 *  the native params do not run (another actuator's file) }; nativeParams():
 *  the native params in hand (replay.js), or null; throws a file's sentence. */
export function liveNative(core, m, nativeParams, bench) {
  if (!m.native) return { sim: null, text: '' };
  let f;
  try { f = nativeParams(); } catch (e) { return { sim: null, text: asSentence(e.message) }; }
  if (!f) return { sim: null, text: '' };
  const q0 = m.q0Deg * Math.PI / 180, at = (name) => bench[paramIndex(m.info, name)];
  const vec = core.scenario.params('bench-native', { ...f.params, actuator: m.choice('actuator'), trajectory: 'goal', goal: q0, q0,
    mass: at('mass'), length: at('length'), arm_mass: at('arm_mass'), dt: DT, log_kp: at('kp') });
  return { sim: { xml: withKeyframe(core.native.scenarioMjcf(vec), q0), goal: q0 }, text: t('mujoco.native.live', { act: f.actuator ?? m.choice('actuator') }) };
}

/** n steps of every run, the charts given a point every PLOT_EVERY steps. */
export function advanceRuns(runs, charts, n) {
  for (let done = 0; done < n; done += PLOT_EVERY) {
    const k = Math.min(PLOT_EVERY, n - done);
    for (const r of runs) for (const s of r.sims) s.step(k);
    charts.push(runs);
  }
}
