// mujoco/replay.js: the In MuJoCo view's replay panel: a recorded log
// replayed through MuJoCo under each treatment (web/src/mujoco/replay.js,
// replayThroughMujoco, as fric_mujoco_replay does natively; the bench of the
// log's header as MJCF, the core's, core.mujoco.benchMjcf with the log).
// The MAE of each treatment beside the model's own replay: the project's
// bench (core.bench.replay, the pendulum view's and `friction replay`'s,
// through the core's wasm) with the model's integrator (a params file's
// "integrator", bam by default), so a model fitted with integrator mujoco
// is seen to replay in MuJoCo (C) as the bench replays it, and one fitted
// with bam to differ; several logs dropped at once give one row per log and
// their mean (the figure of docs/mujoco.md's table), the ones refused named
// above the table. With native params in hand (a native params file chosen
// here, or a Fit view native result opened in the view: m.native), (A) is
// MuJoCo's own joint with those fitted parameters (replayNativeThroughMujoco,
// MuJoCo at its best) instead of the per-step budget written into
// frictionloss, beside (C), the identified servo. The table and the sentence
// under it: replayRows.js.
import { el } from '../../dom.js';
import { t, tCore, tChoice } from '../../i18n/index.js';
import { dropZone, readChecked } from '../../dropZone.js';
import { parseLog } from '../../replay.js';
import { setHook, clearHook } from '../../testHooks.js';
import { TREATMENTS } from '../../mujoco/sim.js';
import { replayThroughMujoco, replayNativeThroughMujoco } from '../../mujoco/replay.js';
import { nativeFile } from '../../nativeFile.js';
import { benchVector, nativeInHand } from '../../mujoco/models.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { showReplay } from './replayRows.js';

export function mujocoReplay(parent, { core, m, mj, onNative = () => {} }) {
  const file = el('input', { type: 'file', accept: '.json,application/json', multiple: true, 'aria-label': t('mujoco.replay.file.aria') });
  const drop = el('div', { id: 'mujoco-log-drop', className: 'drop-zone', dataset: { dropzone: 'log' } },
    el('span', { textContent: t('mujoco.replay.drop') }),
    el('label', { className: 'file-pick', textContent: t('fit.file.pick') }, file));
  const err = el('div', { className: 'msg-bad', id: 'mujoco-replay-error', role: 'alert', hidden: true });
  const out = el('div', { className: 'readout', id: 'mujoco-replay-result', 'aria-live': 'polite' });
  const agree = el('p', { className: 'note', id: 'mujoco-replay-agree', hidden: true });
  const table = el('table', { className: 'replay-table', id: 'mujoco-replay-table', hidden: true });
  // (A) as MuJoCo's own joint: a native params file (or the Fit view's native result, m.native)
  const nativeInput = el('input', { type: 'file', accept: '.json,application/json', id: 'mujoco-native-file',
    'aria-label': t('mujoco.native.aria') });
  const nativeNote = el('span', { className: 'note', id: 'mujoco-native-note', 'aria-live': 'polite' });
  const nativeClear = el('button', { type: 'button', id: 'mujoco-native-clear', hidden: true }, t('mujoco.native.clear'));
  const nativeRow = el('div', { className: 'row mujoco-native' },
    el('label', { className: 'file-pick', title: t('mujoco.native.title') }, t('mujoco.native.pick'), nativeInput), nativeNote, nativeClear);
  parent.append(el('section', { className: 'chart-box replay', 'aria-label': t('mujoco.replay.head') },
    el('h3', { textContent: t('mujoco.replay.head') }), drop, nativeRow, err, out, table, agree));
  const results = setHook('mujoco', 'replay', { rows: [] });
  let pending = null, last = null;

  function say(msg) { err.textContent = msg; err.hidden = !msg; }

  /** The native params in hand ({ params, actuator, source }), or null; a
   *  text that is not a native file (a URL typed by hand) is said, and null. */
  function native() {
    try {
      return nativeOrThrow();
    } catch (e) {
      say(e.message);
      return null;
    }
  }
  /** native(), but a text that is not a usable native file throws its one sentence. */
  const nativeOrThrow = () => nativeInHand(m);
  function renderNative() {
    const n = m.native ? native() : null;
    nativeNote.textContent = n ? t('mujoco.native.is', { act: n.actuator ?? '—' }) : '';
    nativeNote.dataset.native = n ? '1' : '';
    nativeClear.hidden = !m.native;
  }
  renderNative();
  /** Native params text (a native params file's JSON) for (A), or null: the
   *  file of another actuator than the bench's is refused in one sentence. */
  function setNative(text, source) {
    if (text) {
      const f = nativeFile(text, source);
      const own = m.choice('actuator'), of = f.actuator && core.bench.actuatorOf(f.actuator);
      if (of && of !== own) throw new Error(t('mujoco.native.otherActuator', { file: source, of, own }));
      // the core's check of the values (fric_native_params_write refuses a set MuJoCo would not load)
      try { core.native.paramsText(f.params, own); } catch (e) { throw new Error(`${source}: ${tCore(e)}`, { cause: e }); }
    }
    m.native = text;
    renderNative();
    onNative();
    if (last && mj()) run(last);
  }
  nativeInput.addEventListener('change', async () => {
    const f = nativeInput.files?.[0];
    nativeInput.value = '';
    if (!f) return;
    say('');
    try { setNative(await readChecked(core, f, 'params'), f.name); } catch (e) { say(e.message); }
  });
  nativeClear.addEventListener('click', () => { say(''); setNative(null); });

  /** The integrator of the model on the bench ('bam' or 'mujoco': a pasted
   *  params file's, else the bench's default). */
  const integratorOf = (bench) => m.info.params[paramIndex(m.info, 'integrator')].choices[bench[paramIndex(m.info, 'integrator')]];
  /** Its friction treatment ('implicit' by default on the bench; `friction
   *  replay`'s default is 'clip': the label names the one replayed). */
  const treatmentOf = (bench) => m.info.params[paramIndex(m.info, 'friction')].choices[bench[paramIndex(m.info, 'friction')]];

  /** One log's rows [{ id, label, mae, samples }] (the model's own replay on
   *  the bench, then (A), (B), (C)); throws one sentence (not a log, another
   *  actuator, a refusal). */
  function replayOne(name, text) {
    let log;
    try { log = parseLog(text, core, name); } catch (e) { throw new Error(`${name}: ${tCore(e)}`, { cause: e }); }
    const own = m.choice('actuator'), of = core.bench.actuatorOf(log.motor);
    if (of && of !== own) {
      throw new Error(t('mujoco.replay.otherActuator', { name, motor: log.motor, of, own }));
    }
    try {
      const bench = benchVector(m), xml = core.mujoco.benchMjcf(bench, log, name);
      const ref = core.bench.replay(bench, log, name);
      const nat = native();
      return [{ id: 'bench', label: t('mujoco.replay.own', { integ: integratorOf(bench), treat: treatmentOf(bench), treatName: tChoice(treatmentOf(bench)) }), mae: ref.mae, samples: ref.samples },
        ...TREATMENTS.map((tm) => (nat && tm.id === 'frictionloss'
          // (A) as MuJoCo's own joint with the fitted native parameters
          ? { id: 'native', label: t('mujoco.replay.nativeA'), ...replayNativeThroughMujoco(mj(), core, { params: nat.params, log, name }) }
          : { id: tm.id, label: `MuJoCo ${tm.label}`, ...replayThroughMujoco(mj(), core, { xml, bench, log, treatment: tm.id }) }))];
    } catch (e) { throw new Error(`${name}: ${tCore(e)}`, { cause: e }); }
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
    if (!mj()) { pending = list; out.textContent = t('mujoco.replay.waiting'); return; }
    const done = [], refused = [];
    for (const [name, text] of list) {
      try { done.push({ name, rows: replayOne(name, text) }); } catch (e) { refused.push(e.message); }
    }
    if (refused.length) say(list.length === 1 ? refused[0] : t('mujoco.replay.refused', { n: refused.length, of: list.length, list: refused.join(' ') }));
    if (!done.length) { out.textContent = ''; return; }
    const what = `${m.choice('actuator')} ${m.fitted ? t('mujoco.replay.fittedParams') : m.choice('model').toUpperCase()}, MuJoCo ${mj().mj_versionString()}`;
    showReplay({ out, table, agree, results }, done, { what, integ: () => integratorOf(benchVector(m)), treatName: () => tChoice(treatmentOf(benchVector(m))) });
  }

  async function readFiles(files) {
    let texts;
    try {
      // each sized before it is read (the core's check): a file over a log's limit is refused in its sentence
      texts = await Promise.all([...files].map(async (f) => [f.name, await readChecked(core, f, 'log')]));
    } catch (e) {
      say(e.message);
      return;
    }
    run(texts);
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
    /** The native params in hand ({ params, actuator, source }) for the live
     *  runs' (A), or null; throws the one sentence of a file they cannot run. */
    nativeParams: () => nativeOrThrow(),
    /** The native params in hand for Your robot's export: { text, source } or null. */
    native() { return m.native && native() ? { text: m.native, source: t('mujoco.native.source') } : null; },
    dispose() { zone.dispose(); clearHook('mujoco', 'replay', results); },
  };
}
