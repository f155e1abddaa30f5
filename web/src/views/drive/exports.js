// drive/exports.js: the Drive view's research exports (exports.js): a servo
// preset as a params file (the keys of params/<actuator>/m<k>.json) and its
// MuJoCo snippet; the screw by name; a pasted file (a servo's, the screw's, or
// a native one: MuJoCo's own joint, its band drawn beside the model's) opens
// the view again with its values.
import { t } from '../../i18n/index.js';
import { exportPanel, checkObject, presetParamsText, presetFromObject, reloadWithState, servoBenchVector,
  servoExport, carriedKeys, carryEntry, withCarried } from '../../exports.js';
import { nativeFromObject, nativeEntry, nativeDrivePreset } from '../../nativeFile.js';
import { SCREW_FIELDS } from './fields.js';

/** The export panel of view v in the side column. */
export function drivePanel(v, side) {
  const { core, state, presets, integrator, integrators, SERVO_FIELDS, CONST_FIELDS } = v;
  const servoOf = () => (v.choice === 'screw' ? null : v.presetOf(v.choice));
  // the keys of the pasted file the core does not model: carried into every export
  const carry = carriedKeys(state);
  const panelOut = exportPanel(side, {
    fileName: 'drive',
    getParams: () => (servoOf() ? presetParamsText(core, servoOf(), v.law.friction, v.law.servo, integrator, carry)
      : { preset: 'screw', ...Object.fromEntries(SCREW_FIELDS.map((f) => [f.key, v.law[f.key]])) }),
    setParams: (obj) => {
      // a native file ("model": "native"): MuJoCo's own joint, its band drawn beside the model's
      // beside its actuator's highest published model (nativeDrivePreset), the values that preset gives
      if (obj && obj.model === 'native') {
        const f = nativeFromObject(core, obj, t), at = nativeDrivePreset(presets, f.actuator);
        const fresh = Object.fromEntries([...SERVO_FIELDS, ...CONST_FIELDS, { key: 'T' }, { key: 'actuator' }, { key: 'model' }].map((x) => [x.key, null]));
        reloadWithState(state, { ...nativeEntry(f), ...(at < 0 ? {} : { preset: String(at), ...fresh }) });
        return;
      }
      if (obj && obj.preset === 'screw') {
        reloadWithState(state, { ...checkObject(obj, [{ key: 'preset', choices: ['screw'] }, ...SCREW_FIELDS]), ...carryEntry(null) });
        return;
      }
      const { index, actuator, model, friction, servo, integrator: fileIntegrator, carry: c } = presetFromObject(core, obj);
      const coefficients = { ...friction };   // every coefficient, not the model's name
      delete coefficients.model;
      reloadWithState(state, { preset: index < 0 ? 'given' : String(index), ...(index < 0 ? { actuator, model } : {}), ...coefficients, ...servo,
        integrator: fileIntegrator === integrators[0] ? null : fileIntegrator, ...carryEntry(c) });
    },
    servo: () => servoOf() && servoExport(core, servoBenchVector(core, { actuator: servoOf().actuator, model: servoOf().model,
      servo: v.law.servo, friction: v.law.friction, integrator }), carry),
  });
  panelOut.carried(carry.length ? core.io.paramsFile(withCarried({}, carry), 'paste').warnings : []);
}
