// e2e.d/worksheet.mjs: every view's lesson printed (the lesson box's
// "Worksheet" and "Answer key" buttons, web/src/worksheet.js, print.css) as
// a PDF by Chromium (page.pdf: the worksheet at A4, the answer key at
// Letter), read back with pdftotext (Debian's poppler-utils):
//   worksheet   every step is there, each number the step quotes is a blank
//               (it appears fewer times than in the answer key), a QR code for
//               the lesson's start and for each step's set-up, a name line
//   answer key  every number the steps quote (the ones the lesson tests
//               check: lessons*.mjs quotesChecked) and "What to notice"
// The PDFs and their first pages as PNG: build/e2e/worksheet-<view>-{sheet,key}.{pdf,png}.
import path from 'node:path';
import { execFileSync } from 'node:child_process';

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
              qrOk: [...ws.querySelectorAll('img.qr')].every((i) => i.complete && i.naturalWidth > 20) };
          });
          expect(dom, `${kind}: no worksheet was built`);
          const file = path.join(OUT, `worksheet-${id}-${kind}.pdf`);
          await page.pdf({ path: file, format, printBackground: true });
          execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, file.replace(/\.pdf$/, '')]);
          out[kind] = { dom, text: pdfText(file), pages: Number((/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' })) || [])[1]) };
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
}
