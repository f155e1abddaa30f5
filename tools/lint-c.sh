#!/usr/bin/env bash
# tools/lint-c.sh FLAGS...: the C half of `make lint` (run by `make test`).
# A second compiler's warnings: clang -fsyntax-only with FLAGS (the
# Makefile's $(STD) $(WARN) $(FPFLAGS), -Werror included) over the sources
# it reads from stdin, one a line as "INCLUDE-FLAGS... FILE" (the Makefile
# writes each file's own include path: the stage walls of core_inc). Two
# files at a time. Prints each finding, then "lint-c: N passed, M failed,
# K skipped" (a file passes when clang says nothing) and, with TEST_COUNTS
# set, writes the counts to $TEST_COUNTS/lint-c.txt. Without clang it says
# so and skips every file; under CI=true that is a failure (tools/deps.sh
# native installs clang). Exit 1 when any file failed.
set -u
cd "$(dirname "$0")/.."
CLANG=${CLANG:-clang}
lines=$(cat)
n=$(printf '%s\n' "$lines" | grep -c .)
counts() { # passed failed skipped
    echo "lint-c: $1 passed, $2 failed, $3 skipped"
    if [ -n "${TEST_COUNTS:-}" ]; then
        mkdir -p "$TEST_COUNTS" && echo "$1 $2 $3" >"$TEST_COUNTS/lint-c.txt"
    fi
}
if ! command -v "$CLANG" >/dev/null 2>&1; then
    if [ "${CI:-}" = true ]; then
        echo "lint-c: FAIL (CI=true): $CLANG is not installed; tools/deps.sh native installs it"
        counts 0 "$n" 0
        exit 1
    fi
    echo "lint-c: SKIP $n files: $CLANG is not installed (sudo apt-get install clang)"
    counts 0 0 "$n"
    exit 0
fi
out=$(mktemp -d /tmp/lint-c.XXXXXX)
trap 'rm -rf "$out"' EXIT
export CLANG out
# each line: its own include flags, then the file (last word)
printf '%s\n' "$lines" | grep . | nl -ba -w1 -s' ' |
    xargs -P 2 -L 1 sh -c 'i=$1; shift; eval "f=\${$#}"; \
        "$CLANG" -fsyntax-only "$@" '"$*"' >"$out/$i.log" 2>&1 || echo "$f" >"$out/$i.fail"' sh
failed=$(cat "$out"/*.fail 2>/dev/null | wc -l)
for log in "$out"/*.log; do [ -s "$log" ] && cat "$log"; done
counts $((n - failed)) "$failed" 0
[ "$failed" -eq 0 ]
