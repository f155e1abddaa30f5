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

import { el, button, download } from './dom.js';

/** A short, human description of a JSON value for a message. */
function what(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 24 ? `${v.slice(0, 24)}…` : v)}`;
  return String(v);
}
const num = (v) => String(v);
const unitOf = (u) => (u ? ` ${u}` : '');

/** The scenario parameter vector as a flat object {name: number | choice}. */
export function scenarioParamsToObject(info, values) {
  const out = {};
  info.params.forEach((p, j) => { out[p.name] = p.choices ? p.choices[values[j]] : values[j]; });
  return out;
}

/**
 * The parameter vector of scenario `info` from a pasted object: keys left out
 * keep the scenario's default; throws an Error naming the first bad key or
 * value (unknown key, wrong type, not a choice, out of range). Nothing is
 * applied by this function.
 */
export function scenarioParamsFromObject(core, info, obj) {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    throw new Error(`Expected one JSON object {"name": value, …}, found ${what(obj)}.`);
  }
  const names = info.params.map((p) => p.name);
  for (const [key, v] of Object.entries(obj)) {
    const p = info.params.find((q) => q.name === key);
    if (!p) {
      throw new Error(`unknown key \`${key}\`: ${info.name} has the parameters ${names.slice(0, 8).join(', ')}, … (${names.length} in all); remove it or fix its name.`);
    }
    if (p.choices) {
      if (typeof v !== 'string' || !p.choices.includes(v)) {
        throw new Error(`\`${key}\` = ${JSON.stringify(v)} is not one of ${p.choices.join(', ')}.`);
      }
    } else {
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new Error(`\`${key}\` must be a number${p.unit ? ` in ${p.unit}` : ''}, found ${what(v)}.`);
      }
      if (v < p.min || v > p.max) {
        throw new Error(`\`${key}\` = ${num(v)}${unitOf(p.unit)} is outside ${num(p.min)} … ${num(p.max)}${unitOf(p.unit)}.`);
      }
      if (p.integer && !Number.isInteger(v)) throw new Error(`\`${key}\` = ${num(v)} must be a whole number.`);
    }
  }
  return core.scenario.params(info.name, obj);
}

/**
 * A checked copy of `obj` against spec [{ key, min, max, unit, choices,
 * readOnly }] (for views whose parameters are not a scenario's): unknown
 * keys, wrong types and out-of-range values throw one sentence; readOnly keys
 * (derived or not used by the view) are accepted and left out, as are keys
 * absent from obj.
 */
export function checkObject(obj, spec) {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    throw new Error(`Expected one JSON object {"name": value, …}, found ${what(obj)}.`);
  }
  const out = {};
  for (const [key, v] of Object.entries(obj)) {
    const s = spec.find((x) => x.key === key);
    if (!s) throw new Error(`unknown key \`${key}\`: the keys are ${spec.map((x) => x.key).join(', ')}.`);
    if (s.readOnly) continue;
    if (s.choices) {
      if (!s.choices.includes(v)) throw new Error(`\`${key}\` = ${JSON.stringify(v)} is not one of ${s.choices.join(', ')}.`);
    } else if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new Error(`\`${key}\` must be a number${s.unit ? ` in ${s.unit}` : ''}, found ${what(v)}.`);
    } else if (v < s.min || v > s.max) {
      throw new Error(`\`${key}\` = ${num(v)}${unitOf(s.unit)} is outside ${num(s.min)} … ${num(s.max)}${unitOf(s.unit)}.`);
    }
    out[key] = v;
  }
  return out;
}

/** The motor constants of a params file, beside the friction coefficients:
 *  the keys of params/<actuator>/m<k>.json and of the bench scenario. */
export const SERVO_CONSTANTS = ['kt', 'R', 'armature', 'q_offset'];

/** The params file (params/<actuator>/m<k>.json) of a preset of
 *  core.bench.presets() with friction coefficients `friction` ({model, K_c,
 *  …}) and motor constants `servo` ({kt, R, armature, q_offset}; default the
 *  preset's): the core's writer (core.io.paramsText), byte for byte what
 *  `friction fit --out` writes for the same numbers. */
export function presetParamsText(core, preset, friction = preset.friction, servo = preset.servo) {
  return core.io.paramsText({ actuator: preset.actuator, servo,
    friction: { ...friction, model: friction.model ?? preset.model } });
}

/** The model choice (0-based: 0 = m1) of `actuator` nearest to `now` among
 *  those it has a published preset of (`now` when it has that one, or none
 *  at all: a servo of one's own): what an actuator switch picks, so that the
 *  bench stays buildable. */
export function nearestModel(core, actuator, now) {
  const have = core.bench.presets().filter((p) => p.actuator === actuator).map((p) => p.model - 1);
  if (!have.length || have.includes(now)) return now;
  return have.reduce((a, b) => (Math.abs(b - now) < Math.abs(a - now) ? b : a));
}

/** The bench scenario's parameter vector of a servo: actuator, model
 *  (1..6), motor constants `servo` and friction coefficients `friction`
 *  ({K_c, …}; a coefficient left out keeps "the preset"). */
export function servoBenchVector(core, { actuator, model, servo, friction }) {
  const byName = { actuator, model: `m${model}` };
  SERVO_CONSTANTS.forEach((k) => { byName[k] = servo[k]; });
  core.bench.servoCoefs().slice(1).forEach((c) => { if (friction[c.field] !== undefined) byName[c.key] = friction[c.field]; });
  return core.scenario.params('bench', byName);
}

/** What mujocoSnippet needs for the bench vector `values`: { o: the resolved
 *  values by name, servo: core.bench.servo, bench(opts): mujocoBench of the
 *  same values }; the one route of the bench, drive, fit and MuJoCo views,
 *  so each exports the numbers it shows. */
export function servoExport(core, values) {
  return { o: scenarioParamsToObject(core.scenario.find('bench'), core.bench.resolve(values)), servo: core.bench.servo(values),
    bench: (opts) => mujocoBench(core, values, opts) };
}

/** The params file of the bench vector `values` (resolved by the core): its
 *  actuator, model, motor constants (kt, R, armature, q_offset) and every
 *  coefficient the model uses, by the core's writer (core.io.paramsText,
 *  byte for byte `friction fit --out`'s for the same numbers). */
export function servoParamsText(core, values) {
  const o = scenarioParamsToObject(core.scenario.find('bench'), core.bench.resolve(values));
  const friction = { model: Number(o.model.slice(1)) };
  core.bench.servoCoefs().slice(1).forEach((c) => { friction[c.field] = o[c.key]; });
  return core.io.paramsText({ actuator: o.actuator, servo: Object.fromEntries(SERVO_CONSTANTS.map((k) => [k, o[k]])), friction });
}

/**
 * The exact MuJoCo bench of the servo of bench vector `values` (issue 20
 * item 4: what the MuJoCo snippet cannot carry, M1–M6 whole): files
 * [{ name, type, text }]:
 *   bench.xml          the pendulum bench as MJCF, the core's writer
 *                      (core.mujoco.benchMjcf = fric_mujoco_bench_mjcf, the
 *                      model `friction mujoco-model` writes); with `log` (a
 *                      parsed log), the bench of its header and step, so
 *                      that the log replays on it
 *   <a>-<m>.json       the params file (servoParamsText: every value)
 *   <a>-<m>-mujoco.sh  the command lines: `friction mujoco` on the two
 *                      files, a log's replay, the bench's own replay
 *   <a>-<m>-mujoco.c   the adapter called from C (fric_mujoco.h): attach,
 *                      step between mj_step1 and mj_step2, or replay a log
 * The servo's gains: a log's replay takes the log's kp and vin; otherwise
 * the CLI takes the core's defaults (a params file carries no gains) and
 * the C file sets this bench's kp and vin.
 */
export function mujocoBench(core, values, { log = null, logName = null } = {}) {
  const o = scenarioParamsToObject(core.scenario.find('bench'), core.bench.resolve(values));
  const { kp, vin } = core.bench.servo(values);
  const stem = `${o.actuator}-${o.model}`, params = `${stem}.json`, cName = `${stem}-mujoco.c`;
  const xml = core.mujoco.benchMjcf(values, log, logName ?? 'log');
  const L = log ? logName ?? 'LOG.json' : 'LOG.json';
  // the gains a params file leaves at "the preset's" (−1): what the CLI runs without a log
  const names = core.scenario.find('bench').params.map((q) => q.name), unset = Float64Array.from(values);
  unset[names.indexOf('kp')] = unset[names.indexOf('vin')] = -1;
  const defaults = core.bench.servo(unset);
  const sh = [
    '#!/bin/sh',
    `# ${stem}: the ${o.actuator} ${o.model.toUpperCase()} servo on the pendulum bench in MuJoCo, exactly (Friction Explorer;`,
    '# docs/mujoco.md). Files:',
    ...[['bench.xml', `the bench as MJCF (${log ? `the header of ${L}: mass, length, arm, its step` : `mass ${num(o.mass)} kg at ${num(o.length)} m, arm ${num(o.arm_mass)} kg, dt ${num(o.dt)} s`}),`],
      ['', 'written by the core (fric_mujoco_bench_mjcf, as friction mujoco-model); joint "joint"'],
      [params, 'the params file (the core\'s writer, as friction fit --out): kt, R, armature,'],
      ['', `q_offset and every coefficient of ${o.model.toUpperCase()}`],
      [cName, 'the same through the C API (fric_mujoco.h)']].map(([f, t]) => `#   ${f.padEnd(cName.length)}  ${t}`),
    `# Gains: a log's replay takes the log's kp and vin; without --log, friction mujoco takes the core's`,
    `# defaults (kp ${num(defaults.kp)}, vin ${num(defaults.vin)} V: a params file carries no gains); ${cName} sets this bench's (kp ${num(kp)}, vin ${num(vin)} V).`,
    '# friction: the project\'s tool (make cli: build/native/friction, with MuJoCo from Debian\'s libmujoco-dev).',
    'set -e',
    '# 10 s from the reference pose under the project\'s friction (or --treatment frictionloss | noslip):',
    `friction mujoco bench.xml --joint joint --params ${params} --treatment implicit --duration 10`,
    log ? `# ${L} replayed through MuJoCo (bench.xml is its bench), then on the project's own bench:`
      : '# A log replayed through MuJoCo: the bench of its header (the model\'s step must be the log\'s), then the replay:',
    ...(log ? [] : [`friction mujoco-model --log ${L} --params ${params} > bench-log.xml`]),
    `friction mujoco ${log ? 'bench.xml' : 'bench-log.xml'} --joint joint --params ${params} --log ${L}`,
    ...(log ? [] : ['# and on the project\'s own bench:']),
    `friction replay --params ${params} ${L}`,
    '',
  ].join('\n');
  const c = [
    `/* ${cName}: the ${o.actuator} ${o.model.toUpperCase()} servo on bench.xml through the core's MuJoCo adapter`,
    ' * (fric_mujoco.h, docs/mujoco.md). Build beside the project:',
    ` *   cc -Icore/include ${cName} build/native/libfriction_mujoco.a build/native/libfriction.a \\`,
    ' *      -lmujoco -lcjson -pthread -lm -o bench',
    ' * ./bench: 2 s toward a goal 0.5 rad above the start; ./bench LOG.json: the log replayed',
    ' * (bench.xml must then be its bench: friction mujoco-model), its MAE as friction mujoco prints it. */',
    '#include <stdio.h>',
    '#include "fric_io.h"',
    '#include "fric_mujoco.h"',
    '#include "fric_scenario.h"',
    '',
    'int main(int argc, char **argv)',
    '{',
    '    const fric_scenario *sc = fric_scenario_find("bench");',
    '    double p[FRIC_SCENARIO_MAX_PARAMS];',
    '    const char *why = "";',
    '    char err[1000];',
    '    fric_io_error e;',
    '    fric_mj_joint_def j = { .joint = "joint", .servo = 1 };',
    '    fric_scenario_defaults(sc, p);',
    `    if (fric_io_params_read("${params}", sc, p, &e)) { puts(e.message); return 2; }`,
    '    if (fric_bench_def_from_params(p, NULL, &j.bench, &why)) { puts(why); return 2; }',
    `    j.bench.kp = ${num(kp)}; j.bench.vin = ${num(vin)};   /* the bench's gains (a log's replace them) */`,
    '    mjModel *m = mj_loadXML("bench.xml", NULL, err, sizeof err);',
    '    if (!m) { puts(err); return 2; }',
    '    mjData *d = mj_makeData(m);',
    '    static fric_mujoco fm;',
    '    if (fric_mujoco_attach(&fm, m, d, &j, 1, FRIC_MJ_IMPLICIT, &why)) { puts(why); return 2; }',
    '    if (argc > 1) {',
    '        fric_io_log log;',
    '        fric_bench_replay_result r;',
    '        if (fric_io_log_read(argv[1], &log, &e)) { puts(e.message); return 2; }',
    '        if (fric_mujoco_replay_model(&fm, m, d, &log, NULL, 0, &r, &why)) { puts(why); return 2; }',
    '        printf("mae %.17g rad\\n", r.mae);',
    '        fric_io_log_free(&log);',
    '    } else {',
    '        double goal = d->qpos[0] + 0.5;',
    '        for (int k = 0; k < (int)(2 / m->opt.timestep); k++) {',
    '            fric_mujoco_goal(&fm, 0, goal, 1);   /* the servo\'s goal [rad], torque on */',
    '            mj_step1(m, d); fric_mujoco_apply(&fm, m, d); mj_step2(m, d);',
    '        }',
    '        printf("q %.17g rad, dq %.17g rad/s\\n", d->qpos[0], d->qvel[0]);',
    '    }',
    '    mj_deleteData(d);',
    '    mj_deleteModel(m);',
    '    return 0;',
    '}',
    '',
  ].join('\n');
  return [
    { name: 'bench.xml', type: 'application/xml', text: xml },
    { name: params, type: 'application/json', text: servoParamsText(core, values) },
    { name: `${stem}-mujoco.sh`, type: 'text/x-shellscript', text: sh },
    { name: cName, type: 'text/x-csrc', text: c },
  ];
}

/** Files [{ name, text }] as one text, each after a line `==> name <==`
 *  (head's), to copy at once. */
export function filesText(files) {
  return files.map((f) => `==> ${f.name} <==\n${f.text}`).join('\n');
}

/** A row of download buttons, one per file [{ name, type, text }]. */
export function fileButtons(files) {
  return el('div', { className: 'row export-files' }, ...files.map((f) => {
    const b = button(`⤓ ${f.name}`, `Save ${f.name}`);
    b.dataset.file = f.name;
    b.addEventListener('click', () => download(f.name, URL.createObjectURL(new Blob([f.text], { type: f.type }))));
    return b;
  }));
}

/** A pasted params file object → { index (in core.bench.presets(); −1:
 *  none published), actuator, model (1..6), friction ({model, K_c, …}), servo
 *  ({kt, R, armature, q_offset}), given (the motor constants the file gives) }:
 *  the preset its actuator and model name, with every key the file gives read
 *  by the core (core.io.paramsRead: the CLI's rules and messages; the bench's
 *  other settings, a pendulum export, are checked and not used); what the
 *  file leaves out is the preset's. A model with no published preset (a fit
 *  of a servo of one's own) takes the file's values alone: the core names
 *  what is missing. Throws one sentence for an unknown actuator, model, key
 *  or value. */
export function presetFromObject(core, obj) {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    throw new Error(`Expected one JSON object {"actuator": …, "model": …, …}, found ${what(obj)}.`);
  }
  const presets = core.bench.presets();
  const { actuator, model } = obj;
  const index = presets.findIndex((p) => p.actuator === actuator && `m${p.model}` === model);
  const bench = core.scenario.find('bench');
  const own = index < 0 && bench.params.find((q) => q.name === 'actuator').choices.includes(actuator)
    && bench.params.find((q) => q.name === 'model').choices.includes(model);
  if (index < 0 && !own) {
    throw new Error(`no identified preset for actuator ${JSON.stringify(actuator)} and model ${JSON.stringify(model)}; `
      + `the presets are ${[...new Set(presets.map((p) => p.actuator))].map((a) => {
        const ms = presets.filter((p) => p.actuator === a).map((p) => p.model);
        return `${a} m${ms.length > 1 ? `${ms[0]}–m${ms.at(-1)}` : ms[0]}`;
      }).join(', ')}.`);
  }
  // the preset's values (−1: the preset; q_offset: the preset's) where the file gives none
  const base = core.scenario.params('bench', { actuator, model, q_offset: own ? 0 : presets[index].servo.q_offset });
  const x = core.bench.resolve(core.io.paramsRead(obj, 'paste', base));
  const names = bench.params.map((q) => q.name);
  const k = Number(model.slice(1));
  const friction = { model: k };
  for (const c of core.bench.servoCoefs().slice(1)) friction[c.field] = x[names.indexOf(c.key)];
  const servo = Object.fromEntries(SERVO_CONSTANTS.map((key) => [key, x[names.indexOf(key)]]));
  return { index, actuator, model: k, friction, servo, given: SERVO_CONSTANTS.filter((key) => key in obj) };
}

/** Writes `entries` to the view's URL state and reloads: every view restores
 *  its whole state from the URL, so this applies a pasted parameter set. */
export function reloadWithState(state, entries) {
  state.set(entries);
  window.location.reload();
}

/**
 * A MuJoCo snippet (a <mujoco> document with one default class) for the
 * servo of a bench parameter object `o` (scenarioParamsToObject of resolved
 * values) and `servo` (core.bench.servo: control, kt, R, error_gain, max_pwm,
 * max_amps, max_volts, kp, vin).
 *
 * Derivation, from the bench's motor model (fric_bench.h; core/src/
 * bench_servo.c; Duclusaud & Passault eqs. 11-14):
 *   voltage servo: V = vin·clip(error_gain·kp·(q_goal − q), ±max_pwm),
 *                  τm = (kt/R)·V − (kt²/R)·q̇.
 *   MuJoCo's general actuator gives force = gain·ctrl + bias0 + bias1·q +
 *   bias2·q̇ (gaintype fixed, biastype affine), so with ctrl = V:
 *   gainprm = kt/R, biasprm = "0 0 −kt²/R", ctrlrange = ±vin·max_pwm (the
 *   duty clip). The firmware's P loop is the user's controller:
 *   ctrl = clip(vin·error_gain·kp·(q_goal − q), ±vin·max_pwm); near the goal
 *   it is a position servo of stiffness kt·vin·error_gain·kp/R N·m/rad.
 *   current servo (eRob): I = clip(kp·e − d·√kp·q̇, ±max_amps), τm = kt·I
 *   clipped to ±kt·max_volts/R − (kt²/R)·q̇: gainprm = kt, ctrl = I,
 *   ctrlrange = ±max_amps; the voltage bound has no MuJoCo equivalent.
 *   Friction: MuJoCo's joint has Coulomb (frictionloss) + viscous (damping)
 *   only, so frictionloss = K_c (friction_base) and damping = K_v
 *   (friction_viscous); the budget of M1 is exactly that. Armature = J_m.
 */
export function mujocoSnippet(o, servo) {
  const name = `${o.actuator}_${o.model}`;
  const kt = servo.kt, R = servo.R;
  const lost = [];
  const nz = (k) => typeof o[k] === 'number' && o[k] !== 0;
  if (nz('friction_stribeck')) lost.push(`Stribeck excess at rest K_c^s = ${num(o.friction_stribeck)} N·m (θ̇_s = ${num(o.dtheta_stribeck)} rad/s, α = ${num(o.alpha)})`);
  if (nz('load_friction_base') || nz('load_friction_stribeck')) {
    lost.push(`load dependence K_l = ${num(o.load_friction_base)}, K_l^s = ${num(o.load_friction_stribeck)} (M3, M4)`);
  }
  if (['load_friction_motor', 'load_friction_external', 'load_friction_motor_stribeck', 'load_friction_external_stribeck'].some(nz)) {
    lost.push(`motor/external load dependence K_m = ${num(o.load_friction_motor)}, K_e = ${num(o.load_friction_external)}, `
      + `K_m^s = ${num(o.load_friction_motor_stribeck)}, K_e^s = ${num(o.load_friction_external_stribeck)} (M5, M6)`);
  }
  if (nz('load_friction_motor_quad') || nz('load_friction_external_quad')) {
    lost.push(`quadratic terms K_m^q = ${num(o.load_friction_motor_quad)}, K_e^q = ${num(o.load_friction_external_quad)} 1/(N·m) (M6)`);
  }
  const friction = `frictionloss = K_c = ${num(o.friction_base)} N·m (friction_base); damping = K_v = ${num(o.friction_viscous)} N·m·s/rad (friction_viscous); armature = J_m = ${num(o.armature)} kg·m²`;
  let actuator, control;
  if (servo.control === 'current') {
    actuator = `<general gaintype="fixed" gainprm="${num(kt)}" biastype="none" ctrllimited="true" ctrlrange="${num(-servo.max_amps)} ${num(servo.max_amps)}"/>`;
    control = `ctrl is the current I [A]: force = kt·I with kt = ${num(kt)} N·m/A, I within ±${num(servo.max_amps)} A. `
      + `The drive's PD loop is yours: I = kp·(q_goal − q) − d·√kp·q̇ (kp = ${num(servo.kp)}, d = ${num(servo.d_gain)}). `
      + `Not expressible: the supply bound τm within ±kt·${num(servo.max_volts)} V/R − (kt²/R)·q̇ (R = ${num(R)} Ω).`;
  } else {
    const vmax = servo.vin * servo.max_pwm;
    actuator = `<general gaintype="fixed" gainprm="${num(kt / R)}" biastype="affine" biasprm="0 0 ${num(-(kt * kt) / R)}" ctrllimited="true" ctrlrange="${num(-vmax)} ${num(vmax)}"/>`;
    control = `ctrl is the motor voltage V [V]: force = (kt/R)·V − (kt²/R)·q̇ with kt = ${num(kt)} N·m/A, R = ${num(R)} Ω (back-EMF as the affine bias), `
      + `V within ±vin·max_pwm = ±${num(vmax)} V. The firmware P loop is yours: ctrl = clip(${num(servo.vin * servo.error_gain * servo.kp)}·(q_goal − q), ±${num(vmax)}) `
      + `(vin = ${num(servo.vin)} V, error_gain = ${num(servo.error_gain)} 1/rad, kp = ${num(servo.kp)}); near the goal a position servo of stiffness `
      + `${num(kt * servo.vin * servo.error_gain * servo.kp / R)} N·m/rad. With torque disabled the real servo gives no torque at all; here the bias still brakes.`;
  }
  const comment = (text) => `  <!-- ${text.replace(/--/g, '- -')} -->`;
  return [
    `<mujoco model="friction-explorer-${name}">`,
    comment(`Friction Explorer: ${o.actuator}, model ${o.model}. Use class="${name}" on the joint and on the actuator (add joint="…").`),
    comment(`Used: ${friction}.`),
    comment(lost.length
      ? `MuJoCo cannot express (left out, so the simulated friction is lower than ${o.model}'s budget): ${lost.join('; ')}. Only M1 is exact.`
      : `${o.model} has no Stribeck or load-dependent term here: the friction is exact.`),
    comment(control),
    '  <default>',
    `    <default class="${name}">`,
    `      <joint frictionloss="${num(o.friction_base)}" damping="${num(o.friction_viscous)}" armature="${num(o.armature)}"/>`,
    `      ${actuator}`,
    '    </default>',
    '  </default>',
    '</mujoco>',
    '',
  ].join('\n');
}

/**
 * exportPanel(parent, { getParams() -> plain object (or a params file's
 * text, core.io.paramsText), setParams(obj) (throws
 * an Error with a human message; nothing changes then), fileName, servo?:
 * () => servoExport(core, values) (mujocoSnippet's { o, servo } and the
 * exact bench's files), or null when no servo is chosen }) → { el }.
 */
export function exportPanel(parent, { getParams, setParams, fileName, servo, title = 'Parameters: copy and restore' }) {
  const box = el('section', { className: 'export-panel', 'aria-label': title });
  const copyBtn = button('Copy parameters (JSON)', 'The whole parameter set as one flat JSON object');
  const pasteBtn = button('Paste parameters…', 'Restore a parameter set from JSON');
  const mjBtn = servo ? button('MuJoCo snippet', 'Joint frictionloss, damping, armature and the actuator gain for MuJoCo') : null;
  const benchBtn = servo ? button('MuJoCo bench (exact)', 'The bench as MJCF, the params file and the adapter call (CLI and C) that run this servo in MuJoCo with all of M1–M6') : null;
  const row = el('div', { className: 'row' }, ...[copyBtn, pasteBtn, mjBtn, benchBtn].filter(Boolean));
  const status = el('div', { className: 'note export-status', role: 'status' });
  const outText = el('textarea', { className: 'export-text', readOnly: true, rows: 8, wrap: 'off', hidden: true, 'aria-label': 'Exported text' });
  const filesRow = el('div', { hidden: true });
  const pasteText = el('textarea', { rows: 8, placeholder: '{"actuator": "xl330", "model": "m4", …}', 'aria-label': 'Paste parameters as JSON' });
  const pasteMsg = el('div', { className: 'msg-bad', role: 'alert', hidden: true });
  const apply = button('Apply'), cancel = button('Cancel');
  const pasteBox = el('div', { className: 'export-paste', hidden: true }, pasteText, pasteMsg, el('div', { className: 'row' }, apply, cancel));
  box.append(el('h3', { textContent: title }), row, status, filesRow, outText, pasteBox);
  parent.append(box);

  async function show(text, what, files = null) {
    filesRow.hidden = !files;
    filesRow.replaceChildren(...(files ? [fileButtons(files)] : []));
    outText.value = text;
    outText.hidden = false;
    outText.dataset.kind = what;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        copied = true;
      }
    } catch { /* not allowed here: the text stays selectable below */ }
    status.textContent = copied ? `Copied the ${what} to the clipboard (also shown below).`
      : `The ${what} is below, selected: press Ctrl+C to copy it.`;
    if (!copied) { outText.focus(); outText.select(); }
  }

  copyBtn.addEventListener('click', () => {
    // an object, or a params file's text already written (by the core's writer)
    const o = getParams(), text = typeof o === 'string' ? o : `${JSON.stringify(o, null, 2)}\n`;
    const n = Object.keys(typeof o === 'string' ? JSON.parse(o) : o).length;
    show(text, `JSON of ${n} parameters${fileName ? ` (${fileName}.json)` : ''}`);
  });
  if (mjBtn) {
    mjBtn.addEventListener('click', () => {
      const s = servo();
      if (s) show(mujocoSnippet(s.o, s.servo), 'MuJoCo snippet');
      else status.textContent = 'The MuJoCo snippet is for a servo preset; choose one first.';
    });
    benchBtn.addEventListener('click', () => {
      const s = servo();
      if (!s) { status.textContent = 'The MuJoCo bench is for a servo preset; choose one first.'; return; }
      let files;
      try { files = s.bench(); } catch (e) { status.textContent = `The MuJoCo bench cannot be written: ${e.message}`; return; }
      show(filesText(files), `MuJoCo bench (${files.map((f) => f.name).join(', ')}; each file has its button)`, files);
    });
  }
  const closePaste = () => { pasteBox.hidden = true; pasteMsg.hidden = true; pasteBtn.focus(); };
  pasteBtn.addEventListener('click', () => {
    pasteBox.hidden = !pasteBox.hidden;
    pasteMsg.hidden = true;
    if (!pasteBox.hidden) pasteText.focus();
  });
  cancel.addEventListener('click', closePaste);
  function doApply() {
    let obj;
    try {
      obj = JSON.parse(pasteText.value);
    } catch {
      pasteMsg.textContent = pasteText.value.trim()
        ? 'That is not JSON: paste an object such as {"model": "m4", "kp": 32}. Nothing was changed.'
        : 'Nothing to apply: paste a JSON object first.';
      pasteMsg.hidden = false;
      return;
    }
    try {
      setParams(obj);
    } catch (e) {
      pasteMsg.textContent = `${e.message.charAt(0).toUpperCase()}${e.message.slice(1)} Nothing was changed.`;
      pasteMsg.hidden = false;
      return;
    }
    pasteMsg.hidden = true;
    pasteBox.hidden = true;
    status.textContent = `Applied ${Object.keys(obj).length} parameters.`;
  }
  apply.addEventListener('click', doApply);
  pasteBox.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { e.preventDefault(); closePaste(); }
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); doApply(); }
  });
  return { el: box };
}
