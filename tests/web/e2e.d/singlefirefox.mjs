// e2e.d/singlefirefox.mjs: the single-file explorer (make dist:
// build/dist/friction-explorer.html) opened from file:// in Firefox, as
// single.mjs does in Chromium, with the same checks (single.mjs fileChecks:
// the Pendulum against `friction run bench`, Laws against `friction eval`,
// Fit against `friction fit`, Français and back, In MuJoCo's sentence in
// both languages, and no console error, page error, failed request or
// request but file:, blob: and data: URLs over the whole session).
// The browser: Debian's firefox-esr (tools/deps.sh browser installs it;
// FIREFOX=path for another), headless, on a fresh profile, driven by
// puppeteer-core over WebDriver BiDi (no browser download). A missing
// Firefox is a failure, as a missing Chromium is (e2e.mjs).
// Found by this check: the page never started in Firefox (it stayed on
// "Loading the friction core…"): Firefox gives a file: page the origin
// "null", and the worksheets' address field built 'null/…' into new URL()
// (web/src/printAddress.js pageBase now reads the whole address).
import fs from 'node:fs';
import puppeteer from 'puppeteer-core';
import { fileChecks } from './single.mjs';

// this module's bound (the harness's watchdog): Firefox's start, a fit of budget 1000, six page loads
export const WATCHDOG_MS = 240_000;
const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';

let left = null;   // the browser of an attempt that hung (the harness runs the module again)

export default async function singlefirefox(h) {
  const { check, expect, waitFor } = h;
  await left?.close().catch(() => {});
  let browser = null;
  const drv = { page: null, problems: [], phase: 'start' };
  try {
    await check('singlefirefox: Debian\'s Firefox starts headless, driven over WebDriver BiDi', async () => {
      expect(fs.existsSync(FIREFOX), `${FIREFOX} is missing (tools/deps.sh browser installs Debian's firefox-esr)`);
      browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true,
        // its start waited for up to 120 s (puppeteer's 30 s by default: under a load of 20 on
        // 2 cores Firefox's start took 20 to 47 s); a call unanswered for 60 s fails its check
        timeout: 120_000, protocolTimeout: 60_000, defaultViewport: { width: 1280, height: 900 } });
      left = browser;
      const page = await browser.newPage();
      page.setDefaultTimeout(20_000);
      page.setDefaultNavigationTimeout(60_000);
      const { problems } = drv;
      // the requests under way, as single.mjs waits for them before leaving a page
      const pending = new Set();
      page.on('console', (m) => { if (m.type() === 'error') problems.push(`${drv.phase}: console: ${m.text()}`); });
      page.on('pageerror', (e) => problems.push(`${drv.phase}: page error: ${e.message}`));
      // the browser's "leave the page?" (the Fit view asks while a fit result
      // is not exported, fit/store.js) answered as a person who switches the
      // language after a fit does: leave (Playwright's Chromium leaves unasked)
      page.on('dialog', (d) => { d.accept().catch(() => {}); });
      page.on('request', (r) => {
        pending.add(r);
        if (!/^(file|blob|data):/.test(r.url())) problems.push(`${drv.phase}: request to ${r.url()}`);
      });
      page.on('requestfinished', (r) => pending.delete(r));
      page.on('requestfailed', (r) => {
        pending.delete(r);
        problems.push(`${drv.phase}: failed request: ${r.url().slice(0, 120)} (${r.failure()?.errorText})`);
      });
      drv.page = page;
      drv.settled = async () => { await waitFor(() => pending.size === 0, 10_000, 50); };
      // the option picked in the page, the change event sent after the call
      // returns: the switch reloads the page, and puppeteer's BiDi call whose
      // page goes away while it runs (page.select) is never answered
      drv.choose = (selector, value) => page.evaluate(([sel, v]) => {
        setTimeout(() => {
          const box = document.querySelector(sel);
          box.value = v;
          box.dispatchEvent(new Event('input', { bubbles: true }));
          box.dispatchEvent(new Event('change', { bubbles: true }));
        }, 0);
      }, [selector, value]);
      return await browser.version();
    });
    await fileChecks(h, drv, 'singlefirefox');
  } finally {
    await Promise.race([browser?.close().catch(() => {}), new Promise((r) => { setTimeout(r, 10_000); })]);
    const pid = browser?.process()?.pid;
    if (pid && browser.connected) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } }
    left = null;
  }
}
