/*
 * params.c: scenario parameters from a flat JSON object (params=FILE), as
 * the actuator files of the BAM repository (shared/data/bam/params/ * /m*.json):
 * each key is the scenario parameter of the same name; a number sets a
 * numeric parameter, a string names the choice of a choice parameter
 * ("model": "m4", "actuator": "xl330"). Any other key is an error naming the
 * key and the file.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "json.h"

int cli_params_file(const fric_scenario *sc, double *p, const char *path)
{
    json_doc d;
    json_init(&d);
    d.max_depth = 4;
    if (json_parse_file(&d, path)) {
        int rc = cli_fail(CLI_USAGE, "params file: %s", d.err);
        json_free(&d);
        return rc;
    }
    const json_value *root = json_root(&d);
    int rc = CLI_OK;
    if (root->type != JSON_OBJECT) {
        rc = cli_fail(CLI_USAGE, "params=%s: expected one JSON object {\"name\": value, ...}, "
                      "found %s at %u:%u.", path, json_type_name(root->type), root->line, root->col);
    }
    for (const json_value *m = json_child(&d, root, NULL); m && !rc; m = json_child(&d, root, m)) {
        const char *key = json_key(&d, m);
        int i = fric_scenario_param_index(sc, key);
        if (i < 0) {
            rc = cli_fail(CLI_USAGE, "params=%s: key \"%s\" (line %u) is not a parameter of %s; "
                          "remove it or see 'friction list %s' for the parameters.",
                          path, key, m->line, sc->name, sc->name);
            break;
        }
        const fric_param_info *pi = &sc->params[i];
        const char *why = NULL;
        char text[40];
        if (pi->choices) {
            if (m->type != JSON_STRING) {
                rc = cli_fail(CLI_USAGE, "params=%s: key \"%s\" (line %u) must be a string naming "
                              "one of the choices of %s, found %s.", path, key, m->line,
                              pi->name, json_type_name(m->type));
                break;
            }
            if (fric_scenario_set(sc, p, key, json_str(&d, m), &why))
                rc = cli_fail(CLI_USAGE, "params=%s: key \"%s\" (line %u): %s", path, key,
                              m->line, why);
        } else {
            if (m->type != JSON_NUMBER) {
                rc = cli_fail(CLI_USAGE, "params=%s: key \"%s\" (line %u) must be a number "
                              "(%s), found %s.", path, key, m->line,
                              pi->unit && *pi->unit ? pi->unit : "no unit",
                              json_type_name(m->type));
                break;
            }
            /* %.17g reads back as the same double. */
            snprintf(text, sizeof text, "%.17g", m->num);
            if (fric_scenario_set(sc, p, key, text, &why))
                rc = cli_fail(CLI_USAGE, "params=%s: key \"%s\" (line %u): %s", path, key,
                              m->line, why);
        }
    }
    json_free(&d);
    return rc;
}
