/*
 * registry_dump.c: prints the registered scenarios read from the core's
 * registry directly (not through the command-line tool), so that
 * tests/cli/run.sh can check `friction list` and `friction run` against it.
 * One record per line, fields separated by one space:
 *   scenario NAME
 *   param SCENARIO NAME number|integer|choice MIN MAX [CHOICE ...]
 *   col SCENARIO NAME
 */
#include <stdio.h>

#include "fric_scenario.h"

int main(void)
{
    for (int i = 0; i < fric_scenario_count(); i++) {
        const fric_scenario *sc = fric_scenario_at(i);
        printf("scenario %s\n", sc->name);
        for (int k = 0; k < sc->n_params; k++) {
            const fric_param_info *p = &sc->params[k];
            printf("param %s %s %s %.17g %.17g", sc->name, p->name,
                   p->choices ? "choice" : p->integer ? "integer" : "number", p->min, p->max);
            for (int c = 0; p->choices && c < p->n_choices; c++) printf(" %s", p->choices[c]);
            printf("\n");
        }
        for (int k = 0; k < sc->n_cols; k++) printf("col %s %s\n", sc->name, sc->cols[k].name);
    }
    return 0;
}
