// pendulum/panels.js: the panels below the bench: the replay of a recorded
// log under M1–M6 and the native joint (web/src/replay.js), and the research
// exports (exports.js): the bench as a flat params file, MuJoCo.
import { t } from '../../i18n/index.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { replayPanel } from '../../replay.js';
import { exportPanel, scenarioParamsToObject, reloadWithState, servoExport, carriedKeys, carryEntry, withCarried } from '../../exports.js';
import { nativeFromObject, nativeEntry } from '../../nativeFile.js';

/** The replay panel of view p in mainCol. */
export function benchReplay(p, mainCol) {
  const { core, state, m, info, values, fricIdx, fricChoices, actIdx, native, panel, ui } = p;
  return replayPanel(mainCol, {
    native: () => native, dropNative: () => reloadWithState(state, nativeEntry(null)),
    core, info, values: () => values, treatment: () => fricChoices[values[fricIdx]],
    actuator: () => info.params[actIdx].choices[values[actIdx]],
    // a log of another actuator: its actuator, a model it has, the log's kp
    selectActuator: (name, log) => {
      panel.set('actuator', info.params[actIdx].choices.indexOf(name));
      const from = ui.pickModel();
      const kp = info.params[paramIndex(info, 'kp')];
      const kpOk = log && Number.isFinite(log.kp) && log.kp >= 1 && log.kp <= kp.max;
      if (kpOk) panel.set('kp', log.kp);
      ui.loadPresetCoefficients({ keep: kpOk ? ['kp'] : [] });
      p.restart();
      return `${from ? t('pendulum.replay.model', { from: from.toUpperCase(), to: `M${m.val('model') + 1}`, name }) : ''}`
        + `${kpOk ? t('pendulum.replay.kp', { kp: log.kp }) : ''}`;
    },
  });
}

/** The export panel of view p in side. */
export function benchExports(p, side) {
  const { core, state, info, values } = p;
  // the keys of the pasted file the core does not model: carried into every export
  const carry = carriedKeys(state);
  const panelOut = exportPanel(side, {
    fileName: 'bench',
    getParams: () => withCarried(scenarioParamsToObject(info, core.bench.resolve(values)), carry),
    setParams: (obj) => {
      // a native file ("model": "native"): MuJoCo's own joint, kept beside the bench for the replay
      if (obj && obj.model === 'native') { reloadWithState(state, nativeEntry(nativeFromObject(core, obj, t))); return; }
      // read by the core, key by key, as `friction run bench params=FILE` reads a file
      const { values: v, carry: c } = core.io.paramsFile(obj, 'paste');
      core.bench.resolve(v);
      // a value equal to its preset's (resolved for the pasted actuator and
      // model) comes back as its "use the preset" box ticked (-1): the view's
      // own export pasted back gives the same state, not only the same values
      // An actuator with no published file of the pasted model (a fitted
      // sts3215 M4) has no presets to compare with: every value stays typed.
      let preset = null;
      try {
        preset = core.bench.resolve(Array.from(v, (x, i) => (info.params[i].preset ? -1 : x)));
      } catch {
        preset = null;
      }
      const q = preset ? Array.from(v, (x, i) => (info.params[i].preset && x === preset[i] ? -1 : x)) : v;
      reloadWithState(state, { ...scenarioParamsToObject(info, q), ...carryEntry(c) });
    },
    servo: () => servoExport(core, values, carry),
  });
  panelOut.carried(carry.length ? core.io.paramsFile(withCarried({}, carry), 'paste').warnings : []);
}
