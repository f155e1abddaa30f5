// eslint.config.js: the JS linter of `make lint` (run by `make test`, tools/lint.mjs).
// Recommended rules on web/, wasm/, tests/web/ and tools/, with the globals
// each kind of file runs under: the page (browser), its workers (worker),
// Node (tests, tools, the wasm wrapper's Node loading path).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['build/**', 'node_modules/**', 'wasm/*.json'] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
  },
  // the page
  { files: ['web/src/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  // its Web Workers
  { files: ['web/src/workers/**/*.js'], languageOptions: { globals: { ...globals.worker } } },
  // the offline package's service worker (a classic script: tools/dist.mjs prepends its list)
  { files: ['web/sw.js'], languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } } },
  // the wasm wrapper: loaded by the page, the workers and Node
  { files: ['wasm/**/*.js'], languageOptions: { globals: { ...globals.browser, ...globals.worker, ...globals.node } } },
  // Node: the tests (their page.evaluate callbacks run in the browser) and the tools
  { files: ['tests/web/**/*.{js,mjs}', 'tools/**/*.{js,mjs}', 'benchmarks/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } } },
];
