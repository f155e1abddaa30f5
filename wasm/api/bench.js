// bench.js: core.bench (fric_bench.h, fric_servo.h at the wasm wall,
// wasm/bindings_bench.c): servo presets, the bench scenario's parameters,
// replay of a log, the actuator aliases.
import { SERVO_KEYS, SERVO_FILE_KEYS, f64s, inp, out, outStruct, cstr, caller } from './base.js';

/** The exports this group calls, each with its C parameters (wasm/bindings_*.c):
 *  call() refuses an export not listed here or a wrong count of arguments. */
export const SIGNATURES = {
  fxb_servo_coef_used: 'model i',
  fxb_servo_coef_positive: 'i',
  fxb_preset_count: '',
  fxb_preset_at: 'i',
  fxb_bench_servo: 'p n out',
  fxb_bench_resolve: 'p n out',
  fxb_actuator_resolve: 'motor',
  fxb_actuator_note: 'motor buf cap',
  fxb_bench_replay: 'p n sim_q cap res lg',
};
const call = caller(SIGNATURES);

// fric_servo_control's values in their order (FRIC_SERVO_VOLTAGE = 0 … FRIC_SERVO_TORQUE = 4)
const SERVO_CONTROLS = ['voltage', 'current', 'current_host', 'current_p', 'torque'];

/** core.bench: fric_bench.h, fric_servo.h: servo presets, the bench scenario, replay of a log. */
export class BenchApi {
  constructor(core) { this._core = core; }

  /** The bench scenario's parameter names, in vector order. */
  _names() { return this._core.scenario.find('bench').params.map((q) => q.name); }

  /** Identified servo presets: [{ actuator, dir, model, friction: {model, K_c, …},
   *  servo: { kt, R, armature, q_offset } }] (the values of params/<dir>/m<k>.json). */
  presets() {
    if (this._presets) return this._presets;
    const out = [];
    for (let i = 0; i < call.value(this._core, 'fxb_preset_count'); i++) {
      const { actuator, dir, friction, servo: { kt, R, armature, q_offset, error_gain_ratio, max_velocity } } = this._core._read('bench_preset', call.value(this._core, 'fxb_preset_at', i));
      // the file's motor constants, and the STS3215 firmware's (1 and 0 for the others)
      out.push({ actuator, dir, model: friction.model, friction,
        servo: { kt, R, armature, q_offset, error_gain_ratio, max_velocity } });
    }
    this._presets = out;
    return out;
  }

  /** The bench scenario's parameter vector with every −1 (preset) resolved. */
  resolve(params) {
    const names = this._names();
    const x = f64s('params', params, { length: names.length, names });
    return call(this._core, 'fxb_bench_resolve', [inp(x), x.length, out(Float64Array, x.length)], { names }).out[0];
  }

  /** The servo the bench parameters resolve to: { control: 'voltage'|'current'|
   *  'current_host'|'current_p'|'torque' (fric_servo_control, in its order),
   *  kt [N·m/A], R [Ω], armature [kg·m²], q_offset [rad], error_gain [1/rad],
   *  max_pwm, d_gain, max_amps [A], max_volts [V], kp, vin [V] }. */
  servo(params) {
    const names = this._names();
    const x = f64s('params', params, { length: names.length, names });
    const d = call(this._core, 'fxb_bench_servo', [inp(x), x.length, outStruct('bench_def')], { names }).out[0];
    // the actuator's own defaults are not part of the answer: kp and vin are the bench's
    const servo = Object.fromEntries(Object.entries(d.servo).filter(([k]) => k !== 'vin_default' && k !== 'kp_default'));
    return { ...servo, control: SERVO_CONTROLS[servo.control], kp: d.kp, vin: d.vin };
  }

  /** Replays a recorded log (the parsed BAM JSON object) with the bench
   *  parameters; returns { mae, maxErr, samples, dt, resampled, reversals,
   *  t, simQ, logQ, goal }: logQ and goal are the recorded series that is
   *  scored (the core's resampling, fric_io_log_sample). A refused log throws
   *  as io.checkLog. */
  replay(params, log, source = 'log') {
    const names = this._names();
    const x = f64s('params', params, { length: names.length, names });
    return this._core._withLog(log, source, (L) => {
      L._live();
      const samples = L.samples, cap = Math.max(1, samples), F = Float64Array;
      const { out: [simQ, r] } = call(this._core, 'fxb_bench_replay',
        [inp(x), x.length, out(F, cap), cap, outStruct('bench_replay_result'), L._h], { names });
      const { t, q: logQ, goal } = L._series();
      const part = (a) => a.slice(0, samples);
      return { mae: r.mae, maxErr: r.max_err, samples: r.samples, dt: r.dt, resampled: r.resampled !== 0,
        reversals: r.reversals, t: part(t), simQ: part(simQ), logQ: part(logQ), goal: part(goal) };
    });
  }

  /** The bench actuator a log's `motor` field names (fric_bench_actuator_resolve:
   *  case, '-', '.' and white space ignored; aliases such as "sts3250" →
   *  'sts3215', the CLI's table), or null when none (or motor is not a string). */
  actuatorOf(motor) {
    if (typeof motor !== 'string') return null;
    const { rc } = call(this._core, 'fxb_actuator_resolve', [cstr(motor, 'motor')], { ok: () => true });
    return rc ? this._core._str(rc) : null;
  }

  /** The core's one sentence when a log's `motor` field is not the actuator's
   *  own name but resolves to it (fric_bench_actuator_note: "sts3250" →
   *  sts3215, as `friction fit` prints it), or null; its id and named values
   *  (bench.actuator_alias: motor, act) are then core.sentence()'s. */
  actuatorNote(motor) {
    if (typeof motor !== 'string') return null;
    const { rc, out: [text] } = call(this._core, 'fxb_actuator_note', [cstr(motor, 'motor'), out(Uint8Array, 512), 512], { ok: () => true });
    return rc > 0 ? new TextDecoder().decode(text.subarray(0, Math.min(rc, 511))) : null;
  }

  /** The servo friction model's numbers, in binding order, as the core defines them:
   *  [{ field: 'K_c', key: 'friction_base', positive, models: [1, …, 6] }, …] (index 0: the model). */
  servoCoefs() {
    return SERVO_KEYS.map((field, i) => ({
      field, key: SERVO_FILE_KEYS[i], positive: call.value(this._core, 'fxb_servo_coef_positive', i) !== 0,
      models: [1, 2, 3, 4, 5, 6].filter((k) => call.value(this._core, 'fxb_servo_coef_used', k, i) !== 0),
    }));
  }
}
