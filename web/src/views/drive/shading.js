// drive/shading.js: the Drive view's region shading: an offscreen image of
// the core's classification of the (τm, τe) plane on a grid (static, drive,
// backdrive), drawn under the datasets behind the exact edges and stretched
// over [−T, T]², with its legend.
import { t } from '../../i18n/index.js';
import { el } from '../../dom.js';

// region shading (classified by the core on a grid, behind the exact edges)
const REGION_RGBA = [[150, 150, 150, 90], [31, 111, 235, 45], [209, 36, 47, 45]];
export const GRID = 240;

/** The shading of view v (its T read at each draw): { plugin, paint(codes),
 *  clear(), legend }. */
export function regionShading(v) {
  const raster = document.createElement('canvas');
  raster.width = GRID;
  raster.height = GRID;
  let rasterReady = false;
  function paint(codes) {
    const ctx = raster.getContext('2d');
    const img = ctx.createImageData(GRID, GRID);
    for (let i = 0; i < codes.length; i++) {
      const c = REGION_RGBA[codes[i]] || [0, 0, 0, 0];
      img.data.set(c, 4 * i);
    }
    ctx.putImageData(img, 0, 0);
    rasterReady = true;
  }
  const plugin = {
    id: 'regionShading',
    beforeDatasetsDraw(chart) {
      if (!rasterReady) return;
      const { ctx, chartArea: a, scales } = chart;
      const x0 = scales.x.getPixelForValue(-v.T), x1 = scales.x.getPixelForValue(v.T);
      const y0 = scales.y.getPixelForValue(v.T), y1 = scales.y.getPixelForValue(-v.T);
      ctx.save();
      ctx.beginPath();
      ctx.rect(a.left, a.top, a.right - a.left, a.bottom - a.top);
      ctx.clip();
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(raster, x0, y0, x1 - x0, y1 - y0);
      ctx.restore();
    },
  };
  const legend = document.createElement('div');
  legend.className = 'note';
  const swatch = (bg, text) => el('span', { className: 'swatch', style: `background:${bg}` }, `\u00a0${text}\u00a0`);
  legend.append(t('drive.shading'), swatch('rgba(150,150,150,.35)', t('drive.region.static')), ' ',
    swatch('rgba(31,111,235,.18)', t('drive.region.drive')), ' ', swatch('rgba(209,36,47,.18)', t('drive.region.backdrive')));
  return { plugin, paint, clear() { rasterReady = false; }, legend };
}
