// canvasfr.mjs: e2e checks of the text the canvases draw on the French page
//: the pictures and the charts are pixels, so the
// page-text scans (i18n.mjs, comma.mjs) cannot see them. Every view is opened
// with ?lang=fr and the page's every fillText/strokeText is recorded (an
// init script wraps CanvasRenderingContext2D's, before the app runs: the
// strings actually drawn, not what a chart object holds); the live charts,
// drawn in the chart worker (OffscreenCanvas), add the tick labels the worker
// reports it drew (mirror.ticks).
//
//   numbers  no drawn string writes a decimal point between digits ("0.3");
//            the Laws chart's x axis draws exactly -0,3 -0,2 -0,1 0 0,1 0,2
//            0,3 (its default range ±0.3 m/s at a 0.1 step, written out here)
//   words    no drawn string holds a piece of the English table that the
//            French does not share (i18n.mjs englishPieces), nor a core choice
//            identifier whose French name differs ("implicit" for
//            "implicite"), as a whole word; the pendulum's and the robot
//            arm's pictures are titled "A : implicite" etc. (French names)
//   control  the same recorder on the English pendulum page sees "A: implicit"
import { TABLES } from '../../../web/src/i18n/tables.js';
import { CONVERTED, englishPieces, englishShown } from './i18n.mjs';

const FR = TABLES.fr;

/** Records every string drawn on a 2D canvas of the page in window.__drawnText. */
function recordDrawnText() {
  const seen = new Set();
  window.__drawnText = seen;
  for (const C of [window.CanvasRenderingContext2D, window.OffscreenCanvasRenderingContext2D]) {
    if (!C) continue;
    for (const f of ['fillText', 'strokeText']) {
      const draw = C.prototype[f];
      C.prototype[f] = function recorded(text, ...rest) { seen.add(String(text)); return draw.call(this, text, ...rest); };
    }
  }
}

/** The core's choice identifiers the French page names otherwise: [id, French name]. */
const CHOICES = Object.keys(FR).filter((k) => k.startsWith('choice.')).map((k) => [k.slice(7), FR[k]]).filter(([id, fr]) => id !== fr);
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const asWord = (w) => new RegExp(`(?<![\\p{L}\\p{N}-])${esc(w)}(?![\\p{L}\\p{N}-])`, 'u');

/** Opens view id in lang with the recorder, lets it draw; { page, log, drawn() }. */
async function openRecorded(h, id, lang) {
  const { page, log } = await h.openPage(`?view=${id}&lang=${lang}`, id);
  await page.addInitScript(recordDrawnText);
  await page.reload();
  await page.waitForFunction((v) => document.body.dataset.ready === 'true' && document.body.dataset.view === v, id, { timeout: 20_000 });
  const drawn = () => page.evaluate(() => [...(window.__drawnText || [])]);
  const workerTicks = () => page.evaluate(() => [...window.__fx.charts.all].flatMap((c) => Object.values(c.ticks || {}).flat()));
  return { page, log, drawn, workerTicks };
}

export default async function canvasFrenchChecks(h) {
  const { check, expect, waitFor, logProblems } = h;
  const pieces = englishPieces();
  const badge = [FR['pendulum.picture.stick'], FR['pendulum.picture.slip']];

  for (const id of CONVERTED) {
    await check(`canvasfr: ${id} with ?lang=fr draws no decimal point and no English word on its canvases`, async () => {
      const { page, log, drawn, workerTicks } = await openRecorded(h, id, 'fr');
      try {
        // a picture is complete once it draws a STICK/SLIP badge (In MuJoCo: once MuJoCo runs)
        const live = ['pendulum', 'arm', 'mujoco'].includes(id);
        const ok = await waitFor(async () => (live ? (await drawn()).some((s) => badge.includes(s) || badge.some((b) => s.includes(b))) : (await drawn()).length > 0),
          id === 'mujoco' ? 60_000 : 20_000, 200);
        expect(ok, `the canvases drew nothing${live ? ' with a STICK/SLIP badge' : ''}: ${(await drawn()).slice(0, 10).join(' | ')}`);
        await page.waitForTimeout(1500); // the charts' ticks and legends
        const texts = [...await drawn(), ...await workerTicks()];
        const points = texts.filter((s) => /\d\.\d/.test(s));
        expect(!points.length, `drawn with a decimal point: ${points.slice(0, 8).join(' | ')}`);
        const english = englishShown(texts.join('\n'), pieces);
        expect(!english.length, `English drawn: ${english.slice(0, 6).map(([k, p, c]) => `${k}: '${p}' in '…${c}…'`).join('; ')}`);
        const ids = CHOICES.filter(([c]) => texts.some((s) => asWord(c).test(s)));
        expect(!ids.length, `the core's identifiers drawn for their French names: ${ids.map(([c, fr]) => `'${c}' (fr '${fr}') in '${texts.find((s) => asWord(c).test(s))}'`).join('; ')}`);
        let extra = '';
        if (id === 'laws') {
          // the x axis of Φ(v) at its default range: ±0.3 m/s, a tick every 0.1
          const want = ['-0,3', '-0,2', '-0,1', '0', '0,1', '0,2', '0,3'];
          const missing = want.filter((x) => !texts.includes(x));
          expect(!missing.length, `the Laws chart's x ticks ${want.join(' ')}: not drawn ${missing.join(' ')}`);
          extra = `; Laws x ticks drawn ${want.join(' ')}`;
        }
        if (id === 'pendulum' || id === 'arm') {
          // "A : implicite" (U+00A0 before the colon, the French table's title)
          const titles = texts.filter((s) => /^[AB]\s*:/.test(s));
          const french = new Set(Object.keys(FR).filter((k) => k.startsWith('choice.')).map((k) => FR[k]));
          expect(titles.length >= 2 && titles.every((s) => s.slice(1, 4) === '\u00a0: ' && french.has(s.slice(4))), `the pictures' titles: ${titles.join(' | ')}`);
          extra = `; titles ${titles.join(', ')}`;
        }
        const problems = logProblems(log);
        expect(!problems.length, problems.slice(0, 3).join('; '));
        return `${texts.length} strings drawn${extra}`;
      } finally {
        await page.close();
      }
    });
  }

  await check('canvasfr: the recorder sees the English page\'s "A: implicit" (control)', async () => {
    const { page, drawn } = await openRecorded(h, 'pendulum', 'en');
    try {
      const seen = await waitFor(async () => (await drawn()).includes('A: implicit'), 20_000, 200);
      expect(seen, `drawn: ${(await drawn()).slice(0, 10).join(' | ')}`);
      return 'A: implicit drawn in English';
    } finally {
      await page.close();
    }
  });
}
