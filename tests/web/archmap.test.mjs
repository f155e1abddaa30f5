// tests/web/archmap.test.mjs: the architecture map's check of `make lint`
// (tools/archmap.mjs) passes a small tree whose map names everything, and
// fails, naming each, the same tree with one change of each kind a newcomer
// makes: a folder, a header, a wasm group, a module added without a line in
// the map; a file the map names removed; a module grown past the line limit;
// a listed file shrunk under it. The trees are written here, by hand, into a
// temporary folder (nothing checked in for the other lints to walk).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const MAP = `# Architecture

\`\`\`
law Φ      →  system             →  views
core/law/     core/system/bench/    web/src/views/
\`\`\`

| folder | header |
|---|---|
| \`law/\` | \`friction.h\` |
| \`system/bench/\` | \`fric_bench.h\` (\`bench_step.c\`) |

The wasm groups: \`core.law\`, \`core.bench\`.

A view is a folder of role files (\`views/pendulum/{index,charts}.js\`); \`web/src/views/index.js\` lists
them; \`format.js\` writes numbers. No code file of \`web/src\` passes 10 lines (the string tables,
\`i18n/en.js\`, aside) but these, to be split: \`views/pendulum/charts.js\` (12 lines).
`;
const lines = (n) => Array.from({ length: n }, (_, k) => `export const x${k} = ${k};`).join('\n') + '\n';
const GOOD = {
  'docs/architecture.md': MAP,
  'core/law/law.c': 'int a;\n',
  'core/system/bench/bench_step.c': 'int b;\n',
  'core/include/friction.h': '\n',
  'core/include/fric_bench.h': '\n',
  'wasm/bindings_law.c': '\n',
  'wasm/bindings_bench.c': '\n',
  'wasm/api/law.js': lines(1),
  'wasm/api/bench.js': lines(1),
  'wasm/api/core.js': lines(1),
  'web/src/format.js': lines(3),
  'web/src/i18n/en.js': lines(40),
  'web/src/views/index.js': lines(2),
  'web/src/views/pendulum/index.js': lines(10),
  'web/src/views/pendulum/charts.js': lines(12),
};

function run(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archmap-'));
  try {
    for (const [f, text] of Object.entries(files)) {
      if (text === null) continue;
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, f), text);
    }
    const env = { ...process.env };
    delete env.TEST_COUNTS; // the fixtures' counts are not the lint's
    const r = spawnSync(process.execPath, ['tools/archmap.mjs', '--root', dir], { cwd: ROOT, encoding: 'utf8', env });
    return { status: r.status, lines: r.stdout.trim().split('\n'), err: r.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a tree its map names whole passes: six rules, none failed', () => {
  const r = run(GOOD);
  assert.equal(r.status, 0, r.lines.join('\n') + r.err);
  assert.deepEqual(r.lines, ['archmap: 6 passed, 0 failed, 0 skipped']);
});

test('each change made without its line in the map fails, named', () => {
  const r = run({
    ...GOOD,
    'core/system/chain/chain_step.c': 'int c;\n',       // a family folder
    'core/include/fric_chain.h': '\n',                  // a public header
    'wasm/bindings_chain.c': '\n',                      // a wasm group
    'web/src/draw/arm.js': lines(2),                    // a web/src folder and its module
    'core/system/bench/bench_step.c': null,             // a file the map names, gone
    'core/system/bench/bench_scn.c': 'int d;\n',        // (its folder kept)
    'web/src/format.js': lines(11),                     // grown past the limit, not listed
    'web/src/views/pendulum/charts.js': lines(9),       // listed, but now under the limit
  });
  assert.equal(r.status, 1, r.lines.join('\n'));
  assert.deepEqual(r.lines.slice(0, -1).sort(), [
    'folders: core/system/chain/ is not in docs/architecture.md',
    'folders: web/src/draw/ is not in docs/architecture.md',
    'groups: the wasm group chain (wasm/bindings_chain.c, wasm/api/chain.js) is not in docs/architecture.md as `core.chain`',
    'headers: core/include/fric_chain.h is not in docs/architecture.md',
    'lines: `views/pendulum/charts.js` is listed as over 10 lines but has 9: take it off the list',
    'lines: web/src/format.js has 11 lines, over the 10 the map allows, and is not listed',
    'modules: web/src/draw/arm.js is not in docs/architecture.md',
    'named: docs/architecture.md names `bench_step.c`, which is not in the tree',
  ]);
  assert.equal(r.lines.at(-1), 'archmap: 0 passed, 6 failed, 0 skipped');
});

test('the map without its line-count sentence fails on that rule alone', () => {
  const r = run({ ...GOOD, 'docs/architecture.md': MAP.replace(/No code file[^]*$/, 'Files are small; `i18n/en.js` holds the strings.\n') });
  assert.equal(r.status, 1, r.lines.join('\n'));
  assert.deepEqual(r.lines, [
    'lines: docs/architecture.md has no "No code file of `web/src` passes N lines" sentence',
    'archmap: 5 passed, 1 failed, 0 skipped',
  ]);
});
