/*
 * profile_step.c: a fixed workload of the scalar pendulum step for a
 * profiler (`make profile-step`: callgrind's instruction counts, since
 * `perf stat` has no hardware counters on this VM): the xl330 M6 bench,
 * one bench, 200 000 steps of sin_sin at 1 ms with the treatment given
 * (clip or implicit). Not a timing: the profile says where the step's
 * instructions go (sin, pow, exp, the implicit solve, the step itself).
 *
 *   profile_step clip|implicit
 */
#include <stdio.h>
#include <string.h>

#include "fric_bench.h"

int main(int argc, char **argv)
{
    fric_treatment tr = argc > 1 && strcmp(argv[1], "implicit") == 0 ? FRIC_TREATMENT_IMPLICIT
                                                                      : FRIC_TREATMENT_CLIP;
    fric_bench_def d;
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 6), &d);
    d.treatment = tr;
    fric_bench_state s;
    if (fric_bench_init(&d, &s, 0, 0, NULL)) return 1;
    for (long k = 0; k < 200000; k++) {
        double g = fric_bench_traj_goal(FRIC_TRAJ_SIN_SIN, 1e-3 * (double)(k % 6000), 0, NULL);
        if (fric_bench_step(&d, &s, g, 1)) return 1;
    }
    printf("%s: q = %.6f rad after %llu steps\n", fric_treatment_name(tr), s.q,
           (unsigned long long)s.steps);
    return 0;
}
