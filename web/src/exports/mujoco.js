// exports/mujoco.js: a servo taken into MuJoCo: the snippet (a default
// class: frictionloss, damping, armature, the actuator's gain) and the exact
// bench (the core's MJCF, the params file, the adapter's calls), and
// servoExport, the one route of the bench, drive, fit and MuJoCo views to both.

import { num, scenarioParamsToObject } from './json.js';
import { servoParamsText } from './servo.js';
import { commentText } from '../mujoco/mjText.js';

/** What mujocoSnippet needs for the bench vector `values`: { o: the resolved
 *  values by name, servo: core.bench.servo, bench(opts): mujocoBench of the
 *  same values }; the one route of the bench, drive, fit and MuJoCo views,
 *  so each exports the numbers it shows. */
export function servoExport(core, values, carry = []) {
  return { o: scenarioParamsToObject(core.scenario.find('bench'), core.bench.resolve(values)), servo: core.bench.servo(values),
    bench: (opts) => mujocoBench(core, values, { ...opts, carry }) };
}

/** The sentence every MuJoCo export carries on the integrator its numbers
 *  assume (o.integrator, the bench's choice: 'bam' or 'mujoco'; absent: bam,
 *  the params files' default). */
export function integratorNote(o) {
  return o.integrator === 'mujoco'
    ? 'Integrator: these numbers assume integrator mujoco, MuJoCo\'s Euler q\' = q + dq\'·dt (the params file says '
      + '"integrator": "mujoco"): MuJoCo steps the angle as the fit or bench that produced them did.'
    : 'Integrator: these numbers assume integrator bam, the reference\'s q\' = q + dq\'·dt + ½·a·dt²; MuJoCo\'s Euler '
      + 'drops the ½·a·dt² term, so in MuJoCo the model is not the one fitted: fit with integrator mujoco for MuJoCo.';
}

/**
 * The exact MuJoCo bench of the servo of bench vector `values` (what the
 * MuJoCo snippet cannot carry: M1–M6 whole): files
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
export function mujocoBench(core, values, { log = null, logName = null, carry = [] } = {}) {
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
    `# ${integratorNote(o)}`,
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
    ' * (bench.xml must then be its bench: friction mujoco-model), its MAE as friction mujoco prints it.',
    ` * ${integratorNote(o)} */`,
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
    '    fric_mujoco_joint_def j = { .joint = "joint", .servo = 1 };',
    '    fric_scenario_defaults(sc, p);',
    `    if (fric_io_params_read("${params}", sc, p, &e)) { puts(e.message); return 2; }`,
    '    if (fric_bench_def_from_params(p, NULL, &j.bench, &why)) { puts(why); return 2; }',
    `    j.bench.kp = ${num(kp)}; j.bench.vin = ${num(vin)};   /* the bench's gains (a log's replace them) */`,
    '    mjModel *m = mj_loadXML("bench.xml", NULL, err, sizeof err);',
    '    if (!m) { puts(err); return 2; }',
    '    mjData *d = mj_makeData(m);',
    '    static fric_mujoco fm;',
    '    if (fric_mujoco_init(&fm, m, d, &j, 1, FRIC_MUJOCO_IMPLICIT, &why)) { puts(why); return 2; }',
    '    if (argc > 1) {',
    '        fric_io_log log;',
    '        fric_bench_replay_result r;',
    '        if (fric_io_log_read(argv[1], &log, &e)) { puts(e.message); return 2; }',
    '        if (fric_mujoco_replay_model(&fm, m, d, &log, NULL, 0, &r, &why)) { puts(why); return 2; }',
    '        printf("mae %.17g rad\\n", r.mae);',
    '        fric_io_log_destroy(&log);',
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
    { name: params, type: 'application/json', text: servoParamsText(core, values, carry) },
    { name: `${stem}-mujoco.sh`, type: 'text/x-shellscript', text: sh },
    { name: cName, type: 'text/x-csrc', text: c },
  ];
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
 *   torque (Go1), current_host (HLS), current_p (XL330 current mode): the
 *   loop is a PD on the goal clipped at the output, which MuJoCo's general
 *   actuator is with ctrl = q_goal: gainprm = G, biasprm = "0 −G −D",
 *   forcerange = ±F (Go1: G = kp·ratio, D = damping, F = max_torque; HLS:
 *   G = kt·kp, D = kt·d·√kp, F = kt·max_amps; XL330 current mode: G =
 *   kt·kp·error_gain, D = 0, F = kt·current_limit, its supply window left out).
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
  // the drive's own PD loop on the goal, clipped, is a MuJoCo position servo
  // exactly: force = G·ctrl − G·q − D·q̇ within ±F, ctrl the goal angle
  const goalServo = (G, D, F) => `<general gaintype="fixed" gainprm="${num(G)}" biastype="affine" biasprm="0 ${num(-G)} ${num(-D)}" forcelimited="true" forcerange="${num(-F)} ${num(F)}"/>`;
  const goalText = (G, D, F) => `ctrl is the goal angle q_goal [rad]: force = clip(${num(G)}·(q_goal − q)${D ? ` − ${num(D)}·q̇` : ''}, ±${num(F)} N·m)`;
  if (servo.control === 'torque') {
    // fric_bench.h TORQUE (Unitree Go1): τm = clip(kp·ratio·(q_goal − q) − damping·q̇, ±max_torque)
    const G = servo.kp * servo.error_gain_ratio;
    actuator = goalServo(G, servo.damping, servo.max_torque);
    control = `${goalText(G, servo.damping, servo.max_torque)}, the drive's torque loop exactly `
      + `(kp = ${num(servo.kp)} N·m/rad × ratio ${num(servo.error_gain_ratio)}, damping = ${num(servo.damping)} N·m·s/rad, max_torque = ${num(servo.max_torque)} N·m).`;
  } else if (servo.control === 'current_host') {
    // fric_bench.h CURRENT_HOST (Feetech HLS): τm = kt·clip(kp·e − d·√kp·q̇, ±max_amps)
    const G = servo.kt * servo.kp, D = servo.kt * servo.d_gain * Math.sqrt(servo.kp), F = servo.kt * servo.max_amps;
    actuator = goalServo(G, D, F);
    control = `${goalText(G, D, F)}, the host's current loop exactly: kt·clip(kp·(q_goal − q) − d·√kp·q̇, ±max_amps) `
      + `(kt = ${num(servo.kt)} N·m/A, kp = ${num(servo.kp)}, d = ${num(servo.d_gain)}, max_amps = ${num(servo.max_amps)} A).`;
  } else if (servo.control === 'current_p') {
    // fric_bench.h CURRENT_P (XL330 current mode): I = kp·error_gain·e in the
    // supply's window [(−vin − kt·q̇)/R, (vin − kt·q̇)/R], then ±current_limit; τm = kt·I
    const G = servo.kt * servo.kp * servo.error_gain, F = servo.kt * servo.current_limit;
    actuator = goalServo(G, 0, F);
    control = `${goalText(G, 0, F)}: the firmware's current loop kt·clip(kp·error_gain·(q_goal − q), ±current_limit) `
      + `(kt = ${num(servo.kt)} N·m/A, kp = ${num(servo.kp)}, error_gain = ${num(servo.error_gain)} A/rad, current_limit = ${num(servo.current_limit)} A). `
      + `Not expressible: the supply's window, I within [(−vin − kt·q̇)/R, (vin − kt·q̇)/R] (vin = ${num(servo.vin)} V, R = ${num(servo.R)} Ω): `
      + `at speed MuJoCo's servo pushes harder than the real one.`;
  } else if (servo.control === 'current') {
    actuator = `<general gaintype="fixed" gainprm="${num(kt)}" biastype="none" ctrllimited="true" ctrlrange="${num(-servo.max_amps)} ${num(servo.max_amps)}"/>`;
    control = `ctrl is the current I [A]: force = kt·I with kt = ${num(kt)} N·m/A, I within ±${num(servo.max_amps)} A. `
      + `The drive's PD loop is yours: I = kp·(q_goal − q) − d·√kp·q̇ (kp = ${num(servo.kp)}, d = ${num(servo.d_gain)}). `
      + `Not expressible: the supply bound τm within ±kt·${num(servo.max_volts)} V/R − (kt²/R)·q̇ (R = ${num(R)} Ω).`;
  } else if (servo.control === 'voltage') {
    const vmax = servo.vin * servo.max_pwm;
    // the identified factor on the error gain (an STS3215 file's error_gain_ratio; 1
    // elsewhere) is part of the P loop: a fitted 0.72 left out made the loop 1/0.72 too
    // stiff
    const ratio = servo.error_gain_ratio > 0 ? servo.error_gain_ratio : 1;
    const gain = servo.vin * servo.error_gain * ratio * servo.kp;
    const ratioText = ratio === 1 ? '' : ` × error_gain_ratio ${num(ratio)}`;
    const smoothing = servo.max_velocity > 0
      ? ` The firmware smooths the goal first: its target moves toward q_goal at most max_velocity = ${num(servo.max_velocity)} rad/s, and the P loop acts on that target.` : '';
    actuator = `<general gaintype="fixed" gainprm="${num(kt / R)}" biastype="affine" biasprm="0 0 ${num(-(kt * kt) / R)}" ctrllimited="true" ctrlrange="${num(-vmax)} ${num(vmax)}"/>`;
    control = `ctrl is the motor voltage V [V]: force = (kt/R)·V − (kt²/R)·q̇ with kt = ${num(kt)} N·m/A, R = ${num(R)} Ω (back-EMF as the affine bias), `
      + `V within ±vin·max_pwm = ±${num(vmax)} V. The firmware P loop is yours: ctrl = clip(${num(gain)}·(q_goal − q), ±${num(vmax)}) `
      + `(vin = ${num(servo.vin)} V, error_gain = ${num(servo.error_gain)}${ratioText} 1/rad, kp = ${num(servo.kp)}); near the goal a position servo of stiffness `
      + `${num(kt * gain / R)} N·m/rad.${smoothing} With torque disabled the real servo gives no torque at all; here the bias still brakes.`;
  } else {
    throw new Error(`mujocoSnippet: no MuJoCo actuator is written for the control law '${servo.control}' of ${o.actuator}`);
  }
  const comment = (text) => `  <!-- ${commentText(text)} -->`;
  return [
    `<mujoco model="friction-explorer-${name}">`,
    comment(`Friction Explorer: ${o.actuator}, model ${o.model}. Use class="${name}" on the joint and on the actuator (add joint="…"). `
      + `A joint or actuator that takes values from a class (its class, a body's childclass: an axis, a range, an inheritrange) keeps them `
      + `only if this class is nested in that one: move the default class ${name} below into that class's default, after its elements.`),
    comment(`Used: ${friction}.`),
    comment(lost.length
      ? `MuJoCo cannot express (left out, so the simulated friction is lower than ${o.model}'s budget): ${lost.join('; ')}. Only M1 is exact.`
      : `${o.model} has no Stribeck or load-dependent term here: the friction is exact.`),
    comment(control),
    comment(integratorNote(o)),
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
