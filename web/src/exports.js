// exports.js: research exports of a view's parameters. Every view can copy
// its full parameter set as JSON and restore it from pasted JSON; a servo
// preset can also be exported as a MuJoCo snippet and as the exact MuJoCo
// bench (mujocoBench: the MJCF, the params file and the adapter's call).
//
// The bench's JSON is flat, keyed by the bench scenario's parameter names,
// which are the keys of Rhoban/bam params/<actuator>/m<k>.json (kt, R,
// armature, q_offset, friction_base, …, model, actuator) plus the bench's
// other settings (mass, length, kp, dt, friction, trajectory, …); choices are
// written by name ("m4", "xl330"), "use the preset" values resolved to
// numbers. `friction run bench params=FILE` and `friction replay --params
// FILE` read it; pasting an identified params file restores that model.
//
// One module a role (exports/): json.js (a parameter set as JSON and back),
// servo.js (params files and servo vectors), mujoco.js (the snippet and the
// exact bench), panel.js (the panel every view shows).

export * from './exports/json.js';
export * from './exports/servo.js';
export * from './exports/mujoco.js';
export * from './exports/panel.js';
