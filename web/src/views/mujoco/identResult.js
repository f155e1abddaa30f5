// mujoco/identResult.js: what "Your robot's servos from a recording"
// (identSection.js) shows of a result: the table (per joint the fitted
// values with their ranges and units, "not identifiable" and why, the
// training MAE of the whole arm beside the MJCF's own, the quantisation
// floor; the held-out MAE table of identHeld.js), a chart of measured
// against simulated per joint, and the exports: each joint's params file,
// the report, the robot's MJCF written back with native classes (not with
// bam's M1/M4: a sentence says why), the mapping in the adopt syntax and the
// carry to Your robot (identCarry.js).
import { el, button, download } from '../../dom.js';
import { nativeRobotMjcf } from '../../mujoco/robotNative.js';
import { nativeFile } from '../../nativeFile.js';
import { carryButton } from './identCarry.js';
import { SHOWN_KEYS } from '../../ident/names.js';
import { lineBox, points, COLORS } from '../../charts.js';
import { BAM_SHOWN } from '../../ident/identify.js';
import { t, tCore } from '../../i18n/index.js';
import { maeTable } from './identHeld.js';

/** A text as a blob: URL to download. */
const textUrl = (text, type) => URL.createObjectURL(new Blob([text], { type }));

/** The page's key of each flag's sentence (FRIC_IDENT_FLAGS' ids: core.ident.flags()). */
const FLAG_KEYS = { 'ident.no_reversal': 'ident.flag.no_reversal', 'ident.no_hold_both_sides': 'ident.flag.no_hold_both_sides',
  'ident.forcerange_not_fitted': 'ident.flag.forcerange_not_fitted', 'ident.armature_small': 'ident.flag.armature_small',
  'ident.kv_lumped': 'ident.flag.kv_lumped', 'ident.range_at_bound': 'ident.flag.range_at_bound', 'ident.ratios_only': 'ident.flag.ratios_only',
  'ident.load_small': 'ident.flag.load_small', 'ident.viscous_lumped': 'ident.flag.viscous_lumped',
  'ident.pose_residual': 'ident.flag.pose_residual' };
/** The flags' sentences in the page's language, by bit (the core's English where the page has none). */
const flagTexts = (core) => core.ident.flags().map((f) => (FLAG_KEYS[f.id] ? t(FLAG_KEYS[f.id]) : f.text));

/** A value in 3 significant digits (the table; the params files and the report keep every digit). */
const short = (x) => (Number.isFinite(x) ? String(Number(x.toPrecision(3))) : '—');

/** The table's columns of a result: per shown key its header and its
 *  cell (value, range, "not identifiable"); native: SHOWN_KEYS, bam: the
 *  model's keys in the report's order that some joint fitted (a key every
 *  joint held, friction_viscous, is in the report only), its effective gain. */
function columns(core, r) {
  const fmt = (x) => (Number.isFinite(x) ? core.ident.format(x) : '—');
  const unitOf = (k) => core.native.units()[core.native.keys().indexOf(k)] ?? '';
  const cell = (k, v, g, bad) => el('td', { className: bad ? 'ident-bad' : '', dataset: { key: k, value: String(v) }, title: g ? `${fmt(v)} [${fmt(g.lower)}, ${fmt(g.upper)}]` : fmt(v) },
    el('strong', { textContent: short(v) }), el('br'),
    el('small', { textContent: g ? `[${short(g.lower)}, ${short(g.upper)}]` : t('ident.value.held') }),
    ...(bad ? [el('br'), el('em', { className: 'ident-not', textContent: t('ident.notIdentifiable') })] : []));
  if (r.model === 'native') {
    // forcerange left unlimited (the recording does not saturate the servo): no value; the joint's sentence says why
    const unlimited = (k, x) => k === 'forcerange_hi' && x.p.forcerange_lo === 0 && x.p.forcerange_hi === 0;
    return SHOWN_KEYS.map((k) => ({ head: `${k} [${unitOf(k)}]`,
      cell: (x) => (unlimited(k, x) ? el('td', { className: 'ident-bad', dataset: { key: k, value: '0' } }, el('strong', { textContent: t('ident.value.none') }), el('br'),
        el('em', { className: 'ident-not', textContent: t('ident.notIdentifiable') }))
        : cell(k, x.p[k], x.ranges[k], x.paramFlags[k] !== 0)) }));
  }
  const used = core.fit.paramUsed(Number(r.model.slice(1)));
  const fitted = r.results.filter(Boolean);
  const cols = BAM_SHOWN.map((k) => [k, r.keys.findIndex((q) => q.key === k)]).filter(([k, i]) => used[i] && fitted.some((x) => x.free[k]))
    .map(([k, i]) => ({ head: r.keys[i].unit ? `${k} [${r.keys[i].unit}]` : k, cell: (x) => cell(k, x.p[i], x.free[k] ? x.ranges[k] : null, x.free[k] && x.paramFlags[k] !== 0) }));
  return [...cols, { head: t('ident.col.gain'), cell: (x) => el('td', { dataset: { key: 'gain', value: String(x.gain) }, textContent: short(x.gain) }) }];
}

/** The robot runRobot the result r was fitted on as one MJCF whose fitted joints carry their native classes
 *  (robotNative.js: each class nested in the class the joint had). */
function robotOut(core, r, runRobot) {
  const joints = new Map(), classes = new Map();
  for (const [joint, text] of Object.entries(r.params)) {
    const cls = `${joint}_fitted`.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 64);
    const { params } = nativeFile(text, `${joint}.json`);
    joints.set(joint, cls);
    classes.set(cls, (name) => core.native.classMjcf(params, { name, document: false }));
  }
  const out = nativeRobotMjcf(core, { files: runRobot.files, main: runRobot.main, joints, classes });
  return { name: runRobot.main.replace(/^.*\//, '').replace(/\.xml$/i, '') + '_fitted.xml', text: out.text };
}

/**
 * The result's parts: tableWrap and chartRow go in the section's column,
 * mount(section) adds the chart and the exports after them.
 * @param {{ core: object, carry: ((what: object) => Promise<string>)|null, say: (msg: string) => void }} opts
 * @returns {{ tableWrap: Element, chartRow: Element, mount(section: Element): void, setModel(bam: boolean): void,
 *   reset(): void, show(r: object, robot: object): void }}
 */
export function identResult({ core, carry, say }) {
  const table = el('table', { id: 'ident-table', className: 'data-table', hidden: true });
  const commonNote = el('p', { className: 'note', id: 'ident-common' });
  // the table scrolls sideways in its own box on a narrow window, the page does not
  const maeBox = el('div', { id: 'ident-mae-box' });
  const tableWrap = el('div', { className: 'ident-table-wrap', hidden: true }, table, commonNote, maeBox);
  tableWrap.style.overflowX = 'auto';
  const exports = el('div', { className: 'row', id: 'ident-exports', hidden: true });
  // with M1/M4: why no MJCF is written back (no native class expresses bam's servo)
  const mjcfNote = el('p', { className: 'note', id: 'ident-mjcf-note', hidden: true });
  const mappingBox = el('textarea', { id: 'ident-mapping', readOnly: true, rows: 2, cols: 60, 'aria-label': t('ident.mapping') });
  const report = el('pre', { id: 'ident-report', className: 'mjcf-text', hidden: true });
  const jointSel = el('select', { id: 'ident-chart-joint', 'aria-label': t('ident.chart.joint') });
  const chartRow = el('div', { className: 'row', hidden: true }, el('label', { textContent: t('ident.chart.joint') }, jointSel));
  // before a run the chart has nothing to draw: a sentence in its place, not empty 0–1 axes
  const chartEmpty = el('p', { className: 'note', id: 'ident-chart-empty' });
  let chart = null, last = null, runRobot = null;

  /** The chart and the exports, after the section's other parts. */
  function mount(section) {
    chart = lineBox(section, { title: t('ident.chart.title'), description: t('ident.chart.desc'), height: 260, fileName: 'ident-joint',
      xName: 't [s]', xText: 't [s]', yText: t('ident.chart.y'), line: { borderWidth: 1.2 } });
    chart.box.id = 'ident-chart-box';
    chart.box.before(chartEmpty);
    chart.box.hidden = true;
    section.append(exports, mjcfNote, el('div', { className: 'row' }, el('label', { textContent: t('ident.mapping') }, mappingBox)), report);
    jointSel.addEventListener('change', () => drawChart(Number(jointSel.value)));
  }

  /** The empty chart's sentence for the model chosen. */
  const setModel = (bam) => { chartEmpty.textContent = bam ? t('ident.chart.emptyBam') : t('ident.chart.empty'); };

  /** Nothing shown (a run starts). */
  function reset() {
    last = null;
    table.hidden = true;
    tableWrap.hidden = true;
    exports.hidden = true;
    mjcfNote.hidden = true;
    report.hidden = true;
    chartRow.hidden = true;
    chart.box.hidden = true;
    chartEmpty.hidden = false;
  }

  /** The result r of the run on robot: the table, the chart, the exports. */
  function show(r, robot) {
    last = r;
    runRobot = robot;
    const texts = flagTexts(core), count = core.ident.constants.count, bam = r.model !== 'native', M = r.model.toUpperCase();
    const colsOf = columns(core, r);
    const fittedJ = r.results.filter(Boolean);
    // the flags every fitted joint has (kv lumped) said once under the table; forcerange not fitted per
    // joint, with its numbers (the demand of its fitted servo: core.ident.forcerangeSentence)
    const forceBit = core.ident.flags().findIndex((f) => f.id === 'ident.forcerange_not_fitted');
    const common = texts.map((_, b) => b !== forceBit && fittedJ.length > 0 && fittedJ.every((x) => x.flags & (1 << b)));
    const whyText = (x, b) => (b === forceBit && !bam && core.ident.forcerangeSentence(x) ? tCore(core.ident.forcerangeSentence(x)) : texts[b]);
    const head = el('tr', {}, ...[t('ident.col.joint'), ...colsOf.map((c) => c.head), t(bam ? 'ident.col.sim' : 'ident.col.train'), t(bam ? 'ident.col.ownArm' : 'ident.col.own')]
      // a long key (load_friction_stribeck) may break after its underscores: M4's columns fit a narrower window
      .map((x) => el('th', {}, ...x.split('_').flatMap((w, i, a) => (i < a.length - 1 ? [`${w}_`, el('wbr')] : [w])))));
    const cols = colsOf.length + 3;
    const rows = r.names.flatMap((n, j) => {
      const x = r.results[j];
      if (!x) return [el('tr', { dataset: { joint: n } }, el('td', { textContent: n }), el('td', { colSpan: cols - 1, className: 'note', textContent: t('ident.joint.left') }))];
      const cells = colsOf.map((c) => c.cell(x));
      const why = texts.map((_, b) => b).filter((b) => x.flags & (1 << b) && !common[b]).map((b) => whyText(x, b));
      const main = el('tr', { dataset: { joint: n } }, el('th', { scope: 'row', textContent: n }), ...cells,
        el('td', { textContent: (r.fitted[j] * 1e3).toFixed(3), dataset: { mae: String(r.fitted[j]) } }),
        el('td', { textContent: (r.file[j] * 1e3).toFixed(3) }));
      return why.length ? [main, el('tr', { className: 'ident-why', dataset: { whyOf: n } }, el('td'), el('td', { colSpan: cols - 1, className: 'note', textContent: why.join('; ') }))] : [main];
    });
    maeBox.replaceChildren(maeTable(r, count, bam ? M : null));
    commonNote.textContent = [...texts.filter((_, b) => common[b]).map((x) => t('ident.everyJoint', { what: x })),
      ...(r.poseResidual ? [t('ident.poseResidual', { joints: r.poseResidual.joints.join(', '), body: r.poseResidual.body })] : [])].join(' ');
    table.replaceChildren(el('caption', { textContent: t(bam ? 'ident.table.caption.bam' : 'ident.table.caption', { floor: (count * 1e3).toFixed(3), model: M }) }), el('thead', {}, head), el('tbody', {}, ...rows));
    table.hidden = false;
    tableWrap.hidden = false;
    jointSel.replaceChildren(...r.names.map((n, j) => el('option', { value: String(j), textContent: n })));
    chartRow.hidden = false;
    chart.box.hidden = false;
    chartEmpty.hidden = true;
    // the chart's title says what "simulated" is: the whole arm (native), or each joint alone (bam)
    const title = bam ? t('ident.chart.titleBam', { model: M }) : t('ident.chart.title');
    chart.head.querySelector('h3').textContent = title;
    chart.box.setAttribute('aria-label', title);
    chart.chart.canvas.setAttribute('aria-label', bam ? t('ident.chart.descBam', { model: M }) : t('ident.chart.desc'));
    // bam: the first fitted joint (a joint left out has no simulation of its own to show)
    const j0 = bam ? Math.max(0, r.results.findIndex(Boolean)) : 0;
    jointSel.value = String(j0);
    drawChart(j0);
    exports.replaceChildren(...Object.entries(r.params).map(([joint, text]) => {
      const b = button(t('ident.export.params', { joint }), bam ? t('ident.export.params.titleBam', { model: M }) : t('ident.export.params.title'));
      b.dataset.joint = joint;
      b.addEventListener('click', () => download(`${joint}.json`, textUrl(text, 'application/json')));
      return b;
    }), (() => { const b = button(t('ident.export.report'), ''); b.addEventListener('click', () => download('ident.txt', textUrl(r.report, 'text/plain'))); return b; })(),
    ...(bam ? [] : [(() => {
      // the robot's MJCF written back with each fitted joint's native class (MJX, MuJoCo Warp, mjlab run it unchanged)
      const b = button(t('ident.export.mjcf'), t('ident.export.mjcf.title'));
      b.id = 'ident-export-mjcf';
      b.addEventListener('click', () => {
        try {
          const out = robotOut(core, r, runRobot);
          download(out.name, textUrl(out.text, 'application/xml'));
        } catch (e) { say(e.message); }
      });
      return b;
    })()]));
    mjcfNote.textContent = bam ? t('ident.mjcf.bamNone', { model: M }) : '';
    mjcfNote.hidden = !bam;
    // the fitted servos run in Your robot's 3D view (identCarry.js)
    if (carry) exports.append(carryButton({ r, robot: runRobot, carry, say }));
    exports.hidden = false;
    mappingBox.value = r.mapping;
    report.textContent = r.report;
    report.hidden = false;
  }

  function drawChart(j) {
    if (!last) return;
    const r = last, J = r.names.length, n = r.t.length;
    const col = (a) => Array.from({ length: n }, (_, k) => a[k * J + j]);
    const c = chart.chart;
    c.data.datasets = [
      { label: t('ident.chart.measured'), data: points(r.t, col(r.pos)), borderColor: COLORS[0] },
      // bam: a joint left out has no simulation (its fittedQ NaN), no line
      ...(r.model !== 'native' && !r.results[j] ? [] : [{ label: r.model === 'native' ? t('ident.chart.fitted') : t('ident.chart.fittedBam', { model: r.model.toUpperCase() }),
        data: points(r.t, col(r.fittedQ)), borderColor: COLORS[1] }]),
      { label: t('ident.chart.own'), data: points(r.t, col(r.fileQ)), borderColor: COLORS[7], hidden: true },
    ];
    c.update('none');
  }

  return { tableWrap, chartRow, mount, setModel, reset, show };
}
