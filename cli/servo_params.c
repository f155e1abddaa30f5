/*
 * servo_params.c: a BAM params file as a fric_bench_def (servo_params.h).
 * A key naming another parameter of the bench scenario (mass, kp, friction,
 * …: the explorer's JSON export adds them) is accepted and not used here:
 * a replay takes mass, length, kp, vin and dt from each log's header and
 * the treatment from --friction.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "json.h"
#include "servo_params.h"
#include "friction_scenario.h"


/* Each numeric key and the field it sets. */
typedef struct {
    const char *key;
    size_t offset;       /* in fric_bench_def */
} key_field;

#define SERVO(f) offsetof(fric_bench_def, servo) + offsetof(fric_servo_actuator, f)
#define FRIC(f) offsetof(fric_bench_def, friction) + offsetof(fric_servo_friction, f)

static const key_field fields[] = {
    { "kt", SERVO(kt) },
    { "R", SERVO(R) },
    { "armature", SERVO(armature) },
    { "q_offset", SERVO(q_offset) },
#define COEF(f, key) { key, FRIC(f) },
    FRIC_SERVO_COEFS(COEF)
#undef COEF
};
enum { N_FIELDS = (int)(sizeof fields / sizeof fields[0]) };

static void actuator_list(char *buf, size_t size)
{
    buf[0] = '\0';
    for (int i = 0; i < fric_bench_actuator_count(); i++) {
        if (i) strncat(buf, ", ", size - strlen(buf) - 1);
        strncat(buf, fric_bench_actuator_name(i), size - strlen(buf) - 1);
    }
}

static int fill(const char *path, const json_doc *doc, const json_value *root, fric_bench_def *d)
{
    char list[256];
    const fric_scenario *bench = fric_scenario_find("bench");
    for (const json_value *m = json_child(doc, root, NULL); m; m = json_child(doc, root, m)) {
        const char *key = json_key(doc, m);
        int f = 0;
        while (f < N_FIELDS && strcmp(fields[f].key, key) != 0) f++;
        if (f == N_FIELDS && strcmp(key, "actuator") != 0 && strcmp(key, "model") != 0
            && (!bench || fric_scenario_param_index(bench, key) < 0))
            return cli_fail(CLI_USAGE, "%s:%u:%u: unknown key \"%s\"; a params file has actuator, "
                            "model, kt, R, armature, q_offset and the friction coefficients "
                            "(friction_base, ..., friction_viscous).", path, m->line, m->col, key);
    }
    const json_value *act = json_get(doc, root, "actuator");
    const json_value *mod = json_get(doc, root, "model");
    actuator_list(list, sizeof list);
    if (!act || act->type != JSON_STRING)
        return cli_fail(CLI_USAGE, "%s: %s \"actuator\"; give one of: %s.", path,
                        act ? "expected a string for" : "no", list);
    const char *name = json_str(doc, act);
    if (!fric_bench_actuator_find(name))
        return cli_fail(CLI_USAGE, "%s:%u:%u: \"actuator\": \"%s\" is not a known actuator; "
                        "known: %s.", path, act->line, act->col, name, list);
    const char *ms = mod && mod->type == JSON_STRING ? json_str(doc, mod) : NULL;
    if (!ms || strlen(ms) != 2 || ms[0] != 'm' || ms[1] < '1' || ms[1] > '6')
        return cli_fail(CLI_USAGE, "%s%s: \"model\" must be one of \"m1\" .. \"m6\"%s%s%s.", path,
                        mod ? "" : " has no \"model\"", ms ? ", not \"" : "", ms ? ms : "",
                        ms ? "\"" : "");
    int model = ms[1] - '0';
    const fric_bench_preset *pre = fric_bench_preset_find(name, model);
    if (pre) {
        fric_bench_def_from_preset(pre, d);
    } else {
        for (int i = 0; i < fric_bench_preset_count(); i++)
            if (strcmp(fric_bench_preset_at(i)->actuator, name) == 0) {
                pre = fric_bench_preset_at(i);
                break;
            }
        fric_bench_def_from_preset(pre, d);
        memset(&d->friction, 0, sizeof d->friction);
        d->friction.model = model;
    }
    for (const json_value *m = json_child(doc, root, NULL); m; m = json_child(doc, root, m)) {
        const char *key = json_key(doc, m);
        if (strcmp(key, "actuator") == 0 || strcmp(key, "model") == 0) continue;
        int f = 0;
        while (f < N_FIELDS && strcmp(fields[f].key, key) != 0) f++;
        if (f == N_FIELDS) continue; /* another bench setting, see above */
        if (m->type != JSON_NUMBER)
            return cli_fail(CLI_USAGE, "%s:%u:%u: \"%s\" must be a number, found %s.", path,
                            m->line, m->col, key, json_type_name(m->type));
        double *field = (double *)(void *)((char *)d + fields[f].offset);
        *field = m->num;
    }
    const char *why = NULL;
    if (fric_bench_check(d, &why))
        return cli_fail(CLI_USAGE, "%s: %s", path, why ? why : "the parameters are not usable.");
    return CLI_OK;
}

int cli_servo_params_file(const char *path, fric_bench_def *d)
{
    json_doc doc;
    json_init(&doc);
    doc.max_depth = 4;
    if (json_parse_file(&doc, path)) {
        int rc = cli_fail(CLI_USAGE, "params file: %s", doc.err);
        json_free(&doc);
        return rc;
    }
    const json_value *root = json_root(&doc);
    int rc;
    if (root->type != JSON_OBJECT)
        rc = cli_fail(CLI_USAGE, "%s: expected one JSON object {\"actuator\": ..., \"model\": ..., "
                      "...}, found %s.", path, json_type_name(root->type));
    else
        rc = fill(path, &doc, root, d);
    json_free(&doc);
    return rc;
}
