// mujoco/replay.js: a recorded log replayed through MuJoCo under each
// treatment, as fric_mujoco_replay does natively: the bench of the log's
// header as MJCF (the core's, core.mujoco.benchMjcf with the log), the servo
// of the bench parameters with the log's gains, the first sample's angle and
// speed, then per sample: record θ, set the goal and torque enable, step.
// The MAE of each treatment beside the model's own replay: the project's
// bench (core.bench.replay, the pendulum view's and `friction replay`'s,
// through the core's wasm) with the model's integrator (a params file's
// "integrator", bam by default), so a model fitted with integrator mujoco
// is seen to replay in MuJoCo (C) as the bench replays it, and one fitted
// with bam to differ; several logs dropped at once give one row per log and
// their mean (the figure of docs/mujoco.md's table), the ones refused named
// above the table.
import { el } from '../../dom.js';
import { dropZone } from '../../dropZone.js';
import { parseLog } from '../../replay.js';
import { maeText } from '../../format.js';
import { setHook, clearHook } from '../../testHooks.js';
import { createSim, TREATMENTS } from './sim.js';
import { benchVector } from './models.js';
import { paramIndex } from '../../paramPanel.js';

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
  const file = el('input', { type: 'file', accept: '.json,application/json', multiple: true, 'aria-label': 'Choose recorded logs to replay through MuJoCo' });
  const drop = el('div', { id: 'mujoco-log-drop', className: 'drop-zone', dataset: { dropzone: 'log' } },
    el('span', { textContent: 'Drop pendulum logs here (BAM JSON, e.g. logs/xl330/processed/*.json: one, or several for the mean), or ' }),
    el('label', { className: 'file-pick', textContent: 'choose files…' }, file));
  const err = el('div', { className: 'msg-bad', id: 'mujoco-replay-error', role: 'alert', hidden: true });
  const out = el('div', { className: 'readout', id: 'mujoco-replay-result', 'aria-live': 'polite' });
  const agree = el('p', { className: 'note', id: 'mujoco-replay-agree', hidden: true });
  const table = el('table', { className: 'replay-table', id: 'mujoco-replay-table', hidden: true });
  parent.append(el('section', { className: 'chart-box replay', 'aria-label': 'Replay a recorded log through MuJoCo' },
    el('h3', { textContent: 'Replay a recorded log through MuJoCo' }), drop, err, out, table, agree));
  const results = setHook('mujoco', 'replay', { rows: [] });
  let pending = null, last = null;

  function say(msg) { err.textContent = msg; err.hidden = !msg; }

  /** The integrator of the model on the bench ('bam' or 'mujoco': a pasted
   *  params file's, else the bench's default). */
  const integratorOf = (bench) => m.info.params[paramIndex(m.info, 'integrator')].choices[bench[paramIndex(m.info, 'integrator')]];

  /** One log's rows [{ id, label, mae, samples }] (the model's own replay on
   *  the bench, then (A), (B), (C)); throws one sentence (not a log, another
   *  actuator, a refusal). */
  function replayOne(name, text) {
    let log;
    try { log = parseLog(text, core, name); } catch (e) { throw new Error(`${name}: ${e.message}`, { cause: e }); }
    const own = m.choice('actuator'), of = core.bench.actuatorOf(log.motor);
    if (of && of !== own) {
      throw new Error(`${name} was recorded with ${log.motor} (${of}); the bench's params are of ${own}: choose the actuator ${of}, or paste a params file of ${of}.`);
    }
    try {
      const bench = benchVector(m), xml = core.mujoco.benchMjcf(bench, log, name);
      const ref = core.bench.replay(bench, log, name);
      return [{ id: 'bench', label: `the model's own replay (the bench, integrator ${integratorOf(bench)}: friction replay)`, mae: ref.mae, samples: ref.samples },
        ...TREATMENTS.map((t) => ({ id: t.id, label: `MuJoCo ${t.label}`, ...replayThroughMujoco(mj(), core, { xml, bench, log, treatment: t.id }) }))];
    } catch (e) { throw new Error(`${name}: ${e.message}`, { cause: e }); }
  }

  const th = (t) => el('th', { textContent: t });
  const vs = (mae, ref) => `${((mae / ref - 1) * 100).toFixed(1)} %`;
  const C = 1 + TREATMENTS.findIndex((t) => t.id === 'implicit');   // the row of (C)
  /** |(C) − the model's own| [rad], as text */
  const gap = (rows) => Math.abs(rows[C].mae - rows[0].mae);
  const gapText = (d) => (d === 0 ? '0 rad' : `${d.toPrecision(2)} rad`);

  /** The sentence under the table: does MuJoCo (C) replay the model as its
   *  own replay does? (per log: the largest gap) */
  function sayAgreement(done, integrator) {
    const worst = Math.max(...done.map((d) => gap(d.rows)));
    const rel = Math.max(...done.map((d) => Math.abs(d.rows[C].mae / d.rows[0].mae - 1)));
    results.integrator = integrator;
    results.worstGap = worst;
    agree.dataset.integrator = integrator;
    agree.textContent = integrator === 'mujoco'
      ? `The model was fitted with integrator mujoco (MuJoCo's Euler): MuJoCo (C) replays ${done.length === 1 ? 'the log' : `each of the ${done.length} logs`} `
        + `as the model's own replay does, within ${gapText(worst)} of MAE.`
      : `The model assumes integrator bam (q' = q + q̇'·dt + ½·a·dt²), MuJoCo steps with Euler (q' = q + q̇'·dt): (C) differs from the model's own `
        + `replay by up to ${(rel * 100).toFixed(1)} % of MAE (${gapText(worst)}). Fit with integrator mujoco (the Fit view's Integrator) for a model meant for MuJoCo.`;
    agree.hidden = false;
  }

  /** Logs [[name, text], …]: one log, its table (replay, MAE, vs the
   *  bench); several, one row per log and the mean over them (the figure
   *  of docs/mujoco.md), the logs refused named above it. */
  function run(list) {
    last = list;
    say('');
    table.hidden = true;
    agree.hidden = true;
    results.rows = [];
    results.logs = [];
    if (!mj()) { pending = list; out.textContent = 'Waiting for MuJoCo to load…'; return; }
    const done = [], refused = [];
    for (const [name, text] of list) {
      try { done.push({ name, rows: replayOne(name, text) }); } catch (e) { refused.push(e.message); }
    }
    if (refused.length) say(list.length === 1 ? refused[0] : `${refused.length} of ${list.length} files not replayed: ${refused.join(' ')}`);
    if (!done.length) { out.textContent = ''; return; }
    const what = `${m.choice('actuator')} ${m.fitted ? 'fitted params' : m.choice('model').toUpperCase()}, MuJoCo ${mj().mj_versionString()}`;
    // the mean of each row over the logs (one log: its own rows)
    const rows = done[0].rows.map((r, k) => ({ ...r, mae: done.reduce((a, d) => a + d.rows[k].mae, 0) / done.length,
      samples: done.reduce((a, d) => a + d.rows[k].samples, 0) }));
    results.rows = rows;
    results.log = done.length === 1 ? done[0].name : `${done.length} logs`;
    results.logs = done;
    const refMae = rows[0].mae;
    if (done.length === 1) {
      out.textContent = `${done[0].name}: ${rows[0].samples} samples, ${what}.`;
      table.replaceChildren(el('thead', {}, el('tr', {}, th('replay'), th('MAE'), th('vs the model\'s own'))),
        el('tbody', {}, ...rows.map((r) => el('tr', { dataset: { replay: r.id } }, el('td', { textContent: r.label }),
          el('td', { textContent: maeText(r.mae) }), el('td', { textContent: r.id === 'bench' ? '—' : vs(r.mae, refMae) })))));
    } else {
      out.textContent = `${done.length} logs, ${rows[0].samples} samples in all, ${what}: the MAE of each log and their mean (the last row; under it, each treatment against the model's own replay).`;
      const head = ['log', `the model's own (bench, integrator ${integratorOf(benchVector(m))})`, ...TREATMENTS.map((t) => `MuJoCo ${t.label}`), '|(C) − own|'];
      const line = (label, rs, id) => el('tr', { dataset: { replay: id } }, el('td', { textContent: label }),
        ...rs.map((r) => el('td', { textContent: maeText(r.mae) })), el('td', { className: 'num', dataset: { gap: String(gap(rs)) } }, gapText(gap(rs))));
      table.replaceChildren(el('thead', {}, el('tr', {}, ...head.map(th))),
        el('tbody', {}, ...done.map((d) => line(d.name, d.rows, 'log')), line(`mean of ${done.length}`, rows, 'mean'),
          el('tr', { dataset: { replay: 'vs' } }, el('td', { textContent: 'mean vs the model\'s own' }), el('td', { textContent: '—' }),
            ...rows.slice(1).map((r) => el('td', { textContent: vs(r.mae, refMae) })), el('td', { textContent: '—' }))));
    }
    table.hidden = false;
    sayAgreement(done, integratorOf(benchVector(m)));
  }

  async function readFiles(files) {
    run(await Promise.all([...files].map(async (f) => [f.name, await f.text()])));
  }
  file.addEventListener('change', () => { if (file.files.length) readFiles([...file.files]); });
  const zone = dropZone(drop, { onFiles: readFiles, onError: say });
  return {
    /** MuJoCo is loaded: a log dropped before runs now. */
    ready() { if (pending) { const list = pending; pending = null; run(list); } },
    replayText: (name, text) => run([[name, text]]),
    /** The bench's servo changed: the last log (also one refused for its
     *  actuator) is replayed again, so the table is never of other params. */
    rerun() { if (last && mj()) run(last); },
    dispose() { zone.dispose(); clearHook('mujoco', 'replay', results); },
  };
}
