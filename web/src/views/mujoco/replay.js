// mujoco/replay.js: a recorded log replayed through MuJoCo under each
// treatment, as fric_mujoco_replay does natively: the bench of the log's
// header as MJCF (the core's, core.mujoco.benchMjcf with the log), the servo
// of the bench parameters with the log's gains, the first sample's angle and
// speed, then per sample: record θ, set the goal and torque enable, step.
// The MAE of each treatment beside the project's own bench replay
// (core.bench.replay, the pendulum view's and `friction replay`'s).
import { el } from '../../dom.js';
import { dropZone } from '../../dropZone.js';
import { parseLog } from '../../replay.js';
import { maeText } from '../../format.js';
import { setHook, clearHook } from '../../testHooks.js';
import { createSim, TREATMENTS } from './sim.js';
import { benchVector } from './models.js';

/** The log replayed through MuJoCo with treatment t: { mae, samples }. */
export function replayThroughMujoco(mj, core, { xml, bench, log, treatment }) {
  const drive = core.mujoco.logDrive(log);
  const sim = createSim(mj, core, { xml, joints: [{ name: 'joint', params: bench, log }], treatment });
  try {
    const j = sim.joints[0], N = drive.q.length;
    sim.d.qpos[j.qadr] = drive.q[0];
    sim.d.qvel[j.dof] = drive.speed[0];
    let sum = 0;
    for (let k = 0; k < N; k++) {
      sum += Math.abs(sim.q(0) - drive.q[k]);
      sim.goal(0, drive.goal[k], drive.torqueEnable[k]);
      sim.step(1);
      if (!Number.isFinite(sim.q(0))) throw new Error(`The MuJoCo run (${treatment}) left the finite range at sample ${k}.`);
    }
    return { mae: sum / N, samples: N, usPerStep: (1e3 * sim.ms) / N };
  } finally {
    sim.free();
  }
}

export function mujocoReplay(parent, { core, m, mj }) {
  const file = el('input', { type: 'file', accept: '.json,application/json', 'aria-label': 'Choose a recorded log to replay through MuJoCo' });
  const drop = el('div', { id: 'mujoco-log-drop', className: 'drop-zone', dataset: { dropzone: 'log' } },
    el('span', { textContent: 'Drop a pendulum log here (BAM JSON, e.g. logs/xl330/processed/*.json), or ' }),
    el('label', { className: 'file-pick', textContent: 'choose a file…' }, file));
  const err = el('div', { className: 'msg-bad', id: 'mujoco-replay-error', role: 'alert', hidden: true });
  const out = el('div', { className: 'readout', id: 'mujoco-replay-result', 'aria-live': 'polite' });
  const table = el('table', { className: 'replay-table', id: 'mujoco-replay-table', hidden: true });
  parent.append(el('section', { className: 'chart-box replay', 'aria-label': 'Replay a recorded log through MuJoCo' },
    el('h3', { textContent: 'Replay a recorded log through MuJoCo' }), drop, err, out, table));
  const results = setHook('mujoco', 'replay', { rows: [] });
  let pending = null, last = null;

  function say(msg) { err.textContent = msg; err.hidden = !msg; }

  function run(name, text) {
    last = [name, text];
    say('');
    table.hidden = true;
    results.rows = [];
    if (!mj()) { pending = [name, text]; out.textContent = 'Waiting for MuJoCo to load…'; return; }
    let log;
    try { log = parseLog(text, core, name); } catch (e) { say(`${name}: ${e.message}`); out.textContent = ''; return; }
    const own = m.choice('actuator'), of = core.bench.actuatorOf(log.motor);
    if (of && of !== own) {
      say(`${name} was recorded with ${log.motor} (${of}); the bench's params are of ${own}: choose the actuator ${of}, or paste a params file of ${of}.`);
      out.textContent = '';
      return;
    }
    let bench, xml;
    try {
      bench = benchVector(m);
      xml = core.mujoco.benchMjcf(bench, log, name);
    } catch (e) { say(`${name}: ${e.message}`); return; }
    const rows = [];
    try {
      const ref = core.bench.replay(bench, log, name);
      rows.push({ id: 'bench', label: 'the project\'s bench (friction replay)', mae: ref.mae, samples: ref.samples });
      for (const t of TREATMENTS) {
        rows.push({ id: t.id, label: `MuJoCo ${t.label}`, ...replayThroughMujoco(mj(), core, { xml, bench, log, treatment: t.id }) });
      }
    } catch (e) { say(`${name}: ${e.message}`); return; }
    results.rows = rows;
    results.log = name;
    const refMae = rows[0].mae;
    out.textContent = `${name}: ${rows[0].samples} samples, ${m.choice('actuator')} ${m.fitted ? 'fitted params' : m.choice('model').toUpperCase()}, MuJoCo ${mj().mj_versionString()}.`;
    const th = (t) => el('th', { textContent: t });
    table.replaceChildren(el('thead', {}, el('tr', {}, th('replay'), th('MAE'), th('vs the bench'))),
      el('tbody', {}, ...rows.map((r) => el('tr', { dataset: { replay: r.id } }, el('td', { textContent: r.label }),
        el('td', { textContent: maeText(r.mae) }),
        el('td', { textContent: r.id === 'bench' ? '—' : `${((r.mae / refMae - 1) * 100).toFixed(1)} %` })))));
    table.hidden = false;
  }

  async function readFiles(files) {
    const f = files[0];
    run(f.name, await f.text());
  }
  file.addEventListener('change', () => { if (file.files.length) readFiles([...file.files]); });
  const zone = dropZone(drop, { onFiles: readFiles, onError: say });
  return {
    /** MuJoCo is loaded: a log dropped before runs now. */
    ready() { if (pending) { const [n, t] = pending; pending = null; run(n, t); } },
    replayText: run,
    /** The bench's servo changed: the last log (also one refused for its
     *  actuator) is replayed again, so the table is never of other params. */
    rerun() { if (last && mj()) run(...last); },
    dispose() { zone.dispose(); clearHook('mujoco', 'replay', results); },
  };
}
