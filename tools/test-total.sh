#!/usr/bin/env bash
# tools/test-total.sh DIR STATUS: the closing line of `make test`. Sums the
# counts every runner wrote to DIR/*.txt ("passed failed skipped", one file
# per runner: tools/run-tests.sh, tests/cli/run.sh, tests/web/run.sh) and
# prints "N passed, M failed, K skipped". STATUS is make's exit status for the
# runs: nonzero with no failed test counted (a build step or a runner that
# stopped before its summary) counts one failure. Exit 1 when anything failed.
set -u
dir=$1; status=${2:-0}
passed=0; failed=0; skipped=0; runners=0
for f in "$dir"/*.txt; do
    [ -f "$f" ] || continue
    read -r p fl s <"$f"
    passed=$((passed + p)); failed=$((failed + fl)); skipped=$((skipped + s)); runners=$((runners + 1))
done
if [ "$status" -ne 0 ] && [ $failed -eq 0 ]; then
    echo "make test: a build step or a runner failed before its summary (see above)"
    failed=1
fi
echo "$runners runners: $passed passed, $failed failed, $skipped skipped" | sed 's/^/total over /'
echo "$passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
