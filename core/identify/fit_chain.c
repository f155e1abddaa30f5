/*
 * fit_chain.c: the warm start of each model when M1..M6 are fitted in turn
 * (`friction fit --model all`, benchmarks/bench_fit.c, the paper's Fig. 5):
 * the fitted simpler model the new one contains (fric_fit_contains) with
 * the lowest training loss, embedded (fric_fit_embed). One rule for every
 * caller.
 */
#include <math.h>

#include "fric_fit.h"

int fric_fit_chain_start(int model, const double loss[6], const double *best, double *start)
{
    int pick = 0;
    const char *why = NULL;
    for (int j = 1; j < model && j <= 6; j++)
        if (isfinite(loss[j - 1]) && fric_fit_contains(model, j) &&
            (pick == 0 || loss[j - 1] < loss[pick - 1]))
            pick = j;
    if (pick && fric_fit_embed(pick, best + (size_t)(pick - 1) * FRIC_FIT_N, model, start, &why))
        return 0;
    return pick;
}
