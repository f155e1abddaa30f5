#!/usr/bin/env bash
# tools/run-tests.sh LABEL BINARY...: run cmocka test programs, print each one's
# output, and close with one line "LABEL: N passed, M failed". Exit 1 on any
# failure (a failed test or a program that crashed or printed no summary).
set -u
label=$1; shift
passed=0; failed=0; broken=()
for bin in "$@"; do
    out=$("$bin" 2>&1); rc=$?
    printf '%s\n' "$out"
    p=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | awk '{s+=$1} END {print s+0}')
    f=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | awk '{s+=$1} END {print s+0}')
    passed=$((passed + p)); failed=$((failed + f))
    if [ $rc -ne 0 ] && [ "$f" = 0 ]; then broken+=("$bin (exit $rc)"); failed=$((failed + 1)); fi
done
for b in "${broken[@]+"${broken[@]}"}"; do echo "$label: program failed without a test summary: $b"; done
echo "$label: $passed passed, $failed failed"
[ $failed -eq 0 ]
