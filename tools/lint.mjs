// tools/lint.mjs: `make lint` (run by `make test`). ESLint (eslint.config.js:
// the recommended rules) over web/, wasm/, tests/web/, tools/ and benchmarks/; prints each
// finding, then one line "lint: N passed, M failed, 0 skipped" where a file
// passes when it has no finding. With TEST_COUNTS set (make test), the counts
// also go to $TEST_COUNTS/lint.txt for the overall line (tools/test-total.sh).
// Exit 1 when any file has a finding.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['web', 'wasm', 'tests/web', 'tools', 'benchmarks', 'eslint.config.js'];

process.chdir(ROOT);
const eslint = new ESLint({ cwd: ROOT });
const results = await eslint.lintFiles(DIRS);
const formatter = await eslint.loadFormatter('stylish');
const text = await formatter.format(results);
if (text) console.log(text);
const failed = results.filter((r) => r.errorCount + r.warningCount + r.fatalErrorCount > 0).length;
const passed = results.length - failed;
console.log(`lint: ${passed} passed, ${failed} failed, 0 skipped`);
if (process.env.TEST_COUNTS) {
  fs.mkdirSync(process.env.TEST_COUNTS, { recursive: true });
  fs.writeFileSync(path.join(process.env.TEST_COUNTS, 'lint.txt'), `${passed} ${failed} 0\n`);
}
process.exit(failed ? 1 : 0);
