#!/usr/bin/env bash
# tools/run-tests.sh LABEL BINARY...: run cmocka test programs, print each one's
# output, and close with one line "LABEL: N passed, M failed, K skipped".
# Exit 1 on any failure (a failed test or a program that crashed or printed no
# summary). A skip is printed by the test with its reason; a skip for missing
# shared data fails under CI=true (tests/support/bench_json.h).
# With TEST_COUNTS set (make test), the counts also go to
# $TEST_COUNTS/LABEL.txt for the overall line (tools/test-total.sh).
set -u
label=$1; shift
passed=0; failed=0; skipped=0; broken=()
sum() { sed -n "s/^\[  $1 *\] \([0-9]*\) test.*/\1/p" | awk '{s+=$1} END {print s+0}'; }
for bin in "$@"; do
    out=$("$bin" 2>&1); rc=$?
    printf '%s\n' "$out"
    p=$(printf '%s\n' "$out" | sum PASSED)
    f=$(printf '%s\n' "$out" | sum FAILED)
    s=$(printf '%s\n' "$out" | sum SKIPPED)
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
    if [ $rc -ne 0 ] && [ "$f" = 0 ]; then broken+=("$bin (exit $rc)"); failed=$((failed + 1)); fi
done
for b in "${broken[@]+"${broken[@]}"}"; do echo "$label: program failed without a test summary: $b"; done
echo "$label: $passed passed, $failed failed, $skipped skipped"
if [ -n "${TEST_COUNTS:-}" ]; then
    mkdir -p "$TEST_COUNTS" && echo "$passed $failed $skipped" >"$TEST_COUNTS/${label//[^A-Za-z0-9+-]/_}.txt"
fi
[ $failed -eq 0 ]
