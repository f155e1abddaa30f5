#!/usr/bin/env node
// recording.mjs: a robot's recording read from a LeRobot dataset in Node, by
// the page's own reader (web/src/ident/recording.js: hyparquet, the core's
// units and check in wasm). Prints what `friction recording check` prints of a
// CSV (the joints, frames, duration, rate, each joint's goal and position
// ranges), says a unit mode the positions do not fit, and with --csv writes
// the recording as the CSV the native tool reads (t, goal_<joint>,
// pos_<joint>, radians).
//
//   node tools/recording.mjs DATASET --calibration CAL.json --unit DEGREES|RANGE_M100_100
//        (--joints J1,J2,... | --setup SETUP.json) [--episode N] [--leave M1,M2]
//        [--robot-type TYPE] [--csv OUT.csv]
//
// --setup: a file as ../shared/data/robot_ident/T0/setup.json ({ robot_type,
// joints: { NAME: { sign, raw_zero } } }): the MJCF's joints, each joint's
// sign and raw_zero, and the robot type the dataset must be.
// Exit 0; 2 with one sentence on stderr for anything refused.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadFrictionCore } from '../wasm/friction.js';
import { readLeRobot, unitMismatch } from '../web/src/ident/recording.js';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `usage: node tools/recording.mjs DATASET --calibration CAL.json --unit DEGREES|RANGE_M100_100
         (--joints J1,J2,... | --setup SETUP.json) [--episode N] [--leave M1,M2]
         [--robot-type TYPE] [--csv OUT.csv]`;

const fail = (msg) => { process.stderr.write(`recording: ${msg}\n`); process.exit(2); };

/** A dataset folder on disk, as the reader takes it (tools/ident.mjs reads through it too). */
export const diskFolder = (dir) => ({
  has: (p) => fs.existsSync(path.join(dir, p)),
  size: (p) => fs.statSync(path.join(dir, p)).size,
  read: async (p) => { const b = fs.readFileSync(path.join(dir, p)); return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength); },
});

const readJson = (file, what) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    return fail(`${what} ${file}: ${e.message}`);
  }
};

async function main() {
  let args;
  try {
    args = parseArgs({ allowPositionals: true, options: {
      calibration: { type: 'string' }, unit: { type: 'string' }, joints: { type: 'string' }, setup: { type: 'string' },
      episode: { type: 'string' }, leave: { type: 'string' }, 'robot-type': { type: 'string' }, csv: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    } });
  } catch (e) {
    return fail(`${e.message}\n${USAGE}`);
  }
  const { values: o, positionals } = args;
  if (o.help) { process.stdout.write(`${USAGE}\n`); return; }
  if (positionals.length !== 1) return fail(`give one DATASET folder.\n${USAGE}`);
  if (!o.calibration) return fail('--calibration CAL.json is required: LeRobot keeps the calibration outside the dataset.');
  const setup = o.setup ? readJson(o.setup, 'setup') : null;
  const joints = o.joints ? o.joints.split(',') : setup ? Object.keys(setup.joints ?? {}) : null;
  if (!joints?.length) return fail('give the MJCF\'s joints: --joints J1,J2,... or --setup SETUP.json.');
  const mapping = setup ? Object.fromEntries(Object.entries(setup.joints).map(([j, m]) => [j, { joint: j, sign: m.sign ?? 1, raw_zero: m.raw_zero ?? 2047 }])) : {};
  const episode = o.episode === undefined ? 0 : Number(o.episode);
  const core = await loadFrictionCore({ wasmBinary: fs.readFileSync(path.join(ROOT, 'build/wasm/friction_core.wasm')) });
  const dir = positionals[0];
  let rec;
  try {
    rec = await readLeRobot(core, diskFolder(dir), {
      joints, calibration: readJson(o.calibration, 'calibration'), unit: o.unit, mapping, episode,
      leave: o.leave ? o.leave.split(',') : [], robotType: o['robot-type'] ?? setup?.robot_type ?? null, source: dir,
    });
  } catch (e) {
    return fail(e.message);
  }
  const J = rec.names.length, n = rec.t.length, i = rec.info;
  const out = [`recording ${dir} episode ${episode}: ${J} joints, ${n} frames, ${i.duration} s, ${i.rate} Hz (period ${i.period} s)`];
  const w = Math.max(5, ...rec.names.map((s) => s.length));
  const col = (s) => String(s).padEnd(24);
  out.push(`    ${'joint'.padEnd(w)}  ${col('goal min [rad]')}  ${col('goal max [rad]')}  ${col('pos min [rad]')}  pos max [rad]`);
  rec.names.forEach((name, j) => {
    const range = (a) => { let lo = Infinity, hi = -Infinity; for (let k = 0; k < n; k++) { lo = Math.min(lo, a[k * J + j]); hi = Math.max(hi, a[k * J + j]); } return [lo, hi]; };
    const [glo, ghi] = range(rec.goal), [plo, phi] = range(rec.pos);
    out.push(`    ${name.padEnd(w)}  ${col(glo)}  ${col(ghi)}  ${col(plo)}  ${phi}`);
  });
  process.stdout.write(`${out.join('\n')}\n`);
  const unit = unitMismatch(rec, { source: dir });
  if (unit) process.stderr.write(`recording: ${unit.message}\n`);
  if (o.csv) {
    const lines = [['t', ...rec.names.map((s) => `goal_${s}`), ...rec.names.map((s) => `pos_${s}`)].join(',')];
    for (let k = 0; k < n; k++) {
      const g = rec.names.map((_, j) => rec.goal[k * J + j]), p = rec.names.map((_, j) => rec.pos[k * J + j]);
      lines.push([rec.t[k], ...g, ...p].map(String).join(','));
    }
    fs.writeFileSync(o.csv, `${lines.join('\n')}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
