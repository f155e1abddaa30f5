// tools/csp.mjs: the explorer's Content-Security-Policy, defined once, in
// web/index.html's <meta http-equiv="Content-Security-Policy"> (docs/offline.md
// "Content-Security-Policy"), and what the builds and the server make of it:
//   tools/serve.mjs   (make serve) sends it as a header on every answer, with
//                     frame-ancestors (the embed API: any page may frame a view,
//                     docs/embedding.md)
//   tools/dist.mjs    the package's page: the hashes of its two inline
//                     scripts (the import map with the integrity of its
//                     modules, the note for file:// and for a refused file)
//                     added to script-src
//   tools/single.mjs  the single file: the hashes of its inline module and
//                     style sheet added, 'unsafe-eval' taken out (only
//                     MuJoCo's bindings need it, and the file carries no MuJoCo)
import crypto from 'node:crypto';

const META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g;

/** The policy of the page's meta tag; throws unless there is exactly one. */
export function policyOf(html) {
  const all = [...html.matchAll(META)];
  if (all.length !== 1) throw new Error(`the page holds ${all.length} Content-Security-Policy meta tags, not one`);
  return all[0][1];
}

/** html with its policy meta tag holding `policy`. */
export function withPolicy(html, policy) {
  policyOf(html);
  if (/"/.test(policy)) throw new Error('a policy holds no double quote');
  return html.replace(META, () => `<meta http-equiv="Content-Security-Policy" content="${policy}">`);
}

const parse = (policy) => policy.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]);
const format = (ds) => ds.map((d) => d.join(' ')).join('; ');

/** policy with `sources` added to `directive` (made from default-src when absent). */
export function addSources(policy, directive, sources) {
  const ds = parse(policy);
  let d = ds.find((x) => x[0] === directive);
  if (!d) {
    d = [directive, ...(ds.find((x) => x[0] === 'default-src')?.slice(1) ?? [])];
    ds.push(d);
  }
  for (const s of sources) if (!d.includes(s)) d.push(s);
  return format(ds);
}

/** policy with `source` taken out of `directive`. */
export function removeSource(policy, directive, source) {
  return format(parse(policy).map((d) => (d[0] === directive ? d.filter((s, i) => i === 0 || s !== source) : d)));
}

/** The CSP source of an inline script's or style's text: 'sha256-<base64>'. */
export const inlineHash = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The policy as a server sends it (a header): with frame-ancestors, which a
 *  meta tag cannot carry. */
export const headerPolicy = (policy, frameAncestors = '*') => `${policy}; frame-ancestors ${frameAncestors}`;
