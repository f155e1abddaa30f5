// serve.test.mjs: tools/serve.mjs (make serve) sends the page's
// Content-Security-Policy as a header, the one of the index.html on disk at
// the time of the request: a build made while the server runs writes a page
// with new hashes of its inline scripts, which the header of the old page
// would refuse (the page's own meta tag allows them, both policies apply).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '../../tools/serve.mjs';

const page = (hash) => `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-${hash}'">
<title>t</title></head><body></body></html>`;

describe('tools/serve.mjs: the policy header', () => {
  let dir, server;
  const header = async () => (await fetch(server.url)).headers.get('content-security-policy');
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-serve-'));
    fs.writeFileSync(path.join(dir, 'index.html'), page('AAAA'));
    server = await serve(dir, 0, "'none'");
  });
  after(async () => {
    await server.ctx.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is the page\'s meta tag with frame-ancestors, and follows a page rebuilt while the server runs', async () => {
    assert.equal(await header(), "default-src 'self'; script-src 'self' 'sha256-AAAA'; frame-ancestors 'none'");
    // the rebuilt page, dated a second later (a file system's coarse clock)
    const index = path.join(dir, 'index.html');
    fs.writeFileSync(index, page('BBBB'));
    const later = new Date(fs.statSync(index).mtimeMs + 1000);
    fs.utimesSync(index, later, later);
    assert.equal(await header(), "default-src 'self'; script-src 'self' 'sha256-BBBB'; frame-ancestors 'none'");
  });

  it('keeps the last page\'s policy while a build has no page yet, or one without its meta tag', async () => {
    const index = path.join(dir, 'index.html');
    const want = await header();
    fs.rmSync(index);
    assert.equal(await header(), want);
    fs.writeFileSync(index, '<!doctype html><title>half written</title>');
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(index, later, later);
    assert.equal(await header(), want);
  });
});
