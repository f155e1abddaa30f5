# tools/times-s.awk FILE: the seconds the children of a shell used, user +
# system, from what its builtin `times` wrote to FILE (line 2, "0m1.5s 0m0.2s").
# `times` must run in the shell that waited for them, not in a pipeline's or a
# command substitution's own process, whose children are none. One reader for
# tools/test-parts.sh, tools/run-tests.sh and tests/cli/run.sh.
NR == 2 {
    n = 0
    for (i = 1; i <= 2; i++) { split($i, c, /[ms]/); n += c[1] * 60 + c[2] }
    printf "%.2f\n", n
}
