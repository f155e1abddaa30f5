#!/usr/bin/env bash
# tests/fuzz/run.sh: drives the libFuzzer targets (see docs/fuzzing.md).
#   run.sh regress DIR TARGET...          replay tests/fuzz/seeds/<target> and
#                                         tests/fuzz/regressions/<target>; then
#                                         tests/fuzz/pending/<target> (known
#                                         findings another branch fixes: listed,
#                                         not blocking)
#   run.sh fuzz DIR SECONDS TARGET...     fuzz each target SECONDS from a copy
#                                         of its seeds (build/fuzz/corpus/<target>)
# Crash inputs go to DIR/artifacts/<target>/. Exit 1 when a target failed.
set -uo pipefail
mode=$1; dir=$2; shift 2
secs=0
if [ "$mode" = fuzz ]; then secs=$1; shift; fi
here=$(cd "$(dirname "$0")" && pwd)
# fuzz_io's readers print one message per refused file: stdout/stderr of the
# target are closed (-close_fd_mask=3); libFuzzer's own report still shows.
opts() { case $1 in fuzz_io) echo "-close_fd_mask=3";; *) echo "";; esac; }
# fuzz_lut is fuzz_law.c with a table for every input: it starts from fuzz_law's seeds
seeds() { case $1 in fuzz_lut) echo "$here/seeds/fuzz_law";; *) echo "$here/seeds/$1";; esac; }
# an α ≠ 1 table build may take 0.3 s natively, tens of seconds under ASan on a loaded machine
tmo() { case $1 in fuzz_lut) echo 300;; *) echo 10;; esac; }
maxlen() { case $1 in fuzz_io|fuzz_params|fuzz_recording) echo 2048;; fuzz_map) echo 1024;; *) echo 512;; esac; }
# Seeds made at run time from the shared data (not copied into the repo):
# fuzz_params starts from every params file of ../shared/data/bam/params.
# A shared file the target fails on is a finding: it is named here and left
# out of the corpus (else the run would stop on it before exploring).
shared=$here/../../../shared/data
shared_seeds() {   # TARGET BINARY CORPUS
    local files=()
    case $1 in
        fuzz_params) [ -d "$shared/bam/params" ] && files=("$shared"/bam/params/*/*.json);;
    esac
    for f in "${files[@]}"; do
        local to=$3/shared_$(basename "$(dirname "$f")")_$(basename "$f")
        if "$2" $(opts "$1") -runs=1 "$f" >/dev/null 2>&1; then cp -n "$f" "$to"
        else rm -f "$to"; echo "fuzz $1: the shared file ${f#"$shared"/} fails the target (a finding; left out of the corpus)"; fi
    done
    return 0
}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
fail=0
for t in "$@"; do
    bin=$dir/$t
    if [ "$mode" = regress ]; then
        files=()
        for d in "$(seeds "$t")" "$here/regressions/$t"; do
            [ -d "$d" ] && while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$d" -type f ! -name 'README*' -print0 | sort -z)
        done
        if [ ${#files[@]} -eq 0 ]; then echo "fuzz-regress $t: no saved inputs"; continue; fi
        : >"$dir/$t.regress.log"
        bad=()
        for f in "${files[@]}"; do      # one process per input: every failure is listed
            if ! "$bin" $(opts "$t") -runs=1 "$f" >>"$dir/$t.regress.log" 2>&1; then
                bad+=("${f#"$here"/}")
                grep -E "fuzz invariant failed|runtime error|ERROR: (Address|Leak)Sanitizer" "$dir/$t.regress.log" | tail -1 | cut -c1-240 | sed 's/^/    /'
            fi
        done
        echo "fuzz-regress $t: ${#files[@]} inputs replayed, ${#bad[@]} failed${bad:+: ${bad[*]}}"
        [ ${#bad[@]} -eq 0 ] || fail=1
        if [ -d "$here/pending/$t" ]; then   # known findings fixed on another branch: not blocking
            still=()
            while IFS= read -r -d '' f; do
                FUZZ_STRICT=1 "$bin" $(opts "$t") -runs=1 "$f" >>"$dir/$t.regress.log" 2>&1 || still+=("${f#"$here"/}")
            done < <(find "$here/pending/$t" -type f ! -name 'README*' -print0 | sort -z)
            echo "fuzz-regress $t: pending (known, not blocking; tests/fuzz/pending/README.md): ${#still[@]} still fail${still:+: ${still[*]}}"
        fi
    else
        corpus=$dir/corpus/$t; art=$dir/artifacts/$t/
        mkdir -p "$corpus" "$art"
        [ -d "$(seeds "$t")" ] && cp -n "$(seeds "$t")"/* "$corpus"/ 2>/dev/null
        shared_seeds "$t" "$bin" "$corpus"
        if "$bin" $(opts "$t") -max_total_time="$secs" -max_len="$(maxlen "$t")" -timeout="$(tmo "$t")" -rss_limit_mb=2048 \
               -print_final_stats=1 -artifact_prefix="$art" "$corpus" >"$dir/$t.fuzz.log" 2>&1; then
            runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$dir/$t.fuzz.log" | grep -o '[0-9]*$')
            echo "fuzz $t: ${runs:-?} inputs in ${secs} s, no failure"
        else
            echo "fuzz $t: FAILED (log: $dir/$t.fuzz.log, input in $art):"
            grep -E "fuzz invariant failed|runtime error|ERROR: (Address|Leak)Sanitizer|Test unit written" "$dir/$t.fuzz.log" | tail -4
            fail=1
        fi
    fi
done
exit $fail
