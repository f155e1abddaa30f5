// cpu.mjs: the processor seconds a process and everything it started have
// used so far (Linux /proc), for e2e.mjs's per-task figures: a browser's
// work (its renderers, its GPU process, SwiftShader's WebGL) is most of what
// the end-to-end run costs, and none of it shows in the test process's own
// time.
//
// treeCpuS(pid): over pid and its live descendants, the sum of utime + stime
// (the process's own) + cutime + cstime (the children it has waited for:
// proc(5), /proc/PID/stat fields 14–17, in clock ticks). A process that ended
// is counted once its parent has waited for it, through that parent's
// cutime/cstime; one that ended unwaited, or was handed to init, is not
// counted, so the figure is a lower bound. null where /proc cannot be read.
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

let tick = null;
/** Clock ticks a second (getconf CLK_TCK: 100 on Linux), read once. */
function ticksPerS() {
  if (tick === null) {
    try { tick = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100; } catch { tick = 100; }
  }
  return tick;
}

/** pid -> { ppid, ticks } of every process /proc lists now. */
function processes() {
  const all = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try { stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8'); } catch { continue; }   // ended meanwhile
    // the command name (field 2) is in parentheses and may hold spaces: fields after the last ')'
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // f[0] is field 3 (state): ppid is field 4, utime..cstime fields 14..17
    all.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
  }
  return all;
}

/** The processor seconds of pid and its live descendants (see above); null without /proc. */
export function treeCpuS(pid = process.pid) {
  let all;
  try { all = processes(); } catch { return null; }
  if (!all.has(pid)) return null;
  const children = new Map();
  for (const [p, { ppid }] of all) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(p);
  }
  let ticks = 0;
  for (const stack = [pid]; stack.length;) {
    const p = stack.pop();
    ticks += all.get(p).ticks;
    stack.push(...(children.get(p) || []));
  }
  return ticks / ticksPerS();
}
