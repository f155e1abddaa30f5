#!/usr/bin/env bash
# tests/web/run.sh: `make test-web`. Runs the Node tests of the wasm wrapper
# (node --test tests/web/*.test.mjs) and the end-to-end browser test
# (tests/web/e2e.mjs), prints each one's output, and closes with
#   web: N skipped
#   web: N passed, M failed
# Exit 1 when anything failed (or a runner crashed without a summary).
# Expects what the Makefile builds first: build/web, build/native/friction,
# node_modules (npm ci), Debian's chromium.
set -u
cd "$(dirname "$0")/../.."
mkdir -p build/e2e
tap=build/e2e/node-tests.tap

passed=0; failed=0; skipped=0

node --test --test-reporter=spec --test-reporter-destination=stdout \
     --test-reporter=tap --test-reporter-destination="$tap" tests/web/*.test.mjs
rc=$?
p=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$tap" | tail -1)
f=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$tap" | tail -1)
c=$(sed -n 's/^# cancelled \([0-9]*\)$/\1/p' "$tap" | tail -1)
s=$(sed -n 's/^# skipped \([0-9]*\)$/\1/p' "$tap" | tail -1)
if [ -z "$p" ] || [ -z "$f" ]; then
    echo "web: node --test printed no summary (exit $rc)"
    failed=$((failed + 1))
else
    passed=$((passed + p)); failed=$((failed + f + ${c:-0})); skipped=$((skipped + ${s:-0}))
    if [ $rc -ne 0 ] && [ "$f" = 0 ] && [ "${c:-0}" = 0 ]; then failed=$((failed + 1)); fi
fi
echo "node tests: ${p:-?} passed, ${f:-?} failed, ${s:-?} skipped"

out=build/e2e/e2e.log
node tests/web/e2e.mjs 2>&1 | tee "$out"
rc=${PIPESTATUS[0]}
line=$(grep -E '^e2e: [0-9]+ passed, [0-9]+ failed' "$out" | tail -1)
if [ -z "$line" ]; then
    echo "web: the e2e test printed no summary (exit $rc)"
    failed=$((failed + 1))
else
    p=$(printf '%s\n' "$line" | sed 's/^e2e: \([0-9]*\) passed.*/\1/')
    f=$(printf '%s\n' "$line" | sed 's/^e2e: [0-9]* passed, \([0-9]*\) failed.*/\1/')
    s=$(sed -n 's/^e2e: \([0-9]*\) skipped.*/\1/p' "$out" | tail -1)
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + ${s:-0}))
    if [ $rc -ne 0 ] && [ "$f" = 0 ]; then failed=$((failed + 1)); fi
fi

echo "web: $skipped skipped"
echo "web: $passed passed, $failed failed"
[ $failed -eq 0 ]
