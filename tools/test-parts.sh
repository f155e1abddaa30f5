#!/usr/bin/env bash
# tools/test-parts.sh TIER PART[:NICE]... : run the parts of a test tier (make test,
# make check) side by side, after the tier's build, and say where the time
# went. Each PART is a make target that only runs a runner (run-native,
# run-e2e, ...: the Makefile's "run-" targets); the runners write their counts
# to $TEST_COUNTS/LABEL.txt as before (tools/test-total.sh adds them up).
#
# How they share the two cores: the first PART (the longest: the browser
# end-to-end run) starts at once at normal priority; the others run under
# `nice`, at most $TEST_NICE_JOBS (default 2) at a time, in the order given,
# so they fill the time the first one spends waiting (timers, frame
# windows, a page's load) without taking the cores from it; once the first
# has ended, one more niced part runs in its place (a part that is one shell
# working through its checks, the CLI tests, uses one core of the two).
# PART:NICE sets a part's niceness (default 10): a part that is one shell,
# and so cannot use both cores, is given a lower one, so the parts that
# can wait for a core do, and it does not end last alone.
#
# Each part's whole output goes to build/test-logs/PART.log and is printed
# in one block when the part ends (so two parts' lines never mix), after a
# line "== PART: 12 passed, 0 failed, 0 skipped (34.5 s, CPU 61.2 s)". The
# wall seconds and the processor seconds (user + system of every process
# the part waited for, from the shell's `times`: what a part costs on a
# shared machine, where its wall time also holds its wait for a core) go to
# build/test-times/TIER.tsv; tools/test-times.mjs prints the ten slowest
# parts, e2e tasks and Node test files from there at the end of make test.
# Exit 1 when a part failed.
set -u
tier=$1; shift
cd "$(dirname "$0")/.."
logs=build/test-logs
times=build/test-times
mkdir -p "$logs" "$times"
: >"$times/$tier.tsv"
niceJobs=${TEST_NICE_JOBS:-2}
MAKE=${MAKE:-make}

# python3 resolved once for every part: where it is a version manager's
# shim (pyenv's: a bash script that costs 0.33 s a call, against 0.05 s for
# the interpreter it picks), the interpreter's own folder goes first in the
# parts' PATH; the CLI tests and the browser run call it for each file they
# read with tests/support/strict.py
if py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) && [ -x "$py" ] \
    && [ "$py" != "$(command -v python3)" ] && [ "$(basename "$(dirname "$py")")" = bin ]; then
    PATH="$(dirname "$py"):$PATH"; export PATH
fi

now() { date +%s.%N; }
t0=$(now)
declare -A start pid
status=0

# the closing count line of a part's log ("LABEL: N passed, M failed, K skipped", the last one)
counts() { grep -E '^[A-Za-z][A-Za-z +-]*: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' "$logs/$1.log" | tail -1 | sed 's/^[^:]*: //'; }

launch() { # launch PART NICENESS
    local p=$1 n=$2
    start[$p]=$(now)
    rm -f "$logs/$p.cpu"
    (
        nice -n "$n" "$MAKE" --no-print-directory -s "$p" >"$logs/$p.log" 2>&1; rc=$?
        times >"$logs/$p.cpu"   # here, in the shell that waited for make
        awk -f tools/times-s.awk "$logs/$p.cpu" >"$logs/$p.cpu.s" && mv "$logs/$p.cpu.s" "$logs/$p.cpu"
        exit $rc
    ) &
    pid[$p]=$!
}

finish() { # finish PART RC: print its block, record its time
    local p=$1 rc=$2 s c cpu
    s=$(awk -v a="${start[$p]}" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
    c=$(counts "$p")
    cpu=$(cat "$logs/$p.cpu" 2>/dev/null)
    echo "== $p: ${c:-no count line} (${s} s, CPU ${cpu:-?} s, exit $rc)"
    cat "$logs/$p.log"
    printf '%s\t%s\t%s\t%s\n' "$p" "$s" "$rc" "${cpu:-}" >>"$times/$tier.tsv"
    [ "$rc" -eq 0 ] || status=1
}

first=$1; shift
echo "== $tier: $first at once; then $* (niced, $niceJobs at a time, a part's own niceness after its colon); logs in $logs/"
launch "$first" 0
queue=("$@")
declare -A running=([${pid[$first]}]=$first)   # pid -> part
# niceJobs niced parts beside the first, and one more in its place once it
# has ended: in both cases, parts start while fewer than niceJobs + 1 run
while [ ${#queue[@]} -gt 0 ] || [ ${#running[@]} -gt 0 ]; do
    while [ ${#queue[@]} -gt 0 ] && [ ${#running[@]} -lt $((niceJobs + 1)) ]; do
        q=${queue[0]%%:*} n=10
        [ "$q" = "${queue[0]}" ] || n=${queue[0]#*:}
        launch "$q" "$n"
        running[${pid[$q]}]=$q
        queue=("${queue[@]:1}")
    done
    # the next part to end is printed at once
    done_pid=
    wait -n -p done_pid "${!running[@]}"; rc=$?
    [ -n "$done_pid" ] || continue
    p=${running[$done_pid]}
    finish "$p" "$rc"
    unset "running[$done_pid]"
done
total=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
cpu=$(awk -F'\t' '$4 != "" { n += $4 } END { printf "%.1f", n }' "$times/$tier.tsv")
printf '%s\t%s\t%s\t%s\n' "(all parts)" "$total" "$status" "$cpu" >>"$times/$tier.tsv"
echo "== $tier: the parts took ${total} s side by side, ${cpu} s of processor time as their shells count it (a browser's, less)"
exit $status
