// e2e.d/worksheet.mjs: every view's lesson printed (the lesson box's
// "Worksheet" and "Answer key" buttons, web/src/worksheet.js, print.css) as
// a PDF by Chromium (page.pdf: the worksheet at A4, the answer key at
// Letter), read back with pdftotext (Debian's poppler-utils):
//   worksheet   every step is there, each number the step quotes is a blank
//               (it appears fewer times than in the answer key), a QR code for
//               the lesson's start and for each step's set-up, a name line
//   answer key  every number the steps quote (the ones the lesson tests
//               check: lessons*.mjs quotesChecked) and "What to notice"
//               no PDF's last page holds only the footer line
//               below the last line of each PDF, paper white (255 of 255 as
//               rendered in grey: the screen's page colour is not printed)
//   marks       every letter with a combining mark (the dot of θ̇, q̈, Φ̂) is
//               drawn on the answer key's PDF as rendered (pdftoppm, 150 dpi):
//               against the same key printed with the marks taken out of its
//               text, the pages differ in at least one separate spot per mark
//               (two for ̈), each on blank paper, clear of its letter
//               (DejaVu Serif, the print stack on Debian, set θ̇'s dot on the
//               θ's shoulder, where it cannot be seen)
//   footer      the footer never gets a page of its own: the Laws view's
//               worksheet printed with its top padded (0 to 400 pt) until the
//               footer is the first line past page 1; that page holds the last
//               step too
// The PDFs and their first pages as PNG: build/e2e/worksheet-<view>-{sheet,key}.{pdf,png}.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** The pages of a PDF rendered in grey (pdftoppm -gray, 150 dpi): [{ w, h, px: Uint8Array }]. */
function grayPages(file) {
  const stem = file.replace(/\.pdf$/, '-gray');
  const dir = path.dirname(stem);
  for (const f of fs.readdirSync(dir)) if (f.startsWith(`${path.basename(stem)}-`) && f.endsWith('.pgm')) fs.rmSync(path.join(dir, f));
  execFileSync('pdftoppm', ['-gray', '-r', '150', file, stem]);
  return fs.readdirSync(dir).filter((f) => f.startsWith(`${path.basename(stem)}-`) && f.endsWith('.pgm')).sort().map((f) => {
    const buf = fs.readFileSync(path.join(dir, f));
    // P5 <w> <h> <max>\n then the bytes
    const head = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(buf.toString('latin1', 0, 40));
    return { w: Number(head[1]), h: Number(head[2]), px: buf.subarray(head[0].length) };
  });
}

/** The separate spots (8-connected groups of pixels that differ by more than
 *  64 of 255) where grey pages a and b differ, with their bounding boxes and
 *  whether the spot stands clear on b: b has no ink (darker than 128) in it
 *  or in the pixels around it. */
function diffSpots(a, b) {
  const { w, h } = a;
  const diff = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) diff[i] = Math.abs(a.px[i] - b.px[i]) > 64 ? 1 : 0;
  const spots = [];
  for (let i = 0; i < w * h; i++) {
    if (!diff[i]) continue;
    const stack = [i];
    diff[i] = 0;
    let x0 = w, x1 = 0, y0 = h, y1 = 0;
    while (stack.length) {
      const j = stack.pop(), x = j % w, y = (j - x) / w;
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const u = x + dx, v = y + dy, k = v * w + u;
          if (u >= 0 && u < w && v >= 0 && v < h && diff[k]) { diff[k] = 0; stack.push(k); }
        }
      }
    }
    let clear = true;
    for (let y = Math.max(0, y0 - 1); y <= Math.min(h - 1, y1 + 1); y++) {
      for (let x = Math.max(0, x0 - 1); x <= Math.min(w - 1, x1 + 1); x++) if (b.px[y * w + x] < 128) clear = false;
    }
    spots.push({ x0, x1, y0, y1, clear });
  }
  return spots;
}

// every view's sheet and key (about 25 s each on a shared machine), the marks, the footer's bisection
export const WATCHDOG_MS = 420_000;

export default async function worksheets(h) {
  const { check, expect, openPage, logProblems, OUT } = h;
  const pdfText = (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const count = (text, s) => text.split(s).length - 1;
  for (const { id } of h.views) {
    await check(`worksheet: ${id}, the lesson printed as a worksheet (A4: blanks, QR codes) and an answer key (Letter: the quoted numbers)`, async () => {
      const { page, log } = await openPage(`?view=${id}`, id);
      try {
        if (!(await page.locator('#view .lesson-print-sheet').count())) return 'no lesson in this view';
        await page.evaluate(() => { window.print = () => {}; });   // page.pdf prints; the dialog is not wanted
        const lesson = await page.evaluate(() => [...document.querySelectorAll('#view .lesson-try ol > li')]
          .map((li) => ({ quotes: [...li.querySelectorAll('.quote')].map((q) => q.textContent), setup: !!li.querySelector('.lesson-setup') })));
        const out = {};
        for (const [kind, format] of [['sheet', 'A4'], ['key', 'Letter']]) {
          await page.click(`#view .lesson-print-${kind}`);
          const dom = await page.evaluate(() => {
            const ws = document.querySelector('body > .worksheet');
            return ws && { steps: ws.querySelectorAll('ol > li').length, qr: ws.querySelectorAll('img.qr').length,
              blanks: ws.querySelectorAll('ol .blank').length, answers: ws.querySelectorAll('ol .answer').length,
              qrOk: [...ws.querySelectorAll('img.qr')].every((i) => i.complete && i.naturalWidth > 20),
              footer: ws.querySelector('footer')?.textContent.replace(/\s+/g, ' ').trim() };
          });
          expect(dom, `${kind}: no worksheet was built`);
          const file = path.join(OUT, `worksheet-${id}-${kind}.pdf`);
          await page.pdf({ path: file, format, printBackground: true });
          execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, file.replace(/\.pdf$/, '')]);
          out[kind] = { dom, text: pdfText(file), pages: Number((/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' })) || [])[1]) };
          const last = execFileSync('pdftotext', ['-f', String(out[kind].pages), '-l', String(out[kind].pages), file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();
          expect(out[kind].pages === 1 || last !== dom.footer, `${kind}: page ${out[kind].pages} holds only the footer`);
          // below the last line of the last page, paper white (255): not the screen's page colour
          const g = grayPages(file).at(-1);
          let inkRow = 0;
          for (let y = 0; y < g.h; y++) for (let x = 0; x < g.w; x++) if (g.px[y * g.w + x] < 128) { inkRow = y; break; }
          let tint = 255;
          for (let i = (inkRow + 4) * g.w; i < g.w * g.h; i++) tint = Math.min(tint, g.px[i]);
          expect(tint === 255, `${kind}: the page below its last line is grey ${tint} of 255, not paper white`);
        }
        const quotes = lesson.flatMap((s) => s.quotes);
        const { sheet, key } = out;
        expect(sheet.dom.steps === lesson.length && key.dom.steps === lesson.length, `steps: sheet ${sheet.dom.steps}, key ${key.dom.steps}, lesson ${lesson.length}`);
        expect(sheet.dom.blanks === quotes.length && key.dom.answers === quotes.length, `blanks ${sheet.dom.blanks}, answers ${key.dom.answers}, quotes ${quotes.length}`);
        const qrWant = 1 + lesson.filter((s) => s.setup).length;
        expect(sheet.dom.qr === qrWant && sheet.dom.qrOk, `QR codes on the sheet: ${sheet.dom.qr} (want ${qrWant}), images ${sheet.dom.qrOk ? 'drawn' : 'broken'}`);
        expect(/Worksheet/.test(sheet.text) && /Name:/.test(sheet.text), 'the sheet has no title or name line');
        expect(/Answer key/.test(key.text) && /What to notice/.test(key.text), 'the key has no title or "What to notice"');
        const shown = (q) => q.replace(/−/g, '−');
        const missing = quotes.filter((q) => !key.text.includes(shown(q)));
        expect(!missing.length, `the answer key lacks ${missing.join(', ')}`);
        const leaked = [...new Set(quotes)].filter((q) => count(sheet.text, shown(q)) >= count(key.text, shown(q)));
        expect(!leaked.length, `the worksheet still shows ${leaked.join(', ')}`);
        const problems = logProblems(log);
        expect(!problems.length, problems.slice(0, 3).join('; '));
        return `${lesson.length} steps, ${quotes.length} blanks, ${sheet.dom.qr} QR codes; sheet ${sheet.pages} page(s) A4, key ${key.pages} Letter`;
      } finally {
        await page.close();
      }
    });
  }

  await marks(h);
  await footerPage(h);
}

/** The answer keys of the views whose lesson has letters with combining
 *  marks (θ̇, q̈, Φ̂), printed with and without the marks. */
async function marks(h) {
  const { check, expect, openPage, logProblems, OUT } = h;
  for (const { id } of h.views) {
    const { page, log } = await openPage(`?view=${id}`, id);
    try {
      await page.evaluate(() => { window.print = () => {}; });
      if (!(await page.locator('#view .lesson-print-key').count())) continue;
      await page.click('#view .lesson-print-key');
      const n = await page.evaluate(() => (document.querySelector('body > .worksheet').textContent.match(/\p{M}/gu) || []).length);
      // U+0308 (two dots) is two spots; every other mark one
      const spotsWanted = await page.evaluate(() => [...document.querySelector('body > .worksheet').textContent.matchAll(/\p{M}/gu)]
        .reduce((s, m) => s + (m[0] === '\u0308' ? 2 : 1), 0));
      if (!n) continue;
      await check(`worksheet: ${id}, the answer key's ${n} combining mark(s) (the dot of θ̇, …) drawn on the PDF as rendered`, async () => {
        const withMarks = path.join(OUT, `worksheet-${id}-marks.pdf`), without = path.join(OUT, `worksheet-${id}-nomarks.pdf`);
        await page.pdf({ path: withMarks, format: 'A4', printBackground: true });
        await page.click('#view .lesson-print-key');
        await page.evaluate(() => {
          const walker = document.createTreeWalker(document.querySelector('body > .worksheet'), NodeFilter.SHOW_TEXT);
          while (walker.nextNode()) walker.currentNode.data = walker.currentNode.data.replace(/\p{M}/gu, '');
        });
        await page.pdf({ path: without, format: 'A4', printBackground: true });
        const a = grayPages(withMarks), b = grayPages(without);
        expect(a.length === b.length, `pages: ${a.length} with the marks, ${b.length} without`);
        const spots = a.flatMap((p, i) => diffSpots(p, b[i]));
        // a mark is small: a spot taller or wider than 30 px at 150 dpi would be text that moved
        const big = spots.filter((s) => s.x1 - s.x0 > 30 || s.y1 - s.y0 > 30);
        expect(!big.length, `taking the marks out moved the text (${big.length} large differences)`);
        const clear = spots.filter((s) => s.clear);
        expect(clear.length >= spotsWanted, `${clear.length} spot(s) on blank paper differ from the key printed without its ${n} mark(s) `
          + `(${spotsWanted} wanted; ${spots.length - clear.length} more touch a letter): a mark is not drawn where it can be seen`);
        const problems = logProblems(log);
        expect(!problems.length, problems.slice(0, 3).join('; '));
        return `${clear.length} spots on blank paper for ${n} marks (${spotsWanted} wanted)`;
      });
    } finally {
      await page.close();
    }
  }
}

/** The Laws view's worksheet (A4) padded at its top until its footer is the
 *  first line past page 1 (bisection on the padding, 1 pt): page 2 must
 *  hold the last step with it. */
async function footerPage(h) {
  const { check, expect, openPage, OUT } = h;
  if (!h.views.some((v) => v.id === 'laws')) return;
  await check('worksheet: the footer never has a page of its own (the Laws sheet padded until it spills onto page 2)', async () => {
    const { page } = await openPage('?view=laws', 'laws');
    try {
      await page.evaluate(() => { window.print = () => {}; });
      // a constructed style sheet (the page's Content-Security-Policy refuses an inline <style>)
      await page.evaluate(() => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync('@media print { body > .worksheet { padding-top: var(--pad-test, 0pt); } }');
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      });
      const file = path.join(OUT, 'worksheet-footer.pdf');
      const print = async (pad) => {
        await page.evaluate((p) => document.body.style.setProperty('--pad-test', `${p}pt`), pad);
        await page.click('#view .lesson-print-sheet');
        const foot = await page.evaluate(() => document.querySelector('body > .worksheet footer').textContent);
        await page.pdf({ path: file, format: 'A4', printBackground: true });
        const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))[1]);
        const last = execFileSync('pdftotext', ['-f', String(pages), '-l', String(pages), file, '-'], { encoding: 'utf8' });
        return { pages, last: last.replace(/\s+/g, ' ').trim(), foot: foot.replace(/\s+/g, ' ').trim() };
      };
      let lo = 0, hi = 400;
      expect((await print(lo)).pages === 1, 'the Laws worksheet is more than one page unpadded (the check needs one)');
      expect((await print(hi)).pages > 1, `padded by ${hi} pt the worksheet is still one page`);
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if ((await print(mid)).pages === 1) lo = mid; else hi = mid;
      }
      const { pages, last, foot } = await print(hi);
      expect(pages === 2, `${pages} pages at ${hi} pt`);
      expect(last !== foot && last.endsWith(foot), `padded by ${hi} pt, page 2 holds ${last === foot ? 'only the footer' : `'${last.slice(0, 80)}'`}`);
      return `page 1 overflows at ${hi} pt of padding; page 2 then holds '${last.slice(0, 40)}…' and the footer`;
    } finally {
      await page.close();
    }
  });
}
