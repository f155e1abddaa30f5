/*
 * log.c: reading pendulum logs (log.h) with the strict JSON reader.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json.h"
#include "log.h"

void cli_log_free(cli_log *log)
{
    free(log->timestamp);
    free(log->position);
    free(log->goal_position);
    free(log->speed);
    free(log->input_volts);
    free(log->torque_enable);
    memset(log, 0, sizeof *log);
}

static int header_number(const char *path, const json_doc *d, const json_value *root,
                         const char *key, const char *unit, int positive, int required,
                         double *out)
{
    const json_value *v = json_get(d, root, key);
    if (!v) {
        if (!required) return CLI_OK;
        return cli_fail(CLI_USAGE, "log %s: the header has no \"%s\" (%s); a log needs mass, "
                        "length, kp, motor, trajectory and entries.", path, key, unit);
    }
    if (v->type != JSON_NUMBER)
        return cli_fail(CLI_USAGE, "log %s:%u:%u: \"%s\" must be a number (%s), found %s.", path,
                        v->line, v->col, key, unit, json_type_name(v->type));
    if (positive ? !(v->num > 0) : !(v->num >= 0))
        return cli_fail(CLI_USAGE, "log %s:%u:%u: \"%s\" = %g must be %s (%s).", path, v->line,
                        v->col, key, v->num, positive ? "> 0" : ">= 0", unit);
    *out = v->num;
    return CLI_OK;
}

static int header_string(const char *path, const json_doc *d, const json_value *root,
                         const char *key, char *out, size_t size)
{
    const json_value *v = json_get(d, root, key);
    if (!v)
        return cli_fail(CLI_USAGE, "log %s: the header has no \"%s\"; a log needs mass, length, "
                        "kp, motor, trajectory and entries.", path, key);
    if (v->type != JSON_STRING)
        return cli_fail(CLI_USAGE, "log %s:%u:%u: \"%s\" must be a string, found %s.", path,
                        v->line, v->col, key, json_type_name(v->type));
    if (v->n >= size)
        return cli_fail(CLI_USAGE, "log %s:%u:%u: \"%s\" is longer than %zu characters.", path,
                        v->line, v->col, key, size - 1);
    memcpy(out, json_str(d, v), v->n + 1);
    return CLI_OK;
}

static const char *const header_keys[] = {
    "mass", "length", "kp", "vin", "motor", "trajectory", "dt", "arm_mass", "entries"
};

enum { E_POSITION, E_SPEED, E_LOAD, E_VOLTS, E_TEMP, E_TIMESTAMP, E_GOAL, E_ENABLE, E_COUNT };
static const char *const entry_keys[E_COUNT] = {
    "position", "speed", "load", "input_volts", "temp", "timestamp", "goal_position",
    "torque_enable"
};

static int read_entries(const char *path, const json_doc *d, const json_value *arr, cli_log *log)
{
    if (arr->type != JSON_ARRAY)
        return cli_fail(CLI_USAGE, "log %s:%u:%u: \"entries\" must be an array of objects, "
                        "found %s.", path, arr->line, arr->col, json_type_name(arr->type));
    if (arr->n < 2)
        return cli_fail(CLI_USAGE, "log %s:%u:%u: \"entries\" has %zu entries; a replay needs "
                        "at least 2.", path, arr->line, arr->col, arr->n);
    size_t n = arr->n;
    log->timestamp = malloc(n * sizeof(double));
    log->position = malloc(n * sizeof(double));
    log->goal_position = malloc(n * sizeof(double));
    log->speed = malloc(n * sizeof(double));
    log->input_volts = malloc(n * sizeof(double));
    log->torque_enable = malloc(n * sizeof(int));
    if (!log->timestamp || !log->position || !log->goal_position || !log->speed ||
        !log->input_volts || !log->torque_enable)
        return cli_fail(CLI_RUNTIME, "log %s: out of memory for %zu entries.", path, n);
    size_t k = 0;
    for (const json_value *e = json_child(d, arr, NULL); e; e = json_child(d, arr, e), k++) {
        if (e->type != JSON_OBJECT)
            return cli_fail(CLI_USAGE, "log %s:%u:%u: entry %zu must be an object, found %s.",
                            path, e->line, e->col, k, json_type_name(e->type));
        const json_value *f[E_COUNT] = { 0 };
        for (const json_value *m = json_child(d, e, NULL); m; m = json_child(d, e, m)) {
            const char *key = json_key(d, m);
            int j = 0;
            while (j < E_COUNT && strcmp(key, entry_keys[j]) != 0) j++;
            if (j == E_COUNT)
                return cli_fail(CLI_USAGE, "log %s:%u:%u: entry %zu has the unknown key \"%s\"; "
                                "entries have position, speed, load, input_volts, temp, "
                                "timestamp, goal_position, torque_enable.", path, m->line,
                                m->col, k, key);
            if (j == E_ENABLE ? (m->type != JSON_TRUE && m->type != JSON_FALSE)
                              : m->type != JSON_NUMBER)
                return cli_fail(CLI_USAGE, "log %s:%u:%u: entry %zu: \"%s\" must be %s, found %s.",
                                path, m->line, m->col, k, key,
                                j == E_ENABLE ? "true or false" : "a number",
                                json_type_name(m->type));
            f[j] = m;
        }
        static const int required[] = { E_POSITION, E_TIMESTAMP, E_GOAL, E_ENABLE };
        for (size_t r = 0; r < sizeof required / sizeof required[0]; r++)
            if (!f[required[r]])
                return cli_fail(CLI_USAGE, "log %s:%u:%u: entry %zu has no \"%s\"; every entry "
                                "needs position, timestamp, goal_position and torque_enable.",
                                path, e->line, e->col, k, entry_keys[required[r]]);
        log->position[k] = f[E_POSITION]->num;
        log->timestamp[k] = f[E_TIMESTAMP]->num;
        log->goal_position[k] = f[E_GOAL]->num;
        log->torque_enable[k] = f[E_ENABLE]->type == JSON_TRUE;
        if (k == 0) log->has_speed = f[E_SPEED] != NULL;
        if ((f[E_SPEED] != NULL) != log->has_speed)
            return cli_fail(CLI_USAGE, "log %s:%u:%u: entry %zu %s \"speed\" but entry 0 %s; "
                            "give it in every entry or in none.", path, e->line, e->col, k,
                            f[E_SPEED] ? "has" : "has no", log->has_speed ? "has" : "has not");
        log->speed[k] = f[E_SPEED] ? f[E_SPEED]->num : 0;
        log->input_volts[k] = f[E_VOLTS] ? f[E_VOLTS]->num : NAN;
        if (k > 0 && !(log->timestamp[k] > log->timestamp[k - 1]))
            return cli_fail(CLI_USAGE, "log %s:%u:%u: entry %zu: timestamp %.17g s is not after "
                            "the previous one (%.17g s); timestamps must increase.", path,
                            f[E_TIMESTAMP]->line, f[E_TIMESTAMP]->col, k, log->timestamp[k],
                            log->timestamp[k - 1]);
    }
    log->n = n;
    return CLI_OK;
}

int cli_log_read(const char *path, cli_log *log)
{
    memset(log, 0, sizeof *log);
    json_doc d;
    json_init(&d);
    d.max_depth = 4;
    if (json_parse_file(&d, path)) {
        int rc = cli_fail(CLI_USAGE, "log: %s", d.err);
        json_free(&d);
        return rc;
    }
    const json_value *root = json_root(&d);
    int rc = CLI_OK;
    if (root->type != JSON_OBJECT)
        rc = cli_fail(CLI_USAGE, "log %s: expected a JSON object with mass, length, kp, motor, "
                      "trajectory and entries, found %s.", path, json_type_name(root->type));
    for (const json_value *m = json_child(&d, root, NULL); m && !rc; m = json_child(&d, root, m)) {
        const char *key = json_key(&d, m);
        size_t j = 0;
        while (j < sizeof header_keys / sizeof header_keys[0] && strcmp(key, header_keys[j]) != 0)
            j++;
        if (j == sizeof header_keys / sizeof header_keys[0])
            rc = cli_fail(CLI_USAGE, "log %s:%u:%u: unknown header key \"%s\"; a log has mass, "
                          "length, kp, motor, trajectory, entries, and optionally vin, dt, "
                          "arm_mass.", path,
                          m->line, m->col, key);
    }
    if (!rc) rc = header_number(path, &d, root, "mass", "kg", 1, 1, &log->mass);
    if (!rc) rc = header_number(path, &d, root, "length", "m", 1, 1, &log->length);
    if (!rc) rc = header_number(path, &d, root, "kp", "controller gain", 0, 1, &log->kp);
    if (!rc) rc = header_number(path, &d, root, "vin", "V", 1, 0, &log->vin);
    if (!rc) rc = header_number(path, &d, root, "arm_mass", "kg", 0, 0, &log->arm_mass);
    if (!rc) rc = header_number(path, &d, root, "dt", "s", 1, 0, &log->dt);
    if (!rc) rc = header_string(path, &d, root, "motor", log->motor, sizeof log->motor);
    if (!rc) rc = header_string(path, &d, root, "trajectory", log->trajectory,
                                sizeof log->trajectory);
    if (!rc) {
        const json_value *arr = json_get(&d, root, "entries");
        if (!arr)
            rc = cli_fail(CLI_USAGE, "log %s: the header has no \"entries\" array.", path);
        else
            rc = read_entries(path, &d, arr, log);
    }
    json_free(&d);
    if (rc) cli_log_free(log);
    return rc;
}
