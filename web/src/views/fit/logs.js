// fit/logs.js: the logs of the Fit view: reading and checking dropped files
// (one actuator per fit; the motor's name picks the actuator, with the
// core's aliases), the list with the validation ticks, and the hold-out
// choices (one kp, alternate, or the ticks).
import { el } from '../../dom.js';
import { t, tCore } from '../../i18n/index.js';
import { parseLog } from '../../replay.js';
import { fromDrop } from '../../servoFile.js';
import { readChecked } from '../../dropZone.js';

/** logsList(charts, { core, logs, fitActuators, holdCtl, actCtl, err, warn, st, save, on }):
 *  st = the view's { actuator, holdout, job } (actuator and holdout set here too);
 *  on = { renderBounds(), dropEdits(from), renderOverlayChoices(), takeFrom(from) (a params
 *  file dropped among the logs: the fit's starting point; a refusal's
 *  sentence or null) }; returns { box, renderHoldChoices(),
 *  applyHoldout(), renderLogs(), lockLogs(), addFiles(files) }. */
export function logsList(charts, { core, logs, fitActuators, holdCtl, actCtl, err, warn, st, save, on }) {
  // the logs and the search space fold away while a fit runs (they are locked
  // then), so that its progress and charts are in view; they unfold after it
  const logsBox = el('details', { className: 'chart-box fit-logs', open: true });
  const logsHead = el('summary', {}, t('fit.logs'));
  const logsTable = el('table', { className: 'fit-table', id: 'fit-logs' });
  const logsNote = el('p', { className: 'note', id: 'fit-logs-note' }, t('fit.logs.none'));
  logsBox.append(logsHead, logsNote, logsTable);
  charts.append(logsBox);

  /** The samples a fit scores of a log: a raw log (no header dt) is
   *  resampled at the core's step (core.io.resampleDt), and says so. */
  function samplesText(log, samples) {
    const n = log.entries.length;
    if (typeof log.dt === 'number' || n < 2) return String(samples);
    const span = log.entries[n - 1].timestamp - log.entries[0].timestamp;
    const hz = (v) => `${Math.round(v)} Hz`;
    return t('fit.logs.resampled', { samples, n, from: hz((n - 1) / span), to: hz(1 / core.io.resampleDt) });
  }

  function kps() { return [...new Set(logs.map((l) => l.kp))].sort((a, b) => a - b); }

  function renderHoldChoices() {
    const sel = holdCtl.select;
    const opts = [['none', t('fit.hold.ticked')], ['alternate', t('fit.hold.alternate')],
      ...kps().map((k) => [`kp${k}`, t('fit.hold.kp', { k })])];
    sel.replaceChildren(...opts.map(([v, text]) => el('option', { value: v }, text)));
    if (!opts.some(([v]) => v === st.holdout)) st.holdout = 'none';
    sel.value = st.holdout;
  }

  function applyHoldout() {
    if (st.holdout === 'alternate' && logs.length) {
      const v = core.fit.splitAlternate(logs.map((l) => l.log), logs.map((l) => l.name));
      logs.forEach((l, i) => { l.valid = v[i] === 1; });
    } else if (st.holdout.startsWith('kp') && logs.length) {
      const v = core.fit.splitKp(logs.map((l) => l.log), Number(st.holdout.slice(2)), logs.map((l) => l.name));
      logs.forEach((l, i) => { l.valid = v[i] === 1; });
    }
    renderLogs();
  }

  function renderLogs() {
    logsNote.hidden = logs.length > 0;
    logsTable.hidden = !logs.length;
    const nv = logs.filter((l) => l.valid).length;
    logsHead.textContent = logs.length ? t('fit.logs.head', { train: logs.length - nv, valid: nv }) : t('fit.logs');
    // the last column (the remove buttons) is named for a screen reader only
    const thead = el('thead', {}, el('tr', {}, ...t('fit.logs.cols').split('|').map((h) => el('th', { scope: 'col' }, h)),
      el('th', { scope: 'col' }, el('span', { className: 'sr-only' }, t('fit.logs.remove')))));
    const tbody = el('tbody');
    logs.forEach((l, i) => {
      const box = el('input', { type: 'checkbox', checked: l.valid });
      box.setAttribute('aria-label', t('fit.logs.valid.aria', { name: l.name }));
      box.addEventListener('change', () => {
        l.valid = box.checked;
        st.holdout = 'none';
        holdCtl.value = 'none';
        save();
        renderLogs();
      });
      const rm = el('button', { type: 'button' }, t('fit.logs.remove'));
      rm.setAttribute('aria-label', t('fit.logs.remove.aria', { name: l.name }));
      rm.addEventListener('click', () => { logs.splice(i, 1); renderHoldChoices(); applyHoldout(); });
      const tr = el('tr', { dataset: { valid: String(l.valid) } },
        el('th', { scope: 'row' }, l.name), el('td', {}, l.motor || '—'), el('td', { className: 'num' }, String(l.kp)),
        el('td', {}, l.trajectory || '—'), el('td', { className: 'num', dataset: { samples: String(l.samples) } }, l.samplesText), el('td', {}, box), el('td', {}, rm));
      if (l.valid) tr.classList.add('valid');
      tbody.append(tr);
    });
    logsTable.replaceChildren(thead, tbody);
    lockLogs();
    on.renderOverlayChoices();
  }
  function lockLogs() { logsTable.querySelectorAll('button, input').forEach((b) => { b.disabled = !!st.job; }); }

  /** Reads and checks the files; every refusal is one sentence, the logs already there stay. */
  async function addFiles(files) {
    err.hidden = true;
    warn.hidden = true;
    const problems = [], notes = [];
    for (const f of files) {
      let text;
      try {
        text = await readChecked(core, f, 'log');   // sized first: a file over a log's limit is never read
      } catch (e) {
        // the core's size sentence names the file; a read that failed is said so
        problems.push(e.code === 'FRIC_E_FILE' ? tCore(e) : t('fit.logs.unreadable', { name: f.name, message: tCore(e) }));
        continue;
      }
      let log;
      try {
        log = parseLog(text, core, f.name);
      } catch (e) {
        // a params file is told from a log: taken as the fit's starting
        // point (`friction fit --from`, web/src/servoFile.js), or refused saying what it is
        const asParams = fromDrop(core, f.name, text, on.takeFrom);
        if (asParams?.note) notes.push(asParams.note);
        else problems.push(asParams?.problem ?? `${f.name}: ${tCore(e)}`);
        continue;
      }
      // a log is the same log when its text is; raw and processed files of one
      // run often share a name: the second is listed as "name [2]"
      if (logs.some((l) => l.text === text)) { notes.push(t('fit.logs.already', { name: f.name })); continue; }
      let name = f.name;
      for (let k = 2; logs.some((l) => l.name === name); k++) name = `${f.name} [${k}]`;
      if (name !== f.name) notes.push(t('fit.logs.renamed', { name: f.name, as: name }));
      const act = core.bench.actuatorOf(log.motor);
      const have = logs.find((l) => l.actuator);
      if (act && have && act !== have.actuator) {
        problems.push(t('fit.logs.otherMotor', { name: f.name, motor: log.motor, have: have.motor }));
        continue;
      }
      const samples = core.io.checkLog(log, name);
      logs.push({ name, text, log, kp: log.kp, trajectory: log.trajectory, motor: log.motor, actuator: act, samples,
        samplesText: samplesText(log, samples), valid: false });
      // the core's sentence, `friction fit`'s, in the page's language (core.bench.actuator_alias)
      const alias = core.bench.actuatorNote(log.motor);
      if (alias) notes.push(tCore({ message: alias, ...core.sentence() }));
      if (act && act !== st.actuator && fitActuators.includes(act)) {
        notes.push(t('fit.logs.actuatorSet', { act }));
        const was = st.actuator;
        st.actuator = act;
        actCtl.value = act;
        const dropped = on.dropEdits(was);
        if (dropped) notes.push(dropped);
        save();
        on.renderBounds();
      } else if (!act) {
        notes.push(log.motor === undefined ? t('fit.logs.noMotor', { name: f.name, act: st.actuator })
          : t('fit.logs.unknownMotor', { name: f.name, motor: log.motor, act: st.actuator }));
      }
    }
    if (problems.length) { err.textContent = problems.join(' '); err.hidden = false; }
    if (notes.length) { warn.textContent = [...new Set(notes)].join(' '); warn.hidden = false; }
    renderHoldChoices();
    applyHoldout();
  }

  return { box: logsBox, renderHoldChoices, applyHoldout, renderLogs, lockLogs, addFiles };
}
