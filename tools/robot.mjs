#!/usr/bin/env node
// robot.mjs: the headless runner of a robot with identified servos: the
// explorer's own code (web/src/mujoco/robot.js) in Node, MuJoCo 3.14
// (npm @mujoco/mujoco) and the core's wasm. Loads an MJCF with the files it
// names in its folder (its includes and meshes, sized before they are read:
// robotFiles.js readRobotSync), adopts the servos of the mapping and runs the two
// copies, (A) the file as written and (C) adopted, from a keyframe; prints
// the adoption report and the per-joint table (and CSV).
//
//   node tools/robot.mjs ROBOT.xml --servos MAPPING [--params [NAME=]FILE.json ...]
//        [--seconds S] [--keyframe K] [--goal JOINT=RAD ...] [--kp N]
//        [--keep-armature] [--timestep S] [--csv OUT.csv] [--report-csv OUT.csv]
//        [--time-limit S]
//   make robot ROBOT=path/to/scene.xml SERVOS='class:sts3215=sts3215/m1'
//   node tools/robot.mjs path/to/2r_mx/scene.xml --fig1 [--kp N] [--csv OUT.csv]
//        the paper's Fig. 1 B/C on bam's 2R arm (web/src/mujoco/fig1.js,
//        the page's own function): M1 against M4 on the triangle path at kp N
//        (default: the low and the high gain); the CSV holds the trajectories
//
// MAPPING: entries TARGET=SERVO separated by ',' or ';': TARGET a joint's
// name, class:NAME (an MJCF default class) or *; SERVO a preset
// actuator/mK (sts3215/m1, mx106/m4, ...) or @NAME of a --params file
// (--params FILE.json without NAME=: the name the page gives it,
// servoFile.js servoName: xl330-m4.json is @xl330-m4).
// Exit 0; 2 with one sentence on stderr for anything refused.
//
// The time limit: the work (reading the files, MuJoCo's compile, the run)
// runs in a worker thread the main thread ends when it passes --time-limit
// seconds of wall clock (default TIME_LIMIT.seconds), with exit 2 and one
// sentence: MuJoCo's compile is one call into its wasm that nothing else
// can interrupt (the page has the same guard, views/mujoco/robotWorker.js).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, workerData } from 'node:worker_threads';
import loadMujoco from '@mujoco/mujoco';
import { loadFrictionCore, MJ_CONSTANTS } from '../wasm/friction.js';
import { createRobotPair, robotTableCsv, robotReportCsv, robotCsvComments, ROBOT_LIMITS } from '../web/src/mujoco/robot.js';
import { readRobotSync } from '../web/src/mujoco/robotFiles.js';
import { servoName } from '../web/src/servoFile.js';
import { isNativeObject } from '../web/src/nativeFile.js';
import { listFiles, folderReal } from './examples.mjs';
import { FIG1, runFig1 } from '../web/src/mujoco/fig1.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The wall-clock limit on a run (reading, compiling, stepping) [s]: 600 s
 *  by default. The SO-101 (its 13 meshes' hulls) loads and runs 10 s in
 *  about 10 s on this 2-core machine, 20 s under load; the longest run
 *  --seconds allows (3600 s of the SO-101 at 2 ms) about 3 minutes; a file
 *  MuJoCo reads for minutes (a deep chain ran >10 min before the
 *  core's text check) is stopped. At most max [s] (a day). */
export const TIME_LIMIT = { seconds: 600, max: 86_400 };

const USAGE = `usage: node tools/robot.mjs ROBOT.xml --servos MAPPING [--params [NAME=]FILE.json ...]
         [--seconds S] [--keyframe K] [--goal JOINT=RAD ...] [--kp N] [--keep-armature]
         [--timestep S] [--csv OUT.csv] [--report-csv OUT.csv]
       node tools/robot.mjs 2r_mx/scene.xml --fig1 [--kp N] [--csv OUT.csv]
  MAPPING: TARGET=SERVO entries separated by ',' (TARGET: a joint, class:NAME or *;
  SERVO: a preset actuator/mK such as sts3215/m1, or @NAME of a --params file;
  --params FILE.json alone is named as the page names it: xl330-m4.json is @xl330-m4).
  Runs (A) the file as written and (C) adopted for S seconds (default 10) from
  keyframe K (−1: the reference pose qpos0) and prints the table. The default
  start, the page's and \`friction mujoco --adopt\`'s too: the first keyframe,
  else qpos0, at the file's timestep.
  --timestep S: the physics step of both copies in seconds (default: the file's;
  0.001 is the page's 1 kHz choice). --csv: the table as the page's "Download CSV"
  writes it; --report-csv: the adoption report as CSV.
  --fig1: the paper's Fig. 1 B/C on bam's 2R arm (its folder's scene.xml): M1
  against M4 on the triangle path at kp N (default ${FIG1.gains.low} and ${FIG1.gains.high}), simulated.
  --time-limit S: the wall-clock limit in seconds on reading, compiling and running
  (default ${TIME_LIMIT.seconds}, at most ${TIME_LIMIT.max}); past it the run is stopped: exit 2, one sentence.`;

class Refusal extends Error {}

/**
 * The folder dir as a drop (robotFiles.js): a file's size from fs.stat
 * before it is read, and only the files asked for read. A symbolic link in
 * the folder (a linked assets/ or meshes/ folder, a linked file) is
 * followed when where it leads is inside dir (fs.realpathSync); one that
 * leads outside is refused in one sentence naming it, and a name with '..'
 * is not the folder's: nothing outside dir is read. The listing of every
 * file (paths(): the main file to choose, a file to find by its name) is
 * made only when asked, through the same links, each folder once.
 */
export function folderDrop(dir) {
  const where = folderReal(dir);
  const size = (rel) => {
    const parts = rel.split('/');
    if (!rel || parts.some((x) => x === '' || x === '.' || x === '..')) return null;
    const p = path.join(dir, ...parts);
    let st;
    try { st = fs.statSync(p); } catch { return null; }
    if (!st.isFile()) return null;
    const w = where(p);
    if (!w.inside) {
      throw new Error(`'${rel}' leads through a symbolic link out of the robot's folder (to ${w.real}); nothing outside the folder is read: move the linked files into ${dir} (a link that stays inside it is followed).`);
    }
    return st.size;
  };
  let list = null;
  return {
    size,
    read: (rel) => new Uint8Array(fs.readFileSync(path.join(dir, rel))),
    paths: () => (list ??= listFiles(dir)),
  };
}

/** The robot of the folder dir (relative paths → bytes): its main MJCF
 *  (main, a path relative to dir, else as the page chooses), the files it
 *  includes and the assets they name, each sized before it is read (with
 *  core: the core's one size check, core.io.checkSize, as the page's and
 *  `friction mujoco`'s); no other file of the folder is read. Refused in
 *  one sentence. */
export function readFolder(dir, main = null, core = null) {
  try {
    return readRobotSync(folderDrop(dir), main, { core }).files;
  } catch (e) {
    throw new Refusal(e.message);
  }
}

const pad = (s, n) => String(s).padEnd(n);
// a number below the print threshold (the core's FRIC_ROBOT_PRINT_ZERO, in the column's unit) as 0
const num = (x, d) => (Number.isFinite(x) ? (Math.abs(x) < MJ_CONSTANTS.printZero ? 0 : x).toFixed(d) : '—');

/** The per-joint table as text lines. */
export function tableLines(table) {
  const head = `${pad('copy', 5)}${pad('joint', 16)}${pad('servo', 28)}${pad('state', 7)}${'sag [mrad]'.padStart(12)}${'creep [mrad/s]'.padStart(16)}${'τm [N·m]'.padStart(11)}${'τf [N·m]'.padStart(11)}`;
  const lines = [head];
  for (const key of ['A', 'C']) {
    for (const r of table[key]) {
      lines.push(`${pad(key, 5)}${pad(r.joint, 16)}${pad(r.servo, 28)}${pad(r.state, 7)}${num(r.sag_mrad, 4).padStart(12)}${num(r.creep_mrad_s, 6).padStart(16)}${num(r.tau_m, 4).padStart(11)}${num(r.tau_f, 4).padStart(11)}`);
    }
  }
  return lines;
}

/** name=value pairs of a repeated option. */
function pairs(list, what) {
  return (list ?? []).map((s) => {
    const at = s.indexOf('=');
    if (at <= 0) throw new Refusal(`${what} '${s}' is not NAME=VALUE.`);
    return [s.slice(0, at), s.slice(at + 1)];
  });
}

async function main(argv) {
  let a;
  try {
    a = parseArgs({ args: argv, allowPositionals: true, options: {
      servos: { type: 'string' }, params: { type: 'string', multiple: true }, seconds: { type: 'string', default: '10' },
      keyframe: { type: 'string' }, goal: { type: 'string', multiple: true }, kp: { type: 'string' },
      'keep-armature': { type: 'boolean', default: false }, csv: { type: 'string' }, 'report-csv': { type: 'string' }, timestep: { type: 'string' }, help: { type: 'boolean', default: false },
      fig1: { type: 'boolean', default: false }, 'time-limit': { type: 'string' } } });
  } catch (e) {
    throw new Refusal(`${e.message}\n${USAGE}`);
  }
  if (a.values.help) { console.log(USAGE); return; }
  const [robot] = a.positionals;
  if (a.values.fig1) return fig1(robot, a.values);
  if (!robot || !a.values.servos) throw new Refusal(`Give the robot's MJCF and --servos.\n${USAGE}`);
  if (!fs.existsSync(robot)) throw new Refusal(`No file ${robot}.`);
  // the default start (robot.js startKeyframe): null here, the first keyframe or qpos0 there
  const seconds = Number(a.values.seconds), keyframe = a.values.keyframe == null ? null : Number(a.values.keyframe);
  if (!(seconds > 0 && seconds <= 3600)) throw new Refusal(`--seconds ${a.values.seconds} is not a duration in 0 … 3600 s.`);
  if (keyframe != null && (!Number.isInteger(keyframe) || keyframe < -1)) throw new Refusal(`--keyframe ${a.values.keyframe} is not a keyframe index (−1: qpos0).`);
  const kp = a.values.kp == null ? null : Number(a.values.kp);
  const timestep = a.values.timestep == null ? null : Number(a.values.timestep);   // [s]
  if (timestep != null && !(timestep >= ROBOT_LIMITS.minTimestep && timestep <= ROBOT_LIMITS.maxTimestep)) {
    throw new Refusal(`--timestep ${a.values.timestep} is not a physics step in ${ROBOT_LIMITS.minTimestep} … ${ROBOT_LIMITS.maxTimestep} s.`);
  }
  // --params FILE.json: named as the page names a chosen file (servoName: xl330-m4.json → @xl330-m4)
  const paramsFiles = pairs((a.values.params ?? []).map((s) => (s.includes('=') ? s : `${servoName(s)}=${s}`)), '--params');
  const unread = (k, f, e) => new Refusal(`--params ${k}=${f}: ${e.code === 'ENOENT' ? 'no such file' : e.message}.`);
  const sizes = paramsFiles.map(([k, f]) => {
    try { return fs.statSync(f).size; } catch (e) { throw unread(k, f, e); }
  });
  const goals = pairs(a.values.goal, '--goal').map(([k, v]) => {
    const x = Number(v);
    if (!Number.isFinite(x)) throw new Refusal(`--goal ${k}=${v}: the goal is not a number of radians.`);
    return [k, x];
  });

  const dir = path.dirname(path.resolve(robot));
  const [mj, core] = await engines();
  const files = readFolder(dir, path.basename(robot), core);
  // each --params file sized before it is read (core.io.checkSize, the CLI's
  // limit and sentence), then read
  const servos = Object.fromEntries(paramsFiles.map(([k, f], i) => {
    try { core.io.checkSize('params', sizes[i], f); } catch (e) { throw new Refusal(e.message); }
    try { return [k, JSON.parse(fs.readFileSync(f, 'utf8'))]; } catch (e) { throw unread(k, f, e); }
  }));
  // each --params file checked as every door checks it (core.io.servoFile,
  // `friction replay --params`'s check): refused in the core's sentence; each
  // key it carries (not modelled: a fork's command_delay) noted on stderr, as
  // the CLI notes it, and in the adoption report (stdout, --report-csv) when
  // the mapping, when it adopts the file (a native file, "model": "native",
  // is MuJoCo's own servo: the adoption checks it, createRobotPair)
  for (const [k, f] of paramsFiles) {
    if (isNativeObject(servos[k])) continue;
    let r;
    try { r = core.io.servoFile(servos[k], f); } catch (e) { throw new Refusal(e.message); }
    for (const w of r.warnings) process.stderr.write(`robot: ${w}\n`);
  }
  process.stderr.write(`loading ${path.basename(robot)} (${files.size} files) in MuJoCo 3.14 …\n`);
  let pair;
  try {
    // sources: each file named as given, in the core's sentences (the carried keys' notes of the report)
    pair = createRobotPair(mj, core, { files, main: path.basename(robot), mapping: a.values.servos, servos, sources: Object.fromEntries(paramsFiles), keyframe,
      keepArmature: a.values['keep-armature'], kp, timestep });
  } catch (e) {
    throw new Refusal(e.message);
  }
  try {
    // the run's length bounded (the core's FRIC_ROBOT_MAX_STEPS, as `friction mujoco`'s)
    const asked = Math.ceil(seconds / pair.A.m.opt.timestep - 1e-9);
    if (asked > MJ_CONSTANTS.maxSteps) throw new Refusal(`--seconds ${seconds} is ${asked.toPrecision(3)} steps of ${pair.A.m.opt.timestep} s; at most ${MJ_CONSTANTS.maxSteps}.`);
    const names = new Set(pair.rows.map((r) => r.name));
    for (const [k, x] of goals) {
      if (!names.has(k)) throw new Refusal(`--goal ${k}: no adopted joint is called '${k}'; adopted: ${[...names].join(', ')}.`);
      // the core's bound (FRIC_ROBOT_GOAL_MAX): refused in its sentence, naming the joint
      try { pair.setGoal(k, x); } catch (e) { throw new Refusal(`--goal: ${e.message}`); }
    }
    console.log(`# ${robot}: MuJoCo 3.14, timestep ${pair.A.m.opt.timestep} s, ${seconds} s from ${pair.keyframe < 0 ? 'qpos0' : `keyframe ${pair.keyframe}`}`);
    console.log('# adoption (C):');
    for (const line of pair.report()) console.log(`#   ${line}`);
    const steps = Math.round(seconds / pair.A.m.opt.timestep), chunk = Math.max(1, Math.round(steps / 20));
    const t0 = performance.now();
    for (let done = 0; done < steps; done += chunk) {
      pair.step(Math.min(chunk, steps - done));
      if (tty) process.stderr.write(`\r  ${(pair.time).toFixed(2)} / ${seconds} s`);
    }
    const ms = performance.now() - t0;
    process.stderr.write(`\r  ${seconds} s simulated in ${(ms / 1e3).toFixed(1)} s (${((1e3 * ms) / steps).toFixed(1)} µs per step of both copies)\n`);
    const table = pair.table();
    for (const line of tableLines(table)) console.log(line);
    const comments = robotCsvComments(pair, { main: robot, mapping: a.values.servos });
    if (a.values.csv) fs.writeFileSync(a.values.csv, robotTableCsv(table, pair.time, comments));
    if (a.values['report-csv']) fs.writeFileSync(a.values['report-csv'], robotReportCsv(pair, comments));
  } finally {
    pair.free();
  }
}

/** The --time-limit of argv [s] (TIME_LIMIT.seconds when not given);
 *  refused in one sentence when it is not a time in (0, TIME_LIMIT.max] s. */
export function timeLimitOf(argv) {
  let v;
  try {
    v = parseArgs({ args: argv, strict: false, allowPositionals: true, options: { 'time-limit': { type: 'string' } } }).values['time-limit'];
  } catch {
    return TIME_LIMIT.seconds;   // the run's own parse says what is wrong
  }
  if (typeof v !== 'string') return TIME_LIMIT.seconds;   // none given (or no value: the run's own parse says so)
  const s = Number(v);
  if (!(s > 0 && s <= TIME_LIMIT.max)) throw new Refusal(`--time-limit ${v} is not a time in 0 … ${TIME_LIMIT.max} s.`);
  return s;
}

/** The run of argv in a worker thread, ended when it passes its time limit
 *  (timeLimitOf): exit 2 with one sentence; else the run's own exit. */
function supervise(argv) {
  let limit;
  try {
    limit = timeLimitOf(argv);
  } catch (e) {
    process.stderr.write(`robot: ${e.message}\n`);
    process.exit(2);
  }
  const w = new Worker(new URL(import.meta.url), { workerData: { robotRun: argv, tty: !!process.stderr.isTTY } });
  const timer = setTimeout(() => {
    process.stderr.write(`${process.stderr.isTTY ? '\n' : ''}robot: the run did not end within its time limit of ${limit} s `
      + `(reading the files, MuJoCo's compile and the steps, wall clock): stopped; --time-limit S sets another.\n`);
    process.exit(2);   // the worker ends with the process, in MuJoCo's wasm or not
  }, limit * 1000);
  w.on('error', (e) => { clearTimeout(timer); process.stderr.write(`robot: ${e.stack ?? e}\n`); process.exitCode = 2; });
  w.on('exit', (code) => { clearTimeout(timer); process.exitCode ||= code; });
}

/** The MuJoCo and core modules for Node. */
function engines() {
  return Promise.all([loadMujoco(), loadFrictionCore({ wasmBinary: fs.readFileSync(path.join(ROOT, 'build/wasm/friction_core.wasm')) })]);
}

/** --fig1: fig1.js's figure on the 2R arm's folder, printed (and its trajectories as CSV). */
async function fig1(robot, v) {
  if (!robot || !fs.existsSync(robot)) throw new Refusal(`Give bam's 2R arm's scene.xml (2R/2r_mx/scene.xml)${robot ? `: no file ${robot}` : ''}.`);
  const gains = v.kp == null ? [FIG1.gains.low, FIG1.gains.high] : [Number(v.kp)];
  const [mj, core] = await engines();
  const files = readFolder(path.dirname(path.resolve(robot)), path.basename(robot), core);
  const mrad = (x) => (1e3 * x).toFixed(2);
  const csv = [`kp,t_s,${FIG1.joints.flatMap((j) => [`${j}_path_rad`, `${j}_m1_rad`, `${j}_m4_rad`]).join(',')}`];
  console.log(`# Fig. 1 B/C simulated (the recorded 2R logs are not public): ${FIG1.joints.join(', ')} on a triangle of ${FIG1.amp.join(' / ')} rad, period ${FIG1.period} s, ${FIG1.seconds} s`);
  for (const kp of gains) {
    let f;
    const t0 = performance.now();
    try {
      f = runFig1(mj, core, files, { kp });
    } catch (e) {
      throw new Refusal(e.message);
    }
    const s = f.stats;
    console.log(`kp ${kp}: |q_M1 − q_M4| max ${mrad(s.maxDiff)} mrad, mean ${mrad(s.meanDiff)} mrad; tracking RMS M1 ${mrad(s.rms.m1)} mrad, M4 ${mrad(s.rms.m4)} mrad (${((performance.now() - t0) / 1e3).toFixed(2)} s)`);
    for (const j of s.perJoint) console.log(`  ${j.joint}: max ${mrad(j.maxDiff)} mrad, mean ${mrad(j.meanDiff)} mrad; RMS M1 ${mrad(j.rms.m1)}, M4 ${mrad(j.rms.m4)} mrad`);
    for (let k = 0; k < f.t.length; k++) csv.push([kp, f.t[k], ...FIG1.joints.flatMap((_, i) => [f.path[i][k], f.q.m1[i][k], f.q.m4[i][k]])].join(','));
  }
  if (v.csv) fs.writeFileSync(v.csv, `${csv.join('\n')}\n`);
}

// the progress line on a terminal (the worker's stderr is the main thread's)
const tty = isMainThread ? !!process.stderr.isTTY : !!workerData?.tty;

if (!isMainThread && workerData?.robotRun) {
  // the run, in the worker thread supervise() started
  main(workerData.robotRun).catch((e) => {
    process.stderr.write(`robot: ${e instanceof Refusal ? e.message : e.stack ?? e}\n`);
    process.exit(2);
  });
} else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  supervise(process.argv.slice(2));
}
