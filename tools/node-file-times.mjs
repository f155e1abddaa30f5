// tools/node-file-times.mjs: a reporter for node --test (tests/web/run.sh)
// that writes, when the run ends, each test file's time (the sum of its
// top-level tests' durations, in seconds) as JSON: { "file.test.mjs": s },
// for tools/test-times.mjs's table of where make test's time goes.
import path from 'node:path';

export default async function* fileTimes(source) {
  const times = {};
  for await (const ev of source) {
    if ((ev.type === 'test:pass' || ev.type === 'test:fail') && ev.data.nesting === 0 && ev.data.file) {
      const f = path.basename(ev.data.file);
      times[f] = (times[f] || 0) + (ev.data.details?.duration_ms || 0) / 1000;
    }
  }
  yield `${JSON.stringify(times, null, 1)}\n`;
}
