#!/usr/bin/env node
// check_robot.mjs: a check robot for the identification's tests: servo
// parameters drawn from a seed into a truth JSON (robot_ident/T0/truth.json's
// format, "kind": "native"), then recordings of it made by the robot player
// (real MuJoCo 2.2.2, tests/mujoco/robot_player.c): the recording recipe the
// native tool writes for the MJCF, and another trajectory's goals. Generated
// data stays under build/ (never committed).
//
//   node tests/mujoco/check_robot.mjs --seed N [--out DIR] [--mjcf ROBOT.xml]
//        [--goals GOALS.csv] [--seconds S]
//
// DIR defaults to build/check_robots/seed-N; ROBOT.xml to
// ../shared/data/robot_ident/so101_stripped.xml; GOALS.csv (the other
// trajectory, `t,<joint>,...`) to robot_ident/traj/teleop.csv. Per joint the
// draws are uniform in log over kp 5–25 N·m/rad, frictionloss 0.05–0.2 N·m,
// damping 0.1–1 N·m·s/rad, armature 0.01–0.04 kg·m², forcerange 1.5–3.5 N·m
// (kv 0: kv and damping act alike), each draw from SHA-256 of the seed, the
// joint and the parameter's name. Writes DIR/truth.json, DIR/recipe_goals.csv (and
// its _segments.json), DIR/recipe.csv and DIR/other.csv (the recordings
// `t,goal_<j>,pos_<j>`). Needs `make cli` and `make build/native/tests/mujoco/robot_player`.
import fs from 'node:fs';
import process from 'node:process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IDENT = path.resolve(ROOT, '../shared/data/robot_ident');
const fail = (msg) => { process.stderr.write(`check_robot: ${msg}\n`); process.exit(2); };

/** A uniform number in [0, 1) for (seed, joint, key): the first 48 bits of
 *  SHA-256 of "seed/joint/key", so each draw depends on nothing else. */
const uniform = (seed, joint, key) =>
  createHash('sha256').update(`${seed}/${joint}/${key}`).digest().readUIntBE(0, 6) / 2 ** 48;

const { values: o } = parseArgs({ options: {
  seed: { type: 'string' }, out: { type: 'string' }, mjcf: { type: 'string' }, goals: { type: 'string' }, seconds: { type: 'string' },
} });
if (!/^\d+$/.test(o.seed ?? '')) fail('give --seed N (a whole number).');
const seed = Number(o.seed);
const out = o.out ?? path.join(ROOT, 'build/check_robots', `seed-${seed}`);
const mjcf = o.mjcf ?? path.join(IDENT, 'so101_stripped.xml');
const goals = o.goals ?? path.join(IDENT, 'traj/teleop.csv');
const cli = path.join(ROOT, 'build/native/friction'), player = path.join(ROOT, 'build/native/tests/mujoco/robot_player');
for (const f of [cli, player, mjcf, goals]) if (!fs.existsSync(f)) fail(`${f} not found.`);
fs.mkdirSync(out, { recursive: true });

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) fail(`${path.basename(cmd)} ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout;
};
// the recipe first: its CSV header names the joints the truth needs
const recipeGoals = path.join(out, 'recipe_goals.csv');
run(cli, ['recording', 'recipe', '--mjcf', mjcf, '--out', recipeGoals, ...(o.seconds ? ['--seconds', o.seconds] : [])]);
const joints = fs.readFileSync(recipeGoals, 'utf8').split('\n', 1)[0].split(',').slice(1);
const logU = (j, key, lo, hi) => Math.exp(Math.log(lo) + uniform(seed, j, key) * (Math.log(hi) - Math.log(lo)));
const round6 = (x) => Number(x.toPrecision(6));
const truth = {
  name: `check-${seed}`, kind: 'native', note: `drawn by tests/mujoco/check_robot.mjs, seed ${seed}`,
  joints: Object.fromEntries(joints.map((j) => [j, {
    type: 'native', kp: round6(logU(j, 'kp', 5, 25)), kv: 0, forcerange: round6(logU(j, 'forcerange', 1.5, 3.5)),
    frictionloss: round6(logU(j, 'frictionloss', 0.05, 0.2)), damping: round6(logU(j, 'damping', 0.1, 1)),
    armature: round6(logU(j, 'armature', 0.01, 0.04)),
  }])),
};
fs.writeFileSync(path.join(out, 'truth.json'), `${JSON.stringify(truth, null, 1)}\n`);
run(player, [mjcf, path.join(out, 'truth.json'), recipeGoals, path.join(out, 'recipe.csv')]);
run(player, [mjcf, path.join(out, 'truth.json'), goals, path.join(out, 'other.csv')]);
const check = run(cli, ['recording', 'check', path.join(out, 'recipe.csv'), path.join(out, 'other.csv')]);
process.stdout.write(`check robot ${seed} in ${out}:\n${check}`);
