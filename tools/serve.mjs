// tools/serve.mjs DIR [PORT]: serve the built explorer with esbuild's own
// server, bound to loopback, and print the address. PORT defaults to 8000
// (or $PORT). Runs until interrupted.
// Every answer carries the page's Content-Security-Policy as a header (the
// one of DIR/index.html's meta tag as it is on disk, tools/csp.mjs) with frame-ancestors
// $FRAME_ANCESTORS, default * (any page may frame a view: docs/embedding.md):
// esbuild's server sets no header of its own, so a small proxy in front of it
// adds it (the worker scripts get the policy this way too).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { policyOf, headerPolicy } from './csp.mjs';

const dir = process.argv[2] || 'build/web';
const port = Number(process.argv[3] || process.env.PORT || 8000);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`serve: PORT=${process.argv[3] || process.env.PORT} is not a port number (1-65535)`);
  process.exit(2);
}

/** Serves servedir on 127.0.0.1:p (0: a free port): { ctx, url, policy } (policy: the header at start); ctx.dispose() stops both servers. */
export async function serve(servedir, p, frameAncestors = process.env.FRAME_ANCESTORS || '*') {
  // the policy of the index.html on disk now: a build made while the server
  // runs (make web beside make serve) writes new hashes of its inline import
  // map, which the old header would refuse beside the new page's own meta tag
  const index = path.join(servedir, 'index.html');
  let seen = null, policy = null;
  const current = () => {
    const stamp = fs.statSync(index, { throwIfNoEntry: false })?.mtimeMs ?? seen;
    if (stamp !== seen || policy === null) {
      try {
        policy = headerPolicy(policyOf(fs.readFileSync(index, 'utf8')), frameAncestors);
        seen = stamp;
      } catch (e) {
        if (policy === null) throw e;   // at start: no page to serve; mid-build: the last one's
      }
    }
    return policy;
  };
  current();
  const esb = await esbuild.context({ logLevel: 'silent' });
  const inner = await esb.serve({ servedir, host: '127.0.0.1', port: 0 });
  const front = http.createServer((req, res) => {
    const up = http.request({ host: '127.0.0.1', port: inner.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode, { ...r.headers, 'content-security-policy': current() });
      r.pipe(res);
    });
    up.on('error', (e) => { res.writeHead(502, { 'content-type': 'text/plain' }); res.end(`serve: ${e.message}\n`); });
    req.pipe(up);
  });
  try {
    await new Promise((res, rej) => { front.once('error', rej); front.listen(p, '127.0.0.1', res); });
  } catch (e) {
    await esb.dispose();
    throw e;
  }
  const ctx = { dispose: async () => { front.closeAllConnections?.(); front.close(); await esb.dispose(); } };
  return { ctx, url: `http://127.0.0.1:${front.address().port}/`, policy };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { url } = await serve(dir, port);
    console.log(`Friction Explorer is served at ${url}  (Ctrl-C to stop; PORT=... to change the port)`);
  } catch (e) {
    console.error(`serve: could not serve ${dir} on 127.0.0.1:${port}: ${e.message}`);
    console.error('serve: is the port in use? Try PORT=8001 make serve');
    process.exit(1);
  }
}
