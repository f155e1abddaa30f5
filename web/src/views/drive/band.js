// drive/band.js: the Drive view's read-outs under its chart: the static
// band's edges at τm = −T, 0 and T for the first velocity (the chart clips τe
// to [−T, T] and a width is hard to read off it; the lesson's steps quote
// these numbers), the native joint's band in words, and the region of the
// point last pointed at.
import { t, tCore } from '../../i18n/index.js';
import { fmt, fmtNumber } from '../../format.js';
import { el } from '../../dom.js';
import { reloadWithState } from '../../exports.js';
import { nativeEntry } from '../../nativeFile.js';
import { nativeRemove } from '../../nativeRemove.js';

/** The read-outs of view v appended to the chart's box: { writeBand,
 *  writeNativeBand, hover, readPoint }. */
export function readouts(v, box) {
  const { core, state, native } = v;
  const band = el('div', { className: 'readout', id: 'drive-band', 'aria-live': 'polite' });
  box.box.append(band);
  // MuJoCo's native joint of a params file (pasted below, or a native fit's
  // link; nativeFile.js): its band beside the model's, and said in words
  const nativeBand = el('div', { className: 'readout', id: 'drive-native-band', 'aria-live': 'polite', hidden: !native });
  box.box.append(nativeBand);
  if (native) box.box.append(nativeRemove(() => reloadWithState(state, nativeEntry(null))));
  const readout = document.createElement('div');
  readout.className = 'readout';
  readout.id = 'drive-readout';
  readout.setAttribute('aria-live', 'polite');
  readout.textContent = t('drive.readout.hint');
  box.box.append(readout);

  /** The band's edges at τm = −T, 0 and T of the polyline r (its samples
   *  hold them exactly: fric_regions_polyline), as text. */
  const n3 = (x) => (Number.isFinite(x) ? fmtNumber(x, { digits: 3 }) : x > 0 ? '+∞' : '−∞');
  const bandRows = (r) => [-v.T, 0, v.T].map((tm) => {
    const k = r.tauM.indexOf(tm);
    return k < 0 ? null : t('drive.band.row', { tm: n3(tm), lo: n3(r.lo[k]), hi: n3(r.hi[k]), w: n3(r.hi[k] - r.lo[k]) });
  }).filter(Boolean).join(t('list.sep'));
  /** The band read-out from the polyline r of velocity vel. */
  function writeBand(r, vel) {
    band.textContent = t('drive.band', { v: fmt(vel), rows: bandRows(r) });
  }

  /** The native joint's band in words (r its polyline at velocity vel): its
   *  edges at τm = −T, 0, T, the same width at each: frictionloss does not
   *  depend on the load. */
  function writeNativeBand(r, vel) {
    const k0 = r.tauM.indexOf(0);
    Object.assign(nativeBand.dataset, { frictionloss: String(native.params.frictionloss), damping: String(native.params.damping),
      v: String(vel), lo: String(r.lo[k0]), hi: String(r.hi[k0]) });
    nativeBand.textContent = t('drive.native.band', { actuator: native.actuator, fl: fmt(native.params.frictionloss),
      d: fmt(native.params.damping), v: fmt(vel), rows: bandRows(r) });
  }

  // The read-out is for the last point pointed at; a change of velocity or
  // of any parameter recomputes it there.
  let pointed = null;
  function hover(evt, chart) {
    if (!evt || evt.x === undefined) return;
    const tm = chart.scales.x.getValueForPixel(evt.x);
    const te = chart.scales.y.getValueForPixel(evt.y);
    if (!Number.isFinite(tm) || !Number.isFinite(te) || Math.abs(tm) > v.T || Math.abs(te) > v.T) return;
    pointed = { tm, te };
    readPoint();
  }
  function readPoint() {
    if (!pointed) return;
    const { tm, te } = pointed;
    const vel = v.velocities[0];
    let region;
    try {
      region = core.regions.at(v.law, vel, tm, te);
    } catch (e) {
      // an invalid law: draw() already shows the core's message
      readout.textContent = tCore(e);
      readout.dataset.region = 'invalid';
      return;
    }
    readout.textContent = t('drive.readout', { tm: fmt(tm), te: fmt(te), v: vel, region: t(`drive.region.${region}`) })
      + `${Math.abs(tm) > v.T || Math.abs(te) > v.T ? t('drive.readout.outside') : ''}`;
    readout.dataset.region = region;
  }
  return { writeBand, writeNativeBand, hover, readPoint };
}
