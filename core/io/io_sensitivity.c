/*
 * io_sensitivity.c: the sensitivity file of Rhoban/bam (bam/sensitivity.py,
 * Apache-2.0, Copyright 2025 Marc Duclusaud & Grégoire Passault; example in
 * ../shared/data/bam/params/xl330/m4_sensitivity.example.json), written so
 * that a range computed here drops into bam's randomisation unchanged: the
 * same keys in the same order, two spaces of indent as Python's
 * json.dump(indent=2), numbers that read back as the same doubles (and as
 * floats: "0.0", not "0"). The reader is the JSON front end's
 * (fric_io_sensitivity_read, io_json.c).
 */
#include <math.h>
#include <string.h>

#include "fric_io.h"
#include "base.h"

/* a JSON string: quotes, backslashes and control characters escaped */
static void put_string(fric__text *o, const char *s)
{
    fric__put(o, "\"");
    for (const unsigned char *c = (const unsigned char *)(s ? s : ""); *c; c++) {
        if (*c == '"' || *c == '\\') fric__put(o, "\\%c", *c);
        else if (*c < 0x20) fric__put(o, "\\u%04x", *c);
        else fric__put(o, "%c", *c);
    }
    fric__put(o, "\"");
}

/* A number as Python's json writes a float (bam's numbers are floats): the
 * shortest round-trip digits (fric_io_format_double), ".0" after an integer
 * (0.0, 4.0), so that a reader that types numbers reads a float back. */
static void put_number(fric__text *o, const char *key, double x, const char *end)
{
    char b[FRIC_IO_DOUBLE_LEN];
    fric_io_format_double(b, x);
    fric__put(o, "\"%s\": %s%s%s", key, b, strpbrk(b, ".eEn") ? "" : ".0", end);
}

fric_status fric_io_sensitivity_write(const fric_io_sensitivity *f, char *buf, size_t cap,
                                      size_t *len)
{
    if (len) *len = 0;
    if (!f || (!buf && cap > 0) || (f->n && !f->param)) {
        fric__fail_id(FRIC_E_NULL, -1, "sensitivity.file_parameters_buffer",
            "sensitivity file: the file, its parameters and the buffer must be given.",
            fric__no_values);
        return (fric_status)fric__rc();
    }
    const double top[3] = { f->base_mae, f->tolerance, f->threshold_mae };
    static const char *const top_key[3] = { "base_mae", "tolerance", "threshold_mae" };
    for (int k = 0; k < 3; k++)
        if (!isfinite(top[k])) {
            fric__fail_id(FRIC_E_PARAM_RANGE, -1, "sensitivity.finite_write_file",
                "sensitivity file: {top_key} = {top} must be finite; write the file of a finished "
                "sensitivity analysis.",
                fric__values(fric__s("top_key", top_key[k]), fric__g("top", top[k])));
            return (fric_status)fric__rc();
        }
    for (size_t i = 0; i < f->n; i++) {
        const fric_io_sensitivity_param *q = &f->param[i];
        if (!q->name || !isfinite(q->value) || !isfinite(q->lower) || !isfinite(q->upper)) {
            fric__fail_id(FRIC_E_PARAM_RANGE, (int)i, "sensitivity.parameter_needs_name",
                "sensitivity file: parameter {i} ({name}) needs a name and finite value, lower and "
                "upper.",
                fric__values(fric__u("i", i), fric__s("name", q->name ? q->name : "no name")));
            return (fric_status)fric__rc();
        }
    }
    fric__text o = { buf, cap, 0 };
    const char *top_keys[4] = { "model", "actuator", "params", "logdir" };
    const char *top_vals[4] = { f->model, f->actuator, f->params_path, f->logdir };
    fric__put(&o, "{\n");
    for (int k = 0; k < 4; k++) {
        fric__put(&o, "  \"%s\": ", top_keys[k]);
        put_string(&o, top_vals[k]);
        fric__put(&o, ",\n");
    }
    fric__put(&o, "  ");
    put_number(&o, "base_mae", f->base_mae, ",\n  ");
    put_number(&o, "tolerance", f->tolerance, ",\n  ");
    put_number(&o, "threshold_mae", f->threshold_mae, ",\n");
    fric__put(&o, "  \"sensitivity\": {%s", f->n ? "\n" : "}\n");
    for (size_t i = 0; i < f->n; i++) {
        const fric_io_sensitivity_param *q = &f->param[i];
        fric__put(&o, "    ");
        put_string(&o, q->name);
        fric__put(&o, ": {\n      ");
        put_number(&o, "value", q->value, ",\n      ");
        put_number(&o, "lower", q->lower, ",\n      ");
        put_number(&o, "upper", q->upper, ",\n");
        fric__put(&o, "      \"lower_clamped\": %s,\n      \"upper_clamped\": %s\n    }%s\n",
                  q->lower_clamped ? "true" : "false", q->upper_clamped ? "true" : "false",
                  i + 1 < f->n ? "," : "");
    }
    if (f->n) fric__put(&o, "  }\n");
    fric__put(&o, "}\n");
    if (len) *len = o.len;
    if (o.len >= cap) {
        fric__fail_id(FRIC_E_BUFFER, -1, "sensitivity.needs_bytes_terminating",
            "sensitivity file: it needs {len} bytes and a terminating NUL; the buffer holds {cap}.",
            fric__values(fric__u("len", o.len), fric__u("cap", cap)));
        return (fric_status)fric__rc();
    }
    return FRIC_OK;
}
