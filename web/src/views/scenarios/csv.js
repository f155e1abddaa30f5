// scenarios/csv.js: the full-rate CSV of the Scenarios view: every step of
// each run, written by the scenario worker (web/src/workers/scenario.js, job
// 'csv') under a '#' header of every parameter with its unit and a column
// header of web/src/csv.js; a file over CSV_LIMIT is refused with the
// command-line runs that write it.
import { version } from '../../../../package.json';
import { t, tCoreOf } from '../../i18n/index.js';
import { download } from '../../charts.js';
import { csvHeader } from '../../csv.js';
import { CSV_LIMIT, num } from './catalogue.js';

/** csvExport({ sc, info, values, variants(), worker(kind), handlers, nextId(), ui: { csvBtn, csvBar, csvCancel, csvMsg } }):
 *  wires the CSV button and Cancel; { cancel() } stops a running export. */
export function csvExport({ sc, info, values, variants, worker, handlers, nextId, ui }) {
  const { csvBtn, csvBar, csvCancel, csvMsg } = ui;
  let csvJob = null;
  function csvHead(vs) {
    const lines = [`# Friction Explorer ${version}: scenario ${sc.name} (${sc.title})`,
      '# every simulation step, no thinning; generated in the browser by the wasm build of the core',
      '# parameters (name = value [unit]: meaning):'];
    info.params.forEach((p, j) => {
      if (sc.overlay && p.name === sc.overlay.param) {
        lines.push(`# ${p.name} = ${vs.map((v) => v.value).join(' | ')} [${p.unit || '-'}]: one run each (column "run"); ${p.help}`);
        return;
      }
      const v = p.choices ? p.choices[values[j]] : values[j];
      lines.push(`# ${p.name} = ${v} [${p.choices ? 'choice' : p.unit || '-'}]: ${p.help}`);
    });
    lines.push(`# columns: ${sc.overlay ? 'run [-], ' : ''}${info.cols.map((c) => `${c.name} [${c.unit || '-'}]`).join(', ')}`);
    lines.push(csvHeader([...(sc.overlay ? [{ name: 'run' }] : []), ...info.cols]));
    return `${lines.join('\n')}\n`;
  }
  function cliCommand(v) {
    const args = info.params.map((p, j) => {
      const x = v.params[j];
      if (x === p.def && !(sc.overlay && p.name === sc.overlay.param)) return null;
      return `${p.name}=${p.choices ? p.choices[x] : x}`;
    }).filter(Boolean);
    const file = `${sc.name}${v.label ? `-${String(v.value)}` : ''}.csv`;
    return `friction run ${sc.name}${args.length ? ` ${args.join(' ')}` : ''} > ${file}`;
  }
  function csvDone(text, busy) {
    csvBar.hidden = !busy;
    csvCancel.hidden = !busy;
    csvBtn.disabled = busy;
    csvMsg.replaceChildren(text);
  }
  csvBtn.addEventListener('click', () => {
    const vs = variants();
    csvJob = { id: nextId(), vs };
    csvBar.value = 0;
    csvDone(t('scenarios.csv.exporting0'), true);
    handlers.csv = (m) => {
      if (!csvJob || m.id !== csvJob.id) { if (m.id === -1) csvDone(m.message, false); return; }
      if (m.type === 'progress') {
        csvBar.value = m.frac;
        csvMsg.textContent = t('scenarios.csv.exporting', { pct: (m.frac * 100).toFixed(0), t: num(m.t, 4) });
      } else if (m.type === 'done') {
        download(`${sc.name}.csv`, URL.createObjectURL(m.blob));
        csvDone(t('scenarios.csv.wrote', { file: `${sc.name}.csv`, mb: (m.bytes / 1048576).toFixed(2) }), false);
        csvJob = null;
      } else if (m.type === 'too-big') {
        const box = document.createElement('div');
        box.append(t('scenarios.csv.tooBig', { mb: (m.estimate / 1048576).toFixed(0), limit: CSV_LIMIT / 1048576, t: num(m.t, 4) }));
        for (const v of csvJob.vs) {
          const code = document.createElement('code');
          code.className = 'scn-cli';
          code.textContent = cliCommand(v);
          box.append(code);
        }
        csvDone(box, false);
        csvJob = null;
      } else if (m.type === 'cancelled') {
        csvDone(t('scenarios.csv.cancelled'), false);
        csvJob = null;
      } else if (m.type === 'failed') {
        csvDone(t('scenarios.csv.failed', { message: m.message }), false);
        csvJob = null;
      } else if (m.type === 'variant' && m.error) {
        csvMsg.textContent = t('scenarios.csv.partial', { error: tCoreOf({ message: m.error, sentence: m.sentence }) });
      }
    };
    worker('csv').postMessage({ type: 'csv', id: csvJob.id, name: sc.name, head: csvHead(vs), limit: CSV_LIMIT,
      variants: vs.map((v) => ({ label: v.label ? String(v.value) : '', params: v.params })) });
  });
  csvCancel.addEventListener('click', () => { if (csvJob) worker('csv').postMessage({ type: 'cancel', id: csvJob.id }); });

  return {
    cancel() {
      if (csvJob) worker('csv').postMessage({ type: 'cancel', id: csvJob.id });
      csvJob = null;
    },
  };
}
