// wrapper_fuzz.test.mjs: the wrapper fuzz (tests/fuzz/wrapper_fuzz.mjs) as a
// regression test, run by `node --test` (make test-web). A fixed seed and a
// fixed number of calls, with --strict: every call either computes (every
// number finite, no invalid region code) or is refused with a message; a
// result beyond the largest double, W0(Infinity), a 255 grid cell, a bare
// TypeError, a wasm trap or a broken heap canary fails it. The same seed
// gives the same calls, so a failure is reproduced by the command it prints.
//
// Size: 25 000 calls take ~4 s on the 2-core machine unloaded, ~20 s beside
// a full CI run. The call in progress goes to a file in /dev/shm (a write
// per call: on a busy disk, build/fuzz would slow the run several times).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './load.mjs';

const SEED = 2026;
const CALLS = 25000;

describe('wrapper fuzz, fixed seed, --strict', () => {
  it(`${CALLS} calls of seed ${SEED}: 0 neither computed nor refused, heap canary intact`, { timeout: 300000 }, (t) => {
    const dir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'wrapper-fuzz-'));
    try {
      const json = path.join(dir, 'survey.json');
      const args = ['tests/fuzz/wrapper_fuzz.mjs', '--seed', String(SEED), '--calls', String(CALLS), '--seconds', '600',
        '--strict', '--current', path.join(dir, 'current.txt'), '--json', json];
      const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', timeout: 290000 });
      const out = `${r.stdout}${r.stderr}`;
      const how = `node ${args.slice(0, 8).join(' ')}`;
      assert.equal(r.status, 0, `${how} exited ${r.status} (signal ${r.signal}):\n${out}`);
      const m = out.match(/^wrapper fuzz: (\d+) calls in \d+ s: (\d+) computed, (\d+) refused cleanly, (\d+) neither \(module reloaded (\d+) times\)$/m);
      assert.ok(m, `no summary line in:\n${out}`);
      const [calls, computed, refused, bad, reloads] = m.slice(1).map(Number);
      assert.equal(calls, CALLS, 'every call made (not stopped by --seconds)');
      assert.equal(bad, 0, out);
      assert.equal(reloads, 0, out);
      assert.equal(computed + refused, CALLS);
      // both sides exercised: the fuzz's mix gives roughly 45 % computed, 55 % refused
      assert.ok(computed > CALLS / 4 && refused > CALLS / 4, `computed ${computed}, refused ${refused}`);
      const s = JSON.parse(fs.readFileSync(json, 'utf8'));
      assert.deepEqual(s.bad, {});
      t.diagnostic(`${calls} calls in ${s.seconds.toFixed(1)} s: ${computed} computed, ${refused} refused, ${bad} bad; `
        + `notes (not bad): ${Object.entries(s.notes).map(([k, v]) => `${k} ×${v.n}`).join('; ') || 'none'}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
