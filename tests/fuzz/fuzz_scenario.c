/*
 * fuzz_scenario.c: libFuzzer target (b), the elements and scenarios through
 * the scenario interface (fric_scenario.h), as the CLI and the wasm
 * binding drive them.
 *
 * A random scenario; each parameter keeps its default or is set, as text
 * ("%.17g" of a wild or in-range double, or a choice name), through
 * fric_scenario_set, the range check every driver uses; then init, up to 64
 * steps, a retune with more random values half-way (when the scenario has
 * one), and up to 64 more steps.
 * Invariants (a violation aborts, libFuzzer keeps the input):
 *   - fric_scenario_set and init either accept or refuse with a message;
 *   - a step returns ROW, DONE or ERROR; ERROR comes with a message; every
 *     column of every ROW is finite (fric_scenario.h: a non-finite
 *     state ends the run with FRIC_SCENARIO_ERROR);
 *   - ASan/UBSan: no out-of-bounds access, no undefined behaviour.
 * Bounded: a parameter named "every" (steps per row) is kept ≤ 64 so that one
 * input stays below ~10^4 element steps; long runs are the CLI's concern.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fric_scenario.h"
#include "fuzz_input.h"

#define MAX_ROWS 64
#define MAX_EVERY 64

static void set_params(fuzz_in *in, const fric_scenario *sc, double *p)
{
    int n = fuzz_u8(in) % 8;                      /* how many parameters to set */
    for (int j = 0; j < n; j++) {
        const fric_param_info *pi = &sc->params[fuzz_u8(in) % sc->n_params];
        char text[64];
        uint8_t how = fuzz_u8(in);
        if (pi->n_choices > 0 && how < 128)
            snprintf(text, sizeof text, "%s", pi->choices[fuzz_u8(in) % pi->n_choices]);
        else if (how < 200)                      /* inside the accepted range */
            snprintf(text, sizeof text, "%.17g",
                     pi->min + (pi->max - pi->min) * (fuzz_u8(in) / 255.0));
        else
            snprintf(text, sizeof text, "%.17g", fuzz_double(in));
        if (strcmp(pi->name, "every") == 0 && atof(text) > MAX_EVERY) continue;
        const char *why = NULL;
        double keep[FRIC_SCENARIO_MAX_PARAMS];
        memcpy(keep, p, sizeof keep);
        if (fric_scenario_set(sc, p, pi->name, text, &why) != 0) {
            if (!why || !why[0]) FUZZ_FAIL("%s: %s=%s refused without a message", sc->name,
                                           pi->name, text);
            memcpy(p, keep, sizeof keep);
        }
    }
}

/* Up to MAX_ROWS steps; *ended = 1 when the run ended (DONE, ERROR or a
 * failed check). */
static void run_rows(const fric_scenario *sc, void *st, fuzz_in *in, int *ended)
{
    double row[FRIC_SCENARIO_MAX_COLS];
    int n = 1 + fuzz_u8(in) % MAX_ROWS;
    *ended = 1;
    for (int r = 0; r < n; r++) {
        const char *why = NULL;
        int rc = fric_scenario_step(sc, st, row, &why);   /* the driver's step: checks every column */
        if (rc == FRIC_SCENARIO_DONE) return;
        if (rc == FRIC_SCENARIO_ERROR) {
            if (!why || !why[0]) FUZZ_FAIL("%s: step error without a message", sc->name);
            return;
        }
        if (rc != FRIC_SCENARIO_ROW) FUZZ_FAIL("%s: step returned %d", sc->name, rc);
        for (int c = 0; c < sc->n_cols; c++)
            if (!isfinite(row[c]))
                FUZZ_FAIL("%s: row %d: column %s = %g, not finite, and the step did not "
                          "return FRIC_SCENARIO_ERROR", sc->name, r, sc->cols[c].name, row[c]);
    }
    *ended = 0;
}

/* init refused (message checked) or one run, a retune, another run. */
static void init_and_run(const fric_scenario *sc, void *st, double *p, fuzz_in *in)
{
    const char *why = NULL;
    if (fric_scenario_init(sc, st, p, &why) != 0) {
        if (!why || !why[0]) FUZZ_FAIL("%s: init refused without a message", sc->name);
        return;
    }
    int ended;
    run_rows(sc, st, in, &ended);
    if (ended || !fric_scenario_can_retune(sc)) return;
    set_params(in, sc, p);
    why = NULL;
    if (fric_scenario_retune(sc, st, p, &why) != 0) {
        if (!why || !why[0]) FUZZ_FAIL("%s: retune refused without a message", sc->name);
        return;
    }
    run_rows(sc, st, in, &ended);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = { data, size, 0 };
    int ns = fric_scenario_count();
    if (ns <= 0) return 0;
    const fric_scenario *sc = fric_scenario_at(fuzz_u8(&in) % ns);
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    set_params(&in, sc, p);
    void *st = malloc(sc->state_bytes ? sc->state_bytes : 1);
    if (!st) return 0;
    init_and_run(sc, st, p, &in);
    free(st);
    return 0;
}
