/*
 * test_scenario_params.c: the presentation of every parameter of every
 * registered scenario (what the explorer's controls and `friction list` show),
 * and the hard ranges that refuse nonsense.
 *
 *  - every parameter: a short label (no path, no formula, no unit), a help
 *    line without source paths, default inside [min, max]; a number has a
 *    practical range min <= lo < hi <= max (lo > 0 when log); a choice has
 *    one help line per choice; a preset parameter's −1 is only its sentinel;
 *  - every identified preset value lies inside the bench's hard range (the
 *    ranges must not refuse what the paper identified, e.g. xl330 m4's
 *    α = 0.76 < 1);
 *  - the tightened ranges refuse nonsense and name the
 *    range; α < 1 is refused wherever the friction laws reject it
 *    (fric_law_check, independently).
 */
#include "test_main.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_bench.h"
#include "friction.h"
#include "fric_scenario.h"

/* 1 when s holds something like "dir/file.py": a '/' followed by a name with
 * a source or data extension. */
static int has_source_path(const char *s)
{
    static const char *const ext[] = { ".py", ".c", ".h", ".js", ".json", ".csv", ".md" };
    for (const char *p = strchr(s, '/'); p; p = strchr(p + 1, '/')) {
        const char *q = p + 1;
        while (*q && (isalnum((unsigned char)*q) || *q == '_' || *q == '-')) q++;
        for (size_t e = 0; e < sizeof ext / sizeof ext[0]; e++)
            if (strncmp(q, ext[e], strlen(ext[e])) == 0) return 1;
    }
    return 0;
}

/* The number of scenarios listed in the registry's source
 * (core/system/scenario_registry.c, read as text from the repository root:
 * the `&fric_scenario_` entries of its registry[] array), counted without
 * the code under test; fails when the file cannot be read. */
static int registry_source_count(void)
{
    const char *path = "core/system/scenario_registry.c";
    FILE *fp = fopen(path, "rb");
    if (!fp) fail_msg("%s not found: run from the repository root", path);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, fp);
    fclose(fp);
    text[n] = '\0';
    const char *a = strstr(text, "registry[] = {");
    if (!a) fail_msg("%s: no registry[] array", path);
    const char *b = strstr(a, "};");
    if (!b) fail_msg("%s: registry[] not closed", path);
    int count = 0;
    for (const char *q = strstr(a, "&fric_scenario_"); q && q < b; q = strstr(q + 1, "&fric_scenario_"))
        count++;
    return count;
}

static void test_every_param_is_presented(void **unused)
{
    (void)unused;
    /* exactly the registry's list (13 scenarios when this test was written) */
    assert_int_equal(fric_scenario_count(), registry_source_count());
    assert_true(fric_scenario_count() >= 13);
    for (int s = 0; s < fric_scenario_count(); s++) {
        const fric_scenario *sc = fric_scenario_at(s);
        for (int i = 0; i < sc->n_params; i++) {
            const fric_param_info *pi = &sc->params[i];
            const char *who = pi->name;
            if (!pi->label || !pi->label[0]) fail_msg("%s.%s: no label", sc->name, who);
            /* short, not a path, not a (cut) formula, no unit */
            if (strlen(pi->label) > 40 || strpbrk(pi->label, "/=*:;["))
                fail_msg("%s.%s: label '%s' is long or holds a path, formula or unit",
                         sc->name, who, pi->label);
            if (has_source_path(pi->help))
                fail_msg("%s.%s: help names a source path: %s", sc->name, who, pi->help);
            if (!(pi->min <= pi->def && pi->def <= pi->max))
                fail_msg("%s.%s: default %g outside [%g, %g]", sc->name, who, pi->def, pi->min,
                         pi->max);
            if (pi->choices) {
                assert_true(pi->min == 0 && pi->max == pi->n_choices - 1);
                if (!pi->choice_help) fail_msg("%s.%s: no choice_help", sc->name, who);
                /* n_choices lines (read past a shorter array: ASan reports it) */
                for (int c = 0; c < pi->n_choices; c++) {
                    const char *h = pi->choice_help[c];
                    if (!h || strlen(h) < 10 || has_source_path(h))
                        fail_msg("%s.%s=%s: help '%s' missing, too short or a path", sc->name,
                                 who, pi->choices[c], h ? h : "(null)");
                }
                assert_false(pi->preset);
                continue;
            }
            assert_null(pi->choice_help);
            if (!(pi->min <= pi->lo && pi->lo < pi->hi && pi->hi <= pi->max))
                fail_msg("%s.%s: need min <= lo < hi <= max, have %g <= %g < %g <= %g",
                         sc->name, who, pi->min, pi->lo, pi->hi, pi->max);
            if (pi->log && !(pi->lo > 0))
                fail_msg("%s.%s: log slider needs lo > 0, lo = %g", sc->name, who, pi->lo);
            if (pi->preset) {
                /* −1 is the sentinel only: the slider and typed values are >= 0 */
                assert_true(pi->min == -1 && pi->def == -1 && pi->lo >= 0);
            } else if (!(pi->lo <= pi->def && pi->def <= pi->hi)) {
                fail_msg("%s.%s: default %g outside its slider range %g..%g", sc->name, who,
                         pi->def, pi->lo, pi->hi);
            }
        }
    }
}

static const fric_param_info *param(const fric_scenario *sc, const char *name)
{
    int i = fric_scenario_param_index(sc, name);
    if (i < 0) fail_msg("%s has no %s", sc->name, name);
    return &sc->params[i];
}

/* Every value of every identified preset fits [0, max] of its parameter. */
static void test_presets_fit_the_hard_ranges(void **unused)
{
    (void)unused;
    const fric_scenario *sc = fric_scenario_find("bench");
    assert_non_null(sc);
    int checked = 0;
    for (int k = 0; k < fric_bench_preset_count(); k++) {
        const fric_bench_preset *pre = fric_bench_preset_at(k);
        double p[FRIC_SCENARIO_MAX_PARAMS], r[FRIC_SCENARIO_MAX_PARAMS];
        char model[8];
        const char *why = NULL;
        snprintf(model, sizeof model, "m%d", pre->model);
        fric_scenario_defaults(sc, p);
        if (fric_scenario_set(sc, p, "actuator", pre->actuator, &why) ||
            fric_scenario_set(sc, p, "model", model, &why))
            fail_msg("%s %s: %s", pre->actuator, model, why);
        if (fric_bench_def_from_params(p, r, NULL, &why))
            fail_msg("%s %s: %s", pre->actuator, model, why);
        for (int i = 0; i < sc->n_params; i++) {
            const fric_param_info *pi = &sc->params[i];
            if (!pi->preset) continue;
            if (!(r[i] >= 0 && r[i] <= pi->max))
                fail_msg("%s %s: %s = %g outside [0, %g]", pre->actuator, model, pi->name,
                         r[i], pi->max);
            checked++;
        }
    }
    assert_true(checked > 100);
    /* the xl330 m4 file's alpha 0.76: the bench keeps 0 < α < 1 */
    const fric_bench_preset *m4 = fric_bench_preset_find("xl330", 4);
    assert_non_null(m4);
    assert_true(m4->friction.alpha > 0.7 && m4->friction.alpha < 1);
    assert_true(param(sc, "alpha")->max >= 1);
    double p[FRIC_SCENARIO_MAX_PARAMS];
    const char *why = NULL;
    fric_scenario_defaults(sc, p);
    assert_int_equal(fric_scenario_set(sc, p, "alpha", "0.76", &why), 0);
}

/* text refused by fric_scenario_set with a message naming the range. */
static void refused(const char *scn, const char *name, const char *text, const char *range)
{
    const fric_scenario *sc = fric_scenario_find(scn);
    assert_non_null(sc);
    double p[FRIC_SCENARIO_MAX_PARAMS];
    const char *why = NULL;
    fric_scenario_defaults(sc, p);
    if (fric_scenario_set(sc, p, name, text, &why) == 0)
        fail_msg("%s %s=%s accepted", scn, name, text);
    if (!strstr(why, name) || !strstr(why, range))
        fail_msg("%s %s=%s: message does not name %s and %s: %s", scn, name, text, name, range,
                 why);
}

static void accepted(const char *scn, const char *name, const char *text)
{
    const fric_scenario *sc = fric_scenario_find(scn);
    double p[FRIC_SCENARIO_MAX_PARAMS];
    const char *why = NULL;
    fric_scenario_defaults(sc, p);
    if (fric_scenario_set(sc, p, name, text, &why)) fail_msg("%s %s=%s: %s", scn, name, text, why);
}

/* Nonsense the ranges refuse: kp to 1e6, goal ±100 rad, mass
 * 1e-6..1000 kg, dt 1e-7..0.1 s, coefficients to 1e4, K to 1e12, duration
 * to 1e7 s. The new bounds come from the brief (dt 1e-6..0.01 s, goal ±2π,
 * K ≤ 1e9, duration ≤ 1e5 s). */
static void test_tightened_ranges(void **unused)
{
    (void)unused;
    refused("bench", "goal", "100", "[-6.28319, 6.28319]");
    accepted("bench", "goal", "6.28");
    refused("bench", "q0", "-7", "[-6.28319, 6.28319]");
    refused("bench", "dt", "1e-7", "[1e-06, 0.01]");
    refused("bench", "dt", "0.1", "[1e-06, 0.01]");
    accepted("bench", "dt", "0.005");     /* the reference's identification step */
    refused("bench", "mass", "1000", "kg");
    refused("bench", "kp", "1e6", "kp");
    refused("bench", "friction_base", "1e4", "N·m");
    refused("bench", "duration", "1e7", "[0, 100000]");
    refused("models-bd", "K", "1e12", "[1, 1e+09]");
    accepted("models-bd", "K", "7.5e6");  /* where the alternative B diverges */
    refused("joint-step", "K", "1e10", "1e+09");
    refused("two-contacts", "Kc", "1e10", "1e+09");
    refused("joint-step", "duration", "1e6", "100000");
    accepted("joint-step", "T", "1e-6");
}

/* α < 1 is rejected by the laws themselves (Cisneros eq. 21 with α < 1 has
 * an unbounded slope at 0+); every scenario with a law refuses it up front. */
static void test_alpha_min_follows_the_law(void **unused)
{
    (void)unused;
    fric_law law = { .kind = FRIC_STRIBECK, .Fs = 10, .Fc = 8, .vs = 0.01, .D = 0, .alpha = 0.9 };
    const char *why = NULL;
    assert_int_not_equal(fric_law_check(&law, 1e-3, &why), 0);
    law.alpha = 1;
    assert_int_equal(fric_law_check(&law, 1e-3, &why), 0);
    int n = 0;
    for (int s = 0; s < fric_scenario_count(); s++) {
        const fric_scenario *sc = fric_scenario_at(s);
        if (fric_scenario_param_index(sc, "law") < 0) continue;
        assert_true(param(sc, "alpha")->min == 1);
        refused(sc->name, "alpha", "0.9", "[1, 10]");
        n++;
    }
    assert_int_equal(n, 4);
}

/* The `friction` choice of every scenario is a subset of the one treatment
 * table (friction.h): each choice name is a fric_treatment whose name is
 * that choice's; the subsets and their order are the ones the scenarios
 * offered before the table existed (the CLI and the browser address a
 * choice by name and by index). */
static void test_friction_choices_are_treatments(void **state)
{
    (void)state;
    static const struct { const char *scn; const char *list; } before[] = {
        { "model-a", "implicit approx explicit karnopp" },
        { "two-contacts", "implicit approx explicit" },
        { "models-bd", "implicit approx" },
        { "joint-step", "implicit approx implicit-d explicit karnopp" },
        { "bench", "implicit clip explicit karnopp" },
        { "screw", "implicit clip explicit karnopp" },
        { "xy-table", "implicit clip explicit karnopp" },
    };
    int seen = 0;
    for (int i = 0; i < fric_scenario_count(); i++) {
        const fric_scenario *sc = fric_scenario_at(i);
        int j = fric_scenario_param_index(sc, "friction");
        if (j < 0) continue;
        const fric_param_info *pi = &sc->params[j];
        assert_non_null(pi->choices);
        char list[256] = "";
        for (int c = 0; c < pi->n_choices; c++) {
            int t = fric_treatment_find(pi->choices[c]);
            if (t < 0) fail_msg("%s: friction choice '%s' is no fric_treatment", sc->name,
                                pi->choices[c]);
            assert_string_equal(fric_treatment_name((fric_treatment)t), pi->choices[c]);
            /* the help is the treatment's one line, a scenario's clause at most appended */
            const char *one = fric_treatment_help[t];
            if (strncmp(pi->choice_help[c], one, strlen(one)) != 0)
                fail_msg("%s: the help of friction=%s does not start with its treatment's "
                         "line '%s'", sc->name, pi->choices[c], one);
            if (c) strcat(list, " ");
            strcat(list, pi->choices[c]);
        }
        int found = 0;
        for (size_t k = 0; k < sizeof before / sizeof before[0]; k++)
            if (strcmp(before[k].scn, sc->name) == 0) {
                assert_string_equal(list, before[k].list);
                found = 1;
            }
        if (!found) fail_msg("%s has a friction choice this test does not know", sc->name);
        seen++;
    }
    assert_int_equal(seen, (int)(sizeof before / sizeof before[0]));
    /* the bench's array and its names agree, and name the same treatments */
    for (int c = 0; c < FRIC_BENCH_N_TREATMENTS; c++)
        assert_string_equal(fric_bench_treatment_names[c],
                            fric_treatment_name(fric_bench_treatments[c]));
}

FRIC_TEST_MAIN(cmocka_unit_test(test_every_param_is_presented),
               cmocka_unit_test(test_presets_fit_the_hard_ranges),
               cmocka_unit_test(test_tightened_ranges),
               cmocka_unit_test(test_alpha_min_follows_the_law),
               cmocka_unit_test(test_friction_choices_are_treatments))
