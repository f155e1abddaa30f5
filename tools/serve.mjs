// tools/serve.mjs DIR [PORT]: serve the built explorer with esbuild's own
// server, bound to loopback, and print the address. PORT defaults to 8000
// (or $PORT). Runs until interrupted.
import * as esbuild from 'esbuild';

const dir = process.argv[2] || 'build/web';
const port = Number(process.argv[3] || process.env.PORT || 8000);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`serve: PORT=${process.argv[3] || process.env.PORT} is not a port number (1-65535)`);
  process.exit(2);
}

export async function serve(servedir, p) {
  const ctx = await esbuild.context({ logLevel: 'silent' });
  const res = await ctx.serve({ servedir, host: '127.0.0.1', port: p });
  const bound = res.port;
  return { ctx, url: `http://127.0.0.1:${bound}/` };
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
