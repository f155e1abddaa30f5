#!/usr/bin/env bash
# tests/web/run.sh [node|e2e]: `make test-web` (both), or one of its two
# runners (make test and make check run them side by side): the Node tests
# of the wasm wrapper (node --test tests/web/*.test.mjs, NODE_TEST_JOBS files
# at a time, default 2) and the end-to-end browser test (tests/web/e2e.mjs,
# its own workers: E2E_WORKERS; E2E_SMOKE=1 runs the views' generic checks
# only). Prints each one's output, and closes with
#   node tests: N passed, M failed, K skipped
#   web: N passed, M failed, K skipped
# (with TEST_COUNTS set, the counts also go to $TEST_COUNTS/web-node.txt and
# web-e2e.txt for make test's overall line). Exit 1 when anything failed (or
# a runner crashed without a summary). A skip for missing shared data gives the reason
# "missing shared data: …"; under CI=true, where the data is always beside
# the clone, the node tests' such skips count as failures here (e2e.mjs fails
# its own).
# Expects what the Makefile builds first: build/web, build/native/friction,
# node_modules (npm ci), Debian's chromium.
set -u
cd "$(dirname "$0")/../.."
what=${1:-both}
mkdir -p build/e2e
tap=build/e2e/node-tests.tap

passed=0; failed=0; skipped=0
# count PART: the counts so far to $TEST_COUNTS/web-PART.txt, and zero them
count() {
    echo "web: $passed passed, $failed failed, $skipped skipped"
    if [ -n "${TEST_COUNTS:-}" ]; then
        mkdir -p "$TEST_COUNTS" && echo "$passed $failed $skipped" >"$TEST_COUNTS/web-$1.txt"
    fi
    [ $failed -eq 0 ] || status=1
    passed=0; failed=0; skipped=0
}
status=0

if [ "$what" != e2e ]; then
# the test files side by side: each is its own process; none shares a
# fixed output path with another (each writes under its own mkdtemp or its
# own name in build/e2e)
# a file named in $TEST_LEAVES (make check) is not run: a line says so and
# it counts as one skipped
files=(); left=()
for f in tests/web/*.test.mjs; do
    case " ${TEST_LEAVES:-} " in *" ${f##*/} "*) left+=("${f##*/}") ;; *) files+=("$f") ;; esac
done
node --test --test-concurrency="${NODE_TEST_JOBS:-2}" --test-reporter=spec --test-reporter-destination=stdout \
     --test-reporter=tap --test-reporter-destination="$tap" \
     --test-reporter=./tools/node-file-times.mjs --test-reporter-destination=build/e2e/node-file-times.json "${files[@]}"
rc=$?
for f in "${left[@]+"${left[@]}"}"; do echo "skipped: $f, left to make test by make check's quick tier"; done
p=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$tap" | tail -1)
f=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$tap" | tail -1)
c=$(sed -n 's/^# cancelled \([0-9]*\)$/\1/p' "$tap" | tail -1)
s=$(sed -n 's/^# skipped \([0-9]*\)$/\1/p' "$tap" | tail -1)
if [ -z "$p" ] || [ -z "$f" ]; then
    echo "web: node --test printed no summary (exit $rc)"
    failed=$((failed + 1))
else
    s=${s:-0}
    if [ "${CI:-}" = true ]; then
        d=$(grep -c '# SKIP missing shared data' "$tap")
        if [ "$d" -gt 0 ]; then
            grep '# SKIP missing shared data' "$tap" | sed 's/^ *//; s/^/FAIL (CI=true, the shared data must be beside the clone): /'
            f=$((f + d)); s=$((s - d))
        fi
    fi
    s=$((s + ${#left[@]}))
    passed=$((passed + p)); failed=$((failed + f + ${c:-0})); skipped=$((skipped + s))
    if [ $rc -ne 0 ] && [ "$f" = 0 ] && [ "${c:-0}" = 0 ]; then failed=$((failed + 1)); fi
fi
echo "node tests: ${p:-?} passed, ${f:-?} failed, ${s:-?} skipped"
count node
fi
[ "$what" = node ] && exit $status

out=build/e2e/e2e.log
node tests/web/e2e.mjs 2>&1 | tee "$out"
rc=${PIPESTATUS[0]}
line=$(grep -E '^e2e: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' "$out" | tail -1)
if [ -z "$line" ]; then
    echo "web: the e2e test printed no summary (exit $rc)"
    failed=$((failed + 1))
else
    read -r p f s < <(printf '%s\n' "$line" | sed 's/^e2e: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped.*/\1 \2 \3/')
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
    if [ $rc -ne 0 ] && [ "$f" = 0 ]; then failed=$((failed + 1)); fi
fi

count e2e
exit $status
