#!/usr/bin/env bash
# tools/run-tests.sh LABEL BINARY...: run cmocka test programs, TEST_JOBS at a
# time (default: the number of cores), print each one's output in the order
# given, and close with one line "LABEL: N passed, M failed, K skipped".
# Exit 1 on any failure (a failed test or a program that crashed or printed no
# summary). A skip is printed by the test with its reason; a skip for missing
# shared data fails under CI=true (tests/support/bench_json.h).
# With TEST_COUNTS set (make test), the counts also go to
# $TEST_COUNTS/LABEL.txt for the overall line (tools/test-total.sh), and each
# program's seconds, wall and processor, to build/test-times/cmocka-LABEL.tsv
# (tools/test-times.mjs).
# A program named in $TEST_LEAVES (make check: "identify/test_ident_bam", the
# path below tests/) is not run: a line says so and it counts as one skipped.
set -u
label=$1; shift
left=()
if [ -n "${TEST_LEAVES:-}" ]; then
    keep=()
    for bin in "$@"; do
        name=${bin#*/tests/}
        case " $TEST_LEAVES " in *" $name "*) left+=("$name") ;; *) keep+=("$bin") ;; esac
    done
    set -- "${keep[@]+"${keep[@]}"}"
fi
safe=${label//[^A-Za-z0-9+-]/_}
jobs=${TEST_JOBS:-$(nproc)}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# each program's output, status and seconds into $out/K.{log,rc,s}, $jobs at a time
k=0
for bin in "$@"; do
    k=$((k + 1))
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    (
        t0=$(date +%s.%N)
        "$bin" >"$out/$k.log" 2>&1; echo $? >"$out/$k.rc"
        times >"$out/$k.t"   # the program's user and system time (tools/times-s.awk)
        printf '%s\t%s\n' "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')" \
               "$(awk -f "$(dirname "$0")/times-s.awk" "$out/$k.t")" >"$out/$k.s"
    ) &
done
wait

passed=0; failed=0; skipped=0; broken=()
sum() { sed -n "s/^\[  $1 *\] \([0-9]*\) test.*/\1/p" "$2" | awk '{s+=$1} END {print s+0}'; }
times=""
k=0
for bin in "$@"; do
    k=$((k + 1))
    cat "$out/$k.log"
    rc=$(cat "$out/$k.rc" 2>/dev/null || echo 255)
    p=$(sum PASSED "$out/$k.log")
    f=$(sum FAILED "$out/$k.log")
    s=$(sum SKIPPED "$out/$k.log")
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
    if [ "$rc" -ne 0 ] && [ "$f" = 0 ]; then broken+=("$bin (exit $rc)"); failed=$((failed + 1)); fi
    times+="$bin	$(cat "$out/$k.s" 2>/dev/null)
"
done
for b in "${broken[@]+"${broken[@]}"}"; do echo "$label: program failed without a test summary: $b"; done
for n in "${left[@]+"${left[@]}"}"; do echo "skipped: $n, left to make test by make check's quick tier"; done
skipped=$((skipped + ${#left[@]}))
echo "$label: $passed passed, $failed failed, $skipped skipped"
if [ -n "${TEST_COUNTS:-}" ]; then
    mkdir -p "$TEST_COUNTS" && echo "$passed $failed $skipped" >"$TEST_COUNTS/$safe.txt"
    mkdir -p build/test-times && printf '%s' "$times" >"build/test-times/cmocka-$safe.tsv"
fi
[ $failed -eq 0 ]
