// e2e.d/worksheetbase.mjs: the address a worksheet prints
// (web/src/printAddress.js, the field under the lesson's print buttons):
//   default   served from 127.0.0.1 the field is empty and says the sheets
//             would print this computer's own address, which phones cannot
//             open; the sheet's links start with the page's address
//   refused   "ftp://…" and "school.example" (no scheme) are refused with
//             the table's sentence (English, then French), nothing is kept
//   set       "https://school.example/friction/?x=1#y" is kept as
//             https://school.example/friction/ (localStorage), the worksheet's
//             and the answer key's every link starts with it followed by
//             ?view=<id>, and each QR code is that link's: its image is the
//             GIF that the QR library (npm qrcode-generator, run here in
//             Node) encodes from the expected text; after a reload the field
//             and the sheet keep the address
import qrcode from 'qrcode-generator';
import { fill } from '../../../web/src/i18n/index.js';
import { TABLES } from '../../../web/src/i18n/tables.js';

const KEY = 'fx.worksheet.base';
const BASE = 'https://school.example/friction/';

/** The QR code image of `text` as worksheet.js draws it, made here. */
function qrSrc(text) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createDataURL(4, 0);
}

export default async function worksheetBase(h) {
  const { check, expect, openPage, logProblems } = h;
  await check('worksheetbase: the address printed on worksheets: the loopback default said, a bad address refused in a sentence (en, fr), a set one kept (localStorage) and found in every link and QR code of the sheet and the key, after a reload too', async () => {
    const { page, log } = await openPage('?view=laws', 'laws');
    try {
      await page.evaluate((k) => { window.localStorage.removeItem(k); window.print = () => {}; }, KEY);
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      await page.evaluate(() => { window.print = () => {}; document.querySelector('#view .lesson details').open = true; });
      const field = page.locator('#lesson-print-base');
      const msg = () => page.locator('#lesson-print-base-msg').textContent();
      const origin = new URL(page.url());
      expect(await field.inputValue() === '', `the field starts at '${await field.inputValue()}'`);
      expect(await msg() === fill(TABLES.en['worksheet.base.loopback'], { host: origin.hostname }), `the default's note: '${await msg()}'`);
      const sheet = async (kind) => {
        await page.click(`#view .lesson-print-${kind}`);
        return page.evaluate(() => {
          const ws = document.querySelector('body > .worksheet');
          return { links: [...ws.querySelectorAll('a')].map((a) => a.getAttribute('href')), qr: [...ws.querySelectorAll('img.qr')].map((i) => i.src) };
        });
      };
      const before = await sheet('sheet');
      const own = `${origin.origin}${origin.pathname}?view=laws`;
      expect(before.links.length > 1 && before.links.every((l) => l.startsWith(own)), `default links: ${before.links.slice(0, 2).join(', ')}`);
      // refused: no scheme a phone opens
      for (const bad of ['ftp://school.example/friction/', 'school.example/friction']) {
        await field.fill(bad);
        await field.press('Enter');
        await field.blur();
        expect(await msg() === fill(TABLES.en['worksheet.base.bad'], { got: bad }), `'${bad}': the message is '${await msg()}'`);
        expect(await page.evaluate((k) => window.localStorage.getItem(k), KEY) === null, `'${bad}' was kept`);
      }
      // set
      await field.fill(`${BASE}?x=1#y`);
      await field.press('Enter');
      await field.blur();
      expect(await page.evaluate((k) => window.localStorage.getItem(k), KEY) === BASE, `kept: ${await page.evaluate((k) => window.localStorage.getItem(k), KEY)}`);
      expect(await msg() === fill(TABLES.en['worksheet.base.now'], { url: BASE }), `the note once set: '${await msg()}'`);
      const checkSheet = async (kind, when) => {
        const s = await sheet(kind);
        expect(s.links.length > 1 && s.links.every((l) => l.startsWith(`${BASE}?view=laws`)), `${when} ${kind}: links ${s.links.slice(0, 2).join(', ')}`);
        expect(s.qr.length === s.links.length, `${when} ${kind}: ${s.qr.length} QR codes for ${s.links.length} links`);
        const wrong = s.links.filter((l, i) => s.qr[i] !== qrSrc(l));
        expect(!wrong.length, `${when} ${kind}: the QR codes of ${wrong.slice(0, 2).join(', ')} do not encode them`);
        expect(!s.qr.some((q, i) => q === qrSrc(before.links[i])), `${when} ${kind}: a QR code still encodes the page's own address`);
        return s.links.length;
      };
      const n = await checkSheet('sheet', 'set:') + await checkSheet('key', 'set:');
      // remembered
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      await page.evaluate(() => { window.print = () => {}; document.querySelector('#view .lesson details').open = true; });
      expect(await field.inputValue() === BASE, `after a reload the field reads '${await field.inputValue()}'`);
      await checkSheet('sheet', 'after a reload:');
      const problems = logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
      // French: the refusal in the French table
      await page.goto(page.url().replace('view=laws', 'view=laws&lang=fr'));
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      await page.evaluate(() => { document.querySelector('#view .lesson details').open = true; });
      await field.fill('ftp://x');
      await field.press('Enter');
      await field.blur();
      expect(await msg() === fill(TABLES.fr['worksheet.base.bad'], { got: 'ftp://x' }), `French: '${await msg()}'`);
      expect(await page.evaluate((k) => window.localStorage.getItem(k), KEY) === BASE, 'French: a refused address replaced the kept one');
      return `${n} links and QR codes at ${BASE} (sheet and key), kept after a reload; 'ftp://…' and 'school.example/…' refused (en, fr)`;
    } finally {
      await page.evaluate((k) => window.localStorage.removeItem(k), KEY).catch(() => {});
      await page.close();
    }
  });
}
